"""Scoring (K2.5): the rulebook examples, each trigger, each effect."""

import random

import birdgames
from birdgames.peacock.cards import Season
from birdgames.peacock.scoring import group_points, rating, score_flock, season_score
from birdgames.peacock.state import Group, Slot
from tests.peacock.scenarios import (
    BLUE,
    HUMMINGBIRD_AND_OSTRICH,
    ORANGE,
    VULTURE_FULL_FLOCK,
    flock,
    group,
    scored,
    seat,
    solo,
    starting,
)
from tests.rules import rule

pytestmark = rule("peacock", "K2.5")


def _points(g: Group, season: object = BLUE, slot: Slot = Slot.LEFT) -> tuple[int, int, int]:
    """Returns (feathers, bonus, points) of the flock in `slot`."""
    line = score_flock(g, 0, slot, season)  # type: ignore[arg-type]
    assert line is not None
    return line.feathers, line.bonus, line.points


def test_example_1_hummingbird_and_ostrich_score_seven() -> None:
    """Rulebook example 1: hummingbird 2 (no puffin) + ostrich 5 (no meat) = 7."""
    state = solo(seat(starting(HUMMINGBIRD_AND_OSTRICH)))
    assert _points(HUMMINGBIRD_AND_OSTRICH, slot=Slot.LEFT) == (2, 0, 2)
    assert _points(HUMMINGBIRD_AND_OSTRICH, slot=Slot.RIGHT) == (5, 0, 5)
    assert scored(state) == 7


def test_hummingbird_with_a_puffin_scores_four() -> None:
    """Buddy trigger: a hummingbird sharing the group with a puffin scores 2 + 2."""
    g = group("start_1", flock("hummingbird"), flock("puffin"))
    assert _points(g, ORANGE) == (2, 2, 4)


def test_buddy_bonus_counts_once_with_two_puffins() -> None:
    """The hummingbird's buddy bonus stays +2 with two puffins present."""
    g = group("start_1", flock("hummingbird"), flock("puffin", 2))
    assert _points(g, ORANGE) == (2, 2, 4)


def test_buddy_needs_the_named_count_in_either_slot() -> None:
    """Heron's buddy needs two kingfishers in the group; one is not enough."""
    two = group("reef", flock("heron"), flock("kingfisher", 2), tucks=[("reef", BLUE)])
    one = group("reef", flock("heron"), flock("kingfisher", 1), tucks=[("reef", BLUE)])
    assert _points(two) == (4, 2, 6)
    assert _points(one) == (4, 0, 4)


def test_ostrich_scores_seven_with_meat_once_even_with_two_meat() -> None:
    """Resource trigger: ostrich 5 + 2 with meat present; two meat still give +2."""
    one_meat = group("start_3", flock("ostrich"), tucks=[("grove", BLUE)])  # meat, 2 plant
    two_meat = group("start_3", flock("ostrich"), tucks=[("grove", BLUE), ("crag", BLUE)])
    assert _points(one_meat) == (5, 2, 7)
    assert _points(two_meat) == (5, 2, 7)


def test_vulture_full_flock_of_three_scores_twelve() -> None:
    """Rulebook example 2: three vultures, full flock, 4 each = 12."""
    assert _points(VULTURE_FULL_FLOCK) == (2, 2, 12)


def test_vulture_flock_not_full_has_no_bonus() -> None:
    """Full-flock trigger: two of three vultures score 2 each."""
    assert _points(group("crag", flock("vulture", 2))) == (2, 0, 4)


def test_parrots_below_their_raised_blue_maximum_score_plain_feathers() -> None:
    """Two parrots in blue (maximum 3 there) score 3 each: a flock-size effect adds nothing."""
    assert _points(group("start_1", flock("parrot", 2)), BLUE) == (3, 0, 6)


def test_puffin_scores_three_in_blue_and_two_in_orange() -> None:
    """Seasonal trigger with a feathers effect: puffin 2 + 1 only in blue."""
    g = group("reef", flock("puffin", 2))
    assert _points(g, BLUE) == (2, 1, 6)
    assert _points(group("crag", flock("puffin")), ORANGE) == (2, 0, 2)


def test_negative_bonus_peacock_moults_in_orange() -> None:
    """A feathers effect may be negative: a peacock scores 6 - 2 in orange."""
    assert _points(group("reef", flock("peacock")), ORANGE) == (6, -2, 4)
    assert _points(group("grove", flock("peacock")), BLUE) == (6, 0, 6)


def test_flock_size_effect_scores_no_feathers() -> None:
    """A flock-size effect adds no feathers: two orange owls score 4 each."""
    assert _points(group("grove", flock("owl", 2)), ORANGE) == (4, 0, 8)


def test_season_score_adds_every_flock_of_every_group() -> None:
    """A player's season score is the sum over all flocks of all groups."""
    groups = starting(VULTURE_FULL_FLOCK, start_1=HUMMINGBIRD_AND_OSTRICH)
    assert scored(solo(seat(groups))) == 7 + 12


def test_group_points_are_the_season_score_of_each_group() -> None:
    """`group_points` (what the evaluation reads) sums to `season_score`'s points for every
    seat, season and position of random 3-player games, example groups included."""
    groups = starting(VULTURE_FULL_FLOCK, start_1=HUMMINGBIRD_AND_OSTRICH)
    assert sum(group_points(g, BLUE) for g in groups) == 7 + 12
    game = birdgames.get_game("peacock")
    pick = random.Random(2)
    checked = 0
    for seed in range(3):
        state = game.new_game(game.default_config(3), seed)
        while not game.is_terminal(state):
            for side in state.seats:
                for season in Season:
                    total = sum(group_points(g, season) for g in side.groups)
                    assert total == season_score(side, season)[0]
                    checked += total > 0
            player = game.to_act(state)[0]
            state = game.apply(state, pick.choice(game.legal_actions(state, player)))
    assert checked > 100


@rule("peacock", "K3")
def test_ratings_bands() -> None:
    """K3: 0-99 Fair, 100-149 Fancy, 150+ Fabulous."""
    assert [rating(t) for t in (0, 99, 100, 149, 150, 231)] == [
        "Fair",
        "Fair",
        "Fancy",
        "Fancy",
        "Fabulous",
        "Fabulous",
    ]
