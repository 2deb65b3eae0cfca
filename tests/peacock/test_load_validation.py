"""Loading refuses states the game cannot reach, so every loaded state plays on legally."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from birdgames.peacock import GAME, State
from birdgames.peacock.cards import ISLAND_TYPE_BY_ID, SPECIES_BY_ID, STARTING_BY_ID, Season
from birdgames.peacock.invariants import SEASON_SCORE_BOUND, _flock_problem
from birdgames.peacock.scoring import flock_limits, group_counts
from birdgames.peacock.state import Flock, Group, Phase, Tuck
from tests.load_validation import check_refused, find_state
from tests.rules import rule


def _find(players: int, found: Callable[[State], bool]) -> State:
    state: State = find_state(GAME, players, 10, found)
    return state


def _refused(state: State, message: str) -> None:
    check_refused(State, state, message)


def _with_seat(state: State, index: int, **changes: object) -> State:
    seats = list(state.seats)
    seats[index] = attrs.evolve(seats[index], **changes)  # type: ignore[arg-type]
    return attrs.evolve(state, seats=tuple(seats))


@rule("peacock", "K2.5")
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


def test_the_flock_limits_accept_exactly_the_flocks_the_flock_check_accepts() -> None:
    """The load check's quick flock test (`flock_limits`) agrees with `_flock_problem`.

    Over every island and starting island, with no tuck or one tuck on either half, in both
    seasons, for every species (and an unknown one) and sizes 0 to 6.
    """
    islands = [*STARTING_BY_ID, *ISLAND_TYPE_BY_ID]
    tuck_sets: list[tuple[Tuck, ...]] = [()]
    tuck_sets += [(Tuck(t, half),) for t in ISLAND_TYPE_BY_ID for half in Season]
    compared = 0
    for island in islands:
        for tucks in tuck_sets:
            group = Group(island, tucks)
            for season in Season:
                limits = flock_limits(island, tucks, season is Season.BLUE)
                counts = group_counts(group, season)
                for species in [*SPECIES_BY_ID, "dodo"]:
                    for size in range(7):
                        most = limits.get(species)
                        quick = most is not None and 1 <= size <= most
                        found = _flock_problem(Flock(species, size), "here", counts, season)
                        assert quick == (found is None), (island, tucks, season, species, size)
                        compared += quick
    assert compared > 100  # many flocks really were accepted


@rule("peacock", "K2.3")
def test_moves_made_outside_a_migration_are_refused() -> None:
    """K2.3: the move budget counts one migration; the draft has made no move."""
    state = _find(3, lambda s: s.phase is Phase.DRAFT)
    _refused(_with_seat(state, 0, moves=30), "moves outside migration")
