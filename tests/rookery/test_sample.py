"""Determinization: samples agree with everything a seat sees and nothing it does not."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from typing import Final

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from birdgames import BirdgamesError
from birdgames.rng import Rng, below
from birdgames.rookery import GAME, CardSearched, Config, Event, NestBird, State
from birdgames.rookery.cards import CARD_TYPE, DECK_A, DECK_B, CardType
from birdgames.rookery.sample import sample_state
from tests.bots.determinization import check_determinizer
from tests.rookery.adapter import perturb_hidden
from tests.rookery.scenarios import R, build


@attrs.frozen
class Position:
    """A state reached by random play, one seat's history, and what searches told that seat
    of the other player's hidden cards."""

    state: State
    player: int
    history: tuple[Event, ...]
    must_hold: Counter[CardType]  # card types the other's hand holds at least so many of
    lacking: frozenset[CardType]  # card types the other's deck has none of


def _reach(seed: int, steps: int, player: int) -> Position:
    state = GAME.new_game(Config(first_player=None), seed)
    rng = Rng.from_seed(seed)
    history: list[Event] = []
    other = 1 - player
    must_hold: Counter[CardType] = Counter()
    lacking: set[CardType] = set()
    for _ in range(steps):
        if GAME.is_terminal(state):
            break
        acting = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, acting)
        index, rng = below(rng, len(legal))
        before = state.seats[other]
        state, events = GAME.step(state, legal[index])
        history.extend(GAME.visible_events(events, player))
        # Tracked from the real hands and the omniscient events, not from what the seat sees.
        after = state.seats[other]
        if len(after.deck) > len(before.deck):
            lacking.clear()
        gone = Counter(before.hand) - Counter(after.hand)
        for card in gone.elements():
            kind = CARD_TYPE[card]
            must_hold[kind] = max(0, must_hold[kind] - 1)
        for event in events:
            if isinstance(event, CardSearched) and event.player == other:
                if event.found:
                    must_hold[event.card_type] += 1
                else:
                    lacking.add(event.card_type)
    return Position(state, player, tuple(history), +must_hold, frozenset(lacking))


def _face_down(state: State, seat: int) -> Counter[Hashable]:
    return Counter(
        q.card for zone in state.zones for q in zone.predators if q.owner == seat and not q.face_up
    )


def _places(state: State, player: int) -> Mapping[str, Counter[Hashable]]:
    other = 1 - player
    return {
        "own deck": Counter(state.seats[player].deck),
        "their hand": Counter(state.seats[other].hand),
        "their deck": Counter(state.seats[other].deck),
        "their face-down predators": _face_down(state, other),
    }


def _candidates(position: Position) -> Mapping[str, Counter[Hashable]]:
    """What the seat cannot rule out at each place: a card may be somewhere when some deal of
    the other's unseen cards puts it there and keeps every constraint the seat knows of.

    Face-down cards are predators; the hand holds at least `must_hold` of each type and every
    card of a type the deck lacks; the sizes are fixed. Counted by type, a deal exists when
    the cards forced into the hand fit it.
    """
    state, player = position.state, position.player
    real = _places(state, player)
    down = real["their face-down predators"].total()
    unseen = real["their hand"] + real["their deck"] + real["their face-down predators"]
    hand_size = real["their hand"].total()
    deck_size = real["their deck"].total()
    by_type: Counter[CardType] = Counter()
    for card, count in unseen.items():
        by_type[CARD_TYPE[str(card)]] += count
    # Cards of each type outside the face-down predators, and how many the hand must take.
    outside = {t: by_type[t] - (down if t is CardType.PREDATOR else 0) for t in CardType}
    forced = {t: outside[t] if t in position.lacking else position.must_hold[t] for t in CardType}
    free_hand = hand_size - sum(forced.values())
    assert free_hand >= 0 and all(forced[t] <= outside[t] for t in CardType)

    def allowed(place: str, card: str) -> bool:
        kind = CARD_TYPE[card]
        if place == "their face-down predators":
            return kind is CardType.PREDATOR and down > 0
        if place == "their hand":
            return outside[kind] > 0 and (forced[kind] > 0 or free_hand > 0)
        return kind not in position.lacking and outside[kind] - forced[kind] > 0 and deck_size > 0

    out: dict[str, Counter[Hashable]] = {"own deck": real["own deck"]}
    for place in ("their hand", "their deck", "their face-down predators"):
        out[place] = Counter(
            {card: count for card, count in unseen.items() if allowed(place, str(card))}
        )
    return out


def _determinize(state: State, player: int, history: Sequence[Event], seed: int) -> State:
    return sample_state(GAME.view(state, player), history, seed, state.config)


