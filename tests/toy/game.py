"""Nestlings: a tiny test-only game with every kind of turn the core contract allows.

It lives in tests only (never in `birdgames.registry.BUNDLED`) and proves the conformance suite.
2-3 players, cards numbered 1..N, a few rounds of:

1. PICK (simultaneous, one commit): everyone with cards secretly commits one from hand. When
   the last one commits, the picks are revealed; the highest card scores 2 and its owner
   becomes the raider; the picked cards go face up to the discard pile and everyone draws 1.
2. BUILD (simultaneous, many steps): everyone adds twigs to slots of their own nest (at most
   3 per slot, 2 twigs per round), each step public, then closes with EndBuild.
3. RAID (sequential): the raider raids an opponent who holds cards, or passes.
4. DISCARD (a pending decision of another player): the raided opponent alone chooses a card
   of their hand to discard face up.

After the last round every full slot (3 twigs) scores 3. Hidden: hands, deck order, committed
picks before the reveal, the rng.
"""

import enum
from collections.abc import Sequence
from typing import ClassVar, Final, TypeAlias, assert_never, get_args

import attrs

from birdgames import IllegalActionError, InvalidConfigError, codec
from birdgames.core import PlayerId, check_player, check_spectator_or_player, stuck_problem
from birdgames.fields import ActionTypes
from birdgames.rng import Rng, shuffle

SLOT_CAP: Final = 3
PICK_POINTS: Final = 2
FULL_SLOT_POINTS: Final = 3
PLAYER_COUNTS: Final = (2, 3)
CONFIG_MOST: Final = 20  # rounds, hand size, slots and twigs: a small game, bounded work


class Phase(enum.Enum):
    """Where the round stands."""

    PICK = "pick"
    BUILD = "build"
    RAID = "raid"
    DISCARD = "discard"
    OVER = "over"


@attrs.frozen
class Config:
    """The table: seats and the size of the game."""

    kind: ClassVar[str] = "toy.config"
    players: int
    rounds: int = 3
    hand_size: int = 4
    slots: int = 2
    twigs: int = 2

    @property
    def deck_size(self) -> int:
        """Returns N: the deck holds cards 1..N, enough for every draw."""
        return self.players * (self.hand_size + self.rounds)


@attrs.frozen
class Seat:
    """One player's part of the state."""

    hand: tuple[int, ...]  # sorted, so its order tells nothing
    pick: int | None  # committed face down, hidden until every pick is in
    nest: tuple[int, ...]  # twigs per slot
    twigs: int  # twigs left this build phase
    done: bool  # closed the build phase
    score: int


@attrs.frozen
class State:
    """Everything, secrets included."""

    kind: ClassVar[str] = "toy.state"
    config: Config
    rng: Rng
    round: int
    phase: Phase
    deck: tuple[int, ...]  # top first
    discard: tuple[int, ...]  # face up, oldest first
    seats: tuple[Seat, ...]
    last_picks: tuple[int | None, ...]  # the picks of the last reveal, by seat
    raider: int | None
    victim: int | None


# ---------------------------------------------------------------- actions


@attrs.frozen
class Pick:
    """Commit a card from hand face down."""

    kind: ClassVar[str] = "toy.pick"
    player: int
    card: int

    def __str__(self) -> str:
        return f"p{self.player} picks card {self.card}"


@attrs.frozen
class Build:
    """Add a twig to a slot of your own nest."""

    kind: ClassVar[str] = "toy.build"
    player: int
    slot: int

    def __str__(self) -> str:
        return f"p{self.player} builds on slot {self.slot}"


@attrs.frozen
class EndBuild:
    """Close your build phase."""

    kind: ClassVar[str] = "toy.end_build"
    player: int

    def __str__(self) -> str:
        return f"p{self.player} ends building"


@attrs.frozen
class Raid:
    """Make an opponent discard a card of their choice."""

    kind: ClassVar[str] = "toy.raid"
    player: int
    target: int

    def __str__(self) -> str:
        return f"p{self.player} raids p{self.target}"


@attrs.frozen
class Pass:
    """Do not raid."""

    kind: ClassVar[str] = "toy.pass"
    player: int

    def __str__(self) -> str:
        return f"p{self.player} passes"


