"""Builds the optional mypyc-compiled package into its own venv and runs the suite on it.

    python scripts/test_compiled.py [pytest args]

The venv is of the Python running the script, or of the interpreter named after `--build`.

The venv (`.venv-mypyc`) gets the wheel built with BIRDGAMES_MYPYC=1 (see hatch_build.py),
installed with the test extra; the suite's packaging tests install that same wheel. Before the
suite runs, the script checks that the compiled modules are what `import birdgames` loads, so
a build that silently fell back to pure Python fails. pytest runs from the repository root:
`birdgames` resolves to the installed, compiled package (the tests put the root on the path,
never src/). The browser tests (marker `browser`) and the tools' tests (marker `tooling`) run
on a pure build and are left out here.
The check command runs it through scripts/test_pythons.py, beside the other Pythons' suites,
in two calls: `--build` (the venv, the wheel, its install and the check that it is compiled),
started beside the first Python's steps, then `--test [pytest args]` (the suite on that venv).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv-mypyc"

# What every run of the check command holds but one, a pure Python's (later -m arguments
# override it): the browser tests click the page through Chromium, which neither the
# server's Python nor its build changes, and the tools' tests check the benchmarks, the docs'
# rules map and the web example's JavaScript under tsc; both run once.
EVERY_RUN = "not browser and not tooling"

# One compiled module per engine, and each rewritten state module (hatch_native.py): each must
# load from an extension module, and each State must be native (no instance dict).
STATES = ("birdgames.peacock.state", "birdgames.perch_bop.state", "birdgames.rookery.state")
PROBES = (
    "birdgames.peacock.rules",
    "birdgames.perch_bop.rules",
    "birdgames.rookery.rules",
    *STATES,
)
PROBE = (
    "import importlib, sys\n"
    f"for name in {PROBES!r}:\n"
    "    path = importlib.import_module(name).__file__ or ''\n"
    "    if not path.endswith(('.so', '.pyd')):\n"
    "        sys.exit(f'{name} is not compiled: {path}')\n"
    f"for name in {STATES!r}:\n"
    "    if importlib.import_module(name).State.__dictoffset__ != 0:\n"
    "        sys.exit(f'{name}.State is not native')\n"
    "print('compiled:', ', '.join(" + repr(PROBES) + "))\n"
)


def _run(command: list[str], env: dict[str, str]) -> int:
    """Runs one step from the repository root; returns its exit code, saying which failed."""
    code = subprocess.run(command, cwd=ROOT, env=env, check=False).returncode
    if code != 0:
        print(f"== compiled build: {' '.join(command[:4])} exited {code}")
    return code


def _env() -> dict[str, str]:
    # The pure build ran the full `ci` profile; this run plays the same tests over fewer
    # games (BIRDGAMES_PROFILE, when set, wins).
    env = {
        "BIRDGAMES_PROFILE": "quick",
        **os.environ,
        "BIRDGAMES_MYPYC": "1",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    wheel = _wheel()
    if wheel is not None:
        # The suite's packaging tests install this same wheel (BIRDGAMES_WHEEL) instead of
        # compiling the checkout a second time.
        env["BIRDGAMES_WHEEL"] = str(wheel)
    return env


def _wheel() -> Path | None:
    found = sorted((VENV / "wheel").glob("birdgames-*.whl"))
    return found[0] if len(found) == 1 else None


def build(interpreter: str = sys.executable) -> int:
    """Builds the wheel into a fresh venv of `interpreter`, installs it and checks that it is
    compiled; returns the first failing step's exit code."""
    python = VENV / "bin" / "python"
    env = _env()
    steps = [
        [interpreter, "-m", "venv", "--clear", str(VENV)],
        [
            str(python),
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "-w",
            str(VENV / "wheel"),
            str(ROOT),
        ],
    ]
    for command in steps:
        if code := _run(command, env):
            return code
    wheel = _wheel()
    if wheel is None:
        print("== compiled build: pip wheel left no single birdgames wheel")
        return 1
    steps = [
        [str(python), "-m", "pip", "install", "-q", "--no-compile", f"{wheel}[test]"],
        [str(python), "-c", PROBE],
    ]
    for command in steps:
        if code := _run(command, env):
            return code
    return 0


def test(pytest_args: list[str]) -> int:
    """Runs the suite on the venv `build` made; returns pytest's exit code."""
    python = VENV / "bin" / "python"
    if _wheel() is None or not python.exists():
        print("== compiled build: nothing built (run with --build first)")
        return 1
    command = [str(python), "-m", "pytest", "-p", "no:cacheprovider", "-m", EVERY_RUN]
    if code := _run([*command, *pytest_args], _env()):
        return code
    print("the suite passed on the compiled build")
    return 0


def main(argv: list[str]) -> int:
    """`--build [interpreter]`, `--test [pytest args]`, or both in turn (`[pytest args]`)."""
    if argv[:1] == ["--build"]:
        return build(*argv[1:2])
    if argv[:1] == ["--test"]:
        return test(argv[1:])
    return build() or test(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
