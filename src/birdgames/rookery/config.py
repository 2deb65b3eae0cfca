"""Config: a Rookery game's settings.

Interpreted in the compiled build too (see hatch_build.py), where state.py's classes are
native: a Config keeps the checks its callers' values get from the pure build.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from birdgames.rookery.cards import DECK_A, DECK_B


@attrs.frozen(cache_hash=True)
class Config:
    """A Rookery game's settings (rules: "R1 Setup and the habitat draft", "R10 Catalog and
    decks").
    """

    kind: ClassVar[str] = "rookery.config"

    players: int = 2
    """The player count; Rookery is for 2."""
    first_player: int | None = 0
    """None: chosen by the seed."""
    decks: tuple[tuple[str, ...], tuple[str, ...]] = (DECK_A, DECK_B)
    """Each seat's decklist of card ids."""
    opening_hand: int = 5
    """Cards each player draws before the habitat draft, 0 to 10."""
    deck_min: int = 30
    """DECISION: 30 cards; a config may allow 20-40 (rules: "R10 Catalog and decks")."""
    deck_max: int = 30
    """The largest legal decklist (rules: "R10 Catalog and decks")."""
