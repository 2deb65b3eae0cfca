"""The playout benchmark runs end to end: a smoke run, no timed assertion."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import birdgames

ROOT = Path(__file__).resolve().parents[2]


def test_the_playout_benchmark_reports_every_engine_and_player_count() -> None:
    """A short run exits 0 and prints a throughput row and a detail block per subject."""
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "playouts.py"),
            "--seconds",
            "0.05",
            "--rounds",
            "1",
            "--no-openspiel",
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    for name, game in birdgames.games().items():
        for players in game.player_counts:
            assert f"| {name} {players}p |" in done.stdout
            assert f"## {name} {players}p:" in done.stdout
    assert "loads" in done.stdout and "view" in done.stdout
    assert "same action class, last/first tenth it is played in:" in done.stdout
