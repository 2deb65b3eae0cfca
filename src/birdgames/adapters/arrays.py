"""Observations, masks and legal indices as numpy arrays, one game or many at once (needs
numpy, which every adapter's extra brings).

The encoders write only their nonzero numbers (`SparseFeatures`), scattered here into
zeroed arrays: an observation of thousands of numbers, mostly zeros, costs about as much
as its nonzero entries.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from birdgames import AnyGame
from birdgames.encoding import AnyEncoding, SparseFeatures

FloatArray = np.ndarray[Any, np.dtype[np.float32]]
MaskArray = np.ndarray[Any, np.dtype[np.int8]]


def observe_into(encoding: AnyEncoding, view: Any, row: FloatArray) -> None:
    """Writes `encoding.observe(view)` into `row` (zeroed first)."""
    row[:] = _dense(encoding, view, row.shape[0])


def observe_array(encoding: AnyEncoding, view: Any, size: int) -> FloatArray:
    """Returns `encoding.observe(view)` as a float32 array of `size` numbers."""
    return _dense(encoding, view, size)


def encode_many(encoding: AnyEncoding, views: Sequence[Any], size: int) -> FloatArray:
    """Returns the observations of `views` as one (len(views), size) float32 array."""
    rows = np.zeros((len(views), size), np.float32)
    for i, view in enumerate(views):
        rows[i] = _dense(encoding, view, size)
    return rows


def _dense(encoding: AnyEncoding, view: Any, size: int) -> FloatArray:
    out = SparseFeatures()
    encoding.fill_observation(out, view)
    # bincount adds up the numbers of an index named twice (a count).
    return np.bincount(out.indices, out.numbers, size).astype(np.float32)


def legal_index(engine: AnyGame, encoding: AnyEncoding, state: Any, player: int) -> dict[int, Any]:
    """Returns `player`'s legal actions by their indices: the mask's True entries are its
    keys, and decoding a chosen index is one lookup."""
    return {
        encoding.encode(state, action): action for action in engine.legal_actions(state, player)
    }


def mask_array(indices: Sequence[int] | dict[int, Any], size: int) -> MaskArray:
    """Returns an int8 mask of `size` entries, 1 at `indices`."""
    mask = np.zeros(size, np.int8)
    mask[list(indices)] = 1
    return mask
