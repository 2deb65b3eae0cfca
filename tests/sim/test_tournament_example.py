"""examples/tournament.py plays bots on a process pool and prints the table."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "tournament.py"


def test_the_example_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    """Two games of greedy against random at Rookery on one worker: the table names both."""
    main = runpy.run_path(str(EXAMPLE), run_name="example")["main"]
    code = main(["--game", "rookery", "--games", "2", "--bots", "greedy,random", "--workers", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("rookery: 2 games, seats rotated")
    assert "greedy" in out and "random" in out


def test_an_unknown_bot_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """A bot name the example does not know is reported with exit code 2."""
    main = runpy.run_path(str(EXAMPLE), run_name="example")["main"]
    assert main(["--game", "rookery", "--bots", "greedy,clever"]) == 2
    assert "unknown bot 'clever'" in capsys.readouterr().out
