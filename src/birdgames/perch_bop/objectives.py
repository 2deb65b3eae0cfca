"""Objective conditions (§7), one small checker per Condition, evaluated at game end.

Removed Locations are out of the game: they count for nothing (P2; DECISION in the docs).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Final, assert_never

from birdgames.perch_bop.cards import TILE, Category, Condition, Objective
from birdgames.perch_bop.geometry import diagonals, geometry_for
from birdgames.perch_bop.ponds import pond_strengths
from birdgames.perch_bop.scoring import leader, location_strengths, places

if TYPE_CHECKING:
    from birdgames.perch_bop.state import Location, State


# Each distinct strengths' places worked out once: every player's objective asks them of
# the same Locations at the end, whose strengths round 5's scoring has just seen.
_places: Final = lru_cache(maxsize=4096)(places)


def _place(loc: Location, colour: int) -> int:
    return _places(location_strengths(loc))[colour]


def _nests(loc: Location) -> int:
    return loc.free_nests + sum(loc.nested)


def objective_met(
    state: State,
    objective: Objective,
    player: int,
    powers: Sequence[tuple[int, ...] | None] | None = None,
) -> bool:
    """Returns whether `player` meets the objective's condition now.

    `powers` are the Locations' strengths (None for a removed one), when the caller has them.
    """
    locs = state.locations
    live = [loc for loc in locs if not loc.removed]
    alive = [i for i, loc in enumerate(locs) if not loc.removed]

    def place(i: int) -> int:
        power = powers[i] if powers is not None else None
        return _places(power)[player] if power is not None else _place(locs[i], player)

    def controls(i: int) -> bool:
        return not locs[i].removed and place(i) == 1

    def controlled_of(category: Category) -> int:
        return sum(1 for i in alive if TILE[locs[i].tile].category is category and controls(i))

    geo = geometry_for(state.config.players)
    cond = objective.condition
    amount = objective.amount
    match cond:
        case Condition.DIAGONAL_CONTROL:
            return any(all(controls(i) for i in line) for line in diagonals(geo))
        case Condition.COLUMN_TWO_EACH:
            for column in geo.columns:
                if len(column) < 3:
                    continue
                good = sum(1 for i in column if not locs[i].removed and locs[i].birds[player] >= 2)
                if good >= 3:
                    return True
            return False
        case Condition.CONTROL_CORNERS:
            return sum(1 for i in geo.corners if controls(i)) >= amount
        case Condition.BIRD_ON_EVERY_CORNER:
            corners = [locs[i] for i in geo.corners if not locs[i].removed]
            return bool(corners) and all(loc.birds[player] >= 1 for loc in corners)
        case Condition.CONTROL_NEST_TILES:
            return sum(1 for i in alive if _nests(locs[i]) > 0 and controls(i)) >= amount
        case Condition.CONTROL_OPPONENT_NEST:
            return any(
                controls(i) and any(n for c, n in enumerate(locs[i].nested) if c != player)
                for i in alive
            )
        case Condition.CONTROL_TREES:
            return controlled_of(Category.TREE) >= amount
        case Condition.CONTROL_CREATURES_AT_LEAST:
            return sum(1 for cr in state.creatures if cr.controller == player) >= amount
        case Condition.CONTROL_NO_CREATURE:
            return not any(cr.controller == player for cr in state.creatures)
        case Condition.SOLE_PLACE:
            return sum(1 for i in alive if place(i) == objective.place) >= amount
        case Condition.CONTROL_MOST_BIRDS:
            if not live:
                return False
            most = max(sum(loc.birds) for loc in live)
            return most > 0 and any(sum(locs[i].birds) == most and controls(i) for i in alive)
        case Condition.BIRD_ON_EVERY_LOCATION:
            return all(loc.birds[player] >= 1 for loc in live)
        case Condition.TWO_BIRDS_ON_LOCATIONS:
            return sum(1 for loc in live if loc.birds[player] >= 2) >= amount
        case Condition.EMPTY_LOCATION:
            return any(sum(loc.birds) == 0 for loc in live)
        case Condition.ABSENT_FROM_LOCATIONS:
            return sum(1 for loc in live if loc.birds[player] == 0) >= amount
        case Condition.CONTROL_ALONE:
            return any(controls(i) and sum(locs[i].birds) == locs[i].birds[player] for i in alive)
        case Condition.CONTROL_SPECIALS:
            return controlled_of(Category.SPECIAL) >= amount
        case Condition.BIRDFEEDERS_AT_LEAST:
            return state.feeders is not None and state.feeders.taken[player] >= amount
        case Condition.MOST_BIRDFEEDERS:
            if state.feeders is None:
                return False
            taken = state.feeders.taken
            return all(taken[player] > k for q, k in enumerate(taken) if q != player)
        case Condition.NO_BIRDFEEDER:
            return state.feeders is not None and state.feeders.taken[player] == 0
        case Condition.CONTROL_UNDER_SUN | Condition.CONTROL_UNDER_MOON:
            # P9: the Locations covered at round 5's scoring (the Sun and Moon stay there);
            # one removed then is out of the game and nobody controls it.
            if state.sky is None:
                return False
            sun = cond is Condition.CONTROL_UNDER_SUN
            return controls(state.sky.sun if sun else state.sky.moon)
        case Condition.BIRDS_UNDER_SUN_AND_MOON:
            if state.sky is None:
                return False
            covered = (locs[state.sky.sun], locs[state.sky.moon])
            return all(not loc.removed and loc.birds[player] >= amount for loc in covered)
        case Condition.BIRD_ON_EVERY_POND:
            return state.ponds is not None and all(p.birds[player] for p in state.ponds.ponds)
        case Condition.BIRDS_ON_ONE_POND:
            ponds = state.ponds.ponds if state.ponds is not None else ()
            return any(p.birds[player] >= amount for p in ponds)
        case Condition.LEAD_A_POND:
            # P6: the Pond scoring count, taken at game end on the Locations still in play.
            ponds = state.ponds.ponds if state.ponds is not None else ()
            return any(
                leader(
                    pond_strengths(p.birds, [locs[i] for i in geo.intersections[p.intersection]])
                )
                == player
                for p in ponds
            )
        case _:
            assert_never(cond)
