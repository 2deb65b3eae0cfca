"""The numpy paths give exactly the encoding's numbers and masks."""

from __future__ import annotations

import numpy as np
import pytest

from birdgames.adapters import arrays
from birdgames.encoding import SparseFeatures, get_encoding
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
