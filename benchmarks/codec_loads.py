"""How long `codec.loads` takes for a mid-game state, per engine and player count.

    python benchmarks/codec_loads.py [--states 40] [--repeats 25] [--codec PATH] [--game NAME]

For every engine and player count, `--states` random games each give one state from their
middle half (a random step between a quarter and three quarters of the game); Perch also
gives as many states in the middle of a creature activation (a creature decision awaited).
Each state's text is loaded `--repeats` times; a subject's figure is the median over its
states of each state's median load. The same figure in OpenSpiel's `python_liars_poker`
actions (random playouts, timed in the same run before and after the loads, as
`playouts.py` times them) needs the `openspiel` extra.

`--codec PATH` also times the `loads` of another codec module loaded from that file, in the
same run (for a before and after: a copy of an earlier `codec.py` that shares this one's
registrations, such as tests/codec/_reference_codec.py).

`--parts` adds a table of where a load's time goes, per subject (medians as above): parsing
the text within the limits, building the objects from the parsed data (the generated
structure hooks) and checking the state's invariants (the engine's validator), each timed
apart on the same states.

A measuring script, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import birdgames
from birdgames import codec
from birdgames.codec.converters import FAST
from birdgames.codec.limits import parse
from birdgames.codec.registrations import VALIDATORS

Loads = Callable[[Any, str], Any]


def _states(game: birdgames.AnyGame, players: int, count: int) -> tuple[list[Any], list[Any]]:
    """Returns `count` random mid-game states and, for Perch, `count` mid-activation ones."""
    config = game.default_config(players)
    middle: list[Any] = []
    activations: list[Any] = []
    seed = 0
    while len(middle) < count or (game.name == "perch_bop" and len(activations) < count):
        pick = random.Random(seed)
        state = game.new_game(config, seed)
        states = [state]
        while not game.is_terminal(state):
            legal = game.legal_actions(state, game.to_act(state)[0])
            state = game.apply(state, pick.choice(legal))
            states.append(state)
        if len(middle) < count:
            middle.append(states[pick.randrange(len(states) // 4, 3 * len(states) // 4)])
        creature = [s for s in states if getattr(getattr(s, "flow", None), "activation", None)]
        if creature and len(activations) < count:
            activations.append(pick.choice(creature))
        seed += 1
    return middle, activations


def _median_load_us(loads: Loads, states: Sequence[Any], repeats: int) -> float:
    documents = [(type(state), codec.dumps(state)) for state in states]
    return _median_us(lambda document: loads(*document), documents, repeats)


def _median_us(call: Callable[[Any], object], items: Sequence[Any], repeats: int) -> float:
    """Returns the median over `items` of each item's median time of `call(item)`, in µs."""
    per_item = []
    clock = time.perf_counter_ns
    for item in items:
        times = []
        for _ in range(repeats):
            start = clock()
            call(item)
            times.append(clock() - start)
        per_item.append(statistics.median(times))
    return statistics.median(per_item) / 1000


def _parts_us(states: Sequence[Any], repeats: int) -> tuple[float, float, float]:
    """Returns the median µs of parsing, structuring and validating `states`' documents."""
    cls = type(states[0])
    texts = [codec.dumps(state) for state in states]
    parsed = [parse(text, limits=False) for text in texts]
    validate = VALIDATORS[cls]
    return (
        _median_us(lambda text: parse(text, limits=False), texts, repeats),
        # The structure hooks read the parsed data and leave it as it was.
        _median_us(lambda data: FAST.structure(data, cls), parsed, repeats),
        _median_us(validate, states, repeats),
    )


def _liars_us(seconds: float) -> float | None:
    """Returns the µs of one random `python_liars_poker` action, or None without OpenSpiel."""
    try:
        from playouts import SpielRunner  # beside this script, on the path when it runs

        runner = SpielRunner("python_liars_poker")
    except ImportError:
        return None
    runner.run(0.05)
    rates = []
    for _ in range(3):
        actions, elapsed = runner.run(seconds / 3)
        rates.append(elapsed / actions)
    return statistics.median(rates) * 1e6


def _other_codec(path: str) -> Loads:
    spec = importlib.util.spec_from_file_location("_other_codec", path)
    if spec is None or spec.loader is None:
        sys.exit(f"cannot load a codec from {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    loads: Loads = module.loads
    return loads


def main(argv: Sequence[str] | None = None) -> int:
    """Prints the table of medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=40, help="states per subject")
    parser.add_argument("--repeats", type=int, default=25, help="loads per state")
    parser.add_argument("--codec", help="a codec module's file to time beside this one")
    parser.add_argument("--game", help="only this engine")
    parser.add_argument("--no-openspiel", action="store_true", help="skip python_liars_poker")
    parser.add_argument("--parts", action="store_true", help="where a load's time goes")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).parent))
    codecs: dict[str, Loads] = {"codec": codec.loads}
    if args.codec:
        codecs[Path(args.codec).stem] = _other_codec(args.codec)
    subjects: list[tuple[str, list[Any]]] = []
    for name, game in sorted(birdgames.games().items()):
        if args.game and name != args.game:
            continue
        for players in game.player_counts:
            middle, activations = _states(game, players, args.states)
            subjects.append((f"{name} {players}p", middle))
            if activations:
                subjects.append((f"{name} {players}p mid-activation", activations))
    liars_before = None if args.no_openspiel else _liars_us(1.0)
    rows = []
    parts = []
    for subject, states in subjects:
        for loads in codecs.values():  # warm up: hooks made, caches filled
            _median_load_us(loads, states[:3], 3)
        rows.append((subject, [_median_load_us(c, states, args.repeats) for c in codecs.values()]))
        if args.parts:
            parts.append((subject, _parts_us(states, args.repeats)))
    liars_after = None if args.no_openspiel else _liars_us(1.0)
    found = [us for us in (liars_before, liars_after) if us is not None]
    liars = statistics.fmean(found) if found else None
    shown = f"{liars:.2f} µs" if liars else "not measured (no OpenSpiel)"
    print(f"Python {sys.version.split()[0]}; python_liars_poker action: {shown}")
    print(f"median over {args.states} states of each state's median of {args.repeats} loads\n")
    header = " | ".join(f"{name} µs | {name} liars actions" for name in codecs)
    print(f"| subject | {header} |")
    print("| --- |" + " ---: | ---: |" * len(codecs))
    for subject, medians in rows:
        cells = " | ".join(
            f"{us:.1f} | {us / liars:.1f}" if liars else f"{us:.1f} | -" for us in medians
        )
        print(f"| {subject} | {cells} |")
    if parts:
        print("\nwhere a load goes, µs (liars actions): each part's median, timed apart\n")
        print("| subject | parse | structure | validate |")
        print("| --- | ---: | ---: | ---: |")
        for subject, figures in parts:
            cells = " | ".join(
                f"{us:.1f} ({us / liars:.1f})" if liars else f"{us:.1f}" for us in figures
            )
            print(f"| {subject} | {cells} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
