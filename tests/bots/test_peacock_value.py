"""Peacock's evaluation estimates the final total the same way on both sides of a season
change, so a search compares lines that cross it on one scale."""

from __future__ import annotations

import pytest

from birdgames import sim
from birdgames.peacock import GAME, Phase, State
from birdgames.peacock.evaluate import evaluate
from birdgames.peacock.events import SeasonChanged


def _changes(seed: int, players: int) -> list[tuple[State, State]]:
    """Returns the (before, after) states of each season change of a random game."""
    config = GAME.default_config(players)
    before = GAME.new_game(config, seed)
    found: list[tuple[State, State]] = []
    policies = [sim.RandomPolicy()] * players
    for step in sim.iter_play(GAME, config, seed, policies):
        if any(isinstance(event, SeasonChanged) for event in step.events):
            found.append((before, step.state))
        before = step.state
    return found


@pytest.mark.parametrize("seed", range(6))
def test_a_season_change_keeps_the_estimate_of_each_player_who_is_done(seed: int) -> None:
    """A player whose migrations are over has nothing more to do this season: scoring moves
    the season's points from the estimate to the total, and the birds the change sets aside
    keep the value they had as projected set-asides, so the estimate stays the same."""
    changes = _changes(seed, 3)
    assert len(changes) == 2
    checked = 0
    for before, after in changes:
        assert before.phase is Phase.ADDITIONAL
        assert after.phase is Phase.DRAFT
        for player, seat in enumerate(before.seats):
            if not seat.done:
                continue
            was = evaluate(GAME.view(before, player), player)
            now = evaluate(GAME.view(after, player), player)
            assert now == pytest.approx(was)
            checked += 1
    assert checked >= 2


def test_the_estimate_at_the_end_of_the_last_season_is_the_final_total() -> None:
    """Just before the last scoring, with every migration closed but one that has nothing
    to place, the estimate of each finished player is their final total."""
    config = GAME.default_config(3)
    policies = [sim.RandomPolicy()] * 3
    steps = list(sim.iter_play(GAME, config, 3, policies))
    before, over = steps[-2].state, steps[-1].state
    assert over.phase is Phase.OVER
    totals = GAME.scores(over)
    for player, seat in enumerate(before.seats):
        if seat.done:
            assert evaluate(GAME.view(before, player), player) == pytest.approx(totals[player])
