"""Fits Rookery's evaluation weights to the outcomes of self-played games.

    python scripts/fit_evaluation.py [--games 600] [--seed 1] [--workers 2]
        [--tune ROUNDS] [--tune-games 120] [--write]

Games are played by a mix of one-step bots (the package's greedy bot with its hand-set
evaluation, the fitted evaluation as it stands, and the outside-style heuristic of
benchmarks/rookery_heuristic.py), each move random with probability 0.1 so that the
positions vary. Every position gives, for each seat, `rookery.evaluate.features` of the
seat's view and whether that seat went on to win (a draw: one half). A logistic
regression (numpy, L2-regularised, Newton steps) fits one weight per feature: the weights
say how much each feature moves the odds of winning. Odds fitted to outcomes are not yet
the best guide for choosing a move (a feature that comes with winning need not be worth
playing for), so `--tune` then improves the weights by self-play: in each round each weight
in turn moves up and down by half its size (at least 0.1), and a change stays when the
greedy bot with it beats the greedy bot with the weights as they stand in more than 54.5%
of `--tune-games` games (seats alternating). `--write` puts the weights into
src/birdgames/rookery/weights.py, plain data the evaluation reads.

A fitting script, not a test: it prints the weights and the fit's figures.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import attrs
import numpy as np

from birdgames import rookery, sim
from birdgames.bots import GreedyPolicy
from birdgames.rng import Rng, below
from birdgames.rookery import evaluate as rookery_evaluate

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from rookery_heuristic import heuristic_value  # noqa: E402

WEIGHTS_FILE = ROOT / "src" / "birdgames" / "rookery" / "weights.py"
NOISE = 10  # one move in NOISE is random
# A change stays when it wins this share of its games: above half by about one standard
# error of 120 games, so that noise alone rarely moves a weight.
KEEP = 0.545


@attrs.frozen
class Noisy:
    """Plays `policy`, but one move in NOISE uniformly at random."""

    policy: Any

    def choose(
        self, view: Any, legal: Sequence[Any], history: Sequence[object], rng: Rng
    ) -> tuple[Any, Rng]:
        roll, rng = below(rng, NOISE)
        if roll == 0:
            pick, rng = below(rng, len(legal))
            return legal[pick], rng
        action, rng = self.policy.choose(view, legal, history, rng)
        return action, rng


def _policies(config: rookery.Config) -> list[Any]:
    game = rookery.GAME
    return [
        GreedyPolicy(game, config, evaluate=rookery_evaluate.material),
        GreedyPolicy(game, config, evaluate=heuristic_value),
        GreedyPolicy(game, config),
    ]


def play_one(seed: int) -> tuple[list[tuple[float, ...]], list[float]]:
    """Plays one noisy game; returns each position's features per seat and the outcomes."""
    game = rookery.GAME
    config = game.default_config(2)
    kinds = _policies(config)
    policies = [Noisy(kinds[seed % len(kinds)]), Noisy(kinds[(seed // 3) % len(kinds)])]
    rows: list[tuple[float, ...]] = []
    seats: list[int] = []
    state = game.new_game(config, seed)
    for step in sim.iter_play(game, config, seed, policies):
        state = step.state
        if game.is_terminal(state):
            break
        for seat in (0, 1):
            rows.append(rookery_evaluate.features(game.view(state, seat), seat))
            seats.append(seat)
    winners = game.winners(state)
    outcome = 1.0 if winners == (0,) else 0.0 if winners == (1,) else 0.5
    labels = [outcome if seat == 0 else 1.0 - outcome for seat in seats]
    return rows, labels


def fit(x: np.ndarray[Any, Any], y: np.ndarray[Any, Any], l2: float = 1e-3) -> np.ndarray[Any, Any]:
    """Returns the logistic regression weights (no intercept: the features are zero-sum)."""
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        gradient = x.T @ (p - y) / len(y) + l2 * w
        hessian = (x.T * (p * (1 - p))) @ x / len(y) + l2 * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def _match(args: tuple[int, tuple[float, ...], tuple[float, ...]]) -> float:
    """Plays one game, weights `a` against weights `b`; returns a's share (seed picks seats)."""
    seed, a, b = args
    game = rookery.GAME
    config = game.default_config(2)
    bots = [
        GreedyPolicy(game, config, evaluate=rookery_evaluate.LinearEvaluation(w)) for w in (a, b)
    ]
    seat = seed % 2
    record = sim.play(game, config, seed, bots if seat == 0 else bots[::-1])
    return 1.0 if record.winners == (seat,) else 0.0 if len(record.winners) == 1 else 0.5


def tune(
    weights: tuple[float, ...], rounds: int, games: int, seed: int, pool: ProcessPoolExecutor
) -> tuple[float, ...]:
    """Returns `weights` improved by `rounds` rounds of halving and doubling each one."""
    for round_ in range(rounds):
        for i, name in enumerate(rookery_evaluate.FEATURE_NAMES):
            step = max(0.5 * abs(weights[i]), 0.1)
            for change in (step, -step):
                trial = tuple(w + change if j == i else w for j, w in enumerate(weights))
                seeds = [seed * 7919 + round_ * 100_003 + i * 1009 + g for g in range(games)]
                share = sum(pool.map(_match, [(s, trial, weights) for s in seeds])) / games
                if share > KEEP:
                    print(f"  round {round_ + 1}: {name} {change:+.3f}: {share:.1%}", flush=True)
                    weights = trial
                    break
    return weights


def _log_loss(x: np.ndarray[Any, Any], y: np.ndarray[Any, Any], w: np.ndarray[Any, Any]) -> float:
    p = np.clip(1.0 / (1.0 + np.exp(-(x @ w))), 1e-9, 1 - 1e-9)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def write(weights: Sequence[float], games: int, seed: int, rounds: int, tune_games: int) -> None:
    lines = [
        '"""Rookery\'s fitted evaluation weights, one per `evaluate.FEATURE_NAMES` entry.',
        "",
        f"Written by scripts/fit_evaluation.py --games {games} --seed {seed} --tune {rounds}",
        f"--tune-games {tune_games} --write: the log-odds of winning each feature adds, fitted",
        "to the outcomes of self-played games, then tuned by self-play.",
        '"""',
        "",
        "from typing import Final",
        "",
        "WEIGHTS: Final = (",
        *(
            f"    {w!r},  # {name}"
            for w, name in zip(weights, rookery_evaluate.FEATURE_NAMES, strict=True)
        ),
        ")",
        "",
    ]
    WEIGHTS_FILE.write_text("\n".join(lines), encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--tune", type=int, default=0, help="rounds of self-play tuning")
    parser.add_argument("--tune-games", type=int, default=120)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    seeds = [args.seed * 1_000_003 + i for i in range(args.games)]
    pool = ProcessPoolExecutor(args.workers)
    played = list(pool.map(play_one, seeds, chunksize=4))
    # Hold out one game in five to check the fit on games it has not seen.
    train = [g for i, g in enumerate(played) if i % 5]
    test = [g for i, g in enumerate(played) if not i % 5]

    def stack(games: list[tuple[list[tuple[float, ...]], list[float]]]) -> tuple[Any, Any]:
        x = np.array([row for rows, _ in games for row in rows], float)
        y = np.array([label for _, labels in games for label in labels], float)
        return x, y

    x, y = stack(train)
    tx, ty = stack(test)
    w = fit(x, y)
    print(f"{len(x)} positions from {len(train)} games; held out {len(tx)} from {len(test)}")
    print(
        f"log loss: train {_log_loss(x, y, w):.4f}, held out {_log_loss(tx, ty, w):.4f} "
        f"(no information: {np.log(2):.4f})"
    )
    for name, weight in zip(rookery_evaluate.FEATURE_NAMES, w, strict=True):
        print(f"  {name:28} {weight:+.4f}")
    weights = tuple(round(float(v), 4) for v in w)
    if args.tune:
        weights = tune(weights, args.tune, args.tune_games, args.seed, pool)
        print(
            "tuned:",
            ", ".join(
                f"{n} {v:+.4f}"
                for n, v in zip(rookery_evaluate.FEATURE_NAMES, weights, strict=True)
            ),
        )
    pool.shutdown()
    if args.write:
        write(weights, args.games, args.seed, args.tune, args.tune_games)
        print(f"wrote {WEIGHTS_FILE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
