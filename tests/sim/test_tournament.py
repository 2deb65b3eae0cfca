"""sim.tournament: rotated seats, pooled policies, intervals, and the same table whatever
runs the games (in turn, a process pool, a Dask cluster)."""

from __future__ import annotations

import functools
import math
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from birdgames import InvalidConfigError, get_game, sim
from birdgames.bots import GreedyPolicy
from birdgames.sim import Executor, GameResult

# Perch at three players: a greedy seat among random ones, quick enough to play six times
# in every process (a greedy Peacock seat costs about two seconds a game).
PERCH = get_game("perch_bop")
ROOKERY = get_game("rookery")


def _lineup(players: int) -> list[sim.Policy[Any, Any, Any]]:
    policies: list[sim.Policy[Any, Any, Any]] = [sim.RandomPolicy()] * players
    policies[0] = GreedyPolicy(PERCH)
    return policies


def _perch(executor: Executor | None = None) -> sim.TournamentResult:
    return sim.tournament(PERCH, PERCH.default_config(3), _lineup(3), 6, 21, executor)


@functools.cache
def _perch_in_turn() -> sim.TournamentResult:
    return _perch()


def test_seats_rotate_so_each_policy_takes_each_seat_equally() -> None:
    """Over six games at three players the greedy policy sits twice at every seat."""
    result = _perch_in_turn()
    seats = [r.seating.index("GreedyPolicy") for r in result.results]
    assert sorted(seats) == [0, 0, 1, 1, 2, 2]
    assert [p.name for p in result.policies] == ["GreedyPolicy", "RandomPolicy"]
    greedy, random = result.policies
    assert (greedy.win_rate.count, random.win_rate.count) == (6, 12)


def test_the_table_adds_up_from_the_games() -> None:
    """Win shares over the seats sum to one per game; means lie inside their intervals."""
    result = _perch_in_turn()
    assert math.isclose(sum(s.win_rate.mean for s in result.seats), 1.0)
    greedy = result.policies[0]
    scores = [r.scores[r.seating.index("GreedyPolicy")] for r in result.results]
    assert math.isclose(greedy.mean_score.mean, sum(scores) / 6)
    for estimate in (greedy.win_rate, greedy.mean_score, greedy.mean_rank, result.length):
        assert estimate.low <= estimate.mean <= estimate.high
    assert greedy.win_rate.low >= 0.0 and greedy.win_rate.high <= 1.0


def test_a_shared_win_and_tied_ranks_are_split() -> None:
    """Two winners of three get half a win each and share ranks 1 and 2."""
    result = GameResult(1, ("a", "b", "c"), (5, 5, 2), (0, 1), 10)
    assert result.win_shares() == (0.5, 0.5, 0.0)
    assert result.ranks() == (1.5, 1.5, 3.0)


def test_seeds_may_be_given_one_per_game() -> None:
    """Explicit seeds are played as given; a count that does not match is refused."""
    policies: list[sim.Policy[Any, Any, Any]] = [sim.RandomPolicy()] * 2
    result = sim.tournament(ROOKERY, ROOKERY.default_config(2), policies, 2, [7, 8])
    assert [r.seed for r in result.results] == [7, 8]
    with pytest.raises(InvalidConfigError, match="2 games need 2 seeds"):
        sim.tournament(ROOKERY, ROOKERY.default_config(2), policies, 2, [7])


def test_progress_is_reported_after_each_game() -> None:
    """The callback sees 1..games of games."""
    seen: list[tuple[int, int]] = []
    policies: list[sim.Policy[Any, Any, Any]] = [sim.RandomPolicy()] * 2
    sim.tournament(ROOKERY, ROOKERY.default_config(2), policies, 3, 1, progress=_record(seen))
    assert seen == [(1, 3), (2, 3), (3, 3)]


def _record(seen: list[tuple[int, int]]) -> Any:
    def progress(done: int, total: int) -> None:
        seen.append((done, total))

    return progress


def test_a_process_pool_gives_the_same_table() -> None:
    """Two worker processes play the same games: every policy and the game pickle, and the
    table is identical to the one played in turn."""
    # spawn: forking a test process that runs threads may deadlock the child
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        assert _perch(pool) == _perch_in_turn()
