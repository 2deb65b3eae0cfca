"""End-game scoring (§4.4) and the winner (U13)."""

import attrs

from birdgames.perch_bop import GAME
from birdgames.perch_bop.endgame import winners_of
from birdgames.perch_bop.events import BagEmptied, FinalScored, GameEnded
from birdgames.perch_bop.state import Phase, State
from tests.perch_bop import scenarios as sc
from tests.rules import rule

pytestmark = rule("perch_bop", "§4.4")


def last_upkeep(state: State) -> tuple[State, tuple[object, ...]]:
    state, events = sc.start(state, Phase.UPKEEP, 5)
    while not GAME.is_terminal(state):  # fountain slots from the Power Lines, if any
        player = GAME.to_act(state)[0]
        state, more = GAME.step(state, GAME.legal_actions(state, player)[0])
        events += more
    return state, events


@rule("perch_bop", "U11")
def test_breakdown_of_every_end_game_source() -> None:
    """Objective, Largest Flock, 3 per creature, fountain and plaza add to the round points."""
    state = sc.board(sc.fresh(3), {"great_ash": {0: 6}, "owl_barn": {0: 2}, "park_bench": {1: 1}})
    state = sc.with_objectives(state, {0: "eggs", 1: "stork", 2: "wing"})
    fountain = (0, 0, 1) + (None,) * 9
    state = attrs.evolve(
        state,
        fountain=fountain,
        plaza=(2, 0, 0),
        supply=(state.supply[0] - 4, state.supply[1] - 1, state.supply[2]),
    )
    state = sc.bag(state, {2: 3})
    state, events = last_upkeep(state)
    finals = {e.player: e for e in events if isinstance(e, FinalScored)}
    # Round 5 Upkeep: p0 scores great_ash 5 and owl_barn 3; p1 park_bench 0 (1st pays 0).
    assert state.final[0].round_points == 8
    assert finals[0] == FinalScored(0, "eggs", 3, 10, 3, 2, 2, 8 + 3 + 10 + 3 + 2 + 2)
    assert finals[1] == FinalScored(1, "stork", 0, 0, 3, 1, 0, 0 + 3 + 1)
    # U11: the 3 birds left in the bag score in p2's plaza.
    assert finals[2] == FinalScored(2, "wing", 3, 0, 0, 0, 3, 6)
    assert BagEmptied(2, 3) in events
    assert GAME.scores(state) == (28, 4, 6)
    assert GAME.winners(state) == (0,)
    assert isinstance(events[-1], GameEnded)


@rule("perch_bop", "U11")
def test_bag_to_plaza_can_be_turned_off() -> None:
    """With bag_to_plaza_at_end off the bag's birds score nothing."""
    state = sc.bag(sc.board(sc.fresh(3, bag_to_plaza_at_end=False), {}), {2: 3})
    state, _ = last_upkeep(state)
    assert state.final[2].plaza == 0 and state.bag[2] == 3


@rule("perch_bop", "U12")
def test_largest_flock_tie_cancels_and_the_dummy_blocks() -> None:
    """Largest Flock: a tie gives nobody 10, and the dummy's stack takes part."""
    tied = sc.board(sc.fresh(3), {"great_ash": {0: 4}, "lonely_elm": {1: 4}})
    tied, _ = last_upkeep(tied)
    assert [f.largest_flock for f in tied.final] == [0, 0, 0]
    blocked = sc.board(sc.fresh(2), {"great_ash": {0: 4}, "lonely_elm": {2: 5}})
    blocked, _ = last_upkeep(blocked)
    assert [f.largest_flock for f in blocked.final] == [0, 0]


def test_largest_flock_counts_nest_and_birdhouse() -> None:
    """The largest stack is measured by strength."""
    state = sc.board(
        sc.fresh(3),
        {"great_ash": {0: 3}, "lonely_elm": {1: 4}},
        nests={"great_ash": [0]},
        houses={"great_ash": [0]},
    )
    state, _ = last_upkeep(state)
    assert state.final[0].largest_flock == 10


@rule("perch_bop", "U13")
def test_winner_tie_break_by_largest_stack_then_fountain_then_shared() -> None:
    """U13: equal totals go to the larger stack, then more fountain birds, else shared."""
    state = sc.scores(
        sc.board(sc.fresh(3), {"great_ash": {0: 2}, "owl_barn": {1: 3}}), {0: 9, 1: 9, 2: 3}
    )
    state = attrs.evolve(state, flow=attrs.evolve(state.flow, phase=Phase.OVER))
    assert winners_of(state) == (1,)
    even = sc.scores(sc.board(sc.fresh(3), {"great_ash": {0: 2}, "owl_barn": {1: 2}}), {0: 9, 1: 9})
    assert winners_of(even) == (0, 1)
    fountain = (1,) + (None,) * 11
    with_bird = attrs.evolve(even, fountain=fountain, supply=(28 - 2, 28 - 3, 28))
    assert winners_of(with_bird) == (1,)


def test_no_turn_order_after_the_last_round() -> None:
    """After round 5 the game ends: no further round starts."""
    state, events = last_upkeep(sc.board(sc.fresh(3), {}))
    assert state.round == 5 and GAME.is_terminal(state) and GAME.to_act(state) == ()
    assert not any(getattr(e, "round", 0) == 6 for e in events)
