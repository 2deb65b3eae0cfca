"""The frozen values Perch's steps build: a State from its fields, and the Flow, Locations
and Seats a step makes; the placement's and the turn end's steps, built without the working
copy (work.py), copy the last State's fields.
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from birdgames.fields import slot_setter
from birdgames.offered import NOTE as _OFFERED_NOTE
from birdgames.offered import offer
from birdgames.perch_bop.state import (
    Activation,
    Await,
    Birdfeeders,
    Flow,
    Location,
    Phase,
    Ponds,
    Seat,
    State,
)

# A step builds a Flow, and a Location and Seat per touched one: by setting their slots in the
# pure build (tests/perf/test_fast_paths.py compares the builds), by their constructors in the
# compiled build, whose classes are native (hatch_native.py).
_NATIVE: Final = State.__dictoffset__ == 0
_NEW: Final = object.__new__
_SET: Final = object.__setattr__

_PHASE: Final = slot_setter(Flow, "phase")
_STAGE: Final = slot_setter(Flow, "stage")
_CURSOR: Final = slot_setter(Flow, "cursor")
_AWAITING: Final = slot_setter(Flow, "awaiting")
_ACTOR: Final = slot_setter(Flow, "actor")
_PENDING: Final = slot_setter(Flow, "pending")
_PLACED: Final = slot_setter(Flow, "placed")
_BONUS_USED: Final = slot_setter(Flow, "bonus_used")
_ACTIVATION: Final = slot_setter(Flow, "activation")
_TILE: Final = slot_setter(Location, "tile")
_BIRDS: Final = slot_setter(Location, "birds")
_NESTED: Final = slot_setter(Location, "nested")
_HOUSED: Final = slot_setter(Location, "housed")
_FREE_NESTS: Final = slot_setter(Location, "free_nests")
_REMOVED: Final = slot_setter(Location, "removed")
_HAND: Final = slot_setter(Seat, "hand")
_SCORE: Final = slot_setter(Seat, "score")
_REACHED: Final = slot_setter(Seat, "reached")
_DEALT: Final = slot_setter(Seat, "dealt")
_OBJECTIVE: Final = slot_setter(Seat, "objective")
_BIRDHOUSE: Final = slot_setter(Seat, "birdhouse")
_ZAP: Final = slot_setter(Seat, "zap")


def new_flow(
    phase: Phase,
    stage: int,
    cursor: int,
    awaiting: Await,
    actor: int,
    pending: tuple[int, ...],
    placed: bool,
    bonus_used: bool,
    activation: Activation | None,
) -> Flow:
    """Returns a Flow built as attrs' __init__ builds it, without the call."""
    if _NATIVE:
        return Flow(phase, stage, cursor, awaiting, actor, pending, placed, bonus_used, activation)
    flow: Flow = _NEW(Flow)
    _PHASE(flow, phase)
    _STAGE(flow, stage)
    _CURSOR(flow, cursor)
    _AWAITING(flow, awaiting)
    _ACTOR(flow, actor)
    _PENDING(flow, pending)
    _PLACED(flow, placed)
    _BONUS_USED(flow, bonus_used)
    _ACTIVATION(flow, activation)
    return flow


def new_location(
    tile: str,
    birds: tuple[int, ...],
    nested: tuple[bool, ...],
    housed: tuple[bool, ...],
    free_nests: int,
    removed: bool,
) -> Location:
    """Returns a Location built as attrs' __init__ builds it, without the call."""
    if _NATIVE:
        return Location(tile, birds, nested, housed, free_nests, removed)
    loc: Location = _NEW(Location)
    _TILE(loc, tile)
    _BIRDS(loc, birds)
    _NESTED(loc, nested)
    _HOUSED(loc, housed)
    _FREE_NESTS(loc, free_nests)
    _REMOVED(loc, removed)
    return loc


def new_seat(
    hand: tuple[int, ...],
    score: int,
    reached: int,
    dealt: tuple[str, ...],
    objective: str | None,
    birdhouse: bool,
    zap: bool,
) -> Seat:
    """Returns a Seat built as attrs' __init__ builds it, without the call."""
    if _NATIVE:
        return Seat(hand, score, reached, dealt, objective, birdhouse, zap)
    seat: Seat = _NEW(Seat)
    _HAND(seat, hand)
    _SCORE(seat, score)
    _REACHED(seat, reached)
    _DEALT(seat, dealt)
    _OBJECTIVE(seat, objective)
    _BIRDHOUSE(seat, birdhouse)
    _ZAP(seat, zap)
    return seat


# The State's fields by name, in its order, with no values yet.
NO_FIELDS: Final[dict[str, Any]] = dict.fromkeys(f.name for f in attrs.fields(State))


def fields_of(state: State) -> dict[str, Any]:
    """Returns the fields of `state` by name, in the State's order, and no actions offered."""
    if _NATIVE:
        return {name: getattr(state, name) for name in NO_FIELDS}
    # A copy of its instance dict, the note emptied rather than removed: the next note then
    # takes its place instead of growing the dict.
    fields = state.__dict__.copy()
    if _OFFERED_NOTE in fields:
        fields[_OFFERED_NOTE] = None
    return fields


def state_of(fields: dict[str, Any]) -> State:
    """Returns the State of these fields (all of them, in the State's order)."""
    if _NATIVE:
        return State(*fields.values())
    # A dict class: its dict filled as attrs' __init__ fills it, without the call, and a dict
    # of its own (birdgames.fields.with_own_dict). tests/perf/test_fast_paths.py holds State to
    # `init_only_fills_dict` and compares this build with attrs' own.
    state: State = _NEW(State)
    _SET(state, "__dict__", fields)
    return state


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
    fields = fields_of(before)
    fields["flow"] = flow
    fields["locations"] = locations
    fields["seats"] = seats
    fields["tick"] = tick
    fields["feeders"] = feeders
    state = state_of(fields)
    if offered is not None:
        offer(state, offered)
    return state


def with_ponds(before: State, ponds: Ponds | None) -> State:
    """Returns `before` with other Ponds, the rest the same and no actions offered: the first
    half of a Feed the Birds built without the working copy (`turn_successor` does the rest)."""
    fields = fields_of(before)
    fields["ponds"] = ponds
    return state_of(fields)
