"""Self-plays a registered birdgames engine with random policies and prints every event.

python examples/play.py --game peacock --players 3 --seed 1
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

import birdgames
from birdgames import sim


def _rating_suffix(game_name: str, score: int) -> str:
    module = importlib.import_module(f"birdgames.{game_name}")
    rating = getattr(module, "rating", None)
    return f" ({rating(score)})" if callable(rating) else ""


def main(argv: Sequence[str] | None = None) -> int:
    """Plays one game and prints it; returns the process exit code."""
    registered = birdgames.games()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="engine name: " + (", ".join(registered) or "none yet"))
    parser.add_argument("--players", type=int, help="player count (default: the smallest)")
    parser.add_argument("--seed", type=int, default=1, help="game and policy seed (default 1)")
    args = parser.parse_args(argv)

    if not registered:
        print("No game engine is registered in this version of birdgames yet.")
        print("Registered engines: none. Engines appear here as they are released.")
        return 0
    name = args.game or next(iter(registered))
    if name not in registered:
        print(f"Unknown game {name!r}. Registered engines: {', '.join(registered)}.")
        return 2
    game = registered[name]
    players = args.players if args.players is not None else min(game.player_counts)
    try:
        config = game.default_config(players)
    except birdgames.InvalidConfigError as error:
        print(f"{name}: {error}")
        return 2

    print(f"{name}, {players} players, seed {args.seed}")
    policies = [sim.RandomPolicy() for _ in range(players)]
    state = game.new_game(config, args.seed)
    for step in sim.iter_play(game, config, args.seed, policies):
        for event in step.events:
            print(event)
        state = step.state

    print()
    for player, score in enumerate(game.scores(state)):
        print(f"p{player}: {score}{_rating_suffix(name, score)}")
    winners = game.winners(state)
    label = "winner" if len(winners) == 1 else "winners"
    print(f"{label}: " + ", ".join(f"p{player}" for player in winners))
    return 0


if __name__ == "__main__":
    sys.exit(main())
