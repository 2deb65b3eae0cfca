"""The rulebook's clarifications (P9) not tested with their expansion elsewhere: hands never
reach a Pond, Feed the Birds in every round as the one bonus action, Bread worth nothing at
the end, the Pond order, a Scarecrow with nowhere to go, the U13 tie-break without Ponds and
the objectives' icons."""

from __future__ import annotations

import attrs
import pytest

from birdgames.perch_bop import GAME, Config
from birdgames.perch_bop.actions import (
    ActivateCreature,
    Decline,
    FeedBirds,
    MoveYeti,
    OrderTie,
    Place,
    Zap,
)
from birdgames.perch_bop.cards import (
    EAGLE_OF_JUSTICE,
    EXPANSION_OBJECTIVES,
    EXPANSIONS,
    OBJECTIVES,
    POND_EMONIUM,
    YETI,
)
from birdgames.perch_bop.endgame import largest_stack, winners_of
from birdgames.perch_bop.events import ControlChanged, FinalScored, PondScored
from birdgames.perch_bop.invariants import invariant_violation
from birdgames.perch_bop.setup import eligible_objectives
from birdgames.perch_bop.state import Await, Phase, Spot, Where
from tests.perch_bop import scenarios as sc
from tests.perch_bop.test_creatures import settle
from tests.perch_bop.test_pond_creatures import FROG, on_ponds, position, turn
from tests.rules import rule

pytestmark = rule("perch_bop", "P9")

RED, YELLOW, BLUE, GREEN, PURPLE = 0, 1, 2, 3, 4


# --- objectives (P9) ------------------------------------------------------------------------


def test_every_expansion_objective_carries_its_expansions_icon() -> None:
    """P9: a card with an icon goes in only with its expansion; ours all carry one, so no
    card enters just because some expansion is on."""
    assert all(o.expansion in EXPANSIONS for o in EXPANSION_OBJECTIVES)
    for players in (2, 3, 4, 5):
        base = set(eligible_objectives(sc.config(players)))
        assert base == {o.id for o in OBJECTIVES if o.players[0] <= players <= o.players[1]}
        for expansion in sorted(EXPANSIONS):
            one = attrs.evolve(sc.config(players), expansions=frozenset({expansion}))
            extra = set(eligible_objectives(one)) - base
            assert extra == {
                o.id
                for o in EXPANSION_OBJECTIVES
                if o.expansion == expansion and o.players[0] <= players <= o.players[1]
            }


# --- Pond-emonium (P9) ----------------------------------------------------------------------


def test_a_bird_is_never_placed_from_a_hand_onto_a_pond() -> None:
    """P9: a placement names a Location; a Pond is refused and never offered."""
    state = turn(position())
    assert GAME.check(state, Place(RED, RED, "frog_pond", False)) == (
        "'frog_pond' is not a Location on this board"
    )
    places = [a for a in GAME.legal_actions(state, RED) if isinstance(a, Place)]
    assert places and not [a for a in places if a.location in ("frog_pond", "perch_pool")]


@pytest.mark.parametrize("round_", [1, 2, 3, 4, 5])
def test_the_birds_may_be_fed_in_every_round(round_: int) -> None:
    """P9: Feed the Birds is legal in every round, before the placement."""
    state = turn(position({"great_ash": {BLUE: 1}}), round_)
    assert FeedBirds(RED, "frog_pond", "great_ash", BLUE) in GAME.legal_actions(state, RED)


