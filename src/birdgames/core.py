"""The Game protocol, the error family and the engine registry."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Final, Protocol, TypeAlias, TypeVar

from birdgames.fields import describe, describe_action

PlayerId: TypeAlias = int

ConfigT = TypeVar("ConfigT")
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ViewT_co = TypeVar("ViewT_co", covariant=True)
EventT = TypeVar("EventT")


class BirdgamesError(ValueError):
    """Base of every error birdgames raises on purpose."""


_SHOWN_REASON: Final = 500


class IllegalActionError(BirdgamesError):
    """An action the rules do not allow now; `.reason` says why in a sentence.

    The message names the action safely: a wrongly typed or huge field is shown cut, and
    the action's own str is only used when every field has its declared type.
    """

    def __init__(self, action: object, reason: str) -> None:
        shown = reason if len(reason) <= _SHOWN_REASON else f"{reason[:_SHOWN_REASON]}..."
        super().__init__(f"illegal action {describe_action(action)}: {shown}")
        self.action = action
        self.reason = reason


class InvalidConfigError(BirdgamesError):
    """A config, player count, player id or game name that cannot be used."""


class CodecError(BirdgamesError):
    """Text that is not a valid birdgames document for the requested type."""


class Tagged(Protocol):
    """Anything with a permanent namespaced wire tag, such as `"peacock.state"`."""

    # A ClassVar, as every tagged class declares it: pyright does not let a ClassVar
    # satisfy a protocol property.
    kind: ClassVar[str]


class ActionLike(Tagged, Protocol):
    """What every action of every game offers: the acting seat and its wire tag."""

    @property
    def player(self) -> PlayerId: ...


class Game(Protocol[ConfigT, StateT, ActionT, ViewT_co, EventT]):
    """The interface every birdgames engine implements (see docs/contract.md)."""

    @property
    def name(self) -> str: ...

    @property
    def player_counts(self) -> tuple[int, ...]: ...

    def default_config(self, players: int) -> ConfigT: ...

    def new_game(self, config: ConfigT, seed: int) -> StateT: ...

    def max_actions(self, config: ConfigT) -> int: ...

    def to_act(self, state: StateT) -> tuple[PlayerId, ...]: ...

    def legal_actions(self, state: StateT, player: PlayerId) -> tuple[ActionT, ...]: ...

    def check(self, state: StateT, action: ActionT) -> str | None: ...

    def apply(self, state: StateT, action: ActionT) -> StateT: ...

    def step(self, state: StateT, action: ActionT) -> tuple[StateT, tuple[EventT, ...]]: ...

    def visible_events(
        self, events: tuple[EventT, ...], player: PlayerId | None
    ) -> tuple[EventT, ...]: ...

    def is_terminal(self, state: StateT) -> bool: ...

    def scores(self, state: StateT) -> tuple[int, ...]: ...

    def winners(self, state: StateT) -> tuple[PlayerId, ...]: ...

    def view(self, state: StateT, player: PlayerId | None) -> ViewT_co: ...


AnyGame: TypeAlias = Game[Any, Any, Any, Any, Any]

# Engines that have landed, in the order games() lists them.
ENGINE_MODULES: Final[tuple[str, ...]] = ("perch_bop", "peacock", "rookery")


@functools.cache
def games() -> Mapping[str, AnyGame]:
    """Returns every registered engine by name."""
    found: dict[str, AnyGame] = {}
    for module_name in ENGINE_MODULES:
        module = importlib.import_module(f"birdgames.{module_name}")
        game: AnyGame = module.GAME
        found[game.name] = game
    return MappingProxyType(found)


def get_game(name: str) -> AnyGame:
    """Returns the engine called `name`."""
    registered = games()
    if name not in registered:
        known = ", ".join(sorted(registered)) or "none"
        raise InvalidConfigError(f"unknown game {name!r}; registered games: {known}")
    return registered[name]


def check_player(player: object, players: int) -> PlayerId:
    """Returns `player` if it is a seat of a `players`-player game, else raises."""
    if type(player) is not int or not 0 <= player < players:
        shown = describe(player)
        raise InvalidConfigError(f"player must be a seat from 0 to {players - 1}, not {shown}")
    return player


def check_spectator_or_player(player: object, players: int) -> PlayerId | None:
    """Returns `player` (a seat or None for a spectator) if valid, else raises."""
    if player is None:
        return None
    return check_player(player, players)


# Seeds of up to 256 bits cover every hash digest a client may seed with; wider ones cost
# replay time and text for nothing.
SEED_BITS: Final = 256


def check_seed(seed: object) -> int:
    """Returns `seed` if it is an int of at most `SEED_BITS` bits (either sign), else raises."""
    if type(seed) is not int:
        raise InvalidConfigError(f"the seed must be an int, not {type(seed).__name__}")
    if seed.bit_length() > SEED_BITS:
        raise InvalidConfigError(
            f"the seed must have at most {SEED_BITS} bits, not {seed.bit_length()}"
        )
    return seed


def stuck_problem(game: AnyGame, state: object) -> str | None:
    """Returns why play cannot go on from `state`, or None (a check for loaded states).

    Until the end someone is to act and every player to act has a legal action; a state
    breaking this would leave the table waiting forever. At the end someone has won.
    """
    to_act = game.to_act(state)
    if game.is_terminal(state):
        if to_act:
            return f"the game is over but {to_act} are to act"
        return None if game.winners(state) else "the game is over without winners"
    if not to_act:
        return "the game is not over but nobody is to act"
    for player in to_act:
        if not game.legal_actions(state, player):
            return f"p{player} is to act but has no legal action"
    return None
