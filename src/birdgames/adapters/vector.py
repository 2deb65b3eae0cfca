"""Many games of one engine stepped together with numpy arrays, for PPO-style self-play
collection (needs numpy, which every adapter's extra brings).

`VectorGame(name, num_games)` holds `num_games` games. In each, the seat to act is the
lowest in the engine's `to_act` (as in the AEC environment); `step(actions)` plays one
action in every game at once, the action of that game's seat to act, and returns every
game's next observation, mask and seat with the rewards of the games that ended, which are
dealt again at once. One policy playing every seat is self-play. `EntityVectorGame` is the
same with entity observations (`birdgames.encoding.EntityLayout`): each game's row is its
seat's tables of small integers, which `tables` splits by name.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from array import array
from collections.abc import Sequence
from typing import Any, Final, Generic, Protocol, TypeVar

import numpy as np

from birdgames import AnyGame, IllegalActionError, get_game
from birdgames.adapters import arrays
from birdgames.adapters.arrays import entity_tables
from birdgames.encoding import (
    AnyEncoding,
    EntityLayout,
    EntityWriter,
    StateWriter,
    get_encoding,
)

IntArray = np.ndarray[Any, np.dtype[np.int64]]
BoolArray = np.ndarray[Any, np.dtype[np.bool_]]
Int32Array = arrays.Int32Array
SEED_BITS: Final = 63

ObservationsT = TypeVar("ObservationsT", arrays.FloatArray, Int32Array)


class _Writer(Protocol):
    """A seat's observations of one game, each written over the last (a dense
    `StateWriter` or an `EntityWriter`)."""

    def write(self, state: Any) -> array[Any]: ...


class Batch(Generic[ObservationsT]):
    """Every game's observation (for its seat to act), mask and seat to act."""

    __slots__ = ("masks", "observations", "seats")

    def __init__(
        self, observations: ObservationsT, masks: arrays.MaskArray, seats: IntArray
    ) -> None:
        self.observations: ObservationsT = observations
        self.masks = masks
        self.seats = seats


class Step(Generic[ObservationsT]):
    """What one `VectorGame.step` returns: the next batch, and per game its rewards (one per
    seat; nonzero only where the game ended), whether it ended, and whether it was cut by
    `max_steps` (then its rewards are zeros)."""

    __slots__ = ("batch", "ended", "rewards", "truncated")

    def __init__(
        self,
        batch: Batch[ObservationsT],
        rewards: arrays.FloatArray,
        ended: BoolArray,
        truncated: BoolArray,
    ) -> None:
        self.batch: Batch[ObservationsT] = batch
        self.rewards = rewards
        self.ended = ended
        self.truncated = truncated


