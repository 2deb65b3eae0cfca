"""The working copy a step resolves on, and the card-moving helpers every rule area uses.

`Work` is built from a State inside `step` and frozen back into a new State; the State
passed in is never touched.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final, TypeVar

from birdgames.rng import Rng, shuffle
from birdgames.rookery import build
from birdgames.rookery.cards import SEASON_ORDER, Season
from birdgames.rookery.events import CardDrawn, DeckReshuffled, Event
from birdgames.rookery.state import (
    Bird,
    Pending,
    Phase,
    Predator,
    Seat,
    State,
    TurnState,
    Wheel,
    ZoneState,
)

_OVER: Final = Phase.OVER


class Work:
    """A mutable working copy of a State, private to one step."""

    __slots__ = (
        "active",
        "draft_step",
        "events",
        "log",
        "new_pending",
        "next_uid",
        "pending",
        "phase",
        "rng",
        "seats",
        "state",
        "turn",
        "turn_number",
        "wheel",
        "winners",
        "zones",
    )

    def __init__(self, state: State, log: bool = True) -> None:
        self.state = state
        # Whether events are recorded: `apply` returns only the State, so it builds none.
        self.log = log
        self.rng: Rng = state.rng
        self.phase: Phase = state.phase
        self.draft_step: int = state.draft_step
        self.active: int = state.active
        self.turn_number: int = state.turn_number
        self.seats: list[Seat] = list(state.seats)
        self.zones: list[ZoneState] = list(state.zones)
        self.wheel: Wheel = state.wheel
        self.turn: TurnState = state.turn
        self.pending: list[Pending] = list(state.pending)
        self.new_pending: list[Pending] = []
        self.next_uid: int = state.next_uid
        self.winners: tuple[int, ...] = state.winners
        self.events: list[Event] = []

    def freeze(self) -> State:
        """Returns the new State."""
        s = self.state
        return build.state(
            s.config,
            self.rng,
            self.phase,
            self.draft_step,
            s.first_player,
            self.active,
            self.turn_number,
            (self.seats[0], self.seats[1]),
            (self.zones[0], self.zones[1], self.zones[2]),
            self.wheel,
            self.turn,
            tuple(self.pending),
            self.next_uid,
            self.winners,
        )

    @property
    def over(self) -> bool:
        return self.phase is _OVER

    def push(self, pending: Pending) -> None:
        """Queues a decision; decisions raised while resolving come before older ones."""
        self.new_pending.append(pending)

    def flush_pending(self) -> None:
        if self.new_pending:
            self.pending[0:0] = self.new_pending
            self.new_pending = []

    def take_uid(self) -> int:
        uid = self.next_uid
        self.next_uid += 1
        return uid

    # --- seats -------------------------------------------------------------------------

    def set_seat(
        self,
        p: int,
        *,
        hand: tuple[str, ...] | None = None,
        deck: tuple[str, ...] | None = None,
        discard: tuple[str, ...] | None = None,
        song: int | None = None,
        prizes: int | None = None,
    ) -> None:
        old = self.seats[p]
        self.seats[p] = build.seat(
            old.hand if hand is None else hand,
            old.deck if deck is None else deck,
            old.discard if discard is None else discard,
            old.song if song is None else song,
            old.prizes if prizes is None else prizes,
        )

    # The helpers below build the Seat positionally: they run on most steps.
    def to_discard(self, p: int, card: str) -> None:
        old = self.seats[p]
        self.seats[p] = build.seat(old.hand, old.deck, (*old.discard, card), old.song, old.prizes)

    def take_from_hand(self, p: int, card: str) -> None:
        old = self.seats[p]
        self.seats[p] = build.seat(
            without(old.hand, card), old.deck, old.discard, old.song, old.prizes
        )

    def add_song(self, p: int, amount: int) -> None:
        old = self.seats[p]
        self.seats[p] = build.seat(old.hand, old.deck, old.discard, old.song + amount, old.prizes)

    def pay(self, p: int, card: str, cost: int) -> None:
        """Takes `card` from the hand and `cost` Song from the pool."""
        old = self.seats[p]
        self.seats[p] = build.seat(
            without(old.hand, card), old.deck, old.discard, old.song - cost, old.prizes
        )

    def set_song(self, p: int, song: int) -> None:
        old = self.seats[p]
        self.seats[p] = build.seat(old.hand, old.deck, old.discard, song, old.prizes)

    def draw(self, p: int, count: int) -> None:
        """R2.4 draws `count` cards, reshuffling the discard pile into an empty deck."""
        for _ in range(count):
            player = self.seats[p]
            deck = player.deck
            discard = player.discard
            if not deck:
                if not discard:
                    return
                deck, self.rng = shuffle(self.rng, discard)
                discard = ()
                if self.log:
                    self.events.append(DeckReshuffled(p, len(deck)))
            self.seats[p] = build.seat(
                (*player.hand, deck[0]), deck[1:], discard, player.song, player.prizes
            )
            if self.log:
                self.events.append(CardDrawn(p, deck[0]))

    # --- zones -------------------------------------------------------------------------

    def find(self, uid: int) -> tuple[int, Bird | Predator] | None:
        """Returns the zone index and the card in play with that id."""
        return find_in(self.zones, uid)

    def replace(self, zi: int, card: Bird | Predator) -> None:
        """Puts the updated card back in its place."""
        zone = self.zones[zi]
        if isinstance(card, Bird):
            birds = _swapped(zone.birds, card)
            self.zones[zi] = build.zone_state(zone.habitat, birds, zone.predators, zone.pile)
        else:
            preds = _swapped(zone.predators, card)
            self.zones[zi] = build.zone_state(zone.habitat, zone.birds, preds, zone.pile)

    def remove(self, zi: int, uid: int) -> None:
        zone = self.zones[zi]
        self.zones[zi] = build.zone_state(
            zone.habitat, _dropped(zone.birds, uid), _dropped(zone.predators, uid), zone.pile
        )

    def add_bird(self, zi: int, bird: Bird) -> None:
        zone = self.zones[zi]
        self.zones[zi] = build.zone_state(
            zone.habitat, (*zone.birds, bird), zone.predators, zone.pile
        )

    def add_predator(self, zi: int, predator: Predator) -> None:
        zone = self.zones[zi]
        self.zones[zi] = build.zone_state(
            zone.habitat, zone.birds, (*zone.predators, predator), zone.pile
        )


# Values that recur all game long, shared instead of built anew: a bird taps and rests the
# same way every turn, and a turn's counters take few values. Keyed on plain field values,
# typed: an int never stands for a bool.
@lru_cache(maxsize=4096, typed=True)
def shared_bird(
    uid: int,
    card: str,
    owner: int,
    nested: bool,
    tapped: bool,
    damage: int,
    has_tapped: bool,
    moved: bool,
    untapped: bool,
) -> Bird:
    """Returns the Bird with these fields."""
    return Bird(uid, card, owner, nested, tapped, damage, has_tapped, moved, untapped)


@lru_cache(maxsize=4096, typed=True)
def rested_bird(uid: int, card: str, owner: int, damage: int) -> Bird:
    """R2.1 the Bird a dawn leaves: nested, untapped, fresh; keyed on the four fields it keeps,
    a smaller key than `shared_bird`'s nine."""
    return shared_bird(uid, card, owner, True, False, damage, False, False, False)


