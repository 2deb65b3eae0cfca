"""Saved states with -1 where a seat, index or count belongs are refused, for every engine."""

import pytest

from tests.conformance.negative import check_negative_numbers
from tests.conformance.test_conformance import ADAPTERS, VARIANTS
from tests.toy.broken import NEGATIVE_SEATS


@pytest.mark.parametrize(
    ("name", "players"),
    [
        (name, players)
        for name, adapter in ADAPTERS.items()
        if name not in VARIANTS
        for players in adapter.player_counts
    ],
    ids=str,
)
def test_a_negative_index_in_a_save_is_refused(name: str, players: int) -> None:
    """Every int field set to -1 (but those that may be negative) fails to load."""
    assert check_negative_numbers(ADAPTERS[name], players, seed=players) > 0


def test_the_check_catches_a_toy_game_that_reads_seat_minus_one_as_the_last_seat() -> None:
    """A toy whose load check asks only `raider < players` lets -1 through: caught."""
    with pytest.raises(AssertionError, match=r"a save with -1 at \$\.(raider|victim) loads"):
        for seed in range(8):
            check_negative_numbers(NEGATIVE_SEATS, 3, seed)
