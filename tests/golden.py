"""Golden games shared by every engine's tests: stored records that must still replay."""

from __future__ import annotations

from pathlib import Path

from birdgames import AnyGame, codec, sim


def stored_records(test_file: str) -> list[Path]:
    """Returns the record files in the `replays/` folder beside `test_file`, sorted."""
    return sorted((Path(test_file).parent / "replays").glob("*.json"))


def check_replays_to_its_result(game: AnyGame, path: Path) -> None:
    """Replaying a stored record ends the game with the recorded scores and winners."""
    record = codec.loads(sim.Record, path.read_text())
    final = sim.replay(game, record)
    assert game.is_terminal(final)
    assert game.scores(final) == record.scores
    assert game.winners(final) == record.winners


def check_self_play_reproduces(game: AnyGame, path: Path) -> None:
    """The record's seed self-plays (random policies) to the very same record."""
    record = codec.loads(sim.Record, path.read_text())
    policies = [sim.RandomPolicy() for _ in record.scores]
    assert sim.play(game, record.config, record.seed, policies) == record
