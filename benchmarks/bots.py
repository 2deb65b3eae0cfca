"""The bots' acceptance figures: greedy against random, ISMCTS against greedy, Peacock's
greedy totals, identical tables whatever runs the games, and ISMCTS time per decision.

    python benchmarks/bots.py [--games 200] [--workers N] [--dask] [--tables peacock,rookery]
        [--parts speed,random,ismcts,baseline,totals,identical]

A measuring script, not a test: it prints each figure with its 95% interval and the target
it is held to, and never fails on them. Seats rotate; --games is rounded up to a multiple of
the player count so every policy takes every seat equally. Where a game keeps the evaluation
its bots played by before (`BASELINES`), the greedy seats the bots are measured against play
by it, so the yardstick stays put when the evaluation improves; `baseline` measures the
greedy bot with the game's evaluation against that yardstick.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import birdgames
from birdgames import sim
from birdgames.bots import GreedyPolicy, ISMCTSPolicy
from birdgames.perch_bop import evaluate as perch_evaluate

# (game, players) of the acceptance pairings.
TABLES = (("perch_bop", 4), ("peacock", 3), ("rookery", 2))
PEACOCK_GREEDY_TARGET = 88.0  # mean total per player, 3 greedy players
DECISIONS_TIMED = 30  # ISMCTS decisions timed per game
PARTS = ("speed", "random", "ismcts", "baseline", "totals", "identical")
# The evaluation a game's bots played by before its current one: the greedy yardstick.
BASELINES: dict[str, Callable[[Any, int], float]] = {"perch_bop": perch_evaluate.baseline}


def yardstick(game: birdgames.AnyGame, config: Any) -> GreedyPolicy:
    """Returns the greedy bot the others are measured against: by the game's baseline
    evaluation where it keeps one, else by its own."""
    return GreedyPolicy(game, config, evaluate=BASELINES.get(game.name))


def _rounded(games: int, players: int) -> int:
    return -(-games // players) * players


def _row(result: sim.TournamentResult, name: str) -> sim.PolicyStats:
    return next(p for p in result.policies if p.name == name)


def _fmt(e: sim.Estimate, pct: bool = False) -> str:
    if pct:
        return f"{100 * e.mean:.1f}% [{100 * e.low:.1f}, {100 * e.high:.1f}]"
    return f"{e.mean:.2f} [{e.low:.2f}, {e.high:.2f}]"


def _run(
    game: birdgames.AnyGame,
    policies: Sequence[Any],
    names: Sequence[str],
    games: int,
    seed: int,
    pool: ProcessPoolExecutor,
) -> sim.TournamentResult:
    config = game.default_config(len(policies))
    started = time.perf_counter()

    def progress(done: int, total: int) -> None:
        if done % 20 == 0 or done == total:
            spent = time.perf_counter() - started
            print(f"  ... {done}/{total} games, {spent:.0f} s", file=sys.stderr, flush=True)

    result = sim.tournament(game, config, policies, games, seed, pool, progress, names=names)
    print(f"  ({games} games in {time.perf_counter() - started:.1f} s)")
    return result


def greedy_against_random(name: str, players: int, games: int, pool: ProcessPoolExecutor) -> None:
    """One greedy seat among random ones: its win rate against the fair share, its rank."""
    game = birdgames.get_game(name)
    config = game.default_config(players)
    policies = [GreedyPolicy(game, config)] + [sim.RandomPolicy()] * (players - 1)
    names = ["greedy"] + ["random"] * (players - 1)
    print(f"{name}, {players} players: 1 greedy, {players - 1} random")
    result = _run(game, policies, names, _rounded(games, players), 101, pool)
    greedy, random = _row(result, "greedy"), _row(result, "random")
    target = ">= 90%" if players == 2 else f"far above the fair share {100 / players:.0f}%"
    print(f"  greedy win rate {_fmt(greedy.win_rate, True)}  (target {target})")
    print(f"  mean rank greedy {_fmt(greedy.mean_rank)}, random {_fmt(random.mean_rank)}")
    print(f"  mean score greedy {_fmt(greedy.mean_score)}, random {_fmt(random.mean_score)}")


def ismcts_against_greedy(name: str, players: int, games: int, pool: ProcessPoolExecutor) -> None:
    """One ISMCTS seat at its default budget against greedy ones (the yardstick)."""
    game = birdgames.get_game(name)
    config = game.default_config(players)
    policies = [ISMCTSPolicy(game, config)] + [yardstick(game, config)] * (players - 1)
    names = ["ismcts"] + ["greedy"] * (players - 1)
    print(f"{name}, {players} players: 1 ismcts (default budget), {players - 1} greedy")
    result = _run(game, policies, names, _rounded(games, players), 202, pool)
    ismcts, greedy = _row(result, "ismcts"), _row(result, "greedy")
    target = ">= 60%" if players == 2 else "its mean rank beats greedy's"
    print(f"  ismcts win rate {_fmt(ismcts.win_rate, True)}  (target {target})")
    print(f"  mean rank ismcts {_fmt(ismcts.mean_rank)}, greedy {_fmt(greedy.mean_rank)}")
    print(f"  mean score ismcts {_fmt(ismcts.mean_score)}, greedy {_fmt(greedy.mean_score)}")


def greedy_against_baseline(name: str, players: int, games: int, pool: ProcessPoolExecutor) -> None:
    """One greedy seat by the game's evaluation against greedy ones by its baseline."""
    game = birdgames.get_game(name)
    config = game.default_config(players)
    policies = [GreedyPolicy(game, config)] + [yardstick(game, config)] * (players - 1)
    names = ["greedy", "baseline"] + ["baseline"] * (players - 2)
    print(f"{name}, {players} players: 1 greedy, {players - 1} greedy by the baseline evaluation")
    result = _run(game, policies, names, _rounded(games, players), 202, pool)
    greedy, base = _row(result, "greedy"), _row(result, "baseline")
    print(f"  greedy win rate {_fmt(greedy.win_rate, True)}")
    print(f"  mean rank greedy {_fmt(greedy.mean_rank)}, baseline {_fmt(base.mean_rank)}")
    print(f"  mean score greedy {_fmt(greedy.mean_score)}, baseline {_fmt(base.mean_score)}")


