"""Any value in any field of every action class of every engine is refused cleanly.

One hypothesis run per engine and action class (the profile's max_examples each: 25 in ci),
on states from seeded random games of every player count, including states where that class
is legal, so rules deep in `check` see the wild values; and every non-seat given to
`legal_actions` on those states raises InvalidConfigError.
"""

import functools
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from birdgames import games
from tests.conformance.adapters import EngineAdapter, adapter_for
from tests.conformance.fuzz_fields import (
    FuzzPool,
    action_classes,
    build_pool,
    check_bad_seats,
    fuzz_one,
)
from tests.toy.adapter import ADAPTER as TOY

ADAPTERS: dict[str, EngineAdapter] = {name: adapter_for(name) for name in games()}
ADAPTERS["toy"] = TOY

# Classes no config the adapters play can offer: the U6 zap of a free nest is off by default,
# and Perch's Feed the Birds needs Pond-emonium, which no config can turn on yet.
NEVER_OFFERED: dict[str, set[str]] = {"perch_bop": {"ZapNest"}}


@functools.cache
def pool_for(name: str) -> FuzzPool:
    return build_pool(ADAPTERS[name])


def _class_cases() -> list[Any]:
    return [
        pytest.param(name, cls, id=f"{name}-{cls.__name__}")
        for name, adapter in ADAPTERS.items()
        for cls in action_classes(adapter.game)
    ]


@pytest.mark.parametrize(("name", "cls"), _class_cases())
def test_any_field_value_is_refused_or_listed(name: str, cls: type) -> None:
    """check answers (None only for a listed action), step and apply refuse, state untouched."""
    pool = pool_for(name)

    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        fuzz_one(data, pool, cls)

    run()


@pytest.mark.parametrize("name", list(ADAPTERS))
def test_the_pool_reaches_every_action_class(name: str) -> None:
    """Each class is legal somewhere in the fuzzed states, so its deep checks are fuzzed."""
    pool = pool_for(name)
    missing = {cls.__name__ for cls, found in pool.states_with.items() if not found}
    assert missing == NEVER_OFFERED.get(name, set()), f"no sampled {name} state offers {missing}"
    met = {type(a).__name__ for found in pool.examples.values() for a in found}
    assert met == {cls.__name__ for cls in pool.classes} - missing


@pytest.mark.parametrize("name", list(ADAPTERS))
def test_legal_actions_refuses_every_non_seat(name: str) -> None:
    """Bools, floats, strs, None, containers and ints off the table raise InvalidConfigError."""
    for state, players, _ in pool_for(name).states:
        check_bad_seats(ADAPTERS[name].game, state, players)
