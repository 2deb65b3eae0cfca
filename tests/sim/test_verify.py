"""sim.verify: a record is checked against its own replay."""

from __future__ import annotations

import attrs
import pytest

from birdgames import CodecError, codec, get_game, sim
from birdgames.peacock import Config as PeacockConfig
from tests.toy.game import GAME, Config, Pass

PLAYERS = 3


def _record(seed: int = 4) -> sim.Record:
    config = GAME.default_config(PLAYERS)
    return sim.play(GAME, config, seed, [sim.RandomPolicy() for _ in range(PLAYERS)])


def test_a_played_record_verifies() -> None:
    """What sim.play writes is a true account of its game, also after a codec round trip."""
    record = _record()
    sim.verify(record, GAME)
    sim.verify(codec.loads(sim.Record, codec.dumps(record)), GAME)


@pytest.mark.parametrize("name", ["perch_bop", "peacock", "rookery"])
def test_registered_games_are_found_by_the_record_s_name(name: str) -> None:
    """Without a game, verify replays with the registered engine the record names."""
    game = get_game(name)
    players = min(game.player_counts)
    record = sim.play(game, game.default_config(players), 2, [sim.RandomPolicy()] * players)
    sim.verify(record)
    bumped = (record.scores[0] + 1, *record.scores[1:])
    with pytest.raises(CodecError, match="record says scores"):
        sim.verify(attrs.evolve(record, scores=bumped))


def test_tampered_scores_are_refused_saying_what_differs() -> None:
    record = _record()
    scores = (record.scores[0] + 1, *record.scores[1:])
    with pytest.raises(CodecError) as caught:
        sim.verify(attrs.evolve(record, scores=scores), GAME)
    assert str(caught.value) == f"record says scores {scores}, replay gives {record.scores}"


def test_tampered_winners_are_refused() -> None:
    record = _record()
    others = tuple(p for p in range(PLAYERS) if p not in record.winners)
    with pytest.raises(CodecError, match="record says winners"):
        sim.verify(attrs.evolve(record, winners=others or (0, 1)), GAME)


def test_swapped_actions_are_refused_at_the_first_illegal_one() -> None:
    """Two actions of different players swapped: the first of them is out of turn."""
    record = _record()
    actions = list(record.actions)
    i = next(
        i
        for i in range(len(actions) - 1)
        if actions[i].player != actions[i + 1].player and actions[i].kind != actions[i + 1].kind
    )
    actions[i], actions[i + 1] = actions[i + 1], actions[i]
    with pytest.raises(CodecError, match=rf"action {i} is illegal: "):
        sim.verify(attrs.evolve(record, actions=tuple(actions)), GAME)


def test_a_replaced_action_is_refused() -> None:
    record = _record()
    actions = (Pass(0), *record.actions[1:])
    with pytest.raises(CodecError, match="action 0 is illegal: "):
        sim.verify(attrs.evolve(record, actions=actions), GAME)


def test_truncated_actions_leave_a_game_that_is_not_over() -> None:
    record = _record()
    cut = attrs.evolve(record, actions=record.actions[:-3])
    with pytest.raises(CodecError, match="the game is not over after"):
        sim.verify(cut, GAME)


def test_a_game_stopped_early_verifies_when_allowed() -> None:
    """finished=False accepts a record of sim.play(max_actions=k) with its running scores."""
    config = GAME.default_config(PLAYERS)
    policies = [sim.RandomPolicy() for _ in range(PLAYERS)]
    early = sim.play(GAME, config, 4, policies, max_actions=10)
    with pytest.raises(CodecError, match="not over"):
        sim.verify(early, GAME)
    sim.verify(early, GAME, finished=False)
    with pytest.raises(CodecError, match="record says winners"):
        sim.verify(attrs.evolve(early, winners=(0,)), GAME, finished=False)


def test_actions_after_the_end_are_refused() -> None:
    record = _record()
    longer = attrs.evolve(record, actions=(*record.actions, record.actions[-1]))
    with pytest.raises(CodecError, match=rf"action {len(record.actions)} comes after the end"):
        sim.verify(longer, GAME)


def test_a_wrong_game_name_is_refused() -> None:
    record = _record()
    with pytest.raises(CodecError, match="the record is of 'nestlings', not toy"):
        sim.verify(attrs.evolve(record, game="nestlings"), GAME)
    with pytest.raises(CodecError, match="unknown game 'nestlings'"):
        sim.verify(attrs.evolve(record, game="nestlings"))


def test_a_wrong_config_is_refused() -> None:
    """Another game's config, or another table, starts no game or another one."""
    record = _record()
    with pytest.raises(CodecError, match="start no game"):
        sim.verify(attrs.evolve(record, config=PeacockConfig(PLAYERS)), GAME)
    with pytest.raises(CodecError, match="start no game"):
        sim.verify(attrs.evolve(record, config=Config(PLAYERS, rounds=0)), GAME)
    with pytest.raises(
        CodecError, match=r"action \d+ is illegal|record says scores|more than any game"
    ):
        sim.verify(attrs.evolve(record, config=Config(2)), GAME)


def test_more_actions_than_any_game_are_refused_before_replaying() -> None:
    record = _record()
    limit = GAME.max_actions(Config(PLAYERS))
    padded = attrs.evolve(record, actions=record.actions * (limit // len(record.actions) + 1))
    with pytest.raises(CodecError, match=f"more than any game of its config \\({limit}\\)"):
        sim.verify(padded, GAME)
