"""SelfPlayEnv: one seat of an engine as a Gymnasium environment, checked by Gymnasium."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from birdgames import games, get_game
from birdgames.adapters.selfplay import Observation, SelfPlayEnv, random_policy
from birdgames.encoding import get_encoding

CASES = [(name, players) for name in sorted(games()) for players in get_game(name).player_counts]
IDS = [f"{name}-{players}p" for name, players in CASES]


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    # Gymnasium warns about the unbounded observation Box; the numbers are scaled counts.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_gymnasium_check_env_passes(name: str, players: int) -> None:
    """gymnasium.utils.env_checker.check_env: spaces, reset seeding, step results."""
    check_env(SelfPlayEnv(name, players, seat=None), skip_render_check=True)


@pytest.mark.parametrize("name", sorted(games()))
def test_a_game_against_random_ends_with_the_learner_s_return(name: str) -> None:
    """Masked random play reaches the end; the reward is the engine's verdict for the seat,
    and every observation is the engine's for the learner's seat."""
    env = SelfPlayEnv(name, 2, seat=1)
    observation, info = env.reset(seed=4)
    assert info["seat"] == 1
    rng = np.random.default_rng(4)
    encoding = get_encoding(name)
    terminated = truncated = False
    reward = 0.0
    while not (terminated or truncated):
        assert env.engine.to_act(env.state)[0] == 1
        view = env.engine.view(env.state, 1)
        assert np.array_equal(
            observation["observation"], np.array(encoding.observe(view), np.float32)
        )
        action = random_policy(observation, rng)
        observation, reward, terminated, truncated, _ = env.step(action)
    winners = env.engine.winners(env.state)
    assert reward == (2 / len(winners) - 1.0 if 1 in winners else -1.0)
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)


def test_the_opponent_policy_plays_the_other_seats() -> None:
    """set_opponent's policy is asked for every other seat's action, with its mask."""
    asked: list[int] = []

    def first_legal(observation: Observation, rng: np.random.Generator) -> int:
        asked.append(int(observation["action_mask"].sum()))
        return int(np.flatnonzero(observation["action_mask"])[0])

    env = SelfPlayEnv("rookery", 2, seat=1)
    env.set_opponent(first_legal)
    observation, _ = env.reset(seed=1)
    env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert asked and all(count > 0 for count in asked)


def test_an_illegal_action_loses_the_game() -> None:
    """An index the mask does not allow ends the game with -1, the reason in the info."""
    env = SelfPlayEnv("peacock", 3)
    observation, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated) == (-1.0, True)
    assert "not legal" in info["illegal_action"]


def test_max_steps_truncates() -> None:
    """After max_steps of the learner's actions the episode is truncated."""
    env = SelfPlayEnv("perch_bop", 2, max_steps=3)
    observation, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)
    flags = []
    for _ in range(3):
        observation, _, terminated, truncated, _ = env.step(random_policy(observation, rng))
        flags.append((terminated, truncated))
    assert flags == [(False, False), (False, False), (False, True)]


def test_bad_seats_and_render_modes_are_refused() -> None:
    """A seat outside the table or an unknown render mode is a ValueError."""
    with pytest.raises(ValueError, match="seat"):
        SelfPlayEnv("rookery", 2, seat=2)
    with pytest.raises(ValueError, match="ansi"):
        SelfPlayEnv("rookery", 2, render_mode="human")


@pytest.mark.parametrize("name", sorted(games()))
def test_entity_observations_pass_check_env_and_are_the_view_s_entities(name: str) -> None:
    """With observation="entities", check_env passes and the learner's observation is its
    view's entities, inside the space; an illegal action's empty observation is int32 too."""
    check_env(SelfPlayEnv(name, 2, seat=None, observation="entities"), skip_render_check=True)
    engine, encoding = get_game(name), get_encoding(name)
    env = SelfPlayEnv(name, 2, seat=1, observation="entities")
    observation, _ = env.reset(seed=3)
    assert env.observation_space.contains(observation)
    assert tuple(observation["observation"]) == encoding.entities(engine.view(env.state, 1))
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    empty, *_ = env.step(illegal)
    assert empty["observation"].dtype == np.int32 and not empty["observation"].any()


def test_an_unknown_observation_kind_is_refused() -> None:
    """observation must be "dense" or "entities"."""
    with pytest.raises(ValueError, match="observation must be one of"):
        SelfPlayEnv("rookery", 2, observation="pixels")
