"""Builds the optional mypyc-compiled package into its own venv and runs the suite on it.

    python scripts/test_compiled.py [pytest args]

The venv (`.venv-mypyc`) gets the wheel built with BIRDGAMES_MYPYC=1 (see hatch_build.py),
installed with the test extra; the suite's packaging tests install that same wheel. Before the
suite runs, the script checks that the compiled modules are what `import birdgames` loads, so
a build that silently fell back to pure Python fails. pytest runs from the repository root:
`birdgames` resolves to the installed, compiled package (the tests put the root on the path,
never src/). The browser tests (marker `browser`) ran on the pure build and are left out here.
The check command runs it through scripts/test_pythons.py, beside the other Pythons' suites.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv-mypyc"

# One compiled module per engine: each must load from an extension module.
PROBES = ("birdgames.peacock.rules", "birdgames.perch_bop.rules", "birdgames.rookery.rules")
PROBE = (
    "import importlib, sys\n"
    f"for name in {PROBES!r}:\n"
    "    path = importlib.import_module(name).__file__ or ''\n"
    "    if not path.endswith(('.so', '.pyd')):\n"
    "        sys.exit(f'{name} is not compiled: {path}')\n"
    "print('compiled:', ', '.join(" + repr(PROBES) + "))\n"
)


def _run(command: list[str], env: dict[str, str]) -> int:
    """Runs one step from the repository root; returns its exit code, saying which failed."""
    code = subprocess.run(command, cwd=ROOT, env=env, check=False).returncode
    if code != 0:
        print(f"== compiled build: {' '.join(command[:4])} exited {code}")
    return code


def main() -> int:
    """Builds, checks, tests; returns the first failing step's exit code."""
    python = VENV / "bin" / "python"
    wheels = VENV / "wheel"
    # The pure build ran the full `ci` profile; this run plays the same tests over fewer
    # games (BIRDGAMES_PROFILE, when set, wins).
    env = {
        "BIRDGAMES_PROFILE": "quick",
        **os.environ,
        "BIRDGAMES_MYPYC": "1",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    build = [
        [sys.executable, "-m", "venv", "--clear", str(VENV)],
        [str(python), "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(ROOT)],
    ]
    for command in build:
        if code := _run(command, env):
            return code
    (wheel,) = wheels.glob("birdgames-*.whl")
    # The suite's packaging tests install this same wheel (BIRDGAMES_WHEEL) instead of
    # compiling the checkout a second time.
    env["BIRDGAMES_WHEEL"] = str(wheel)
    steps = [
        [str(python), "-m", "pip", "install", "-q", "--no-compile", f"{wheel}[test]"],
        [str(python), "-c", PROBE],
        # The browser tests ran on the pure build: Chromium and the page are the same here
        # (later -m arguments override this one).
        [str(python), "-m", "pytest", "-p", "no:cacheprovider", "-m", "not browser", *sys.argv[1:]],
    ]
    for command in steps:
        if code := _run(command, env):
            return code
    print("the suite passed on the compiled build")
    return 0


if __name__ == "__main__":
    sys.exit(main())
