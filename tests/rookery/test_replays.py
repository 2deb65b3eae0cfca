"""Golden games: recorded actions replay to the recorded scores and winners."""

from pathlib import Path

import pytest

from birdgames import codec, sim
from birdgames.rookery import GAME, Config

REPLAYS = sorted((Path(__file__).parent / "replays").glob("*.json"))


def test_golden_games_exist() -> None:
    """At least two golden games are stored."""
    assert len(REPLAYS) >= 2


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_golden_game_replays_to_its_scores(path: Path) -> None:
    """Replaying a stored game ends terminal with the stored scores and winners."""
    record = codec.loads(sim.Record, path.read_text())
    state = sim.replay(GAME, record)
    assert GAME.is_terminal(state)
    assert GAME.scores(state) == record.scores
    assert GAME.winners(state) == record.winners


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_golden_game_is_what_random_play_still_produces(path: Path) -> None:
    """The same seeds self-play to the same record (setup, rules and policies unchanged)."""
    record = codec.loads(sim.Record, path.read_text())
    config = record.config
    assert isinstance(config, Config)
    again = sim.play(GAME, config, record.seed, [sim.RandomPolicy(), sim.RandomPolicy()])
    assert again == record
