"""Variants of the toy game, each with one fault the conformance suite must catch."""

from collections.abc import Sequence
from typing import Any, ClassVar, Final

import attrs

from birdgames import codec
from birdgames.core import PlayerId
from tests.conformance.adapters import EngineAdapter
from tests.toy.adapter import ADAPTER
from tests.toy.game import (
    ACTION_CLASSES,
    ACTION_TYPES,
    Action,
    Build,
    Config,
    Discard,
    Event,
    Phase,
    Pick,
    Seat,
    SeatView,
    State,
    ToyGame,
    View,
    cards_problem,
    validate,
)


class IgnoresTurnOrder(ToyGame):
    """Forgets to ask whether the player is to act: a second pick replaces the first."""

    def check(self, state: State, action: Action) -> str | None:
        # Fields are typed first (as every engine does), so only the turn order is missing.
        problem = ACTION_TYPES.problem(action)
        if problem is not None:
            return problem
        if not isinstance(action, ACTION_CLASSES) or action.player not in range(len(state.seats)):
            return "not an action of a seat at this table"
        if state.phase is Phase.OVER:
            return "the game is over"
        return self._check_move(state, action)


class DiscardsAnyCard(ToyGame):
    """Forgets to check that a discarded card is in the hand: cards appear from nowhere."""

    def _check_move(self, state: State, action: Action) -> str | None:
        if isinstance(action, Discard) and state.phase is Phase.DISCARD:
            return None
        return super()._check_move(state, action)

    def step(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        if (
            self.check(state, action) is None
            and isinstance(action, Discard)
            and action.card not in state.seats[action.player].hand
        ):
            state = attrs.evolve(state, discard=(*state.discard, action.card))
            return self._next_round(state, []), ()
        return super().step(state, action)


class CrashesOnMistypedFields(ToyGame):
    """Compares a Build's slot before asking whether it is an int: a str slot raises."""

    def check(self, state: State, action: Action) -> str | None:
        # Only a present slot is compared: the fault is the type, not a missing field.
        slot = getattr(action, "slot", 0) if isinstance(action, Build) else 0
        if not 0 <= slot < state.config.slots:
            return f"your nest has no slot {slot}"
        return super().check(state, action)


class CrashesOnHollowActions(ToyGame):
    """Reads the seat of its own action classes before asking whether they have one."""

    def check(self, state: State, action: Action) -> str | None:
        if isinstance(action, Build) and action.player not in self.to_act(state):
            return f"p{action.player} has no decision now"
        return super().check(state, action)


class TakesBoolsForSeats(ToyGame):
    """Asks only whether the player is in to_act, where True counts as seat 1."""

    def legal_actions(self, state: State, player: PlayerId) -> tuple[Action, ...]:
        if player not in self.to_act(state):
            return ()
        return super().legal_actions(state, int(player))


class CrashesOnForeignObjects(ToyGame):
    """Reads `.player` of whatever it is given."""

    def check(self, state: State, action: Action) -> str | None:
        if action.player not in self.to_act(state):
            return f"p{action.player} has no decision now"
        return self._check_move(state, action)


class LeaksHands(ToyGame):
    """Shows every hand in every view."""

    @staticmethod
    def _seat_view(seat: Seat, own: bool) -> SeatView:
        del own
        return ToyGame._seat_view(seat, True)


class LeaksPicks(ToyGame):
    """Shows the picks others committed before the reveal."""

    def view(self, state: State, player: PlayerId | None) -> View:
        shown = super().view(state, player)
        seats = tuple(
            attrs.evolve(seat, pick=state.seats[p].pick) for p, seat in enumerate(shown.seats)
        )
        return attrs.evolve(shown, seats=seats)


class LeaksDraws(ToyGame):
    """Tells everyone which card each player drew."""

    def visible_events(
        self, events: tuple[Event, ...], player: PlayerId | None
    ) -> tuple[Event, ...]:
        del player
        return events


class NamesCardHolders(ToyGame):
    """Refuses a card the actor does not hold by saying who holds it: a reason leaks hands."""

    def _check_move(self, state: State, action: Action) -> str | None:
        reason = super()._check_move(state, action)
        if reason is not None and isinstance(action, Pick | Discard):
            for holder, seat in enumerate(state.seats):
                if holder != action.player and action.card in seat.hand:
                    return f"card {action.card} is in p{holder}'s hand, not yours"
        return reason


class DrawsByCommitOrder(ToyGame):
    """After the reveal, the last player to commit draws first: commit order matters."""

    def _draw_order(self, state: State, last: int) -> Sequence[int]:
        players = state.config.players
        return [(last + i) % players for i in range(players)]


class RewardsFirstBuilder(ToyGame):
    """The first player to end building scores a point: interleaving matters."""

    def _end_build(self, state: State, player: int, events: list[Event]) -> State:
        first = not any(seat.done for seat in state.seats)
        state = super()._end_build(state, player, events)
        if first:
            seat = state.seats[player]
            seats = list(state.seats)
            seats[player] = attrs.evolve(seat, score=seat.score + 1)
            state = attrs.evolve(state, seats=tuple(seats))
        return state


class UnderstatesMaxActions(ToyGame):
    """Claims every game ends within 5 actions."""

    def max_actions(self, config: Any) -> int:
        del config
        return 5


class StepDisagreesWithApply(ToyGame):
    """apply forgets to resolve the picks when the last one commits."""

    def apply(self, state: State, action: Action) -> State:
        after = self.step(state, action)[0]
        if state.phase is Phase.PICK and after.phase is Phase.BUILD:
            return attrs.evolve(after, round=after.round + 1)
        return after


class CorruptsOnRefusal(ToyGame):
    """Moves the round counter of the state it refuses an action on."""

    def step(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        if self.check(state, action) is not None:
            object.__setattr__(state, "round", state.round + 10)
        return super().step(state, action)


class OrdersByHash(ToyGame):
    """Lists legal actions in hash order, which differs between processes."""

    def legal_actions(self, state: State, player: PlayerId) -> tuple[Action, ...]:
        return tuple(sorted(super().legal_actions(state, player), key=lambda a: hash(str(a))))


ORDERS_BY_HASH = OrdersByHash()


@attrs.frozen
class UncheckedState(State):
    """The toy state under its own tag, whose loading checks only the cards."""

    kind: ClassVar[str] = "toy_broken.unchecked_state"


class LoadsImpossibleStates(ToyGame):
    """Its saves load when the cards add up, though a raid may name no raider or a discard
    no cards: such a state is stuck or crashes the next step."""

    def new_game(self, config: Config, seed: int) -> State:
        state = super().new_game(config, seed)
        return UncheckedState(**{f.name: getattr(state, f.name) for f in attrs.fields(State)})


codec.register(UncheckedState)
codec.register_validator(UncheckedState, cards_problem)


@attrs.frozen
class NegativeSeatState(State):
    """The toy state under its own tag, whose load check reads seat -1 as the last seat."""

    kind: ClassVar[str] = "toy_broken.negative_seat_state"


def _last_seat_for_minus_one(state: NegativeSeatState) -> str | None:
    players = len(state.seats)
    raider = None if state.raider is None else state.raider % players
    victim = None if state.victim is None else state.victim % players
    return validate(attrs.evolve(state, raider=raider, victim=victim))


codec.register(NegativeSeatState)
codec.register_validator(NegativeSeatState, _last_seat_for_minus_one)


class ReadsNegativeSeats(ToyGame):
    """Its saves name the raider and the victim as Python indexes: -1 is the last seat."""

    def new_game(self, config: Config, seed: int) -> State:
        state = super().new_game(config, seed)
        fields = {f.name: getattr(state, f.name) for f in attrs.fields(State)}
        return NegativeSeatState(**fields)


def _hides_nothing(state: State, player: int, seed: int) -> State:
    del player, seed
    return state


def adapter(game: ToyGame) -> EngineAdapter:
    """Returns the toy adapter driving `game` instead of the sound toy game."""
    return attrs.evolve(ADAPTER, game=game, game_ref=None)


# (variant adapter, a fragment of the message of the check that must catch it)
BROKEN: tuple[tuple[str, EngineAdapter, str], ...] = (
    ("ignores turn order", adapter(IgnoresTurnOrder()), "which legal_actions does not list"),
    ("discards any card", adapter(DiscardsAnyCard()), "which legal_actions does not list"),
    ("crashes on foreign objects", adapter(CrashesOnForeignObjects()), "instead of giving"),
    ("crashes on mistyped fields", adapter(CrashesOnMistypedFields()), "a mistyped field"),
    ("crashes on hollow actions", adapter(CrashesOnHollowActions()), "raised AttributeError"),
    ("takes bools for seats", adapter(TakesBoolsForSeats()), "accepted a non-seat"),
    ("leaks hands", adapter(LeaksHands()), "view of p"),
    ("leaks picks", adapter(LeaksPicks()), "view of p"),
    ("leaks draws", adapter(LeaksDraws()), "visible events"),
    ("names card holders", adapter(NamesCardHolders()), "the refusal of"),
    ("draws by commit order", adapter(DrawsByCommitOrder()), "give different states"),
    ("rewards first builder", adapter(RewardsFirstBuilder()), "give different states"),
    ("understates max_actions", adapter(UnderstatesMaxActions()), "max_actions"),
    ("step disagrees with apply", adapter(StepDisagreesWithApply()), "step and apply disagree"),
    ("corrupts on refusal", adapter(CorruptsOnRefusal()), "changed the old state"),
    ("loads impossible states", adapter(LoadsImpossibleStates()), r"state after \d+ actions with"),
    (
        "perturbation hides nothing",
        attrs.evolve(ADAPTER, perturb_hidden=_hides_nothing),
        "never changed",
    ),
)

# Only another process shows this fault: sim.play there picks other actions.
HASH_ORDERED: EngineAdapter = attrs.evolve(
    ADAPTER, game=ORDERS_BY_HASH, game_ref="tests.toy.broken:ORDERS_BY_HASH"
)
# Caught by tests/conformance/negative.py, not by the playing checks above.
NEGATIVE_SEATS: Final = adapter(ReadsNegativeSeats())
