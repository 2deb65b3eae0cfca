"""The heuristic value search bots maximise orders built positions sensibly."""

from __future__ import annotations

from birdgames.perch_bop import GAME, State
from birdgames.perch_bop.evaluate import evaluate
from birdgames.rng import Rng, below
from tests.perch_bop.scenarios import TILES_8, board, fresh, scores, with_objectives

TREE = TILES_8[0]


def _value(state: State, player: int = 0) -> float:
    return evaluate(GAME.view(state, player), player)


def test_points_scored_count_in_full() -> None:
    """Seven more points on the score track are worth exactly seven more."""
    low = scores(fresh(3), {0: 3})
    high = scores(fresh(3), {0: 10})
    assert _value(high) - _value(low) == 7


def test_controlling_a_location_beats_coming_second_there() -> None:
    """The same birds are worth more alone in first place than behind a larger stack."""
    first = board(fresh(3), {TREE: {0: 2, 1: 1}})
    second = board(fresh(3), {TREE: {0: 2, 1: 3}})
    assert _value(first) > _value(second)


def test_a_met_objective_is_worth_more_than_an_unmet_one_to_its_owner_only() -> None:
    """`wing` (control no creature) is met on an empty board; `eggs` (control a tree) is not
    until the player leads a tree. Another seat's view cannot tell the two apart."""
    met = with_objectives(fresh(2), {0: "wing"})
    unmet = with_objectives(fresh(2), {0: "eggs"})
    assert _value(met) > _value(unmet)
    assert evaluate(GAME.view(met, 1), 0) == evaluate(GAME.view(unmet, 1), 0)


def test_a_finished_game_is_valued_at_its_final_total() -> None:
    """Once the game is over the value is each player's exact final score."""
    state = GAME.new_game(GAME.default_config(3), 8)
    rng = Rng.from_seed(8)
    while not GAME.is_terminal(state):
        player = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, player)
        index, rng = below(rng, len(legal))
        state = GAME.apply(state, legal[index])
    for player, total in enumerate(GAME.scores(state)):
        assert _value(state, player) == total
