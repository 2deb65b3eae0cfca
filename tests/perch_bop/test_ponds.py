"""Pond-emonium's pure Pond rules (P5, P9): the Pond count, its places and Pond placement."""

from __future__ import annotations

import pytest

from birdgames.perch_bop.cards import POND_TILE, POND_TILES, PONDS_FOR_PLAYERS
from birdgames.perch_bop.geometry import geometry_for
from birdgames.perch_bop.ponds import pond_points, pond_strengths
from birdgames.perch_bop.setup import placement_problem
from birdgames.perch_bop.state import Location
from tests.rules import rule

pytestmark = rule("perch_bop", "P5", "P9")

RED, YELLOW, BLUE, GREEN = 0, 1, 2, 3


def _loc(tile: str, birds: dict[int, int], nested: frozenset[int] = frozenset()) -> Location:
    return Location(
        tile,
        tuple(birds.get(c, 0) for c in range(4)),
        tuple(c in nested for c in range(4)),
        (False,) * 4,
        0,
    )


# The rulebook's Loonie Lagoon example: three Locations adjoin the Pond.
GREAT_ASH = _loc("great_ash", {BLUE: 4, YELLOW: 2}, nested=frozenset({YELLOW}))
HIGH_PERCH = _loc("high_perch", {BLUE: 3, RED: 3})
OVERSTUFFED = _loc("overstuffed_birdhouse", {YELLOW: 3, GREEN: 9})
ON_POND = (3, 1, 1, 0)  # red 3, yellow 1, blue 1, green none


def test_the_rulebook_pond_example_scores_3_5_1_and_green_takes_no_part() -> None:
    power = pond_strengths(ON_POND, (GREAT_ASH, HIGH_PERCH, OVERSTUFFED))
    # Blue 1 + 7 = 8, Yellow 1 + 6 (its Nest counts) = 7, Red 3 + 3 = 6; Green has 9
    # birds beside the Pond but none on it.
    assert power == (6, 7, 8, 0)
    assert pond_points("loonie_lagoon", power) == ((3, 1), (2, 5), (1, 3), (0, 0))


def test_after_the_overstuffed_birdhouse_is_removed_only_two_locations_count() -> None:
    gone = Location(
        OVERSTUFFED.tile,
        OVERSTUFFED.birds,
        OVERSTUFFED.nested,
        OVERSTUFFED.housed,
        0,
        removed=True,
    )
    power = pond_strengths(ON_POND, (GREAT_ASH, HIGH_PERCH, gone))
    assert power == (6, 4, 8, 0)  # Yellow loses its 3 birds there
    assert pond_points("loonie_lagoon", power) == ((2, 5), (3, 1), (1, 3), (0, 0))


def test_no_bird_on_the_pond_means_no_pond_score_whatever_lies_beside_it() -> None:
    power = pond_strengths((0, 0, 0, 0), (GREAT_ASH, HIGH_PERCH, OVERSTUFFED))
    assert power == (0, 0, 0, 0)
    assert all(points == 0 for _, points in pond_points("duck_puddle", power))


def test_pond_ties_cancel_as_at_a_location() -> None:
    # 3/3/1: the tied pair scores nothing and the third scores the 3rd value.
    assert pond_points("perch_pool", (3, 3, 1, 0)) == ((0, 0), (0, 0), (3, 2), (0, 0))


@rule("perch_bop", "PD20")
def test_a_birdhouse_counts_for_the_pond_as_for_the_location() -> None:
    housed = Location("great_ash", (2, 0, 0, 0), (False,) * 4, (True, False, False, False), 0)
    assert pond_strengths((1, 0, 0, 0), (housed,)) == (4, 0, 0, 0)


def test_the_four_pond_tiles_and_their_creatures() -> None:
    assert [p.id for p in POND_TILES] == [
        "loonie_lagoon",
        "frog_pond",
        "perch_pool",
        "duck_puddle",
    ]
    assert POND_TILE["loonie_lagoon"].values == (3, 5, 1)
    assert {p.creature for p in POND_TILES} == {None, "frog", "perch"}


def _sharing_two(players: int) -> tuple[int, int]:
    tri = geometry_for(players).intersections
    for a in range(len(tri)):
        for b in range(a + 1, len(tri)):
            if len(set(tri[a]) & set(tri[b])) == 2:
                return a, b
    raise AssertionError("no two intersections share two Locations")


def _sharing_one(players: int) -> tuple[int, int]:
    tri = geometry_for(players).intersections
    for a in range(len(tri)):
        for b in range(a + 1, len(tri)):
            if len(set(tri[a]) & set(tri[b])) == 1:
                return a, b
    raise AssertionError("no two intersections share one Location")


@rule("perch_bop", "PD19", "U23")
@pytest.mark.parametrize("players", [4, 5])
def test_two_ponds_may_share_one_location_but_never_two(players: int) -> None:
    a, b = _sharing_one(players)
    assert placement_problem(players, (("frog_pond", a), ("perch_pool", b))) is None
    a, b = _sharing_two(players)
    reason = placement_problem(players, (("frog_pond", a), ("perch_pool", b)))
    assert reason is not None and "share two Locations" in reason


@pytest.mark.parametrize(
    ("players", "ponds", "named"),
    [
        (3, (("frog_pond", 0), ("perch_pool", 5)), "use 1 Pond"),
        (4, (("frog_pond", 0),), "use 2 Pond"),
        (2, (("swamp", 0),), "'swamp'"),
        (3, (("frog_pond", 6),), "intersection 6"),
        (5, (("frog_pond", 0), ("frog_pond", 11)), "'frog_pond' is placed twice"),
        (5, (("frog_pond", 3), ("duck_puddle", 3)), "share intersection 3"),
    ],
)
def test_a_bad_fixed_pond_placement_is_named(
    players: int, ponds: tuple[tuple[str, int], ...], named: str
) -> None:
    reason = placement_problem(players, ponds)
    assert reason is not None and named in reason


def test_pond_counts_per_player_count() -> None:
    assert PONDS_FOR_PLAYERS == {2: 1, 3: 1, 4: 2, 5: 2}
