"""Upkeep Location scoring (§4.1): ties cancel and use up places; the dummy never scores."""

from hypothesis import given
from hypothesis import strategies as st

from birdgames.perch_bop.events import Event, LocationScored
from birdgames.perch_bop.scoring import places
from birdgames.perch_bop.state import Phase, State
from tests.perch_bop import scenarios as sc
from tests.rules import rule

pytestmark = rule("perch_bop", "§4.1")

TILES_BATH = (
    "great_ash",
    "owl_barn",
    "lonely_elm",
    "happy_birdbath",
    "stone_statue",
    "park_bench",
    "doghouse",
    "scented_pine",
)


def scored(events: tuple[Event, ...], tile: str) -> dict[int, tuple[int, int]]:
    """Returns colour -> (place, points) of a tile's scoring events."""
    return {
        e.colour: (e.place, e.points)
        for e in events
        if isinstance(e, LocationScored) and e.tile == tile
    }


def upkeep(state: State) -> tuple[State, tuple[Event, ...]]:
    return sc.start(state, Phase.UPKEEP)


def test_places_rule() -> None:
    """A colour's place is 1 + colours strictly stronger, unless it is tied (then 0)."""
    assert places((4, 2, 1)) == (1, 2, 3)
    assert places((5, 2, 2, 1)) == (1, 0, 0, 4)
    assert places((3, 3, 1)) == (0, 0, 3)
    assert places((2, 2, 2)) == (0, 0, 0)
    assert places((0, 1, 0)) == (0, 1, 0)


@given(st.lists(st.integers(min_value=-1, max_value=40), max_size=7))
def test_places_follow_the_rule_word_for_word(power: list[int]) -> None:
    """places() agrees with §4.1 read literally: an absent colour has no place; a colour
    tied with another has none; any other is 1 + the colours strictly stronger."""
    expected = tuple(
        0 if s <= 0 or sum(1 for t in power if t == s) > 1 else 1 + sum(1 for t in power if t > s)
        for s in power
    )
    assert places(power) == expected
    assert places(tuple(power)) == expected


def test_happy_birdbath_example_4_2_1_scores_2_0_1() -> None:
    """Happy Birdbath (2/0/1) with strengths 4/2/1 pays 2, 0 and 1."""
    state = sc.board(sc.fresh(3, TILES_BATH), {"happy_birdbath": {0: 4, 1: 2, 2: 1}})
    after, events = upkeep(state)
    assert scored(events, "happy_birdbath") == {0: (1, 2), 1: (2, 0), 2: (3, 1)}
    assert after.seats[0].score == 2 and after.seats[1].score == 0 and after.seats[2].score == 1


def test_early_bird_example_5_2_2_1_only_the_first_scores() -> None:
    """5/2/2/1 on the Early Bird: the 2s cancel and use up 2nd and 3rd; the 1 is 4th."""
    state = sc.board(sc.fresh(4), {"early_bird": {0: 5, 1: 2, 2: 2, 3: 1}})
    _, events = upkeep(state)
    assert scored(events, "early_bird") == {0: (1, 3), 1: (0, 0), 2: (0, 0), 3: (4, 0)}


def test_tie_at_the_top_3_3_1_the_one_takes_third() -> None:
    """3/3/1 on the Great Ash (5/3/2): the 3s score nothing, the 1 is 3rd and scores 2."""
    state = sc.board(sc.fresh(3), {"great_ash": {0: 3, 1: 3, 2: 1}})
    after, events = upkeep(state)
    assert scored(events, "great_ash") == {0: (0, 0), 1: (0, 0), 2: (3, 2)}
    assert after.seats[2].score == 2


def test_three_way_tie_nobody_scores() -> None:
    """2/2/2: nobody scores."""
    state = sc.board(sc.fresh(3), {"great_ash": {0: 2, 1: 2, 2: 2}})
    after, _ = upkeep(state)
    assert [s.score for s in after.seats] == [0, 0, 0]


def test_five_players_5_2_2_1_scores_first_only() -> None:
    """With five flocks 5/2/2/1/0: 1st scores, the tie scores nothing, the 1 is 4th."""
    state = sc.board(sc.fresh(5), {"mighty_oak": {4: 5, 0: 2, 1: 2, 2: 1}})
    _, events = upkeep(state)
    assert scored(events, "mighty_oak") == {4: (1, 6), 0: (0, 0), 1: (0, 0), 2: (4, 0)}


def test_nest_and_birdhouse_add_strength() -> None:
    """A stack on a nest and under a birdhouse counts 2 more than its birds."""
    state = sc.board(
        sc.fresh(3),
        {"great_ash": {0: 2, 1: 3}},
        nests={"great_ash": [0]},
        houses={"great_ash": [0]},
    )
    _, events = upkeep(state)
    assert scored(events, "great_ash") == {0: (1, 5), 1: (2, 3)}


def test_stone_statue_first_scores_one_plus_half_the_total() -> None:
    """Stone Statue: 1st scores 1 + total strength // 2; 2nd and 3rd the printed 2 and 1."""
    state = sc.board(sc.fresh(3), {"stone_statue": {0: 5, 1: 3, 2: 1}}, nests={"stone_statue": [0]})
    _, events = upkeep(state)
    # strengths 6, 3, 1: total 10 -> 1 + 5.
    assert scored(events, "stone_statue") == {0: (1, 6), 1: (2, 2), 2: (3, 1)}


def test_dummy_ranks_and_cancels_but_never_scores() -> None:
    """2 players: a dummy tie cancels p0; the dummy alone in 1st takes place 1 and 0 points."""
    state = sc.board(
        sc.fresh(2),
        {"great_ash": {2: 3, 0: 3, 1: 1}, "lonely_elm": {2: 4, 0: 2}},
    )
    after, events = upkeep(state)
    assert scored(events, "great_ash") == {2: (0, 0), 0: (0, 0), 1: (3, 2)}
    assert scored(events, "lonely_elm") == {2: (1, 0), 0: (2, 0)}
    assert after.seats[0].score == 0 and after.seats[1].score == 2


@rule("perch_bop", "U2")
def test_scoring_goes_in_board_order_first_to_third() -> None:
    """Points are applied tile by tile in board order, 1st then 2nd then 3rd (U2)."""
    state = sc.board(sc.fresh(3), {"great_ash": {1: 1, 0: 2}, "lonely_elm": {2: 3, 1: 1, 0: 2}})
    _, events = upkeep(state)
    order = [(e.tile, e.place) for e in events if isinstance(e, LocationScored)]
    assert order == [
        ("great_ash", 1),
        ("great_ash", 2),
        ("lonely_elm", 1),
        ("lonely_elm", 2),
        ("lonely_elm", 3),
    ]
