"""The numpy paths give exactly the encoding's numbers and masks."""

from __future__ import annotations

import random

import numpy as np
import pytest

from birdgames.adapters import arrays
from birdgames.encoding import EncodingBoundError, Features, SparseFeatures, get_encoding
from tests.conformance.adapters import EngineAdapter
from tests.encoding.test_encoding import CASES, IDS
from tests.encoding.test_information_state import _walk_seen


@pytest.mark.parametrize(("label", "adapter", "players"), CASES, ids=IDS)
def test_sparse_observations_equal_the_encoding_s(
    label: str, adapter: EngineAdapter, players: int
) -> None:
    """observe_array, encode_many and SparseFeatures give observe's numbers; legal_index's
    keys are the mask's True entries."""
    game, encoding = adapter.game, get_encoding(adapter.game.name)
    config = adapter.config(players)
    size, actions = encoding.observation_size(config), encoding.num_actions(config)
    views = []
    for step, (state, _) in enumerate(_walk_seen(adapter, players, 17)):
        if step % 5:
            continue
        for seat in (*range(players), None):
            view = game.view(state, seat)
            views.append(view)
            expected = encoding.observe(view)
            assert np.array_equal(
                arrays.observe_array(encoding, view, size), np.array(expected, np.float32)
            )
            out = SparseFeatures()
            encoding.fill_observation(out, view)
            assert out.done(size) == expected
        for seat in range(players):
            legal = arrays.legal_index(game, encoding, state, seat)
            mask = arrays.mask_array(legal, actions)
            assert mask.tolist() == [int(x) for x in encoding.legal_mask(state, seat)]
            assert all(encoding.decode(state, seat, i) == a for i, a in legal.items())
    rows = arrays.encode_many(encoding, views, size)
    assert rows.shape == (len(views), size)
    assert np.array_equal(rows[-1], arrays.observe_array(encoding, views[-1], size))


@pytest.mark.parametrize(("label", "adapter", "players"), CASES, ids=IDS)
def test_kept_parts_give_the_plain_encoders_numbers_over_whole_games(
    label: str, adapter: EngineAdapter, players: int
) -> None:
    """At every step of random games, every seat's and the spectator's observe_array (which
    reuses the numbers of parts a step left alone) equals the plain Features path, and
    legal_index (indices remembered per action object) equals encode over legal_actions."""
    game, encoding = adapter.game, get_encoding(adapter.game.name)
    config = adapter.config(players)
    size = encoding.observation_size(config)
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_game(config, seed)
        while True:
            for seat in (*range(players), None):
                view = game.view(state, seat)
                plain = Features()
                encoding.fill_observation(plain, view)
                expected = np.array(plain.done(size), np.float32)
                assert np.array_equal(arrays.observe_array(encoding, view, size), expected)
            for seat in game.to_act(state):
                legal = game.legal_actions(state, seat)
                assert arrays.legal_index(game, encoding, state, seat) == {
                    encoding.encode(state, action): action for action in legal
                }
            if game.is_terminal(state):
                break
            seat = rng.choice(game.to_act(state))
            state = game.apply(state, rng.choice(game.legal_actions(state, seat)))


def test_a_kept_part_is_reused_only_at_its_own_place() -> None:
    """The same part object written at another place is written anew there: its kept
    numbers name the place they were written at."""

    def write(out: Features, item: tuple[int, ...]) -> None:
        out.counts(item, (1, 2, 3))

    item = (1, 3, 3)
    first = arrays.ArrayFeatures({})
    first.part(item, write)
    first.part(item, write)
    second = arrays.ArrayFeatures(first.known)
    second.zeros(1)
    second.part(item, write)
    assert first.array().tolist() == [1.0, 0.0, 2.0, 1.0, 0.0, 2.0]
    assert second.array().tolist() == [0.0, 1.0, 0.0, 2.0]


def test_the_fast_path_still_refuses_what_does_not_fit() -> None:
    """A part with more rows than its bound raises EncodingBoundError through the kept-parts
    path, as through the plain one."""

    def write(out: Features, item: tuple[int, ...]) -> None:
        out.rows(item, 2, 1, lambda row, n: row.number(n), shared=True)

    out = arrays.ArrayFeatures({})
    with pytest.raises(EncodingBoundError, match="3 rows where 2 fit"):
        out.part((1, 2, 3), write)
    with pytest.raises(EncodingBoundError, match="3 rows where 2 fit"):
        Features().part((1, 2, 3), write)
