"""Whole-game properties over seeded random playouts: legality both ways, codec, bounds."""

import pytest

from birdgames import CodecError, IllegalActionError, InvalidConfigError, codec
from birdgames.peacock import GAME, Action, Config, EndMigration, State, View
from birdgames.peacock.invariants import invariant_violation
from birdgames.rng import Rng, below
from tests.rules import rule


def _playout(players: int, seed: int) -> list[tuple[State, tuple[Action, ...], Action]]:
    state = GAME.new_game(Config(players), seed)
    rng = Rng.from_seed(seed ^ 0x5EED)
    trail = []
    while not GAME.is_terminal(state):
        acting = GAME.to_act(state)
        index, rng = below(rng, len(acting))
        legal = GAME.legal_actions(state, acting[index])
        pick, rng = below(rng, len(legal))
        trail.append((state, legal, legal[pick]))
        state = GAME.apply(state, legal[pick])
    trail.append((state, (), EndMigration(0)))
    return trail


@pytest.mark.parametrize("players", [2, 3, 4])
def test_legal_actions_and_check_agree_both_ways(players: int) -> None:
    """Every listed action passes check; near misses are refused with a reason."""
    for state, legal, _ in _playout(players, players * 101):
        assert len(set(legal)) == len(legal)
        for action in legal:
            assert GAME.check(state, action) is None
        for p in range(players):
            if p not in GAME.to_act(state):
                assert GAME.legal_actions(state, p) == ()
                assert GAME.check(state, EndMigration(p)) is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_state_round_trips_and_is_sound(players: int) -> None:
    """States and views survive dumps/loads; loaded states pass the invariant hook."""
    trail = _playout(players, players * 7)
    assert len(trail) - 1 <= GAME.max_actions(Config(players))
    for state, _, action in trail[::9] + trail[-1:]:
        assert invariant_violation(state) is None
        assert codec.loads(State, codec.dumps(state)) == state
        view = GAME.view(state, 0)
        assert codec.loads(View, codec.dumps(view)) == view
        assert codec.loads_action(codec.dumps(action)) == action


def test_codec_refuses_a_state_that_breaks_card_conservation() -> None:
    """A loaded state with a duplicated bird is refused by the invariant hook."""
    state = GAME.new_game(Config(2), 3)
    text = codec.dumps(state).replace('"birds":["', '"birds":["heron","', 1)
    with pytest.raises(CodecError, match="exactly one place"):
        codec.loads(State, text)


@rule("peacock", "K1")
def test_codec_refuses_a_state_whose_boxed_cards_are_in_play() -> None:
    """K1: a 2-player state that moved a boxed bird into the deck is refused on load."""
    state = GAME.new_game(Config(2), 3)
    text = codec.dumps(state)
    text = text.replace('"boxed_birds":["crow",', '"boxed_birds":[', 1)
    text = text.replace('"bird_deck":["', '"bird_deck":["crow","', 1)
    with pytest.raises(CodecError, match="boxed birds must be"):
        codec.loads(State, text)


def test_same_seed_same_game_in_bytes() -> None:
    """Two playouts of one seed give byte-identical final states."""
    one, two = _playout(3, 5)[-1][0], _playout(3, 5)[-1][0]
    assert codec.dumps(one) == codec.dumps(two)


def test_foreign_actions_and_bad_views_are_refused() -> None:
    """Foreign objects get a reason; a bad viewer raises InvalidConfigError."""
    state = GAME.new_game(Config(2), 1)
    with pytest.raises(IllegalActionError, match="not a Peacock action"):
        GAME.apply(state, object())  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError):
        GAME.view(state, 2)
    assert GAME.view(state, None).seats[0].hand_birds is None
