"""Hostile documents are refused with CodecError at a bounded cost, for every game.

Each game's cases run in a fresh process capped at 1 GiB of address space (see
`tests/conformance/hostile.py`); their worst-case times are measured by
`benchmarks/codec_limits.py`, never here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from birdgames import games
from tests.conformance.hostile import Outcome, problem

ROOT = Path(__file__).resolve().parents[2]
GAMES = [*games(), "tests.toy.game:GAME"]


def _run(ref: str) -> tuple[list[Outcome], str]:
    done = subprocess.run(
        [sys.executable, "-m", "tests.conformance.hostile", ref],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    outcomes = [Outcome(**json.loads(line)) for line in done.stdout.splitlines()]
    failure = "" if done.returncode == 0 else f"exit {done.returncode}: {done.stderr[-1500:]}"
    return outcomes, failure


@pytest.mark.parametrize("ref", GAMES)
def test_hostile_documents_are_refused_within_a_memory_cap(ref: str) -> None:
    """Every hostile document of the game is refused (or, within limits, loads), nothing else.

    Each message stays under 1 KB and each load builds at most MAX_ITEM_ERRORS item errors;
    the process holding all of them never exceeds 1 GiB.
    """
    outcomes, failure = _run(ref)
    assert not failure, failure
    problems = [found for outcome in outcomes if (found := problem(outcome)) is not None]
    assert not problems, f"{len(problems)} of {len(outcomes)}: {problems[:10]}"
    kinds = Counter(outcome.expect for outcome in outcomes)
    assert kinds["refuse"] > 200, kinds
    tags = {outcome.tag for outcome in outcomes}
    assert "birdgames.record" in tags
    assert any(tag.endswith(".state") for tag in tags), tags


def hoard_samples() -> list[Any]:
    """The samples of the broken variant below."""
    from tests.conformance.hoard import Hoard

    return [Hoard(count=2, cards=(1, 2))]


def test_the_hostile_check_fails_on_a_validator_that_builds_from_a_count() -> None:
    """A validator that builds a tuple as long as a number it read exhausts the cap."""
    outcomes, failure = _run("tests.conformance.test_hostile:hoard_samples")
    problems = [found for outcome in outcomes if (found := problem(outcome)) is not None]
    assert failure or problems
    assert "MemoryError" in failure + " ".join(problems)
