"""Named position builders for Rookery tests: a field laid out card by card."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from birdgames.rng import Rng
from birdgames.rookery import GAME
from birdgames.rookery.actions import Action
from birdgames.rookery.cards import Habitat, Season
from birdgames.rookery.events import Event
from birdgames.rookery.state import (
    FRESH_TURN,
    ZONE_INDEX,
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
    Zone,
    ZoneState,
)

L, MID, R = Zone.LEFT, Zone.MIDDLE, Zone.RIGHT
F, S, M, W = Habitat.FOREST, Habitat.SHORE, Habitat.MEADOW, Habitat.WETLAND


@attrs.frozen
class B:
    """A bird to place: zone, owner, card and its state."""

    zone: Zone
    owner: int
    card: str
    nested: bool = True
    tapped: bool = False
    damage: int = 0


@attrs.frozen
class P:
    """A predator to place: zone, owner, card, face up or down."""

    zone: Zone
    owner: int
    card: str
    face_up: bool = True
    damage: int = 0
    hunts: int = 0


def build(
    *,
    birds: Sequence[B] = (),
    predators: Sequence[P] = (),
    habitats: tuple[Habitat, Habitat, Habitat] = (F, S, M),
    hands: tuple[Sequence[str], Sequence[str]] = ((), ()),
    decks: tuple[Sequence[str], Sequence[str]] = ((), ()),
    discards: tuple[Sequence[str], Sequence[str]] = ((), ()),
    piles: tuple[Sequence[PileCard], Sequence[PileCard], Sequence[PileCard]] = ((), (), ()),
    active: int = 0,
    song: tuple[int, int] = (0, 0),
    prizes: tuple[int, int] = (0, 0),
    season: Season = Season.SPRING,
    turns_left: int = 4,
    turns_played: int = 0,
    checkpoints: int = 0,
    sudden_death: int = 0,
    turn: TurnState = FRESH_TURN,
    pending: tuple[Pending, ...] = (),
    seed: int = 7,
) -> State:
    """Returns a position in play with exactly these cards; ids count from 1 in list order."""
    zone_birds: list[list[Bird]] = [[], [], []]
    zone_preds: list[list[Predator]] = [[], [], []]
    uid = 1
    owned: list[list[str]] = [[], []]
    for b in birds:
        zone_birds[ZONE_INDEX[b.zone]].append(
            Bird(uid, b.card, b.owner, b.nested, b.tapped, b.damage, b.tapped, False, False)
        )
        owned[b.owner].append(b.card)
        uid += 1
    for p in predators:
        zone_preds[ZONE_INDEX[p.zone]].append(
            Predator(uid, p.card, p.owner, p.face_up, p.damage, p.hunts, False)
        )
        owned[p.owner].append(p.card)
        uid += 1
    for seat in (0, 1):
        owned[seat].extend(hands[seat])
        owned[seat].extend(decks[seat])
        owned[seat].extend(discards[seat])
    for pile in piles:
        for card in pile:
            owned[card.owner].append(card.card)
    # The config lists each player's cards, so card conservation holds (sizes may be short).
    config = Config(decks=(tuple(owned[0]), tuple(owned[1])), deck_min=20, deck_max=40)
    seats = tuple(
        Seat(tuple(hands[s]), tuple(decks[s]), tuple(discards[s]), song[s], prizes[s])
        for s in (0, 1)
    )
    zones = tuple(
        ZoneState(habitats[zi], tuple(zone_birds[zi]), tuple(zone_preds[zi]), tuple(piles[zi]))
        for zi in range(3)
    )
    return State(
        config,
        Rng.from_seed(seed),
        Phase.PLAY,
        3,
        0,
        active,
        1,
        (seats[0], seats[1]),
        (zones[0], zones[1], zones[2]),
        Wheel(season, turns_left, turns_played, checkpoints, sudden_death),
        turn,
        pending,
        uid,
        (),
    )


def uid(state: State, card: str, owner: int | None = None, nth: int = 0) -> int:
    """Returns the id of the nth card in play with that name (and owner)."""
    found = [c.uid for c in _cards(state) if c.card == card and (owner is None or c.owner == owner)]
    return found[nth]


def _cards(state: State) -> list[Bird | Predator]:
    cards: list[Bird | Predator] = []
    for zone in state.zones:
        cards.extend(zone.birds)
        cards.extend(zone.predators)
    return cards


def in_play(state: State, uid: int) -> Bird | Predator | None:
    """Returns the card in play with that id, if any."""
    return next((c for c in _cards(state) if c.uid == uid), None)


def run(state: State, *actions: Action) -> tuple[State, tuple[Event, ...]]:
    """Applies the actions in order; returns the last state and all events."""
    events: list[Event] = []
    for action in actions:
        state, step_events = GAME.step(state, action)
        events.extend(step_events)
    return state, tuple(events)


def started(seed: int = 1, config: Config | None = None) -> State:
    """Returns a real game just past its draft (Forest middle, Shore left, Meadow right)."""
    from birdgames.rookery.actions import DraftHabitat

    state = GAME.new_game(config or GAME.default_config(2), seed)
    first = state.first_player
    state = GAME.apply(state, DraftHabitat(first, MID, F))
    state = GAME.apply(state, DraftHabitat(1 - first, L, S))
    return GAME.apply(state, DraftHabitat(1 - first, R, M))
