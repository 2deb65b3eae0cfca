"""The test profile, chosen by BIRDGAMES_PROFILE (ci by default): how many games the suite
plays. tests/conftest.py registers each one with hypothesis; sized tests read `PROFILE`.

- `quick`: the check command's other runs (every other supported Python, the first of them on
  the compiled build)
- `ci`: the check command's full run
- `dev`: more games, for a change to the rules
- `soak`: many thousand games, before a release
"""

import os
from typing import Final

PROFILES: Final = ("quick", "ci", "dev", "soak")
PROFILE: Final = os.environ.get("BIRDGAMES_PROFILE", "ci")
if PROFILE not in PROFILES:
    raise ValueError(f"BIRDGAMES_PROFILE={PROFILE!r} is none of {', '.join(PROFILES)}")
