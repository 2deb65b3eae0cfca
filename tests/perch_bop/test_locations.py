"""Every Location ability: its timing, its effect, and the dummy controlling it (§5, §2.5)."""

import pytest

from birdgames.perch_bop import (
    GAME,
    AddBird,
    ChooseSlot,
    Decline,
    PlaceScarecrow,
    ReturnBird,
    SwapBirds,
)
from birdgames.perch_bop.events import (
    BirdRemoved,
    BirdsToBag,
    ControlChanged,
    TileRemoved,
    TurnOrderSet,
)
from birdgames.perch_bop.state import Await, Phase
from tests.perch_bop import scenarios as sc
from tests.rules import rule

pytestmark = rule("perch_bop", "§5")

WITH_ROOKERY_8 = (
    "great_ash",
    "owl_barn",
    "lonely_elm",
    "rookery",
    "stone_statue",
    "park_bench",
    "power_lines",
    "hanging_nest",
)
RECRUIT_8 = (
    "great_ash",
    "owl_barn",
    "lonely_elm",
    "happy_birdbath",
    "full_bird_feeder",
    "park_bench",
    "power_lines",
    "hanging_nest",
)
UPKEEP_8 = (
    "great_ash",
    "owl_barn",
    "lonely_elm",
    "overstuffed_birdhouse",
    "high_perch",
    "cornfield",
    "power_lines",
    "hanging_nest",
)


# --- Migration -------------------------------------------------------------------------------


def test_early_bird_controller_may_add_an_extra_bird() -> None:
    """Migration: the Early Bird's controller is asked, and AddBird puts 1 more bird in."""
    state = sc.board(sc.fresh(3), {"early_bird": {1: 2, 0: 1}})
    state, _ = sc.start(state, Phase.MIGRATION)
    assert state.flow.awaiting is Await.EARLY_BIRD and GAME.to_act(state) == (1,)
    assert GAME.legal_actions(state, 1) == (AddBird(1), Decline(1))
    assert state.bag == (2, 2, 2)
    added, events = GAME.step(state, AddBird(1))
    assert BirdsToBag(1, 1, 1, "early_bird") in events
    assert added.flow.phase is Phase.PERCH
    declined = GAME.apply(state, Decline(1))
    # 28 - 2 on the board - 2 migrating - 2 recruited, and 1 more with the Early Bird.
    assert (added.supply[1], declined.supply[1]) == (21, 22)


@rule("perch_bop", "§2.5")
@rule("perch_bop", "U3")
def test_early_bird_controlled_by_the_dummy_helps_nobody() -> None:
    """2 players: the dummy controlling the Early Bird asks nobody; it adds 4 birds in round 1."""
    state = sc.board(sc.fresh(2), {"early_bird": {2: 3}})
    state, _ = sc.start(state, Phase.MIGRATION)
    assert state.flow.awaiting is Await.TURN
    assert state.bag[2] + sum(s.hand[2] for s in state.seats) == 4  # U3: 4 in round 1


def test_early_bird_uncontrolled_on_a_tie() -> None:
    """A tie on the Early Bird means no controller and no extra bird."""
    state = sc.board(sc.fresh(3), {"early_bird": {1: 2, 0: 2}})
    state, _ = sc.start(state, Phase.MIGRATION)
    assert state.flow.awaiting is Await.TURN


def test_rookery_asks_strength_two_players_then_sends_a_controller_bird() -> None:
    """Rookery: players at strength exactly 2 may add a bird; then its controller's bird flies."""
    state = sc.board(
        sc.fresh(3, WITH_ROOKERY_8),
        {"rookery": {0: 2, 1: 1, 2: 4}},
        nests={"rookery": [1]},
    )
    state, _ = sc.start(state, Phase.MIGRATION)
    assert state.flow.awaiting is Await.ROOKERY and GAME.to_act(state) == (0,)
    state = GAME.apply(state, AddBird(0))
    assert GAME.to_act(state) == (1,)
    state, events = GAME.step(state, Decline(1))
    assert state.bag == (3, 2, 2)
    assert BirdRemoved(2, 2, "rookery", "fountain", "rookery") in events
    # p2 owns the bird, so p2 picks its slot among the four free bottom slots.
    assert GAME.to_act(state) == (2,)
    assert GAME.legal_actions(state, 2) == tuple(ChooseSlot(2, s) for s in range(4))
    state = GAME.apply(state, ChooseSlot(2, 3))
    assert state.fountain[3] == 2 and sc.loc(state, "rookery").birds == (2, 1, 3)


