"""Observations, masks and legal indices as numpy arrays, one game or many at once (needs
numpy, which every adapter's extra brings).

The encoders write only their nonzero numbers (`SparseFeatures`), scattered here into
zeroed arrays: an observation of thousands of numbers, mostly zeros, costs about as much
as its nonzero entries. And the parts a step leaves alone cost a copy: an engine's next
state and view share every part the step did not touch (the same objects), so the numbers
of each `Features.part` are kept per part object and copied in when it comes back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

import numpy as np

from birdgames import AnyGame
from birdgames.encoding import AnyEncoding, Features, SparseFeatures

FloatArray = np.ndarray[Any, np.dtype[np.float32]]
MaskArray = np.ndarray[Any, np.dtype[np.int8]]
ItemT = TypeVar("ItemT")

# Bounds of the kept numbers: parts per writer, and writers (each config has its own).
PARTS_KEPT: Final = 4096
WRITERS_KEPT: Final = 256

IndexArray = np.ndarray[Any, np.dtype[np.intp]]
NumberArray = np.ndarray[Any, np.dtype[np.float64]]
# A part's nonzero numbers where it last stood: (the part, its first index, the indices,
# the numbers, its length). The part is held, so its id stays its own.
_Kept = tuple[object, int, IndexArray, NumberArray, int]
_Known = dict[Callable[..., None], dict[int, _Kept]]
_KNOWN: Final[_Known] = {}


class ArrayFeatures(SparseFeatures):
    """SparseFeatures that keep each part's nonzero numbers, per writer and part object, and
    reuse them when the same object comes back at the same place."""

    # Measured (callgrind, per step of random 2-player games, the view included): Perch's
    # observation 557k instructions written plainly, 435k with kept parts; Peacock 365k,
    # 330k. Rookery's birds change too often for it to pay, so it keeps no parts.

    __slots__ = ("known", "pieces")

    def __init__(self, known: _Known) -> None:
        super().__init__()
        self.known = known
        # The kept parts' numbers, in order: (indices, numbers) arrays.
        self.pieces: list[tuple[IndexArray, NumberArray]] = []

    def part(self, item: ItemT, write: Callable[[Features, ItemT], None]) -> None:
        """Appends the numbers of `item`, written once per item object, writer and place."""
        kept = self.known.get(write)
        if kept is None:
            if len(self.known) >= WRITERS_KEPT:
                self.known.clear()
            kept = self.known[write] = {}
        start = self.position
        hit = kept.get(id(item))
        if hit is not None and hit[0] is item and hit[1] == start:
            self.pieces.append((hit[2], hit[3]))
            self.position = start + hit[4]
            return
        first, pieces = len(self.indices), len(self.pieces)
        write(self, item)
        # The part's own pairs leave the loose ones for one piece of their own.
        indices = np.concatenate(
            [np.array(self.indices[first:], np.intp), *(p[0] for p in self.pieces[pieces:])]
        )
        numbers = np.concatenate(
            [np.array(self.numbers[first:]), *(p[1] for p in self.pieces[pieces:])]
        )
        del self.indices[first:], self.numbers[first:], self.pieces[pieces:]
        self.pieces.append((indices, numbers))
        if len(kept) >= PARTS_KEPT:
            kept.clear()
        kept[id(item)] = (item, start, indices, numbers, self.position - start)

    def array(self) -> FloatArray:
        """Returns the numbers as one float32 array."""
        indices: Any = self.indices
        numbers: Any = self.numbers
        if not indices and not self.pieces:
            return np.zeros(self.position, np.float32)
        if self.pieces:
            indices = np.concatenate([np.array(indices, np.intp), *(p[0] for p in self.pieces)])
            numbers = np.concatenate([np.array(numbers), *(p[1] for p in self.pieces)])
        # bincount adds up the numbers of an index named twice (a count).
        return np.bincount(indices, numbers, self.position).astype(np.float32)


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
    out = ArrayFeatures(_KNOWN)
    encoding.fill_observation(out, view)
    if out.position != size:
        raise AssertionError(f"observation of {out.position} numbers, declared {size}")
    return out.array()


def legal_index(engine: AnyGame, encoding: AnyEncoding, state: Any, player: int) -> dict[int, Any]:
    """Returns `player`'s legal actions by their indices: the mask's True entries are its
    keys, and decoding a chosen index is one lookup (`engine` is the encoding's game)."""
    return encoding.legal_index(state, player)


def mask_array(indices: Sequence[int] | dict[int, Any], size: int) -> MaskArray:
    """Returns an int8 mask of `size` entries, 1 at `indices`."""
    mask = np.zeros(size, np.int8)
    mask[list(indices)] = 1
    return mask
