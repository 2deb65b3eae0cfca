"""Runs the test suite once on every supported Python other than the one running this script:
on the first of them the mypyc-compiled build (scripts/test_compiled.py), on the others pure
Python. With the running Python's own run, every Python and both builds are tested.

The supported versions are the `Programming Language :: Python :: 3.N` classifiers of
pyproject.toml. Each pure run gets its own virtual environment (`.venv-3.N`) with the package
and its test extra installed. An interpreter that cannot be found is a failure, never a skip: a
release must be tested on every Python it claims. Interpreters are looked up on PATH
(`python3.N`) and then among pyenv's installed versions. The browser tests (marker `browser`)
and the tools' tests (marker `tooling`) run once: on the last pure Python, when the Debian
packages they need are being installed meanwhile (the check command's case), and else not
here. The runs go side by side, each printing its output when it ends: one alone leaves a
core idle while it installs, compiles or waits on a subprocess.
"""

from __future__ import annotations

import glob
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import tomllib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Run as a script, only scripts/ is on the path: the checkout's root makes `scripts` importable.
sys.path.insert(0, str(ROOT))

from scripts.test_compiled import EVERY_RUN  # noqa: E402

PREFIX = "Programming Language :: Python :: "

# The run that holds the browser tests spends much of their time waiting on Chromium: a third
# worker fills that time.
WHOLE_WORKERS = 3


def supported_versions() -> list[str]:
    """Returns the '3.N' versions pyproject.toml claims, in order."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    versions = [c[len(PREFIX) :] for c in project["classifiers"] if c.startswith(PREFIX)]
    return [v for v in versions if v.count(".") == 1]


def _reports(executable: str, version: str) -> bool:
    done = subprocess.run(
        [executable, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode == 0 and done.stdout.strip() == version


def find_interpreter(version: str) -> str | None:
    """Returns a working interpreter of `version`, or None."""
    candidates: list[str] = []
    on_path = shutil.which(f"python{version}")
    if on_path:
        candidates.append(on_path)
    pyenv_root = os.environ.get("PYENV_ROOT", str(Path.home() / ".pyenv"))
    installed = glob.glob(f"{pyenv_root}/versions/{version}.*/bin/python{version}")
    candidates += sorted(installed, key=lambda p: [int(x) for x in p.split("/")[-3].split(".")])[
        ::-1
    ]
    return next((c for c in candidates if _reports(c, version)), None)


def _captured(
    command: list[str], env: dict[str, str] | None, stop: threading.Event
) -> subprocess.CompletedProcess[str]:
    """Runs `command` from the repository root, its output and errors kept as one text.

    Once `stop` is set, the command and every process it started are terminated.
    """
    with subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its own process group: stopping it reaches pytest's workers
    ) as process:
        while True:
            try:
                # Retrying after a timeout loses no output.
                output, _ = process.communicate(timeout=1)
                break
            except subprocess.TimeoutExpired:
                if stop.is_set():
                    os.killpg(process.pid, signal.SIGTERM)
                    output, _ = process.communicate()
                    break
    return subprocess.CompletedProcess(command, process.returncode, output)


def _steps(
    name: str,
    steps: list[list[str]],
    env: dict[str, str] | None,
    output: list[str],
    stop: threading.Event,
) -> int:
    """Runs `steps` in turn until one fails, adding what they print to `output`; returns the
    failing step's exit code, or 0. A step stopped by `stop` fails."""
    for command in steps:
        if stop.is_set():
            return 1
        started = time.monotonic()
        done = _captured(command, env, stop)
        took = time.monotonic() - started
        output.append(done.stdout)
        output.append(
            f"== {name}: {Path(command[0]).name} exited {done.returncode} after {took:.0f} s\n"
        )
        if done.returncode != 0:
            return done.returncode or 1
    return 0


# The first Python runs the full `ci` profile; the others play the same tests over fewer games
# (BIRDGAMES_PROFILE, when set, wins).
def _quick_env() -> dict[str, str]:
    return {"BIRDGAMES_PROFILE": "quick", **os.environ}


def _announce(name: str, version: str, output: list[str]) -> str | None:
    """Returns the interpreter of `version`, naming it in `output` (or saying it is missing)."""
    interpreter = find_interpreter(version)
    if interpreter is None:
        output.append(
            f"Python {version} is supported but not installed here (pyenv install {version})\n"
        )
    else:
        output.append(f"== {name} ({interpreter})\n")
    return interpreter


