"""Migration and additional migration (K2.3, K2.4): islands, birds, requirements, refusals."""

import pytest

from birdgames import IllegalActionError
from birdgames.peacock import (
    GAME,
    Action,
    EndMigration,
    LiftBird,
    Phase,
    PlaceBird,
    PlaceIsland,
    Slot,
    Source,
    TuckIsland,
)
from birdgames.peacock.scoring import group_counts, season_score
from birdgames.peacock.state import MOVES_PER_MIGRATION
from tests.peacock.scenarios import (
    BLUE,
    ORANGE,
    flock,
    group,
    position,
    seat,
    solo,
    starting,
)
from tests.rules import rule

pytestmark = rule("peacock", "K2.3")

L, R = Slot.LEFT, Slot.RIGHT
D = Source.DRAFTED


def test_upgrade_example_tuck_gives_two_plants_and_one_fish_in_blue() -> None:
    """Rulebook upgrade: a grove tucked blue under start_1 makes 2 plants + 1 fish in blue."""
    state = solo(seat(drafted_islands=["grove"]))
    assert group_counts(state.seats[0].groups[0], BLUE) == (1, 1, 0)
    state = GAME.apply(state, TuckIsland(0, "grove", 0, BLUE))
    g = state.seats[0].groups[0]
    assert group_counts(g, BLUE) == (2, 1, 0)
    assert group_counts(g, ORANGE) == (1, 0, 1)  # its orange half is ignored


def test_tuck_on_the_inactive_half_waits_for_the_next_season() -> None:
    """A card tucked orange adds its orange resource only in orange seasons."""
    state = GAME.apply(solo(seat(drafted_islands=["crag"])), TuckIsland(0, "crag", 1, ORANGE))
    g = state.seats[0].groups[1]  # start_2: fish+meat blue, plant+fish orange
    assert group_counts(g, BLUE) == (0, 1, 1)
    assert group_counts(g, ORANGE) == (1, 2, 0)


def test_place_island_makes_a_new_group_with_one_resource() -> None:
    """A placed island is a new group offering its season half only."""
    state = GAME.apply(solo(seat(drafted_islands=["reef"])), PlaceIsland(0, "reef"))
    groups = state.seats[0].groups
    assert len(groups) == 4 and groups[3].island == "reef"
    assert group_counts(groups[3], BLUE) == (0, 1, 0)
    assert state.seats[0].pool.drafted_islands == ()


def test_single_requirement_needs_one_of_that_resource() -> None:
    """Single: a vulture needs meat; start_1 in blue has none."""
    state = solo(seat(drafted_birds=["vulture"]))
    assert GAME.check(state, PlaceBird(0, "vulture", D, 1, L)) is None  # start_2 has meat
    assert GAME.check(state, PlaceBird(0, "vulture", D, 0, L)) == (
        "vulture needs meat; group 0 has no meat in blue"
    )


def test_or_requirement_takes_either_resource() -> None:
    """Or: a crow (meat or plant) lives on start_1 (plant) and start_2 (meat), not on a reef."""
    state = GAME.apply(
        solo(seat(drafted_birds=["crow"], drafted_islands=["reef"])), PlaceIsland(0, "reef")
    )
    assert GAME.check(state, PlaceBird(0, "crow", D, 0, L)) is None
    assert GAME.check(state, PlaceBird(0, "crow", D, 1, L)) is None
    assert GAME.check(state, PlaceBird(0, "crow", D, 3, L)) == (
        "crow needs meat or plant; group 3 has neither meat nor plant in blue"
    )


def test_double_requirement_needs_two_and_says_so() -> None:
    """Double: heron needs two fish; one fish is refused with the count."""
    state = solo(seat(drafted_birds=["heron"], drafted_islands=["reef"]))
    assert GAME.check(state, PlaceBird(0, "heron", D, 0, L)) == (
        "heron needs two fish; group 0 has one fish in blue"
    )
    state = GAME.apply(state, TuckIsland(0, "reef", 0, BLUE))
    assert GAME.check(state, PlaceBird(0, "heron", D, 0, L)) is None