def test_feeding_the_birds_is_the_turns_one_bonus_action() -> None:
    """P9: after Feed the Birds no other bonus action (creature, Yeti, zap) is left, and
    the turn ends with the placement."""
    state = turn(position({"park_bench": {BLUE: 2}}, promos=frozenset({YETI})), 5)
    state = sc.creature(state, "hawk", RED, 1)
    assert state.promos is not None
    state = attrs.evolve(state, promos=attrs.evolve(state.promos, controller=RED))
    fed = GAME.apply(state, FeedBirds(RED, "frog_pond", "park_bench", BLUE))
    taken = "p0 has already taken a bonus action this turn"
    assert GAME.check(fed, ActivateCreature(RED, "hawk")) == taken
    assert GAME.check(fed, MoveYeti(RED, "beehive")) == taken
    assert GAME.check(fed, Zap(RED, "park_bench", BLUE)) == taken
    assert GAME.check(fed, FeedBirds(RED, "frog_pond", "park_bench", BLUE)) == taken
    placed = GAME.apply(fed, Place(RED, RED, "mighty_oak", True))
    assert placed.flow.actor == YELLOW


def test_feeding_the_birds_after_the_placement_ends_the_turn() -> None:
    """P9: fed after the placement, the bonus action is spent and the turn passes on."""
    state = turn(position({"great_ash": {BLUE: 1}}))
    placed = GAME.apply(state, Place(RED, RED, "mighty_oak", True))
    assert placed.flow.actor == RED  # the birds may still be fed
    fed = GAME.apply(placed, FeedBirds(RED, "frog_pond", "great_ash", BLUE))
    assert fed.flow.actor == YELLOW


def test_unused_bread_scores_nothing_at_the_end() -> None:
    """P9: Bread left at the end is worth no point: the same game with every Bread spent
    ends with the same totals."""
    state = position({"great_ash": {BLUE: 2}, "mighty_oak": {RED: 1}}, {FROG: {BLUE: 1}})
    assert state.ponds is not None
    spent = attrs.evolve(
        state, ponds=attrs.evolve(state.ponds, bread=(0,) * 5, spent=state.ponds.bread)
    )
    _, kept_events = sc.start(state, Phase.UPKEEP, 5)
    _, spent_events = sc.start(spent, Phase.UPKEEP, 5)
    kept = [e for e in kept_events if isinstance(e, FinalScored)]
    assert len(kept) == 5
    assert kept == [e for e in spent_events if isinstance(e, FinalScored)]


def test_ponds_are_scored_and_offered_in_intersection_order() -> None:
    """P9: Ponds are ordered by their intersection's index: a Config listing them the other
    way round still scores the Perch Pool (11) after the Frog Pond (6), and the Eagle lists
    Location ties before Pond ties, Ponds in that order."""
    state = position(
        {"doghouse": {RED: 1, BLUE: 1}},
        {0: {RED: 1, BLUE: 1}, 1: {YELLOW: 1, GREEN: 1}},
        pond_tiles=(("perch_pool", 11), ("frog_pond", 6)),
        promos=frozenset({EAGLE_OF_JUSTICE}),
    )
    assert state.ponds is not None
    assert [p.tile for p in state.ponds.ponds] == ["frog_pond", "perch_pool"]
    state = turn(state)
    assert state.promos is not None
    state = attrs.evolve(state, promos=attrs.evolve(state.promos, controller=RED))
    paused, _ = sc.start(state, Phase.UPKEEP, 2)
    assert paused.flow.awaiting is Await.EAGLE
    places = [a.place for a in GAME.legal_actions(paused, RED) if isinstance(a, OrderTie)]
    assert places == ["doghouse"] * 2 + ["frog_pond"] * 2 + ["perch_pool"] * 2
    _, events = GAME.step(paused, Decline(RED))
    assert [e.pond for e in events if isinstance(e, PondScored)] == ["frog_pond"] * 2 + [
        "perch_pool"
    ] * 2


