"""Saved Rookery documents across the format change of State and View."""

import json

import pytest

from birdgames import CodecError, codec, sim
from birdgames.rookery import GAME, State, View
from tests.rules import rule


def test_a_state_saved_in_format_1_is_refused_naming_the_format() -> None:
    """A format-1 state lacks the turn's action count; it is refused, not half-read."""
    data = json.loads(codec.dumps(GAME.new_game(GAME.default_config(2), 3)))
    assert data["format"] == 3
    del data["turn"]["actions"]
    data["players"] = data.pop("seats")
    data["format"] = 1
    with pytest.raises(CodecError, match="unknown format 1"):
        codec.loads(State, json.dumps(data))


def test_a_state_saved_in_format_2_is_refused_naming_the_format() -> None:
    """A format-2 state names its per-seat data `players`, not `seats`; it is refused."""
    data = json.loads(codec.dumps(GAME.new_game(GAME.default_config(2), 3)))
    assert "players" not in data
    data["players"] = data.pop("seats")
    data["format"] = 2
    with pytest.raises(CodecError, match="unknown format 2"):
        codec.loads(State, json.dumps(data))


def test_states_and_views_are_format_3_and_configs_format_2() -> None:
    """State, View and Config changed (State and View twice: each took the shape every game
    shares); a record of the current format loads and replays."""
    state = GAME.new_game(GAME.default_config(2), 3)
    assert json.loads(codec.dumps(state))["format"] == 3
    assert json.loads(codec.dumps(GAME.view(state, 0)))["format"] == 3
    record = sim.play(GAME, GAME.default_config(2), 3, [sim.RandomPolicy()] * 2)
    text = codec.dumps(record)
    assert json.loads(text)["format"] == 1 and json.loads(text)["config"]["format"] == 2
    sim.verify(codec.loads(sim.Record, text))
    assert codec.loads(View, codec.dumps(GAME.view(state, None))) == GAME.view(state, None)


@rule("rookery", "R7.2")
def test_a_record_of_the_earlier_season_rule_is_refused() -> None:
    """A format-1 config (before the Heron's traits and R7.2's season-length rule for
    lengthening cards) is refused, so an old record is never replayed under other rules."""
    record = sim.play(GAME, GAME.default_config(2), 3, [sim.RandomPolicy()] * 2)
    data = json.loads(codec.dumps(record))
    del data["config"]["format"]
    with pytest.raises(CodecError, match=r"rookery\.config has format 1"):
        codec.loads(sim.Record, json.dumps(data))
