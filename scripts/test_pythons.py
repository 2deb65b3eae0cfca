"""Runs the test suite on every supported Python other than the one running this script, and
on the mypyc-compiled build (scripts/test_compiled.py).

The supported versions are the `Programming Language :: Python :: 3.N` classifiers of
pyproject.toml. Each gets its own virtual environment (`.venv-3.N`) with the package and its
test extra installed. An interpreter that cannot be found is a failure, never a skip: a
release must be tested on every Python it claims. Interpreters are looked up on PATH
(`python3.N`) and then among pyenv's installed versions. The browser tests (marker `browser`)
ran with the first Python and are left out here. The runs go side by side, each printing its
output when it ends: one alone leaves a core idle while it installs, compiles or waits on a
subprocess.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PREFIX = "Programming Language :: Python :: "


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
    command: list[str], env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Runs `command` from the repository root, its output and errors kept as one text."""
    return subprocess.run(
        command,
        cwd=ROOT,
        env=env,
        check=False,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def run(version: str, pytest_args: list[str]) -> tuple[int, str]:
    """Installs the package into `.venv-<version>` and runs pytest there; returns the exit
    code and everything the steps printed."""
    interpreter = find_interpreter(version)
    if interpreter is None:
        return (
            1,
            f"Python {version} is supported but not installed here (pyenv install {version})\n",
        )
    venv = ROOT / f".venv-{version}"
    steps = [
        [interpreter, "-m", "venv", str(venv)],
        [
            str(venv / "bin" / "pip"),
            "install",
            "-q",
            "--disable-pip-version-check",
            # Byte-compiles only what the suite imports, when it imports it (NumPy, Dask and
            # OpenSpiel ship thousands of modules it never reads): a third less install time.
            "--no-compile",
            "-e",
            f"{ROOT}[test]",
        ],
        # The browser tests click the page through Chromium, which the server's Python does
        # not change: they ran with the first Python (later -m arguments override this one).
        [str(venv / "bin" / "pytest"), "-m", "not browser", *pytest_args],
    ]
    output = [f"== Python {version} ({interpreter})\n"]
    # The first Python ran the full `ci` profile; the others play the same tests over fewer
    # games (BIRDGAMES_PROFILE, when set, wins).
    env = {"BIRDGAMES_PROFILE": "quick", **os.environ}
    for command in steps:
        done = _captured(command, env)
        output.append(done.stdout)
        if done.returncode != 0:
            output.append(
                f"== Python {version}: {Path(command[0]).name} exited {done.returncode}\n"
            )
            return done.returncode or 1, "".join(output)
    return 0, "".join(output)


def run_compiled(pytest_args: list[str]) -> tuple[int, str]:
    """Runs scripts/test_compiled.py; returns its exit code and everything it printed."""
    done = _captured([sys.executable, str(ROOT / "scripts" / "test_compiled.py"), *pytest_args])
    return done.returncode, "== the compiled build\n" + done.stdout


def main() -> int:
    """Tests every supported version but the running one, and the compiled build; returns 1
    if any run failed."""
    running = f"{sys.version_info.major}.{sys.version_info.minor}"
    others = [v for v in supported_versions() if v != running]
    if not others:
        print("no other supported Python versions to test")
        return 1
    names = [f"Python {v}" for v in others] + ["the compiled build"]
    failures = []
    with ThreadPoolExecutor(max_workers=len(names)) as pool:
        runs = [pool.submit(run, v, sys.argv[1:]) for v in others]
        runs.append(pool.submit(run_compiled, sys.argv[1:]))
        for name, future in zip(names, runs, strict=True):
            code, output = future.result()
            print(output, end="", flush=True)
            if code != 0:
                failures.append(name)
    if failures:
        print(f"the suite failed on {', '.join(failures)}")
        return 1
    print(f"the suite passed on {', '.join(names)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
