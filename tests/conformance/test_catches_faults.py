"""The conformance checks fail on toy games broken in one way each."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conformance.adapters import EngineAdapter
from tests.conformance.checks import check_game, check_replay_in_subprocess
from tests.conformance.fuzz_fields import build_pool, fuzz_one
from tests.toy.broken import BROKEN, HASH_ORDERED, CrashesOnMistypedFields, adapter
from tests.toy.game import Build


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


def test_field_fuzz_fails_a_toy_game_that_crashes_on_mistyped_fields() -> None:
    """The hypothesis fuzz of action fields finds the str slot that crashes check."""
    pool = build_pool(adapter(CrashesOnMistypedFields()))

    @settings(max_examples=200, database=None, report_multiple_bugs=False)
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        fuzz_one(data, pool, Build)

    with pytest.raises(AssertionError, match="instead of giving a reason"):
        run()
