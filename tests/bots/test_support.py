"""Bots play any engine registered with a determinizer and an evaluation."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from birdgames import get_game, sim
from birdgames.bots import (
    BotSupport,
    GreedyPolicy,
    ISMCTSPolicy,
    register,
    support_for,
    supports,
)
from tests.toy.game import GAME, Config, State, View
from tests.toy.sample import toy_sample_state


def _toy_sample(view: View, history: Sequence[object], seed: int, config: Config | None) -> State:
    return toy_sample_state(view, config or GAME.default_config(len(view.seats)), seed)


def _toy_value(view: View, player: int) -> float:
    return float(view.seats[player].score)


def test_every_engine_ships_bot_support() -> None:
    """The registry lists the engines whose packages ship sample_state and evaluate."""
    assert {"peacock", "perch_bop", "rookery"} <= set(supports())


def test_each_engine_ships_its_support_in_its_own_package() -> None:
    """A game's support is its `bots` module's BOT_SUPPORT; Peacock's keeps its search tuning."""
    for name in ("peacock", "perch_bop", "rookery"):
        shipped = importlib.import_module(f"birdgames.{name}.bots").BOT_SUPPORT
        assert support_for(get_game(name)) is shipped
        assert supports()[name] is shipped
    tuned = support_for(get_game("peacock"))
    assert (tuned.exploration, tuned.prior_visits, tuned.value_reached, tuned.replies) == (
        0.1,
        5,
        True,
        True,
    )
    assert tuned.greedy_samples == 1


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
