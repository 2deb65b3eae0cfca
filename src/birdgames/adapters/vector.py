"""Many games of one engine stepped together with numpy arrays, for PPO-style self-play
collection (needs numpy, which every adapter's extra brings).

`VectorGame(name, num_games)` holds `num_games` games. In each, the seat to act is the
lowest in the engine's `to_act` (as in the AEC environment); `step(actions)` plays one
action in every game at once, the action of that game's seat to act, and returns every
game's next observation, mask and seat with the rewards of the games that ended, which are
dealt again at once. One policy playing every seat is self-play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from birdgames import AnyGame, IllegalActionError, get_game
from birdgames.adapters import arrays
from birdgames.encoding import AnyEncoding, get_encoding

IntArray = np.ndarray[Any, np.dtype[np.int64]]
BoolArray = np.ndarray[Any, np.dtype[np.bool_]]
SEED_BITS: Final = 63


class Batch:
    """Every game's observation (for its seat to act), mask and seat to act."""

    __slots__ = ("masks", "observations", "seats")

    def __init__(
        self, observations: arrays.FloatArray, masks: arrays.MaskArray, seats: IntArray
    ) -> None:
        self.observations = observations
        self.masks = masks
        self.seats = seats


class Step:
    """What one `VectorGame.step` returns: the next batch, and per game its rewards (one per
    seat; nonzero only where the game ended), whether it ended, and whether it was cut by
    `max_steps` (then its rewards are zeros)."""

    __slots__ = ("batch", "ended", "rewards", "truncated")

    def __init__(
        self,
        batch: Batch,
        rewards: arrays.FloatArray,
        ended: BoolArray,
        truncated: BoolArray,
    ) -> None:
        self.batch = batch
        self.rewards = rewards
        self.ended = ended
        self.truncated = truncated


class VectorGame:
    """`num_games` games of the engine called `name`, stepped together."""

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
        self.observation_size = self.encoding.observation_size(config)
        self.num_actions = self.encoding.num_actions(config)
        self.max_steps = max_steps
        self._seeds = np.random.default_rng(seed)
        self.states: list[Any] = [None] * num_games
        self._steps = [0] * num_games
        self._legal: list[dict[int, Any]] = [{} for _ in range(num_games)]
        self._seats = np.zeros(num_games, np.int64)
        # One observer per game and seat: each writes over that seat's last observation.
        self._observers = [
            [
                arrays.SeatObserver(self.engine, self.encoding, config, seat, self.observation_size)
                for seat in range(self.players)
            ]
            for _ in range(num_games)
        ]

    def reset(self) -> Batch:
        """Deals every game anew; returns the first batch."""
        for i in range(self.num_games):
            self._deal(i)
        return self._batch()

    def _deal(self, i: int) -> None:
        self.states[i] = self.engine.new_game(
            self.config, int(self._seeds.integers(0, 1 << SEED_BITS))
        )
        self._steps[i] = 0

    def _batch(self) -> Batch:
        engine, encoding = self.engine, self.encoding
        masks = np.zeros((self.num_games, self.num_actions), np.int8)
        observations = np.empty((self.num_games, self.observation_size), np.float32)
        for i, state in enumerate(self.states):
            seat = engine.to_act(state)[0]
            self._seats[i] = seat
            legal = arrays.legal_index(engine, encoding, state, seat)
            self._legal[i] = legal
            masks[i, list(legal)] = 1
            self._observers[i][seat].observe_into(state, observations[i])
        return Batch(observations, masks, self._seats.copy())

    def step(self, actions: Sequence[int] | IntArray) -> Step:
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