@given(seed=st.integers(0, 2**32), steps=st.integers(0, 400), player=st.sampled_from([0, 1]))
def test_samples_fit_what_the_seat_sees(seed: int, steps: int, player: int) -> None:
    """A sample shows the seat its real view, is a sound playable state, puts each hidden card
    only where the seat cannot rule it out (each such card somewhere in some sample), and
    ignores what the seat cannot see."""
    position = _reach(seed, steps, player)
    state = position.state
    check_determinizer(
        GAME,
        _determinize,
        state,
        player,
        position.history,
        places=_places,
        candidates=_candidates(position),
        perturbed=[perturb_hidden(state, player, seed + 1)],
        samples=20,
    )


def test_face_down_predators_are_sampled_as_predators() -> None:
    """An opponent's face-down card is always one of their unseen predators."""
    for seed in range(40):
        position = _reach(seed, 120, 0)
        state, history = position.state, position.history
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
    for seed in range(20):
        position = _reach(seed, 30, 0)
        view, history = GAME.view(position.state, 0), position.history
        if not set(view.hand) <= set(DECK_B):
            break
    else:
        pytest.fail("seat 0 held no card outside deck B in 20 games")
    other = Config(decks=(DECK_B, DECK_A))
    with pytest.raises(BirdgamesError):
        sample_state(view, history, 0, other)


def test_the_sample_is_the_same_for_any_rng_of_the_real_state() -> None:
    """The real rng is hidden: changing it changes no sample."""
    position = _reach(5, 50, 1)
    state, history = position.state, position.history
    other = attrs.evolve(state, rng=Rng.from_seed(99))
    view = GAME.view(state, 1)
    assert GAME.view(other, 1) == view
    assert sample_state(view, history, 3) == sample_state(GAME.view(other, 1), history, 3)


_PADDING: Final = (
    ("wren", "wren", "jay", "woodpecker", "woodpecker", "nuthatch", "nuthatch", "capercaillie",
     "lark", "lapwing", "starling", "starling", "bustard", "fox", "sparrowhawk", "harrier",
     "stoat"),
    ("sandpiper", "sandpiper", "tern", "gull", "oystercatcher", "cormorant", "puffin", "heron",
     "rail", "moorhen", "coot", "coot", "bittern", "crane", "quail", "otter", "owl", "weasel"),
)  # fmt: skip


@pytest.mark.parametrize(
    ("deck", "found"), [(("downpour", "lark", "robin"), True), (("lark", "robin", "wren"), False)]
)
def test_what_a_search_shows_of_the_other_hand_and_deck_is_kept(
    deck: tuple[str, ...], found: bool
) -> None:
    """p0's skylark searches p0's deck for an event. Found: p1's samples always give p0 an
    event in hand. None found: no sample puts an event in p0's deck. Without the history,
    the samples break both."""
    state = build(
        hands=(("skylark", "gale", "jay"), ("tern",)),
        decks=(deck, ("gull",)),
        discards=_PADDING,  # public cards that make both decklists full size
        song=(3, 0),
    )
    state, events = GAME.step(state, NestBird(0, "skylark", R))
    searches = [e for e in events if isinstance(e, CardSearched)]
    assert [e.found for e in searches] == [found]
    history = GAME.visible_events(events, 1)
    view = GAME.view(state, 1)

    def kept(sample: State) -> bool:
        if found:
            return any(CARD_TYPE[c] is CardType.EVENT for c in sample.seats[0].hand)
        return all(CARD_TYPE[c] is not CardType.EVENT for c in sample.seats[0].deck)

    assert all(kept(sample_state(view, history, seed, state.config)) for seed in range(40))
    assert not all(kept(sample_state(view, (), seed, state.config)) for seed in range(40))
    must_hold = Counter({CardType.EVENT: 1}) if found else Counter()
    lacking = frozenset() if found else frozenset({CardType.EVENT})
    position = Position(state, 1, history, must_hold, lacking)
    check_determinizer(
        GAME,
        _determinize,
        state,
        1,
        history,
        places=_places,
        candidates=_candidates(position),
        perturbed=[],
    )


def test_a_view_sampled_before_gives_the_samples_of_a_fresh_look() -> None:
    """What a view and history tell is worked out once for a search's many samples: samples
    drawn after other views were sampled, or from an equal but new history, equal those
    drawn afresh."""
    from birdgames.rookery import sample as module

    positions = [_reach(seed, steps, seed % 2) for seed, steps in ((1, 30), (2, 60), (3, 90))]
    looks = [(GAME.view(p.state, p.player), p.history, p.state.config) for p in positions]
    fresh = []
    for view, history, config in looks:
        module._known.forget()
        fresh.append([sample_state(view, history, seed, config) for seed in range(3)])
    for (view, history, config), expected in zip(reversed(looks), reversed(fresh), strict=True):
        assert [sample_state(view, history, seed, config) for seed in range(3)] == expected
        again = tuple(list(history))
        assert [sample_state(view, again, seed, config) for seed in range(3)] == expected
