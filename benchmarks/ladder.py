"""An Elo ladder of the package's bots per engine and player count.

    python benchmarks/ladder.py --game rookery [--players 2] [--games 40] [--far-games N]
        [--workers 2] [--rungs random,greedy,ismcts100,ismcts400,ismcts1600] [--seed 1] [--dask]
        [--paired] [--record PATH [--report]]

Every pair of rungs plays `--games` games, or `--far-games` where the two are not next to each
other on the list (those pairs tie the fit together; the neighbours' games decide whether each
rung beats the one below). Seats alternate between the two rungs and rotate from game to game,
so each rung sits everywhere equally. With `--paired` each deal is played twice, the second
time with every seat's rung swapped, so that what a deal's cards favour falls to both rungs.
Each game gives a result for every two seats held by different rungs: the better rank wins,
an equal rank is half a win each. A Bradley-Terry fit of those results (minorise-maximise,
numpy) gives each rung a rating on the Elo scale (400 points: 10 to 1 odds), random anchored
at 0, with a 95% interval from 200 bootstrap resamples of the deals. Then each rung's share
against the rung below it, a deal being the unit: a game's share is the mean of its results
between the two rungs' seats (which are not independent), a deal's the mean of its games'
(a deal played twice is one unit: its games' luck is not independent either), with a normal
95% interval over deals (deals played once and twice weighed by the inverse of each kind's
variance, where a record holds both); with two players and each deal played once, a Wilson
interval.
Last, each rung's time per decision (CPU ms, median over decisions from positions of random
play; for a search, over the decisions it searches: Peacock's draft picks). With more than two
players, last, the mean rank of each rung's seats against each rung it met, with 95% intervals
over deals (the two kinds weighed as for the share). Games run through `sim.play_result` on a
process pool, or on a Dask `LocalCluster` with `--dask` (the `sim.tournament` executors).

`--record PATH` keeps every finished game as a line of JSON (its seed, seating, scores,
winners and length) and, run again with the same arguments, plays only the games the file
does not hold yet: a ladder whose top rungs take hours can be stopped and taken up again.
Neighbouring rungs play first, the cheapest pair first, so a ladder stopped part way has
decided the lines that matter most. `--report` plays nothing and prints the table of the
games the record holds so far. Every game the record holds between rungs on the list counts,
so a pair whose interval still straddles half can be given more games by a run of just those
two rungs with another `--seed` into the same record. The records behind docs/bots.md's
tables are kept in `benchmarks/records/` (`ladder-<game>-<players>p.jsonl`): a ladder too long
for one run grows there, and `--report` prints its table again.

Rungs: `random`, `greedy` (the package's GreedyPolicy), `ismctsN` (ISMCTSPolicy with N
iterations; options after colons replace the game's defaults: `:priorK` sets
`node_prior_visits=K`, `:reuse`/`:fresh` turn `reuse_tree` on/off, `:all` searches every
decision (`search_all`), `:playout` plays lines out (`playout`), `:exploreX` sets the UCB
constant to X, as in `ismcts400:prior3:reuse`); for Rookery also `heuristic`
(benchmarks/rookery_heuristic.py, an outside-style yardstick) and `material-*`/`fitted-*`
variants that swap the evaluation.

A measuring script, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import attrs
import numpy as np

import birdgames
from birdgames import sim
from birdgames.bots import GreedyPolicy, ISMCTSPolicy

sys.path.insert(0, str(Path(__file__).resolve().parent))

DEFAULT_RUNGS = "random,greedy,ismcts100,ismcts400,ismcts1600"
BOOTSTRAPS = 200


def _evaluation(game: str, name: str) -> Any:
    if game != "rookery":
        raise SystemExit(f"evaluation {name!r} is Rookery's only")
    from birdgames.rookery import evaluate

    if name == "heuristic":
        from rookery_heuristic import heuristic_value

        return heuristic_value
    return {"material": evaluate.material, "fitted": evaluate.fitted}[name]


def make_policy(game: str, rung: str, config: Any) -> Any:
    """Returns the policy a rung's name stands for."""
    engine = birdgames.get_game(game)
    evaluate = None
    if "-" in rung:
        prefix, rung = rung.split("-", 1)
        evaluate = _evaluation(game, prefix)
    if rung == "random":
        return sim.RandomPolicy()
    if rung == "greedy":
        return GreedyPolicy(engine, config, evaluate=evaluate)
    if rung == "heuristic":
        return GreedyPolicy(engine, config, evaluate=_evaluation(game, "heuristic"))
    if rung.startswith("ismcts"):
        iterations, *options = rung[6:].split(":")
        settings: dict[str, Any] = {}
        for option in options:
            if option.startswith("prior") and option[5:].isdigit():
                settings["node_prior_visits"] = int(option[5:])
            elif option in ("reuse", "fresh"):
                settings["reuse_tree"] = option == "reuse"
            elif option == "all":
                settings["search_all"] = True
            elif option == "playout":
                settings["playout"] = True
            elif option.startswith("explore"):
                settings["exploration"] = float(option[7:])
            else:
                raise SystemExit(f"unknown option {option!r} of rung {rung!r}")
        return ISMCTSPolicy(
            engine, config, iterations=int(iterations), evaluate=evaluate, **settings
        )
    raise SystemExit(f"unknown rung {rung!r}")


