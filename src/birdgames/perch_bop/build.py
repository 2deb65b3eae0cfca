"""The States Perch's placement and turn end build without the working copy (work.py): the
last State with a new turn, its actions offered in advance.
"""

from __future__ import annotations

from birdgames.offered import offer
from birdgames.perch_bop.state import (
    Birdfeeders,
    Flow,
    Location,
    Seat,
    State,
)
from birdgames.perch_bop.thawed import with_turn


def turn_successor(
    before: State,
    flow: Flow,
    locations: tuple[Location, ...],
    seats: tuple[Seat, ...],
    tick: int,
    feeders: Birdfeeders | None,
    offered: tuple[object, ...] | None,
) -> State:
    """Returns `before` with a new flow, Locations, seats, tick and Birdfeeders, the rest the
    same, and `offered` as its actions offered in advance (birdgames.offered): a placement's
    or a turn end's step, built without the working copy."""
    state = with_turn(before, flow, locations, seats, tick, feeders)
    if offered is not None:
        offer(state, offered)
    return state