class Python:
    """One other supported Python: its venv, then the suite there. Given `packages` (which
    waits for the Debian packages' install and returns its exit code), the whole suite,
    browser and tools' tests included."""

    def __init__(self, version: str) -> None:
        self.version = version
        self.name = f"Python {version}"
        self.venv = ROOT / f".venv-{version}"
        self.packages: Callable[[], int] | None = None

    def prepare(self, output: list[str], stop: threading.Event) -> int:
        """Installs the package and its test extra into `.venv-<version>`."""
        interpreter = _announce(self.name, self.version, output)
        if interpreter is None:
            return 1
        install = [
            str(self.venv / "bin" / "pip"),
            "install",
            "-q",
            "--disable-pip-version-check",
            # Byte-compiles only what the suite imports, when it imports it (NumPy, Dask and
            # OpenSpiel ship thousands of modules it never reads): a third less install time.
            "--no-compile",
            "-e",
            f"{ROOT}[test]",
        ]
        steps = [[interpreter, "-m", "venv", str(self.venv)], install]
        return _steps(self.name, steps, _quick_env(), output, stop)

    def test(self, pytest_args: list[str], output: list[str], stop: threading.Event) -> int:
        """Runs the suite in the venv `prepare` made."""
        pytest = str(self.venv / "bin" / "pytest")
        if self.packages is None:
            command = [pytest, "-m", EVERY_RUN, *pytest_args]
        else:
            if code := self.packages():
                output.append(f"== {self.name}: the Debian packages' install exited {code}\n")
                return code
            command = [pytest, "-n", str(WHOLE_WORKERS), *pytest_args]
        return _steps(self.name, [command], _quick_env(), output, stop)


class CompiledBuild:
    """The mypyc-compiled build (scripts/test_compiled.py) on one supported Python: its wheel,
    then the suite on it."""

    def __init__(self, version: str) -> None:
        self.version = version
        self.name = f"the compiled build (Python {version})"

    def _script(self, args: list[str], output: list[str], stop: threading.Event) -> int:
        command = [sys.executable, str(ROOT / "scripts" / "test_compiled.py"), *args]
        return _steps(self.name, [command], None, output, stop)

    def prepare(self, output: list[str], stop: threading.Event) -> int:
        interpreter = _announce(self.name, self.version, output)
        if interpreter is None:
            return 1
        return self._script(["--build", interpreter], output, stop)

    def test(self, pytest_args: list[str], output: list[str], stop: threading.Event) -> int:
        return self._script(["--test", *pytest_args], output, stop)


def run_all(
    pytest_args: list[str],
    first: Callable[[], int] | None = None,
    packages: Callable[[], int] | None = None,
) -> int:
    """Prepares every other Python's run (one of them the compiled build) side by side, and
    tests each as soon as it is ready. Given `packages` (see `Python`), the last pure Python
    runs the whole suite.

    `first`, when given, runs meanwhile (the first Python's own steps, printing as they go):
    together the runs keep both cores busy until the last ends, where a suite alone leaves one
    idle in its single-threaded steps and its tail. If `first` fails, the other runs are
    stopped and its exit code is returned. Each run prints its output when it ends. Returns 1
    if any run failed.
    """
    running = f"{sys.version_info.major}.{sys.version_info.minor}"
    others = [v for v in supported_versions() if v != running]
    if not others:
        print("no other supported Python versions to test")
        return 1
    # Each Python runs the suite once: the first of the others on the compiled build, the rest
    # and the running one on pure Python, so both builds and every Python are tested.
    pure = [Python(v) for v in others[1:]]
    if packages is not None:
        if not pure:
            print("the browser and tools' tests need a pure Python besides the running one")
            return 1
        pure[-1].packages = packages
    runs: list[Python | CompiledBuild] = [*pure, CompiledBuild(others[0])]
    stop = threading.Event()

    def prepare_then_test(target: Python | CompiledBuild) -> tuple[int, str]:
        output: list[str] = []
        code = target.prepare(output, stop)
        if code == 0:
            code = target.test(pytest_args, output, stop)
        return code, "".join(output)

    first_code = 1  # until `first` returns: an exception in it must stop the others
    with ThreadPoolExecutor(max_workers=len(runs)) as pool:
        futures = [pool.submit(prepare_then_test, target) for target in runs]
        try:
            first_code = first() if first is not None else 0
        finally:
            if first_code != 0:
                stop.set()
        failures = []
        for target, future in zip(runs, futures, strict=True):
            code, output = future.result()
            if first_code == 0:
                print(output, end="", flush=True)
            if code != 0:
                failures.append(target.name)
    if first_code != 0:
        print(f"stopped the runs on {', '.join(target.name for target in runs)}")
        return first_code
    if failures:
        print(f"the suite failed on {', '.join(failures)}")
        return 1
    print(f"the suite passed on {', '.join(target.name for target in runs)}")
    return 0


def main() -> int:
    """Tests every supported version but the running one, and the compiled build; returns 1
    if any run failed."""
    return run_all(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
