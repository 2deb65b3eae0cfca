"""Optional bridges to AI research frameworks; import each module by name.

`birdgames.adapters.openspiel` needs the extra `birdgames[openspiel]`,
`birdgames.adapters.pettingzoo` the extra `birdgames[pettingzoo]`. This package itself
imports neither, and `import birdgames` never imports this package.
"""
