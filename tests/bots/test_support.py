"""Bots play any engine registered with a determinizer and an evaluation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from birdgames import sim
from birdgames.bots import BotSupport, GreedyPolicy, ISMCTSPolicy, register, supports
from tests.toy.game import GAME, Config, State, View
from tests.toy.sample import toy_sample_state


def _toy_sample(view: View, history: Sequence[object], seed: int, config: Config | None) -> State:
    return toy_sample_state(view, config or GAME.default_config(len(view.seats)), seed)


def _toy_value(view: View, player: int) -> float:
    return float(view.seats[player].score)


def test_every_engine_ships_bot_support() -> None:
    """The registry lists the engines whose packages ship sample_state and evaluate."""
    assert {"peacock", "perch_bop", "rookery"} <= set(supports())


def test_a_registered_game_is_played_by_both_bots() -> None:
    """Once the toy game registers its support, greedy and ISMCTS seats play it to the end."""
    register(GAME.name, BotSupport(_toy_sample, _toy_value, 2.0))
    policies: list[sim.Policy[Any, Any, Any]] = [
        GreedyPolicy(GAME),
        ISMCTSPolicy(GAME, iterations=20),
        sim.RandomPolicy(),
    ]
    record = sim.play(GAME, GAME.default_config(3), 4, policies)
    assert record.winners
    assert sim.replay(GAME, record).phase.value == "over"
