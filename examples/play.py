"""Self-plays a registered birdgames engine with random policies, told as a spectator sees it.

python examples/play.py --game peacock --players 3 --seed 1 [--seat 0]

Every line is what the watcher may know: the events as `visible_events` gives them to a
spectator (or to `--seat`), in the words of the game's `words` module, and the final table as
`render` draws that watcher's view. Nothing hidden (hands, face-down cards, picks) is printed.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import birdgames
from birdgames import sim


def main(argv: Sequence[str] | None = None) -> int:
    """Plays one game and prints it; returns the process exit code."""
    registered = birdgames.games()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="engine name: " + (", ".join(registered) or "none yet"))
    parser.add_argument("--players", type=int, help="player count (default: the smallest)")
    parser.add_argument("--seed", type=int, default=1, help="game and policy seed (default 1)")
    parser.add_argument("--seat", type=int, help="watch as this seat (default: a spectator)")
    args = parser.parse_args(argv)

    if not registered:
        print("No game engine is registered in this version of birdgames yet.")
        return 0
    name = args.game or next(iter(registered))
    if name not in registered:
        print(f"Unknown game {name!r}. Registered engines: {', '.join(registered)}.")
        return 2
    game = registered[name]
    words = birdgames.get_words(name)
    players = args.players if args.players is not None else min(game.player_counts)
    try:
        config = game.default_config(players)
    except birdgames.InvalidConfigError as error:
        print(f"{name}: {error}")
        return 2
    seat: int | None = args.seat
    if seat is not None and not 0 <= seat < players:
        print(f"--seat must be a seat from 0 to {players - 1}")
        return 2

    watcher = "a spectator" if seat is None else f"p{seat}"
    print(f"{name}, {players} players, seed {args.seed}, as {watcher} sees it")
    policies = [sim.RandomPolicy() for _ in range(players)]
    state = game.new_game(config, args.seed)
    for step in sim.iter_play(game, config, args.seed, policies):
        state = step.state
        view = game.view(state, seat)
        for event in game.visible_events(step.events, seat):
            print(words.describe_event(view, event))

    print()
    print(words.render(game.view(state, seat)))
    winners = game.winners(state)
    label = "winner" if len(winners) == 1 else "winners"
    print(f"{label}: " + ", ".join(f"p{player}" for player in winners))
    return 0


if __name__ == "__main__":
    sys.exit(main())
