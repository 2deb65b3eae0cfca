"""The Kickstarter promos (P8): who holds them, the Golden Goose, the Eagle of Justice and
the Yeti."""

from __future__ import annotations

from collections.abc import Mapping

import attrs
import pytest

from birdgames import codec
from birdgames.core import CodecError
from birdgames.perch_bop import GAME, Config, State
from birdgames.perch_bop.actions import (
    ActivateCreature,
    ChooseBird,
    ChooseDestination,
    Decline,
    EndTurn,
    FeedBirds,
    MoveCreature,
    MoveGoldenEgg,
    MoveYeti,
    OrderTie,
    Place,
    UseEffect,
    Zap,
)
from birdgames.perch_bop.cards import (
    EAGLE_OF_JUSTICE,
    GOLDEN_GOOSE,
    MOON_VALUES,
    OBJECTIVE,
    POINTS_IN_THE_SKY,
    POND_EMONIUM,
    SEEDS_THE_DAY,
    SUN_VALUES,
    TILE,
    YETI,
)
from birdgames.perch_bop.endgame import final_scores
from birdgames.perch_bop.events import (
    BirdfeederTaken,
    BirdMoved,
    BirdRemoved,
    EffectSkipped,
    Event,
    GoldenEggMoved,
    LocationScored,
    PhaseStarted,
    PondScored,
    PromosControlled,
    TieOrdered,
    TileEffect,
    YetiMoved,
)
from birdgames.perch_bop.invariants import invariant_violation
from birdgames.perch_bop.objectives import objective_met
from birdgames.perch_bop.promos import holder, ruled, yeti_start
from birdgames.perch_bop.scoring import leader
from birdgames.perch_bop.state import Await, Phase, Sky, Spot, TieOrder, Where
from birdgames.rng import Rng, below
from tests.perch_bop import scenarios as sc
from tests.perch_bop.test_creatures import play
from tests.perch_bop.test_pond_creatures import (
    CELL,
    FROG,
    PONDS,
    TILES,
    creature_of,
    pond,
    pond_creature,
    position,
    turn,
)
from tests.rules import rule

pytestmark = rule("perch_bop", "P8")

RED, YELLOW, BLUE, GREEN, PURPLE = 0, 1, 2, 3, 4
ALL = frozenset({GOLDEN_GOOSE, EAGLE_OF_JUSTICE, YETI})


def promo_state(
    promos: frozenset[str],
    stacks: Mapping[str, Mapping[int, int]] | None = None,
    ponds: Mapping[int, Mapping[int, int]] | None = None,
    houses: Mapping[str, list[int]] | None = None,
    holder_: int = RED,
    egg: str | None = None,
    yeti: str | None = None,
) -> State:
    """Returns p0's Perch turn (round 2) with the promos held by `holder_`, the Golden Egg
    and the Yeti where given (the Yeti at its start otherwise)."""
    state = turn(position(stacks, ponds, houses, promos=promos))
    assert state.promos is not None
    return attrs.evolve(
        state,
        promos=attrs.evolve(
            state.promos,
            controller=holder_,
            egg=None if egg is None else CELL[egg],
            egg_moved=egg is not None,
            yeti=CELL[yeti] if yeti is not None else state.promos.yeti,
        ),
    )


def upkeep(state: State, round_: int = 2) -> tuple[State, tuple[Event, ...]]:
    return sc.start(state, Phase.UPKEEP, round_)


def scored(events: tuple[Event, ...], tile: str) -> dict[int, tuple[int, int]]:
    """{colour: (place, points)} scored at a Location."""
    return {
        e.colour: (e.place, e.points)
        for e in events
        if isinstance(e, LocationScored) and e.tile == tile
    }


def pond_scored(events: tuple[Event, ...], tile: str) -> dict[int, tuple[int, int]]:
    return {
        e.colour: (e.place, e.points)
        for e in events
        if isinstance(e, PondScored) and e.pond == tile
    }


def new_game(promos: frozenset[str], **options: object) -> State:
    """Returns a new 5-player game with promos, right after everybody kept an objective."""
    expansions = frozenset({POND_EMONIUM, *options.pop("expansions", ())})  # type: ignore[misc]
    config = Config(
        players=5,
        expansions=expansions,
        promos=promos,
        tiles=TILES,
        ponds=PONDS,
        **options,  # type: ignore[arg-type]
    )
    state = GAME.new_game(config, 0)
    for p in range(5):
        state = GAME.apply(state, GAME.legal_actions(state, p)[0])
    return state


# --- who holds the promos (P8) --------------------------------------------------------------


@rule("perch_bop", "U20")
@rule("perch_bop", "P8.1", "§8")
def test_in_round_1_the_last_in_turn_order_holds_the_promos() -> None:
    """P8: in round 1 the promos go to the last player in turn order."""
    state = new_game(frozenset({YETI}), turn_order=(3, 1, 4, 0, 2))
    assert state.promos is not None and state.promos.controller == 2


@rule("perch_bop", "P8.1", "§8")
def test_the_round_start_gives_the_promos_to_the_last_in_score() -> None:
    """P8: at a round's start the player with the fewest points holds the promos; a tie
    goes to the later in the new turn order (p1 and p2 on 3: p2 sits later)."""
    state = sc.scores(promo_state(frozenset({YETI})), {0: 5, 1: 3, 2: 3, 3: 9, 4: 7})
    after, events = upkeep(state, 1)
    assert after.turn_order == (3, 4, 0, 1, 2)
    assert after.promos is not None and after.promos.controller == 2
    assert PromosControlled(2, 2) in events


@rule("perch_bop", "P8.1", "§8")
def test_the_holder_rule_over_scores_and_turn_order() -> None:
    """P8: the lowest score holds; ties the later in turn order; round 1 the last seat."""
    assert holder(1, (1, 0, 2), (0, 0, 9)) == 2
    assert holder(2, (1, 0, 2), (4, 6, 9)) == 0
    assert holder(2, (1, 0, 2), (4, 4, 9)) == 0  # p0 sits after p1
    assert holder(2, (0, 1, 2), (4, 4, 9)) == 1


