"""Rookery's balance (R10): how often each seat and each default deck wins, and how games go.

    python benchmarks/rookery_balance.py [--policy random|greedy|heuristic|ismcts]
        [--games 2000] [--workers N] [--seed 1] [--iterations K]

Both seats play the same policy: `heuristic` is the outside-style checkpoint-race bot of
benchmarks/rookery_heuristic.py, a yardstick written apart from the package's evaluation.
Deck A sits at seat 0 in even games and at seat 1 in odd
ones, so every seat plays both decks equally often. Shares are of decided games (draws left
out), with Wilson 95% intervals; R10 asks for 45-55% for each seat and each deck, and under
10% drawn. Games run on a process pool through `sim.play`; the seat table is
`sim.summarize`'s, the one `sim.tournament` prints. Besides the winners: game length, how
games end, habitat flips and checkpoints.

A measuring script, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, cast

import attrs

from birdgames import rookery, sim
from birdgames.bots import GreedyPolicy, ISMCTSPolicy
from birdgames.rookery import CheckpointHeld, Config, GameEnded, ZoneFlipped

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rookery_heuristic import heuristic_policy

POLICIES = ("random", "greedy", "heuristic", "ismcts")
R10_LOW, R10_HIGH, R10_DRAWS = 0.45, 0.55, 0.10


@attrs.frozen
class GameFigures:
    """What one game showed: its result, how it ended, its flips and checkpoints."""

    result: sim.GameResult
    deck_a_seat: int
    ending: str
    turns: int
    flips: int
    first_flip_turn: int | None
    checkpoints: int
    empty_checkpoints: int
    early_empty_checkpoints: int  # of the first two


def _policy(name: str, config: Config, iterations: int | None) -> Any:
    if name == "random":
        return sim.RandomPolicy()
    if name == "greedy":
        return GreedyPolicy(rookery.GAME, config)
    if name == "heuristic":
        return heuristic_policy(config)
    if iterations is None:
        return ISMCTSPolicy(rookery.GAME, config)
    return ISMCTSPolicy(rookery.GAME, config, iterations=iterations)


def play_one(index: int, seed: int, policy: str, iterations: int | None) -> GameFigures:
    """Plays game `index` (deck A at seat index % 2) and returns its figures."""
    game = rookery.GAME
    standard = game.default_config(2)
    deck_a_seat = index % 2
    decks = standard.decks if deck_a_seat == 0 else standard.decks[::-1]
    config = attrs.evolve(standard, decks=decks)
    seated = _policy(policy, config, iterations)
    record = sim.play(game, config, seed, [seated, seated])
    # The events, from a replay of the record (cheap next to choosing the moves).
    state = game.new_game(config, seed)
    flips, turns = 0, 0
    first_flip: int | None = None
    checkpoints: list[CheckpointHeld] = []
    ending = "unfinished"
    for action in record.actions:
        state, events = game.step(state, cast(rookery.Action, action))
        for event in events:
            if isinstance(event, rookery.TurnStarted):
                turns += 1
            elif isinstance(event, ZoneFlipped):
                flips += 1
                first_flip = turns if first_flip is None else first_flip
            elif isinstance(event, CheckpointHeld):
                checkpoints.append(event)
            elif isinstance(event, GameEnded):
                ending = _ending(event, len(checkpoints))
    empty = [c for c in checkpoints if c.leader is None]
    result = sim.GameResult(
        seed, (policy, policy), record.scores, record.winners, len(record.actions)
    )
    return GameFigures(
        result,
        deck_a_seat,
        ending,
        turns,
        flips,
        first_flip,
        len(checkpoints),
        len(empty),
        sum(1 for c in empty if c.number <= 2),
    )


def _ending(event: GameEnded, checkpoints: int) -> str:
    if len(event.winners) != 1:
        return "drawn after sudden death"
    if max(event.prizes) >= 3:
        return "3 Prizes"
    return "more Prizes after two years" if checkpoints <= 8 else "sudden death"


def _share(wins: int, n: int) -> str:
    if n == 0:
        return "n/a"
    p = wins / n
    z2 = 1.959964**2
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = 1.959964 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    mark = "" if R10_LOW <= p <= R10_HIGH else "  (outside 45-55%)"
    return f"{100 * p:5.1f}% [{100 * (centre - half):5.1f}, {100 * (centre + half):5.1f}]{mark}"


def report(figures: Sequence[GameFigures], policy: str, seconds: float) -> str:
    """Returns the balance tables of the games played."""
    n = len(figures)
    decided = [f for f in figures if len(f.result.winners) == 1]
    draws = n - len(decided)
    seat0 = sum(1 for f in decided if f.result.winners == (0,))
    deck_a = sum(1 for f in decided if f.result.winners == (f.deck_a_seat,))
    same_seat_a = [f for f in decided if f.deck_a_seat == 0]
    lines = [
        f"rookery balance, {policy} play: {n} games in {seconds:.0f} s, decks swapped for half",
        "",
        "| share of decided games | wins | 95% interval |",
        "| --- | --- | --- |",
        f"| seat 0 (first player) | {seat0}/{len(decided)} | {_share(seat0, len(decided))} |",
        f"| seat 1 | {len(decided) - seat0}/{len(decided)} | "
        f"{_share(len(decided) - seat0, len(decided))} |",
        f"| deck A | {deck_a}/{len(decided)} | {_share(deck_a, len(decided))} |",
        f"| deck B | {len(decided) - deck_a}/{len(decided)} | "
        f"{_share(len(decided) - deck_a, len(decided))} |",
        f"| deck A at seat 0 (its games) | "
        f"{sum(1 for f in same_seat_a if f.result.winners == (0,))}/{len(same_seat_a)} | |",
        "",
        f"drawn: {draws}/{n} = {100 * draws / n:.1f}% (R10: under {100 * R10_DRAWS:.0f}%)",
        f"actions per game: {statistics.fmean(f.result.actions for f in figures):.1f}, "
        f"turns per game: {statistics.fmean(f.turns for f in figures):.1f}",
        "how games end: "
        + ", ".join(
            f"{ending} {100 * count / n:.1f}%"
            for ending, count in Counter(f.ending for f in figures).most_common()
        ),
        f"habitat flips: {statistics.fmean(f.flips for f in figures):.2f} per game, "
        f"games with one: {100 * sum(1 for f in figures if f.flips) / n:.1f}%",
        f"checkpoints per game: {statistics.fmean(f.checkpoints for f in figures):.2f}, "
        f"of them with no leader: {statistics.fmean(f.empty_checkpoints for f in figures):.2f}; "
        f"the first two empty: {statistics.fmean(f.early_empty_checkpoints for f in figures):.2f}",
        "",
        sim.summarize("rookery", [f.result for f in figures]).table(),
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Plays the games and prints the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--policy", choices=POLICIES, default="random")
    parser.add_argument("--games", type=int, default=2000, help="games (rounded up to even)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--seed", type=int, default=1, help="the tournament seed")
    parser.add_argument("--iterations", type=int, help="ISMCTS iterations (default: its own)")
    args = parser.parse_args(argv)
    games = args.games + args.games % 2
    seeds = sim.tournament_seeds(args.seed, games)
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [
            pool.submit(play_one, index, seed, args.policy, args.iterations)
            for index, seed in enumerate(seeds)
        ]
        figures = [future.result() for future in futures]
    print(report(figures, args.policy, time.perf_counter() - started))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
