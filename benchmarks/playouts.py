"""Random-playout speed of every registered engine: actions/s and games/s per player count.

    python benchmarks/playouts.py [--seconds 3] [--game NAME] [--expansions a,b]

A measuring script, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import attrs

import birdgames
from birdgames.rng import Rng, below


def measure(
    game: birdgames.AnyGame,
    players: int,
    seconds: float,
    expansions: frozenset[str] | None = None,
) -> tuple[int, int, float]:
    """Plays random games for about `seconds`; returns (games, actions, elapsed).

    `expansions` replaces the default config's expansions (games with that field only).
    """
    config = game.default_config(players)
    if expansions is not None and hasattr(config, "expansions"):
        config = attrs.evolve(config, expansions=expansions)
    games = actions = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_game(config, seed)
        rng = Rng.from_seed(seed)
        while not game.is_terminal(state):
            player = game.to_act(state)[0]
            legal = game.legal_actions(state, player)
            index, rng = below(rng, len(legal))
            state = game.apply(state, legal[index])
            actions += 1
        games += 1
        seed += 1
    return games, actions, time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> int:
    """Prints one line per engine and player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per player count")
    parser.add_argument("--game", help="only this engine")
    parser.add_argument(
        "--expansions",
        help="comma-separated expansions to play instead of the default (Perch: "
        "seeds_the_day,points_in_the_sky; empty for the base game)",
    )
    args = parser.parse_args(argv)
    expansions = None
    if args.expansions is not None:
        expansions = frozenset(e for e in args.expansions.split(",") if e)
    registered = birdgames.games()
    if not registered:
        print("no engine is registered yet")
        return 0
    print(f"{'game':<10} {'players':>7} {'games':>7} {'actions/s':>11} {'games/s':>9}")
    for name, game in registered.items():
        if args.game and name != args.game:
            continue
        for players in game.player_counts:
            games, actions, elapsed = measure(game, players, args.seconds, expansions)
            print(
                f"{name:<10} {players:>7} {games:>7} {actions / elapsed:>11,.0f} "
                f"{games / elapsed:>9,.1f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