@attrs.frozen
class Discard:
    """Answer a raid: discard a card of your hand face up."""

    kind: ClassVar[str] = "toy.discard"
    player: int
    card: int

    def __str__(self) -> str:
        return f"p{self.player} discards card {self.card}"


Action: TypeAlias = Pick | Build | EndBuild | Raid | Pass | Discard
ACTION_CLASSES: Final = (Pick, Build, EndBuild, Raid, Pass, Discard)
ACTION_TYPES: Final = ActionTypes("toy", ACTION_CLASSES)


# ---------------------------------------------------------------- events


@attrs.frozen
class Committed:
    """A player committed a pick; `card` is None where it is hidden."""

    kind: ClassVar[str] = "toy.committed"
    player: int
    card: int | None

    def __str__(self) -> str:
        what = "a hidden card" if self.card is None else f"card {self.card}"
        return f"p{self.player} commits {what}"


@attrs.frozen
class Revealed:
    """Every committed pick is turned face up (None: that seat had no card)."""

    kind: ClassVar[str] = "toy.revealed"
    picks: tuple[int | None, ...]

    def __str__(self) -> str:
        shown = ", ".join(f"p{p} {c}" for p, c in enumerate(self.picks) if c is not None)
        return f"picks revealed: {shown or 'none'}"


@attrs.frozen
class Scored:
    """A player scored points (`reason` says for what)."""

    kind: ClassVar[str] = "toy.scored"
    player: int
    points: int
    reason: str

    def __str__(self) -> str:
        return f"p{self.player} scores {self.points} for {self.reason}"


@attrs.frozen
class Drew:
    """A player drew from the deck; `card` is None where it is hidden."""

    kind: ClassVar[str] = "toy.drew"
    player: int
    card: int | None

    def __str__(self) -> str:
        what = "a card" if self.card is None else f"card {self.card}"
        return f"p{self.player} draws {what}"


@attrs.frozen
class Built:
    """A twig went onto a nest slot."""

    kind: ClassVar[str] = "toy.built"
    player: int
    slot: int

    def __str__(self) -> str:
        return f"p{self.player} builds on slot {self.slot}"


@attrs.frozen
class EndedBuild:
    """A player closed their build phase."""

    kind: ClassVar[str] = "toy.ended_build"
    player: int

    def __str__(self) -> str:
        return f"p{self.player} ends building"


@attrs.frozen
class Raided:
    """The raider chose a victim."""

    kind: ClassVar[str] = "toy.raided"
    player: int
    target: int

    def __str__(self) -> str:
        return f"p{self.player} raids p{self.target}"


@attrs.frozen
class Passed:
    """The raider did not raid."""

    kind: ClassVar[str] = "toy.passed"
    player: int

    def __str__(self) -> str:
        return f"p{self.player} passes"


@attrs.frozen
class Discarded:
    """A raided player discarded a card face up."""

    kind: ClassVar[str] = "toy.discarded"
    player: int
    card: int

    def __str__(self) -> str:
        return f"p{self.player} discards card {self.card}"


@attrs.frozen
class GameEnded:
    """The last round is over."""

    kind: ClassVar[str] = "toy.game_ended"
    winners: tuple[int, ...]

    def __str__(self) -> str:
        return "game over; winners: " + ", ".join(f"p{p}" for p in self.winners)


Event: TypeAlias = (
    Committed
    | Revealed
    | Scored
    | Drew
    | Built
    | EndedBuild
    | Raided
    | Passed
    | Discarded
    | GameEnded
)


# ---------------------------------------------------------------- view


@attrs.frozen
class SeatView:
    """One seat as a viewer sees it."""

    hand: tuple[int, ...] | None  # only the viewer's own
    hand_size: int
    committed: bool
    pick: int | None  # only the viewer's own
    nest: tuple[int, ...]
    twigs: int
    done: bool
    score: int


@attrs.frozen
class View:
    """What one player (or a spectator, None) sees."""

    kind: ClassVar[str] = "toy.view"
    player: int | None
    round: int
    phase: Phase
    to_act: tuple[int, ...]
    deck_size: int
    discard: tuple[int, ...]
    last_picks: tuple[int | None, ...]
    raider: int | None
    victim: int | None
    seats: tuple[SeatView, ...]


