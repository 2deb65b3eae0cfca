"""Plays a tournament of bots on a local process pool and prints the table.

python examples/tournament.py --game peacock --players 3 --games 30 --bots greedy,random,random

One bot per seat (random, greedy or ismcts); seats not named are random. Seats rotate from
game to game. A tqdm progress bar is shown when tqdm is installed, a text line otherwise.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import birdgames
from birdgames import sim
from birdgames.bots import GreedyPolicy, ISMCTSPolicy, supports


def make_bot(kind: str, game: birdgames.AnyGame, config: Any, iterations: int | None) -> Any:
    """Returns the policy called `kind` for `game`."""
    if kind == "random":
        return sim.RandomPolicy()
    if kind == "greedy":
        return GreedyPolicy(game, config)
    if kind == "ismcts":
        if iterations is None:
            return ISMCTSPolicy(game, config)
        return ISMCTSPolicy(game, config, iterations=iterations)
    raise ValueError(f"unknown bot {kind!r}: random, greedy or ismcts")


def progress_reporter(total: int) -> tuple[Callable[[int, int], None], Callable[[], None]]:
    """Returns a progress callback and a closer: a tqdm bar if tqdm is installed."""
    try:
        from tqdm import tqdm  # type: ignore[import-untyped, unused-ignore]
    except ImportError:

        def line(done: int, total: int) -> None:
            print(f"\r{done}/{total} games", end="", file=sys.stderr, flush=True)

        return line, lambda: print(file=sys.stderr)
    bar = tqdm(total=total, unit="game")

    def advance(done: int, total: int) -> None:
        bar.update(done - bar.n)

    return advance, bar.close


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the tournament; returns the process exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="peacock", help="engine: " + ", ".join(supports()))
    parser.add_argument("--players", type=int, help="player count (default: one per bot)")
    parser.add_argument("--games", type=int, default=12, help="games to play (default 12)")
    parser.add_argument("--bots", default="greedy,random", help="one bot per seat, comma-separated")
    parser.add_argument("--seed", type=int, default=1, help="tournament seed (default 1)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--iterations", type=int, help="ISMCTS budget (default: the bot's)")
    args = parser.parse_args(argv)

    registered = birdgames.games()
    if args.game not in registered:
        print(f"Unknown game {args.game!r}. Registered engines: {', '.join(registered)}.")
        return 2
    game = registered[args.game]
    kinds = [k.strip() for k in args.bots.split(",") if k.strip()]
    players = args.players if args.players is not None else len(kinds)
    if len(kinds) > players:
        print(f"{len(kinds)} bots for {players} seats")
        return 2
    kinds += ["random"] * (players - len(kinds))
    try:
        config = game.default_config(players)
        policies = [make_bot(kind, game, config, args.iterations) for kind in kinds]
    except (birdgames.InvalidConfigError, ValueError) as error:
        print(f"{args.game}: {error}")
        return 2
    report, close = progress_reporter(args.games)
    # spawn, not fork: a caller that runs threads (a notebook, a server) cannot deadlock it
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max(1, args.workers), mp_context=spawn) as pool:
        result = sim.tournament(
            game, config, policies, args.games, args.seed, pool, report, names=kinds
        )
    close()
    print(result.table())
    return 0


if __name__ == "__main__":
    sys.exit(main())
