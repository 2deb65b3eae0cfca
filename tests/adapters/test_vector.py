"""VectorGame steps many games at once with the same numbers as the engine alone."""

from __future__ import annotations

import numpy as np
import pytest

from birdgames import IllegalActionError, games, get_game
from birdgames.adapters.arrays import MaskArray
from birdgames.adapters.vector import IntArray, VectorGame
from birdgames.encoding import get_encoding


def _masked_random(masks: MaskArray, rng: np.random.Generator) -> IntArray:
    return np.array([rng.choice(np.flatnonzero(row)) for row in masks])


@pytest.mark.parametrize("name", sorted(games()))
def test_games_step_together_and_are_dealt_again(name: str) -> None:
    """Each row is the engine's observation and mask for that game's seat to act; ended
    games give zero-sum rewards to the engine's winners and start again."""
    engine, encoding = get_game(name), get_encoding(name)
    vector = VectorGame(name, 3, players=2, seed=5)
    batch = vector.reset()
    rng = np.random.default_rng(0)
    finished = 0
    while finished < 3:
        for i, state in enumerate(vector.states):
            seat = int(batch.seats[i])
            assert seat == engine.to_act(state)[0]
            view = engine.view(state, seat)
            assert np.array_equal(
                batch.observations[i], np.array(encoding.observe(view), np.float32)
            )
            assert batch.masks[i].tolist() == [int(x) for x in encoding.legal_mask(state, seat)]
        before = list(vector.states)
        step = vector.step(_masked_random(batch.masks, rng))
        for i in map(int, np.flatnonzero(step.ended)):
            finished += 1
            assert not step.truncated[i]
            assert step.rewards[i].sum() == pytest.approx(0.0)
            assert step.rewards[i].max() > 0 or set(step.rewards[i]) == {0.0}
            assert vector.states[i] != before[i]
        for i in map(int, np.flatnonzero(~step.ended)):
            assert not step.rewards[i].any()
        batch = step.batch


def test_the_same_seed_gives_the_same_games() -> None:
    """Two vectors with one seed and the same actions see the same observations."""
    first, second = VectorGame("rookery", 2, seed=9), VectorGame("rookery", 2, seed=9)
    a, b = first.reset(), second.reset()
    rng = np.random.default_rng(1)
    for _ in range(40):
        assert np.array_equal(a.observations, b.observations)
        actions = _masked_random(a.masks, rng)
        a, b = first.step(actions).batch, second.step(actions).batch


def test_max_steps_cuts_a_game_with_zero_rewards() -> None:
    """A game reaching max_steps ends as truncated, with zero rewards, and is dealt again."""
    vector = VectorGame("peacock", 2, players=3, max_steps=4)
    batch = vector.reset()
    rng = np.random.default_rng(2)
    for step_number in range(4):
        step = vector.step(_masked_random(batch.masks, rng))
        batch = step.batch
        assert step.truncated.all() == (step_number == 3)
        assert not step.rewards.any()


def test_an_index_the_mask_does_not_allow_is_refused() -> None:
    """An illegal index raises IllegalActionError naming the game."""
    vector = VectorGame("rookery", 2)
    batch = vector.reset()
    bad = [int(np.flatnonzero(row == 0)[0]) for row in batch.masks]
    with pytest.raises(IllegalActionError, match="game 0"):
        vector.step(bad)
