"""Pond-emonium (P5, P9) in play: Ponds set out, Bread dealt, Ponds scored in Upkeep step 2."""

from __future__ import annotations

import json

import attrs
import pytest

from birdgames import InvalidConfigError, codec
from birdgames.perch_bop import GAME
from birdgames.perch_bop.actions import BuildBirdhouse, FeedBirds, Place, PlaceScarecrow, Zap
from birdgames.perch_bop.cards import (
    BREAD_FOR_PLAYERS,
    OBJECTIVE,
    POND_EMONIUM,
    PONDS_FOR_PLAYERS,
)
from birdgames.perch_bop.endgame import largest_flock_winner, largest_stack
from birdgames.perch_bop.events import BirdsFed, LocationScored, PondScored, TileRemoved
from birdgames.perch_bop.flow import score_ponds
from birdgames.perch_bop.geometry import geometry_for
from birdgames.perch_bop.invariants import bird_count_problem, pond_problem
from birdgames.perch_bop.objectives import objective_met
from birdgames.perch_bop.rules import check, legal_actions, step
from birdgames.perch_bop.setup import eligible_objectives, set_out_ponds, validate
from birdgames.perch_bop.state import Await, Phase, Pond, Ponds, State
from birdgames.perch_bop.work import Work
from birdgames.rng import Rng
from tests.perch_bop import scenarios as sc
from tests.perch_bop.test_creatures import TILES as CREATURE_TILES
from tests.rules import rule

pytestmark = rule("perch_bop", "P5", "P9")

