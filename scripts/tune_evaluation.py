"""Screens the constants of a game's hand-set evaluation by self-play.

    python scripts/tune_evaluation.py --game peacock [--players 3] [--games 150]
        [--names NAME,...] [--factors 0.5,2] [--iterations 0] [--seed 1] [--workers 2]

For each constant named (every float constant in capitals of `birdgames.<game>.evaluate` by
default) and each factor, one greedy seat plays by the evaluation with that constant times
the factor against greedy seats by the evaluation as it is, on the same deals for every
setting, the changed seat rotating from game to game. It prints the changed seat's share of
its results against the others (the higher score wins, an equal score is half each) with a
normal 95% interval over the games, and the mean scores. First come the same figures for a
seat with nothing changed (`as it is`): the seats the deals give the changed bot have their
own luck, which every setting shares. So each setting's line ends with its share less that
seat's, deal by deal, with a normal 95% interval over the deals: a change worth making has
that interval above zero.

Each setting plays by its own copy of the evaluation module, loaded from its source with the
constant set on the copy, so that two settings can sit at one table; the copies run the
pure-Python source in either build. `--iterations N` seats ISMCTS bots at N iterations
instead of greedy ones, a slower screen that also weighs how the search turns values into
rewards.

A tuning script, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any

import birdgames
from birdgames import sim
from birdgames.bots import GreedyPolicy, ISMCTSPolicy

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from ladder import normal_interval  # noqa: E402

# A setting: the constants a copy of the evaluation module changes, by name.
Setting = tuple[tuple[str, float], ...]

_copies: dict[tuple[str, Setting], ModuleType] = {}


def evaluation_module(game: str, setting: Setting) -> ModuleType:
    """Returns a copy of `birdgames.<game>.evaluate` with `setting`'s constants, one per
    process and setting."""
    key = (game, setting)
    if key not in _copies:
        original = importlib.import_module(f"birdgames.{game}.evaluate")
        source = Path(original.__file__ or "").parent / "evaluate.py"
        spec = importlib.util.spec_from_file_location(f"_tuned_{game}_{len(_copies)}", source)
        assert spec is not None and spec.loader is not None, source
        copy = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(copy)
        for name, value in setting:
            if not isinstance(getattr(copy, name, None), float):
                raise SystemExit(f"{game}'s evaluation has no float constant {name}")
            setattr(copy, name, value)
        _copies[key] = copy
    return _copies[key]


def constants(game: str) -> dict[str, float]:
    """Returns the float constants in capitals of the game's evaluation module."""
    module = importlib.import_module(f"birdgames.{game}.evaluate")
    return {
        name: value
        for name, value in vars(module).items()
        if name.isupper() and isinstance(value, float)
    }


def bot(game: Any, config: Any, evaluate: Any, iterations: int) -> Any:
    """Returns the greedy bot (`iterations` 0) or ISMCTS at `iterations`, by `evaluate`."""
    if iterations == 0:
        return GreedyPolicy(game, config, evaluate=evaluate)
    return ISMCTSPolicy(game, config, iterations=iterations, evaluate=evaluate)


def play_one(args: tuple[str, int, int, Setting, int]) -> tuple[float, int, float]:
    """Plays one game, the setting's seat against seats by the evaluation as it is; returns
    that seat's share of its results, its score and the others' mean score."""
    name, players, seed, setting, iterations = args
    game: Any = birdgames.get_game(name)
    config = game.default_config(players)
    changed = bot(game, config, evaluation_module(name, setting).evaluate, iterations)
    usual = bot(game, config, evaluation_module(name, ()).evaluate, iterations)
    seat = seed % players
    record = sim.play(game, config, seed, [changed if i == seat else usual for i in range(players)])
    mine = record.scores[seat]
    others = [score for i, score in enumerate(record.scores) if i != seat]
    results = [1.0 if mine > score else 0.5 if mine == score else 0.0 for score in others]
    return sum(results) / len(results), mine, sum(others) / len(others)


def screen(
    args: argparse.Namespace, players: int, setting: Setting, pool: ProcessPoolExecutor
) -> list[tuple[float, int, float]]:
    """Returns each game's figures (`play_one`) for the setting over `args.games` deals."""
    jobs = [
        (args.game, players, args.seed * 1_000_003 + g, setting, args.iterations)
        for g in range(args.games)
    ]
    return list(pool.map(play_one, jobs))


def line(
    setting: Setting, played: Sequence[tuple[float, int, float]], control: Sequence[float]
) -> str:
    """Returns the setting's figures: its share, its mean scores and, deal by deal, how much
    its share differs from the seat with nothing changed."""
    shares = [p[0] for p in played]
    share, low, high = normal_interval(shares)
    low, high = max(low, 0.0), min(high, 1.0)
    mine = statistics.fmean(p[1] for p in played)
    theirs = statistics.fmean(p[2] for p in played)
    label = ", ".join(f"{n} {v:g}" for n, v in setting) or "as it is"
    text = (
        f"{label:28} share {share:6.1%} [{low:6.1%}, {high:6.1%}]  "
        f"mean score {mine:6.1f} against {theirs:6.1f}"
    )
    if setting:
        gain, gain_low, gain_high = normal_interval(
            [a - b for a, b in zip(shares, control, strict=True)]
        )
        text += f"  against as it is {gain:+6.1%} [{gain_low:+6.1%}, {gain_high:+6.1%}]"
    return text


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--names", help="constants to screen, comma-separated (default: all)")
    parser.add_argument("--factors", default="0.5,2", help="multipliers, comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--iterations", type=int, default=0, help="ISMCTS bots at this budget (0: greedy bots)"
    )
    args = parser.parse_args(argv)
    game: Any = birdgames.get_game(args.game)
    players = args.players or game.player_counts[0]
    known = constants(args.game)
    names = args.names.split(",") if args.names else sorted(known)
    factors = [float(f) for f in args.factors.split(",")]
    if args.games < 2:
        parser.error("--games needs at least 2 games for an interval")
    bots = f"ISMCTS {args.iterations}" if args.iterations else "greedy"
    print(
        f"{args.game}, {players} players, {bots} bots, {args.games} games a setting, "
        f"seed {args.seed}"
    )
    for name in names:
        if name not in known:
            parser.error(f"{args.game}'s evaluation has no float constant {name}")
    with ProcessPoolExecutor(args.workers) as pool:
        # The same deals with no change first: the seat the changed bot takes in each game
        # has its own luck, which every setting shares.
        played = screen(args, players, (), pool)
        control = [p[0] for p in played]
        print(line((), played, control), flush=True)
        for name in names:
            for factor in factors:
                setting = ((name, known[name] * factor),)
                played = screen(args, players, setting, pool)
                print(line(setting, played, control), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
