"""Builds the optional mypyc-compiled package into its own venv and runs the suite on it.

    python scripts/test_compiled.py [pytest args]

The venv (`.venv-mypyc`) gets a regular, non-editable install of the package built with
BIRDGAMES_MYPYC=1 (see hatch_build.py) and the test extra. Before the suite runs, the script
checks that the compiled modules are what `import birdgames` loads, so a build that silently
fell back to pure Python fails. pytest runs from the repository root: `birdgames` resolves to
the installed, compiled package (the tests put the root on the path, never src/). The browser
tests (marker `browser`) ran on the pure build and are left out here. The check command runs
it through scripts/test_pythons.py, beside the other Pythons' suites.
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


def main() -> int:
    """Builds, checks, tests; returns the first failing step's exit code."""
    python = VENV / "bin" / "python"
    # The pure build ran the full `ci` profile; this run plays the same tests over fewer
    # games (BIRDGAMES_PROFILE, when set, wins).
    env = {"BIRDGAMES_PROFILE": "quick", **os.environ, "BIRDGAMES_MYPYC": "1"}
    steps = [
        [sys.executable, "-m", "venv", "--clear", str(VENV)],
        [
            str(python),
            "-m",
            "pip",
            "install",
            "-q",
            "--disable-pip-version-check",
            f"{ROOT}[test]",
        ],
        [str(python), "-c", PROBE],
        # The browser tests ran on the pure build: Chromium and the page are the same here
        # (later -m arguments override this one).
        [str(python), "-m", "pytest", "-p", "no:cacheprovider", "-m", "not browser", *sys.argv[1:]],
    ]
    for command in steps:
        code = subprocess.run(command, cwd=ROOT, env=env, check=False).returncode
        if code != 0:
            print(f"== compiled build: {' '.join(command[:4])} exited {code}")
            return code or 1
    print("the suite passed on the compiled build")
    return 0


if __name__ == "__main__":
    sys.exit(main())
