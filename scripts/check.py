"""The whole check, as the README's check command runs it: `python3 scripts/check.py`.

The first Python (the one running this script) installs the package with its dev and docs
extras into `.venv` (made when missing; the running venv, when the script runs in one), then
lints (`ruff check`, `ruff format --check`), type-checks (`mypy`), builds the docs (`zensical
build --strict`) and runs the suite with the full `ci` profile (`pytest`), in that order,
stopping at the first failure. Before all of them, `npm ci` installs the checkers package.json
names (tsc, pyright, Ajv), which the suite runs on every Python. Meanwhile scripts/test_pythons.py
makes the other supported Pythons' venvs (the first of them with the compiled build) and runs
the suite on each as soon as it is ready, with the `quick` profile: all runs side by side keep
both cores busy. The browser tests and the tools' tests (markers `browser` and `tooling`,
whose outcome no Python or build changes) run once, on the last of the other Pythons, after
the Debian packages they need (scripts/install_system_packages.sh: Chromium, valgrind) are
installed, which happens meanwhile. If a first Python's step fails, the other runs are
stopped. Only the standard library is imported here. Arguments go to every pytest run.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Run as a script, only scripts/ is on the path: the checkout's root makes `scripts` importable.
sys.path.insert(0, str(ROOT))

from scripts.test_compiled import EVERY_RUN  # noqa: E402
from scripts.test_pythons import run_all  # noqa: E402

# The full run holds the most games (the `ci` profile) and starts last, after the lint, type
# and docs steps: a worker more than the compiled build's two gives it the share of both
# cores it needs to finish with the other runs rather than alone after them.
FIRST_WORKERS = 3

# The running venv, or the checkout's `.venv` when a bare Python runs the script.
VENV = Path(sys.prefix) if sys.prefix != sys.base_prefix else ROOT / ".venv"
BIN = VENV / "bin"


class SystemPackages:
    """The install of the Debian packages the browser and tools' tests need
    (scripts/install_system_packages.sh), started at once and run to its end."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._code: int | None = None
        self._process = subprocess.Popen(
            ["bash", str(ROOT / "scripts" / "install_system_packages.sh")],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )

    def wait(self) -> int:
        """Waits for the install's end (printing its output if it failed); returns its exit
        code. Never stopped midway: stopping apt could leave dpkg's database locked."""
        with self._lock:
            if self._code is None:
                output, _ = self._process.communicate()
                self._code = self._process.returncode
                if self._code != 0:
                    print(f"{output}== install_system_packages.sh exited {self._code}", flush=True)
            return self._code


def first_python(pytest_args: list[str]) -> int:
    """Runs the first Python's steps in order; returns the first failing one's exit code."""
    pip = [str(BIN / "pip"), "install", "-q", "--disable-pip-version-check", "--no-compile"]
    steps = [
        [*pip, "-e", ".[dev,docs]"],
        [str(BIN / "ruff"), "check", "."],
        [str(BIN / "ruff"), "format", "--check", "."],
        [str(BIN / "mypy")],
        [str(BIN / "zensical"), "build", "--strict"],
        [str(BIN / "pytest"), "-n", str(FIRST_WORKERS), "-m", EVERY_RUN, *pytest_args],
    ]
    if sys.prefix == sys.base_prefix:
        steps.insert(0, [sys.executable, "-m", "venv", str(VENV)])
    for command in steps:
        if code := _timed(command):
            return code
    return 0


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
    packages = SystemPackages()
    try:
        return run_all(args, lambda: first_python(args), packages.wait)
    finally:
        packages.wait()


if __name__ == "__main__":
    sys.exit(main())
