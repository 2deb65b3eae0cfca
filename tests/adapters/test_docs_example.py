"""The examples of docs/research.md run as they stand."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

import pytest

PAGE: Final = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def _examples() -> list[str]:
    return re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.DOTALL)


def test_the_page_has_its_two_examples() -> None:
    """The OpenSpiel game and the PettingZoo loop are on the page."""
    examples = _examples()
    assert len(examples) == 2
    assert "pyspiel.load_game" in examples[0]
    assert "pettingzoo.env" in examples[1]


def test_the_openspiel_example_plays_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    """The 20-line MCTS against ISMCTS game at Rookery ends and prints zero-sum returns."""
    code = _examples()[0]
    assert len(code.strip().splitlines()) <= 25
    exec(compile(code, str(PAGE), "exec"), {})
    printed = capsys.readouterr().out
    assert printed.startswith("returns: [")
    values = [float(x) for x in printed.split("[")[1].split("]")[0].split(",")]
    assert sum(values) == pytest.approx(0.0)


def test_the_pettingzoo_example_plays_a_whole_game() -> None:
    """The AEC loop at Peacock runs until every agent has left."""
    namespace: dict[str, object] = {}
    exec(compile(_examples()[1], str(PAGE), "exec"), namespace)
    env = namespace["env"]
    assert getattr(env, "agents") == []  # noqa: B009
