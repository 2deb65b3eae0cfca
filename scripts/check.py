"""The whole check, as the README's check command runs it once the package is installed.

The first Python (the one running this script) lints (`ruff check`, `ruff format --check`),
type-checks (`mypy`), runs the suite with the full `ci` profile (`pytest`) and builds the docs
(`zensical build --strict`), in that order, stopping at the first failure. Meanwhile
scripts/test_pythons.py makes the other supported Pythons' venvs and the compiled build: they
fill the core that the single-threaded steps and the suite's waits leave idle. Once the first
Python's steps pass, the suite runs on each of those, side by side. Arguments go to every
pytest run.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Run as a script, only scripts/ is on the path: the checkout's root makes `scripts` importable.
sys.path.insert(0, str(ROOT))

from scripts.test_pythons import run_all  # noqa: E402

BIN = Path(sys.executable).parent  # the venv the check command made


def first_python(pytest_args: list[str]) -> int:
    """Runs the first Python's steps in order; returns the first failing one's exit code."""
    steps = [
        [str(BIN / "ruff"), "check", "."],
        [str(BIN / "ruff"), "format", "--check", "."],
        [str(BIN / "mypy")],
        [str(BIN / "pytest"), *pytest_args],
        [str(BIN / "zensical"), "build", "--strict"],
    ]
    for command in steps:
        code = subprocess.run(command, cwd=ROOT, check=False).returncode
        if code != 0:
            print(f"== {' '.join(command[:3])} exited {code}", flush=True)
            return code
    return 0


def main() -> int:
    """Returns 0 when every step passed on every Python and build."""
    args = sys.argv[1:]
    return run_all(args, lambda: first_python(args))


if __name__ == "__main__":
    sys.exit(main())