def schedule(
    rungs: Sequence[str], players: int, games: int, far_games: int, seed: int, paired: bool
) -> list[tuple[int, tuple[str, ...]]]:
    """Returns every game to play, as (its seed, its seating): `games` per neighbouring pair of
    rungs, `far_games` per other pair, the two rungs' seats alternating and rotating from game
    to game. With `paired`, each deal is played twice, the second time with every seat's rung
    swapped (the seat-and-deal luck of one game is then the other's)."""
    seeds = iter(sim.tournament_seeds(seed, games * len(rungs) ** 2))
    jobs = []
    for (i, a), (j, b) in itertools.combinations(enumerate(rungs), 2):
        deal = 0
        for g in range(games if j == i + 1 else far_games):
            if not paired or g % 2 == 0:
                deal = next(seeds)
            jobs.append((deal, tuple(a if (s + g) % 2 == 0 else b for s in range(players))))
    return jobs


def play(game: str, players: int, seed: int, seating: tuple[str, ...]) -> sim.GameResult:
    """Plays one ladder game (a module-level function, for any executor)."""
    engine = birdgames.get_game(game)
    config = engine.default_config(players)
    policies = [make_policy(game, rung, config) for rung in seating]
    return sim.play_result(engine, config, seed, policies, seating)


def pair_results(result: sim.GameResult) -> list[tuple[str, str, float]]:
    """Returns (a, b, a's share) for every two seats of different rungs in one game."""
    ranks = result.ranks()
    out = []
    for s, t in itertools.combinations(range(len(ranks)), 2):
        a, b = result.seating[s], result.seating[t]
        if a != b:
            share = 1.0 if ranks[s] < ranks[t] else 0.0 if ranks[s] > ranks[t] else 0.5
            out.append((a, b, share))
    return out


def bradley_terry(rungs: Sequence[str], results: Sequence[sim.GameResult]) -> np.ndarray[Any, Any]:
    """Returns each rung's Elo-scale rating (the first rung at 0) fitted to `results`."""
    index = {rung: i for i, rung in enumerate(rungs)}
    n = len(rungs)
    wins = np.zeros((n, n))
    for result in results:
        for a, b, share in pair_results(result):
            wins[index[a], index[b]] += share
            wins[index[b], index[a]] += 1.0 - share
    # Half a win each way keeps a rung that never lost (or won) finite.
    games = wins + wins.T + 1.0
    np.fill_diagonal(games, 0.0)
    won = wins.sum(axis=1) + 0.5 * (n - 1)
    strength = np.ones(n)
    for _ in range(2000):
        denominator = (games / (strength[:, None] + strength[None, :])).sum(axis=1)
        updated = won / denominator
        updated /= updated[0]
        if np.abs(updated - strength).max() < 1e-10:
            strength = updated
            break
        strength = updated
    return np.asarray(400.0 * np.log10(strength))


def wilson(wins: float, n: int) -> tuple[float, float, float]:
    """Returns the share and its Wilson 95% interval."""
    if n == 0:
        return 0.0, 0.0, 1.0
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def _recorded(path: Path | None) -> dict[tuple[int, tuple[str, ...]], sim.GameResult]:
    """Returns the games a record file holds, by seed and seating."""
    if path is None or not path.exists():
        return {}
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            result = sim.GameResult(
                row["seed"],
                tuple(row["seating"]),
                tuple(row["scores"]),
                tuple(row["winners"]),
                row["actions"],
            )
            found[(result.seed, result.seating)] = result
    return found


def _record(path: Path | None, result: sim.GameResult) -> None:
    if path is not None:
        with path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(attrs.asdict(result)) + "\n")


def share_against(
    results: Sequence[sim.GameResult], rung: str, other: str
) -> tuple[float, float, float, int]:
    """Returns `rung`'s share of the results against `other`, its 95% interval and the number
    of games they met in (a deal is the unit: `deal_interval`)."""
    by_deal: dict[int, list[float]] = {}
    for result in results:
        mine = [
            share if a == rung else 1.0 - share
            for a, b, share in pair_results(result)
            if {a, b} == {rung, other}
        ]
        if mine:
            by_deal.setdefault(result.seed, []).append(sum(mine) / len(mine))
    n = sum(len(shares) for shares in by_deal.values())
    if n == len(by_deal) and (n == 0 or len(results[0].seating) == 2):
        return (*wilson(sum(shares[0] for shares in by_deal.values()), n), n)
    mean, low, high = deal_interval(list(by_deal.values()))
    return mean, max(0.0, low), min(1.0, high), n