@rule("perch_bop", "P8.1", "§8")
def test_the_dummy_never_holds_the_promos() -> None:
    """P8: in a 2-player game the promos go to a seat, never to the dummy's colour."""
    config = Config(players=2, promos=ALL, tiles=sc.TILES_8, turn_order=(1, 0))
    state = GAME.new_game(config, 0)
    for p in range(2):
        state = GAME.apply(state, GAME.legal_actions(state, p)[0])
    assert state.promos is not None and state.promos.controller == 0
    assert GAME.to_act(state) == (0,)


@rule("perch_bop", "P8.2", "PD24")
def test_the_promos_are_not_creatures_for_end_game_points_or_objectives() -> None:
    """P8 DECISION: holding the promos gives no creature points and keeps Wing (control no
    creature) met."""
    state = promo_state(ALL, holder_=GREEN)
    assert final_scores(state)[GREEN].creatures == 0
    assert objective_met(state, OBJECTIVE["wing"], GREEN)
    assert not objective_met(state, OBJECTIVE["birden"], GREEN)


# --- the Golden Goose (P8) ------------------------------------------------------------------


@rule("perch_bop", "P8.3")
def test_the_golden_egg_is_moved_before_migration() -> None:
    """P8: as a round starts, its holder moves the Egg before any Migration step; any
    Location may take it in round 1."""
    state = new_game(frozenset({GOLDEN_GOOSE}))
    assert state.flow.phase is Phase.MIGRATION and state.flow.awaiting is Await.GOLDEN_EGG
    assert GAME.to_act(state) == (4,)
    assert GAME.legal_actions(state, 4) == tuple(MoveGoldenEgg(4, tile) for tile in TILES)
    after, events = GAME.step(state, MoveGoldenEgg(4, "great_ash"))
    assert after.promos is not None and after.promos.egg == CELL["great_ash"]
    kinds = [type(e) for e in events]
    assert kinds.index(GoldenEggMoved) < kinds.index(PhaseStarted)
    assert str(events[0]) == "p4 moves the Golden Egg to great_ash"


@rule("perch_bop", "P8.3")
def test_the_golden_egg_never_goes_on_a_pond() -> None:
    """P8: a Pond takes no Egg."""
    state = new_game(frozenset({GOLDEN_GOOSE}))
    assert GAME.check(state, MoveGoldenEgg(4, "frog_pond")) == (
        "'frog_pond' is not a Location on this board (a Pond takes no Egg)"
    )


@rule("perch_bop", "P8.3")
def test_the_golden_egg_must_leave_last_rounds_location() -> None:
    """P8: the Egg goes to a Location other than last round's."""
    state = new_game(frozenset({GOLDEN_GOOSE}))
    assert state.promos is not None
    state = attrs.evolve(state, promos=attrs.evolve(state.promos, egg=CELL["great_ash"]))
    options = GAME.legal_actions(state, 4)
    assert MoveGoldenEgg(4, "great_ash") not in options and len(options) == len(TILES) - 1
    assert GAME.check(state, MoveGoldenEgg(4, "great_ash")) == (
        "the Golden Egg lay on great_ash last round: it must move on"
    )


@rule("perch_bop", "P8.3")
def test_the_golden_egg_never_goes_on_a_removed_location() -> None:
    """P8: only a Location in play takes the Egg."""
    state = sc.removed(new_game(frozenset({GOLDEN_GOOSE})), "overstuffed_birdhouse")
    assert MoveGoldenEgg(4, "overstuffed_birdhouse") not in GAME.legal_actions(state, 4)
    assert GAME.check(state, MoveGoldenEgg(4, "overstuffed_birdhouse")) == (
        "overstuffed_birdhouse has been removed from the game"
    )


@rule("perch_bop", "P8.3")
def test_only_the_holder_moves_the_golden_egg() -> None:
    """P8: nobody but the promos' holder moves the Egg."""
    state = new_game(frozenset({GOLDEN_GOOSE}))
    assert GAME.check(state, MoveGoldenEgg(0, "great_ash")) == (
        "it is not p0's decision; waiting for p4"
    )


@rule("perch_bop", "P8.3")
def test_the_golden_egg_does_not_move_during_a_perch_turn() -> None:
    """P8: the Egg moves only before Migration."""
    perch = promo_state(frozenset({GOLDEN_GOOSE}), egg="mighty_oak")
    assert GAME.check(perch, MoveGoldenEgg(RED, "great_ash")) == (
        "the Golden Egg moves only before Migration; the game waits for you to take your Perch turn"
    )


@rule("perch_bop", "P8.3")
def test_the_golden_egg_adds_1_to_each_place_scored_there() -> None:
    """P8: great_ash (5/3/2) under the Egg pays 6/4/3; a Location without it pays as
    printed."""
    stacks = {
        "great_ash": {BLUE: 3, RED: 2, YELLOW: 1},
        "mighty_oak": {BLUE: 3, RED: 2, YELLOW: 1},
    }
    state = promo_state(frozenset({GOLDEN_GOOSE}), stacks, egg="great_ash")
    _, events = upkeep(state)
    assert scored(events, "great_ash") == {BLUE: (1, 6), RED: (2, 4), YELLOW: (3, 3)}
    assert scored(events, "mighty_oak") == {BLUE: (1, 6), RED: (2, 4), YELLOW: (3, 3)}
    assert TILE["mighty_oak"].values == (6, 4, 3)
    assert "great_ash (nobody): the Golden Egg adds 1 to each place" in map(str, events)


