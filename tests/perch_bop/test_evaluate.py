"""The heuristic value search bots maximise orders built positions sensibly."""

from __future__ import annotations

import attrs
import pytest

from birdgames.perch_bop import GAME, State
from birdgames.perch_bop.cards import (
    CREATURE_POINTS,
    POINTS_IN_THE_SKY,
    POND_EMONIUM,
    POND_TILE,
    SUN_VALUES,
    TILE,
)
from birdgames.perch_bop.evaluate import LATER_SCORING_SHARE, baseline, evaluate
from birdgames.perch_bop.geometry import geometry_for
from birdgames.perch_bop.state import Pond, Ponds, Sky
from birdgames.rng import Rng, below
from tests.perch_bop.scenarios import (
    TILES_8,
    TILES_10,
    board,
    creature,
    fresh,
    index,
    scores,
    with_objectives,
)

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


def _expanded(state: State, expansion: str) -> State:
    return attrs.evolve(state, config=attrs.evolve(state.config, expansions=frozenset({expansion})))


def test_the_sun_s_values_replace_the_printed_ones_at_this_upkeep_only() -> None:
    """Alone at the Great Ash in round 1, the Sun over it is worth its 6 instead of the
    printed 5 once (this Upkeep), not at the later ones: the Sun moves on. The baseline
    evaluation does not see the Sun."""
    state = _expanded(board(fresh(3), {"great_ash": {0: 2}}), POINTS_IN_THE_SKY)
    elsewhere = index(state, "lonely_elm")  # empty: nobody scores there
    under_sun = attrs.evolve(state, sky=Sky(index(state, "great_ash"), elsewhere))
    away = attrs.evolve(state, sky=Sky(index(state, "power_lines"), elsewhere))
    gained = SUN_VALUES[0] - TILE["great_ash"].values[0]
    assert _value(under_sun) - _value(away) == gained
    assert baseline(GAME.view(under_sun, 0), 0) == baseline(GAME.view(away, 0), 0)


def test_a_creature_counts_for_the_leader_of_its_home_not_its_controller_now() -> None:
    """Red alone in first at the Owl Barn will take the Owl at the next Upkeep: the Owl is
    worth its end-game points to red, whoever holds it this round, and nothing to yellow."""
    state = with_objectives(board(fresh(3), {"owl_barn": {0: 2, 1: 1}}), {0: "eggs", 1: "eggs"})
    home = index(state, "owl_barn")
    held_by_yellow = creature(state, "owl", 1, home)
    held_by_red = creature(state, "owl", 0, home)
    no_creatures = attrs.evolve(state, creatures=())
    for held in (held_by_yellow, held_by_red):
        assert _value(held, 0) - _value(no_creatures, 0) == CREATURE_POINTS
        assert _value(held, 1) == _value(no_creatures, 1)
    # The baseline counted the Owl for its controller now.
    view = GAME.view(held_by_yellow, 1)
    assert baseline(view, 1) - baseline(GAME.view(no_creatures, 1), 1) == CREATURE_POINTS


def test_a_pond_scores_at_this_upkeep_and_in_part_at_each_later_one() -> None:
    """Red's one bird on the Loonie Lagoon in round 1, alone there, takes its first place
    now and, at the later Upkeeps' share, four times more."""
    state = _expanded(fresh(4, TILES_10), POND_EMONIUM)
    far = len(geometry_for(4).intersections) - 1
    lagoon = Pond("loonie_lagoon", far, (1, 0, 0, 0))
    empty = Pond("loonie_lagoon", far, (0, 0, 0, 0))
    supply = (state.supply[0] - 1, *state.supply[1:])
    bread = Ponds((lagoon,), (4, 4, 4, 4), (0, 0, 0, 0))
    with_bird = attrs.evolve(state, ponds=bread, supply=supply)
    without = attrs.evolve(state, ponds=attrs.evolve(bread, ponds=(empty,)))
    first = POND_TILE["loonie_lagoon"].values[0]
    assert _value(with_bird) - _value(without) == pytest.approx(
        first * (1 + 4 * LATER_SCORING_SHARE)
    )
    assert _value(with_bird, 1) == _value(without, 1)


def test_a_board_valued_before_gives_the_values_of_a_fresh_look() -> None:
    """The board's worth is worked out once per board for every seat's view of it: each
    seat's value read through another seat's look at the same board, or after a move and
    back on an equal but new board, equals the value worked out afresh."""
    import random

    from birdgames.perch_bop import evaluate as module

    pick = random.Random(11)
    for players in (2, 4, 5):
        state = GAME.new_game(GAME.default_config(players), players)
        while not GAME.is_terminal(state):
            views = [GAME.view(state, seat) for seat in range(players)]
            fresh_values = []
            for view in views:
                module._board_of.forget()
                fresh_values.append([evaluate(view, p) for p in range(players)])
            module._board_of.forget()
            for view, fresh_row in zip(reversed(views), reversed(fresh_values), strict=True):
                assert [evaluate(view, p) for p in range(players)] == fresh_row
            moved = attrs.evolve(state, locations=tuple(list(state.locations)))  # equal, new
            assert [evaluate(GAME.view(moved, 0), p) for p in range(players)] == fresh_values[0]
            legal = GAME.legal_actions(state, GAME.to_act(state)[0])
            state = GAME.apply(state, pick.choice(legal))