@rule("perch_bop", "§2.5")
def test_rookery_controlled_by_the_dummy_returns_a_dummy_bird_to_its_supply() -> None:
    """2 players: the dummy controlling the Rookery loses a bird to its own supply."""
    state = sc.board(sc.fresh(2, WITH_ROOKERY_8), {"rookery": {2: 3, 0: 1}})
    supply = state.supply[2]
    state, events = sc.start(state, Phase.MIGRATION)
    assert sc.loc(state, "rookery").birds == (1, 0, 2)
    assert any(isinstance(e, BirdRemoved) and e.destination == "supply" for e in events)
    assert state.supply[2] == supply - 4 + 1 and state.fountain.count(2) == 0


def test_rookery_spares_a_birdhouse_stack() -> None:
    """The Rookery's controller keeps every bird when a birdhouse closes that stack."""
    state = sc.board(sc.fresh(3, WITH_ROOKERY_8), {"rookery": {0: 3}}, houses={"rookery": [0]})
    state, events = sc.start(state, Phase.MIGRATION)
    assert sc.loc(state, "rookery").birds == (3, 0, 0)
    assert not any(isinstance(e, BirdRemoved) for e in events)
    assert not state.arrivals and state.fountain.count(None) == len(state.fountain)


# --- Recruit ---------------------------------------------------------------------------------


@rule("perch_bop", "§2.2")
def test_happy_birdbath_controller_draws_three_first_and_returns_one() -> None:
    """Recruit: the Birdbath controller draws 3 first and returns 1; others draw 2."""
    state = sc.board(sc.fresh(3, RECRUIT_8), {"happy_birdbath": {1: 1}})
    state = sc.bag(state, {0: 4, 1: 4, 2: 4})
    state, _ = sc.start(state, Phase.RECRUIT)
    assert state.flow.awaiting is Await.BIRDBATH and GAME.to_act(state) == (1,)
    assert sum(state.seats[1].hand) == 3 and sum(state.bag) == 9
    colour = next(c for c, k in enumerate(state.seats[1].hand) if k)
    assert ReturnBird(1, colour) in GAME.legal_actions(state, 1)
    state = GAME.apply(state, ReturnBird(1, colour))
    # p1 keeps 2 and adds 2 of their own; p0 and p2 draw 2 and add 2 of their own.
    assert [sum(s.hand) for s in state.seats] == [4, 4, 4]
    assert sum(state.bag) == 12 - 3 + 1 - 2 - 2


def test_happy_birdbath_wait_lists_nobody_as_pending() -> None:
    """While the Birdbath's return is awaited, the Rookery queue (`pending`) stays empty."""
    state = sc.board(sc.fresh(3, RECRUIT_8), {"happy_birdbath": {1: 1}})
    state = sc.bag(state, {0: 4, 1: 4, 2: 4})
    state, _ = sc.start(state, Phase.RECRUIT)
    assert state.flow.awaiting is Await.BIRDBATH
    assert state.flow.pending == () and GAME.view(state, None).pending == ()


@rule("perch_bop", "§2.5")
def test_happy_birdbath_controlled_by_the_dummy_draws_normally() -> None:
    """2 players: the dummy controlling the Birdbath changes nothing; everyone draws 2."""
    state = sc.board(sc.fresh(2, RECRUIT_8), {"happy_birdbath": {2: 2}})
    state = sc.bag(state, {0: 3, 1: 3, 2: 3})
    state, _ = sc.start(state, Phase.RECRUIT)
    assert state.flow.awaiting is Await.TURN
    assert [sum(s.hand) for s in state.seats] == [4, 4]


@rule("perch_bop", "PD3", "§2.2")
def test_full_bird_feeder_swaps_after_recruiting() -> None:
    """Recruit: after all draws the Feeder's controller may swap one hand bird with another's."""
    state = sc.board(sc.fresh(3, RECRUIT_8), {"full_bird_feeder": {0: 1}})
    state = sc.bag(state, {2: 6})
    state, _ = sc.start(state, Phase.RECRUIT)
    assert state.flow.awaiting is Await.FEEDER and GAME.to_act(state) == (0,)
    legal = GAME.legal_actions(state, 0)
    assert legal[-1] == Decline(0)
    swap = SwapBirds(0, 0, 1, 2)
    assert swap in legal
    after = GAME.apply(state, swap)
    assert after.seats[0].hand == (1, 0, 3) and after.seats[1].hand == (1, 2, 1)
    assert GAME.apply(state, Decline(0)).seats == state.seats


