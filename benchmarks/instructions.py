"""Instructions per random-playout action of every engine, counted by valgrind's callgrind.

    python benchmarks/instructions.py [--game NAME] [--games 4] [--longer 5] [--no-openspiel]

Timings move with the machine's load and speed (`playouts.py` compares ratios measured in
one run for that reason); an instruction count does not, so it tells a change's effect apart
from the day's noise. Each subject plays `--games` random games under callgrind, then
`--longer` times as many (the same seeds first, `PYTHONHASHSEED=0`); the difference in
instructions over the difference in actions is one action's cost, start-up and imports
cancelled out. The games are chosen as `playouts.py` chooses them
(`random.Random(seed).choice`), each with its default config. Needs valgrind (`apt-get
install valgrind`) and takes a minute or two.

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
from collections.abc import Sequence
from pathlib import Path

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


def count(name: str, players: int, games: int, scratch: Path) -> tuple[int, int]:
    """Runs `play` under callgrind; returns (instructions, actions)."""
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
    return int(found.group(1)), actions


def per_action(
    name: str, players: int, games: int, longer: int, scratch: Path
) -> tuple[float, int]:
    """Returns (instructions per action, actions counted) for one subject."""
    short, short_actions = count(name, players, games, scratch)
    long, long_actions = count(name, players, games * longer, scratch)
    actions = long_actions - short_actions
    return (long - short) / actions, actions


def main(argv: Sequence[str] | None = None) -> int:
    """Prints each subject's instructions per action."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="only this engine")
    parser.add_argument("--games", type=int, default=4, help="games in the shorter run")
    parser.add_argument(
        "--longer", type=int, default=5, help="the longer run's games, as a multiple of --games"
    )
    parser.add_argument("--no-openspiel", action="store_true", help=f"skip {SPIEL_GAME}")
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
    with tempfile.TemporaryDirectory() as scratch:
        for name, players in subjects:
            cost, actions = per_action(name, players, args.games, args.longer, Path(scratch))
            label = name if name == SPIEL_GAME else f"{name} {players}p"
            print(f"| {label} | {cost / 1000:,.0f}k | {actions:,} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
