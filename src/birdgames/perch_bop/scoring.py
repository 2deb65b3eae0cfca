"""Pure Location scoring (§4.1): strength, the tie-cancel places, the leader, place points."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from birdgames.perch_bop.cards import TILE, Ability
from birdgames.perch_bop.state import Location

_STONE_STATUE: Final = Ability.STONE_STATUE


def strengths(
    birds: Sequence[int], nested: Sequence[bool], housed: Sequence[bool]
) -> tuple[int, ...]:
    """Returns each colour's strength: birds + 1 for a nest + 1 for a birdhouse (§4.1)."""
    return tuple([(b + n + h) if b else 0 for b, n, h in zip(birds, nested, housed, strict=False)])


def location_strengths(loc: Location) -> tuple[int, ...]:
    """Returns each colour's strength at a Location."""
    return _frozen_strengths(loc.birds, loc.nested, loc.housed)


@lru_cache(maxsize=8192)
def _frozen_strengths(
    birds: tuple[int, ...], nested: tuple[bool, ...], housed: tuple[bool, ...]
) -> tuple[int, ...]:
    # Made once per distinct Location: scoring, creature control, objectives and views read
    # the same Locations' strengths again and again.
    return strengths(birds, nested, housed)


def places(power: Sequence[int]) -> tuple[int, ...]:
    """Returns each colour's place (§4.1): 1 + colours strictly stronger; 0 if absent or tied.

    A tied group scores nothing yet uses up the places it would have filled.
    """
    values = list(power)
    # Strongest first: a strength's first index there is how many colours are stronger.
    ranked = sorted(values, reverse=True)
    return tuple([0 if s <= 0 or values.count(s) > 1 else ranked.index(s) + 1 for s in values])


def leader(power: Sequence[int]) -> int | None:
    """Returns the colour alone in 1st place (the controller's colour), if any."""
    best = -1
    who: int | None = None
    for c, s in enumerate(power):
        if s > best:
            best, who = s, c
        elif s == best:
            who = None
    return who if best > 0 else None


def place_points(tile_id: str, place: int, power: Sequence[int]) -> int:
    """Returns what a place earns at a tile; Stone Statue's 1st is 1 + total // 2 (§4.1)."""
    if place < 1 or place > 3:
        return 0
    tile = TILE[tile_id]
    if place == 1 and tile.ability is _STONE_STATUE:
        return 1 + sum(power) // 2
    return tile.values[place - 1]
