"""GAME: the Peacock engine behind the core Game protocol (thin delegations)."""

from __future__ import annotations

from typing import Final, get_args

from birdgames import codec
from birdgames.core import check_player, check_seed
from birdgames.peacock import flow, invariants, rules, setup
from birdgames.peacock.actions import ACTION_CLASSES, Action
from birdgames.peacock.cards import DEAL_BIRDS, DEAL_ISLANDS, SEASONS_PER_GAME
from birdgames.peacock.events import (
    EVENT_CLASSES,
    Event,
    HandDealt,
    HandPassed,
    PickCommitted,
)
from birdgames.peacock.state import MOVES_PER_MIGRATION, Config, State
from birdgames.peacock.view import View, view

# The members of the Action and Event unions, for generic code (Game.action_types).
_ACTION_TYPES: Final[tuple[type[Action], ...]] = get_args(Action)
_EVENT_TYPES: Final[tuple[type[Event], ...]] = get_args(Event)


class PeacockGame:
    """Peacock for 2 to 4 players: draft, migrate, score over three seasons."""

    @property
    def name(self) -> str:
        return "peacock"

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
        """Returns the standard config for `players`: season and deck orders from the seed."""
        return setup.check_config(Config(players))

    def new_game(self, config: Config, seed: int) -> State:
        """Returns the position after setup and the first deal."""
        # Checked first, so that every build refuses True as a seed and names what is wrong
        # with a foreign config.
        return setup.new_game(setup.check_config(config), check_seed(seed))

    def max_actions(self, config: Config) -> int:
        """Returns a bound on the actions of any game with `config`.

        Per season: one pick per card dealt; in migration each island card once, each bird
        placed from the pool once, each player's tableau moves and lifts (its budget; rules:
        "A season (three in a game)") and each lifted bird placed again, one close per
        player; in additional migration each received bird once and one close per player.
        """
        config = setup.check_config(config)
        n = config.players
        birds = len(setup.bird_deck_cards(n))
        total = 0
        for rnd in range(SEASONS_PER_GAME):
            total += n * (DEAL_BIRDS[rnd] + DEAL_ISLANDS[rnd])  # draft picks
            total += n * DEAL_ISLANDS[rnd] + birds + 2 * n * MOVES_PER_MIGRATION + n  # migration
            total += birds + n  # additional migration
        return total

    def to_act(self, state: State) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: State, player: int) -> tuple[Action, ...]:
        # Checked first, so that every build refuses True as a seat.
        check_player(player, len(state.seats))
        return rules.legal_actions(state, player)

    def check(self, state: State, action: Action) -> str | None:
        return rules.check(state, action)

    def apply(self, state: State, action: Action) -> State:
        return rules.advance(state, action)

    def step(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        return rules.step(state, action)

    def visible_events(self, events: tuple[Event, ...], player: int | None) -> tuple[Event, ...]:
        """Returns `events` as `player` may know them: hidden cards become counts (rules:
        "Hidden information").
        """
        return tuple(_mask(event, player) for event in events)

    def is_terminal(self, state: State) -> bool:
        return rules.is_terminal(state)

    def scores(self, state: State) -> tuple[int, ...]:
        return flow.totals(state)

    def winners(self, state: State) -> tuple[int, ...]:
        return flow.winners(state)

    def view(self, state: State, player: int | None) -> View:
        return view(state, player)


def _mask(event: Event, player: int | None) -> Event:
    match event:
        case HandDealt() if event.player != player and event.birds is not None:
            return HandDealt(event.player, event.count, None, None)
        case PickCommitted() if event.player != player and event.card is not None:
            return PickCommitted(event.player, None)
        case HandPassed() if player not in (event.player, event.to) and event.birds is not None:
            return HandPassed(event.player, event.to, event.count, None, None)
        case _:
            return event


GAME: Final = PeacockGame()

codec.register(Config, *ACTION_CLASSES, *EVENT_CLASSES)
# State format 2: flocks lost `settled` and seats gained `moves` when placed birds could move
# freely (K2.3). View format 2: the common view shape (scores, is_terminal, decision); format 3:
# seats show their moves left. Views are snapshots, so an older one is refused rather than
# completed.
codec.register(State, version=2)
codec.register(View, version=3)
codec.register_validator(State, invariants.invariant_violation)

__all__ = ["GAME", "PeacockGame"]
