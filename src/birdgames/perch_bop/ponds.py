"""Pure Pond rules of Pond-emonium (P5, P9): placement, the Pond count and its places.

A Pond is never a Location (P5): it sits on a three-tile intersection, holds birds per
colour, and counts its adjoining Locations only when it is scored or its creature's control
is settled.
"""

from __future__ import annotations

from collections.abc import Sequence

from birdgames.perch_bop.cards import POND_TILE, PONDS_FOR_PLAYERS
from birdgames.perch_bop.geometry import geometry_for
from birdgames.perch_bop.scoring import places, strengths
from birdgames.perch_bop.state import Location
from birdgames.perch_bop.work import WLoc


def pond_strengths(on_pond: Sequence[int], adjoining: Sequence[Location | WLoc]) -> tuple[int, ...]:
    """Returns each colour's Pond count: its birds on the Pond plus its strength on every
    adjoining Location still on the board; 0 for a colour with no bird on the Pond (P5).

    Nests count as in the rulebook's example; birdhouses count too (P9 DECISION). Birds on
    other Ponds are not passed in, so they never count.
    """
    live = [strengths(loc.birds, loc.nested, loc.housed) for loc in adjoining if not loc.removed]
    return tuple(
        (k + sum(power[c] for power in live)) if k > 0 else 0 for c, k in enumerate(on_pond)
    )


def pond_points(tile_id: str, power: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Returns each colour's (place, points) at a Pond; ties cancel as at a Location (§4.1)."""
    values = POND_TILE[tile_id].values
    ranks = places(power)
    return tuple((r, values[r - 1] if 1 <= r <= 3 else 0) for r in ranks)


def placement_problem(players: int, ponds: Sequence[tuple[str, int]]) -> str | None:
    """Returns why fixed Pond placements (tile id, intersection index) are not playable,
    or None (P5, P9): the right count, known distinct tiles, each on its own intersection of
    the board, and no two Ponds sharing two Locations (DECISION)."""
    wanted = PONDS_FOR_PLAYERS[players]
    if len(ponds) != wanted:
        return f"{players} players use {wanted} Pond(s), not {len(ponds)}"
    intersections = geometry_for(players).intersections
    for pond in ponds:
        if (
            not isinstance(pond, tuple)
            or len(pond) != 2
            or type(pond[0]) is not str
            or type(pond[1]) is not int
        ):
            return f"a Pond is placed as (tile id, intersection index), not {pond!r}"
        tile, k = pond
        if tile not in POND_TILE:
            return f"unknown Pond tile {tile!r}; the Ponds are {', '.join(sorted(POND_TILE))}"
        if not 0 <= k < len(intersections):
            return (
                f"Pond {tile!r} is placed on intersection {k}, but this board has "
                f"intersections 0 to {len(intersections) - 1}"
            )
    tiles = [t for t, _ in ponds]
    if len(set(tiles)) != len(tiles):
        return f"the Pond {sorted(t for t in tiles if tiles.count(t) > 1)[0]!r} is placed twice"
    for i, (tile_a, a) in enumerate(ponds):
        for tile_b, b in ponds[i + 1 :]:
            if a == b:
                return f"Ponds {tile_a!r} and {tile_b!r} share intersection {a}"
            shared = set(intersections[a]) & set(intersections[b])
            if len(shared) >= 2:
                return (
                    f"Ponds {tile_a!r} (intersection {a}) and {tile_b!r} (intersection {b}) "
                    f"share two Locations"
                )
    return None
