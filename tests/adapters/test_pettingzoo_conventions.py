"""birdgames.adapters.pettingzoo follows PettingZoo's conventions beyond its API test:
seeding, masks, spaces, render modes, truncation and misuse."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import gymnasium
import numpy as np
import pytest
from pettingzoo.test import parallel_seed_test, render_test

from birdgames import games, get_game
from birdgames.adapters import pettingzoo as adapter

CASES = [(name, players) for name in sorted(games()) for players in get_game(name).player_counts]
IDS = [f"{name}-{players}p" for name, players in CASES]


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    # The suites warn that dict observations are unusual; action masks need them.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_pettingzoo_parallel_seed_test_passes(name: str, players: int) -> None:
    """parallel_seed_test samples unmasked actions: an illegal one ends the game (the
    classic environments' convention) the same way in both copies."""
    parallel_seed_test(lambda: adapter.parallel_env(name, players), num_cycles=200)


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_pettingzoo_render_test_passes(name: str, players: int) -> None:
    """render_test renders the spectator's view as text in "ansi" mode."""
    render_test(lambda render_mode=None: adapter.env(name, players, render_mode="ansi"))


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_only_the_selected_agent_has_a_nonzero_mask(name: str, players: int) -> None:
    """In the AEC environment every other agent's mask is all zeros, also while several
    seats have a decision (Perch's objectives, Peacock's draft and migrations)."""
    env = adapter.env(name, players)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _, agent in zip(range(300), env.agent_iter(), strict=False):
        observation, _, terminated, truncated, _ = env.last()
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any(), other
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


def test_each_agent_has_its_own_spaces() -> None:
    """Seeding player_1's action space does not reseed player_0's."""
    for env in (adapter.env("peacock", 3), adapter.parallel_env("peacock", 3)):
        spaces = [env.action_space(a) for a in env.possible_agents]
        assert len({id(space) for space in spaces}) == 3
        observations = {id(env.observation_space(a)) for a in env.possible_agents}
        assert len(observations) == 3
        spaces[0].seed(1)
        first = spaces[0].sample()
        spaces[0].seed(1)
        spaces[1].seed(2)
        assert spaces[0].sample() == first


@pytest.mark.parametrize("make", [adapter.env, adapter.parallel_env])
def test_an_unknown_render_mode_is_refused(make: object) -> None:
    """render_mode must be None or one of metadata["render_modes"]."""
    with pytest.raises(ValueError, match="ansi"):
        make("rookery", 2, render_mode="rgb_array")  # type: ignore[operator]


def test_max_cycles_truncates_the_aec_game() -> None:
    """After max_cycles actions every agent is truncated, with zero rewards, and leaves."""
    env = adapter.env("rookery", 2, max_cycles=5)
    env.reset(seed=1)
    steps = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0.0
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        steps += 1
        del agent
    assert steps == 5 and env.agents == []


def test_max_cycles_truncates_the_parallel_game() -> None:
    """After max_cycles steps the Parallel game reports truncations and no agents."""
    env = adapter.parallel_env("peacock", 3, max_cycles=2)
    observations, _ = env.reset(seed=1)
    for step in range(2):
        actions = {
            a: int(np.flatnonzero(o["action_mask"])[0]) if o["action_mask"].any() else 0
            for a, o in observations.items()
        }
        observations, rewards, terminations, truncations, _ = env.step(actions)
        assert all(truncations.values()) == (step == 1)
        assert set(rewards.values()) == {0.0}
        assert not any(terminations.values())
    assert env.agents == []


@pytest.mark.parametrize("make", [adapter.env, adapter.parallel_env])
def test_stepping_before_reset_is_a_clear_error(make: object) -> None:
    """step() before reset() raises gymnasium's ResetNeeded, saying to call reset()."""
    env = make("peacock", 2)  # type: ignore[operator]
    with pytest.raises(gymnasium.error.ResetNeeded, match="reset"):
        env.step({"player_0": 0} if isinstance(env, adapter.BirdParallelEnv) else 0)


def test_an_illegal_action_ends_the_aec_game_with_minus_one() -> None:
    """The classic convention: the offender gets -1, the others 0, and the game ends; the
    info says why."""
    env = adapter.env("rookery", 2)
    env.reset(seed=2)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards == {agent: -1.0, **{a: 0.0 for a in env.agents if a != agent}}
    assert "not legal" in env.infos[agent]["illegal_action"]


def test_illegal_actions_can_raise_instead() -> None:
    """illegal_action="raise" keeps the engine's IllegalActionError."""
    from birdgames import IllegalActionError

    env = adapter.env("rookery", 2, illegal_action="raise")
    env.reset(seed=2)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(mask == 0)[0]))
