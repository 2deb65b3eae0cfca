"""The bots play Perch: greedy beats random seats, ISMCTS plays whole games legally, and the
benchmark measures them against greedy seats by the baseline evaluation."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from birdgames import sim
from birdgames.bots import GreedyPolicy, ISMCTSPolicy, support_for
from birdgames.perch_bop import GAME
from birdgames.perch_bop import evaluate as perch_evaluate
from tests.files import load_file, run_script

ROOT = Path(__file__).resolve().parents[2]


def test_one_greedy_seat_among_random_ones_wins_most_games() -> None:
    """At 4 players, a greedy seat (rotating) wins at least three games of four."""
    wins = 0
    for seed in range(4):
        seat = seed % 4
        policies: list[sim.Policy[Any, Any, Any]] = [sim.RandomPolicy()] * 4
        policies[seat] = GreedyPolicy(GAME)
        record = sim.play(GAME, GAME.default_config(4), seed, policies)
        wins += seat in record.winners
    assert wins >= 3


def test_ismcts_plays_whole_games_through_every_decision() -> None:
    """ISMCTS against greedy at 2 and 3 players: objectives, turns, bonus actions, fountain
    and creature decisions; each record replays and verifies."""
    for players, seed in ((2, 5), (3, 6)):
        policies: list[sim.Policy[Any, Any, Any]] = [GreedyPolicy(GAME)] * players
        policies[0] = ISMCTSPolicy(GAME, iterations=25)
        record = sim.play(GAME, GAME.default_config(players), seed, policies)
        sim.verify(record, GAME)
        assert record.winners


def test_ismcts_is_reproducible_from_its_seed() -> None:
    """The same seed gives the same game."""
    policies: list[sim.Policy[Any, Any, Any]] = [ISMCTSPolicy(GAME, iterations=10)] * 2
    first = sim.play(GAME, GAME.default_config(2), 9, policies, max_actions=40)
    assert first == sim.play(GAME, GAME.default_config(2), 9, policies, max_actions=40)


def test_the_bots_play_by_the_evaluation_that_reads_the_expansions() -> None:
    """Perch's bots value positions with `evaluate` (the Sun and Moon, the Ponds, the
    creatures' homes), not with the baseline kept for the benchmarks."""
    support = support_for(GAME)
    assert support.evaluate is perch_evaluate.evaluate
    assert support.evaluate is not perch_evaluate.baseline


def _bots_benchmark() -> ModuleType:
    return load_file("bots_benchmark", ROOT / "benchmarks" / "bots.py")


@pytest.mark.tooling
def test_the_benchmark_measures_perch_against_greedy_by_the_baseline() -> None:
    """The bots benchmark's greedy seats at Perch play by the baseline evaluation, so its
    figures stay comparable whatever the game's evaluation becomes; a short run of its
    baseline part prints the greedy bot against them."""
    yardstick = _bots_benchmark().yardstick(GAME, GAME.default_config(4))
    assert yardstick.evaluate is perch_evaluate.baseline
    args = ["--tables", "perch_bop", "--parts", "baseline", "--games", "4", "--workers", "1"]
    out = run_script(ROOT / "benchmarks" / "bots.py", *args)
    assert "perch_bop, 4 players: 1 greedy, 3 greedy by the baseline evaluation" in out
    assert "mean rank greedy " in out and ", baseline " in out


def test_perch_searches_with_the_defaults_the_docs_give() -> None:
    """docs/bots.md names Perch's ISMCTS defaults: exploration 0.3, a prior of 5 visits at the
    root and 3 at each node below it, and lines valued at the state reached, without replies."""
    text = " ".join((ROOT / "docs" / "bots.md").read_text().split())
    found = re.search(
        r"Perch, [^;]*? with exploration ([\d.]+), a prior of (\d+) visits at the root and of "
        r"(\d+) at each node below it, and `value_reached`;",
        text,
    )
    assert found is not None
    support = support_for(GAME)
    assert (support.exploration, support.prior_visits, support.node_prior_visits) == (
        float(found[1]),
        int(found[2]),
        int(found[3]),
    )
    assert support.value_reached and not support.replies
