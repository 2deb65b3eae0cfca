"""The bundled games: where each one's engine, words, encoding and bot support live.

The one module outside the game packages that names them. Importing birdgames registers
them with `core.register_game` (nothing of a game is imported until it is first used), and
`get_game` / `get_words` type a literal name precisely. The games import only the shared
floors (core, codec, encoding, bots, fields, rng), which never import this module, so no
import goes round in a circle, not even one for types (tests/core/test_layers.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, Literal, overload

from birdgames.core import (
    AnyGame,
    AnyWords,
    GameModules,
    RegisteredGame,
    Words,
    register_game,
    registered_game,
    registered_words,
)

if TYPE_CHECKING:
    from birdgames.peacock.actions import Action as PeacockAction
    from birdgames.peacock.events import Event as PeacockEvent
    from birdgames.peacock.game import PeacockGame
    from birdgames.peacock.state import State as PeacockState
    from birdgames.peacock.view import View as PeacockView
    from birdgames.perch_bop.actions import Action as PerchAction
    from birdgames.perch_bop.events import Event as PerchEvent
    from birdgames.perch_bop.game import PerchGame
    from birdgames.perch_bop.view import View as PerchView
    from birdgames.rookery.actions import Action as RookeryAction
    from birdgames.rookery.events import Event as RookeryEvent
    from birdgames.rookery.game import RookeryGame
    from birdgames.rookery.view import View as RookeryView


def _bundled(package: str, simultaneous_commit: Callable[[Any], bool] | None = None) -> GameModules:
    return GameModules(
        engine=f"{package}.game",
        words=f"{package}.words",
        encoding=f"{package}.encoding",
        bots=f"{package}.bots",
        simultaneous_commit=simultaneous_commit,
    )


def _peacock_drafting(state: PeacockState) -> bool:
    """Whether Peacock's seats are drafting: each commits one hidden pick, revealed together."""
    return state.phase.value == "draft"


# The bundled games, in the order `games()` lists them.
BUNDLED: Final = {
    "perch_bop": _bundled("birdgames.perch_bop"),
    "peacock": _bundled("birdgames.peacock", simultaneous_commit=_peacock_drafting),
    "rookery": _bundled("birdgames.rookery"),
}

for _name, _modules in BUNDLED.items():
    register_game(_name, _modules)


@overload
def get_game(name: Literal["perch_bop"]) -> PerchGame: ...


@overload
def get_game(name: Literal["peacock"]) -> PeacockGame: ...


@overload
def get_game(name: Literal["rookery"]) -> RookeryGame: ...


@overload
def get_game(name: str) -> RegisteredGame: ...


def get_game(name: str) -> AnyGame:
    """Returns the engine called `name`, precisely typed for a literal name."""
    return registered_game(name)


@overload
def get_words(name: Literal["perch_bop"]) -> Words[PerchView, PerchAction, PerchEvent]: ...


@overload
def get_words(name: Literal["peacock"]) -> Words[PeacockView, PeacockAction, PeacockEvent]: ...


@overload
def get_words(name: Literal["rookery"]) -> Words[RookeryView, RookeryAction, RookeryEvent]: ...


@overload
def get_words(name: str) -> AnyWords: ...


def get_words(name: str) -> AnyWords:
    """Returns the words (`<game>.words.WORDS`) of the engine called `name`."""
    return registered_words(name)
