"""Loading refuses states the game cannot reach, so every loaded state plays on legally."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from birdgames.peacock import GAME, State
from birdgames.peacock.invariants import SEASON_SCORE_BOUND
from birdgames.peacock.state import Phase
from tests.load_validation import check_refused, find_state


def _find(players: int, found: Callable[[State], bool]) -> State:
    state: State = find_state(GAME, players, 10, found)
    return state


def _refused(state: State, message: str) -> None:
    check_refused(State, state, message)


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
