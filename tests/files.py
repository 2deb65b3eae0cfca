"""Scripts of the checkout loaded as modules or run by the tests (benchmarks, examples,
scripts)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_file(name: str, path: Path, register: bool = False) -> ModuleType:
    """Returns the Python file at `path` run as the module `name` (also put in sys.modules
    with `register`, for a module that others import by that name)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    if register:
        sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def run_script(path: Path, *args: str) -> str:
    """Runs the Python script at `path` with `args`; returns what it printed, once it has
    exited 0."""
    done = subprocess.run(
        [sys.executable, str(path), *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout
