"""Points in the Sky (P4, P9): the Sun and Moon cover Locations and walk the edge ring."""

from __future__ import annotations

import attrs
import pytest

from birdgames import CodecError, codec
from birdgames.perch_bop import GAME, State
from birdgames.perch_bop.cards import MOON_VALUES, POINTS_IN_THE_SKY, SUN_VALUES
from birdgames.perch_bop.events import LocationScored, SkyMoved, TileEffect, TurnOrderSet
from birdgames.perch_bop.flow import sky_step
from birdgames.perch_bop.geometry import geometry_for
from birdgames.perch_bop.state import Phase, Sky
from tests.perch_bop import scenarios as sc
from tests.rules import rule

pytestmark = rule("perch_bop", "P4", "P9")

# 8-tile board order: (0,0) (0,2) (0,4) (1,1) (1,3) (2,0) (2,2) (2,4). The Sun starts on
# (2,2), the Stone Statue; the Moon on (0,2), the High Perch.
SKY_8 = (
    "great_ash",
    "high_perch",
    "lonely_elm",
    "early_bird",
    "mighty_oak",
    "park_bench",
    "stone_statue",
    "overstuffed_birdhouse",
)


def fresh(players: int, tiles: tuple[str, ...] | None = None) -> State:
    """Returns a Points in the Sky game in which everybody has kept an objective."""
    config = attrs.evolve(sc.config(players, tiles), expansions=frozenset({POINTS_IN_THE_SKY}))
    state = GAME.new_game(config, 0)
    for p in range(players):
        state = GAME.apply(state, GAME.legal_actions(state, p)[0])
    return state


def cell(players: int, column: int, row: int) -> int:
    return geometry_for(players).index[(column, row)]


def scored(events: tuple[object, ...], tile: str) -> dict[int, int]:
    return {e.colour: e.points for e in events if isinstance(e, LocationScored) and e.tile == tile}


@rule("perch_bop", "PD15")
@pytest.mark.parametrize(
    ("players", "sun", "moon"),
    [(2, (2, 2), (0, 2)), (3, (2, 2), (0, 2)), (4, (3, 4), (0, 1)), (5, (4, 2), (0, 2))],
)
def test_start_positions_per_layout(
    players: int, sun: tuple[int, int], moon: tuple[int, int]
) -> None:
    """Setup: 2-3 players the centres of the right and left columns; 4 players the
    bottom-right and top-left corners; 5 players opposite edges (4,2) and (0,2)."""
    state = fresh(players)
    assert state.sky == Sky(cell(players, *sun), cell(players, *moon))
    assert state.feeders is None


@rule("perch_bop", "PD16")
def test_values_replace_the_printed_ones_and_during_scoring_is_ignored() -> None:
    """Under the Sun the Stone Statue pays 6/3/1, not 1 + strength // 2; under the Moon the
    High Perch pays 1/3/5 and its Before Assigning Turn Order ability still applies."""
    state = sc.board(
        fresh(3, SKY_8),
        {"stone_statue": {0: 4, 1: 2, 2: 1}, "high_perch": {1: 2, 0: 1}},
    )
    after, events = sc.start(state, Phase.UPKEEP)
    assert scored(events, "stone_statue") == {0: SUN_VALUES[0], 1: SUN_VALUES[1], 2: SUN_VALUES[2]}
    assert scored(events, "high_perch") == {1: MOON_VALUES[0], 0: MOON_VALUES[1]}
    assert TileEffect("stone_statue", None, "the Sun covers it: it scores 6/3/1") in events
    assert TileEffect("high_perch", None, "the Moon covers it: it scores 1/3/5") in events
    assert [s.score for s in after.seats] == [9, 4, 1]
    # p1 controls the High Perch: last seat, though second by score
    assert TurnOrderSet(2, (0, 2, 1)) in events


def test_an_uncovered_location_scores_its_printed_values() -> None:
    """Without the Sun the Stone Statue's 1st scores 1 + total strength // 2 as usual."""
    state = sc.board(sc.fresh(3, SKY_8), {"stone_statue": {0: 4, 1: 2, 2: 1}})
    _, events = sc.start(state, Phase.UPKEEP)
    assert scored(events, "stone_statue")[0] == 1 + 7 // 2


def test_after_upkeep_both_move_one_step_clockwise() -> None:
    """After round 1's Upkeep the Sun goes (2,2) -> (2,4) and the Moon (0,2) -> (0,0)."""
    after, events = sc.start(fresh(3, SKY_8), Phase.UPKEEP)
    assert after.round == 2
    assert after.sky == Sky(cell(3, 2, 4), cell(3, 0, 0))
    assert SkyMoved("sun", "overstuffed_birdhouse") in events
    assert SkyMoved("moon", "great_ash") in events
    assert str(SkyMoved("moon", "great_ash")) == "the Moon moves clockwise to great_ash"


