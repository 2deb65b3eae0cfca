"""GAME: the Perch engine behind the core Game protocol; thin delegations."""

from __future__ import annotations

from typing import Final, get_args

from birdgames import codec
from birdgames.core import InvalidConfigError, check_player
from birdgames.perch_bop import rules, setup
from birdgames.perch_bop.actions import ACTION_CLASSES, Action
from birdgames.perch_bop.cards import (
    BIRDS_PER_COLOUR,
    EXPANSIONS,
    POND_EMONIUM,
    POND_TILE,
    PONDS_FOR_PLAYERS,
    ROUNDS,
    TILE,
)
from birdgames.perch_bop.endgame import winners_of
from birdgames.perch_bop.events import EVENT_CLASSES, Event, ObjectiveKept
from birdgames.perch_bop.geometry import geometry_for
from birdgames.perch_bop.invariants import invariant_violation
from birdgames.perch_bop.state import Config, Phase, State
from birdgames.perch_bop.view import View, view

# The members of the Action and Event unions, for generic code (Game.action_types).
_ACTION_TYPES: Final[tuple[type[Action], ...]] = get_args(Action)
_EVENT_TYPES: Final[tuple[type[Event], ...]] = get_args(Event)
_OVER: Final = Phase.OVER


class PerchGame:
    """Perch with the Birds of Play expansions and the promos, 2-5 players."""

    @property
    def name(self) -> str:
        return "perch_bop"

    @property
    def player_counts(self) -> tuple[int, ...]:
        return setup.PLAYER_COUNTS

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
        return _ACTION_TYPES

    @property
    def event_types(self) -> tuple[type[Event], ...]:
        return _EVENT_TYPES

    def default_config(self, players: int) -> Config:
        if type(players) is not int or players not in setup.PLAYER_COUNTS:
            raise InvalidConfigError(f"Perch is for 2 to 5 players, not {players!r}")
        # P1: all three Birds of Play expansions; the promos stay off (P8).
        return Config(players=players, expansions=EXPANSIONS)

    def new_game(self, config: Config, seed: int) -> State:
        return setup.new_game(config, seed)

    def max_actions(self, config: Config) -> int:
        setup.validate(config)
        n = config.players
        slots = len(geometry_for(n).layout.fountain)
        # Per round: migration answers (Early Bird + Rookery), Birdbath, Feeder, Scarecrow,
        # and per placed bird up to 3 turn actions (bonus, place, end) plus its zap's slot.
        # Each creature is activated at most once a round, in at most 6 decisions besides
        # fountain slots (the Fox: activate, 2 steps, use, 2 birds; the Cat: activate, step,
        # use, 2 birds, destination); slot choices stay within the 2 * slots allowance.
        # P8: the Golden Egg's move and the Eagle's ruling, one decision each a round.
        per_round = (
            1
            + n
            + 1
            + 1
            + 1
            + 4 * n * 3
            + ACTIVATION_DECISIONS * _creature_count(config)
            + 2 * bool(config.promos)
        )
        return n + ROUNDS * per_round + 2 * slots + 2 * BIRDS_PER_COLOUR

    def to_act(self, state: State) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: State, player: int) -> tuple[Action, ...]:
        # Checked first, so that every build refuses True or a str as a seat with the same
        # error; the rules check the range.
        if type(player) is not int:
            check_player(player, state.config.players)
        return rules.legal_actions(state, player)

    def check(self, state: State, action: Action) -> str | None:
        return rules.check(state, action)

    def apply(self, state: State, action: Action) -> State:
        return rules.advance(state, action)

    def step(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        return rules.step(state, action)

    def visible_events(self, events: tuple[Event, ...], player: int | None) -> tuple[Event, ...]:
        return tuple(_redact(e, player) for e in events)

    def is_terminal(self, state: State) -> bool:
        return state.flow.phase is _OVER

    def scores(self, state: State) -> tuple[int, ...]:
        return tuple(s.score for s in state.seats)

    def winners(self, state: State) -> tuple[int, ...]:
        if state.flow.phase is not _OVER:
            return ()
        return winners_of(state)

    def view(self, state: State, player: int | None) -> View:
        return view(state, player)


ACTIVATION_DECISIONS: Final = 6


def _creature_count(config: Config) -> int:
    """Returns the most creatures a game with this config has: one per creature tile, and
    with Pond-emonium one per creature Pond (P5)."""
    if config.tiles is not None:
        count = sum(1 for t in config.tiles if TILE[t].creature is not None)
    else:
        mix = config.tile_mix or geometry_for(config.players).layout.mix
        count = mix[1]  # tree / creature / special
    if POND_EMONIUM in config.expansions:
        if config.ponds is not None:
            count += sum(1 for t, _ in config.ponds if POND_TILE[t].creature is not None)
        else:
            creature_ponds = sum(1 for p in POND_TILE.values() if p.creature is not None)
            count += min(PONDS_FOR_PLAYERS[config.players], creature_ponds)
    return count


def _redact(event: Event, player: int | None) -> Event:
    # P2: the kept objective is its owner's secret until the end.
    if isinstance(event, ObjectiveKept) and event.player != player:
        return ObjectiveKept(event.player, None)
    return event


GAME: Final = PerchGame()

# Config format 2: creatures are activated, so turns go on while one is usable and a
# format-1 record of the same actions would replay differently; it is refused instead.
CONFIG_FORMAT: Final = 2
# State format 4: it holds the promos (None without them), and an activation addresses
# Ponds after the cells. A format-3 State (no promos, no Ponds' creatures) still loads; a
# format-2 one is refused with its format named. Records, configs and actions are
# unchanged, so base-game records still load and replay.
FORMAT: Final = 4
# View format 5: the promos and the common view shape (seats, is_terminal, decision). Views
# are snapshots, so an older one is refused rather than completed.
VIEW_FORMAT: Final = 5
codec.register(Config, version=CONFIG_FORMAT)
codec.register(State, version=FORMAT, oldest=3)
codec.register(View, version=VIEW_FORMAT)
codec.register(*ACTION_CLASSES, *EVENT_CLASSES)
codec.register_validator(State, invariant_violation)
