"""Hypothesis profiles, one per test profile (tests/profile.py).

`quick` plays the same tests over fewer games: the check command's other runs (every other
supported Python, the first of them on the compiled build) use it, beside the full `ci` run on
the first Python.
"""

import os
import sys

import pytest
from hypothesis import HealthCheck, settings

from tests.profile import PROFILE

# The suite starts many Python processes (xdist workers, replays, installs, servers). Where
# the environment turns bytecode caching off (PYTHONDONTWRITEBYTECODE), each would compile
# every module it imports anew (importing the engines alone: 0.34 s of CPU instead of 0.20).
# The caches go to the ignored __pycache__ folders; processes started from here inherit this.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

settings.register_profile(
    "ci",
    max_examples=15,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "quick",
    max_examples=4,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "dev",
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "soak",
    max_examples=2000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

settings.load_profile(PROFILE)

# Tests that spend most of their time waiting on another process (a browser, a terminal, an
# installer): run first, so the workers' other tests fill that time instead of trailing it.
_SLOW_FIRST = (
    "tests/web/test_browser.py",
    "tests/frontend/test_hotseat.py",
    "tests/packaging/",
    "tests/adapters/test_openspiel.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Moves the waiting-heavy tests to the front, keeping every other order."""
    items.sort(key=lambda item: not item.nodeid.startswith(_SLOW_FIRST))
