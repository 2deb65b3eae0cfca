"""Any engine as a single-agent Gymnasium environment: the learner plays one seat and
opponent policies the others (extra `birdgames[pettingzoo]`, which brings gymnasium).

`SelfPlayEnv(name, players)` observes and acts like PettingZoo's environments (a dict of
`observation` and `action_mask`, the observation dense or, with `observation="entities"`,
the seat's entity observation; actions are `encoding` indices). After the learner's
action, the opponents play until the learner is to act again or the game ends; the reward
is the learner's return at the end (n/k - 1 for one of k winners of n, else -1). Opponents
are policies `(observation, rng) -> index`, uniformly random over the mask by default;
`set_opponent` swaps them, e.g. for a frozen copy of the learner (self-play).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, cast

import gymnasium
import numpy as np

from birdgames import AnyGame, codec, get_game
from birdgames.adapters import arrays
from birdgames.encoding import AnyEncoding, get_encoding

Observation = dict[str, np.ndarray[Any, Any]]
Policy = Callable[[Observation, np.random.Generator], int]
SEED_BITS: Final = 63


def random_policy(observation: Observation, rng: np.random.Generator) -> int:
    """Returns an index the mask allows, uniformly at random."""
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


class SelfPlayEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a birdgames engine against opponent policies, as a Gymnasium env."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium's own)

    def __init__(
        self,
        name: str,
        players: int | None = None,
        config: Any = None,
        seat: int | None = 0,
        opponent: Policy = random_policy,
        max_steps: int | None = None,
        render_mode: str | None = None,
        observation: str = "dense",
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.engine: AnyGame = get_game(name)
        self.encoding: AnyEncoding = get_encoding(name)
        if config is None:
            config = self.engine.default_config(players or self.engine.player_counts[0])
        self.config = config
        self.players = int(config.players)
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"seat must be None or from 0 to {self.players - 1}, not {seat}")
        self.fixed_seat = seat
        self.seat = seat or 0
        self.opponent = opponent
        self.max_steps = max_steps
        self.render_mode = render_mode
        # Each seat's observations, each written over that seat's last one.
        self._observations = arrays.SeatObservations(
            self.engine, self.encoding, config, observation
        )
        self.size = self._observations.size
        self.actions = self.encoding.num_actions(config)
        # A Dict space's samples are dicts of arrays: this env's observations.
        self.observation_space = cast(
            "gymnasium.spaces.Space[Observation]",
            gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(
                        self._observations.low,
                        self._observations.high,
                        (self.size,),
                        self._observations.dtype,
                    ),
                    "action_mask": gymnasium.spaces.Box(0, 1, (self.actions,), np.int8),
                }
            ),
        )
        self.action_space = gymnasium.spaces.Discrete(self.actions)
        self.state: Any = None
        self._steps = 0
        self._legal: dict[int, Any] = {}

    def set_opponent(self, opponent: Policy) -> None:
        """Plays the other seats with `opponent` from now on."""
        self.opponent = opponent

    def _observe(self, seat: int) -> Observation:
        legal = arrays.legal_index(self.engine, self.encoding, self.state, seat)
        if seat == self.seat:
            self._legal = legal
        return {
            "observation": self._observations.observe(seat, self.state),
            "action_mask": arrays.mask_array(legal, self.actions),
        }

    def _play_opponents(self) -> None:
        engine = self.engine
        while not engine.is_terminal(self.state):
            seat = engine.to_act(self.state)[0]
            if seat == self.seat:
                return
            index = self.opponent(self._observe(seat), self.np_random)
            legal = arrays.legal_index(engine, self.encoding, self.state, seat)
            self.state = engine.apply(self.state, legal[int(index)])

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deals a game (from `seed` if given) and plays the opponents up to the learner."""
        super().reset(seed=seed)
        if self.fixed_seat is None:
            self.seat = int(self.np_random.integers(0, self.players))
        deal = int(self.np_random.integers(0, 1 << SEED_BITS))
        self.state = self.engine.new_game(self.config, deal)
        self._steps = 0
        self._play_opponents()
        return self._observe(self.seat), {"seat": self.seat}

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Plays the learner's action, then the opponents up to the learner's next turn."""
        if self.state is None or self.engine.is_terminal(self.state):
            raise gymnasium.error.ResetNeeded("call reset() before step(), and after a game ends")
        chosen = self._legal.get(int(action))
        if chosen is None:
            # PettingZoo's classic convention: an illegal action loses the game.
            reason = f"action {int(action)} is not legal for p{self.seat} now"
            self.state = None
            empty: Observation = {
                "observation": self._observations.zeros(),
                "action_mask": np.zeros(self.actions, np.int8),
            }
            return empty, -1.0, True, False, {"seat": self.seat, "illegal_action": reason}
        self.state = self.engine.apply(self.state, chosen)
        self._steps += 1
        self._play_opponents()
        info = {"seat": self.seat}
        if self.engine.is_terminal(self.state):
            winners = self.engine.winners(self.state)
            reward = self.players / len(winners) - 1.0 if self.seat in winners else -1.0
            return self._observe(self.seat), reward, True, False, info
        truncated = self.max_steps is not None and self._steps >= self.max_steps
        return self._observe(self.seat), 0.0, False, truncated, info

    def render(self) -> str | None:
        """Returns the spectator's view as JSON in "ansi" mode."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        return codec.dumps(self.engine.view(self.state, None))
