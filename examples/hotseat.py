"""Plays any birdgames engine at one terminal, the device passed from seat to seat.

python examples/hotseat.py --game rookery --players 2 [--seed 7] [--save FILE]
python examples/hotseat.py --resume FILE

Each seat sees only its own view: the table drawn by the game's `render`, what it was told
since its last turn (its `visible_events`, in words) and its legal actions, numbered and in
words. Between two seats a "pass the device" screen hides the last one. At the prompt type an
action's number, `u` to undo the last step, `s` to save, `q` to save and quit (a game
still at step 0 is not saved). Saves go to `web-data/` by default, a folder git ignores.

The save file holds the game's seed, so it tells every hand and deck to whoever reads it, and
an undo across a draw deals the same card again: keep the file away from the players and undo
only when everyone agrees.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import birdgames
from birdgames import AnyGame, AnyWords, codec, sim

CLEAR = "\033[2J\033[H"
SAVES = Path("web-data")


class Hotseat:
    """One table: the match, its words, and what each seat has not been told yet."""

    def __init__(self, game: AnyGame, match: sim.Match[Any, Any, Any, Any, Any], save: Path):
        self.game = game
        self.words: AnyWords = birdgames.get_words(game.name)
        self.match = match
        self.save_path = save
        self.players = len(game.scores(match.state))
        self.untold: list[list[str]] = [[] for _ in range(self.players)]
        self.shown: int | None = None  # the seat whose screen is up

    def run(self) -> int:
        """Plays until the game ends or a seat quits; returns the exit code."""
        while not self.match.is_terminal:
            seat = self.match.to_act()[0]  # in a simultaneous phase each seat takes its turn
            if seat != self.shown and not self._pass_to(seat):
                return 0
            if not self._turn(seat):
                return 0
        self._the_end()
        return 0

    def _pass_to(self, seat: int) -> bool:
        print(CLEAR, end="")
        print(f"Pass the device to p{seat}. p{seat}, press Enter when the others look away.")
        if _ask("") is None:
            return False
        self.shown = seat
        return True

    def _turn(self, seat: int) -> bool:
        view = self.match.view(seat)
        print(CLEAR, end="")
        print(self.words.render(view))
        if self.untold[seat]:
            print("\nSince your last turn:")
            print("\n".join(f"  {line}" for line in self.untold[seat]))
            self.untold[seat].clear()
        legal = self.match.legal_actions(seat)
        print(f"\nYour move, p{seat}:")
        for number, action in enumerate(legal, start=1):
            print(f"  {number}. {self.words.describe_action(view, action)}")
        while True:
            answer = _ask(
                f"step {self.match.steps} | p{seat}, choose 1-{len(legal)}, "
                f"u undo, s save, q quit: "
            )
            if (answer is None or answer == "q") and self.match.steps == 0:
                print("Nothing played yet: no save written.")
                return False
            if answer is None or answer == "q":
                self._save()
                print(f"Saved to {self.save_path}; resume with --resume {self.save_path}")
                return False
            if answer == "s":
                self._save()
                print(f"Saved to {self.save_path}")
                continue
            if answer == "u":
                return self._undo()
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                self._play(legal[int(answer) - 1])
                return True
            print(f"Type a number from 1 to {len(legal)}, u, s or q.")

    def _play(self, action: Any) -> None:
        self.match, events = self.match.play(action)
        for other in range(self.players):
            after = self.match.view(other)
            for event in self.game.visible_events(events, other):
                self.untold[other].append(self.words.describe_event(after, event))

    def _undo(self) -> bool:
        if self.match.steps == 0:
            print("Nothing to undo.")
            return True
        self.match = self.match.undo()
        # What the seats were told no longer happened; each is told of the undo instead.
        self.untold = [[f"step {self.match.steps + 1} was undone"] for _ in range(self.players)]
        self.shown = None
        return True

    def _save(self) -> None:
        self.save_path.parent.mkdir(parents=True, exist_ok=True)
        self.save_path.write_text(codec.dumps(self.match.save()))

    def _the_end(self) -> None:
        print(CLEAR, end="")
        print(self.words.render(self.match.view(None)))
        for seat, lines in enumerate(self.untold):
            if lines:
                print(f"\np{seat} was last told:")
                print("\n".join(f"  {line}" for line in lines))
        winners = self.game.winners(self.match.state)
        print(f"\nGame over after {self.match.steps} steps. Won by "
              + ", ".join(f"p{w}" for w in winners) + ".")  # fmt: skip
        self._score_table()
        self._save()

    def _score_table(self) -> None:
        """Prints each seat's points by source, from the events the whole table was told."""
        state = self.game.new_game(self.match.config, self.match.seed)
        told: list[Any] = []
        for action in self.match.actions:
            state, events = self.game.step(state, action)
            told.extend(self.game.visible_events(events, None))
        print("\nScores by source:")
        for line in self.words.score_breakdown(self.match.view(None), told):
            print(f"  p{line.seat} +{line.points}  {line.source} ({line.rule})")


def _ask(prompt: str) -> str | None:
    try:
        return input(prompt).strip().lower()
    except EOFError:
        return None


def main(argv: Sequence[str] | None = None) -> int:
    """Starts or resumes a game and plays it; returns the process exit code."""
    registered = birdgames.games()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game", help="engine: " + ", ".join(registered) + " (a save names its own)"
    )
    parser.add_argument("--players", type=int, help="player count (default: the smallest)")
    parser.add_argument("--seed", type=int, help="the deal's seed (default: a secret one)")
    parser.add_argument("--save", type=Path, help="save file (default: web-data/hotseat-GAME.json)")
    parser.add_argument("--resume", type=Path, help="resume the game saved in this file")
    args = parser.parse_args(argv)
    try:
        saved = None
        if args.resume is not None:
            saved = codec.loads(sim.LiveRecord, args.resume.read_bytes())
        name = args.game if args.game is not None else (saved.game if saved else None)
        if name is None:
            print("Name a game with --game, or a save to resume with --resume.")
            return 2
        if name not in registered:
            print(f"Unknown game {name!r}. Registered engines: {', '.join(registered)}.")
            return 2
        game = registered[name]
        if saved is not None:
            match = sim.Match.resume(game, saved)
        else:
            players = args.players if args.players is not None else min(game.player_counts)
            seed = args.seed if args.seed is not None else secrets.randbits(256)
            match = sim.Match.start(game, game.default_config(players), seed)
    except (birdgames.BirdgamesError, OSError) as error:
        print(f"Cannot start: {error}")
        return 2
    save = args.save or args.resume or SAVES / f"hotseat-{game.name}.json"
    return Hotseat(game, match, save).run()


if __name__ == "__main__":
    sys.exit(main())
