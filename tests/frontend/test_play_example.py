"""examples/play.py tells a game as its watcher sees it, and nothing more."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

from tests.files import load_file

ROOT = Path(__file__).resolve().parents[2]


def _example() -> ModuleType:
    return load_file("play_example", ROOT / "examples" / "play.py")


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert _example().main(list(args)) == 0
    return capsys.readouterr().out


def test_a_spectator_sees_no_pick_and_no_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """Watching Peacock as a spectator, picks and deals are counts, never cards."""
    out = _run(capsys, "--game", "peacock", "--players", "3", "--seed", "2")
    assert "p0 picks a card face down" in out
    assert not re.search(r"picks (?!a card)\w+ face down", out)
    assert not re.search(r"is dealt (?!\d+ cards)", out)
    assert "hand:" not in out
    assert "game over, scores:" in out and "winner" in out


def test_a_seat_sees_its_own_picks_only(capsys: pytest.CaptureFixture[str]) -> None:
    """Watching as p1, p1's picks are named and the others' are not."""
    out = _run(capsys, "--game", "peacock", "--players", "3", "--seed", "2", "--seat", "1")
    assert re.search(r"p1 picks (?!a card)\w+ face down", out)
    assert not re.search(r"p[02] picks (?!a card)\w+ face down", out)


@pytest.mark.parametrize("name", ["perch_bop", "rookery"])
def test_every_game_plays_to_its_end(capsys: pytest.CaptureFixture[str], name: str) -> None:
    """The other games play to the end in words; Rookery's draws stay hidden."""
    out = _run(capsys, "--game", name, "--seed", "3")
    assert "game over" in out and "winner" in out
    assert not re.search(r"draws (?!a card)[A-Z]", out)


def test_perch_seed_2_at_5_players_shows_every_expansion_scoring(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The README's Perch game (5 players, seed 2) shows a Birdfeeder taken, a Location
    scored under the Sun or Moon, and a Pond scored."""
    lines = _run(capsys, "--game", "perch_bop", "--players", "5", "--seed", "2").splitlines()
    assert any(re.search(r"takes the Birdfeeder on .*: p\d scores 3$", line) for line in lines)
    covered = [
        line.split(" (nobody)")[0] for line in lines if re.search(r"the (Sun|Moon) covers", line)
    ]
    assert any(
        re.match(rf"{re.escape(tile)}: .* takes place \d and scores [1-9]", line)
        for tile in covered
        for line in lines
    )
    ponds = ("Loonie Lagoon", "Frog Pond", "Perch Pool", "Duck Puddle")
    assert any(
        line.startswith(ponds) and re.search(r"takes place \d and scores [1-9]", line)
        for line in lines
    )