@rule("perch_bop", "§2.5")
def test_full_bird_feeder_controlled_by_the_dummy_asks_nobody() -> None:
    """2 players: the dummy controlling the Feeder gives nobody a swap."""
    state = sc.board(sc.fresh(2, RECRUIT_8), {"full_bird_feeder": {2: 1}})
    state = sc.bag(state, {2: 6})
    state, _ = sc.start(state, Phase.RECRUIT)
    assert state.flow.awaiting is Await.TURN


# --- Upkeep ----------------------------------------------------------------------------------


def test_power_lines_sends_a_controller_bird_to_the_fountain() -> None:
    """During Upkeep the Power Lines' controller must send one own bird to the fountain."""
    state = sc.board(sc.fresh(3), {"power_lines": {0: 3, 1: 1}})
    state, events = sc.start(state, Phase.UPKEEP)
    assert BirdRemoved(0, 0, "power_lines", "fountain", "power_lines") in events
    assert GAME.to_act(state) == (0,) and state.arrivals
    state = GAME.apply(state, ChooseSlot(0, 0))
    assert sc.loc(state, "power_lines").birds == (2, 1, 0) and state.fountain[0] == 0


def test_power_lines_spares_a_birdhouse_stack() -> None:
    """A controller's stack under a birdhouse cannot lose a bird to the Power Lines."""
    state = sc.board(sc.fresh(3), {"power_lines": {0: 2}}, houses={"power_lines": [0]})
    state, _ = sc.start(state, Phase.UPKEEP)
    assert sc.loc(state, "power_lines").birds == (2, 0, 0) and not state.arrivals


@rule("perch_bop", "§2.5")
def test_power_lines_controlled_by_the_dummy_returns_a_dummy_bird() -> None:
    """2 players: the dummy's Power Lines bird returns to the dummy's supply."""
    state = sc.board(sc.fresh(2), {"power_lines": {2: 2}})
    supply = state.supply[2]
    state, events = sc.start(state, Phase.UPKEEP)
    assert sc.loc(state, "power_lines").birds == (0, 0, 1)
    assert BirdRemoved(None, 2, "power_lines", "supply", "power_lines") in events
    assert state.fountain.count(2) == 0 and state.supply[2] == supply + 1 - 2


@rule("perch_bop", "U9", "U10")
def test_hanging_nest_drops_unprotected_birds_at_strength_four() -> None:
    """Hanging Nest at strength 4+: unprotected birds fall to the plaza, birdhouses stay."""
    state = sc.board(
        sc.fresh(3), {"hanging_nest": {0: 2, 1: 1, 2: 1}}, houses={"hanging_nest": [2]}
    )
    state, _ = sc.start(state, Phase.UPKEEP)
    assert sc.loc(state, "hanging_nest").birds == (0, 0, 1)
    assert state.plaza == (2, 1, 0)


def test_hanging_nest_holds_below_four() -> None:
    """Hanging Nest at strength 3 keeps its birds."""
    state = sc.board(sc.fresh(3), {"hanging_nest": {0: 2, 1: 1}})
    state, _ = sc.start(state, Phase.UPKEEP)
    assert sc.loc(state, "hanging_nest").birds == (2, 1, 0)


@rule("perch_bop", "§2.5")
def test_hanging_nest_dummy_birds_go_back_to_the_dummy_supply() -> None:
    """2 players: fallen dummy birds return to the dummy's supply, not the plaza."""
    state = sc.board(sc.fresh(2), {"hanging_nest": {0: 2, 2: 2}})
    state, _ = sc.start(state, Phase.UPKEEP)
    assert sc.loc(state, "hanging_nest").birds == (0, 0, 0)
    assert state.plaza == (2, 0, 0)


@rule("perch_bop", "U10")
def test_overstuffed_birdhouse_empties_and_leaves_at_seven() -> None:
    """Overstuffed Birdhouse at strength 7+: every bird (protected too) to the plaza; removed."""
    state = sc.board(
        sc.fresh(3, UPKEEP_8),
        {"overstuffed_birdhouse": {0: 3, 1: 2, 2: 1}},
        houses={"overstuffed_birdhouse": [0]},
    )
    state, events = sc.start(state, Phase.UPKEEP)
    removed = sc.loc(state, "overstuffed_birdhouse")
    assert removed.removed and removed.birds == (0, 0, 0) and not any(removed.housed)
    assert state.plaza == (3, 2, 1)
    assert TileRemoved("overstuffed_birdhouse") in events