def test_illegal_action_raises_and_leaves_state_untouched() -> None:
    """apply refuses with IllegalActionError carrying the reason; the old state still works."""
    state = solo(seat(drafted_birds=["heron"]))
    bad = PlaceBird(0, "heron", D, 0, L)
    with pytest.raises(IllegalActionError) as caught:
        GAME.apply(state, bad)
    assert caught.value.action == bad
    assert "heron needs two fish" in caught.value.reason
    assert GAME.legal_actions(state, 0)


def test_bird_joins_a_same_species_flock_with_room_only() -> None:
    """A bird joins an empty slot or its own species' flock with room; others are refused."""
    groups = starting(start_2=group("start_2", flock("vulture", 3), flock("owl")))
    state = solo(seat(groups, drafted_birds=["vulture", "kingfisher"]))
    assert GAME.check(state, PlaceBird(0, "vulture", D, 1, L)) == (
        "the vulture flock in group 1 left is full (3 of 3)"
    )
    assert GAME.check(state, PlaceBird(0, "kingfisher", D, 1, R)) == (
        "group 1 right holds an owl flock; a flock has one species"
    )


@rule("peacock", "KD4")
def test_two_flocks_of_one_species_may_share_a_group() -> None:
    """DECISION: both slots of a group may hold flocks of the same species."""
    groups = starting(start_2=group("start_2", flock("vulture", 3)))
    state = solo(seat(groups, drafted_birds=["vulture"]))
    state = GAME.apply(state, PlaceBird(0, "vulture", D, 1, R))
    g = state.seats[0].groups[1]
    assert g.left == flock("vulture", 3) and g.right == flock("vulture", 1)


@rule("peacock", "KD5")
def test_placed_birds_move_again_within_the_migration() -> None:
    """K2.3 (DECISION): a placed bird may be lifted and placed again, and again."""
    groups = starting(start_2=group("start_2", flock("vulture", 1)))
    state = solo(seat(groups))
    move = PlaceBird(0, "vulture", Source.TABLEAU, 2, L, 1, L)
    assert move in GAME.legal_actions(state, 0)
    state = GAME.apply(state, move)
    assert state.seats[0].groups[1].left is None
    assert state.seats[0].groups[2].left == flock("vulture", 1)
    back = PlaceBird(0, "vulture", Source.TABLEAU, 1, L, 2, L)
    assert back in GAME.legal_actions(state, 0)
    state = GAME.apply(state, back)
    assert state.seats[0].groups[1].left == flock("vulture", 1)
    assert state.seats[0].moves == 2


@rule("peacock", "KD5")
def test_the_move_budget_ends_tableau_moves_but_not_placing() -> None:
    """K2.3 (DECISION): after MOVES_PER_MIGRATION moves, drafted birds still go down."""
    groups = starting(start_2=group("start_2", flock("vulture", 1)))
    state = solo(seat(groups, drafted_birds=["vulture"], moves=MOVES_PER_MIGRATION))
    move = PlaceBird(0, "vulture", Source.TABLEAU, 2, L, 1, L)
    assert GAME.check(state, move) == (
        f"p0 has made all {MOVES_PER_MIGRATION} moves of this migration"
    )
    assert GAME.check(state, LiftBird(0, "vulture", 1, L)) == GAME.check(state, move)
    legal = GAME.legal_actions(state, 0)
    assert PlaceBird(0, "vulture", D, 1, L) in legal
    assert all(a.source is not Source.TABLEAU for a in legal if isinstance(a, PlaceBird))
    assert not any(isinstance(a, LiftBird) for a in legal)


@rule("peacock", "KD5")
def test_crows_and_puffins_swap_flocks_through_a_free_slot() -> None:
    """K2.3 (DECISION): two full slots swap their flocks through a third, 24 -> 27 points.

    The crows (3, buddy: a vulture) sit on start_1 and the puffins (2) next to the vulture on
    start_2; every slot is taken but the grove's, which feeds crows only. The crows cross
    the grove and come back beside the vulture, so each crow moves twice: refused when a
    bird could move only once per migration.
    """
    crows_home = group("start_1", flock("crow", 3), flock("kingfisher"))  # plant, fish
    puffins_home = group("start_2", flock("vulture"), flock("puffin", 2))  # fish, meat
    owls = group("start_3", flock("owl"), flock("owl"))  # nothing here can leave
    groups = starting(group("grove"), start_1=crows_home, start_2=puffins_home, start_3=owls)
    state = solo(seat(groups))
    assert season_score(state.seats[0], BLUE)[0] == 24
    steps = [PlaceBird(0, "crow", Source.TABLEAU, 3, L, 0, L)] * 3
    steps += [PlaceBird(0, "puffin", Source.TABLEAU, 0, L, 1, R)] * 2
    steps += [PlaceBird(0, "crow", Source.TABLEAU, 1, R, 3, L)] * 3
    for step in steps:
        legal = GAME.legal_actions(state, 0)
        assert step in legal
        state = GAME.apply(state, legal[legal.index(step)])
    seat_after = state.seats[0]
    assert seat_after.groups[0].left == flock("puffin", 2)
    assert seat_after.groups[1].right == flock("crow", 3)
    assert season_score(seat_after, BLUE)[0] == 27
    assert seat_after.moves == 8


def test_end_migration_waits_for_every_drafted_island() -> None:
    """EndMigration is refused while a drafted island is unplaced."""
    state = solo(seat(drafted_islands=["reef", "crag"]))
    assert GAME.check(state, EndMigration(0)) == (
        "place or tuck every drafted island first (still waiting: crag, reef)"
    )
    assert EndMigration(0) not in GAME.legal_actions(state, 0)


@rule("peacock", "K2.4")
@rule("peacock", "KD6")
def test_unplaced_birds_pass_in_the_season_direction_then_leave() -> None:
    """K2.4: unplaced birds pass (blue: to seat i+1); unplaced received birds leave."""
    seats = (seat(drafted_birds=["heron"]), seat(), seat(aside=["owl"]))
    state = position(seats, BLUE)
    for p in range(3):
        state = GAME.apply(state, EndMigration(p))
    assert state.phase is Phase.ADDITIONAL
    assert state.seats[1].pool.received == ("heron",)
    assert state.seats[0].pool.received == ("owl",)
    assert GAME.to_act(state) == (0, 1)
    # p1 cannot feed a heron (no group has two fish) and gives up; p0 places the owl.
    assert GAME.legal_actions(state, 1) == (EndMigration(1),)
    state = GAME.apply(state, PlaceBird(0, "owl", Source.RECEIVED, 1, L))
    state = GAME.apply(state, EndMigration(0))
    assert state.seats[0].groups[1].left == flock("owl", 1)
    state = GAME.apply(state, EndMigration(1))
    assert state.round == 2 and state.gone == ("heron",)
    # Orange start_2 has no meat, so the owl is set aside at the season change.
    assert state.seats[0].pool.aside == ("owl",)


@rule("peacock", "K2.4")
@rule("peacock", "KD1")
def test_orange_passes_to_the_previous_seat() -> None:
    """DECISION: orange seasons pass to seat i-1."""
    seats = (seat(drafted_birds=["heron"]), seat(), seat())
    state = position(seats, ORANGE)
    for p in range(3):
        state = GAME.apply(state, EndMigration(p))
    assert state.seats[2].pool.received == ("heron",)


@rule("peacock", "K2.4")
def test_additional_migration_places_only_received_birds() -> None:
    """In additional migration nothing else moves and islands stay."""
    groups = starting(start_2=group("start_2", flock("vulture")))
    state = position((seat(groups, received=["owl"]), seat(done=True)), BLUE, Phase.ADDITIONAL)
    move = PlaceBird(0, "vulture", Source.TABLEAU, 2, L, 1, L)
    assert GAME.check(state, move) == (
        "in additional migration only received birds are placed; nothing else moves"
    )
    assert all(a.source is Source.RECEIVED for a in GAME.legal_actions(state, 0)
               if isinstance(a, PlaceBird))  # fmt: skip


@rule("peacock", "K2.4")
def test_received_birds_form_a_new_flock_together() -> None:
    """A new flock may take several received birds."""
    state = position((seat(received=["vulture", "vulture"]), seat(done=True)), BLUE,
                     Phase.ADDITIONAL)  # fmt: skip
    state = GAME.apply(state, PlaceBird(0, "vulture", Source.RECEIVED, 1, L))
    state = GAME.apply(state, PlaceBird(0, "vulture", Source.RECEIVED, 1, L))
    assert state.seats[0].groups[1].left == flock("vulture", 2)


