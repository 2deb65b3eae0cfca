"""Random-playout speed of every engine, side by side with OpenSpiel, plus where the time goes.

    python benchmarks/playouts.py [--seconds 0.5] [--rounds 3] [--game NAME] [--expansions a,b]

Throughput: every engine and player count, and OpenSpiel's `python_liars_poker` (pure Python)
and `hearts` (C++) when the `birdgames[openspiel]` extra is installed, each play random games
in turn, one slice of `--seconds` of CPU time (`time.process_time`) at a time, for `--rounds`
rounds; a subject's figure is the median of its slices, so load on the machine hits every
subject alike. Each apply counts as one action (OpenSpiel's chance outcomes included).

Then, per engine and player count, a detail pass over random games (CPU time, per call):
the mean cost of each action class (the `legal_actions` call that offered it plus its
`apply`), the mean cost per tenth of a game (first and last tenths compared, also without
each game's final action, which runs the end of the game's scoring), the same comparison
class by class (each action class's median cost in the last tenth it is played in
over the first, weighted by how often it is played: growth with the game's length, apart from a
game's phases playing other action classes), and the µs of `codec.dumps`, `codec.loads` and
`view` for a mid-game state.

A measuring script, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

import attrs

import birdgames
from birdgames import codec
from birdgames.rng import Rng, below

DECILES = 10


class EngineRunner:
    """Plays random games of one engine and player count, resuming where the last slice ended."""

    def __init__(self, game: birdgames.AnyGame, config: Any) -> None:
        self.game = game
        self.config = config
        self.seed = 0
        self._start()

    def _start(self) -> None:
        self.state = self.game.new_game(self.config, self.seed)
        # The chooser OpenSpiel's runner uses too: the harness costs the same on both sides.
        self.pick = random.Random(self.seed)
        self.seed += 1

    def run(self, seconds: float) -> tuple[int, float]:
        """Plays for about `seconds` of CPU time; returns (actions, CPU seconds)."""
        game = self.game
        state, pick = self.state, self.pick
        actions = 0
        clock = time.process_time
        start = clock()
        deadline = start + seconds
        while True:
            for _ in range(64):
                if game.is_terminal(state):
                    self._start()
                    state, pick = self.state, self.pick
                player = game.to_act(state)[0]
                legal = game.legal_actions(state, player)
                state = game.apply(state, pick.choice(legal))
                actions += 1
            if clock() >= deadline:
                break
        self.state, self.pick = state, pick
        return actions, clock() - start


class SpielRunner:
    """Plays random games of one OpenSpiel game, chance outcomes sampled by their odds."""

    def __init__(self, name: str) -> None:
        import pyspiel  # the openspiel extra; registers the python_* games too
        from open_spiel.python import games as _python_games  # noqa: F401

        self.game = pyspiel.load_game(name)
        self.random = random.Random(0)
        self.state = self.game.new_initial_state()

    def run(self, seconds: float) -> tuple[int, float]:
        """Plays for about `seconds` of CPU time; returns (actions, CPU seconds)."""
        state, pick = self.state, self.random
        actions = 0
        clock = time.process_time
        start = clock()
        deadline = start + seconds
        while True:
            for _ in range(64):
                if state.is_terminal():
                    state = self.game.new_initial_state()
                spiel_step(state, pick)
                actions += 1
            if clock() >= deadline:
                break
        self.state = state
        return actions, clock() - start


def spiel_step(state: Any, pick: random.Random) -> None:
    """Applies one random step to an OpenSpiel state: a chance outcome by its odds, else a
    legal action chosen uniformly."""
    if state.is_chance_node():
        outcomes, odds = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(pick.choices(outcomes, odds)[0])
    else:
        state.apply_action(pick.choice(state.legal_actions()))


def spiel_runners() -> dict[str, SpielRunner]:
    """The OpenSpiel reference games, or none when the openspiel extra is absent."""
    try:
        return {name: SpielRunner(name) for name in ("python_liars_poker", "hearts")}
    except ImportError:
        return {}


def engine_configs(
    game_filter: str | None, expansions: frozenset[str] | None
) -> list[tuple[str, int, birdgames.AnyGame, Any]]:
    """Every (engine, players, game, default config) to measure."""
    found = []
    for name, game in birdgames.games().items():
        if game_filter and name != game_filter:
            continue
        for players in game.player_counts:
            config = game.default_config(players)
            if expansions is not None and hasattr(config, "expansions"):
                config = attrs.evolve(config, expansions=expansions)
            found.append((name, players, game, config))
    return found


def throughput(
    runners: dict[str, EngineRunner | SpielRunner], seconds: float, rounds: int
) -> dict[str, float]:
    """Median actions per CPU second of each runner over alternating slices."""
    rates: dict[str, list[float]] = defaultdict(list)
    for runner in runners.values():  # warm up: imports, first games, caches of the interpreter
        runner.run(min(seconds, 0.05))
    for _ in range(rounds):
        for key, runner in runners.items():
            actions, elapsed = runner.run(seconds)
            rates[key].append(actions / elapsed)
    return {key: statistics.median(values) for key, values in rates.items()}


@attrs.define
class Detail:
    """Where one engine's time goes, from timed random games."""

    per_class: dict[str, tuple[int, float]]  # class -> (count, mean µs)
    per_decile: list[float]  # mean µs per action in each tenth of a game
    last_without_final: float  # the last tenth's mean without each game's final action
    like_for_like: float  # per class last/first tenth it is played in, weighted by count
    mean: float
    dumps: float
    loads: float
    view: float
    document_bytes: int


