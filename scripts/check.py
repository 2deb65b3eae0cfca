"""The whole check, as the README's check command runs it: `python3 scripts/check.py`.

The first Python (the one running this script) installs the package with its dev and docs
extras into `.venv` (made when missing; the running venv, when the script runs in one), then
lints (`ruff check`, `ruff format --check`), type-checks (`mypy`), builds the docs (`zensical
build --strict`) and runs the suite with the full `ci` profile (`pytest`, whose tests also run
`tsc --checkJs` over the web example's JavaScript), in that order, stopping at the first
failure. Before all of them, `npm ci` installs the checkers package.json names (tsc, pyright,
Ajv), which the suite runs on every Python. Meanwhile scripts/test_pythons.py makes the
other supported Pythons' venvs (the first of them with the compiled build) and runs the suite
on each as soon as it is ready, with the `quick` profile: all runs side by side keep both
cores busy. If a first Python's step fails, those runs are stopped. Only the standard library
is imported here. Arguments go to every pytest run.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Run as a script, only scripts/ is on the path: the checkout's root makes `scripts` importable.
sys.path.insert(0, str(ROOT))

from scripts.test_pythons import run_all  # noqa: E402

# The full run holds the most work (the `ci` profile and the browser tests) and starts last,
# after the lint, type and docs steps: two workers more than the other runs' two give it
# the share of both cores it needs to finish with them rather than alone after them (on
# two cores, with three workers: the other runs done at 10.7 and 12.7 minutes, this one at
# 14.9).
FIRST_WORKERS = 4

# The running venv, or the checkout's `.venv` when a bare Python runs the script.
VENV = Path(sys.prefix) if sys.prefix != sys.base_prefix else ROOT / ".venv"
BIN = VENV / "bin"


def first_python(pytest_args: list[str]) -> int:
    """Runs the first Python's steps in order; returns the first failing one's exit code.

    The Debian packages the suite needs (scripts/install_system_packages.sh, when missing:
    Chromium for the browser tests, valgrind for a benchmark's smoke run) install meanwhile:
    only the suite needs them.
    """
    packages = subprocess.Popen(
        ["bash", str(ROOT / "scripts" / "install_system_packages.sh")],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    pip = [str(BIN / "pip"), "install", "-q", "--disable-pip-version-check", "--no-compile"]
    steps = [
        [*pip, "-e", ".[dev,docs]"],
        [str(BIN / "ruff"), "check", "."],
        [str(BIN / "ruff"), "format", "--check", "."],
        [str(BIN / "mypy")],
        [str(BIN / "zensical"), "build", "--strict"],
    ]
    if sys.prefix == sys.base_prefix:
        steps.insert(0, [sys.executable, "-m", "venv", str(VENV)])
    try:
        for command in steps:
            if code := _timed(command):
                return code
        output, _ = packages.communicate()
        if packages.returncode != 0:
            print(f"{output}== install_system_packages.sh exited {packages.returncode}", flush=True)
            return packages.returncode
        return _timed([str(BIN / "pytest"), "-n", str(FIRST_WORKERS), *pytest_args])
    finally:
        if packages.returncode is None:
            # A step failed first: the install still ends on its own, as stopping apt midway
            # could leave dpkg's database locked or half-written.
            packages.communicate()


def _timed(command: list[str]) -> int:
    """Runs one step from the checkout's root, saying how it ended and after how long."""
    started = time.monotonic()
    code = subprocess.run(command, cwd=ROOT, check=False).returncode
    took = time.monotonic() - started
    print(f"== {' '.join(command[:3])} exited {code} after {took:.0f} s", flush=True)
    return code


def npm_tools() -> int:
    """Installs package.json's checkers into node_modules (Node.js first, when missing)."""
    if shutil.which("npm") is None and (
        code := _timed(["bash", str(ROOT / "scripts" / "install_system_packages.sh")])
    ):
        return code
    return _timed(["npm", "ci", "--no-audit", "--no-fund"])


def main() -> int:
    """Returns 0 when every step passed on every Python and build."""
    args = sys.argv[1:]
    if code := npm_tools():
        return code
    return run_all(args, lambda: first_python(args))


if __name__ == "__main__":
    sys.exit(main())
