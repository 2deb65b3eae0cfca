"""Loading refuses states the game cannot reach, so every loaded state plays on legally."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import attrs
import pytest

from birdgames import CodecError, codec
from birdgames.peacock import GAME, State
from birdgames.peacock.invariants import SEASON_SCORE_BOUND
from birdgames.peacock.state import Phase


def _states(players: int, seed: int) -> Iterator[State]:
    """Yields every state of a random game, from the start to the end."""
    chooser = random.Random(seed)
    state = GAME.new_game(GAME.default_config(players), seed)
    yield state
    while not GAME.is_terminal(state):
        player = chooser.choice(GAME.to_act(state))
        state = GAME.apply(state, chooser.choice(GAME.legal_actions(state, player)))
        yield state


def _find(players: int, found: Callable[[State], bool]) -> State:
    for seed in range(10):
        for state in _states(players, seed):
            if found(state):
                return state
    raise AssertionError("no random game reached such a state")


def _refused(state: State, message: str) -> None:
    with pytest.raises(CodecError, match=message):
        codec.loads(State, codec.dumps(state))


def _with_seat(state: State, index: int, **changes: object) -> State:
    seats = list(state.seats)
    seats[index] = attrs.evolve(seats[index], **changes)  # type: ignore[arg-type]
    return attrs.evolve(state, seats=tuple(seats))


@pytest.mark.parametrize("score", [-1000, -1, 10**15, SEASON_SCORE_BOUND + 1])
def test_season_scores_beyond_what_a_season_gives_are_refused(score: int) -> None:
    """A season scores from 0 to every bird card at its best (K2.5)."""
    state = _find(3, lambda s: s.round == 3)
    scores = state.seats[1].season_scores
    _refused(_with_seat(state, 1, season_scores=(score, *scores[1:])), "score")


def test_a_finished_season_is_not_waited_for_mid_draft() -> None:
    """`done` closes a migration; during the draft nobody has closed anything."""
    state = _find(2, lambda s: s.phase is Phase.DRAFT and s.round == 2)
    _refused(_with_seat(state, 0, done=True), "done")


def test_a_migration_with_everyone_done_is_refused() -> None:
    """Once every player is done the season goes on: nobody would be to act."""
    state = _find(4, lambda s: s.phase is Phase.MIGRATION)
    seats = tuple(attrs.evolve(seat, done=True) for seat in state.seats)
    _refused(attrs.evolve(state, seats=seats), "over without winners")


def test_a_finished_game_has_every_player_done() -> None:
    """After the last season every seat is closed."""
    state = _find(2, GAME.is_terminal)
    _refused(_with_seat(state, 1, done=False), "done")
