"""The integer research API: fixed action spaces, masks and observations of every engine.

Each case plays a random game of one engine, player count and config (the conformance
adapters' variants included) and checks states along the way.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from birdgames import IllegalActionError, InvalidConfigError, games
from birdgames.encoding import AnyEncoding, get_encoding
from tests.conformance.adapters import EngineAdapter, adapter_for, variant_adapters


def _cases() -> list[tuple[str, EngineAdapter, int]]:
    cases = []
    for name in games():
        adapter = adapter_for(name)
        labelled = {name: adapter, **variant_adapters(name, adapter)}
        for label, each in labelled.items():
            counts = each.player_counts if label == name else each.player_counts[:1]
            cases += [(label, each, players) for players in counts]
    return cases


CASES = _cases()
IDS = [f"{label}-{players}p" for label, _, players in CASES]


def _walk(adapter: EngineAdapter, players: int, seed: int) -> Iterator[Any]:
    """Yields every state of a random game with the adapter's config."""
    game = adapter.game
    chooser = random.Random(seed)
    state = game.new_game(adapter.config(players), seed)
    yield state
    while not game.is_terminal(state):
        player = chooser.choice(game.to_act(state))
        state = game.apply(state, chooser.choice(game.legal_actions(state, player)))
        yield state


def _sampled(adapter: EngineAdapter, players: int, seed: int, every: int) -> Iterator[Any]:
    """Yields the states of a random game at a random phase of `every` steps."""
    offset = seed % every
    for step, state in enumerate(_walk(adapter, players, seed)):
        if step % every == offset:
            yield state


def _encoding(adapter: EngineAdapter) -> AnyEncoding:
    return get_encoding(adapter.game.name)


@pytest.mark.parametrize(("label", "adapter", "players"), CASES, ids=IDS)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_mask_marks_exactly_the_legal_actions(
    label: str, adapter: EngineAdapter, players: int, seed: int
) -> None:
    """legal_mask has one True per legal action and decoding them gives the legal actions."""
    game, encoding = adapter.game, _encoding(adapter)
    size = encoding.num_actions(adapter.config(players))
    for state in _sampled(adapter, players, seed, 9):
        for player in range(players):
            legal = game.legal_actions(state, player)
            mask = encoding.legal_mask(state, player)
            assert len(mask) == size
            assert sum(mask) == len(legal)
            decoded = {encoding.decode(state, player, i) for i, on in enumerate(mask) if on}
            assert decoded == set(legal)


@pytest.mark.parametrize(("label", "adapter", "players"), CASES, ids=IDS)
def test_every_legal_action_round_trips_within_the_space(
    label: str, adapter: EngineAdapter, players: int
) -> None:
    """0 <= encode(a) < num_actions and decode(encode(a)) == a for each legal action."""
    game, encoding = adapter.game, _encoding(adapter)
    size = encoding.num_actions(adapter.config(players))
    for state in _walk(adapter, players, 11):
        for player in game.to_act(state):
            for action in game.legal_actions(state, player):
                index = encoding.encode(state, action)
                assert 0 <= index < size
                assert encoding.decode(state, player, index) == action


@pytest.mark.parametrize(("label", "adapter", "players"), CASES, ids=IDS)
def test_an_index_not_legal_now_is_refused(
    label: str, adapter: EngineAdapter, players: int
) -> None:
    """Out-of-range, mistyped and currently illegal indices raise IllegalActionError."""
    game, encoding = adapter.game, _encoding(adapter)
    state = game.new_game(adapter.config(players), 5)
    size = encoding.num_actions(adapter.config(players))
    player = game.to_act(state)[0]
    mask = encoding.legal_mask(state, player)
    illegal = mask.index(False)
    for bad in (-1, size, illegal, "0", 1.0, None):
        with pytest.raises(IllegalActionError):
            encoding.decode(state, player, bad)  # type: ignore[arg-type]
    idle = next((p for p in range(players) if p not in game.to_act(state)), None)
    if idle is not None:
        assert not any(encoding.legal_mask(state, idle))


@pytest.mark.parametrize(("label", "adapter", "players"), CASES, ids=IDS)
def test_observations_have_the_declared_length_and_hide_secrets(
    label: str, adapter: EngineAdapter, players: int
) -> None:
    """observe() has observation_size numbers, equal across hidden-information changes."""
    game, encoding = adapter.game, _encoding(adapter)
    size = encoding.observation_size(adapter.config(players))
    changed = 0
    for step, state in enumerate(_sampled(adapter, players, 3, 13)):
        for player in range(players):
            other = adapter.perturb_hidden(state, player, step)
            changed += other != state
            seen = encoding.observe(game.view(state, player))
            assert len(seen) == size
            assert all(isinstance(x, float) for x in seen)
            assert encoding.observe(game.view(other, player)) == seen
            text = encoding.observation_string(game.view(state, player))
            assert encoding.observation_string(game.view(other, player)) == text
        spectator = encoding.observe(game.view(state, None))
        assert len(spectator) == size
    assert changed > 0  # the perturbation did change hidden information


@pytest.mark.parametrize("name", sorted(games()))
def test_observations_differ_between_seats(name: str) -> None:
    """A seat's observation marks the seat, so two seats never read the same numbers."""
    adapter = adapter_for(name)
    game, encoding = adapter.game, _encoding(adapter)
    state = game.new_game(adapter.config(2), 1)
    assert encoding.observe(game.view(state, 0)) != encoding.observe(game.view(state, 1))


def test_an_unknown_game_has_no_encoding() -> None:
    """get_encoding names the games it knows when asked for another."""
    with pytest.raises(InvalidConfigError, match="peacock"):
        get_encoding("chess")


def test_a_foreign_action_cannot_be_encoded() -> None:
    """Encoding another game's action raises IllegalActionError, not another error."""
    from birdgames import peacock, rookery

    state = rookery.GAME.new_game(rookery.GAME.default_config(2), 1)
    with pytest.raises(IllegalActionError):
        rookery.encoding.encode(state, peacock.EndMigration(0))  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        rookery.encoding.encode(state, rookery.TapBird(0, 12345))


def test_a_field_of_the_wrong_type_cannot_be_encoded() -> None:
    """1 does not pass for True, nor True for colour 1, nor a list for a tuple."""
    from birdgames import perch_bop

    state = perch_bop.GAME.new_game(perch_bop.GAME.default_config(2), 1)
    good = perch_bop.encoding.encode(state, perch_bop.Place(0, 1, "great_ash", True))
    assert good >= 0
    for bad in (
        perch_bop.Place(0, 1, "great_ash", 1),  # type: ignore[arg-type]
        perch_bop.Place(0, True, "great_ash", True),
        perch_bop.ReturnBird(0, [1]),  # type: ignore[arg-type]
    ):
        with pytest.raises(IllegalActionError):
            perch_bop.encoding.encode(state, bad)