def deal_interval(deals: Sequence[Sequence[float]]) -> tuple[float, float, float]:
    """Returns the mean of one or more deals' figures (each deal's games listed) and its
    normal 95% interval, a deal being the unit: a deal played twice (--paired) is one unit,
    as its two games' luck is not independent. Where deals were played once and twice, each
    kind's mean is taken apart and the two are weighed by the inverse of their variance (the
    second kind is far less spread where the deal's luck decides much). One unit alone: its
    figure, with an unbounded interval."""
    kinds: dict[int, list[float]] = {}
    for games in deals:
        kinds.setdefault(len(games), []).append(statistics.fmean(games))
    # Each kind's mean and the variance of that mean.
    estimates = [
        (statistics.fmean(units), statistics.variance(units) / len(units))
        for units in kinds.values()
        if len(units) > 1
    ]
    if len(kinds) > 1 and len(estimates) == len(kinds) and all(v > 0 for _, v in estimates):
        weights = [1.0 / variance for _, variance in estimates]
        mean = sum(w * m for (m, _), w in zip(estimates, weights, strict=True)) / sum(weights)
        half = 1.96 / math.sqrt(sum(weights))
        return mean, mean - half, mean + half
    units = [unit for kind in kinds.values() for unit in kind]
    if len(units) == 1:
        return units[0], -math.inf, math.inf
    return normal_interval(units)


def normal_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Returns the mean of two or more `values` and its normal 95% interval."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def mean_ranks(
    results: Sequence[sim.GameResult], rung: str, other: str
) -> tuple[tuple[float, float, float], tuple[float, float, float], int]:
    """Returns the mean rank (1 is first, ties share) of `rung`'s seats and of `other`'s,
    each with a normal 95% interval over the deals the two met in (a game's figure is the
    mean of its seats'; a deal is the unit, as in `deal_interval`), and the number of those
    games."""
    by_deal: dict[int, list[tuple[float, float]]] = {}
    for result in results:
        if set(result.seating) != {rung, other}:
            continue
        ranks = result.ranks()
        mean = [
            statistics.fmean([ranks[s] for s, held in enumerate(result.seating) if held == name])
            for name in (rung, other)
        ]
        by_deal.setdefault(result.seed, []).append((mean[0], mean[1]))
    games = sum(len(deal) for deal in by_deal.values())
    if len(by_deal) < 2:
        return (math.nan,) * 3, (math.nan,) * 3, games
    mine = deal_interval([[first for first, _ in deal] for deal in by_deal.values()])
    theirs = deal_interval([[second for _, second in deal] for deal in by_deal.values()])
    return mine, theirs, games


def _searched(policy: Any, view: Any) -> bool:
    """Whether `policy` searches a decision of `view` (Peacock's ISMCTS: its draft picks)."""
    return not isinstance(policy, ISMCTSPolicy) or policy.searches(view)


