"""Trains a small policy on one seat of an engine against random play, in plain numpy.

    python examples/train_selfplay.py [--game rookery] [--players 2] [--batches 30]
        [--episodes 8] [--evaluate 40] [--seed 0]

The environment is `birdgames.adapters.selfplay.SelfPlayEnv` (extra `birdgames[pettingzoo]`):
the learner plays seat 0 or 1 at random, the other seats play uniformly random legal
actions. The policy is a linear softmax over the legal actions (logits = observation x W
+ b, the mask applied), trained by REINFORCE with a running-mean baseline: after each batch
of episodes, every decision's log-probability is pushed up by how much better than the
baseline its episode ended. It prints the win rate against random before training and after
each batch's evaluation; `train` returns the same figures for code (and the test).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np

from birdgames.adapters.selfplay import Observation, SelfPlayEnv

FloatArray = np.ndarray[Any, np.dtype[np.float64]]


@attrs.define
class LinearPolicy:
    """Masked softmax over logits = observation x weights + bias."""

    weights: FloatArray
    bias: FloatArray

    @classmethod
    def zeros(cls, observations: int, actions: int) -> LinearPolicy:
        return cls(np.zeros((observations, actions)), np.zeros(actions))

    def probabilities(self, observation: Observation) -> FloatArray:
        """Returns the chance of each action index; zero where the mask forbids it."""
        features = observation["observation"]
        active = np.flatnonzero(features)
        logits = features[active] @ self.weights[active] + self.bias
        legal = observation["action_mask"].astype(bool)
        logits = np.where(legal, logits, -np.inf)
        exp = np.exp(logits - logits[legal].max())
        return np.asarray(exp / exp.sum())

    def act(self, observation: Observation, rng: np.random.Generator) -> int:
        """Returns an action index drawn from the policy."""
        return int(rng.choice(len(self.bias), p=self.probabilities(observation)))


@attrs.define
class Decision:
    observation: Observation
    action: int


def play_episode(
    env: SelfPlayEnv, policy: LinearPolicy, rng: np.random.Generator, seed: int
) -> tuple[list[Decision], float]:
    """Plays one game; returns the learner's decisions and its final reward."""
    observation, _ = env.reset(seed=seed)
    decisions = []
    while True:
        action = policy.act(observation, rng)
        decisions.append(Decision(observation, action))
        observation, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return decisions, float(reward)


def win_rate(env: SelfPlayEnv, policy: LinearPolicy, games: int, seed: int) -> float:
    """Returns the share of `games` the policy wins (shared wins count) against random."""
    rng = np.random.default_rng(seed)
    wins = sum(play_episode(env, policy, rng, seed + g)[1] >= 0 for g in range(games))
    return wins / games


def update(
    policy: LinearPolicy,
    episodes: Sequence[tuple[list[Decision], float]],
    baseline: float,
    rate: float,
) -> None:
    """One REINFORCE step: every decision's log-probability times its episode's advantage."""
    for decisions, reward in episodes:
        advantage = reward - baseline
        for decision in decisions:
            gradient = -policy.probabilities(decision.observation)
            gradient[decision.action] += 1.0
            step = rate * advantage / len(decisions)
            features = decision.observation["observation"]
            active = np.flatnonzero(features)
            policy.weights[active] += step * np.outer(features[active], gradient)
            policy.bias += step * gradient


def train(
    game: str = "rookery",
    players: int = 2,
    batches: int = 30,
    episodes: int = 8,
    evaluate: int = 40,
    seed: int = 0,
    rate: float = 0.2,
) -> list[float]:
    """Trains a policy; returns its win rate against random before and after each batch."""
    env = SelfPlayEnv(game, players, seat=None)
    policy = LinearPolicy.zeros(env.size, env.actions)
    rng = np.random.default_rng(seed)
    rates = [win_rate(env, policy, evaluate, 10_000)]
    print(f"before training: win rate against random {rates[0]:.2f}")
    baseline = 0.0
    for batch in range(batches):
        played = [
            play_episode(env, policy, rng, seed * 1_000_000 + batch * episodes + e)
            for e in range(episodes)
        ]
        update(policy, played, baseline, rate)
        mean = float(np.mean([reward for _, reward in played]))
        baseline = 0.9 * baseline + 0.1 * mean
        rates.append(win_rate(env, policy, evaluate, 10_000))
        print(
            f"batch {batch + 1}: mean reward {mean:+.2f}, win rate against random {rates[-1]:.2f}"
        )
    return rates


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="rookery")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--batches", type=int, default=30)
    parser.add_argument("--episodes", type=int, default=8)
    parser.add_argument("--evaluate", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    train(args.game, args.players, args.batches, args.episodes, args.evaluate, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
