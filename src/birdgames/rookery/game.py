"""GAME: thin delegations to the rule modules, and the codec registrations."""

from __future__ import annotations

from typing import Final, get_args

from birdgames import codec
from birdgames.core import InvalidConfigError, check_player, check_seed
from birdgames.rookery import bounds, rules, scoring, setup
from birdgames.rookery import events as ev
from birdgames.rookery import view as views
from birdgames.rookery.actions import ACTION_CLASSES, Action
from birdgames.rookery.events import EVENT_CLASSES, Event
from birdgames.rookery.invariants import invariant_violation
from birdgames.rookery.state import AmbushWindow, Config, DiscardChoice, Phase, State, TargetChoice
from birdgames.rookery.view import View

# The members of the Action and Event unions, for generic code (Game.action_types).
_ACTION_TYPES: Final[tuple[type[Action], ...]] = get_args(Action)
_EVENT_TYPES: Final[tuple[type[Event], ...]] = get_args(Event)
# Enum members as module names: 10% of a Rookery action (docs/performance.md)
_OVER: Final = Phase.OVER


class RookeryGame:
    """Rookery: two players, three zones, a season wheel and Prizes."""

    @property
    def name(self) -> str:
        return "rookery"

    @property
    def player_counts(self) -> tuple[int, ...]:
        return (2,)

    @property
    def config_type(self) -> type[Config]:
        return Config

    @property
    def state_type(self) -> type[State]:
        return State

    @property
    def view_type(self) -> type[View]:
        return views.View

    @property
    def action_types(self) -> tuple[type[Action], ...]:
        return _ACTION_TYPES

    @property
    def event_types(self) -> tuple[type[Event], ...]:
        return _EVENT_TYPES

    def default_config(self, players: int) -> Config:
        if players != 2:
            raise InvalidConfigError(f"Rookery is for exactly 2 players, not {players!r}")
        return Config()

    def new_game(self, config: Config, seed: int) -> State:
        # Checked first, so that every build refuses True as a seed and names what is wrong
        # with a foreign config.
        return setup.new_game(setup.validate(config), check_seed(seed))

    def max_actions(self, config: Config) -> int:
        return bounds.max_actions(config)

    def to_act(self, state: State) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: State, player: int) -> tuple[Action, ...]:
        # Checked first, so that every build refuses True as a seat.
        check_player(player, len(state.seats))
        return rules.seat_actions(state, player)

    def check(self, state: State, action: Action) -> str | None:
        return rules.check(state, action)

    def apply(self, state: State, action: Action) -> State:
        return rules.advance(state, action)

    def step(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        return rules.step(state, action)

    def visible_events(self, events: tuple[Event, ...], player: int | None) -> tuple[Event, ...]:
        return tuple(ev.visible(event, player) for event in events)

    def is_terminal(self, state: State) -> bool:
        return state.phase is _OVER

    def scores(self, state: State) -> tuple[int, ...]:
        return scoring.scores(state)

    def winners(self, state: State) -> tuple[int, ...]:
        return scoring.winners(state)

    def view(self, state: State, player: int | None) -> View:
        return views.view(state, player)


GAME: Final = RookeryGame()

# State format 3: the per-seat data is `seats`, as in every game (`players` before). Format 2
# counted a turn's actions (R2's 60-action cap). An older State is refused with its format
# named. Configs and actions are unchanged, so records stay format 1 and replay as before.
STATE_FORMAT: Final = 3
codec.register(State, version=STATE_FORMAT)
# View format 3: the common view shape (players is the count, the per-seat parts are seats);
# views are snapshots, so an older one is refused rather than completed.
codec.register(View, version=3)
# Config format 2: the Heron is Unique and Uncontestable, and a season-lengthening card that
# would push a season past 8 turns is no longer playable (R7.2 DECISION), so a format-1
# record could replay differently; it is refused instead.
CONFIG_FORMAT: Final = 2
codec.register(Config, version=CONFIG_FORMAT)
codec.register(AmbushWindow, DiscardChoice, TargetChoice)
codec.register(*ACTION_CLASSES)
codec.register(*EVENT_CLASSES)
codec.register_validator(State, invariant_violation)