@rule("perch_bop", "P8.3")
@rule("perch_bop", "§4.1")
def test_the_golden_egg_adds_nothing_to_a_cancelled_tie() -> None:
    """§4.1, P8: 3/3/1 under the Egg: the tied pair scores nothing, the 1 takes 3rd + 1."""
    stacks = {"great_ash": {BLUE: 3, RED: 3, YELLOW: 1}}
    state = promo_state(frozenset({GOLDEN_GOOSE}), stacks, egg="great_ash")
    _, events = upkeep(state)
    assert scored(events, "great_ash") == {BLUE: (0, 0), RED: (0, 0), YELLOW: (3, 3)}


@rule("perch_bop", "P8.3")
def test_the_golden_egg_adds_1_over_the_sun_and_moon_values() -> None:
    """P8 and the rulebook's clarification: under the Sun the Egg makes 7/4/2, under the
    Moon 2/4/6."""
    stacks = {tile: {BLUE: 3, RED: 2, YELLOW: 1} for tile in ("owl_barn", "thorn_bush")}
    state = promo_state(frozenset({GOLDEN_GOOSE}), stacks, egg="owl_barn")
    config = attrs.evolve(state.config, expansions=frozenset({POND_EMONIUM, POINTS_IN_THE_SKY}))
    sun = attrs.evolve(state, config=config, sky=Sky(CELL["owl_barn"], CELL["thorn_bush"]))
    _, events = upkeep(sun)
    assert scored(events, "owl_barn") == {
        BLUE: (1, SUN_VALUES[0] + 1),
        RED: (2, SUN_VALUES[1] + 1),
        YELLOW: (3, SUN_VALUES[2] + 1),
    }
    assert scored(events, "owl_barn") == {BLUE: (1, 7), RED: (2, 4), YELLOW: (3, 2)}
    moon = attrs.evolve(sun, sky=Sky(CELL["thorn_bush"], CELL["owl_barn"]))
    _, events = upkeep(moon)
    assert scored(events, "owl_barn") == {
        BLUE: (1, MOON_VALUES[0] + 1),
        RED: (2, MOON_VALUES[1] + 1),
        YELLOW: (3, MOON_VALUES[2] + 1),
    }


@rule("perch_bop", "P8.3")
def test_the_sun_and_moon_do_not_restrict_the_golden_egg() -> None:
    """The rulebook's clarification: the Egg may go under the Sun or the Moon."""
    state = new_game(frozenset({GOLDEN_GOOSE}), expansions=frozenset({POINTS_IN_THE_SKY}))
    assert state.sky is not None
    for cell in (state.sky.sun, state.sky.moon):
        assert MoveGoldenEgg(4, TILES[cell]) in GAME.legal_actions(state, 4)


@rule("perch_bop", "P8.3")
def test_the_golden_egg_adds_nothing_to_a_pond_beside_it() -> None:
    """P8: a Pond scores its printed values though the Egg lies on a Location beside it."""
    state = promo_state(
        frozenset({GOLDEN_GOOSE}),
        {"great_ash": {BLUE: 2}},
        ponds={FROG: {BLUE: 1, RED: 1}},
        egg="great_ash",
    )
    _, events = upkeep(state)
    assert pond_scored(events, "frog_pond") == {BLUE: (1, 3), RED: (2, 4)}


@rule("perch_bop", "P8.3")
def test_the_golden_egg_adds_nothing_to_a_birdfeeder() -> None:
    """P8: a Birdfeeder taken on the Egg's Location still scores 3."""
    state = promo_state(frozenset({GOLDEN_GOOSE}), egg="great_ash")
    config = attrs.evolve(state.config, expansions=frozenset({POND_EMONIUM, SEEDS_THE_DAY}))
    fed = GAME.new_game(config, 0)
    assert fed.feeders is not None
    state = attrs.evolve(state, config=config, feeders=fed.feeders)
    after, events = GAME.step(state, Place(RED, RED, "great_ash", True))
    assert [e.points for e in events if isinstance(e, BirdfeederTaken)] == [3]
    assert after.seats[RED].score == state.seats[RED].score + 3


