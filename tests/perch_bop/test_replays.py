"""Golden games: recorded actions replay to the recorded scores and winners."""

from pathlib import Path

import pytest

from birdgames.perch_bop import GAME
from tests.golden import check_replays_to_its_result, check_self_play_reproduces, stored_records

REPLAYS = stored_records(__file__)


def test_golden_games_exist() -> None:
    """At least two golden games are stored."""
    assert len(REPLAYS) >= 2


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_golden_game_replays_to_its_result(path: Path) -> None:
    """Replaying a stored game ends terminal with the stored scores and winners."""
    check_replays_to_its_result(GAME, path)


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_golden_game_is_what_random_play_still_produces(path: Path) -> None:
    """The same seed self-plays to the same record (setup, rules and policies unchanged)."""
    check_self_play_reproduces(GAME, path)
