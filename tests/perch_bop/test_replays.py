"""Golden games: recorded base-game playouts replay to the same final scores."""

from pathlib import Path

import pytest

from birdgames import codec, sim
from birdgames.perch_bop import GAME

REPLAYS = sorted((Path(__file__).parent / "replays").glob("*.json"))


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_golden_game_replays_to_its_recorded_result(path: Path) -> None:
    """Replaying the recorded actions ends the game with the recorded scores and winners."""
    record = codec.loads(sim.Record, path.read_text())
    final = sim.replay(GAME, record)
    assert GAME.is_terminal(final)
    assert GAME.scores(final) == record.scores
    assert GAME.winners(final) == record.winners


def test_golden_games_exist() -> None:
    """At least the 2- and 4-player golden games are stored."""
    assert len(REPLAYS) >= 2
