"""benchmarks/adapters.py runs end to end: a smoke run, no timed assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

import birdgames
from tests.files import run_script

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.tooling


def test_the_adapter_benchmark_reports_every_subject() -> None:
    """A short run exits 0 and prints a row per engine and route (entity observations
    included), OpenSpiel's python games, the parts' costs and chance_outcomes()."""
    out = run_script(
        ROOT / "benchmarks" / "adapters.py", "--seconds", "0.02", "--rounds", "1", "--games", "2"
    )
    for name in birdgames.games():
        routes = ["engine", "engine+obs", "engine+entities", "openspiel+obs", "openspiel+entities"]
        routes += ["pettingzoo", "pettingzoo entities", "vector x2", "vector x2 entities"]
        for route in routes:
            assert f"| {name} 2p {route} |" in out
        assert f"{name} 2p: step (legal_actions + apply)" in out
        assert "the route adds index +" in out
        assert "or the entity observation +" in out
        assert f"{name}: chance_outcomes()" in out
    assert "| python_liars_poker |" in out
