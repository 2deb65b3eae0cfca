"""The TypeScript compiler and Ajv from npm check the declarations, the web example's
JavaScript and the docs' examples (package.json; `npm ci` installs them, as scripts/check.py
does)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Final

import pytest

from birdgames import codec, get_game, schema, sim
from tests.toy.game import GAME as TOY

ROOT: Final = Path(__file__).resolve().parents[2]
NODE_MODULES: Final = ROOT / "node_modules"
TSC: Final = NODE_MODULES / ".bin" / "tsc"
WEB: Final = ROOT / "examples" / "web"
SCHEMAS_DOC: Final = ROOT / "docs" / "schemas.md"
GENERATED: Final = ROOT / "docs" / "schema"


def _block(language: str) -> str:
    (found,) = re.findall(rf"```{language}\n(.*?)```", SCHEMAS_DOC.read_text(), re.DOTALL)
    text: str = found
    return text


def _tsc(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    assert TSC.exists(), "the TypeScript compiler is missing: run `npm ci` in the checkout"
    return subprocess.run([str(TSC), *args], capture_output=True, text=True, cwd=cwd, check=False)


@pytest.mark.tooling
def test_the_web_example_type_checks_against_the_declarations() -> None:
    """`tsc --checkJs --noEmit` (examples/web/tsconfig.json) passes over the static files."""
    done = _tsc("-p", str(WEB / "tsconfig.json"))
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.tooling
def test_a_view_field_the_documents_lack_fails_the_check(tmp_path: Path) -> None:
    """A drawer reading a field no Peacock seat view has is an error naming that field."""
    copy = tmp_path / "web"
    shutil.copytree(WEB / "static", copy / "static")
    shutil.copy(WEB / "tsconfig.json", copy / "tsconfig.json")
    boards = copy / "static" / "boards.js"
    text = boards.read_text()
    assert "${seat.total} points" in text
    boards.write_text(text.replace("${seat.total} points", "${seat.totl} points"))
    done = _tsc("-p", str(copy / "tsconfig.json"))
    assert done.returncode != 0
    assert "Property 'totl' does not exist" in done.stdout, done.stdout


def test_the_declarations_and_the_docs_example_compile_strictly(tmp_path: Path) -> None:
    """Every generated .d.ts, the test-only toy game's, and the docs' TypeScript example
    beside Peacock's, pass `tsc --strict`."""
    for path in GENERATED.glob("*.d.ts"):
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "toy.d.ts").write_text(schema.typescript(TOY))
    (tmp_path / "example.ts").write_text(_block("typescript"))
    files = sorted(str(p.name) for p in tmp_path.iterdir())
    done = _tsc("--strict", "--noEmit", "--target", "ES2022", *files, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_docs_javascript_example_validates_a_save(tmp_path: Path) -> None:
    """The docs' Ajv example accepts a real Peacock save and refuses one with a numeric seed."""
    shutil.copytree(GENERATED, tmp_path / "schema")
    (tmp_path / "node_modules").symlink_to(NODE_MODULES)
    script = tmp_path / "validate.mjs"
    script.write_text(_block("javascript"))
    game = get_game("peacock")
    match = sim.Match.start(game, game.default_config(3), 5)
    for _ in range(4):
        match, _events = match.play(match.legal_actions(match.to_act()[0])[0])
    good = tmp_path / "good.json"
    good.write_text(codec.dumps(match.save()))
    bad = tmp_path / "bad.json"
    bad.write_text(codec.dumps(match.save()).replace('"seed":"0x5"', '"seed":5'))
    node = shutil.which("node")
    assert node is not None, "Node.js is missing"
    env = {**os.environ, "NODE_NO_WARNINGS": "1"}

    def run(path: Path) -> subprocess.CompletedProcess[str]:
        command = [node, str(script), str(path)]
        return subprocess.run(
            command, capture_output=True, text=True, cwd=tmp_path, check=False, env=env
        )

    accepted = run(good)
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert accepted.stdout.strip() == "a Peacock game of 4 actions, seed 0x5"
    refused = run(bad)
    assert refused.returncode == 1, refused.stdout + refused.stderr
    assert refused.stdout.startswith("not a Peacock save: /seed must be string")


def test_the_docs_python_example_runs() -> None:
    """The Python example of the Schemas page runs."""
    done = subprocess.run(
        [sys.executable, "-c", _block("python")], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert str(schema.json_schema("peacock", "state")["$id"]) in done.stdout
