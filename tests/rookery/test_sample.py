"""Determinization: samples agree with everything a seat sees and nothing it does not."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from birdgames import BirdgamesError
from birdgames.rng import Rng, below
from birdgames.rookery import GAME, Config, Event, State
from birdgames.rookery.cards import CARD_TYPE, DECK_A, DECK_B, CardType
from birdgames.rookery.sample import sample_state
from tests.bots.determinization import check_determinizer
from tests.rookery.adapter import perturb_hidden


def _reach(seed: int, steps: int, player: int) -> tuple[State, tuple[Event, ...]]:
    state = GAME.new_game(Config(first_player=None), seed)
    rng = Rng.from_seed(seed)
    history: list[Event] = []
    for _ in range(steps):
        if GAME.is_terminal(state):
            break
        acting = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, acting)
        index, rng = below(rng, len(legal))
        state, events = GAME.step(state, legal[index])
        history.extend(GAME.visible_events(events, player))
    return state, tuple(history)


def _face_down(state: State, seat: int) -> Counter[Hashable]:
    return Counter(
        q.card for zone in state.zones for q in zone.predators if q.owner == seat and not q.face_up
    )


def _places(state: State, player: int) -> Mapping[str, Counter[Hashable]]:
    other = 1 - player
    return {
        "own deck": Counter(state.players[player].deck),
        "their hand": Counter(state.players[other].hand),
        "their deck": Counter(state.players[other].deck),
        "their face-down predators": _face_down(state, other),
    }


def _candidates(state: State, player: int) -> Mapping[str, Counter[Hashable]]:
    """What the seat cannot rule out at each place, from the real state."""
    real = _places(state, player)
    unseen = real["their hand"] + real["their deck"] + real["their face-down predators"]
    predators = Counter({c: k for c, k in unseen.items() if CARD_TYPE[str(c)] is CardType.PREDATOR})
    down = real["their face-down predators"]
    # When every unseen predator must be face down, none can be in the hand or deck.
    free = unseen - predators if predators.total() == down.total() else unseen
    return {
        "own deck": real["own deck"],
        "their hand": free if real["their hand"] else Counter(),
        "their deck": free if real["their deck"] else Counter(),
        "their face-down predators": predators if real["their face-down predators"] else Counter(),
    }


def _determinize(state: State, player: int, history: Sequence[Event], seed: int) -> State:
    return sample_state(GAME.view(state, player), history, seed, state.config)


@given(seed=st.integers(0, 2**32), steps=st.integers(0, 400), player=st.sampled_from([0, 1]))
def test_samples_fit_what_the_seat_sees(seed: int, steps: int, player: int) -> None:
    """A sample shows the seat its real view, is a sound playable state, puts each hidden card
    only where the seat cannot rule it out (each such card somewhere in some sample), and
    ignores what the seat cannot see."""
    state, history = _reach(seed, steps, player)
    check_determinizer(
        GAME,
        _determinize,
        state,
        player,
        history,
        places=_places,
        candidates=_candidates(state, player),
        perturbed=[perturb_hidden(state, player, seed + 1)],
        samples=20,
    )


def test_face_down_predators_are_sampled_as_predators() -> None:
    """An opponent's face-down card is always one of their unseen predators."""
    for seed in range(40):
        state, history = _reach(seed, 120, 0)
        if _face_down(state, 1):
            break
    else:
        pytest.fail("no face-down predator in 40 games")
    for sample_seed in range(30):
        sample = sample_state(GAME.view(state, 0), history, sample_seed)
        cards = _face_down(sample, 1)
        assert sum(cards.values()) == sum(_face_down(state, 1).values())
        assert all(CARD_TYPE[str(card)] is CardType.PREDATOR for card in cards)


def test_a_config_that_does_not_fit_the_view_is_refused() -> None:
    """Sampling with decklists other than the game's own cannot match what the seat sees."""
    state, history = _reach(2, 30, 0)
    view = GAME.view(state, 0)
    other = Config(decks=(DECK_B, DECK_A))
    assert not set(view.hand) <= set(DECK_B), "seat 0 holds cards of deck A only"
    with pytest.raises(BirdgamesError):
        sample_state(view, history, 0, other)


def test_the_sample_is_the_same_for_any_rng_of_the_real_state() -> None:
    """The real rng is hidden: changing it changes no sample."""
    state, history = _reach(5, 50, 1)
    other = attrs.evolve(state, rng=Rng.from_seed(99))
    view = GAME.view(state, 1)
    assert GAME.view(other, 1) == view
    assert sample_state(view, history, 3) == sample_state(GAME.view(other, 1), history, 3)
