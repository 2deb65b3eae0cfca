"""The bots play Perch: greedy beats random seats, ISMCTS plays whole games legally."""

from __future__ import annotations

from typing import Any

from birdgames import sim
from birdgames.bots import GreedyPolicy, ISMCTSPolicy
from birdgames.perch_bop import GAME


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
