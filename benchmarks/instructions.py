"""Instructions per random-playout action of every engine, counted by valgrind's callgrind.

    python benchmarks/instructions.py [--game NAME] [--games 4] [--longer 5] [--no-openspiel]
                                      [--by-kind]

Timings move with the machine's load and speed (`playouts.py` compares ratios measured in
one run for that reason); an instruction count does not, so it tells a change's effect apart
from the day's noise. Each subject plays `--games` random games under callgrind, then
`--longer` times as many (the same seeds first, `PYTHONHASHSEED=0`); the difference in
instructions over the difference in actions is one action's cost, start-up and imports
cancelled out. The games are chosen as `playouts.py` chooses them
(`random.Random(seed).choice`), each with its default config. Needs valgrind (`apt-get
install valgrind`) and takes a minute or two.

`--by-kind` also splits an action's instructions by the kind of work they do, read from the
function each ran in (its own instructions, not those of what it called): the compiled
rules, mypyc's runtime library, and CPython's parts (making and freeing objects, dicts, ints,
tuples and lists, the interpreter's bytecode and calls, generic attribute lookups,
comparisons and hashes).
In the compiled build this tells the rules' own work from the object machinery they use.

A measuring script, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Final

import birdgames

SPIEL_GAME = "python_liars_poker"
SPIEL_GAMES = 25  # a liar's poker game is short: this many times `--games` of them
_SUMMARY = re.compile(r"^summary: (\d+)$", re.MULTILINE)


def play(name: str, players: int, games: int) -> int:
    """Plays `games` random games of one subject; returns the number of actions."""
    if name == SPIEL_GAME:
        return _play_spiel(games * SPIEL_GAMES)
    game = birdgames.get_game(name)
    config = game.default_config(players)
    actions = 0
    for seed in range(games):
        state = game.new_game(config, seed)
        pick = random.Random(seed)
        while not game.is_terminal(state):
            legal = game.legal_actions(state, game.to_act(state)[0])
            state = game.apply(state, pick.choice(legal))
            actions += 1
    return actions


def _play_spiel(games: int) -> int:
    import pyspiel  # the openspiel extra; registers the python_* games too
    from open_spiel.python import games as _python_games  # noqa: F401
    from playouts import spiel_step  # beside this script, on the path when it runs

    game = pyspiel.load_game(SPIEL_GAME)
    actions = 0
    for seed in range(games):
        pick = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            spiel_step(state, pick)
            actions += 1
    return actions


def count(name: str, players: int, games: int, scratch: Path) -> tuple[int, int, Path]:
    """Runs `play` under callgrind; returns (instructions, actions, the callgrind profile)."""
    out = scratch / f"{name}-{players}-{games}.out"
    command = [
        "valgrind",
        "--tool=callgrind",
        f"--callgrind-out-file={out}",
        sys.executable,
        __file__,
        "--play",
        name,
        str(players),
        str(games),
    ]
    # numpy (which pyspiel imports) starts OpenBLAS's threads, whose waiting loops run a
    # different number of instructions in each run: one thread keeps the count the same
    # from run to run (liar's poker under callgrind moved by 3M instructions in a 1G run).
    env = {**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    actions = int(done.stdout.split()[-1])
    found = _SUMMARY.search(out.read_text())
    if found is None:
        raise RuntimeError(f"no summary line in {out}")
    return int(found.group(1)), actions, out


def per_action(
    name: str, players: int, games: int, longer: int, scratch: Path
) -> tuple[float, int, tuple[Path, Path]]:
    """Returns (instructions per action, actions counted, the shorter and the longer run's
    profiles) for one subject."""
    short, short_actions, short_profile = count(name, players, games, scratch)
    long, long_actions, long_profile = count(name, players, games * longer, scratch)
    actions = long_actions - short_actions
    return (long - short) / actions, actions, (short_profile, long_profile)


# The kinds of work `--by-kind` tells apart, in the order of its table's columns.
KINDS: Final = (
    "compiled rules",
    "mypyc runtime",
    "making and freeing objects",
    "dicts",
    "ints",
    "tuples and lists",
    "interpreter",
    "attributes, comparisons, hashes",
    "other",
)
# Kinds told by a function's name, tried in order before its file: a function inlined from a
# header (`object.h`) carries the header as its file.
_BY_NAME: Final = (
    ("compiled rules", re.compile(r"^CPy(Def|Py|Dunder|Init|Exec)_")),
    ("mypyc runtime", re.compile(r"^CPy")),
    (
        "making and freeing objects",
        re.compile(r"dealloc|_alloc\b|Alloc\b|_New$|FromArray$|Trash|NewReference|GC_|^visit_"),
    ),
    ("dicts", re.compile(r"^(_?Py_?[Dd]ict|dict|insertdict|unicodekeys_)")),
    ("ints", re.compile(r"^(_?PyLong|long_)")),
    ("tuples and lists", re.compile(r"^(_?Py(Tuple|List)|tuple|list)")),
)
_BY_FILE: Final = {
    **dict.fromkeys(("obmalloc.c", "gcmodule.c", "malloc.c"), "making and freeing objects"),
    "dictobject.c": "dicts",
    "longobject.c": "ints",
    **dict.fromkeys(("tupleobject.c", "listobject.c"), "tuples and lists"),
    **dict.fromkeys(
        ("ceval.c", "frame.c", "call.c", "funcobject.c", "methodobject.c", "classobject.c"),
        "interpreter",
    ),
    **dict.fromkeys(
        ("object.c", "typeobject.c", "descrobject.c", "abstract.c", "boolobject.c"),
        "attributes, comparisons, hashes",
    ),
}
# mypyc's runtime library, copied beside the generated C files (CPython has a getargs.c too).
_MYPYC_RUNTIME: Final = re.compile(r"(lib-rt|/c)/(\w+_ops|pythonsupport|getargs(fast)?)\.c$")


def kind_of(file: str, function: str) -> str:
    """Returns the kind of work of a function, from its name and the file it is defined in."""
    base = file.rsplit("/", 1)[-1]
    if base.startswith("__native") or ("birdgames/" in file and base.endswith(".c")):
        return "compiled rules"
    if _MYPYC_RUNTIME.search(file):
        return "mypyc runtime"
    for kind, pattern in _BY_NAME:
        if pattern.search(function):
            return kind
    return _BY_FILE.get(base, "other")


def self_costs(profile: Path) -> dict[tuple[str, str], int]:
    """Returns each function's own instructions in a callgrind profile, by (file, name)."""
    costs: dict[tuple[str, str], int] = {}
    with profile.open() as lines:
        for key, cost in _cost_lines(line.rstrip("\n") for line in lines):
            costs[key] = costs.get(key, 0) + cost
    return costs


