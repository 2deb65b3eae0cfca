"""Every birdgames engine as a PettingZoo environment (extra `birdgames[pettingzoo]`).

`env(name, players)` is an AEC environment: the agent to act is the lowest seat in the
engine's `to_act` (Peacock's hidden draft picks and its migrations are taken in seat order,
which the engine's contract makes equivalent to playing them at once).
`parallel_env(name, players)` is a Parallel environment: each step, every seat in `to_act`
acts at once and the others' actions are ignored (their masks are all zeros).

Agents are `player_0`, `player_1`, ...; each observation is a dict of `observation` (the
engine's `encoding.observe` of that seat's view, float32) and `action_mask` (int8, its
`legal_mask`); actions are `encoding` indices. `reset(seed=s)` deals `new_game(config, s)`.
Rewards come at the end only and are zero-sum: with n players and k winners, a winner gets
n/k - 1, anyone else -1. An illegal action raises `IllegalActionError`.
"""

from __future__ import annotations

from typing import Any, Final

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv

from birdgames import AnyGame, codec, get_game
from birdgames.encoding import AnyEncoding, get_encoding

Observation = dict[str, np.ndarray[Any, Any]]
# A Parallel step: observations, rewards, terminations, truncations and infos per agent.
StepResult = tuple[
    dict[str, Observation],
    dict[str, float],
    dict[str, bool],
    dict[str, bool],
    dict[str, dict[str, Any]],
]
SEED_BITS: Final = 63


def agent_name(seat: int) -> str:
    """Returns the PettingZoo agent name of a seat."""
    return f"player_{seat}"


class _Table:
    """One engine and config, its spaces, and the game under way."""

    def __init__(self, name: str, players: int | None, config: Any) -> None:
        self.engine: AnyGame = get_game(name)
        self.encoding: AnyEncoding = get_encoding(name)
        if config is None:
            config = self.engine.default_config(players or self.engine.player_counts[0])
        self.config = config
        self.players = int(config.players)
        self.agents = [agent_name(p) for p in range(self.players)]
        size = self.encoding.observation_size(config)
        actions = self.encoding.num_actions(config)
        self.observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(-np.inf, np.inf, (size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.action_space = gymnasium.spaces.Discrete(actions)
        self.state: Any = None

    def deal(self, seed: int | None) -> None:
        if seed is None:
            seed = int(np.random.default_rng().integers(0, 1 << SEED_BITS))
        self.state = self.engine.new_game(self.config, int(seed))

    def observe(self, seat: int) -> Observation:
        view = self.engine.view(self.state, seat)
        return {
            "observation": np.asarray(self.encoding.observe(view), dtype=np.float32),
            "action_mask": np.asarray(self.encoding.legal_mask(self.state, seat), dtype=np.int8),
        }

    def play(self, seat: int, index: int) -> None:
        action = self.encoding.decode(self.state, seat, int(index))
        self.state = self.engine.apply(self.state, action)

    def returns(self) -> list[float]:
        winners = self.engine.winners(self.state)
        share = self.players / len(winners) - 1.0
        return [share if p in winners else -1.0 for p in range(self.players)]

    def render(self) -> str:
        return codec.dumps(self.engine.view(self.state, None))


class BirdAECEnv(AECEnv):  # type: ignore[misc]
    """A birdgames engine as a PettingZoo AEC environment."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's own attribute, per instance here)
        "render_modes": ["ansi"],
        "name": "birdgames",
        "is_parallelizable": True,
    }

    def __init__(
        self,
        name: str,
        players: int | None = None,
        config: Any = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self._table = _Table(name, players, config)
        self.metadata = {**self.metadata, "name": f"birdgames_{name}"}
        self.render_mode = render_mode
        self.possible_agents = list(self._table.agents)
        self.agents = list(self.possible_agents)
        self.observation_spaces = {a: self._table.observation_space for a in self.agents}
        self.action_spaces = {a: self._table.action_space for a in self.agents}

    @property
    def engine_state(self) -> Any:
        """Returns the engine's state of the game under way."""
        return self._table.state

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """Returns the space of `agent`'s observations."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """Returns the space of `agent`'s actions."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deals a new game, from `seed` if given."""
        self._table.deal(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        table = self._table
        to_act = table.engine.to_act(table.state)
        if to_act:
            self.agent_selection = agent_name(to_act[0])

    def observe(self, agent: str) -> Observation:
        """Returns `agent`'s observation and action mask."""
        return self._table.observe(self.possible_agents.index(agent))

    def step(self, action: int | None) -> None:
        """Plays the selected agent's action (an encoding index)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self._table
        self._cumulative_rewards[agent] = 0.0
        table.play(self.possible_agents.index(agent), int(action if action is not None else -1))
        if table.engine.is_terminal(table.state):
            for seat, reward in enumerate(table.returns()):
                self.rewards[agent_name(seat)] = reward
            self.terminations = dict.fromkeys(self.agents, True)
            # Every agent steps once more (with None) to leave, in seat order.
            self.agent_selection = self.agents[0]
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """Returns the spectator's view as JSON in "ansi" mode."""
        return self._table.render() if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Releases nothing: the environment holds no outside resources."""


class BirdParallelEnv(ParallelEnv):  # type: ignore[misc]
    """A birdgames engine as a PettingZoo Parallel environment: every seat in `to_act`
    acts at once."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "birdgames"}  # noqa: RUF012

    def __init__(
        self,
        name: str,
        players: int | None = None,
        config: Any = None,
        render_mode: str | None = None,
    ) -> None:
        self._table = _Table(name, players, config)
        self.metadata = {**self.metadata, "name": f"birdgames_{name}"}
        self.render_mode = render_mode
        self.possible_agents = list(self._table.agents)
        self.agents = list(self.possible_agents)
        self.observation_spaces = {a: self._table.observation_space for a in self.agents}
        self.action_spaces = {a: self._table.action_space for a in self.agents}

    @property
    def engine_state(self) -> Any:
        """Returns the engine's state of the game under way."""
        return self._table.state

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """Returns the space of `agent`'s observations."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """Returns the space of `agent`'s actions."""
        return self.action_spaces[agent]

    def _observations(self) -> dict[str, Observation]:
        return {a: self._table.observe(seat) for seat, a in enumerate(self.possible_agents)}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Deals a new game, from `seed` if given; returns observations and infos."""
        self._table.deal(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Plays the action of every seat in `to_act`, in seat order; ignores the others."""
        table = self._table
        for seat in table.engine.to_act(table.state):
            table.play(seat, int(actions[agent_name(seat)]))
        observations = self._observations()
        over = bool(table.engine.is_terminal(table.state))
        rewards = table.returns() if over else [0.0] * table.players
        agents = self.agents
        result: StepResult = (
            observations,
            {a: rewards[self.possible_agents.index(a)] for a in agents},
            dict.fromkeys(agents, over),
            dict.fromkeys(agents, False),
            {a: {} for a in agents},
        )
        if over:
            self.agents = []
        return result

    def render(self) -> str | None:
        """Returns the spectator's view as JSON in "ansi" mode."""
        return self._table.render() if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Releases nothing: the environment holds no outside resources."""


def env(
    name: str, players: int | None = None, config: Any = None, render_mode: str | None = None
) -> BirdAECEnv:
    """Returns the AEC environment of the engine called `name`."""
    return BirdAECEnv(name, players, config, render_mode)


def parallel_env(
    name: str, players: int | None = None, config: Any = None, render_mode: str | None = None
) -> BirdParallelEnv:
    """Returns the Parallel environment of the engine called `name`."""
    return BirdParallelEnv(name, players, config, render_mode)
