"""Config: a Perch game's setup.

Interpreted in the compiled build too (see hatch_build.py): `setup.validate` names what is
wrong with a caller's Config before any compiled code reads it.
"""

from __future__ import annotations

from typing import ClassVar

import attrs


@attrs.frozen
class Config:
    """A Perch game's setup; every random choice can be fixed here (rules: "Config")."""

    kind: ClassVar[str] = "perch_bop.config"

    players: int
    """The player count, 2 to 5."""
    expansions: frozenset[str] = frozenset()
    """Any subset of seeds_the_day, points_in_the_sky, pond_emonium (empty = the base game)."""
    promos: frozenset[str] = frozenset()
    """Any subset of golden_goose, eagle_of_justice, yeti (rules: "Promos")."""
    tiles: tuple[str, ...] | None = None
    """Fixes the layout: tile ids in board order (column, then row); None: drawn from the seed."""
    tile_mix: tuple[int, int, int] | None = None
    """Tiles drawn per category (tree, creature, special) when `tiles` is None."""
    objective_deals: tuple[tuple[str, str], ...] | None = None
    """Fixes each seat's two dealt objectives; None: dealt from the seed."""
    turn_order: tuple[int, ...] | None = None
    """Fixes round 1's turn order; None: drawn from the seed."""
    ponds: tuple[tuple[str, int], ...] | None = None
    """Pond-emonium: fixes the Ponds as (Pond tile id, intersection index); None: drawn."""
    dummy_birds_first_round: int = 4
    """Dummy birds put in the bag in round 1 (rules: "Migration")."""
    dummy_birds_per_round: int = 2
    """Dummy birds put in the bag in rounds 2 to 5 (rules: "Migration")."""
    optional_nests: bool = False
    """Lets a new stack leave a free nest empty (rules: "Perch")."""
    zap_nests: bool = False
    """Lets a zap remove a free nest instead of a bird (rules: "Perch")."""
    bag_to_plaza_at_end: bool = True
    """At the end, birds left in the bag go to their owners' plaza (rules: "End of the game")."""

    @property
    def colours(self) -> int:
        """Returns the number of flocks on the board (players plus the 2-player dummy)."""
        return 3 if self.players == 2 else self.players

    @property
    def dummy(self) -> int | None:
        """Returns the dummy's colour, or None with 3 or more players."""
        return 2 if self.players == 2 else None
