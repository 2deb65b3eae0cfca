"""birdgames.adapters.pettingzoo passes PettingZoo's own API, seed and parallel tests."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import gymnasium
import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

from birdgames import games, get_game
from birdgames.adapters import pettingzoo as adapter
from birdgames.encoding import get_encoding

CASES = [(name, players) for name in sorted(games()) for players in get_game(name).player_counts]
IDS = [f"{name}-{players}p" for name, players in CASES]


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    # The suites warn that dict observations are unusual; action masks need them.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_pettingzoo_api_test_passes(name: str, players: int) -> None:
    """pettingzoo.test.api_test plays a random game through the AEC environment."""
    api_test(adapter.env(name, players), num_cycles=1000)


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_pettingzoo_seed_test_passes(name: str, players: int) -> None:
    """pettingzoo.test.seed_test: the same seed gives the same game."""
    seed_test(lambda: adapter.env(name, players), num_cycles=500)


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_pettingzoo_parallel_api_test_passes(name: str, players: int) -> None:
    """pettingzoo.test.parallel_api_test plays a random game through the Parallel environment."""
    parallel_api_test(adapter.parallel_env(name, players), num_cycles=1000)


def test_perch_with_promos_passes_the_api_test() -> None:
    """A config with every promo (a larger action space) passes api_test too."""
    engine = get_game("perch_bop")
    config = engine.default_config(3)
    config = type(config)(
        players=3, expansions=config.expansions, promos=frozenset({"yeti", "golden_goose"})
    )
    api_test(adapter.env("perch_bop", config=config), num_cycles=1000)


@pytest.mark.parametrize("name", sorted(games()))
def test_a_seeded_game_ends_with_zero_sum_rewards_for_the_winners(name: str) -> None:
    """Masked random play from reset(seed) reaches the end; rewards sum to zero and the
    engine's winners get the positive ones; observations are the encoding's."""
    env = adapter.env(name, 2)
    env.reset(seed=3)
    engine, encoding = get_game(name), get_encoding(name)
    assert env.engine_state == engine.new_game(engine.default_config(2), 3)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        view = engine.view(env.engine_state, seat)
        assert np.allclose(observation["observation"], encoding.observe(view))
        assert observation["action_mask"].sum() == len(engine.legal_actions(env.engine_state, seat))
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    winners = engine.winners(env.engine_state)
    assert sum(totals.values()) == pytest.approx(0.0)
    assert {p for p in range(2) if totals[adapter.agent_name(p)] > 0} == set(winners) or (
        len(winners) == 2 and all(v == 0.0 for v in totals.values())
    )


def test_the_parallel_peacock_draft_takes_every_pick_at_once() -> None:
    """In the Parallel environment each seat's draft pick goes in the same step."""
    env = adapter.parallel_env("peacock", 3)
    observations, _ = env.reset(seed=2)
    assert all(obs["action_mask"].any() for obs in observations.values())
    picks = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()}
    env.step(picks)
    seats = env.engine_state.seats
    assert all(seat.pick is None for seat in seats)  # all three resolved together
    assert all(len(seat.hand.birds) + len(seat.hand.islands) == 6 for seat in seats)


@pytest.mark.parametrize("name", sorted(games()))
def test_entity_observations_pass_the_api_tests(name: str) -> None:
    """With observation="entities", api_test and parallel_api_test pass, every observation
    inside its int32 space."""
    api_test(adapter.env(name, 2, observation="entities"), num_cycles=1000)
    parallel_api_test(adapter.parallel_env(name, 2, observation="entities"), num_cycles=1000)


@pytest.mark.parametrize("name", sorted(games()))
def test_entity_observations_are_each_seat_s_view_s_entities(name: str) -> None:
    """Each agent's entity observation is its view's entities, within the space; another
    agent's observation of the same state is its own."""
    engine, encoding = get_game(name), get_encoding(name)
    env = adapter.env(name, 2, observation="entities")
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    for _ in range(40):
        if not env.agents:
            break
        for seat, agent in enumerate(env.possible_agents):
            seen = env.observe(agent)["observation"]
            assert seen.dtype == np.int32
            space = env.observation_space(agent)
            assert isinstance(space, gymnasium.spaces.Dict)
            assert space["observation"].contains(seen)
            assert tuple(seen) == encoding.entities(engine.view(env.engine_state, seat))
        observation, _, terminated, truncated, _ = env.last()
        action = (
            None
            if terminated or truncated
            else rng.choice(np.flatnonzero(observation["action_mask"]))
        )
        env.step(None if action is None else int(action))


def test_an_unknown_observation_kind_is_refused() -> None:
    """observation must be "dense" or "entities"."""
    with pytest.raises(ValueError, match="observation must be one of"):
        adapter.env("rookery", 2, observation="pixels")
