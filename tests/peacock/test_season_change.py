"""Season change (K2.6): the flip, rotation with tucks, automatic set-aside, next deal."""

from birdgames.peacock import GAME, BirdsSetAside, EndMigration, Phase, SeasonChanged
from birdgames.peacock.state import Slot, State
from tests.peacock.scenarios import (
    BLUE,
    ORANGE,
    VULTURE_ISLAND,
    flock,
    group,
    position,
    seat,
    starting,
)
from tests.rules import rule

pytestmark = rule("peacock", "K2.6")


def _end_season(state: State) -> tuple[State, tuple[object, ...]]:
    events: tuple[object, ...] = ()
    while state.phase is not Phase.DRAFT and state.phase is not Phase.OVER:
        state, events = GAME.step(state, EndMigration(GAME.to_act(state)[0]))
    return state, events


@rule("peacock", "KD7")
def test_vulture_whose_group_loses_meat_is_set_aside() -> None:
    """Rulebook: the crag has meat in blue, only fish in orange: the vultures leave."""
    state = position((seat(starting(VULTURE_ISLAND)), seat()), BLUE)
    state, events = _end_season(state)
    assert state.season is ORANGE and state.round == 2
    assert state.seats[0].groups[3].left is None
    assert state.seats[0].pool.aside == ("vulture", "vulture")
    assert BirdsSetAside(0, "vulture", 2, 3, Slot.LEFT,
                         "vulture needs meat; group 3 has no meat in orange") in events  # fmt: skip


@rule("peacock", "KD7")
def test_orange_owl_flock_of_two_becomes_one_plus_one_aside_in_blue() -> None:
    """An orange owl flock of 2 keeps 1 in blue; the other is set aside."""
    owls = group("start_3", flock("owl", 2), tucks=[("grove", ORANGE)])
    state = position((seat(starting(start_3=owls)), seat()), ORANGE)
    state, events = _end_season(state)
    assert state.season is BLUE
    assert state.seats[0].groups[2].left == flock("owl", 1)
    assert state.seats[0].pool.aside == ("owl",)
    assert (
        BirdsSetAside(0, "owl", 1, 2, Slot.LEFT, "an owl flock holds at most 1 in blue") in events
    )


def test_tucks_rotate_with_their_group() -> None:
    """A blue tuck feeds in blue; after the flip its group keeps the orange resources."""
    fed = group("start_1", flock("ostrich"), tucks=[("grove", BLUE)])  # 2 plants in blue
    state = position((seat(starting(start_1=fed)), seat()), BLUE)
    state, _ = _end_season(state)
    # Orange start_1: meat + plant, the blue tuck is inactive: one plant, the ostrich leaves.
    assert state.seats[0].groups[0].left is None
    assert state.seats[0].pool.aside == ("ostrich",)


def test_birds_that_still_fit_stay_and_may_move_again() -> None:
    """Birds whose group still feeds them stay, and the next migration's moves start at 0."""
    crows = group("start_1", flock("crow", 2))  # plant in both seasons
    state = position((seat(starting(start_1=crows), moves=9), seat()), BLUE)
    state, events = _end_season(state)
    assert state.seats[0].groups[0].left == flock("crow", 2)
    assert state.seats[0].moves == 0
    assert SeasonChanged(2, ORANGE) in events


def test_next_season_deals_six_birds_and_two_islands() -> None:
    """Season 2 deals 6 birds and 2 islands to each player."""
    state, _ = _end_season(position((seat(), seat()), BLUE))
    assert state.phase is Phase.DRAFT
    for s in state.seats:
        assert (len(s.hand.birds), len(s.hand.islands)) == (6, 2)
        assert s.season_scores == (0,)