RED, YELLOW, BLUE, GREEN = 0, 1, 2, 3
# 4 players; intersection 2 joins great_ash, mighty_oak and the Overstuffed Birdhouse.
TILES = (
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
LAGOON = 2
# A second, empty Pond far from it (stone_statue, power_lines, hanging_nest): 4 players use 2.
EMPTY = Pond("duck_puddle", 7, (0, 0, 0, 0))


def _with_ponds(state: State, ponds: tuple[Pond, ...]) -> State:
    """Returns `state` under Pond-emonium with these Ponds, their birds taken from supply."""
    n = state.config.players
    config = attrs.evolve(
        state.config,
        expansions=frozenset({POND_EMONIUM}),
        ponds=tuple((p.tile, p.intersection) for p in ponds),
    )
    supply = list(state.supply)
    for pond in ponds:
        for c, k in enumerate(pond.birds):
            supply[c] -= k
    bread = (BREAD_FOR_PLAYERS[n],) * n
    return attrs.evolve(
        state, config=config, supply=tuple(supply), ponds=Ponds(ponds, bread, (0,) * n)
    )


def _rulebook_example() -> State:
    state = sc.board(
        sc.fresh(4, TILES),
        {
            "great_ash": {BLUE: 4, YELLOW: 2},
            "mighty_oak": {BLUE: 3, RED: 3},
            "overstuffed_birdhouse": {YELLOW: 3, GREEN: 9},  # Green beside the Pond only
        },
        nests={"great_ash": [YELLOW]},
    )
    return _with_ponds(state, (Pond("loonie_lagoon", LAGOON, (3, 1, 1, 0)), EMPTY))


def _pond_scores(events: tuple[object, ...]) -> dict[int, tuple[int, int, int]]:
    return {e.colour: (e.count, e.place, e.points) for e in events if isinstance(e, PondScored)}


def test_the_rulebook_example_is_a_valid_position() -> None:
    example = _rulebook_example()
    assert pond_problem(example) is None
    assert bird_count_problem(example) is None


def test_the_rulebook_example_scores_3_5_1_then_the_overstuffed_birdhouse_leaves() -> None:
    state, events = sc.start(_rulebook_example(), Phase.UPKEEP, 1)
    # Blue 1 + 7 = 8, Yellow 1 + 6 (with its Nest) = 7, Red 3 + 3 = 6; Green takes no part.
    assert _pond_scores(events) == {BLUE: (8, 1, 3), YELLOW: (7, 2, 5), RED: (6, 3, 1)}
    kinds = [type(e) for e in events]
    # P2: Locations, then Ponds, then During Upkeep (the removal).
    assert kinds.index(LocationScored) < kinds.index(PondScored) < kinds.index(TileRemoved)
    assert sc.loc(state, "overstuffed_birdhouse").removed
    # From the next round the Pond has two neighbours: Yellow keeps only great_ash's 2 + Nest.
    w = Work(attrs.evolve(state, flow=attrs.evolve(state.flow, phase=Phase.UPKEEP)))
    score_ponds(w)
    assert _pond_scores(tuple(w.events)) == {BLUE: (8, 1, 3), RED: (6, 2, 5), YELLOW: (4, 3, 1)}


def test_no_pond_bird_means_no_pond_score_even_with_the_most_birds_beside_it() -> None:
    state = _with_ponds(
        sc.board(sc.fresh(4, TILES), {"owl_barn": {GREEN: 9}}),
        (Pond("loonie_lagoon", LAGOON, (0, 0, 0, 0)), EMPTY),
    )
    _, events = sc.start(state, Phase.UPKEEP, 1)
    assert _pond_scores(events) == {}


def test_birds_on_another_pond_do_not_count() -> None:
    state = _with_ponds(
        sc.board(sc.fresh(4, TILES), {"owl_barn": {RED: 1}}),
        (
            Pond("duck_puddle", 0, (0, 1, 0, 0)),  # owl_barn, great_ash, mighty_oak
            Pond("perch_pool", 6, (5, 0, 0, 0)),  # stone_statue, park_bench, hanging_nest
        ),
    )
    w = Work(state)
    score_ponds(w)
    scored = [(e.pond, e.colour, e.count) for e in w.events if isinstance(e, PondScored)]
    assert scored == [("duck_puddle", YELLOW, 1), ("perch_pool", RED, 5)]


@rule("perch_bop", "§4.1")
def test_a_pond_reports_its_places_in_order_then_the_tied_colours() -> None:
    """A Pond's scoring goes 1st, 2nd, 3rd and on, then the tied colours in colour order
    (P5 scores as a Location does, §4.1)."""
    state = _with_ponds(sc.fresh(4, TILES), (Pond("loonie_lagoon", LAGOON, (2, 2, 1, 3)), EMPTY))
    w = Work(state)
    score_ponds(w)
    scored = [(e.colour, e.place, e.points) for e in w.events if isinstance(e, PondScored)]
    # Red and Yellow tie at 2 and cancel; Blue's 1 is 4th (loonie_lagoon pays 3 / 5 / 1).
    assert scored == [(GREEN, 1, 3), (BLUE, 4, 0), (RED, 0, 0), (YELLOW, 0, 0)]


def test_the_dummy_ranks_at_a_pond_but_never_scores() -> None:
    state = _with_ponds(sc.fresh(2), (Pond("duck_puddle", 0, (1, 0, 2)),))
    w = Work(state)
    score_ponds(w)
    assert _pond_scores(tuple(w.events)) == {2: (2, 1, 0), 0: (1, 2, 3)}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_drawn_ponds_and_bread(players: int) -> None:
    config = attrs.evolve(sc.config(players), expansions=frozenset({POND_EMONIUM}))
    tri = geometry_for(players).intersections
    for seed in range(40):
        ponds, _ = set_out_ponds(config, Rng.from_seed(seed))
        placed = [p.intersection for p in ponds.ponds]
        assert len(placed) == PONDS_FOR_PLAYERS[players]
        assert placed == sorted(set(placed))
        assert len({p.tile for p in ponds.ponds}) == len(placed)
        for i, a in enumerate(placed):
            assert all(len(set(tri[a]) & set(tri[b])) < 2 for b in placed[i + 1 :])
        assert ponds.bread == (BREAD_FOR_PLAYERS[players],) * players
        assert all(not any(p.birds) for p in ponds.ponds)


def test_fixed_ponds_are_set_out_in_intersection_order() -> None:
    config = attrs.evolve(
        sc.config(4),
        expansions=frozenset({POND_EMONIUM}),
        ponds=(("frog_pond", 8), ("loonie_lagoon", 0)),
    )
    ponds, _ = set_out_ponds(config, Rng.from_seed(1))
    assert [(p.tile, p.intersection) for p in ponds.ponds] == [
        ("loonie_lagoon", 0),
        ("frog_pond", 8),
    ]


def test_a_bad_fixed_pond_placement_raises_naming_it() -> None:
    config = attrs.evolve(
        sc.config(4), expansions=frozenset({POND_EMONIUM}), ponds=(("frog_pond", 0), ("x", 8))
    )
    with pytest.raises(InvalidConfigError, match="unknown Pond tile 'x'"):
        validate(config)
    shared = attrs.evolve(config, ponds=(("frog_pond", 0), ("perch_pool", 1)))
    with pytest.raises(InvalidConfigError, match="share two Locations"):
        GAME.new_game(shared, 0)


def test_fixed_ponds_need_pond_emonium() -> None:
    with pytest.raises(InvalidConfigError, match="pond_emonium"):
        validate(attrs.evolve(sc.config(4), ponds=(("frog_pond", 0), ("perch_pool", 8))))


def test_bread_held_plus_spent_must_be_what_was_dealt() -> None:
    state = _rulebook_example()
    assert state.ponds is not None
    bad = attrs.evolve(state, ponds=attrs.evolve(state.ponds, bread=(4, 4, 3, 4)))
    assert pond_problem(bad) == "p2 holds 3 Bread and spent 0, but was dealt 4"


def test_pond_birds_are_accounted_for() -> None:
    state = _rulebook_example()
    assert state.ponds is not None
    pond = attrs.evolve(state.ponds.ponds[0], birds=(4, 1, 1, 0))
    bad = attrs.evolve(state, ponds=attrs.evolve(state.ponds, ponds=(pond,)))
    assert bird_count_problem(bad) == "colour 0 has 29 birds, not 28"


# --- Feed the Birds (P5, P9) ----------------------------------------------------------------


def _feeding(**houses: list[int]) -> State:
    state = sc.board(
        sc.fresh(4, TILES),
        {"great_ash": {BLUE: 1, YELLOW: 2}, "mighty_oak": {RED: 2}, "lonely_elm": {RED: 1}},
        nests={"great_ash": [BLUE]},
        houses=houses,
    )
    state = _with_ponds(state, (Pond("loonie_lagoon", LAGOON, (0, 0, 0, 0)), EMPTY))
    return sc.hands(sc.perch_turn(state, RED), {RED: {RED: 1}})


def test_feeding_the_birds_spends_a_bread_and_moves_any_bird_onto_the_pond() -> None:
    state = _feeding()
    act = FeedBirds(RED, "loonie_lagoon", "great_ash", BLUE)  # another player's bird
    assert act in legal_actions(state, RED)  # before the placement
    after, events = step(state, act)
    assert after.ponds is not None
    assert after.ponds.ponds[0].birds == (0, 0, 1, 0)
    assert after.ponds.bread == (3, 4, 4, 4) and after.ponds.spent == (1, 0, 0, 0)
    ash = sc.loc(after, "great_ash")
    # The stack's last bird left: its nest is free again.
    assert ash.birds[BLUE] == 0 and not ash.nested[BLUE] and ash.free_nests == 1
    assert [str(e) for e in events if isinstance(e, BirdsFed)] == [
        "p0 spends a Bread (3 left): a blue bird flies from great_ash onto the Pond loonie_lagoon"
    ]
    assert after.flow.bonus_used
    again = FeedBirds(RED, "loonie_lagoon", "great_ash", YELLOW)
    assert check(after, again) == "p0 has already taken a bonus action this turn"
    assert bird_count_problem(after) is None and pond_problem(after) is None


def test_the_birds_may_be_fed_after_the_placement() -> None:
    state = _feeding()
    placed, _ = step(state, Place(RED, RED, "lonely_elm", False))
    assert FeedBirds(RED, "loonie_lagoon", "mighty_oak", RED) in legal_actions(placed, RED)


def test_feeding_is_refused_without_bread() -> None:
    state = _feeding()
    assert state.ponds is not None
    hungry = attrs.evolve(state, ponds=attrs.evolve(state.ponds, bread=(0, 4, 4, 4)))
    act = FeedBirds(RED, "loonie_lagoon", "great_ash", BLUE)
    assert check(hungry, act) == "p0 has no Bread left to feed the birds"
    assert not [a for a in legal_actions(hungry, RED) if isinstance(a, FeedBirds)]


def test_feeding_is_refused_from_a_birdhouse_stack() -> None:
    state = _feeding(mighty_oak=[RED])
    reason = check(state, FeedBirds(RED, "loonie_lagoon", "mighty_oak", RED))
    assert reason is not None and "birdhouse" in reason
    assert FeedBirds(RED, "loonie_lagoon", "mighty_oak", RED) not in legal_actions(state, RED)


def test_feeding_only_from_a_location_beside_the_pond() -> None:
    state = _feeding()
    reason = check(state, FeedBirds(RED, "loonie_lagoon", "lonely_elm", RED))
    assert reason == "lonely_elm does not adjoin the Pond loonie_lagoon"
    assert check(state, FeedBirds(RED, "swamp", "great_ash", BLUE)) == (
        "'swamp' is not a Pond on this board; the Ponds are loonie_lagoon, duck_puddle"
    )


def test_a_birdhouse_never_goes_on_pond_birds() -> None:
    state = _feeding()
    fed, _ = step(state, FeedBirds(RED, "loonie_lagoon", "great_ash", BLUE))
    late = attrs.evolve(fed, round=4, flow=attrs.evolve(fed.flow, bonus_used=False))
    reason = check(late, BuildBirdhouse(RED, "loonie_lagoon", BLUE))
    assert reason == "'loonie_lagoon' is not a Location on this board"


def test_a_zap_may_hit_a_pond_bird() -> None:
    state = _feeding()
    fed, _ = step(state, FeedBirds(RED, "loonie_lagoon", "great_ash", YELLOW))
    last = attrs.evolve(fed, round=5, flow=attrs.evolve(fed.flow, bonus_used=False))
    zap = Zap(RED, "loonie_lagoon", YELLOW)
    assert zap in legal_actions(last, RED)
    assert check(last, Zap(RED, "loonie_lagoon", BLUE)) == (
        "there is no blue bird on the Pond loonie_lagoon"
    )
    after, events = step(last, zap)
    assert after.ponds is not None and after.ponds.ponds[0].birds == (0, 0, 0, 0)
    assert "zap (p0) sends a yellow bird from loonie_lagoon to the fountain" in map(str, events)
    assert after.arrivals and after.arrivals[0].colour == YELLOW
    assert bird_count_problem(after) is None


# --- the Pond objectives (P6) ---------------------------------------------------------------


def test_the_pond_objectives_come_only_with_pond_emonium_and_their_player_counts() -> None:
    ponds = {"pond_hopper", "deep_end", "lily_pad_lord"}
    base = attrs.evolve(sc.config(4), expansions=frozenset())
    assert not ponds & set(eligible_objectives(base))
    pond4 = attrs.evolve(base, expansions=frozenset({POND_EMONIUM}))
    assert ponds <= set(eligible_objectives(pond4))
    pond2 = attrs.evolve(sc.config(2), expansions=frozenset({POND_EMONIUM}))
    assert ponds & set(eligible_objectives(pond2)) == {"deep_end", "lily_pad_lord"}


@rule("perch_bop", "PD28")
def test_lily_pad_lord_is_the_sole_leader_by_the_pond_count() -> None:
    example = _rulebook_example()
    met = [objective_met(example, OBJECTIVE["lily_pad_lord"], p) for p in range(4)]
    assert met == [False, False, True, False]  # Blue leads Loonie Lagoon 8 to 7 to 6


def test_deep_end_wants_three_birds_on_one_pond() -> None:
    example = _rulebook_example()
    met = [objective_met(example, OBJECTIVE["deep_end"], p) for p in range(4)]
    assert met == [True, False, False, False]  # only Red has 3 there


def test_pond_hopper_wants_a_bird_on_every_pond() -> None:
    example = _rulebook_example()
    assert not objective_met(example, OBJECTIVE["pond_hopper"], RED)  # none on the second
    assert example.ponds is not None
    lagoon, empty = example.ponds.ponds
    both = attrs.evolve(
        example,
        ponds=attrs.evolve(example.ponds, ponds=(lagoon, attrs.evolve(empty, birds=(1, 0, 0, 0)))),
        supply=(example.supply[0] - 1, *example.supply[1:]),
    )
    assert objective_met(both, OBJECTIVE["pond_hopper"], RED)
    assert not objective_met(both, OBJECTIVE["pond_hopper"], BLUE)
    assert bird_count_problem(both) is None


def test_largest_flock_ignores_pond_birds() -> None:
    example = _rulebook_example()
    # Red's 3 Pond birds and 3 at mighty_oak would be 6 as one flock; only the 3 count.
    assert [largest_stack(example, c) for c in range(4)] == [3, 3, 4, 9]
    assert largest_flock_winner(example) == GREEN


def test_a_state_saved_before_ponds_existed_still_loads_and_means_the_same() -> None:
    state = sc.fresh(3)
    data = json.loads(codec.dumps(state))
    assert data["ponds"] is None and data["config"]["ponds"] is None
    del data["ponds"], data["config"]["ponds"]
    assert codec.loads(State, json.dumps(data)) == state


# --- creatures and Ponds (P5, P9) -----------------------------------------------------------


def test_the_scarecrow_is_never_placed_on_an_intersection_holding_a_pond() -> None:
    state = sc.board(sc.fresh(5, CREATURE_TILES), {"cornfield": {1: 2}})
    state = sc.creature(state, "scarecrow", 0, 4)
    dry = (0,) * 5
    state = _with_ponds(state, (Pond("frog_pond", 2, dry), Pond("duck_puddle", 9, dry)))
    after, _ = sc.start(state, Phase.UPKEEP)
    assert after.flow.awaiting is Await.SCARECROW
    options = {a.intersection for a in legal_actions(after, 1) if isinstance(a, PlaceScarecrow)}
    assert options == set(range(12)) - {2, 4, 9}  # not its own (U21), not a Pond's (P5)
    assert check(after, PlaceScarecrow(1, 2)) is not None


# --- views ----------------------------------------------------------------------------------


def test_ponds_and_bread_are_public_in_every_view_and_event() -> None:
    state = _feeding()
    fed, events = step(state, FeedBirds(RED, "loonie_lagoon", "great_ash", BLUE))
    for viewer in (RED, GREEN, None):
        assert GAME.view(fed, viewer).ponds == fed.ponds
        assert GAME.visible_events(events, viewer) == events
    _, upkeep = sc.start(fed, Phase.UPKEEP, 1)
    scored = tuple(e for e in upkeep if isinstance(e, PondScored))
    assert scored and GAME.visible_events(scored, GREEN) == scored


def test_a_pond_leader_zapped_off_its_pond_is_still_a_valid_state() -> None:
    state = _feeding()
    fed, _ = step(state, FeedBirds(RED, "loonie_lagoon", "great_ash", YELLOW))
    assert fed.ponds is not None
    lagoon, empty = fed.ponds.ponds
    led = attrs.evolve(
        fed,
        round=5,
        flow=attrs.evolve(fed.flow, bonus_used=False),
        ponds=attrs.evolve(fed.ponds, ponds=(attrs.evolve(lagoon, leader=YELLOW), empty)),
    )
    after, _ = step(led, Zap(RED, "loonie_lagoon", YELLOW))
    assert after.ponds is not None and after.ponds.ponds[0].leader == YELLOW
    assert pond_problem(after) is None
    bad = attrs.evolve(lagoon, leader=7)
    assert (
        pond_problem(attrs.evolve(fed, ponds=attrs.evolve(fed.ponds, ponds=(bad, empty))))
        == "Pond loonie_lagoon's leader 7 is no colour in this game"
    )