def test_interleavings_of_migration_steps_give_the_same_state() -> None:
    """Players' steps touch only their own area, so any interleaving ends equal."""
    seats = (seat(drafted_birds=["vulture"], drafted_islands=["reef"]),
             seat(drafted_birds=["puffin"]))  # fmt: skip
    start = position(seats, BLUE)
    a0: list[Action] = [PlaceIsland(0, "reef"), PlaceBird(0, "vulture", D, 1, L)]
    a1: list[Action] = [PlaceBird(1, "puffin", D, 0, R)]
    one = start
    for action in (*a0, *a1):
        one = GAME.apply(one, action)
    two = start
    for action in (a0[0], a1[0], a0[1]):
        two = GAME.apply(two, action)
    assert one == two


def test_refusals_name_wrong_player_phase_and_source() -> None:
    """Wrong player, source, group and foreign objects get a reason, not a crash."""
    state = solo(seat(drafted_birds=["vulture"]))
    assert GAME.check(state, PlaceBird(7, "vulture", D, 1, L)) == (
        "there is no player 7 in a 2-player game"
    )
    assert GAME.check(state, PlaceBird(1, "vulture", D, 1, L)) == (
        "p1 has already ended this migration"
    )
    assert GAME.check(state, PlaceBird(0, "vulture", Source.ASIDE, 1, L)) == (
        "'vulture' is not among your aside birds (you have none)"
    )
    assert GAME.check(state, PlaceBird(0, "vulture", D, 9, L)) == (
        "there is no group 9; your groups are 0 to 2"
    )
    assert GAME.check(state, "vulture") == "'vulture' is not a Peacock action"  # type: ignore[arg-type]
    assert GAME.check(state, PlaceIsland(0, "reef")) == (
        "'reef' is not among your drafted islands (you have none)"
    )


def test_flock_size_effect_raises_the_maximum_in_its_season() -> None:
    """Owl: a second owl joins the flock in orange (max 2) but not in blue (max 1)."""
    owl_group = group("start_3", flock("owl"))  # meat in both seasons
    orange = solo(seat(starting(start_3=owl_group), drafted_birds=["owl"]), ORANGE)
    assert GAME.check(orange, PlaceBird(0, "owl", D, 2, L)) is None
    blue = solo(seat(starting(start_3=owl_group), drafted_birds=["owl"]), BLUE)
    assert GAME.check(blue, PlaceBird(0, "owl", D, 2, L)) == (
        "the owl flock in group 2 left is full (1 of 1)"
    )


def test_parrot_flock_holds_three_in_blue() -> None:
    """Parrot: the blue flock-size bonus lets a third parrot join in blue only."""
    parrots = group("start_1", flock("parrot", 2))  # plant in both seasons
    blue = solo(seat(starting(start_1=parrots), drafted_birds=["parrot"]), BLUE)
    assert GAME.check(blue, PlaceBird(0, "parrot", D, 0, L)) is None
    orange = solo(seat(starting(start_1=parrots), drafted_birds=["parrot"]), ORANGE)
    assert GAME.check(orange, PlaceBird(0, "parrot", D, 0, L)) == (
        "the parrot flock in group 0 left is full (2 of 2)"
    )


@rule("peacock", "KD3")
def test_a_placed_island_never_moves_again() -> None:
    """KD3: once placed, an island is no card of the pool: no action tucks, places or lifts
    it, and it keeps its group number through the season change."""
    state = solo(seat(drafted_islands=["reef", "grove"]))
    state = GAME.apply(state, PlaceIsland(0, "reef"))
    islands = {
        a.island for a in GAME.legal_actions(state, 0) if isinstance(a, PlaceIsland | TuckIsland)
    }
    assert islands == {"grove"}
    assert GAME.check(state, TuckIsland(0, "reef", 0, BLUE)) is not None
    assert GAME.check(state, PlaceIsland(0, "reef")) is not None
    state = GAME.apply(state, TuckIsland(0, "grove", 3, ORANGE))
    state = GAME.apply(state, EndMigration(0))
    assert state.round == 2
    assert [g.island for g in state.seats[0].groups] == ["start_1", "start_2", "start_3", "reef"]
    assert state.seats[0].groups[3].tucks[0].island == "grove"
