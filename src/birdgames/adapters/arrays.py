"""Observations, masks and legal indices as numpy arrays, one game or many at once (needs
numpy, which every adapter's extra brings).

An `Observer` keeps the last observation it wrote and writes over it (`DenseFeatures`):
engines hand the parts a step leaves alone to the next state and view, so in play an
observation costs about what the step changed. A `SeatObserver` writes a seat's
observations straight from states, without views; the adapters keep one per game and seat.
`SeatObservations` gives every seat's observations of one game, dense or entity ones.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

import numpy as np

from birdgames import AnyGame
from birdgames.encoding import (
    AnyEncoding,
    DenseFeatures,
    EntityLayout,
    EntityWriter,
    StateWriter,
)

FloatArray = np.ndarray[Any, np.dtype[np.float32]]
MaskArray = np.ndarray[Any, np.dtype[np.int8]]
Int32Array = np.ndarray[Any, np.dtype[np.int32]]
OBSERVATION_KINDS: Final = ("dense", "entities")
ScalarT = TypeVar("ScalarT", bound=np.generic)


class Observer:
    """Writes one encoding's observations, each over the last one it wrote: the numbers of
    parts equal to last time's stand. Keep one per game and seat for the cheapest writes;
    any sequence of views gives exact observations. Like an environment, an observer is
    not shared between threads."""

    __slots__ = ("_features", "encoding", "size")

    def __init__(self, encoding: AnyEncoding, size: int) -> None:
        self.encoding = encoding
        self.size = size
        self._features = DenseFeatures(size)

    def observe(self, view: Any) -> FloatArray:
        """Returns the observation of `view` as a new float32 array."""
        return self.observe_into(view, np.empty(self.size, np.float32))

    def observe_into(self, view: Any, row: FloatArray) -> FloatArray:
        """Writes the observation of `view` into `row` and returns it."""
        self._features.write_over(self.encoding.fill_observation, view)
        row[:] = np.frombuffer(self._features.buffer, np.float32)
        return row


class SeatObserver:
    """Writes one seat's observations of states of one game straight from the states
    (the encoding's `state_writer(config, seat)`: the numbers of the seat's view's
    observation without building the view). Keep one per game and seat."""

    __slots__ = ("_writer", "engine", "seat", "size")

    def __init__(
        self, engine: AnyGame, encoding: AnyEncoding, config: Any, seat: int, size: int
    ) -> None:
        self.engine = engine
        self.seat = seat
        self.size = size
        self._writer: StateWriter[Any] = encoding.state_writer(config, seat)

    def observe_into(self, state: Any, row: FloatArray) -> FloatArray:
        """Writes the seat's observation of `state` into `row` and returns it."""
        row[:] = np.frombuffer(self._writer.write(state), np.float32)
        return row

    def observe(self, state: Any) -> FloatArray:
        """Returns the seat's observation of `state` as a new float32 array."""
        return self.observe_into(state, np.empty(self.size, np.float32))


class SeatObservations:
    """Every seat's observations of one game's states as new arrays, straight from the
    states: the dense ones (float32, `kind="dense"`) or the entity ones (int32,
    `kind="entities"`); every number lies within `low` and `high`. Keep one per game."""

    __slots__ = ("_observers", "dtype", "high", "low", "size")

    def __init__(self, engine: AnyGame, encoding: AnyEncoding, config: Any, kind: str) -> None:
        if kind not in OBSERVATION_KINDS:
            raise ValueError(f"observation must be one of {OBSERVATION_KINDS}, not {kind!r}")
        seats = range(int(config.players))
        self._observers: list[Callable[[Any], np.ndarray[Any, Any]]] = []
        self.low: float
        self.high: float | Int32Array
        if kind == "entities":
            layout = encoding.entity_layout(config)
            self.size = layout.size
            self.dtype: type[np.generic] = np.int32
            self.low, self.high = 0, entity_highest(layout)
            for seat in seats:
                self._observers.append(_entity_copies(encoding.entity_writer(config, seat)))
        else:
            self.size = encoding.observation_size(config)
            self.dtype = np.float32
            self.low, self.high = -np.inf, np.inf
            for seat in seats:
                observer = SeatObserver(engine, encoding, config, seat, self.size)
                self._observers.append(observer.observe)

    def observe(self, seat: int, state: Any) -> np.ndarray[Any, Any]:
        """Returns `seat`'s observation of `state` as a new array."""
        return self._observers[seat](state)

    def zeros(self) -> np.ndarray[Any, Any]:
        """Returns an observation of zeros (after a game that ended without a state)."""
        return np.zeros(self.size, self.dtype)


def _entity_copies(writer: EntityWriter[Any]) -> Callable[[Any], Int32Array]:
    """Returns a seat's entity observations as new arrays: the writer writes over its
    buffer at the next state."""

    def observe(state: Any) -> Int32Array:
        return np.frombuffer(writer.write(state), np.int32).copy()

    return observe


def entity_tables(
    layout: EntityLayout, observations: np.ndarray[Any, np.dtype[ScalarT]]
) -> dict[str, np.ndarray[Any, np.dtype[ScalarT]]]:
    """Returns entity observations (the last axis `layout.size` numbers) split into the
    layout's tables, each shaped (..., rows, columns): views, not copies."""
    if observations.shape[-1] != layout.size:
        raise ValueError(f"{observations.shape[-1]} numbers where the layout has {layout.size}")
    lead = observations.shape[:-1]
    found: dict[str, np.ndarray[Any, np.dtype[ScalarT]]] = {}
    at = 0
    for table in layout.tables:
        part = observations[..., at : at + table.size]
        found[table.name] = part.reshape(*lead, table.rows, table.width)
        at += table.size
    return found


def entity_highest(layout: EntityLayout) -> Int32Array:
    """Returns the largest value of each number of `layout`'s entity observations: its
    column's vocabulary less one."""
    return np.array(
        [
            column.vocabulary - 1
            for table in layout.tables
            for _ in range(table.rows)
            for column in table.columns
        ],
        np.int32,
    )


def observe_into(encoding: AnyEncoding, view: Any, row: FloatArray) -> None:
    """Writes `encoding.observe(view)` into `row` (an `Observer` kept per seat is cheaper)."""
    Observer(encoding, row.shape[0]).observe_into(view, row)


def observe_array(encoding: AnyEncoding, view: Any, size: int) -> FloatArray:
    """Returns `encoding.observe(view)` as a float32 array of `size` numbers (an `Observer`
    kept per seat is cheaper)."""
    return Observer(encoding, size).observe(view)


def encode_many(encoding: AnyEncoding, views: Sequence[Any], size: int) -> FloatArray:
    """Returns the observations of `views` as one (len(views), size) float32 array."""
    rows = np.empty((len(views), size), np.float32)
    observer = Observer(encoding, size)
    for i, view in enumerate(views):
        observer.observe_into(view, rows[i])
    return rows


def legal_index(engine: AnyGame, encoding: AnyEncoding, state: Any, player: int) -> dict[int, Any]:
    """Returns `player`'s legal actions by their indices: the mask's True entries are its
    keys, and decoding a chosen index is one lookup (`engine` is the encoding's game)."""
    return encoding.legal_index(state, player)


def mask_array(indices: Sequence[int] | dict[int, Any], size: int) -> MaskArray:
    """Returns an int8 mask of `size` entries, 1 at `indices`."""
    mask = np.zeros(size, np.int8)
    mask[list(indices)] = 1
    return mask
