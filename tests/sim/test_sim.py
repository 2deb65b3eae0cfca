"""Self-play, records and replay, on the test-only toy game."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from birdgames import InvalidConfigError, codec, sim
from birdgames.rng import Rng
from tests.toy.game import GAME, Config, State, View

PLAYERS = 3


class FirstLegalPolicy:
    """Always takes the first legal action, and records what it was shown."""

    def __init__(self) -> None:
        self.views: list[object] = []
        self.histories: list[int] = []

    def choose(
        self,
        view: View,
        legal_actions: Sequence[sim.A],
        visible_history: Sequence[object],
        rng: Rng,
    ) -> tuple[sim.A, Rng]:
        self.views.append(view)
        self.histories.append(len(visible_history))
        return legal_actions[0], rng


def _random_record(seed: int) -> sim.Record:
    config = GAME.default_config(PLAYERS)
    return sim.play(GAME, config, seed, [sim.RandomPolicy() for _ in range(PLAYERS)])


def test_play_reaches_the_end_and_records_scores_and_winners() -> None:
    """A self-played record ends in a terminal state whose scores and winners it keeps."""
    record = _random_record(5)
    final = sim.replay(GAME, record)
    assert GAME.is_terminal(final)
    assert record.scores == GAME.scores(final)
    assert record.winners == GAME.winners(final)
    assert record.winners
    assert record.game == "toy"


def test_play_is_reproducible_from_its_seed() -> None:
    """The same seed gives the same record; another seed gives another game."""
    assert _random_record(11) == _random_record(11)
    assert _random_record(11).actions != _random_record(12).actions


def test_replay_upto_rebuilds_each_intermediate_state() -> None:
    """replay(upto=k) equals applying the first k actions by hand."""
    record = _random_record(3)
    state: State = GAME.new_game(record.config, record.seed)  # type: ignore[arg-type]
    for index, action in enumerate(record.actions):
        assert sim.replay(GAME, record, upto=index) == state
        state = GAME.apply(state, action)  # type: ignore[arg-type]
    assert sim.replay(GAME, record) == state


def test_record_round_trips_through_the_codec_with_a_hex_seed() -> None:
    """A Record is a save file: it loads back equal, its seed written as hex."""
    record = _random_record(-77)
    text = codec.dumps(record)
    assert '"seed":"-0x4d"' in text
    loaded = codec.loads(sim.Record, text)
    assert loaded == record
    assert sim.replay(GAME, loaded) == sim.replay(GAME, record)


def test_replay_refuses_a_record_of_another_game() -> None:
    """A record names its game; replaying it with another engine is refused."""
    record = _random_record(1)
    with pytest.raises(InvalidConfigError, match="this record is of other, not toy"):
        sim.replay(
            GAME,
            sim.Record(
                game="other", config=record.config, seed=1, actions=(), scores=(), winners=()
            ),
        )


def test_policies_see_views_and_visible_events_never_the_state() -> None:
    """Each policy is handed its player's View and a growing visible history."""
    policies = [FirstLegalPolicy() for _ in range(PLAYERS)]
    config: Config = GAME.default_config(PLAYERS)
    sim.play(GAME, config, 2, policies)
    for seat, policy in enumerate(policies):
        assert policy.views
        assert all(isinstance(view, View) and view.player == seat for view in policy.views)
        assert policy.histories == sorted(policy.histories)


def test_play_needs_one_policy_per_player() -> None:
    """A wrong number of policies is an InvalidConfigError."""
    with pytest.raises(InvalidConfigError, match="needs 3 policies"):
        sim.play(GAME, GAME.default_config(PLAYERS), 1, [sim.RandomPolicy()])


def test_max_actions_stops_early() -> None:
    """max_actions bounds the number of steps played."""
    record = sim.play(
        GAME, GAME.default_config(PLAYERS), 1, [sim.RandomPolicy()] * PLAYERS, max_actions=4
    )
    assert len(record.actions) == 4
    assert not GAME.is_terminal(sim.replay(GAME, record))


def test_iter_play_yields_every_step_with_its_events() -> None:
    """iter_play's steps chain: each state is the previous one with the step's action."""
    config = GAME.default_config(PLAYERS)
    state = GAME.new_game(config, 9)
    for step in sim.iter_play(GAME, config, 9, [sim.RandomPolicy()] * PLAYERS):
        assert GAME.step(state, step.action) == (step.state, step.events)
        state = step.state
    assert GAME.is_terminal(state)
