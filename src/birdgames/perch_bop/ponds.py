"""Pure Pond rules of Pond-emonium (P5, P9): the Pond count and its places.

A Pond is never a Location (P5): it sits on a three-tile intersection, holds birds per
colour, and counts its adjoining Locations only when it is scored or its creature's control
is settled.
"""

from __future__ import annotations

from collections.abc import Sequence

from birdgames.perch_bop.cards import POND_TILE
from birdgames.perch_bop.scoring import places, strengths
from birdgames.perch_bop.state import Location
from birdgames.perch_bop.thawed import WLoc


def pond_strengths(on_pond: Sequence[int], adjoining: Sequence[Location | WLoc]) -> tuple[int, ...]:
    """Returns each colour's Pond count: its birds on the Pond plus its strength on every
    adjoining Location still on the board; 0 for a colour with no bird on the Pond (P5).

    Nests count as in the rulebook's example; birdhouses count too (P9 DECISION). Birds on
    other Ponds are not passed in, so they never count.
    """
    live = [strengths(loc.birds, loc.nested, loc.housed) for loc in adjoining if not loc.removed]
    return pond_counts(on_pond, live)


def pond_counts(on_pond: Sequence[int], live: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Returns each colour's Pond count from its birds on the Pond and the strengths of the
    adjoining Locations still on the board (`pond_strengths`)."""
    # One column per colour: its strengths at the Locations beside the Pond.
    totals = list(map(sum, zip(*live, strict=True))) if live else [0] * len(on_pond)
    return tuple([(k + total) if k > 0 else 0 for k, total in zip(on_pond, totals, strict=True)])


def pond_points(tile_id: str, power: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Returns each colour's (place, points) at a Pond; ties cancel as at a Location (§4.1)."""
    values = POND_TILE[tile_id].values
    ranks = places(power)
    return tuple((r, values[r - 1] if 1 <= r <= 3 else 0) for r in ranks)
