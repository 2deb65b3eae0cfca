"""The conformance checks fail on toy games broken in one way each."""

import pytest

from tests.conformance.adapters import EngineAdapter
from tests.conformance.checks import check_game, check_replay_in_subprocess
from tests.toy.broken import BROKEN, HASH_ORDERED


@pytest.mark.parametrize(
    ("variant", "message"), [(a, m) for _, a, m in BROKEN], ids=[name for name, _, _ in BROKEN]
)
def test_suite_fails_a_broken_toy_game(variant: EngineAdapter, message: str) -> None:
    """Some seeded run of the broken variant fails, at the check meant to catch its fault."""
    with pytest.raises(AssertionError, match=message):
        for players in variant.player_counts:
            for seed in range(4):
                check_game(variant, players, seed)


def test_suite_fails_a_toy_game_whose_order_depends_on_the_hash_seed() -> None:
    """Legal actions in hash order replay differently under another PYTHONHASHSEED."""
    check_game(HASH_ORDERED, 3, 0)  # one process alone cannot tell
    with pytest.raises(AssertionError, match="PYTHONHASHSEED"):
        check_replay_in_subprocess(HASH_ORDERED, 3, 0)