def test_a_scarecrow_with_no_legal_intersection_stays_where_it_is() -> None:
    """P9: a new Scarecrow controller with no full intersection free of a Pond and other
    than its own leaves the Scarecrow where it stands."""
    # 3 players; the Overstuffed Birdhouse at (1,3) takes four of the six intersections
    # with it, the Pond holds (0,0)/(0,2)/(1,1), and the Scarecrow stands on the last.
    tiles = (*sc.CREATURE_TILES_8[:4], "overstuffed_birdhouse", *sc.CREATURE_TILES_8[5:])
    state = position(
        {"cornfield": {BLUE: 2}},
        players=3,
        tiles=tiles,
        pond_tiles=(("duck_puddle", 0),),
    )
    state = sc.removed(state, "overstuffed_birdhouse")
    state = sc.creature(state, "scarecrow", RED, 4)
    after, events = sc.start(state, Phase.UPKEEP, 2)
    assert ControlChanged("scarecrow", "cornfield", BLUE) in events
    assert after.flow.awaiting is not Await.SCARECROW
    scarecrow = next(cr for cr in after.creatures if cr.id == "scarecrow")
    assert scarecrow.controller == BLUE
    assert scarecrow.position == Spot(Where.INTERSECTION, 4)
    assert invariant_violation(after) is None


@rule("perch_bop", "U13")
def test_the_largest_stack_tie_break_ignores_ponds() -> None:
    """P9, U13: tied totals go to the largest stack on a Location; Blue's five Pond birds
    do not beat Red's stack of four."""
    state = position({"great_ash": {RED: 4, BLUE: 3}}, {FROG: {BLUE: 5}})
    state = sc.scores(state, {RED: 20, BLUE: 20})
    assert [largest_stack(state, c) for c in (RED, BLUE)] == [4, 3]
    assert winners_of(state) == (RED,)


@rule("perch_bop", "U13")
def test_pond_birds_count_for_nobodys_largest_stack_even_alone() -> None:
    """P9, U13: a colour whose only birds sit on a Pond has no stack at all."""
    state = on_ponds(position(), {1: {GREEN: 6}})
    assert largest_stack(state, GREEN) == 0


@rule("perch_bop", "P5")
def test_pond_birds_are_unaffected_by_the_abilities_of_adjoining_locations() -> None:
    """P5, the rulebook: the Hanging Nest and the Power Lines beside a Pond take their own
    birds in Upkeep; the Pond's birds stay."""
    tiles = (
        "owl_barn",
        "great_ash",
        "lonely_elm",
        "mighty_oak",
        "overstuffed_birdhouse",
        "stone_statue",
        "park_bench",
        "power_lines",
        "hanging_nest",
        "rookery",
    )
    state = position(
        {"hanging_nest": {BLUE: 4}, "power_lines": {BLUE: 2}},
        {1: {BLUE: 2}},
        players=4,
        tiles=tiles,
        pond_tiles=(("duck_puddle", 0), ("loonie_lagoon", 7)),  # 7: (2,2), (3,0), (3,2)
    )
    paused, events = sc.start(state, Phase.UPKEEP, 2)
    after = settle(paused)  # the Power Lines bird's owner picks its fountain slot
    assert sc.loc(after, "hanging_nest").birds[BLUE] == 0
    assert sc.loc(after, "power_lines").birds[BLUE] == 1
    assert after.ponds is not None and after.ponds.ponds[1].birds == (0, 0, 2, 0)
    assert [(e.pond, e.colour, e.count) for e in events if isinstance(e, PondScored)] == [
        ("loonie_lagoon", BLUE, 8)
    ]


# --- the Config's Ponds -----------------------------------------------------------------------


@rule("perch_bop", "P5")
def test_a_game_with_pond_creatures_starts_with_them_unheld_and_off_the_board() -> None:
    """P5: the Frog and the Perch come with their Ponds, nobody's, standees not yet out."""
    config = Config(
        players=4,
        expansions=frozenset({POND_EMONIUM}),
        tiles=sc.TILES_10,
        ponds=(("frog_pond", 0), ("perch_pool", 8)),
    )
    state = GAME.new_game(config, 0)
    pond_creatures = [(cr.id, cr.controller, cr.position) for cr in state.creatures]
    assert pond_creatures[-2:] == [("frog", None, None), ("perch", None, None)]