@rule("perch_bop", "P8.3")
def test_the_golden_egg_adds_1_to_the_stone_statues_first() -> None:
    """P8: the Stone Statue's 1st (1 + total strength // 2) gains 1 under the Egg too."""
    tiles = (*TILES[:12], "stone_statue")
    state = turn(
        position({"stone_statue": {BLUE: 4, RED: 2}}, tiles=tiles, promos=frozenset({GOLDEN_GOOSE}))
    )
    assert state.promos is not None
    state = attrs.evolve(
        state, promos=attrs.evolve(state.promos, controller=RED, egg=12, egg_moved=True)
    )
    _, events = upkeep(state)
    assert scored(events, "stone_statue") == {BLUE: (1, 1 + 6 // 2 + 1), RED: (2, 2 + 1)}


# --- the Eagle of Justice (P8) --------------------------------------------------------------


def eagle(
    stacks: Mapping[str, Mapping[int, int]] | None = None,
    ponds: Mapping[int, Mapping[int, int]] | None = None,
) -> State:
    """Returns the Upkeep of round 2 waiting for the Eagle's holder (p0), if a tie exists."""
    state = promo_state(frozenset({EAGLE_OF_JUSTICE}), stacks, ponds)
    after, events = upkeep(state)
    assert PhaseStarted(2, "upkeep") in events
    return after


@rule("perch_bop", "P8.4")
def test_the_eagle_is_asked_as_upkeep_begins_when_a_tie_exists() -> None:
    """P8: before Upkeep scoring its holder may order a tied group, each order offered,
    or decline."""
    state = eagle({"doghouse": {BLUE: 2, RED: 2, YELLOW: 1}})
    assert state.flow.phase is Phase.UPKEEP and state.flow.awaiting is Await.EAGLE
    assert not any(s.score for s in state.seats)  # nothing scored yet
    assert GAME.legal_actions(state, RED) == (
        OrderTie(RED, "doghouse", (RED, BLUE)),
        OrderTie(RED, "doghouse", (BLUE, RED)),
        Decline(RED),
    )


@rule("perch_bop", "P8.4")
def test_without_a_tie_the_eagle_is_not_asked() -> None:
    """P8: with no tie on the board Upkeep goes on without the Eagle."""
    state = eagle({"doghouse": {BLUE: 2, RED: 1}})
    assert state.flow.awaiting is not Await.EAGLE
    assert state.round == 3


@rule("perch_bop", "P8.4")
def test_the_eagles_order_at_a_location_counts_for_points() -> None:
    """P8: ordering Blue over Red on the doghouse (1/3/1) gives Blue 1st and Red 2nd; the
    untied Yellow takes 3rd."""
    state = eagle({"doghouse": {BLUE: 2, RED: 2, YELLOW: 1}})
    _, events = GAME.step(state, OrderTie(RED, "doghouse", (BLUE, RED)))
    assert str(events[0]) == "p0's Eagle of Justice breaks the tie on doghouse: blue > red"
    assert scored(events, "doghouse") == {BLUE: (1, 1), RED: (2, 3), YELLOW: (3, 1)}


@rule("perch_bop", "P8.4")
@rule("perch_bop", "§4.1")
def test_the_eagle_may_order_a_tie_below_first_place() -> None:
    """§4.1, P8: great_ash 5/2/2/1 (values 5/3/2): unordered, the tied pair cancels and the
    1 is 4th with nothing; ordered Yellow over Red, they take 2nd and 3rd."""
    stacks = {"great_ash": {BLUE: 5, RED: 2, YELLOW: 2, GREEN: 1}}
    state = eagle(stacks)
    _, declined = GAME.step(state, Decline(RED))
    assert scored(declined, "great_ash") == {
        BLUE: (1, 5),
        RED: (0, 0),
        YELLOW: (0, 0),
        GREEN: (4, 0),
    }
    _, ordered = GAME.step(state, OrderTie(RED, "great_ash", (YELLOW, RED)))
    assert scored(ordered, "great_ash") == {
        BLUE: (1, 5),
        YELLOW: (2, 3),
        RED: (3, 2),
        GREEN: (4, 0),
    }


@rule("perch_bop", "P8.4")
def test_the_eagles_order_at_a_location_counts_for_control() -> None:
    """P8: the order settles the doghouse's control, so Blue takes the Dog."""
    state = eagle({"doghouse": {BLUE: 2, RED: 2}})
    after = GAME.apply(state, OrderTie(RED, "doghouse", (BLUE, RED)))
    assert creature_of(after, "dog") == (BLUE, Spot(Where.CELL, CELL["doghouse"]))


@rule("perch_bop", "P8.4")
def test_the_eagles_order_at_a_pond_counts_for_points_and_control() -> None:
    """P8, the rulebook: the Eagle breaks a Pond tie; Red ordered over Blue on the Frog Pond
    (3/4/1) scores 3, Blue 4, and Red takes the Frog."""
    state = eagle(ponds={FROG: {BLUE: 2, RED: 2}})
    assert GAME.legal_actions(state, RED) == (
        OrderTie(RED, "frog_pond", (RED, BLUE)),
        OrderTie(RED, "frog_pond", (BLUE, RED)),
        Decline(RED),
    )
    after, events = GAME.step(state, OrderTie(RED, "frog_pond", (RED, BLUE)))
    assert pond_scored(events, "frog_pond") == {RED: (1, 3), BLUE: (2, 4)}
    assert creature_of(after, "frog") == (RED, Spot(Where.POND, FROG))


@rule("perch_bop", "P8.4")
def test_declining_the_eagle_leaves_ties_cancelling() -> None:
    """P8: the holder may decline; the tie cancels as usual and nobody takes the Dog."""
    state = eagle({"doghouse": {BLUE: 2, RED: 2, YELLOW: 1}})
    after, events = GAME.step(state, Decline(RED))
    assert scored(events, "doghouse") == {BLUE: (0, 0), RED: (0, 0), YELLOW: (3, 1)}
    assert creature_of(after, "dog")[0] is None
    assert after.round == 3 and after.promos is not None and after.promos.ruling is None


@rule("perch_bop", "P8.4")
def test_the_eagle_orders_one_group_only_once_a_round() -> None:
    """P8: one tied group at one place: the other tie still cancels, and the Eagle is not
    asked again that Upkeep."""
    state = eagle({"doghouse": {BLUE: 2, RED: 2}, "mighty_oak": {BLUE: 1, RED: 1}})
    after, events = GAME.step(state, OrderTie(RED, "doghouse", (RED, BLUE)))
    assert scored(events, "mighty_oak") == {BLUE: (0, 0), RED: (0, 0)}
    assert scored(events, "doghouse") == {RED: (1, 1), BLUE: (2, 3)}
    assert sum(isinstance(e, TieOrdered) for e in events) == 1
    assert after.round == 3 and after.flow.awaiting is not Await.EAGLE


@rule("perch_bop", "P8.4")
def test_the_eagle_refuses_an_order_that_is_not_a_tied_group() -> None:
    """P8: the order names one whole tied group, each colour once; a place with no tie is
    refused."""
    state = eagle({"doghouse": {BLUE: 2, RED: 2, YELLOW: 2}, "mighty_oak": {BLUE: 3}})
    group = "on doghouse the Eagle may order only a tied group, each colour once: red, yellow, blue"
    assert GAME.check(state, OrderTie(RED, "doghouse", (BLUE, RED))) == group
    assert GAME.check(state, OrderTie(RED, "doghouse", (BLUE, BLUE, RED))) == group
    assert GAME.check(state, OrderTie(RED, "mighty_oak", (BLUE,))) == (
        "there is no tie to order on 'mighty_oak'"
    )
    assert GAME.check(state, OrderTie(RED, "doghouse", (BLUE, RED, YELLOW))) is None


@rule("perch_bop", "P8.1", "§8")
def test_only_the_holder_rules_with_the_eagle_and_only_as_upkeep_begins() -> None:
    """P8: the Eagle is its holder's, and it rules only before Upkeep scoring."""
    state = eagle({"doghouse": {BLUE: 2, RED: 2}})
    assert GAME.check(state, OrderTie(BLUE, "doghouse", (BLUE, RED))) == (
        "it is not p2's decision; waiting for p0"
    )
    perch = promo_state(frozenset({EAGLE_OF_JUSTICE}), {"doghouse": {BLUE: 2, RED: 2}})
    assert GAME.check(perch, OrderTie(RED, "doghouse", (BLUE, RED))) == (
        "the Eagle of Justice rules only as Upkeep begins; the game waits for you to take "
        "your Perch turn"
    )


@rule("perch_bop", "P8.4")
def test_the_eagles_ruling_ends_with_the_round() -> None:
    """P8: the next round starts with no ruling and the Eagle unused."""
    state = eagle({"doghouse": {BLUE: 2, RED: 2}})
    after = GAME.apply(state, OrderTie(RED, "doghouse", (BLUE, RED)))
    assert after.round == 3 and after.promos is not None
    assert after.promos.ruling is None and not after.promos.eagle_used


# --- the Yeti (P8) --------------------------------------------------------------------------


@rule("perch_bop", "P8.5")
@pytest.mark.parametrize(("players", "cell"), [(2, 3), (3, 3), (4, 3), (5, 6)])
def test_the_yeti_starts_on_the_location_with_the_most_neighbours(players: int, cell: int) -> None:
    """P8: the Yeti starts on the Location with the most neighbours, board order breaking
    ties ((1,1) on 8 tiles, (1,2) on 10, the centre (2,2) on 13)."""
    config = Config(players=players, promos=frozenset({YETI}), tiles=sc.DEFAULT_TILES[players])
    state = GAME.new_game(config, 0)
    assert state.promos is not None and state.promos.yeti == cell


@rule("perch_bop", "P8.5")
def test_the_yeti_moves_to_an_adjacent_location_as_the_bonus_action() -> None:
    """P8: its holder moves it to a Location next to its own, spending the bonus action."""
    state = promo_state(frozenset({YETI}))
    moves = [a for a in GAME.legal_actions(state, RED) if isinstance(a, MoveYeti)]
    assert moves == [MoveYeti(RED, TILES[c]) for c in (3, 4, 5, 7, 8, 9)]
    after, events = GAME.step(state, MoveYeti(RED, "beehive"))
    assert after.promos is not None and after.promos.yeti == CELL["beehive"]
    assert [str(e) for e in events] == ["p0 moves the Yeti from great_ash to beehive"]
    assert after.flow.bonus_used and after.promos.yeti_used


@rule("perch_bop", "P8.5")
def test_the_yeti_refuses_a_far_location_and_a_pond() -> None:
    """P8: the Yeti goes only to a Location adjacent to its own, never onto a Pond."""
    state = promo_state(frozenset({YETI}))
    far = "the Yeti moves from great_ash only to an adjacent Location in play"
    assert GAME.check(state, MoveYeti(RED, "owl_barn")) == far
    assert GAME.check(state, MoveYeti(RED, "frog_pond")) == far


@rule("perch_bop", "P8.5")
def test_the_yeti_moves_once_a_round() -> None:
    """P8: a second move in the same round is refused."""
    moved = GAME.apply(promo_state(frozenset({YETI})), MoveYeti(RED, "beehive"))
    again = attrs.evolve(moved, flow=attrs.evolve(moved.flow, bonus_used=False))
    assert GAME.check(again, MoveYeti(RED, "great_ash")) == "the Yeti has already moved this round"


@rule("perch_bop", "P8.5")
def test_only_the_promos_holder_moves_the_yeti() -> None:
    """P8: a player who does not hold the promos cannot move the Yeti."""
    state = promo_state(frozenset({YETI}), holder_=BLUE)
    assert not [a for a in GAME.legal_actions(state, RED) if isinstance(a, MoveYeti)]
    assert GAME.check(state, MoveYeti(RED, "beehive")) == "p0 does not hold the Yeti this round"


@rule("perch_bop", "P8.5")
def test_the_yeti_may_not_move_to_a_removed_location() -> None:
    """P8: only an adjacent Location still in play."""
    state = sc.removed(promo_state(frozenset({YETI})), "beehive")
    assert MoveYeti(RED, "beehive") not in GAME.legal_actions(state, RED)


@rule("perch_bop", "P8.5")
def test_the_yeti_keeps_its_birds_from_feed_the_birds() -> None:
    """P8, the rulebook: birds on the Yeti's Location are not fed onto a Pond."""
    state = promo_state(frozenset({YETI}), {"great_ash": {BLUE: 2}, "park_bench": {BLUE: 1}})
    feeds = [a for a in GAME.legal_actions(state, RED) if isinstance(a, FeedBirds)]
    assert feeds == [FeedBirds(RED, "frog_pond", "park_bench", BLUE)]
    assert GAME.check(state, FeedBirds(RED, "frog_pond", "great_ash", BLUE)) == (
        "the Yeti on great_ash keeps its birds from flying to a Pond"
    )


@rule("perch_bop", "P8.5")
def test_the_yeti_keeps_its_birds_from_the_frog() -> None:
    """P8: the Frog pulls no bird off the Yeti's Location."""
    state = promo_state(frozenset({YETI}), {"great_ash": {BLUE: 2}, "park_bench": {BLUE: 1}})
    state = pond_creature(state, "frog", RED, FROG)
    mid = GAME.apply(state, ActivateCreature(RED, "frog"))
    assert GAME.legal_actions(mid, RED) == (ChooseBird(RED, "park_bench", BLUE),)
    reason = GAME.check(mid, ChooseBird(RED, "great_ash", BLUE))
    assert reason is not None and reason.startswith("the frog's effect cannot take")


@rule("perch_bop", "P8.5")
def test_the_yeti_protects_no_pond_bird() -> None:
    """P8, the rulebook: the Hawk takes a bird from a Pond beside the Yeti's Location."""
    state = promo_state(frozenset({YETI}), ponds={FROG: {BLUE: 1}})
    state = sc.creature(state, "hawk", RED, CELL["hawk_nest"])
    after, _ = play(
        state,
        ActivateCreature(RED, "hawk"),
        MoveCreature(RED, "frog_pond"),
        UseEffect(RED),
        ChooseBird(RED, "frog_pond", BLUE),
    )
    assert pond(after, FROG) == (0,) * 5


@rule("perch_bop", "P8.5")
def test_the_yeti_keeps_the_dog_from_pushing_a_bird_to_a_neighbour() -> None:
    """P8: the Dog landing on the Yeti's interior Location has nothing to push."""
    state = promo_state(frozenset({YETI}), {"great_ash": {BLUE: 2}})
    state = sc.creature(state, "dog", RED, CELL["doghouse"])
    _, events = play(state, ActivateCreature(RED, "dog"), MoveCreature(RED, "great_ash"))
    assert EffectSkipped(RED, "dog", False) in events


@rule("perch_bop", "P8.5")
def test_the_yeti_lets_the_dog_push_a_bird_off_the_board() -> None:
    """P8: a removal to the fountain still happens: on the Yeti's edge Location the Dog's
    push may only go off the board."""
    state = promo_state(frozenset({YETI}), {"thorn_bush": {BLUE: 2}}, yeti="thorn_bush")
    state = sc.creature(state, "dog", RED, CELL["doghouse"])
    mid, _ = play(
        state,
        ActivateCreature(RED, "dog"),
        MoveCreature(RED, "thorn_bush"),
        UseEffect(RED),
        ChooseBird(RED, "thorn_bush", BLUE),
    )
    assert GAME.legal_actions(mid, RED) == (ChooseDestination(RED, None),)
    assert GAME.check(mid, ChooseDestination(RED, "great_ash")) is not None
    after, events = GAME.step(mid, ChooseDestination(RED, None))
    assert sc.loc(after, "thorn_bush").birds[BLUE] == 1
    assert any(isinstance(e, BirdRemoved) for e in events)


@rule("perch_bop", "P8.5")
def test_the_yeti_lets_the_cat_remove_a_bird_but_not_move_one() -> None:
    """P8: the Cat on the Yeti's Location sends a bird to the fountain; its second part,
    moving a bird to a neighbour, is passed over."""
    state = promo_state(frozenset({YETI}), {"great_ash": {BLUE: 3}})
    state = sc.creature(state, "cat", RED, CELL["country_house"])
    after, events = play(
        state,
        ActivateCreature(RED, "cat"),
        MoveCreature(RED, "great_ash"),
        UseEffect(RED),
        ChooseBird(RED, "great_ash", BLUE),
    )
    assert after.flow.activation is None
    assert sc.loc(after, "great_ash").birds[BLUE] == 2
    assert not [e for e in events if isinstance(e, BirdMoved)]


@rule("perch_bop", "P8.5")
def test_the_yeti_keeps_its_birds_out_of_a_cuckoo_swap() -> None:
    """P8: no Cuckoo swap takes a bird off the Yeti's Location, as landing or partner."""
    state = promo_state(frozenset({YETI}), {"great_ash": {BLUE: 2}, "doghouse": {RED: 1}})
    state = sc.creature(state, "cuckoo", RED, CELL["thorn_bush"])
    _, events = play(state, ActivateCreature(RED, "cuckoo"), MoveCreature(RED, "great_ash"))
    assert EffectSkipped(RED, "cuckoo", False) in events
    _, events = play(state, ActivateCreature(RED, "cuckoo"), MoveCreature(RED, "doghouse"))
    assert EffectSkipped(RED, "cuckoo", False) in events


@rule("perch_bop", "P8.5")
def test_the_yeti_keeps_its_birds_from_the_bees_pull() -> None:
    """P8: the Bee pulls no bird off the Yeti's Location."""
    state = promo_state(
        frozenset({YETI}), {"great_ash": {BLUE: 2}, "owl_barn": {BLUE: 1}, "park_bench": {BLUE: 1}}
    )
    state = sc.creature(state, "bee", RED, CELL["beehive"])
    mid, _ = play(
        state, ActivateCreature(RED, "bee"), MoveCreature(RED, "owl_barn"), UseEffect(RED)
    )
    assert GAME.legal_actions(mid, RED) == (ChooseBird(RED, "park_bench", BLUE),)


@rule("perch_bop", "P8.5")
def test_the_yeti_lets_a_zap_a_removal_and_a_placement_happen() -> None:
    """P8: a zap, the Hawk's removal and a player's placement on the Yeti's Location still
    happen."""
    state = promo_state(frozenset({YETI}), {"great_ash": {BLUE: 2}})
    last = attrs.evolve(state, round=5)
    assert Zap(RED, "great_ash", BLUE) in GAME.legal_actions(last, RED)
    assert Place(RED, RED, "great_ash", True) in GAME.legal_actions(state, RED)
    hawk = sc.creature(state, "hawk", RED, CELL["hawk_nest"])
    after, _ = play(
        hawk,
        ActivateCreature(RED, "hawk"),
        MoveCreature(RED, "great_ash"),
        UseEffect(RED),
        ChooseBird(RED, "great_ash", BLUE),
    )
    assert sc.loc(after, "great_ash").birds[BLUE] == 1


@rule("perch_bop", "P8.5", "PD25")
def test_a_removed_yeti_location_sends_it_to_the_location_with_most_neighbours() -> None:
    """P8 DECISION: the Overstuffed Birdhouse leaves with the Yeti on it: the Yeti goes to
    the Location with the most neighbours still in play."""
    state = promo_state(
        frozenset({YETI}), {"overstuffed_birdhouse": {BLUE: 7}}, yeti="overstuffed_birdhouse"
    )
    after, events = upkeep(state)
    assert after.promos is not None and after.promos.yeti == CELL["great_ash"]
    assert YetiMoved(None, "overstuffed_birdhouse", "great_ash") in events
    # Without great_ash five Locations have four neighbours: board order picks hawk_nest.
    assert yeti_start(5, [i == CELL["great_ash"] for i in range(13)]) == CELL["hawk_nest"]


@rule("perch_bop", "P8.5")
def test_the_yeti_may_move_again_next_round() -> None:
    """P8: once a round: a new round makes it movable again."""
    state = promo_state(frozenset({YETI}))
    moved = GAME.apply(state, MoveYeti(RED, "beehive"))
    after, _ = upkeep(moved)
    assert after.promos is not None and not after.promos.yeti_used


@rule("perch_bop", "P8.5")
@rule("perch_bop", "§3")
def test_an_unplaced_turn_with_the_yeti_moved_goes_on_to_the_placement() -> None:
    """§3: the Yeti's move is the bonus action; the bird is still placed, then the turn
    ends by itself."""
    state = promo_state(frozenset({YETI}))
    moved = GAME.apply(state, MoveYeti(RED, "beehive"))
    assert moved.flow.actor == RED and not moved.flow.placed
    assert GAME.check(moved, EndTurn(RED)) == "p0 must place a bird before ending the turn"
    placed = GAME.apply(moved, Place(RED, RED, "mighty_oak", True))
    assert placed.flow.actor == YELLOW


# --- saved states and the validator ---------------------------------------------------------


def test_a_state_awaiting_the_golden_egg_round_trips() -> None:
    """A saved game waiting for the Egg loads back equal and goes on alike."""
    state = new_game(ALL)
    assert state.flow.awaiting is Await.GOLDEN_EGG
    loaded = codec.loads(State, codec.dumps(state))
    assert loaded == state
    assert GAME.legal_actions(loaded, 4) == GAME.legal_actions(state, 4)


def test_a_state_awaiting_the_eagle_round_trips() -> None:
    """A saved Upkeep waiting for the Eagle loads back equal."""
    state = eagle({"doghouse": {BLUE: 2, RED: 2}})
    assert codec.loads(State, codec.dumps(state)) == state
    assert GAME.legal_actions(codec.loads(State, codec.dumps(state)), RED) == (
        GAME.legal_actions(state, RED)
    )


def test_a_yeti_on_a_removed_location_does_not_load() -> None:
    """The validator refuses a Yeti standing on a removed Location or on no Location."""
    state = promo_state(frozenset({YETI}), yeti="overstuffed_birdhouse")
    gone = sc.removed(state, "overstuffed_birdhouse")
    assert invariant_violation(gone) == "the Yeti stands on no Location in play (cell 12)"
    with pytest.raises(CodecError, match="the Yeti stands on no Location in play"):
        codec.loads(State, codec.dumps(gone))
    assert state.promos is not None
    off = attrs.evolve(state, promos=attrs.evolve(state.promos, yeti=13))
    assert invariant_violation(off) == "the Yeti stands on no Location in play (cell 13)"


def ruled_upkeep() -> State:
    """Returns an Upkeep paused after the Eagle's ruling: a new Scarecrow controller (p2)
    places it."""
    state = promo_state(
        frozenset({EAGLE_OF_JUSTICE}), {"doghouse": {BLUE: 2, RED: 2}, "cornfield": {BLUE: 2}}
    )
    mid, _ = upkeep(sc.creature(state, "scarecrow", RED, 4))
    after = GAME.apply(mid, OrderTie(RED, "doghouse", (BLUE, RED)))
    assert after.flow.awaiting is Await.SCARECROW and after.promos is not None
    assert after.promos.ruling == TieOrder(Spot(Where.CELL, CELL["doghouse"]), (BLUE, RED))
    assert invariant_violation(after) is None
    return after


def test_an_eagle_order_of_no_group_does_not_load() -> None:
    """The validator refuses an Eagle order of one colour, of a repeated colour or of no
    colour in play."""
    after = ruled_upkeep()
    assert after.promos is not None
    spot = Spot(Where.CELL, CELL["doghouse"])
    for order in ((BLUE,), (BLUE, BLUE), (BLUE, 7)):
        ruling = TieOrder(spot, order)
        bad = attrs.evolve(after, promos=attrs.evolve(after.promos, ruling=ruling))
        assert invariant_violation(bad) == f"the Eagle's order {order} is no tied group's"


def test_an_eagle_order_for_no_place_does_not_load() -> None:
    """The validator refuses an Eagle order on an intersection or past the Ponds."""
    after = ruled_upkeep()
    assert after.promos is not None
    for spot in (Spot(Where.INTERSECTION, 0), Spot(Where.POND, 2)):
        ruling = TieOrder(spot, (BLUE, RED))
        bad = attrs.evolve(after, promos=attrs.evolve(after.promos, ruling=ruling))
        assert invariant_violation(bad) == f"the Eagle's order is for no Location or Pond ({spot})"


def test_a_state_paused_after_the_eagles_ruling_round_trips() -> None:
    """An Upkeep paused after the ruling keeps it through a save and a load."""
    after = ruled_upkeep()
    assert codec.loads(State, codec.dumps(after)) == after


def test_a_golden_egg_or_yeti_without_its_promo_does_not_load() -> None:
    """The validator refuses an Egg without the Golden Goose and a Yeti without the Yeti."""
    state = promo_state(frozenset({EAGLE_OF_JUSTICE}))
    assert state.promos is not None
    egg = attrs.evolve(state, promos=attrs.evolve(state.promos, egg=0, egg_moved=True))
    assert invariant_violation(egg) == "a Golden Egg without the Golden Goose"
    yeti = attrs.evolve(state, promos=attrs.evolve(state.promos, yeti=0))
    assert invariant_violation(yeti) == "the Yeti stands on the board exactly when it is in play"


def test_an_eagle_ruling_left_over_from_last_upkeep_does_not_load() -> None:
    """P8: the Eagle's order counts for one Upkeep only; a Perch turn holding one (which
    would still decide control) is refused."""
    state = promo_state(frozenset({EAGLE_OF_JUSTICE}), {"doghouse": {BLUE: 2, RED: 2}})
    assert state.promos is not None
    stale = attrs.evolve(
        state,
        promos=attrs.evolve(
            state.promos,
            eagle_used=True,
            ruling=TieOrder(Spot(Where.CELL, CELL["doghouse"]), (BLUE, RED)),
        ),
    )
    assert invariant_violation(stale) == "the Eagle of Justice rules only in an Upkeep"


# --- random self-play -------------------------------------------------------------------------


def _features(action: object, events: tuple[Event, ...]) -> set[str]:
    """Names the expansion and promo features an action and its events show."""
    seen: set[str] = set()
    if isinstance(action, FeedBirds):
        seen.add("bread spent")
    if isinstance(action, ActivateCreature) and action.creature in ("frog", "perch"):
        seen.add(f"{action.creature} activated")
    if isinstance(action, MoveGoldenEgg):
        seen.add("golden egg moved")
    if isinstance(action, OrderTie):
        seen.add("eagle ruling")
    if isinstance(action, MoveYeti):
        seen.add("yeti moved")
    for e in events:
        if isinstance(e, BirdfeederTaken):
            seen.add("feeder taken")
        elif isinstance(e, TileEffect) and e.effect.startswith("the Sun covers"):
            seen.add("sun scored")
        elif isinstance(e, TileEffect) and e.effect.startswith("the Moon covers"):
            seen.add("moon scored")
        elif isinstance(e, TileEffect) and e.effect.startswith("the Golden Egg"):
            seen.add("golden egg scoring")
        elif isinstance(e, PondScored) and e.points:
            seen.add("pond scored")
    return seen


FEATURES = {
    "feeder taken",
    "sun scored",
    "moon scored",
    "pond scored",
    "bread spent",
    "frog activated",
    "perch activated",
    "golden egg moved",
    "golden egg scoring",
    "eagle ruling",
    "yeti moved",
}


def test_random_self_play_with_every_expansion_and_promo_reaches_every_feature() -> None:
    """Random games under default_config plus every promo take Birdfeeders, score under the
    Sun and Moon and at Ponds, spend Bread, activate the Frog and the Perch, move and score
    the Golden Egg, rule with the Eagle and move the Yeti; every state where a promo or a
    Pond creature waits is valid and survives a save and a load."""
    seen: set[str] = set()
    for seed in range(40):
        players = 2 + seed % 4
        config = attrs.evolve(GAME.default_config(players), promos=ALL)
        state = GAME.new_game(config, seed)
        rng = Rng.from_seed(seed)
        while not GAME.is_terminal(state):
            player = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, player)
            k, rng = below(rng, len(legal))
            state, events = GAME.step(state, legal[k])
            found = _features(legal[k], events)
            act = state.flow.activation
            waiting = state.flow.awaiting in (Await.GOLDEN_EGG, Await.EAGLE) or (
                act is not None and act.creature in ("frog", "perch", "hawk")
            )
            if waiting:
                assert invariant_violation(state) is None
                assert codec.loads(State, codec.dumps(state)) == state
            seen |= found
        assert invariant_violation(state) is None
        if seen == FEATURES:
            break
    assert seen == FEATURES


def test_a_promo_holder_other_than_the_last_player_does_not_load() -> None:
    """P8: before the Perch phase no score has changed since the round started, so the
    holder must be the last player then (round 1: the last in turn order)."""
    state = new_game(ALL)
    assert state.promos is not None and invariant_violation(state) is None
    usurped = attrs.evolve(
        state,
        flow=attrs.evolve(state.flow, actor=0),
        promos=attrs.evolve(state.promos, controller=0),
    )
    assert invariant_violation(usurped) == "the promos belong to p4, last when round 1 started"


def test_a_golden_egg_not_moved_after_its_turn_does_not_load() -> None:
    """P8: the Egg moves before every Migration, so once the round is past that decision it
    has moved, and before it has not."""
    state = promo_state(frozenset({GOLDEN_GOOSE}), egg="great_ash")
    assert invariant_violation(state) is None
    assert state.promos is not None
    idle = attrs.evolve(state, promos=attrs.evolve(state.promos, egg_moved=False))
    assert invariant_violation(idle) == "the Golden Egg moves once a round, before Migration"
    waiting = new_game(frozenset({GOLDEN_GOOSE}))
    assert waiting.promos is not None
    early = attrs.evolve(waiting, promos=attrs.evolve(waiting.promos, egg=0, egg_moved=True))
    assert invariant_violation(early) == (
        "the Golden Egg is moved before Migration by the promos' holder"
    )


def test_a_yeti_moved_before_the_perch_phase_does_not_load() -> None:
    """P8: the Yeti moves in Perch turns, and a new round makes it movable again."""
    state = new_game(ALL)
    assert state.promos is not None
    moved = attrs.evolve(state, promos=attrs.evolve(state.promos, yeti_used=True))
    assert invariant_violation(moved) == "the Yeti moves only in Perch turns"


@rule("perch_bop", "P8.4")
def test_an_eagle_order_ranks_nobody_once_its_group_has_left_the_place() -> None:
    """P8: the order ranks its colours while they stay tied there with birds; a group the
    Hanging Nest emptied ranks nobody, and a group no longer tied ranks as it stands."""
    spot = Spot(Where.CELL, CELL["doghouse"])
    ruling = TieOrder(spot, (BLUE, RED))
    assert ruled((0, 0, 0, 0, 0), ruling, spot) == (0, 0, 0, 0, 0)
    assert leader(ruled((0, 0, 0, 0, 0), ruling, spot)) is None
    assert ruled((1, 0, 2, 0, 0), ruling, spot) == (1, 0, 2, 0, 0)
    assert leader(ruled((2, 0, 2, 0, 0), ruling, spot)) == BLUE
    assert ruled((2, 0, 2, 0, 0), ruling, Spot(Where.CELL, 0)) == (2, 0, 2, 0, 0)