class _Games(ABC, Generic[ObservationsT]):
    """`num_games` games of the engine called `name`, stepped together; the subclass writes
    the observations."""

    def __init__(
        self,
        name: str,
        num_games: int,
        players: int | None = None,
        config: Any = None,
        seed: int = 0,
        max_steps: int | None = None,
    ) -> None:
        if num_games < 1:
            raise ValueError(f"num_games must be at least 1, not {num_games}")
        self.engine: AnyGame = get_game(name)
        self.encoding: AnyEncoding = get_encoding(name)
        if config is None:
            config = self.engine.default_config(players or self.engine.player_counts[0])
        self.config = config
        self.players = int(config.players)
        self.num_games = num_games
        self.num_actions = self.encoding.num_actions(config)
        self.max_steps = max_steps
        self._seeds = np.random.default_rng(seed)
        self.states: list[Any] = [None] * num_games
        self._steps = [0] * num_games
        self._legal: list[dict[int, Any]] = [{} for _ in range(num_games)]
        self._seats = np.zeros(num_games, np.int64)
        self.observation_size = self._observation_size()
        # One writer per game and seat: each writes over that seat's last observation.
        self._writers = [
            [self._writer(seat) for seat in range(self.players)] for _ in range(num_games)
        ]

    def reset(self) -> Batch[ObservationsT]:
        """Deals every game anew; returns the first batch."""
        for i in range(self.num_games):
            self._deal(i)
        return self._batch()

    def _deal(self, i: int) -> None:
        self.states[i] = self.engine.new_game(
            self.config, int(self._seeds.integers(0, 1 << SEED_BITS))
        )
        self._steps[i] = 0

    @abstractmethod
    def _observation_size(self) -> int:
        """Numbers in one game's observation."""

    @abstractmethod
    def _writer(self, seat: int) -> _Writer:
        """Returns a writer of `seat`'s observations of one game."""

    @abstractmethod
    def _stack(self, rows: bytearray) -> ObservationsT:
        """Returns the games' observations, their buffers' bytes end to end, one row each."""

    def _batch(self) -> Batch[ObservationsT]:
        engine, encoding = self.engine, self.encoding
        # Every game's legal indices, set in the masks in one assignment, and its
        # observation's bytes, made one array in one copy.
        rows: list[int] = []
        columns: list[int] = []
        written = bytearray()
        for i, state in enumerate(self.states):
            seat = engine.to_act(state)[0]
            self._seats[i] = seat
            legal = arrays.legal_index(engine, encoding, state, seat)
            self._legal[i] = legal
            rows += [i] * len(legal)
            columns += legal
            written += self._writers[i][seat].write(state)
        masks = np.zeros((self.num_games, self.num_actions), np.int8)
        masks[rows, columns] = 1
        return Batch(self._stack(written), masks, self._seats.copy())

    def step(self, actions: Sequence[int] | IntArray) -> Step[ObservationsT]:
        """Plays `actions[i]` for game i's seat to act, in every game; an index its mask
        does not allow raises IllegalActionError. Ended games are dealt again."""
        engine = self.engine
        rewards = np.zeros((self.num_games, self.players), np.float32)
        ended = np.zeros(self.num_games, np.bool_)
        truncated = np.zeros(self.num_games, np.bool_)
        for i, index in enumerate(actions):
            action = self._legal[i].get(int(index))
            if action is None:
                raise IllegalActionError(
                    index, f"game {i}: action {int(index)} is not legal for p{self._seats[i]}"
                )
            state = engine.apply(self.states[i], action)
            self.states[i] = state
            self._steps[i] += 1
            if engine.is_terminal(state):
                winners = engine.winners(state)
                share = self.players / len(winners) - 1.0
                rewards[i] = [share if p in winners else -1.0 for p in range(self.players)]
                ended[i] = True
                self._deal(i)
            elif self.max_steps is not None and self._steps[i] >= self.max_steps:
                ended[i] = truncated[i] = True
                self._deal(i)
        return Step(self._batch(), rewards, ended, truncated)


class VectorGame(_Games[arrays.FloatArray]):
    """`num_games` games of the engine called `name`, stepped together: each row of a
    batch's observations is its seat's dense float32 observation."""

    def _observation_size(self) -> int:
        return self.encoding.observation_size(self.config)

    def _writer(self, seat: int) -> StateWriter[Any]:
        return self.encoding.state_writer(self.config, seat)

    def _stack(self, rows: bytearray) -> arrays.FloatArray:
        return np.frombuffer(rows, np.float32).reshape(self.num_games, self.observation_size)


class EntityVectorGame(_Games[Int32Array]):
    """`num_games` games of the engine called `name`, stepped together: each row of a
    batch's observations is its seat's entity observation (int32, `layout.size` numbers);
    `tables` splits rows into the layout's tables."""

    @property
    def layout(self) -> EntityLayout:
        """The tables of every game's observations."""
        return self.encoding.entity_layout(self.config)

    def _observation_size(self) -> int:
        return self.layout.size

    def _writer(self, seat: int) -> EntityWriter[Any]:
        return self.encoding.entity_writer(self.config, seat)

    def _stack(self, rows: bytearray) -> Int32Array:
        return np.frombuffer(rows, np.int32).reshape(self.num_games, self.observation_size)

    def tables(self, observations: Int32Array) -> dict[str, Int32Array]:
        """Returns `observations` (a batch's, or one row) split by table, each shaped
        (..., rows, columns): views of the same numbers, not copies."""
        return entity_tables(self.layout, observations)
