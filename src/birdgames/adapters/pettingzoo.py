"""Every birdgames engine as a PettingZoo environment (extra `birdgames[pettingzoo]`).

`env(name, players)` is an AEC environment: the agent to act is the lowest seat in the
engine's `to_act` (Peacock's hidden draft picks and its migrations are taken in seat order,
which the engine's contract makes equivalent to playing them at once); every other agent's
mask is all zeros. `parallel_env(name, players)` is a Parallel environment: each step,
every seat in `to_act` acts at once and the others' actions are ignored (their masks are
all zeros).

Agents are `player_0`, `player_1`, ...; each observation is a dict of `observation` (the
engine's `encoding.observe` of that seat's view, float32; with `observation="entities"`
its entity observation, int32, each number below its column's vocabulary) and
`action_mask` (int8, its `legal_mask`); actions are `encoding` indices. `reset(seed=s)`
deals `new_game(config, s)`.
Rewards come at the end only and are zero-sum: with n players and k winners, a winner gets
n/k - 1, anyone else -1. An illegal action ends the game as in PettingZoo's classic
environments (the offender -1, the others 0, the reason in its info) unless
`illegal_action="raise"`; `max_cycles` truncates a game after that many actions (AEC) or
steps (Parallel).
"""

from __future__ import annotations

from typing import Any, Final

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv

from birdgames import AnyGame, IllegalActionError, codec, get_game
from birdgames.adapters import arrays
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
RENDER_MODES: Final = ("ansi",)
ILLEGAL_ACTIONS: Final = ("terminate", "raise")
ILLEGAL_REWARD: Final = -1.0


def agent_name(seat: int) -> str:
    """Returns the PettingZoo agent name of a seat."""
    return f"player_{seat}"


class _Table:
    """One engine and config, each agent's spaces, and the game under way."""

    def __init__(
        self,
        name: str,
        players: int | None,
        config: Any,
        render_mode: str | None,
        max_cycles: int | None,
        illegal_action: str,
        observation: str,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode must be None or one of {RENDER_MODES}, not {render_mode!r}"
            )
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(
                f"illegal_action must be one of {ILLEGAL_ACTIONS}, not {illegal_action!r}"
            )
        if max_cycles is not None and max_cycles < 1:
            raise ValueError(f"max_cycles must be None or at least 1, not {max_cycles}")
        self.engine: AnyGame = get_game(name)
        self.encoding: AnyEncoding = get_encoding(name)
        if config is None:
            config = self.engine.default_config(players or self.engine.player_counts[0])
        self.config = config
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.raises = illegal_action == "raise"
        self.players = int(config.players)
        self.agents = [agent_name(p) for p in range(self.players)]
        # Each seat's observations, each written over that seat's last one.
        self._observations = arrays.SeatObservations(
            self.engine, self.encoding, config, observation
        )
        self.size = self._observations.size
        self.actions = self.encoding.num_actions(config)
        # One space object per agent: seeding one agent's space must not reseed another's.
        self.observation_spaces = {a: self._observation_space() for a in self.agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(self.actions) for a in self.agents}
        self.state: Any = None
        self.cycles = 0
        # The legal actions of one seat in the state under way, by index: the mask shown
        # and the decoding of the action that follows share them.
        self._legal: tuple[Any, int, dict[int, Any]] | None = None

    def _observation_space(self) -> gymnasium.spaces.Dict:
        return gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    self._observations.low,
                    self._observations.high,
                    (self.size,),
                    self._observations.dtype,
                ),
                "action_mask": gymnasium.spaces.Box(0, 1, (self.actions,), np.int8),
            }
        )

    def dealt(self) -> Any:
        """Returns the game under way; before the first reset, ResetNeeded."""
        if self.state is None:
            raise gymnasium.error.ResetNeeded("call reset() before step(), observe() or last()")
        return self.state

    def deal(self, seed: int | None) -> None:
        if seed is None:
            seed = int(np.random.default_rng().integers(0, 1 << SEED_BITS))
        self.state = self.engine.new_game(self.config, int(seed))
        self.cycles = 0

    def legal(self, seat: int) -> dict[int, Any]:
        """Returns `seat`'s legal actions now, by index."""
        state = self.dealt()
        cached = self._legal
        if cached is not None and cached[0] is state and cached[1] == seat:
            return cached[2]
        legal = arrays.legal_index(self.engine, self.encoding, state, seat)
        self._legal = (state, seat, legal)
        return legal

    def observe(self, seat: int, may_act: bool) -> Observation:
        state = self.dealt()
        if may_act:
            mask = arrays.mask_array(self.legal(seat), self.actions)
        else:
            mask = np.zeros(self.actions, dtype=np.int8)
        return {
            "observation": self._observations.observe(seat, state),
            "action_mask": mask,
        }

    def play(self, seat: int, index: object) -> str | None:
        """Plays `seat`'s action `index`; returns None, or why it is illegal (unless raising)."""
        state = self.dealt()
        try:
            number = int(index)  # type: ignore[call-overload]
        except (TypeError, ValueError):
            number = -1
        action = self.legal(seat).get(number)
        if action is None:
            reason = (
                f"action {number} is not legal for p{seat} now"
                if 0 <= number < self.actions
                else f"an action index is an int from 0 to {self.actions - 1}"
            )
            if self.raises:
                raise IllegalActionError(index, reason)
            return f"p{seat}: {reason}"
        self.state = self.engine.apply(state, action)
        return None

    def returns(self) -> list[float]:
        winners = self.engine.winners(self.state)
        share = self.players / len(winners) - 1.0
        return [share if p in winners else -1.0 for p in range(self.players)]

    def truncated(self) -> bool:
        return self.max_cycles is not None and self.cycles >= self.max_cycles

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return codec.dumps(self.engine.view(self.dealt(), None))