def decision_ms(game: str, players: int, rung: str, decisions: int = 12) -> float:
    """Returns the median CPU ms a rung takes per decision it searches (every decision but
    those its game leaves to one step of lookahead), at positions of random play."""
    engine = birdgames.get_game(game)
    config = engine.default_config(players)
    policy = make_policy(game, rung, config)
    pick = random.Random(5)
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        seed += 1
        state = engine.new_game(config, seed)
        histories: list[list[Any]] = [[] for _ in range(players)]
        for _ in range(pick.randrange(5, 60)):
            if engine.is_terminal(state):
                break
            seat = engine.to_act(state)[0]
            state, events = engine.step(state, pick.choice(engine.legal_actions(state, seat)))
            for s in range(players):
                histories[s].extend(engine.visible_events(events, s))
        if engine.is_terminal(state):
            continue
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        view = engine.view(state, seat)
        if len(legal) < 2 or not _searched(policy, view):
            continue
        start = time.process_time()
        policy.choose(view, legal, tuple(histories[seat]), sim.policy_rng(seed, seat))
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=40, help="games per pair of rungs")
    parser.add_argument(
        "--far-games", type=int, help="games per pair of rungs not next to each other"
    )
    parser.add_argument("--rungs", default=DEFAULT_RUNGS)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dask", action="store_true", help="run on a Dask LocalCluster")
    parser.add_argument(
        "--paired", action="store_true", help="each deal twice, the rungs' seats swapped"
    )
    parser.add_argument("--record", type=Path, help="JSON lines of finished games, to resume")
    parser.add_argument(
        "--report", action="store_true", help="play nothing: the table of the record's games"
    )
    args = parser.parse_args(argv)
    if args.report and args.record is None:
        parser.error("--report reads the games of --record")
    engine = birdgames.get_game(args.game)
    players = args.players or engine.player_counts[0]
    rungs = args.rungs.split(",")
    far_games = args.games if args.far_games is None else args.far_games
    jobs = [
        (args.game, players, seed, seating)
        for seed, seating in schedule(rungs, players, args.games, far_games, args.seed, args.paired)
    ]
    recorded = _recorded(args.record)
    done = {
        i: recorded[(job[2], job[3])] for i, job in enumerate(jobs) if (job[2], job[3]) in recorded
    }
    # Neighbours first (they decide whether each rung beats the one below), cheapest first.
    position = {rung: i for i, rung in enumerate(rungs)}

    def order(i: int) -> tuple[bool, int, int]:
        low, high = sorted({position[rung] for rung in jobs[i][3]})
        return (high != low + 1, high, low)

    todo = [] if args.report else sorted((i for i in range(len(jobs)) if i not in done), key=order)
    played: dict[int, sim.GameResult] = {}
    started = time.time()
    if args.dask:
        from dask.distributed import Client, LocalCluster

        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=args.workers, threads_per_worker=1
        )
        client = Client(cluster)  # type: ignore[no-untyped-call]
        try:
            submitted = {i: client.submit(play, *jobs[i], pure=False) for i in todo}
            for i, done_remotely in submitted.items():
                played[i] = done_remotely.result()
                _record(args.record, played[i])
        finally:
            client.close()  # type: ignore[no-untyped-call]
            cluster.close()
    else:
        with ProcessPoolExecutor(args.workers) as pool:
            pending = {pool.submit(play, *jobs[i]): i for i in todo}
            for finished in as_completed(pending):
                played[pending[finished]] = finished.result()
                _record(args.record, played[pending[finished]])
    spent = time.time() - started
    everything = done | played
    planned = {(result.seed, result.seating) for result in everything.values()}
    # A pair given more games by a run with another --seed: those games count too.
    extra = [
        result
        for key, result in sorted(recorded.items())
        if key not in planned
        and len(result.seating) == players
        and set(result.seating) <= set(rungs)
    ]
    results = [everything[i] for i in sorted(everything)] + extra
    ratings = bradley_terry(rungs, results)
    rng = np.random.default_rng(args.seed)
    # Resampled by deal within each pair of rungs: a deal played twice (--paired) goes whole.
    by_pair: dict[tuple[str, str], dict[int, list[sim.GameResult]]] = {}
    for result in results:
        key = tuple(sorted(set(result.seating)))
        by_pair.setdefault((key[0], key[-1]), {}).setdefault(result.seed, []).append(result)
    samples = []
    for _ in range(BOOTSTRAPS):
        resampled = []
        for deals in by_pair.values():
            units = list(deals.values())
            for i in rng.integers(0, len(units), len(units)):
                resampled += units[i]
        samples.append(bradley_terry(rungs, resampled))
    low, high = np.percentile(np.array(samples), [2.5, 97.5], axis=0)
    unplayed = len(jobs) - len(everything)
    print(
        f"{args.game} {players}p: {len(results)} games ({args.games} per neighbouring pair, "
        f"{far_games} per other pair; {len(done)} from the record"
        f"{f', {len(extra)} more from other runs' if extra else ''}"
        f"{f', {unplayed} of seed {args.seed} not played yet' if unplayed else ''}), "
        f"{spent:.0f} s on {args.workers} workers\n"
    )
    print("| rung | Elo | 95% interval | share against the rung below | ms per decision |")
    print("| --- | --- | --- | --- | --- |")
    for i, rung in enumerate(rungs):
        below = ""
        if i > 0:
            p, lo, hi, n = share_against(results, rung, rungs[i - 1])
            below = f"{p:.1%} [{lo:.1%}, {hi:.1%}] of {n}"
        ms = decision_ms(args.game, players, rung)
        print(
            f"| {rung} | {ratings[i]:+.0f} | [{low[i]:+.0f}, {high[i]:+.0f}] | {below} | {ms:.1f} |"
        )
    if players > 2:
        # With more than two seats a rung beats another when its mean rank's interval lies
        # below the other's; pairs that met in fewer than two games are left out.
        print("\n| pair | mean rank of the first | of the second | games |")
        print("| --- | --- | --- | --- |")
        for first, second in itertools.combinations(rungs, 2):
            (m, lo, hi), (m2, lo2, hi2), n = mean_ranks(results, first, second)
            if n >= 2:
                print(
                    f"| {first} - {second} | {m:.2f} [{lo:.2f}, {hi:.2f}] "
                    f"| {m2:.2f} [{lo2:.2f}, {hi2:.2f}] | {n} |"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
