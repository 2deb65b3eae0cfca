"""The OpenSpiel games survive what research pipelines do to them: pickling into spawned
worker processes, and game strings and serialized states that carry a config."""

from __future__ import annotations

import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs
import pyspiel
import pytest

from birdgames import codec, get_game
from birdgames.adapters import openspiel as adapter
from tests.adapters.pool_work import play_a_few_steps
from tests.adapters.test_openspiel import CASES

PROMO_CONFIG: Any = attrs.evolve(
    get_game("perch_bop").default_config(3),
    promos=frozenset({"yeti", "golden_goose", "eagle_of_justice"}),
)
# Characters that split or nest OpenSpiel's `name(key=value,...)` parameter strings.
UNSAFE = set(",()=") | {" ", "\n", "\t"}


def _promo_game() -> Any:
    return pyspiel.load_game(adapter.game_name("perch_bop"), {"config": codec.dumps(PROMO_CONFIG)})


def _played(game: Any, steps: int) -> Any:
    state = game.new_initial_state()
    for step in range(steps):
        if state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            state.apply_actions([state.legal_actions(p)[0] for p in range(game.num_players())])
            continue
        legal = state.legal_actions()
        state.apply_action(legal[step % len(legal)])
    return state


def test_games_reach_spawned_worker_processes() -> None:
    """A spawn process pool (as AlphaZero, ProcessPoolExecutor and Ray use) receives every
    game, the promo config's included, by pickle and plays it as the parent would."""
    loaded = [pyspiel.load_game(short, {"players": players}) for short, players in CASES]
    loaded.append(_promo_game())
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        results = list(pool.map(play_a_few_steps, loaded, [12] * len(loaded)))
    for game, result in zip(loaded, results, strict=True):
        assert result == play_a_few_steps(game, 12)


@pytest.mark.parametrize(("short", "players"), CASES, ids=[f"{s}-{p}p" for s, p in CASES])
def test_a_game_pickles_to_an_equal_game(short: str, players: int) -> None:
    """pickle.loads(pickle.dumps(game)) has the same string and the same first states."""
    game = pyspiel.load_game(short, {"players": players})
    copy = pickle.loads(pickle.dumps(game))
    assert str(copy) == str(game)
    assert copy.num_players() == players
    assert str(_played(copy, 9)) == str(_played(game, 9))


def test_a_config_with_promos_survives_the_game_string() -> None:
    """load_game(str(game)) of a promo config plays that config."""
    game = _promo_game()
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert again.num_distinct_actions() == game.num_distinct_actions()
    assert _played(again, 9).engine_state.config == PROMO_CONFIG


def test_a_config_with_promos_survives_state_serialization_and_pickle() -> None:
    """serialize_game_and_state and pickle of a state with a promo config give it back."""
    game = _promo_game()
    state = _played(game, 15)
    text = pyspiel.serialize_game_and_state(game, state)
    game_again, state_again = pyspiel.deserialize_game_and_state(text)
    assert str(game_again) == str(game)
    assert state_again.engine_state == state.engine_state
    copy = pickle.loads(pickle.dumps(state))
    assert copy.engine_state == state.engine_state
    assert copy.history() == state.history()
    assert copy.information_state_string(0) == state.information_state_string(0)


def test_the_players_parameter_agrees_with_the_config() -> None:
    """get_parameters()["players"] is the config's player count, as num_players() is."""
    game = _promo_game()
    assert game.num_players() == 3
    assert game.get_parameters()["players"] == 3


@pytest.mark.parametrize(("short", "players"), CASES, ids=[f"{s}-{p}p" for s, p in CASES])
def test_every_parameter_is_string_safe(short: str, players: int) -> None:
    """No parameter value holds a character that splits a game string."""
    for game in (pyspiel.load_game(short, {"players": players}), _promo_game()):
        for name, value in game.get_parameters().items():
            assert not UNSAFE & set(str(value)), name
        assert pyspiel.game_parameters_from_string(str(game))["name"] == str(game).split("(")[0]


def test_config_parameter_gives_the_string_safe_form() -> None:
    """config_parameter(config) loads the same game as the config's JSON."""
    text = adapter.config_parameter(PROMO_CONFIG)
    assert not UNSAFE & set(text)
    game = pyspiel.load_game(adapter.game_name("perch_bop"), {"config": text})
    assert str(game) == str(_promo_game())