class _Seated:
    """What both environments keep: the table, its agents and their spaces."""

    metadata: dict[str, Any]

    def __init__(
        self,
        name: str,
        players: int | None = None,
        config: Any = None,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        illegal_action: str = "terminate",
        observation: str = "dense",
    ) -> None:
        super().__init__()
        self._table = _Table(
            name, players, config, render_mode, max_cycles, illegal_action, observation
        )
        self.metadata = {**self.metadata, "name": f"birdgames_{name}"}
        self.render_mode = render_mode
        self.possible_agents = list(self._table.agents)
        self.agents = list(self.possible_agents)
        self.observation_spaces = self._table.observation_spaces
        self.action_spaces = self._table.action_spaces

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

    def render(self) -> str | None:
        """Returns the spectator's view as JSON in "ansi" mode."""
        return self._table.render()

    def close(self) -> None:
        """Releases nothing: the environment holds no outside resources."""


class BirdAECEnv(_Seated, AECEnv):  # type: ignore[misc]
    """A birdgames engine as a PettingZoo AEC environment."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's own attribute, per instance here)
        "render_modes": list(RENDER_MODES),
        "name": "birdgames",
        "is_parallelizable": True,
    }

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
        """Returns `agent`'s observation and action mask (all zeros unless it is to act)."""
        seat = self.possible_agents.index(agent)
        may_act = agent == getattr(self, "agent_selection", None) and not (
            self.terminations.get(agent) or self.truncations.get(agent)
        )
        return self._table.observe(seat, may_act)

    def step(self, action: int | None) -> None:
        """Plays the selected agent's action (an encoding index)."""
        table = self._table
        table.dealt()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        reason = table.play(self.possible_agents.index(agent), action)
        table.cycles += 1
        if reason is not None:
            for other in self.agents:
                self.rewards[other] = ILLEGAL_REWARD if other == agent else 0.0
            self.infos[agent] = {"illegal_action": reason}
            self._leave(self.terminations)
        elif table.engine.is_terminal(table.state):
            for seat, reward in enumerate(table.returns()):
                self.rewards[agent_name(seat)] = reward
            self._leave(self.terminations)
        elif table.truncated():
            self._leave(self.truncations)
        else:
            self._select()
        self._accumulate_rewards()

    def _leave(self, flags: dict[str, bool]) -> None:
        for agent in self.agents:
            flags[agent] = True
        # Every agent steps once more (with None) to leave, in seat order.
        self.agent_selection = self.agents[0]


class BirdParallelEnv(_Seated, ParallelEnv):  # type: ignore[misc]
    """A birdgames engine as a PettingZoo Parallel environment: every seat in `to_act`
    acts at once."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "name": "birdgames"}  # noqa: RUF012

    def _observations(self) -> dict[str, Observation]:
        # The engine's mask is all zeros for a seat not in to_act.
        return {a: self._table.observe(seat, True) for seat, a in enumerate(self.possible_agents)}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Deals a new game, from `seed` if given; returns observations and infos."""
        self._table.deal(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, int]) -> StepResult:
        """Plays the action of every seat in `to_act`, in seat order; ignores the others."""
        table = self._table
        agents = self.agents
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        rewards = [0.0] * table.players
        offender = None
        for seat in table.engine.to_act(table.dealt()):
            reason = table.play(seat, actions.get(agent_name(seat)))
            if reason is not None:
                offender = seat
                rewards[seat] = ILLEGAL_REWARD
                infos[agent_name(seat)] = {"illegal_action": reason}
                break
        table.cycles += 1
        over = offender is not None or bool(table.engine.is_terminal(table.state))
        if over and offender is None:
            rewards = table.returns()
        truncated = not over and table.truncated()
        result: StepResult = (
            self._observations(),
            {a: rewards[self.possible_agents.index(a)] for a in agents},
            dict.fromkeys(agents, over),
            dict.fromkeys(agents, truncated),
            infos,
        )
        if over or truncated:
            self.agents = []
        return result


def env(
    name: str,
    players: int | None = None,
    config: Any = None,
    render_mode: str | None = None,
    max_cycles: int | None = None,
    illegal_action: str = "terminate",
    observation: str = "dense",
) -> BirdAECEnv:
    """Returns the AEC environment of the engine called `name`."""
    return BirdAECEnv(name, players, config, render_mode, max_cycles, illegal_action, observation)


def parallel_env(
    name: str,
    players: int | None = None,
    config: Any = None,
    render_mode: str | None = None,
    max_cycles: int | None = None,
    illegal_action: str = "terminate",
    observation: str = "dense",
) -> BirdParallelEnv:
    """Returns the Parallel environment of the engine called `name`."""
    return BirdParallelEnv(
        name, players, config, render_mode, max_cycles, illegal_action, observation
    )
