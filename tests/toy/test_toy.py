"""The toy game's own rules, so the suite is proved on a game known to be right."""

import attrs
import pytest

from birdgames import CodecError, IllegalActionError, InvalidConfigError, codec, sim
from tests.toy.game import (
    GAME,
    Build,
    Committed,
    Discard,
    Drew,
    EndBuild,
    Phase,
    Pick,
    Raid,
    State,
)


def _play_until(state: State, phase: Phase) -> State:
    """Applies the first legal action of the lowest seat to act until `phase` begins."""
    while state.phase is not phase:
        player = GAME.to_act(state)[0]
        state = GAME.apply(state, GAME.legal_actions(state, player)[0])
    return state


def test_picks_stay_hidden_until_the_last_commit() -> None:
    """A committed pick shows only to its owner; the last commit reveals all and scores 2."""
    state = GAME.new_game(GAME.default_config(2), seed=3)
    first, second = state.seats[0].hand[0], state.seats[1].hand[-1]
    state = GAME.apply(state, Pick(0, first))
    assert GAME.to_act(state) == (1,)
    assert GAME.view(state, 1).seats[0].pick is None
    assert GAME.view(state, 1).seats[0].committed
    assert GAME.view(state, 0).seats[0].pick == first
    state, events = GAME.step(state, Pick(1, second))
    assert state.phase is Phase.BUILD
    assert state.last_picks == (first, second)
    winner = 0 if first > second else 1
    assert GAME.scores(state)[winner] == 2 and state.raider == winner
    assert GAME.visible_events(events, 0)[0] == Committed(1, None)


def test_a_raid_leaves_only_the_victim_to_decide() -> None:
    """After a raid the raided player alone is to act and must discard one of their cards."""
    state = _play_until(GAME.new_game(GAME.default_config(3), seed=1), Phase.RAID)
    raider = GAME.to_act(state)[0]
    victim = (raider + 1) % 3
    state = GAME.apply(state, Raid(raider, victim))
    assert GAME.to_act(state) == (victim,)
    hand = state.seats[victim].hand
    assert GAME.legal_actions(state, victim) == tuple(Discard(victim, c) for c in hand)
    with pytest.raises(IllegalActionError, match="has no decision now"):
        GAME.apply(state, Discard(raider, state.seats[raider].hand[0]))
    after = GAME.apply(state, Discard(victim, hand[0]))
    assert after.discard[-1] == hand[0] and after.phase is Phase.PICK


def test_builds_touch_only_your_own_nest_and_end_in_any_order() -> None:
    """Each player's twigs go on their own nest; slots hold at most 3 twigs."""
    state = _play_until(GAME.new_game(GAME.default_config(2), seed=5), Phase.BUILD)
    state = GAME.apply(state, Build(1, 0))
    state = GAME.apply(state, Build(0, 1))
    assert [seat.nest for seat in state.seats] == [(0, 1), (1, 0)]
    full = attrs.evolve(state.seats[0], nest=(3, 1))
    state = attrs.evolve(state, seats=(full, state.seats[1]))
    assert GAME.check(state, Build(0, 0)) == "slot 0 already holds 3 twigs"
    one = GAME.apply(GAME.apply(state, EndBuild(0)), EndBuild(1))
    other = GAME.apply(GAME.apply(state, EndBuild(1)), EndBuild(0))
    assert one == other and one.phase is Phase.RAID


def test_others_see_that_a_card_was_drawn_not_which() -> None:
    """Draws show their card to the drawer only, and to nobody watching."""
    state = GAME.new_game(GAME.default_config(2), seed=0)
    state = GAME.apply(state, Pick(0, state.seats[0].hand[0]))
    _, events = GAME.step(state, Pick(1, state.seats[1].hand[0]))
    draws = [e for e in events if isinstance(e, Drew)]
    assert len(draws) == 2 and all(d.card is not None for d in draws)
    mine = [e for e in GAME.visible_events(events, 0) if isinstance(e, Drew)]
    assert mine == [draws[0], Drew(1, None)]
    watched = [e for e in GAME.visible_events(events, None) if isinstance(e, Drew)]
    assert watched == [Drew(0, None), Drew(1, None)]


def test_whole_games_take_a_few_dozen_actions() -> None:
    """Random games end within max_actions (30 for 2 players, 42 for 3)."""
    for players, bound in ((2, 30), (3, 42)):
        config = GAME.default_config(players)
        assert GAME.max_actions(config) == bound
        for seed in range(10):
            record = sim.play(GAME, config, seed, [sim.RandomPolicy()] * players)
            assert 10 < len(record.actions) <= bound
            assert record.winners


def test_a_broken_state_is_refused_by_the_codec() -> None:
    """A loaded state that loses a card is a CodecError naming the broken rule."""
    state = GAME.new_game(GAME.default_config(2), seed=0)
    broken = attrs.evolve(state, deck=state.deck[1:])
    with pytest.raises(CodecError, match="exactly once"):
        codec.loads(State, codec.dumps(broken))


def test_bad_configs_are_refused() -> None:
    """Unsupported player counts and empty rounds raise InvalidConfigError."""
    with pytest.raises(InvalidConfigError, match="2 or 3 players"):
        GAME.default_config(4)
    with pytest.raises(InvalidConfigError, match="rounds must be at least 1"):
        GAME.new_game(attrs.evolve(GAME.default_config(2), rounds=0), seed=0)