def _median_us(call: Callable[[], object], budget: float = 0.05) -> float:
    times: list[int] = []
    end = time.perf_counter() + budget
    while len(times) < 5 or (time.perf_counter() < end and len(times) < 2000):
        start = time.perf_counter_ns()
        call()
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1000


# A class's tenth counts in the like-for-like figure from this many timed actions on.
LIKE_FOR_LIKE_MIN = 30


def _like_for_like(class_deciles: dict[str, list[list[float]]]) -> float:
    """Each action class's median cost in the last tenth of a game it is played in over the
    first (tenths with too few actions left out), weighted by how often the class is played.
    Medians: one call the machine interrupted must not make a class look slower."""
    weighted = total = 0.0
    for tenths in class_deciles.values():
        kept = [t for t in tenths if len(t) >= LIKE_FOR_LIKE_MIN]
        if len(kept) < 2:
            continue
        count = sum(len(t) for t in tenths)
        weighted += count * statistics.median(kept[-1]) / statistics.median(kept[0])
        total += count
    return weighted / total if total else 1.0


def middle_state(game: birdgames.AnyGame, config: Any, seed: int) -> Any:
    """Returns the state halfway through the random game of `seed` that `detail` plays.

    Played apart from the timed games: keeping every state of a timed game alive would make
    the garbage collector's passes, and so the game's later actions, cost more.
    """
    state = game.new_game(config, seed)
    rng = Rng.from_seed(seed)
    states: list[Any] = []
    while not game.is_terminal(state):
        legal = game.legal_actions(state, game.to_act(state)[0])
        index, rng = below(rng, len(legal))
        state = game.apply(state, legal[index])
        states.append(state)
    return states[len(states) // 2]


def detail(game: birdgames.AnyGame, config: Any, seconds: float) -> Detail:
    """Times every legal_actions and apply of random games played for about `seconds`."""
    per_class: dict[str, list[float]] = defaultdict(list)
    deciles: list[list[float]] = [[] for _ in range(DECILES)]
    before_final: list[float] = []  # the last tenth's costs, each game's final action left out
    class_deciles: dict[str, list[list[float]]] = defaultdict(lambda: [[] for _ in range(DECILES)])
    clock = time.process_time_ns  # CPU time: other processes on the machine do not count
    end = time.perf_counter() + seconds
    seed = 10_000
    middle = None
    while time.perf_counter() < end or middle is None:
        state = game.new_game(config, seed)
        rng = Rng.from_seed(seed)
        costs: list[tuple[str, float]] = []
        while not game.is_terminal(state):
            player = game.to_act(state)[0]
            t0 = clock()
            legal = game.legal_actions(state, player)
            t1 = clock()
            index, rng = below(rng, len(legal))
            action = legal[index]
            t2 = clock()
            state = game.apply(state, action)
            t3 = clock()
            costs.append((type(action).__name__, (t1 - t0 + t3 - t2) / 1000))
        for position, (kind, cost) in enumerate(costs):
            per_class[kind].append(cost)
            tenth = position * DECILES // len(costs)
            deciles[tenth].append(cost)
            if tenth == DECILES - 1 and position < len(costs) - 1:
                before_final.append(cost)
            class_deciles[kind][tenth].append(cost)
        if middle is None:
            middle = middle_state(game, config, seed)
        seed += 1
    every = [cost for costs in per_class.values() for cost in costs]
    text = codec.dumps(middle)
    cls = type(middle)
    return Detail(
        per_class={k: (len(v), statistics.fmean(v)) for k, v in sorted(per_class.items())},
        per_decile=[statistics.fmean(d) if d else 0.0 for d in deciles],
        last_without_final=statistics.fmean(before_final) if before_final else 0.0,
        like_for_like=_like_for_like(class_deciles),
        mean=statistics.fmean(every),
        dumps=_median_us(lambda: codec.dumps(middle)),
        loads=_median_us(lambda: codec.loads(cls, text)),
        view=_median_us(lambda: game.view(middle, 0)),
        document_bytes=len(text.encode()),
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Prints the throughput table, then each engine's detail."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU seconds per slice")
    parser.add_argument("--rounds", type=int, default=3, help="slices per subject")
    parser.add_argument("--game", help="only this engine")
    parser.add_argument("--no-detail", action="store_true", help="throughput only")
    parser.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel games")
    parser.add_argument(
        "--expansions",
        help="comma-separated expansions to play instead of the default (Perch: "
        "seeds_the_day,points_in_the_sky; empty for the base game)",
    )
    args = parser.parse_args(argv)
    expansions = None
    if args.expansions is not None:
        expansions = frozenset(e for e in args.expansions.split(",") if e)
    subjects = engine_configs(args.game, expansions)
    if not subjects:
        print("no engine is registered yet")
        return 0
    runners: dict[str, EngineRunner | SpielRunner] = {
        f"{name} {players}p": EngineRunner(game, config) for name, players, game, config in subjects
    }
    spiel = {} if args.no_openspiel else spiel_runners()
    if not spiel and not args.no_openspiel:
        print("OpenSpiel is not installed (pip install 'birdgames[openspiel]'): engines only")
    runners.update(spiel)
    rates = throughput(runners, args.seconds, args.rounds)
    liars = rates.get("python_liars_poker")
    hearts = rates.get("hearts")
    print(f"\n{args.rounds} slices of {args.seconds} s CPU each, medians\n")
    print("| subject | actions/s | x python_liars_poker | hearts is N x faster |")
    print("| --- | ---: | ---: | ---: |")
    for key, rate in rates.items():
        ratio = f"{rate / liars:.2f}" if liars else "-"
        behind = f"{hearts / rate:.1f}" if hearts else "-"
        print(f"| {key} | {rate:,.0f} | {ratio} | {behind} |")
    if args.no_detail:
        return 0
    for name, players, game, config in subjects:
        found = detail(game, config, args.seconds * 2)
        first, last = found.per_decile[0], found.per_decile[-1]
        print(f"\n## {name} {players}p: {found.mean:.1f} µs per action (legal_actions + apply)")
        print(
            f"codec for a mid-game state ({found.document_bytes:,} bytes): "
            f"dumps {found.dumps:.1f} µs, loads {found.loads:.1f} µs; view {found.view:.1f} µs"
        )
        tenths = " ".join(f"{c:.1f}" for c in found.per_decile)
        print(
            f"µs per tenth of a game: {tenths} (last/first {last / first:.2f}; "
            f"without each game's final action {found.last_without_final / first:.2f})"
        )
        print(f"same action class, last/first tenth it is played in: {found.like_for_like:.2f}")
        for kind, (count, mean) in found.per_class.items():
            print(f"  {kind:<22} {count:>7} x {mean:>8.1f} µs ({mean / found.mean:.1f}x mean)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