def peacock_totals(games: int, pool: ProcessPoolExecutor) -> None:
    """Mean total per player at 3 players: all greedy, then all random."""
    game = birdgames.get_game("peacock")
    config = game.default_config(3)
    for kind, policy in (("greedy", GreedyPolicy(game, config)), ("random", sim.RandomPolicy())):
        print(f"peacock, 3 players: 3 {kind}")
        result = _run(game, [policy] * 3, [kind] * 3, _rounded(games, 3), 303, pool)
        goal = f">= {PEACOCK_GREEDY_TARGET:.0f}" if kind == "greedy" else "about 54"
        print(f"  mean total per player {_fmt(_row(result, kind).mean_score)}  ({goal})")


def identical_tables(workers: int, dask: bool) -> None:
    """The same small tournament in turn, on a process pool and (with --dask) on Dask."""
    game = birdgames.get_game("peacock")
    config = game.default_config(3)
    policies: list[Any] = [GreedyPolicy(game, config), sim.RandomPolicy(), sim.RandomPolicy()]
    in_turn = sim.tournament(game, config, policies, 6, 404)
    with ProcessPoolExecutor(workers) as pool:
        pooled = sim.tournament(game, config, policies, 6, 404, pool)
    print(f"identical tables, 1 process and {workers} processes: {in_turn == pooled}")
    if dask:
        from distributed import Client, LocalCluster

        with (
            LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=2, processes=True, dashboard_address=":0"
            ) as cluster,
            Client(cluster) as client,  # type: ignore[no-untyped-call]
        ):
            on_dask = sim.tournament(game, config, policies, 6, 404, client)
        print(f"identical tables, Dask LocalCluster of 2 processes: {in_turn == on_dask}")


def ismcts_speed(tables: Sequence[tuple[str, int]]) -> None:
    """Seconds per ISMCTS decision at the default budget, over the first decisions of a game
    with more than one legal action, against greedy seats (one core)."""
    for name, players in tables:
        game = birdgames.get_game(name)
        config = game.default_config(players)
        bot = ISMCTSPolicy(game, config)
        policies: list[Any] = [bot] + [yardstick(game, config)] * (players - 1)
        timed = 0
        spent = 0.0
        worst = 0.0
        state = game.new_game(config, 7)
        rng = sim.policy_rng(7, 0)
        histories: list[list[Any]] = [[] for _ in range(players)]
        others = [sim.policy_rng(7, q) for q in range(players)]
        while not game.is_terminal(state) and timed < DECISIONS_TIMED:
            player = game.to_act(state)[0]
            legal = game.legal_actions(state, player)
            view = game.view(state, player)
            if player == 0:
                # CPU time of this process: one core's seconds, whatever else the machine runs.
                started = time.process_time()
                action, rng = bot.choose(view, legal, tuple(histories[0]), rng)
                elapsed = time.process_time() - started
                if len(legal) > 1:
                    timed += 1
                    spent += elapsed
                    worst = max(worst, elapsed)
            else:
                action, others[player] = policies[player].choose(
                    view, legal, tuple(histories[player]), others[player]
                )
            state, events = game.step(state, action)
            for seat in range(players):
                histories[seat].extend(game.visible_events(events, seat))
        mean = spent / timed if timed else float("nan")
        print(
            f"ISMCTS {name} ({players} players): {mean:.3f} CPU s per decision, worst "
            f"{worst:.3f} s over {timed} decisions (target <= 0.5 s)",
            flush=True,
        )


def main(argv: Sequence[str] | None = None) -> int:
    """Prints every acceptance figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--dask", action="store_true", help="also run the table on Dask")
    parser.add_argument(
        "--tables",
        default=",".join(name for name, _ in TABLES),
        help="games to measure, of " + ", ".join(name for name, _ in TABLES) + " (default all)",
    )
    parser.add_argument(
        "--parts",
        default=",".join(PARTS),
        help="figures to measure, of " + ", ".join(PARTS) + " (default all)",
    )
    args = parser.parse_args(argv)
    workers = max(1, args.workers)
    chosen = set(args.tables.split(","))
    tables = [(name, players) for name, players in TABLES if name in chosen]
    parts = set(args.parts.split(","))
    unknown = (chosen - {name for name, _ in TABLES}) | (parts - set(PARTS))
    if unknown:
        parser.error(f"unknown tables or parts: {', '.join(sorted(unknown))}")
    if "speed" in parts:
        ismcts_speed(tables)
    with ProcessPoolExecutor(workers) as pool:
        if "random" in parts:
            for name, players in tables:
                greedy_against_random(name, players, args.games, pool)
        if "ismcts" in parts:
            for name, players in tables:
                ismcts_against_greedy(name, players, args.games, pool)
        if "baseline" in parts:
            for name, players in tables:
                if name in BASELINES:
                    greedy_against_baseline(name, players, args.games, pool)
        if "totals" in parts and "peacock" in chosen:
            peacock_totals(args.games, pool)
    if "identical" in parts:
        identical_tables(workers, args.dask)
    return 0


if __name__ == "__main__":
    sys.exit(main())