# ---------------------------------------------------------------- rules


def _without(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def _replace(seats: tuple[Seat, ...], player: int, seat: Seat) -> tuple[Seat, ...]:
    return (*seats[:player], seat, *seats[player + 1 :])


def _is_int(value: object) -> bool:
    return type(value) is int


class ToyGame:
    """The Nestlings engine; subclasses in tests/toy/broken.py break it on purpose."""

    @property
    def name(self) -> str:
        return "toy"

    @property
    def player_counts(self) -> tuple[int, ...]:
        return PLAYER_COUNTS

    @property
    def config_type(self) -> type[Config]:
        return Config

    @property
    def state_type(self) -> type[State]:
        return State

    @property
    def view_type(self) -> type[View]:
        return View

    @property
    def action_types(self) -> tuple[type[Action], ...]:
        return ACTION_CLASSES

    @property
    def event_types(self) -> tuple[type[Event], ...]:
        return get_args(Event)

    def default_config(self, players: int) -> Config:
        if players not in PLAYER_COUNTS:
            raise InvalidConfigError(f"toy plays with 2 or 3 players, not {players!r}")
        return Config(players=players)

    def new_game(self, config: Config, seed: int) -> State:
        self._validate(config)
        rng = Rng.from_seed(seed)
        cards, rng = shuffle(rng, range(1, config.deck_size + 1))
        size = config.hand_size
        seats = tuple(
            Seat(
                hand=tuple(sorted(cards[p * size : (p + 1) * size])),
                pick=None,
                nest=(0,) * config.slots,
                twigs=0,
                done=False,
                score=0,
            )
            for p in range(config.players)
        )
        state = State(
            config=config,
            rng=rng,
            round=0,
            phase=Phase.PICK,
            deck=cards[config.players * size :],
            discard=(),
            seats=seats,
            last_picks=(None,) * config.players,
            raider=None,
            victim=None,
        )
        return self._open_pick(state, [])

    @staticmethod
    def _validate(config: Config) -> None:
        if not isinstance(config, Config):
            raise InvalidConfigError(f"expected a toy Config, not {type(config).__name__}")
        if config.players not in PLAYER_COUNTS:
            raise InvalidConfigError(f"toy plays with 2 or 3 players, not {config.players}")
        for field in ("rounds", "hand_size", "slots"):
            if not 1 <= getattr(config, field) <= CONFIG_MOST:
                raise InvalidConfigError(f"{field} must be at least 1 and at most {CONFIG_MOST}")
        if not 0 <= config.twigs <= CONFIG_MOST:
            raise InvalidConfigError(f"twigs must be at least 0 and at most {CONFIG_MOST}")

    def max_actions(self, config: Config) -> int:
        self._validate(config)
        # Per round: a pick and up to `twigs` builds and an end per player, a raid, a discard.
        return config.rounds * (config.players * (config.twigs + 2) + 2)

    def to_act(self, state: State) -> tuple[PlayerId, ...]:
        match state.phase:
            case Phase.PICK:
                return tuple(
                    p for p, seat in enumerate(state.seats) if seat.pick is None and seat.hand
                )
            case Phase.BUILD:
                return tuple(p for p, seat in enumerate(state.seats) if not seat.done)
            case Phase.RAID:
                assert state.raider is not None
                return (state.raider,)
            case Phase.DISCARD:
                assert state.victim is not None
                return (state.victim,)
            case Phase.OVER:
                return ()
            case _:
                assert_never(state.phase)

    def legal_actions(self, state: State, player: PlayerId) -> tuple[Action, ...]:
        check_player(player, state.config.players)
        if player not in self.to_act(state):
            return ()
        seat = state.seats[player]
        match state.phase:
            case Phase.PICK:
                return tuple(Pick(player, card) for card in seat.hand)
            case Phase.BUILD:
                builds = tuple(
                    Build(player, slot)
                    for slot, twigs in enumerate(seat.nest)
                    if seat.twigs > 0 and twigs < SLOT_CAP
                )
                return (*builds, EndBuild(player))
            case Phase.RAID:
                raids = tuple(
                    Raid(player, target)
                    for target, other in enumerate(state.seats)
                    if target != player and other.hand
                )
                return (*raids, Pass(player))
            case Phase.DISCARD:
                return tuple(Discard(player, card) for card in seat.hand)
            case Phase.OVER:
                return ()
            case _:
                assert_never(state.phase)

    def check(self, state: State, action: Action) -> str | None:
        problem = ACTION_TYPES.problem(action)
        if problem is not None:
            return problem
        player = action.player
        if not _is_int(player) or not 0 <= player < state.config.players:
            return f"there is no seat {player!r} at this table"
        if state.phase is Phase.OVER:
            return "the game is over"
        waiting = self.to_act(state)
        if player not in waiting:
            names = ", ".join(f"p{p}" for p in waiting)
            return f"p{player} has no decision now; waiting for {names}"
        return self._check_move(state, action)

    def _check_move(self, state: State, action: Action) -> str | None:
        seat = state.seats[action.player]
        phase = state.phase.value
        match action:
            case Pick(card=card):
                if state.phase is not Phase.PICK:
                    return f"cards are picked in the pick phase, not the {phase} phase"
                if card not in seat.hand:
                    return f"card {card!r} is not in your hand"
            case Build(slot=slot):
                if state.phase is not Phase.BUILD:
                    return f"nests are built in the build phase, not the {phase} phase"
                if not _is_int(slot) or not 0 <= slot < state.config.slots:
                    return f"your nest has slots 0 to {state.config.slots - 1}, not {slot!r}"
                if seat.twigs == 0:
                    return "you have no twigs left this round"
                if seat.nest[slot] >= SLOT_CAP:
                    return f"slot {slot} already holds {SLOT_CAP} twigs"
            case EndBuild():
                if state.phase is not Phase.BUILD:
                    return f"building ends in the build phase, not the {phase} phase"
            case Raid(target=target):
                if state.phase is not Phase.RAID:
                    return f"raids happen in the raid phase, not the {phase} phase"
                if not _is_int(target) or not 0 <= target < state.config.players:
                    return f"there is no seat {target!r} to raid"
                if target == action.player:
                    return "you cannot raid yourself"
                if not state.seats[target].hand:
                    return f"p{target} has no cards to discard"
            case Pass():
                if state.phase is not Phase.RAID:
                    return f"only the raider passes, in the raid phase, not the {phase} phase"
            case Discard(card=card):
                if state.phase is not Phase.DISCARD:
                    return f"cards are discarded after a raid, not in the {phase} phase"
                if card not in seat.hand:
                    return f"card {card!r} is not in your hand"
            case _:
                assert_never(action)
        return None

    def apply(self, state: State, action: Action) -> State:
        return self.step(state, action)[0]

    def step(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        reason = self.check(state, action)
        if reason is not None:
            raise IllegalActionError(action, reason)
        events: list[Event] = []
        player = action.player
        seat = state.seats[player]
        match action:
            case Pick(card=card):
                seat = attrs.evolve(seat, hand=_without(seat.hand, card), pick=card)
                state = attrs.evolve(state, seats=_replace(state.seats, player, seat))
                events.append(Committed(player, card))
                if not self.to_act(state):
                    state = self._resolve_picks(state, events, player)
            case Build(slot=slot):
                nest = (*seat.nest[:slot], seat.nest[slot] + 1, *seat.nest[slot + 1 :])
                seat = attrs.evolve(seat, nest=nest, twigs=seat.twigs - 1)
                state = attrs.evolve(state, seats=_replace(state.seats, player, seat))
                events.append(Built(player, slot))
            case EndBuild():
                state = self._end_build(state, player, events)
                if not self.to_act(state):
                    if state.raider is None:
                        state = self._next_round(state, events)
                    else:
                        state = attrs.evolve(state, phase=Phase.RAID)
            case Raid(target=target):
                state = attrs.evolve(state, phase=Phase.DISCARD, victim=target)
                events.append(Raided(player, target))
            case Pass():
                events.append(Passed(player))
                state = self._next_round(state, events)
            case Discard(card=card):
                seat = attrs.evolve(seat, hand=_without(seat.hand, card))
                state = attrs.evolve(
                    state,
                    seats=_replace(state.seats, player, seat),
                    discard=(*state.discard, card),
                )
                events.append(Discarded(player, card))
                state = self._next_round(state, events)
            case _:
                assert_never(action)
        return state, tuple(events)

    def _end_build(self, state: State, player: int, events: list[Event]) -> State:
        seat = attrs.evolve(state.seats[player], done=True)
        events.append(EndedBuild(player))
        return attrs.evolve(state, seats=_replace(state.seats, player, seat))

    def _draw_order(self, state: State, last: int) -> Sequence[int]:
        # Seat order: who committed last must not matter.
        del last
        return range(state.config.players)

    def _resolve_picks(self, state: State, events: list[Event], last: int) -> State:
        picks = tuple(seat.pick for seat in state.seats)
        events.append(Revealed(picks))
        shown = [card for card in picks if card is not None]
        raider = None
        seats = list(state.seats)
        if shown:
            raider = picks.index(max(shown))
            seats[raider] = attrs.evolve(seats[raider], score=seats[raider].score + PICK_POINTS)
            events.append(Scored(raider, PICK_POINTS, "the highest pick"))
        deck = state.deck
        for p in self._draw_order(state, last):
            if deck:
                seats[p] = attrs.evolve(seats[p], hand=tuple(sorted((*seats[p].hand, deck[0]))))
                events.append(Drew(p, deck[0]))
                deck = deck[1:]
        twigs = state.config.twigs
        return attrs.evolve(
            state,
            phase=Phase.BUILD,
            deck=deck,
            discard=state.discard + tuple(shown),
            seats=tuple(attrs.evolve(s, pick=None, twigs=twigs, done=False) for s in seats),
            last_picks=picks,
            raider=raider,
        )

    def _open_pick(self, state: State, events: list[Event]) -> State:
        state = attrs.evolve(state, phase=Phase.PICK, raider=None, victim=None)
        if not self.to_act(state):
            # Nobody holds a card: the reveal shows nothing and the round goes on.
            state = self._resolve_picks(state, events, 0)
        return state

    def _next_round(self, state: State, events: list[Event]) -> State:
        state = attrs.evolve(state, round=state.round + 1)
        if state.round < state.config.rounds:
            return self._open_pick(state, events)
        seats = list(state.seats)
        for p, seat in enumerate(seats):
            points = FULL_SLOT_POINTS * sum(1 for twigs in seat.nest if twigs >= SLOT_CAP)
            if points:
                seats[p] = attrs.evolve(seat, score=seat.score + points)
                events.append(Scored(p, points, "full nest slots"))
        state = attrs.evolve(state, phase=Phase.OVER, seats=tuple(seats), raider=None, victim=None)
        events.append(GameEnded(self.winners(state)))
        return state

    def visible_events(
        self, events: tuple[Event, ...], player: PlayerId | None
    ) -> tuple[Event, ...]:
        return tuple(self._visible(event, player) for event in events)

    @staticmethod
    def _visible(event: Event, player: PlayerId | None) -> Event:
        match event:
            case Committed() | Drew() if event.player != player:
                return attrs.evolve(event, card=None)
            case _:
                return event

    def is_terminal(self, state: State) -> bool:
        return state.phase is Phase.OVER

    def scores(self, state: State) -> tuple[int, ...]:
        return tuple(seat.score for seat in state.seats)

    def winners(self, state: State) -> tuple[PlayerId, ...]:
        if state.phase is not Phase.OVER:
            return ()
        best = max(self.scores(state))
        return tuple(p for p, score in enumerate(self.scores(state)) if score == best)

    def view(self, state: State, player: PlayerId | None) -> View:
        viewer = check_spectator_or_player(player, state.config.players)
        return View(
            player=viewer,
            round=state.round,
            phase=state.phase,
            to_act=self.to_act(state),
            deck_size=len(state.deck),
            discard=state.discard,
            last_picks=state.last_picks,
            raider=state.raider,
            victim=state.victim,
            seats=tuple(self._seat_view(seat, p == viewer) for p, seat in enumerate(state.seats)),
        )

    @staticmethod
    def _seat_view(seat: Seat, own: bool) -> SeatView:
        return SeatView(
            hand=seat.hand if own else None,
            hand_size=len(seat.hand),
            committed=seat.pick is not None,
            pick=seat.pick if own else None,
            nest=seat.nest,
            twigs=seat.twigs,
            done=seat.done,
            score=seat.score,
        )


def validate(state: State) -> str | None:
    """Returns the first broken invariant of a loaded state, or None."""
    return cards_problem(state) or play_problem(state)


def cards_problem(state: State) -> str | None:
    """Returns why the seats, nests and cards cannot be this game's, or None."""
    config = state.config
    try:
        ToyGame._validate(config)
    except InvalidConfigError as error:
        return str(error)
    if config.players not in PLAYER_COUNTS or len(state.seats) != config.players:
        return f"the state has {len(state.seats)} seats for {config.players} players"
    cards = [*state.deck, *state.discard]
    for seat in state.seats:
        cards += seat.hand
        if seat.pick is not None:
            cards.append(seat.pick)
        if len(seat.nest) != config.slots or any(not 0 <= t <= SLOT_CAP for t in seat.nest):
            return f"a nest must have {config.slots} slots of 0 to {SLOT_CAP} twigs"
        if not 0 <= seat.twigs <= config.twigs:
            return f"twigs must be from 0 to {config.twigs}"
        if tuple(sorted(seat.hand)) != seat.hand:
            return "hands are kept sorted"
    # The count first: deck_size comes from the document and may be huge.
    if len(cards) != config.deck_size or sorted(cards) != list(range(1, config.deck_size + 1)):
        return f"cards 1 to {config.deck_size} must each be somewhere exactly once"
    if not 0 <= state.round <= config.rounds:
        return f"round must be from 0 to {config.rounds}"
    return None


def play_problem(state: State) -> str | None:
    """Returns why play could not have reached `state` or cannot go on from it, or None."""
    config, phase = state.config, state.phase
    players = range(config.players)
    # Every reveal draws one card per seat, and the deck holds enough for every round.
    revealed = state.round + (phase in (Phase.BUILD, Phase.RAID, Phase.DISCARD))
    if len(state.deck) != config.deck_size - config.players * (config.hand_size + revealed):
        return f"a deck of {len(state.deck)} cards in round {state.round} ({phase.value})"
    if (phase is Phase.OVER) != (state.round == config.rounds):
        return f"round {state.round} of {config.rounds} in the {phase.value} phase"
    if phase is not Phase.PICK and any(seat.pick is not None for seat in state.seats):
        return f"a committed pick in the {phase.value} phase"
    if len(state.last_picks) != config.players:
        return "last_picks needs one entry per seat"
    if phase in (Phase.RAID, Phase.DISCARD) and state.raider not in players:
        return f"the {phase.value} phase needs a raider, not {state.raider!r}"
    if phase in (Phase.PICK, Phase.OVER) and state.raider is not None:
        return f"a raider in the {phase.value} phase"
    if state.raider is not None and state.raider not in players:
        return f"raider {state.raider!r} is no seat"
    if phase is Phase.DISCARD:
        if state.victim not in players or state.victim == state.raider:
            return f"the raider's victim {state.victim!r} is no other seat"
    elif state.victim is not None:
        return f"a victim in the {phase.value} phase"
    most = PICK_POINTS * config.rounds + FULL_SLOT_POINTS * config.slots
    for seat in state.seats:
        if not 0 <= seat.score <= most:
            return f"a score of {seat.score}, not 0 to {most}"
        if sum(seat.nest) > config.twigs * revealed:
            return f"a nest of {sum(seat.nest)} twigs after {revealed} build phases"
    # Last: the checks above keep the rules from reading impossible values.
    return stuck_problem(GAME, state)


GAME: Final = ToyGame()

codec.register(Config, State, View)
codec.register(*ACTION_CLASSES, role="action")
codec.register(
    Committed,
    Revealed,
    Scored,
    Drew,
    Built,
    EndedBuild,
    Raided,
    Passed,
    Discarded,
    GameEnded,
    role="event",
)
codec.register_validator(State, validate)