@lru_cache(maxsize=1024, typed=True)
def rested_predator(uid: int, card: str, owner: int, face_up: bool, damage: int) -> Predator:
    """R2.1 the Predator a dawn leaves: no hunt this turn, not readied."""
    return Predator(uid, card, owner, face_up, damage, 0, False)


@lru_cache(maxsize=1024, typed=True)
def shared_turn(
    habitats_played: int,
    season_played: bool,
    mobbed: tuple[bool, bool, bool],
    hold_countdown: bool,
    actions: int,
) -> TurnState:
    """Returns the TurnState with these fields."""
    return TurnState(habitats_played, season_played, mobbed, hold_countdown, actions)


def shared_wheel(
    season: Season, turns_left: int, turns_played: int, checkpoints: int, sudden_death: int
) -> Wheel:
    """Returns the Wheel with these fields."""
    index = SEASON_ORDER.index(season)
    return _wheel(index, turns_left, turns_played, checkpoints, sudden_death)


@lru_cache(maxsize=4096, typed=True)
def _wheel(
    season: int, turns_left: int, turns_played: int, checkpoints: int, sudden_death: int
) -> Wheel:
    return Wheel(SEASON_ORDER[season], turns_left, turns_played, checkpoints, sudden_death)


_Card = TypeVar("_Card", Bird, Predator)


# Uids in play are unique: these loops stop at the first match.
def _swapped(cards: tuple[_Card, ...], card: _Card) -> tuple[_Card, ...]:
    """Returns `cards` with the card of the same uid replaced by `card`."""
    uid = card.uid
    for i, c in enumerate(cards):
        if c.uid == uid:
            swapped = list(cards)
            swapped[i] = card
            return tuple(swapped)
    return cards


def _dropped(cards: tuple[_Card, ...], uid: int) -> tuple[_Card, ...]:
    """Returns `cards` without the card of that uid."""
    for i, c in enumerate(cards):
        if c.uid == uid:
            return cards[:i] + cards[i + 1 :]
    return cards


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """Returns `cards` minus the first copy of `card`."""
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def find_in(zones: Sequence[ZoneState], uid: int) -> tuple[int, Bird | Predator] | None:
    """Returns the zone index and the card in play with that id, in a frozen field."""
    for zi, zone in enumerate(zones):
        for bird in zone.birds:
            if bird.uid == uid:
                return zi, bird
        for predator in zone.predators:
            if predator.uid == uid:
                return zi, predator
    return None
