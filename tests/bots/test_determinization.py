"""The determinization check itself, proved on the toy game: a sound determinizer passes it,
one that peeks at the hidden cards fails it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence

import attrs
import pytest

from tests.bots.determinization import check_determinizer
from tests.bots.positions import reach
from tests.toy.adapter import perturb_hidden
from tests.toy.game import GAME, State
from tests.toy.sample import toy_sample_state


def _sound(state: State, player: int, history: Sequence[object], seed: int) -> State:
    return toy_sample_state(GAME.view(state, player), state.config, seed)


def _peeking(state: State, player: int, history: Sequence[object], seed: int) -> State:
    """Deals the unseen cards afresh but leaves the opponents' real hands in place."""
    sample = toy_sample_state(GAME.view(state, player), state.config, seed)
    if len(sample.deck) < 2:
        return sample
    seats = tuple(
        attrs.evolve(seat, hand=state.seats[p].hand) if p != player else seat
        for p, seat in enumerate(sample.seats)
    )
    rest = Counter(sample.deck) + Counter(c for s in sample.seats for c in s.hand)
    rest -= Counter(c for s in seats for c in s.hand)
    return attrs.evolve(sample, seats=seats, deck=tuple(sorted(rest.elements())))


def _places(state: State, player: int) -> Mapping[str, Counter[Hashable]]:
    found: dict[str, Counter[Hashable]] = {"deck": Counter(state.deck)}
    for p, seat in enumerate(state.seats):
        if p != player:
            found[f"p{p} hand"] = Counter(seat.hand)
            found[f"p{p} pick"] = Counter(() if seat.pick is None else (seat.pick,))
    return found


def _candidates(state: State, player: int) -> Mapping[str, Counter[Hashable]]:
    real = _places(state, player)
    unseen: Counter[Hashable] = sum(real.values(), Counter())
    return {name: unseen if cards else Counter() for name, cards in real.items()}


def _position(players: int, seed: int, steps: int) -> State:
    state: State = reach(GAME, players, seed, steps).state
    return state


@pytest.mark.parametrize(("players", "steps"), [(2, 0), (2, 1), (3, 4), (3, 9)])
def test_a_sound_toy_determinizer_passes(players: int, steps: int) -> None:
    """Dealing every unseen card at random keeps views, soundness and coverage."""
    state = _position(players, steps + 1, steps)
    for player in range(players):
        check_determinizer(
            GAME,
            _sound,
            state,
            player,
            (),
            places=_places,
            candidates=_candidates(state, player),
            perturbed=[perturb_hidden(state, player, 7)],
        )


@pytest.mark.parametrize(("players", "steps"), [(2, 0), (3, 4)])
def test_a_peeking_toy_determinizer_is_caught(players: int, steps: int) -> None:
    """Keeping the opponents' real hands is caught: they never vary, and a perturbed state
    gives another sample."""
    state = _position(players, steps + 1, steps)
    assert any(seat.hand for seat in state.seats[1:]), "the opponents hold hidden cards"
    with pytest.raises(AssertionError, match=r"never holds|depends on"):
        check_determinizer(
            GAME,
            _peeking,
            state,
            0,
            (),
            places=_places,
            candidates=_candidates(state, 0),
            perturbed=[perturb_hidden(state, 0, 7)],
        )