def test_the_walk_skips_a_removed_location() -> None:
    """The Overstuffed Birdhouse at (2,4) leaves: the Sun goes from (2,2) on to (1,3)."""
    state = sc.board(fresh(3, SKY_8), {"overstuffed_birdhouse": {0: 7}})
    after, _ = sc.start(state, Phase.UPKEEP)
    assert sc.loc(after, "overstuffed_birdhouse").removed
    assert after.sky is not None and after.sky.sun == cell(3, 1, 3)


def test_one_on_a_removed_location_steps_to_the_next_surviving_one() -> None:
    """The Sun stands on the Overstuffed Birdhouse when it leaves: it steps to the next tile."""
    state = sc.board(fresh(3, SKY_8), {"overstuffed_birdhouse": {0: 7}})
    state = attrs.evolve(state, sky=Sky(cell(3, 2, 4), cell(3, 0, 2)))
    after, events = sc.start(state, Phase.UPKEEP)
    # scored with the Sun's values before it left (positions as they stand at scoring)
    assert scored(events, "overstuffed_birdhouse") == {0: SUN_VALUES[0]}
    assert after.sky is not None and after.sky.sun == cell(3, 1, 3)


def test_no_move_after_round_5() -> None:
    """Round 5's Upkeep ends the game: the Sun and Moon stay where round 5 scored them."""
    state = fresh(3, SKY_8)
    after, events = sc.start(state, Phase.UPKEEP, 5)
    assert after.flow.phase is Phase.OVER
    assert after.sky == state.sky
    assert not any(isinstance(e, SkyMoved) for e in events)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_sun_and_moon_never_share_a_location_over_every_removal(players: int) -> None:
    """Whichever ring tile is removed, in whichever round, the walk keeps them apart."""
    geo = geometry_for(players)
    start = fresh(players).sky
    assert start is not None
    for gone in (None, *geo.ring):
        for when in range(1, 6):
            sky = start
            for round_ in range(1, 5):
                removed = [gone] if gone is not None and round_ >= when else []
                sky = sky_step(players, sky, removed)
                assert sky.sun != sky.moon, (gone, when, round_)
                assert sky.sun not in removed and sky.moon not in removed


@rule("perch_bop", "PD17")
def test_sky_step_moves_the_moon_on_when_both_would_land_together() -> None:
    """DECISION: should both reach one Location, the Moon goes on to the next one."""
    geo = geometry_for(3)
    a, b, c, d = geo.ring[0], geo.ring[1], geo.ring[2], geo.ring[3]
    assert sky_step(3, Sky(a, b), [b]) == Sky(c, d)


def test_a_loaded_state_keeps_the_sun_and_moon_apart_on_the_edge() -> None:
    """The State validator refuses a shared, interior or missing Sun/Moon."""
    state = fresh(5)
    assert state.sky is not None
    shared = attrs.evolve(state, sky=Sky(state.sky.sun, state.sky.sun))
    with pytest.raises(CodecError, match="never share"):
        codec.loads(State, codec.dumps(shared))
    inside = attrs.evolve(state, sky=Sky(cell(5, 2, 2), state.sky.moon))
    with pytest.raises(CodecError, match="outer edge"):
        codec.loads(State, codec.dumps(inside))
    with pytest.raises(CodecError, match="Points in the Sky"):
        codec.loads(State, codec.dumps(attrs.evolve(state, sky=None)))
    assert codec.loads(State, codec.dumps(state)) == state


def test_a_location_removed_under_the_sun_in_round_5_leaves_it_there() -> None:
    """Round 5: the Overstuffed Birdhouse under the Sun scores 6/3/1 and leaves; the game
    ends with the Sun on it, and that final state loads."""
    state = sc.board(fresh(3, SKY_8), {"overstuffed_birdhouse": {0: 7}})
    state = attrs.evolve(state, sky=Sky(cell(3, 2, 4), cell(3, 0, 2)))
    after, events = sc.start(state, Phase.UPKEEP, 5)
    assert scored(events, "overstuffed_birdhouse") == {0: SUN_VALUES[0]}
    assert after.flow.phase is Phase.OVER and sc.loc(after, "overstuffed_birdhouse").removed
    assert after.sky == Sky(cell(3, 2, 4), cell(3, 0, 2))
    assert codec.loads(State, codec.dumps(after)) == after


def test_a_loaded_state_has_no_sun_on_a_removed_location_during_play() -> None:
    """Outside the Upkeep that removed it, the Sun never stands on a removed Location."""
    state = sc.perch_turn(sc.hands(fresh(3, SKY_8), {0: {0: 1}}), 0, 2)
    state = sc.removed(state, "overstuffed_birdhouse")
    state = attrs.evolve(state, sky=Sky(cell(3, 2, 4), cell(3, 0, 2)))
    with pytest.raises(CodecError, match="the Sun stands on the removed overstuffed_birdhouse"):
        codec.loads(State, codec.dumps(state))
