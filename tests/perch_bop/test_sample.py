"""Determinization: samples agree with everything a seat knows and nothing it does not."""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Hashable, Iterator, Mapping, Sequence
from itertools import islice

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from birdgames import BirdgamesError
from birdgames.perch_bop import GAME, Config, Event, State
from birdgames.perch_bop.sample import sample_state
from birdgames.perch_bop.setup import eligible_objectives
from birdgames.perch_bop.state import Phase
from birdgames.rng import Rng, below
from tests.bots.determinization import check_determinizer
from tests.perch_bop.adapter import perturb_hidden


@attrs.frozen
class Position:
    """A state reached by random play and one seat's visible events so far."""

    state: State
    player: int
    history: tuple[Event, ...]


def _walk(players: int, seed: int, player: int) -> Iterator[Position]:
    """Yields the position after each step of a seeded random game, `player` watching."""
    state = GAME.new_game(Config(players), seed)
    rng = Rng.from_seed(seed)
    history: list[Event] = []
    yield Position(state, player, ())
    while not GAME.is_terminal(state):
        acting = GAME.to_act(state)
        who, rng = below(rng, len(acting))
        legal = GAME.legal_actions(state, acting[who])
        index, rng = below(rng, len(legal))
        state, events = GAME.step(state, legal[index])
        history.extend(GAME.visible_events(events, player))
        yield Position(state, player, tuple(history))


def _reach(players: int, seed: int, steps: int, player: int) -> Position:
    walk = islice(_walk(players, seed, player), steps + 1)
    return deque(walk, maxlen=1)[0]


def _fountain_pauses_in_turns(players: int, seeds: range) -> Iterator[Position]:
    """Yields positions where a fountain choice interrupts a Perch turn or follows its end."""
    for seed in seeds:
        for position in _walk(players, seed, seed % players):
            state = position.state
            if state.arrivals and state.flow.phase is Phase.PERCH:
                yield position


def _places(state: State, player: int) -> Mapping[str, Counter[Hashable]]:
    found: dict[str, Counter[Hashable]] = {}
    for q, seat in enumerate(state.seats):
        if q != player:
            found[f"p{q} dealt"] = Counter(seat.dealt)
            found[f"p{q} kept"] = Counter(() if seat.objective is None else (seat.objective,))
    return found


def _candidates(state: State, player: int) -> Mapping[str, Counter[Hashable]]:
    """What the seat cannot rule out: objectives it was not dealt and has not seen revealed."""
    over = state.flow.phase is Phase.OVER
    shown = {s.objective for q, s in enumerate(state.seats) if over and q != player}
    ruled_out = set(state.seats[player].dealt) | shown
    unseen = Counter(o for o in eligible_objectives(state.config) if o not in ruled_out)
    out: dict[str, Counter[Hashable]] = {}
    for q, seat in enumerate(state.seats):
        if q == player:
            continue
        kept = seat.objective
        if over and kept is not None:
            out[f"p{q} dealt"] = unseen + Counter((kept,))
            out[f"p{q} kept"] = Counter((kept,))
        else:
            out[f"p{q} dealt"] = Counter(unseen)
            out[f"p{q} kept"] = Counter(unseen) if kept is not None else Counter()
    return out


def _determinize(state: State, player: int, history: Sequence[Event], seed: int) -> State:
    return sample_state(GAME.view(state, player), history, seed)


def _peek(state: State, player: int, history: Sequence[Event], seed: int) -> State:
    """A faulty determinizer: it keeps the real objectives and only renews the rng."""
    return attrs.evolve(state, rng=Rng.from_seed(seed))


def _with_hidden_of(state: State, sample: State, player: int) -> State:
    """Returns `state` with the sample's rng and the sample's objectives for the other seats."""
    seats = tuple(
        seat if q == player else attrs.evolve(seat, dealt=mine.dealt, objective=mine.objective)
        for q, (seat, mine) in enumerate(zip(state.seats, sample.seats, strict=True))
    )
    return attrs.evolve(state, rng=sample.rng, seats=seats)


@settings(max_examples=60)
@given(
    players=st.sampled_from([2, 3, 4, 5]),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 400),
    data=st.data(),
)
def test_samples_fit_what_the_seat_knows(
    players: int, seed: int, steps: int, data: st.DataObject
) -> None:
    """A sample shows the seat its real view, is a sound playable state, deals each hidden
    objective only where the seat cannot rule it out (each somewhere in some sample), and
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
        candidates=_candidates(position.state, player),
        perturbed=[perturb_hidden(position.state, player, seed + 1)],
        samples=20,
    )


@settings(max_examples=60)
@given(
    players=st.sampled_from([2, 3, 4, 5]),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 400),
    data=st.data(),
)
def test_a_sample_differs_from_the_real_state_only_in_what_the_seat_cannot_see(
    players: int, seed: int, steps: int, data: st.DataObject
) -> None:
    """Board, hands, scores, fountain, creatures and the driver's bookmark (stage, cursor,
    awaited player) are rebuilt exactly; only the others' objectives and the rng are drawn."""
    player = data.draw(st.integers(0, players - 1))
    position = _reach(players, seed, steps, player)
    sample = sample_state(GAME.view(position.state, player), position.history, seed)
    assert _with_hidden_of(position.state, sample, player) == sample


def test_the_turn_player_is_rebuilt_while_a_bird_awaits_its_fountain_slot() -> None:
    """Whose turn a fountain choice interrupts (or follows) is not in the view; the seat's
    events tell, and the sample's bookmark is the real one."""
    pauses = list(islice(_fountain_pauses_in_turns(3, range(40)), 5))
    assert len(pauses) == 5, "random play pauses on fountain choices during Perch turns"
    for position in pauses:
        state, player = position.state, position.player
        sample = sample_state(GAME.view(state, player), position.history, 1)
        assert sample.flow == state.flow


@pytest.mark.parametrize("players", [2, 4])
def test_a_peeking_determinizer_is_caught(players: int) -> None:
    """A determinizer that keeps the real objectives fails the check."""
    position = _reach(players, 3, 1, 0)
    with pytest.raises(AssertionError):
        check_determinizer(
            GAME,
            _peek,
            position.state,
            0,
            position.history,
            places=_places,
            candidates=_candidates(position.state, 0),
            perturbed=[perturb_hidden(position.state, 0, 9)],
            samples=20,
        )


def test_fixed_objective_deals_in_the_config_are_not_used() -> None:
    """A config that fixes every deal would tell the others' objectives; the sample deals
    them at random instead, so they vary between seeds."""
    objectives = eligible_objectives(Config(3))
    deals = tuple((objectives[2 * p], objectives[2 * p + 1]) for p in range(3))
    config = Config(3, objective_deals=deals)
    state = GAME.new_game(config, 5)
    view = GAME.view(state, 0)
    dealt = {sample_state(view, (), seed, config).seats[1].dealt for seed in range(20)}
    assert len(dealt) > 1


def test_a_turn_under_way_needs_the_history_that_shows_it() -> None:
    """Without the events of the turn, a paused fountain choice cannot be placed in a turn."""
    position = next(_fountain_pauses_in_turns(2, range(40)))
    with pytest.raises(BirdgamesError, match="history does not fit"):
        sample_state(GAME.view(position.state, position.player), (), 0)
