"""The installed package: its public surface, py.typed, and a type-checked client."""

from __future__ import annotations

import fcntl
import os
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CLIENT = textwrap.dedent(
    '''
    """A typical client: a frontend that loads a game, moves, and shows a view."""

    import birdgames
    from birdgames import codec, peacock, perch_bop, rng, rookery, sim


    def first_move_view(name: str, seed: int) -> str:
        game: birdgames.AnyGame = birdgames.get_game(name)
        players = min(game.player_counts)
        state = game.new_game(game.default_config(players), seed)
        player = game.to_act(state)[0]
        action = game.legal_actions(state, player)[0]
        try:
            game.apply(state, object())
        except birdgames.IllegalActionError as error:
            reason: str = error.reason
            assert reason
        state, events = game.step(state, action)
        shown = game.visible_events(events, player)
        assert len(shown) <= len(events)
        text = codec.dumps(game.view(state, player))
        assert codec.loads_action(codec.dumps(action)) == action
        return text


    def a_record(name: str) -> sim.Record:
        game = birdgames.get_game(name)
        config = game.default_config(min(game.player_counts))
        return sim.play(game, config, 7, [sim.RandomPolicy()] * min(game.player_counts))


    def precise_records() -> list[sim.Record]:
        """Each engine's precisely typed GAME plays with the package's own policy."""
        return [
            sim.play(rookery.GAME, rookery.GAME.default_config(2), 1, [sim.RandomPolicy()] * 2),
            sim.play(peacock.GAME, peacock.GAME.default_config(3), 1, [sim.RandomPolicy()] * 3),
            sim.play(
                perch_bop.GAME, perch_bop.GAME.default_config(2), 1, [sim.RandomPolicy()] * 2
            ),
        ]


    def roll(seed: int) -> int:
        value, _ = rng.below(rng.Rng.from_seed(seed), 6)
        return value + 1


    if __name__ == "__main__":
        for game_name in birdgames.games():
            first_move_view(game_name, 1)
            record = a_record(game_name)
            assert codec.loads(sim.Record, codec.dumps(record)) == record
        assert [r.game for r in precise_records()] == ["rookery", "peacock", "perch_bop"]
        print("client ok", sorted(birdgames.games()), roll(3))
    '''
)

SURFACE = [
    "__version__",
    "Game",
    "AnyGame",
    "ActionLike",
    "BirdgamesError",
    "IllegalActionError",
    "InvalidConfigError",
    "CodecError",
    "games",
    "get_game",
]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with birdgames installed from the checkout, not editable, plus both type
    checkers clients use (pyright with its own Node.js from PyPI, so no system Node is needed).

    BIRDGAMES_WHEEL, when set, names a built wheel to install instead: the compiled build's
    run (scripts/test_compiled.py) tests the wheel it built, not a second build of it. The
    xdist workers of one run share the venv: the first to come makes it, under a file lock.
    """
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the run's, above each worker's own
    venv, made = shared / "fresh-venv", shared / "fresh-venv.done"
    with (shared / "fresh-venv.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not made.exists():
            # Without pip of its own (ensurepip byte-compiles pip: 6 s of a 20 s install); this
            # environment's pip installs into it.
            subprocess.run(
                [sys.executable, "-m", "venv", "--clear", "--without-pip", str(venv)], check=True
            )
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "--python",
                    str(venv / "bin" / "python"),
                    "install",
                    "-q",
                    "--disable-pip-version-check",
                    "--no-compile",  # what the tests import compiles as they import it
                    os.environ.get("BIRDGAMES_WHEEL") or str(ROOT),
                    "mypy",
                    "pyright[nodejs]",
                ],
                check=True,
                capture_output=True,
            )
            made.touch()
    return venv


def _python(venv: Path, *args: str, cwd: Path | None = None) -> str:
    result = subprocess.run(
        [str(venv / "bin" / "python"), *args], check=False, capture_output=True, text=True, cwd=cwd
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_installed_package_offers_the_public_surface_and_py_typed(
    installed: Path, tmp_path: Path
) -> None:
    """The wheel ships py.typed and every name of the contract's package surface."""
    program = (
        "import birdgames, pathlib; "
        "print(pathlib.Path(birdgames.__file__).with_name('py.typed').is_file()); "
        f"print(all(hasattr(birdgames, n) for n in {SURFACE!r})); "
        "import birdgames.codec, birdgames.rng, birdgames.sim; "
        "print('site-packages' in birdgames.__file__)"
    )
    assert _python(installed, "-c", program, cwd=tmp_path).split() == ["True"] * 3


def test_the_wheel_ships_the_license(installed: Path, tmp_path: Path) -> None:
    """The installed distribution carries the MIT LICENSE file of the checkout."""
    program = (
        "import importlib.metadata as m; "
        "files = m.distribution('birdgames').files or []; "
        "print(next(f.read_text() for f in files if f.name == 'LICENSE'))"
    )
    shipped = _python(installed, "-c", program, cwd=tmp_path)
    assert shipped.strip() == (ROOT / "LICENSE").read_text().strip()
    assert shipped.startswith("MIT License")


def test_a_client_type_checks_strictly_and_runs(installed: Path, tmp_path: Path) -> None:
    """A client using get_game, new_game, step, view and the codec passes mypy --strict."""
    client = tmp_path / "client.py"
    client.write_text(CLIENT)
    result = subprocess.run(
        [str(installed / "bin" / "mypy"), "--strict", "--no-incremental", str(client)],
        check=False,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert _python(installed, str(client), cwd=tmp_path).startswith("client ok")


def test_the_same_client_type_checks_under_strict_pyright(installed: Path, tmp_path: Path) -> None:
    """pyright in strict mode accepts the client too: tagged classes and the engines' GAMEs
    satisfy the package's protocols for both checkers."""
    (tmp_path / "client.py").write_text(CLIENT)
    (tmp_path / "pyrightconfig.json").write_text(
        '{"typeCheckingMode": "strict", "reportMissingModuleSource": "error"}'
    )
    result = subprocess.run(
        [
            str(installed / "bin" / "pyright"),
            "--pythonpath",
            str(installed / "bin" / "python"),
            "client.py",
        ],
        check=False,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 errors" in result.stdout, result.stdout


def test_ci_runs_exactly_the_readme_check_command() -> None:
    """.ci/run's command is the README's check command, word for word."""
    readme = (ROOT / "README.md").read_text()
    commands = [line for line in readme.splitlines() if line.startswith("python3 ")]
    assert len(commands) == 2, "the README shows exactly two set-up commands"
    ci_lines = [line for line in (ROOT / ".ci" / "run").read_text().splitlines() if line]
    assert shlex.split(ci_lines[-1]) == shlex.split(commands[1])
    assert "examples/play.py" in commands[0]
