"""VectorGame steps many games at once with the same numbers as the engine alone."""

from __future__ import annotations

import numpy as np
import pytest

from birdgames import IllegalActionError, games, get_game
from birdgames.adapters.arrays import MaskArray, entity_tables
from birdgames.adapters.vector import EntityVectorGame, IntArray, VectorGame
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


@pytest.mark.parametrize("name", sorted(games()))
def test_entity_games_give_each_seat_to_act_its_view_s_entities(name: str) -> None:
    """Each row of an EntityVectorGame's batch is the entities of that game's seat to act,
    its mask the dense game's; `tables` splits a row into the layout's tables."""
    engine, encoding = get_game(name), get_encoding(name)
    vector = EntityVectorGame(name, 3, players=2, seed=5)
    batch = vector.reset()
    assert batch.observations.dtype == np.int32
    assert batch.observations.shape == (3, vector.layout.size)
    rng = np.random.default_rng(0)
    for _ in range(60):
        for i, state in enumerate(vector.states):
            seat = int(batch.seats[i])
            expected = encoding.entities(engine.view(state, seat))
            assert batch.observations[i].tolist() == list(expected)
            assert batch.masks[i].tolist() == [int(x) for x in encoding.legal_mask(state, seat)]
        batch = vector.step(_masked_random(batch.masks, rng)).batch
    tables = vector.tables(batch.observations)
    assert list(tables) == [table.name for table in vector.layout.tables]
    for table in vector.layout.tables:
        at = vector.layout.offset(table.name)
        assert tables[table.name].shape == (3, table.rows, table.width)
        assert np.array_equal(
            tables[table.name][1].ravel(), batch.observations[1, at : at + table.size]
        )


def test_entity_tables_split_one_row_and_refuse_the_wrong_size() -> None:
    """One observation splits into (rows, columns) tables; a row of another size is refused."""
    vector = EntityVectorGame("rookery", 1)
    row = vector.reset().observations[0]
    tables = entity_tables(vector.layout, row)
    head = vector.layout.tables[0]
    assert tables[head.name].shape == (head.rows, head.width)
    with pytest.raises(ValueError, match="numbers where the layout has"):
        entity_tables(vector.layout, row[:-1])