# "fl=(3) name" defines a compressed name, "fl=(3)" reuses it (callgrind's file format).
_NAMED: Final = re.compile(r"^(fl|fi|fe|fn|cfi|cfl|cfn|ob|cob)=\((\d+)\)(?: (.*))?$")
_FILE_SPECS: Final = frozenset({"fl", "fi", "fe", "cfi", "cfl"})


def _cost_lines(lines: Iterable[str]) -> Iterator[tuple[tuple[str, str], int]]:
    """Yields ((file, function), instructions) for each line of a function's own cost."""
    names: dict[tuple[str, str], str] = {}
    file = function = ""
    after_call = False
    for line in lines:
        named = _NAMED.match(line)
        if named is not None:
            spec, number, name = named.groups()
            space = "file" if spec in _FILE_SPECS else spec.lstrip("c")
            if name is not None:
                names[space, number] = name
            if spec == "fl":
                file = names[space, number]
            elif spec == "fn":
                function = names[space, number]
            continue
        if line.startswith("calls="):
            after_call = True  # the next cost line is the call's, counted in the callee
            continue
        head = line[:1]
        if head.isdigit() or head in ("+", "-", "*"):
            parts = line.split()
            if after_call:
                after_call = False
            elif len(parts) > 1:
                yield (file, function), int(parts[1])


def kinds_per_action(short: Path, long: Path, actions: int) -> dict[str, float]:
    """Returns one action's instructions by kind: the longer run's less the shorter's."""
    shares = dict.fromkeys(KINDS, 0.0)
    before = self_costs(short)
    for key, cost in self_costs(long).items():
        shares[kind_of(*key)] += (cost - before.get(key, 0)) / actions
    return shares


def main(argv: Sequence[str] | None = None) -> int:
    """Prints each subject's instructions per action."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="only this engine")
    parser.add_argument("--games", type=int, default=4, help="games in the shorter run")
    parser.add_argument(
        "--longer", type=int, default=5, help="the longer run's games, as a multiple of --games"
    )
    parser.add_argument("--no-openspiel", action="store_true", help=f"skip {SPIEL_GAME}")
    parser.add_argument(
        "--by-kind", action="store_true", help="also split each action by the kind of work"
    )
    parser.add_argument("--play", nargs=3, metavar=("NAME", "PLAYERS", "GAMES"), help="internal")
    args = parser.parse_args(argv)
    if args.play:
        name, players, games = args.play
        print(play(name, int(players), int(games)))
        return 0
    subjects = [
        (name, players)
        for name, game in birdgames.games().items()
        if not args.game or name == args.game
        for players in game.player_counts
    ]
    if not args.no_openspiel:
        try:
            import pyspiel  # noqa: F401
        except ImportError:
            print("OpenSpiel is not installed (pip install 'birdgames[openspiel]'): engines only")
        else:
            subjects.append((SPIEL_GAME, 2))
    print("| subject | instructions per action | actions counted |")
    print("| --- | ---: | ---: |")
    kinds: list[tuple[str, dict[str, float]]] = []
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        for name, players in subjects:
            cost, actions, profiles = per_action(name, players, args.games, args.longer, scratch)
            label = name if name == SPIEL_GAME else f"{name} {players}p"
            print(f"| {label} | {cost / 1000:,.0f}k | {actions:,} |", flush=True)
            if args.by_kind:
                kinds.append((label, kinds_per_action(*profiles, actions)))
    if kinds:
        print("\nShare of an action's instructions by kind of work:\n")
        print(f"| subject | {' | '.join(KINDS)} |")
        print(f"| --- |{' ---: |' * len(KINDS)}")
        for label, shares in kinds:
            total = sum(shares.values())
            cells = " | ".join(f"{100 * shares[kind] / total:.0f}%" for kind in KINDS)
            print(f"| {label} | {cells} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
