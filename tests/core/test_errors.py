"""The error family and the engine registry."""

from typing import Any

import pytest

import birdgames
from birdgames import (
    BirdgamesError,
    CodecError,
    IllegalActionError,
    InvalidConfigError,
    games,
    get_game,
)
from birdgames.core import check_player, check_spectator_or_player
from birdgames.registry import BUNDLED


@pytest.mark.parametrize(
    "cls", [BirdgamesError, IllegalActionError, InvalidConfigError, CodecError]
)
def test_every_error_is_a_birdgames_error_and_a_value_error(cls: type[Exception]) -> None:
    """Callers can catch BirdgamesError, or ValueError, for any of them."""
    assert issubclass(cls, BirdgamesError)
    assert issubclass(cls, ValueError)


def test_illegal_action_error_carries_the_action_and_the_reason() -> None:
    """IllegalActionError keeps .action and .reason and says both."""
    action = ("pass", 1)
    error = IllegalActionError(action, "p1 has no decision now")
    assert error.action is action
    assert error.reason == "p1 has no decision now"
    assert "p1 has no decision now" in str(error)
    assert str(action) in str(error)


def test_get_game_refuses_an_unknown_name_listing_the_registered_ones() -> None:
    """An unknown name raises InvalidConfigError naming every registered game."""
    with pytest.raises(InvalidConfigError, match="'chess'") as caught:
        get_game("chess")
    message = str(caught.value)
    for name in games():
        assert name in message
    if not games():
        assert "none" in message


def test_games_lists_each_registered_engine_by_its_name() -> None:
    """games() maps each engine's name to its GAME, one per bundled game in order, read-only."""
    registered = games()
    assert list(registered) == list(BUNDLED)
    for name, game in registered.items():
        assert game.name == name
        assert get_game(name) is game
    with pytest.raises(TypeError):
        registered["toy"] = registered.get("toy")  # type: ignore[index]


def test_the_public_surface_is_exported() -> None:
    """Every name of the contract's package surface is importable from birdgames."""
    for name in (
        "Game",
        "AnyGame",
        "ActionLike",
        "BirdgamesError",
        "IllegalActionError",
        "InvalidConfigError",
        "CodecError",
        "games",
        "get_game",
        "__version__",
    ):
        assert hasattr(birdgames, name), name
        assert name in birdgames.__all__


@pytest.mark.parametrize("player", [-1, 3, True, "0", 1.0, None])
def test_check_player_refuses_what_is_no_seat(player: Any) -> None:
    """A seat is an int from 0 to players - 1; anything else is InvalidConfigError."""
    with pytest.raises(InvalidConfigError, match="seat from 0 to 2"):
        check_player(player, 3)


def test_check_spectator_or_player_accepts_seats_and_none() -> None:
    """None is the spectator; seats pass through; bad seats are refused."""
    assert check_spectator_or_player(None, 2) is None
    assert check_spectator_or_player(1, 2) == 1
    assert check_player(0, 2) == 0
    with pytest.raises(InvalidConfigError):
        check_spectator_or_player(2, 2)
