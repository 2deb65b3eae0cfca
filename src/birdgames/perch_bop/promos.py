"""Pure rules of the Kickstarter promos (P8): who holds them, where the Golden Egg and the
Yeti may go, which ties the Eagle of Justice may order and how an order ranks a place.

One player holds every promo in play for a round: the one in last place when the round
starts. None of them is a creature for end-game scoring or for objectives (DECISION).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from typing import Final

from birdgames.perch_bop.geometry import geometry_for, live_neighbours
from birdgames.perch_bop.ponds import pond_strengths
from birdgames.perch_bop.state import Location, Pond, Spot, TieOrder, Where
from birdgames.perch_bop.thawed import WLoc
from birdgames.perch_bop.work import frozen, loc_power

# An ordered tie is ranked by strength * _SCALE plus its order: more than any group's size.
_SCALE: Final = 8


def holder(round_: int, turn_order: Sequence[int], scores: Sequence[int]) -> int:
    """Returns the seat holding the promos this round (P8): the last in score, ties going to
    the later in turn order; in round 1 the last in turn order."""
    if round_ == 1:
        return turn_order[-1]
    late = {p: i for i, p in enumerate(turn_order)}
    return min(turn_order, key=lambda p: (scores[p], -late[p]))


def egg_options(locs: Sequence[Location | WLoc], egg: int | None) -> list[int]:
    """Returns the cells the Golden Egg may move to: any Location in play but its own (P8)."""
    return [i for i, loc in enumerate(locs) if not loc.removed and i != egg]


def yeti_options(players: int, locs: Sequence[Location | WLoc], yeti: int) -> list[int]:
    """Returns the Locations adjacent to the Yeti's, still on the board (P8)."""
    removed = frozenset(i for i, loc in enumerate(locs) if loc.removed)
    return list(live_neighbours(geometry_for(players), yeti, removed))


def _tied(power: Sequence[int]) -> list[tuple[int, ...]]:
    """Returns every group of two or more colours sharing a positive strength."""
    groups: dict[int, list[int]] = {}
    for c, s in enumerate(power):
        if s > 0:
            groups.setdefault(s, []).append(c)
    return [tuple(g) for s, g in sorted(groups.items(), reverse=True) if len(g) > 1]


def tie_orders(
    players: int, locs: Sequence[Location | WLoc], ponds: Sequence[Pond]
) -> list[TieOrder]:
    """Returns every order the Eagle of Justice may give (P8): each tied group at a Location
    in play or at a Pond with birds, in every order; Locations first, then Ponds (P9)."""
    result: list[TieOrder] = []
    for i, loc in enumerate(locs):
        if not loc.removed:
            power = loc_power(loc)
            for group in _tied(power):
                spot = Spot(Where.CELL, i)
                result.extend(TieOrder(spot, order) for order in permutations(group))
    geo = geometry_for(players)
    for k, pond in enumerate(ponds):
        if any(pond.birds):
            beside = [locs[i] for i in geo.intersections[pond.intersection]]
            cells = [frozen(loc) for loc in beside]
            for group in _tied(pond_strengths(pond.birds, cells)):
                spot = Spot(Where.POND, k)
                result.extend(TieOrder(spot, order) for order in permutations(group))
    return result


def ruled(power: Sequence[int], ruling: TieOrder | None, spot: Spot) -> tuple[int, ...]:
    """Returns the strengths that rank a place: with the Eagle's order there, its colours
    rank in that order while they stay tied with birds there (P8); otherwise the strengths
    themselves."""
    if ruling is None or ruling.place != spot:
        return tuple(power)
    order = ruling.order
    level = power[order[0]]
    if level <= 0 or any(power[c] != level for c in order):
        return tuple(power)  # the group has left the place or is no longer tied
    bonus = {c: len(order) - k for k, c in enumerate(order)}
    return tuple(s * _SCALE + bonus.get(c, 0) for c, s in enumerate(power))


def yeti_start(players: int, removed: Sequence[bool]) -> int:
    """Returns the Location with the most neighbours still on the board, board order breaking
    ties (P8: the Yeti's start; DECISION: also where it goes when its Location is removed)."""
    geo = geometry_for(players)
    live = [i for i, gone in enumerate(removed) if not gone]
    return max(live, key=lambda i: (sum(1 for j in geo.neighbours[i] if not removed[j]), -i))
