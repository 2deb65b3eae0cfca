"""Determinization: samples agree with everything a seat knows and nothing it does not."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from birdgames import BirdgamesError
from birdgames.peacock import GAME, Config, Event, HandPassed, SeasonChanged, State
from birdgames.peacock.cards import SPECIES_BY_ID
from birdgames.peacock.sample import sample_state
from birdgames.rng import Rng, below
from tests.bots.determinization import check_determinizer
from tests.peacock.adapter import perturb_hidden


@attrs.frozen
class Position:
    """A state reached by random play, one seat's history, and which hands it has followed."""

    state: State
    player: int
    history: tuple[Event, ...]
    followed: frozenset[int]  # seats whose hand (with pick) `player` knows this season


def _reach(players: int, seed: int, steps: int, player: int) -> Position:
    state = GAME.new_game(Config(players), seed)
    rng = Rng.from_seed(seed)
    history: list[Event] = []
    followed: frozenset[int] = frozenset()
    for _ in range(steps):
        if GAME.is_terminal(state):
            break
        acting = GAME.to_act(state)
        who, rng = below(rng, len(acting))
        legal = GAME.legal_actions(state, acting[who])
        index, rng = below(rng, len(legal))
        state, events = GAME.step(state, legal[index])
        history.extend(GAME.visible_events(events, player))
        # Tracked from the omniscient events: a hand is known once `player` held it.
        passes = [e for e in events if isinstance(e, HandPassed)]
        if passes:
            followed = frozenset(
                e.to for e in passes if e.player == player or e.player in followed
            ) - {player}
        if any(isinstance(e, SeasonChanged) for e in events):
            followed = frozenset()
    return Position(state, player, tuple(history), followed)


def _places(state: State, player: int) -> Mapping[str, Counter[Hashable]]:
    found: dict[str, Counter[Hashable]] = {
        "bird deck": Counter(state.bird_deck),
        "island deck": Counter(state.island_deck),
    }
    for q, seat in enumerate(state.seats):
        if q != player:
            cards: Counter[Hashable] = Counter((*seat.hand.birds, *seat.hand.islands))
            if seat.pick is not None:
                cards[seat.pick] += 1
            found[f"p{q} hand and pick"] = cards
    return found


def _candidates(position: Position) -> Mapping[str, Counter[Hashable]]:
    """What the seat cannot rule out at each place, from the real state and its knowledge."""
    real = _places(position.state, position.player)
    known = {f"p{q} hand and pick" for q in position.followed}
    unknown: Counter[Hashable] = Counter()
    for name, cards in real.items():
        if name not in known:
            unknown.update(cards)
    birds = Counter({card: k for card, k in unknown.items() if card in SPECIES_BY_ID})
    islands = unknown - birds
    # A deck's size is public: an empty deck (4 players, season 3) can hold nothing.
    out: dict[str, Counter[Hashable]] = {
        "bird deck": birds if real["bird deck"] else Counter(),
        "island deck": islands if real["island deck"] else Counter(),
    }
    for name, cards in real.items():
        if name.startswith("p"):
            out[name] = cards if name in known or not cards else unknown
    return out


def _determinize(state: State, player: int, history: Sequence[Event], seed: int) -> State:
    return sample_state(GAME.view(state, player), history, seed)


def _peek(state: State, player: int, history: Sequence[Event], seed: int) -> State:
    """A faulty determinizer: it keeps the real hidden cards and only renews the rng."""
    return attrs.evolve(state, config=Config(state.config.players), rng=Rng.from_seed(seed))


@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 300),
    data=st.data(),
)
def test_samples_fit_what_the_seat_knows(
    players: int, seed: int, steps: int, data: st.DataObject
) -> None:
    """A sample shows the seat its real view, is a sound playable state, puts each hidden card
    only where the seat cannot rule it out (each such card somewhere in some sample), and
    ignores what the seat cannot see."""
    player = data.draw(st.integers(0, players - 1))
    position = _reach(players, seed, steps, player)
    check_determinizer(
        GAME,
        _determinize,
        position.state,
        player,
        position.history,
        places=_places,
        candidates=_candidates(position),
        perturbed=[perturb_hidden(position.state, player, seed + 1)],
        samples=30,
    )


def test_a_hand_passed_on_is_known_where_it_went() -> None:
    """After the first pass at 3 players, the hand a seat passed is exactly the next seat's."""
    position = _reach(3, 11, 3, 0)
    assert position.followed, "the first pass has happened"
    sample = sample_state(GAME.view(position.state, 0), position.history, 5)
    for q in position.followed:
        name = f"p{q} hand and pick"
        assert _places(sample, 0)[name] == _places(position.state, 0)[name]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_peeking_determinizer_is_caught(players: int) -> None:
    """A determinizer that keeps the real hidden cards fails the check."""
    position = _reach(players, 3, 1, 0)
    with pytest.raises(AssertionError):
        check_determinizer(
            GAME,
            _peek,
            position.state,
            0,
            position.history,
            places=_places,
            candidates=_candidates(position),
            perturbed=[perturb_hidden(position.state, 0, 9)],
            samples=20,
        )


def test_a_history_that_does_not_fit_the_view_is_refused() -> None:
    """Hands that have gone round the table cannot be followed without the passes."""
    position = _reach(3, 4, 6, 1)
    assert position.state.seats[1].hand != GAME.new_game(Config(3), 4).seats[1].hand
    with pytest.raises(BirdgamesError, match="history does not fit"):
        sample_state(GAME.view(position.state, 1), (), 0)


def test_a_view_sampled_before_gives_the_samples_of_a_fresh_look() -> None:
    """What a view and history tell is worked out once for a search's many samples: samples
    drawn after other views were sampled, or from an equal but new history, equal those
    drawn afresh."""
    from birdgames.peacock import sample as module

    positions = [_reach(3, seed, steps, seed % 3) for seed, steps in ((1, 10), (2, 80), (3, 200))]
    looks = [(GAME.view(p.state, p.player), p.history) for p in positions]
    fresh = []
    for view, history in looks:
        module._knowledge_of.forget()
        fresh.append([sample_state(view, history, seed) for seed in range(3)])
    for (view, history), expected in zip(reversed(looks), reversed(fresh), strict=True):
        assert [sample_state(view, history, seed) for seed in range(3)] == expected
        again = tuple(list(history))
        assert [sample_state(view, again, seed) for seed in range(3)] == expected
