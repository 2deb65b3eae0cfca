"""The conformance checks fail on toy games broken in one way each."""

import pytest

from tests.conformance.adapters import EngineAdapter
from tests.conformance.checks import check_game
from tests.toy.broken import BROKEN


@pytest.mark.parametrize(
    ("variant", "message"), [(a, m) for _, a, m in BROKEN], ids=[name for name, _, _ in BROKEN]
)
def test_suite_fails_a_broken_toy_game(variant: EngineAdapter, message: str) -> None:
    """Some seeded run of the broken variant fails, at the check meant to catch its fault."""
    with pytest.raises(AssertionError, match=message):
        for players in variant.player_counts:
            for seed in range(4):
                check_game(variant, players, seed)
