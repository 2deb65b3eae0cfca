"""The typed client paths the docs recommend pass `mypy --strict` and `pyright --strict`.

Each Python block of docs/frontend.md, the generic client of
tests/frontend/test_generic_client.py and `get_game` / `get_words` typed by a literal name
are checked as written, by both checkers; a member no
seat view is sure to have is an error to both, in a generic client and in a loop over names.
pyright comes from npm (package.json; `npm ci` installs it, as scripts/check.py does).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Final

import pytest

ROOT: Final = Path(__file__).resolve().parents[2]
FRONTEND_DOC: Final = ROOT / "docs" / "frontend.md"
GENERIC_CLIENT: Final = ROOT / "tests" / "frontend" / "test_generic_client.py"
PYRIGHT: Final = ROOT / "node_modules" / ".bin" / "pyright"
BLOCK: Final = re.compile(r"```python\n(.*?)```", re.DOTALL)

NO_SUCH_FIELD: Final = """\
from typing import TypeVar

import birdgames

C = TypeVar("C")
S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V", bound=birdgames.ViewLike)
E = TypeVar("E")


def first_seat(game: birdgames.Game[C, S, A, V, E], state: S) -> object:
    view = game.view(state, None)
    return view.seats[0].no_such_field  # generic


for name in birdgames.games():
    game = birdgames.get_game(name)
    view = game.view(game.new_game(game.default_config(2), 1), None)
    print(view.seats[0].no_such_field)  # by name
"""


TYPED_BY_NAME: Final = """\
from typing import assert_type

import birdgames
from birdgames import peacock, perch_bop, rookery


def by_name(name: str) -> None:
    assert_type(birdgames.get_game("perch_bop"), perch_bop.PerchGame)
    assert_type(birdgames.get_game("peacock"), peacock.PeacockGame)
    assert_type(birdgames.get_game("rookery"), rookery.RookeryGame)
    assert_type(birdgames.get_game(name), birdgames.RegisteredGame)
    assert_type(
        birdgames.get_words("perch_bop"),
        birdgames.Words[perch_bop.View, perch_bop.Action, perch_bop.Event],
    )
    assert_type(
        birdgames.get_words("peacock"),
        birdgames.Words[peacock.View, peacock.Action, peacock.Event],
    )
    assert_type(
        birdgames.get_words("rookery"),
        birdgames.Words[rookery.View, rookery.Action, rookery.Event],
    )
    assert_type(birdgames.get_words(name), birdgames.AnyWords)
"""


def doc_blocks() -> list[str]:
    """Returns the Python blocks of docs/frontend.md."""
    return BLOCK.findall(FRONTEND_DOC.read_text())


def _write(folder: Path, sources: dict[str, str]) -> list[Path]:
    paths = []
    for name, text in sources.items():
        path = folder / name
        path.write_text(text)
        paths.append(path)
    return paths


def _mypy(folder: Path, paths: list[Path]) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "mypy", "--strict", "--config-file", "/dev/null"]
    command += ["--cache-dir", str(folder / ".mypy_cache"), *map(str, paths)]
    return subprocess.run(command, capture_output=True, text=True, cwd=folder, check=False)


def _pyright(folder: Path, paths: list[Path]) -> subprocess.CompletedProcess[str]:
    assert PYRIGHT.exists(), "pyright is missing: run `npm ci` in the checkout"
    config = folder / "pyrightconfig.json"
    config.write_text(json.dumps({"typeCheckingMode": "strict", "pythonVersion": "3.11"}))
    command = [str(PYRIGHT), "--pythonpath", sys.executable, "-p", str(config)]
    return subprocess.run(
        [*command, *map(str, paths)], capture_output=True, text=True, cwd=folder, check=False
    )


def _sources() -> dict[str, str]:
    blocks = doc_blocks()
    sources = {f"frontend_block_{i}.py": block for i, block in enumerate(blocks)}
    sources["generic_client.py"] = GENERIC_CLIENT.read_text()
    sources["typed_by_name.py"] = TYPED_BY_NAME
    return sources


def test_the_frontend_page_has_its_typed_examples() -> None:
    """The page shows the one-game loop, the generic Match loop, the loop over names and a
    score breakdown."""
    blocks = doc_blocks()
    assert len(blocks) == 4
    assert any("words.score_breakdown(view, told)" in block for block in blocks)
    assert any("bound=birdgames.ConfigLike" in block for block in blocks)
    assert any("for name in birdgames.games()" in block for block in blocks)


@pytest.mark.parametrize("checker", ["mypy", "pyright"])
def test_the_docs_examples_and_a_generic_client_type_check(checker: str, tmp_path: Path) -> None:
    """Every block of docs/frontend.md, the generic client and the games typed by name pass
    the strict checker."""
    paths = _write(tmp_path, _sources())
    done = (_mypy if checker == "mypy" else _pyright)(tmp_path, paths)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


@pytest.mark.parametrize("checker", ["mypy", "pyright"])
def test_a_field_no_seat_view_has_is_an_error(checker: str, tmp_path: Path) -> None:
    """`view.seats[0].no_such_field` is reported on both lines that read it, and nowhere
    else: in a generic client and for a game named at run time."""
    paths = _write(tmp_path, {"no_such_field.py": NO_SUCH_FIELD})
    done = (_mypy if checker == "mypy" else _pyright)(tmp_path, paths)
    assert done.returncode != 0
    lines = NO_SUCH_FIELD.splitlines()
    expected = {i + 1 for i, line in enumerate(lines) if "no_such_field" in line}
    reported = {
        int(match[1])
        for match in re.finditer(r"no_such_field\.py:(\d+)", done.stdout)
        if "error" in done.stdout[match.end() : match.end() + 400].split("\n")[0]
    }
    assert reported == expected, done.stdout
    assert "no_such_field" in done.stdout


def test_the_docs_examples_run(tmp_path: Path) -> None:
    """The generic Match loop and the loop over names run to their end."""
    for block in doc_blocks()[1:]:
        done = subprocess.run(
            [sys.executable, "-c", block], capture_output=True, text=True, cwd=ROOT, check=False
        )
        assert done.returncode == 0, done.stderr[-2000:]
        assert done.stdout
