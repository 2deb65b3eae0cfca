"""The frozen values every step builds: the State, a Seat, a ZoneState.

Setting a slotted class's slots directly costs about half of attrs' frozen __init__
(birdgames.fields.slot_setter), and a State, a dict class, is filled as its __init__ would fill
it: 10% of a pure-Python Rookery action (benchmarks/instructions.py, Python 3.11: 114k
instructions against 127k through the constructors). In the compiled build the classes are
native (hatch_native.py) and built by their constructors. tests/perf/test_fast_paths.py holds
these classes to an __init__ that does nothing else and compares the builds.
"""

from __future__ import annotations

from typing import Final

from birdgames.fields import slot_setter
from birdgames.rng import Rng
from birdgames.rookery.cards import Habitat
from birdgames.rookery.state import (
    Bird,
    Config,
    Pending,
    Phase,
    PileCard,
    Predator,
    Seat,
    State,
    TurnState,
    Wheel,
    ZoneState,
)

_NATIVE: Final = State.__dictoffset__ == 0
_NEW: Final = object.__new__
_SET: Final = object.__setattr__

_HAND: Final = slot_setter(Seat, "hand")
_DECK: Final = slot_setter(Seat, "deck")
_DISCARD: Final = slot_setter(Seat, "discard")
_SONG: Final = slot_setter(Seat, "song")
_PRIZES: Final = slot_setter(Seat, "prizes")
_HABITAT: Final = slot_setter(ZoneState, "habitat")
_BIRDS: Final = slot_setter(ZoneState, "birds")
_PREDATORS: Final = slot_setter(ZoneState, "predators")
_PILE: Final = slot_setter(ZoneState, "pile")


def seat(
    hand: tuple[str, ...], deck: tuple[str, ...], discard: tuple[str, ...], song: int, prizes: int
) -> Seat:
    """Returns `Seat(hand, deck, discard, song, prizes)`."""
    if _NATIVE:
        return Seat(hand, deck, discard, song, prizes)
    built: Seat = _NEW(Seat)
    _HAND(built, hand)
    _DECK(built, deck)
    _DISCARD(built, discard)
    _SONG(built, song)
    _PRIZES(built, prizes)
    return built


def zone_state(
    habitat: Habitat | None,
    birds: tuple[Bird, ...],
    predators: tuple[Predator, ...],
    pile: tuple[PileCard, ...],
) -> ZoneState:
    """Returns `ZoneState(habitat, birds, predators, pile)`."""
    if _NATIVE:
        return ZoneState(habitat, birds, predators, pile)
    built: ZoneState = _NEW(ZoneState)
    _HABITAT(built, habitat)
    _BIRDS(built, birds)
    _PREDATORS(built, predators)
    _PILE(built, pile)
    return built


def state(
    config: Config,
    rng: Rng,
    phase: Phase,
    draft_step: int,
    first_player: int,
    active: int,
    turn_number: int,
    seats: tuple[Seat, Seat],
    zones: tuple[ZoneState, ZoneState, ZoneState],
    wheel: Wheel,
    turn: TurnState,
    pending: tuple[Pending, ...],
    next_uid: int,
    winners: tuple[int, ...],
) -> State:
    """Returns `State(config, rng, ..., winners)`: its instance dict set to the fields in
    order."""
    if _NATIVE:
        return State(
            config,
            rng,
            phase,
            draft_step,
            first_player,
            active,
            turn_number,
            seats,
            zones,
            wheel,
            turn,
            pending,
            next_uid,
            winners,
        )
    built: State = _NEW(State)
    _SET(
        built,
        "__dict__",
        {
            "config": config,
            "rng": rng,
            "phase": phase,
            "draft_step": draft_step,
            "first_player": first_player,
            "active": active,
            "turn_number": turn_number,
            "seats": seats,
            "zones": zones,
            "wheel": wheel,
            "turn": turn,
            "pending": pending,
            "next_uid": next_uid,
            "winners": winners,
        },
    )
    return built