def test_overstuffed_birdhouse_stays_below_seven() -> None:
    """At strength 6 the Overstuffed Birdhouse stays."""
    state = sc.board(sc.fresh(3, UPKEEP_8), {"overstuffed_birdhouse": {0: 3, 1: 3}})
    state, _ = sc.start(state, Phase.UPKEEP)
    assert not sc.loc(state, "overstuffed_birdhouse").removed


def test_removed_location_is_never_scored_nor_placeable() -> None:
    """After removal the tile scores nothing and takes no bird."""
    state = sc.board(sc.fresh(3, UPKEEP_8), {"overstuffed_birdhouse": {0: 7}})
    state, _ = sc.start(state, Phase.UPKEEP)
    state = sc.perch_turn(sc.hands(state, {0: {0: 1}}), 0, 2)
    tiles = {a.location for a in GAME.legal_actions(state, 0) if hasattr(a, "location")}
    assert "overstuffed_birdhouse" not in tiles
    _, events = sc.start(state, Phase.UPKEEP)
    assert not any(getattr(e, "tile", None) == "overstuffed_birdhouse" for e in events)


def test_high_perch_controller_takes_the_last_seat() -> None:
    """Before Assigning Turn Order: the High Perch's controller goes last next round."""
    state = sc.board(sc.fresh(3, UPKEEP_8), {"high_perch": {0: 1}, "great_ash": {0: 3}})
    state, events = sc.start(state, Phase.UPKEEP)
    assert TurnOrderSet(2, (1, 2, 0)) in events


@rule("perch_bop", "§2.5")
def test_high_perch_controlled_by_the_dummy_changes_nothing() -> None:
    """2 players: the dummy on the High Perch does not move anybody."""
    state = sc.board(sc.fresh(2, UPKEEP_8), {"high_perch": {2: 2}, "great_ash": {1: 3}})
    _, events = sc.start(state, Phase.UPKEEP)
    assert TurnOrderSet(2, (1, 0)) in events


def test_creature_home_gives_control_and_puts_the_standee_home() -> None:
    """During Upkeep the sole leader on a creature home controls it; the standee appears."""
    state = sc.board(sc.fresh(3), {"owl_barn": {1: 2, 0: 1}})
    state, events = sc.start(state, Phase.UPKEEP)
    owl = next(c for c in state.creatures if c.id == "owl")
    assert owl.controller == 1 and owl.position == sc.standee("owl", sc.index(state, "owl_barn"))
    assert ControlChanged("owl", "owl_barn", 1) in events


@rule("perch_bop", "U7")
def test_creature_control_lost_on_a_tie_standee_stays() -> None:
    """A tie on the home tile leaves the creature without a controller (U7)."""
    state = sc.board(sc.fresh(3), {"owl_barn": {1: 2}})
    state, _ = sc.start(state, Phase.UPKEEP)
    state = sc.board(state, {"owl_barn": {0: 2}})
    state, events = sc.start(state, Phase.UPKEEP)
    owl = next(c for c in state.creatures if c.id == "owl")
    assert owl.controller is None
    assert owl.position == sc.standee("owl", sc.index(state, "owl_barn"))
    assert ControlChanged("owl", "owl_barn", None) in events


@rule("perch_bop", "§2.5")
def test_creature_home_led_by_the_dummy_has_no_controller() -> None:
    """2 players: the dummy leading a creature home means nobody controls the creature."""
    state = sc.board(sc.fresh(2), {"owl_barn": {2: 3, 0: 1}})
    state, _ = sc.start(state, Phase.UPKEEP)
    owl = next(c for c in state.creatures if c.id == "owl")
    assert owl.controller is None and owl.position is None


