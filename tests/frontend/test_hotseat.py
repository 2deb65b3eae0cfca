"""examples/hotseat.py, driven through a pseudo-terminal to the end of one game per engine."""

from __future__ import annotations

import fcntl
import os
import pty
import random
import re
import struct
import subprocess
import sys
import termios
from pathlib import Path
from typing import Final

import pexpect
import pytest
from pexpect.fdpexpect import fdspawn

from birdgames import codec, get_game, sim

ROOT: Final = Path(__file__).resolve().parents[2]
HOTSEAT: Final = str(ROOT / "examples" / "hotseat.py")
SAVE_AT: Final = 12  # the step at which the players save and quit, then resume
PASS: Final = r"press Enter when the others look away"
PROMPT: Final = r"step (\d+) \| p(\d+), choose 1-(\d+), u undo, s save, q quit: "
OVER: Final = r"Game over after (\d+) steps"


class Terminal:
    """examples/hotseat.py on a pseudo-terminal of 50 rows and 200 columns, and pexpect on the
    other end.

    subprocess starts it: pexpect.spawn forks the test's process, and pytest's worker
    processes run threads, which a fork can deadlock (Python 3.12 and later warn).
    """

    def __init__(self, *args: str) -> None:
        leader, follower = pty.openpty()
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
        self.process = subprocess.Popen(
            [sys.executable, HOTSEAT, *args], stdin=follower, stdout=follower, stderr=follower
        )
        os.close(follower)  # the child holds its own: its exit is the leader's end of file
        self.io = fdspawn(leader, encoding="utf-8", timeout=60)
        # pexpect waits 50 ms before each send by default; the frontend reads its input itself.
        self.io.delaybeforesend = None

    def close(self) -> int:
        """Waits for the program's end; returns its exit code."""
        self.io.close()
        return self.process.wait(timeout=60)


def _next(child: fdspawn[str]) -> tuple[str, int, int, int]:
    """Answers pass-the-device screens; returns the next prompt's step, seat and choices."""
    while True:
        index = child.expect([PASS, PROMPT, OVER])
        if index == 0:
            child.sendline("")
            continue
        match = child.match
        assert isinstance(match, re.Match)
        if index == 2:
            return "over", int(match.group(1)), -1, 0
        return "prompt", int(match.group(1)), int(match.group(2)), int(match.group(3))


@pytest.mark.parametrize(("name", "players"), [("perch_bop", 2), ("peacock", 2), ("rookery", 2)])
def test_a_hotseat_game_saves_resumes_undoes_and_ends(
    name: str, players: int, tmp_path: Path
) -> None:
    """Players save and quit mid-game, resume, undo a step, and play on to the end."""
    save = str(tmp_path / "save.json")
    chooser = random.Random(name)
    terminal = Terminal("--game", name, "--players", str(players), "--seed", "5", "--save", save)
    child = terminal.io
    seats: set[int] = set()
    while True:
        kind, step, seat, choices = _next(child)
        assert kind == "prompt"
        seats.add(seat)
        if step == SAVE_AT:
            child.sendline("q")
            child.expect("resume with --resume")
            child.expect(pexpect.EOF)
            break
        child.sendline(str(chooser.randint(1, choices)))
    assert terminal.close() == 0
    saved = codec.loads(sim.LiveRecord, Path(save).read_text())
    assert len(saved.actions) == SAVE_AT

    terminal = Terminal("--resume", save)
    child = terminal.io
    kind, step, seat, choices = _next(child)
    assert (kind, step) == ("prompt", SAVE_AT)
    child.sendline("u")
    kind, step, seat, choices = _next(child)
    assert (kind, step) == ("prompt", SAVE_AT - 1)
    assert f"step {SAVE_AT} was undone" in str(child.before)
    while kind == "prompt":
        seats.add(seat)
        child.sendline(str(chooser.randint(1, choices)))
        kind, step, seat, choices = _next(child)
    child.expect(pexpect.EOF)
    table = str(child.before)
    assert terminal.close() == 0
    assert seats == set(range(players))

    final = codec.loads(sim.LiveRecord, Path(save).read_text())
    assert len(final.actions) == step
    match = sim.Match.resume(get_game(name), final)
    assert match.is_terminal
    sim.verify(match.record())
    # The end shows each seat's points by source, adding up to its score.
    assert "Scores by source:" in table
    totals = [0] * players
    for seat_text, points in re.findall(r"^  p(\d) \+(\d+)  .+ \(.+\)\r?$", table, re.MULTILINE):
        totals[int(seat_text)] += int(points)
    assert totals == list(match.view(None).scores)


def test_quitting_at_step_0_writes_no_save(tmp_path: Path) -> None:
    """q before anyone moved ends the program without a save file."""
    save = tmp_path / "save.json"
    terminal = Terminal("--game", "rookery", "--save", str(save))
    kind, step, _, _ = _next(terminal.io)
    assert (kind, step) == ("prompt", 0)
    terminal.io.sendline("q")
    terminal.io.expect("no save written")
    terminal.io.expect(pexpect.EOF)
    assert terminal.close() == 0
    assert not save.exists()


def test_the_default_save_folder_is_ignored_by_git() -> None:
    """Saves and the web server's database go to web-data/, which .gitignore names."""
    assert "web-data/" in (ROOT / ".gitignore").read_text().split()
