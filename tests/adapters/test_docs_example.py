"""The examples of docs/research.md run as they stand."""

from __future__ import annotations

import re
from array import array
from pathlib import Path
from typing import Final

import pytest

PAGE: Final = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def _examples() -> list[str]:
    return re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.DOTALL)


def test_the_page_has_its_three_examples() -> None:
    """The OpenSpiel game, the entity observation and the PettingZoo loop are on the page."""
    examples = _examples()
    assert len(examples) == 3
    assert "pyspiel.load_game" in examples[0]
    assert "entity_writer" in examples[1]
    assert "pettingzoo.env" in examples[2]


def test_the_openspiel_example_plays_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    """The 20-line MCTS against ISMCTS game at Rookery ends and prints zero-sum returns."""
    code = _examples()[0]
    assert len(code.strip().splitlines()) <= 25
    exec(compile(code, str(PAGE), "exec"), {})
    printed = capsys.readouterr().out
    assert printed.startswith("returns: [")
    values = [float(x) for x in printed.split("[")[1].split("]")[0].split(",")]
    assert sum(values) == pytest.approx(0.0)


def test_the_entity_example_writes_the_view_s_entities() -> None:
    """The entity observation example gives the layout's size, and its writer the view's
    numbers."""
    namespace: dict[str, object] = {}
    exec(compile(_examples()[1], str(PAGE), "exec"), namespace)
    numbers = namespace["numbers"]
    assert isinstance(numbers, tuple)
    assert len(numbers) == getattr(namespace["layout"], "size")  # noqa: B009
    buffer = namespace["buffer"]
    assert isinstance(buffer, array)
    assert tuple(buffer) == numbers


def test_the_pettingzoo_example_plays_a_whole_game() -> None:
    """The AEC loop at Peacock runs until every agent has left."""
    namespace: dict[str, object] = {}
    exec(compile(_examples()[2], str(PAGE), "exec"), namespace)
    env = namespace["env"]
    assert getattr(env, "agents") == []  # noqa: B009