def test_cornfield_new_controller_places_the_scarecrow() -> None:
    """Cornfield: a new controller puts the Scarecrow on an intersection, then a different one."""
    state = sc.board(sc.fresh(3, UPKEEP_8), {"cornfield": {2: 1}})
    state, _ = sc.start(state, Phase.UPKEEP)
    assert state.flow.awaiting is Await.SCARECROW and GAME.to_act(state) == (2,)
    assert GAME.legal_actions(state, 2) == tuple(PlaceScarecrow(2, k) for k in range(6))
    state = GAME.apply(state, PlaceScarecrow(2, 4))
    scarecrow = next(c for c in state.creatures if c.id == "scarecrow")
    assert scarecrow.position == sc.standee("scarecrow", 4) and scarecrow.controller == 2
    state = sc.board(state, {"cornfield": {0: 2}})
    state, _ = sc.start(state, Phase.UPKEEP)
    assert GAME.to_act(state) == (0,)
    assert PlaceScarecrow(0, 4) not in GAME.legal_actions(state, 0)
    assert len(GAME.legal_actions(state, 0)) == 5


@rule("perch_bop", "§2.5")
def test_overstuffed_birdhouse_dummy_birds_return_to_the_dummy_supply() -> None:
    """2 players: the dummy's birds leaving the Overstuffed Birdhouse go to its supply."""
    state = sc.board(sc.fresh(2, UPKEEP_8), {"overstuffed_birdhouse": {2: 5, 0: 2}})
    supply = state.supply[2]
    state, _ = sc.start(state, Phase.UPKEEP)
    assert sc.loc(state, "overstuffed_birdhouse").removed
    assert state.plaza == (2, 0, 0)
    assert state.supply[2] == supply + 5 - 2  # round 2 migration puts 2 back in the bag


@rule("perch_bop", "§2.5")
def test_stone_statue_led_by_the_dummy_scores_nobody_first() -> None:
    """2 players: the dummy alone 1st on the Stone Statue scores 0; 2nd still scores 2."""
    state = sc.board(sc.fresh(2), {"stone_statue": {2: 3, 1: 1}})
    state, _ = sc.start(state, Phase.UPKEEP)
    assert [s.score for s in state.seats] == [0, 2]


HOMES = [
    ("park_bench", "squirrel"),
    ("beehive", "bee"),
    ("thorn_bush", "cuckoo"),
    ("fox_den", "fox"),
    ("hawk_nest", "hawk"),
    ("owl_barn", "owl"),
    ("country_house", "cat"),
    ("doghouse", "dog"),
]


@pytest.mark.parametrize(("home", "creature"), HOMES)
def test_every_creature_home_hands_its_creature_to_the_sole_leader(
    home: str, creature: str
) -> None:
    """Each creature home gives its creature to the sole leader and the standee appears there."""
    tiles = (home, *(t for t in sc.TILES_8 if t not in (home, "owl_barn", "park_bench")))
    tiles = tiles + ("peeling_birch", "japanese_maple")[: 8 - len(tiles)]
    state = sc.board(sc.fresh(3, tiles), {home: {2: 2, 1: 1}})
    state, events = sc.start(state, Phase.UPKEEP)
    card = next(c for c in state.creatures if c.id == creature)
    assert card.controller == 2
    assert card.position == sc.standee(creature, sc.index(state, home))
    assert ControlChanged(creature, home, 2) in events


@rule("perch_bop", "PD3")
def test_full_bird_feeder_offers_no_same_colour_swap() -> None:
    """A Feeder swap of two birds of one colour changes nothing: refused and not listed."""
    state = sc.board(sc.fresh(3, RECRUIT_8), {"full_bird_feeder": {0: 1}})
    state = sc.bag(state, {2: 6})
    state, _ = sc.start(state, Phase.RECRUIT)
    assert state.seats[0].hand[2] and state.seats[1].hand[2]  # both hold a blue bird
    same = SwapBirds(0, 2, 1, 2)
    assert same not in GAME.legal_actions(state, 0)
    reason = GAME.check(state, same)
    assert reason == "swapping a blue bird for a blue bird changes nothing; Decline instead"
    swaps = [a for a in GAME.legal_actions(state, 0) if isinstance(a, SwapBirds)]
    assert swaps and all(a.colour != a.target_colour for a in swaps)


@rule("perch_bop", "PD5")
def test_cornfield_after_the_last_round_asks_for_no_placement() -> None:
    """A new Scarecrow controller at round 5's control step never places it: the game ends."""
    state = sc.board(sc.fresh(3, UPKEEP_8), {"cornfield": {2: 1}})
    state, _ = sc.start(state, Phase.UPKEEP, round_=5)
    assert GAME.is_terminal(state)
    scarecrow = next(c for c in state.creatures if c.id == "scarecrow")
    assert scarecrow.controller == 2 and scarecrow.position is None
