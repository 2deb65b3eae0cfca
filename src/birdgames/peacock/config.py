"""Config: a Peacock game's setup.

Interpreted in the compiled build too (see hatch_build.py), where state.py's classes are
native: a Config keeps the checks its callers' values get from the pure build.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from birdgames.peacock.cards import Season


@attrs.frozen
class Config:
    """A Peacock game: player count, optional starting season and fixed deck orders.

    A fixed deck order lists the whole deck in play (after the 2-player removal), top first.
    """

    kind: ClassVar[str] = "peacock.config"

    players: int = 2
    """The player count, 2 to 4."""
    starting_season: Season | None = None
    """The season colour the game starts in; None: drawn from the seed."""
    bird_order: tuple[str, ...] | None = None
    """The bird deck, top card first; None: shuffled from the seed."""
    island_order: tuple[str, ...] | None = None
    """The island deck, top card first; None: shuffled from the seed."""
