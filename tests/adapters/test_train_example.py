"""examples/train_selfplay.py trains a policy that beats random play more often."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_selfplay.py"


def test_a_short_training_run_raises_the_win_rate(capsys: pytest.CaptureFixture[str]) -> None:
    """Four seeded batches at Rookery: each evaluation is printed, and the policy wins more
    of the same evaluation games against random after training than before (0.54, then
    0.67 with this seed)."""
    train = runpy.run_path(str(EXAMPLE), run_name="example")["train"]
    rates = train("rookery", 2, batches=4, episodes=6, evaluate=24, seed=0)
    out = capsys.readouterr().out
    assert len(rates) == 5 and all(0.0 <= rate <= 1.0 for rate in rates)
    assert out.startswith("before training: win rate against random")
    assert out.count("win rate against random") == 5
    assert rates[-1] > rates[0]
