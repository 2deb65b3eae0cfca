"""Pond-emonium's creatures (P5, P9): the Frog and the Perch, their control from the Pond
count, and the Pond rules of the Owl, the Hawk and the other creatures."""

from __future__ import annotations

from collections.abc import Mapping

import attrs
import pytest

from birdgames import codec
from birdgames.core import CodecError
from birdgames.perch_bop import GAME, Config, State
from birdgames.perch_bop.actions import (
    Action,
    ActivateCreature,
    ChooseBird,
    ChooseDestination,
    MoveCreature,
    Place,
    UseEffect,
)
from birdgames.perch_bop.cards import OBJECTIVE, POND_EMONIUM
from birdgames.perch_bop.endgame import final_scores
from birdgames.perch_bop.events import (
    BirdMoved,
    BirdRemoved,
    ControlChanged,
    CreatureActivated,
    CreatureMoved,
    EffectSkipped,
    StandeePlaced,
)
from birdgames.perch_bop.invariants import invariant_violation
from birdgames.perch_bop.objectives import objective_met
from birdgames.perch_bop.state import Activation, Await, Phase, Spot, Stage, Where
from tests.perch_bop import scenarios as sc
from tests.perch_bop.test_creatures import play, settle
from tests.rules import rule

pytestmark = rule("perch_bop", "P5", "P9")

RED, YELLOW, BLUE, GREEN, PURPLE = 0, 1, 2, 3, 4
TILES = sc.CREATURE_TILES_13
CELL = {tile: i for i, tile in enumerate(TILES)}
L = len(TILES)
# Frog Pond on intersection 6 (thorn_bush, great_ash, park_bench); Perch Pool on 11
# (cornfield, mighty_oak, overstuffed_birdhouse). They share no Location.
FROG, PERCH = 0, 1
PONDS = (("frog_pond", 6), ("perch_pool", 11))


def game(
    players: int = 5,
    tiles: tuple[str, ...] = TILES,
    ponds: tuple[tuple[str, int], ...] = PONDS,
    promos: frozenset[str] = frozenset(),
) -> State:
    """Returns a Pond-emonium game with fixed tiles, Ponds and turn order 0, 1, 2..., every
    player having kept the first objective dealt."""
    config = Config(
        players=players,
        expansions=frozenset({POND_EMONIUM}),
        promos=promos,
        tiles=tiles,
        turn_order=tuple(range(players)),
        ponds=ponds,
    )
    state = GAME.new_game(config, 0)
    for p in range(players):
        state = GAME.apply(state, GAME.legal_actions(state, p)[0])
    return state


def on_ponds(state: State, birds: Mapping[int, Mapping[int, int]]) -> State:
    """Returns `state` with birds (from the supplies) on Ponds: {pond index: {colour: n}}."""
    assert state.ponds is not None
    supply = list(state.supply)
    ponds = list(state.ponds.ponds)
    for k, stacks in birds.items():
        counts = list(ponds[k].birds)
        for c, n in stacks.items():
            counts[c] += n
            supply[c] -= n
        ponds[k] = attrs.evolve(ponds[k], birds=tuple(counts))
    assert all(s >= 0 for s in supply)
    return attrs.evolve(
        state, supply=tuple(supply), ponds=attrs.evolve(state.ponds, ponds=tuple(ponds))
    )


def pond_creature(state: State, creature: str, controller: int | None, k: int) -> State:
    """Returns `state` with a Pond creature standing on Pond k, held by `controller`."""
    creatures = tuple(
        attrs.evolve(cr, controller=controller, position=Spot(Where.POND, k))
        if cr.id == creature
        else cr
        for cr in state.creatures
    )
    return attrs.evolve(state, creatures=creatures)


def position(
    stacks: Mapping[str, Mapping[int, int]] | None = None,
    ponds: Mapping[int, Mapping[int, int]] | None = None,
    houses: Mapping[str, list[int]] | None = None,
    players: int = 5,
    tiles: tuple[str, ...] = TILES,
    pond_tiles: tuple[tuple[str, int], ...] = PONDS,
    promos: frozenset[str] = frozenset(),
) -> State:
    """Returns the board with these birds and Ponds (Bread dealt, nobody holding a
    creature), before any turn."""
    state = sc.board(game(players, tiles, pond_tiles, promos), stacks or {}, None, houses)
    return on_ponds(state, ponds or {})


def turn(state: State, round_: int = 2) -> State:
    """Returns `state` at the start of p0's Perch turn, each player holding a bird."""
    state = sc.hands(state, {p: {p: 1} for p in range(state.config.players)})
    return sc.perch_turn(state, 0, round_)


def pond(state: State, k: int) -> tuple[int, ...]:
    assert state.ponds is not None
    return state.ponds.ponds[k].birds


def creature_of(state: State, creature: str) -> tuple[int | None, Spot | None]:
    cr = next(cr for cr in state.creatures if cr.id == creature)
    return cr.controller, cr.position


def names(actions: tuple[Action, ...]) -> list[str]:
    return [str(a) for a in actions]


# --- the Frog (P5 DECISION) -------------------------------------------------------------------


def frog_turn(**kwargs: object) -> State:
    state = position(**kwargs)  # type: ignore[arg-type]
    return turn(pond_creature(state, "frog", RED, FROG))


@rule("perch_bop", "PD22")
def test_the_frog_pulls_any_colours_bird_from_beside_its_pond_onto_it() -> None:
    """Frog: one bird of any colour from a Location beside its Pond joins that colour's
    stack on the Pond; the Frog itself stays on its Pond."""
    state = frog_turn(stacks={"great_ash": {BLUE: 2}}, ponds={FROG: {BLUE: 1}})
    activated, events = GAME.step(state, ActivateCreature(RED, "frog"))
    assert [str(e) for e in events if isinstance(e, CreatureActivated)] == [
        "p0 activates the frog on the Pond frog_pond"
    ]
    # No move and no use/skip question: the activation is the choice of the bird.
    assert activated.flow.activation is not None
    assert activated.flow.activation.stage is Stage.BIRD
    after, moved = GAME.step(activated, ChooseBird(RED, "great_ash", BLUE))
    assert pond(after, FROG) == (0, 0, 2, 0, 0)
    assert sc.loc(after, "great_ash").birds[BLUE] == 1
    assert [str(e) for e in moved if isinstance(e, BirdMoved)] == [
        "frog (p0) pulls a blue bird from great_ash to frog_pond"
    ]
    assert creature_of(after, "frog") == (RED, Spot(Where.POND, FROG))
    assert after.flow.activation is None and after.flow.awaiting is Await.TURN
    assert invariant_violation(after) is None


def test_the_frog_offers_every_open_bird_beside_its_pond_and_nothing_else() -> None:
    """Frog: the choices are the birds on the three adjoining Locations, not a birdhouse
    stack, not a bird further away, not a bird already on a Pond."""
    state = frog_turn(
        stacks={
            "thorn_bush": {YELLOW: 1},
            "great_ash": {BLUE: 2, GREEN: 1},
            "park_bench": {PURPLE: 3},
            "beehive": {RED: 4},  # beside great_ash, but not beside the Pond
        },
        ponds={FROG: {RED: 1}, PERCH: {YELLOW: 2}},
        houses={"great_ash": [GREEN]},
    )
    activated = GAME.apply(state, ActivateCreature(RED, "frog"))
    assert GAME.legal_actions(activated, RED) == (
        ChooseBird(RED, "thorn_bush", YELLOW),
        ChooseBird(RED, "great_ash", BLUE),
        ChooseBird(RED, "park_bench", PURPLE),
    )


def test_the_frog_refuses_a_birdhouse_stack_with_its_reason() -> None:
    """Frog: a bird of a birdhouse stack beside its Pond cannot be pulled."""
    state = frog_turn(
        stacks={"great_ash": {BLUE: 2, GREEN: 1}},
        houses={"great_ash": [GREEN]},
    )
    activated = GAME.apply(state, ActivateCreature(RED, "frog"))
    assert GAME.check(activated, ChooseBird(RED, "great_ash", GREEN)) == (
        "the green stack on great_ash is protected by a birdhouse"
    )


def test_the_frog_refuses_a_bird_not_beside_its_pond_with_its_reason() -> None:
    """Frog: a bird on a Location that does not adjoin its Pond is refused, naming the
    choices."""
    state = frog_turn(stacks={"great_ash": {BLUE: 1}, "beehive": {RED: 1}})
    activated = GAME.apply(state, ActivateCreature(RED, "frog"))
    assert GAME.check(activated, ChooseBird(RED, "beehive", RED)) == (
        "the frog's effect cannot take the red bird on beehive now; "
        "choose from: chooses a blue bird on great_ash"
    )
    assert GAME.check(activated, ChooseBird(RED, "frog_pond", RED)) == (
        "there is no red bird on the Pond frog_pond"
    )


def test_the_frog_cannot_be_activated_without_a_bird_beside_its_pond() -> None:
    """Frog: legal only when a bird it may pull exists (a birdhouse stack does not count)."""
    state = frog_turn(stacks={"great_ash": {GREEN: 1}}, houses={"great_ash": [GREEN]})
    assert ActivateCreature(RED, "frog") not in GAME.legal_actions(state, RED)
    assert GAME.check(state, ActivateCreature(RED, "frog")) == (
        "the frog has no bird beside its Pond to pull onto it"
    )


def test_the_frogs_pull_frees_the_nest_of_a_stacks_last_bird() -> None:
    """Frog: pulling a stack's last bird frees its nest; the bird takes no nest on the Pond."""
    state = frog_turn()
    state = sc.board(state, {"great_ash": {BLUE: 1}}, nests={"great_ash": [BLUE]})
    state = turn(pond_creature(state, "frog", RED, FROG))
    free = sc.loc(state, "great_ash").free_nests
    after, _ = play(state, ActivateCreature(RED, "frog"), ChooseBird(RED, "great_ash", BLUE))
    ash = sc.loc(after, "great_ash")
    assert ash.birds[BLUE] == 0 and not ash.nested[BLUE] and ash.free_nests == free + 1
    assert pond(after, FROG)[BLUE] == 1


def test_the_frog_pulls_a_dummy_bird_too() -> None:
    """Frog: any colour, the 2-player dummy's included."""
    tiles = sc.CREATURE_TILES_8  # intersection 3: doghouse, country_house, cornfield
    state = position({"doghouse": {2: 1}}, players=2, tiles=tiles, pond_tiles=(("frog_pond", 3),))
    state = turn(pond_creature(state, "frog", 0, 0))
    after, _ = play(state, ActivateCreature(0, "frog"), ChooseBird(0, "doghouse", 2))
    assert pond(after, 0) == (0, 0, 1)
    assert invariant_violation(after) is None


# --- the Perch (P5 DECISION) ----------------------------------------------------------------


def perch_turn(**kwargs: object) -> State:
    state = position(**kwargs)  # type: ignore[arg-type]
    return turn(pond_creature(state, "perch", RED, PERCH))


@rule("perch_bop", "PD22")
def test_the_perch_moves_a_pond_bird_to_a_location_beside_its_pond() -> None:
    """Perch: one bird leaves its Pond for a Location beside it, joining its colour's stack
    there; the Perch stays on its Pond."""
    state = perch_turn(stacks={"mighty_oak": {BLUE: 1}}, ponds={PERCH: {BLUE: 2}})
    activated = GAME.apply(state, ActivateCreature(RED, "perch"))
    assert GAME.legal_actions(activated, RED) == (ChooseBird(RED, "perch_pool", BLUE),)
    chosen = GAME.apply(activated, ChooseBird(RED, "perch_pool", BLUE))
    assert chosen.flow.activation is not None
    assert chosen.flow.activation.stage is Stage.DESTINATION
    assert GAME.legal_actions(chosen, RED) == (
        ChooseDestination(RED, "cornfield"),
        ChooseDestination(RED, "mighty_oak"),
        ChooseDestination(RED, "overstuffed_birdhouse"),
    )
    after, events = GAME.step(chosen, ChooseDestination(RED, "mighty_oak"))
    assert pond(after, PERCH) == (0, 0, 1, 0, 0)
    oak = sc.loc(after, "mighty_oak")
    assert oak.birds[BLUE] == 2 and not oak.nested[BLUE]
    assert [str(e) for e in events if isinstance(e, BirdMoved)] == [
        "perch (p0) moves a blue bird from perch_pool to mighty_oak"
    ]
    assert creature_of(after, "perch") == (RED, Spot(Where.POND, PERCH))
    assert invariant_violation(after) is None


def test_the_perch_never_moves_a_colours_last_bird_on_its_pond() -> None:
    """Perch: a colour with one bird on the Pond keeps it; the choice is refused."""
    state = perch_turn(ponds={PERCH: {BLUE: 2, YELLOW: 1}})
    activated = GAME.apply(state, ActivateCreature(RED, "perch"))
    assert GAME.legal_actions(activated, RED) == (ChooseBird(RED, "perch_pool", BLUE),)
    assert GAME.check(activated, ChooseBird(RED, "perch_pool", YELLOW)) == (
        "the perch's effect cannot take the yellow bird on the Pond perch_pool now; "
        "choose from: chooses a blue bird on perch_pool"
    )


def test_the_perch_cannot_be_activated_with_only_single_birds_on_its_pond() -> None:
    """Perch: legal only when a colour has two or more birds on its Pond."""
    state = perch_turn(ponds={PERCH: {BLUE: 1, YELLOW: 1}})
    assert ActivateCreature(RED, "perch") not in GAME.legal_actions(state, RED)
    assert GAME.check(state, ActivateCreature(RED, "perch")) == (
        "the perch has no bird on its Pond to move to a Location beside it"
    )


def test_the_perch_never_sends_a_bird_onto_its_colours_birdhouse_stack() -> None:
    """Perch: a Location where the bird's colour has a birdhouse is no destination."""
    state = perch_turn(stacks={"mighty_oak": {BLUE: 1}}, ponds={PERCH: {BLUE: 2}})
    state = sc.board(state, {}, houses={"mighty_oak": [BLUE]})
    chosen, _ = play(state, ActivateCreature(RED, "perch"), ChooseBird(RED, "perch_pool", BLUE))
    assert GAME.legal_actions(chosen, RED) == (
        ChooseDestination(RED, "cornfield"),
        ChooseDestination(RED, "overstuffed_birdhouse"),
    )
    reason = GAME.check(chosen, ChooseDestination(RED, "mighty_oak"))
    assert reason == (
        "the bird cannot go to 'mighty_oak'; choose from: sends the bird to cornfield; "
        "sends the bird to overstuffed_birdhouse"
    )
    assert GAME.check(chosen, ChooseDestination(RED, "beehive")) is not None
    assert GAME.check(chosen, ChooseDestination(RED, None)) is not None


def test_the_perch_with_every_neighbour_closed_cannot_be_activated() -> None:
    """Perch: a bird with no Location beside the Pond to take it cannot be chosen."""
    stacks = {"cornfield": {BLUE: 1}, "mighty_oak": {BLUE: 1}, "overstuffed_birdhouse": {BLUE: 1}}
    houses = {tile: [BLUE] for tile in stacks}
    state = perch_turn(stacks=stacks, ponds={PERCH: {BLUE: 3}}, houses=houses)
    assert GAME.check(state, ActivateCreature(RED, "perch")) is not None


def test_the_perch_uses_only_the_locations_left_beside_its_pond() -> None:
    """P5: a removed adjoining Location leaves the Pond two neighbours, for the Perch too."""
    state = perch_turn(ponds={PERCH: {BLUE: 2}})
    state = sc.removed(state, "overstuffed_birdhouse")
    chosen, _ = play(state, ActivateCreature(RED, "perch"), ChooseBird(RED, "perch_pool", BLUE))
    assert GAME.legal_actions(chosen, RED) == (
        ChooseDestination(RED, "cornfield"),
        ChooseDestination(RED, "mighty_oak"),
    )


@rule("perch_bop", "P3")
def test_a_perch_moved_bird_takes_no_birdfeeder() -> None:
    """P3: a bird the Perch moves onto a Location with a Birdfeeder takes nothing."""
    config = attrs.evolve(game().config, expansions=frozenset({POND_EMONIUM, "seeds_the_day"}))
    state = GAME.new_game(config, 0)
    for p in range(5):
        state = GAME.apply(state, GAME.legal_actions(state, p)[0])
    state = turn(pond_creature(on_ponds(sc.board(state, {}), {PERCH: {BLUE: 2}}), "perch", RED, 1))
    after, _ = play(
        state,
        ActivateCreature(RED, "perch"),
        ChooseBird(RED, "perch_pool", BLUE),
        ChooseDestination(RED, "cornfield"),
    )
    assert after.feeders is not None
    assert after.feeders.on[CELL["cornfield"]] and after.feeders.taken == (0,) * 5
    assert after.seats[BLUE].score == state.seats[BLUE].score


# --- the activation as a bonus action -------------------------------------------------------


@rule("perch_bop", "§3")
def test_a_pond_creature_is_the_turns_bonus_action_once_a_round() -> None:
    """§3: the Frog's activation spends the turn's bonus action and the Frog for the round."""
    state = frog_turn(stacks={"great_ash": {BLUE: 3}})
    after, _ = play(state, ActivateCreature(RED, "frog"), ChooseBird(RED, "great_ash", BLUE))
    assert after.flow.bonus_used
    placed = GAME.apply(after, Place(RED, RED, "beehive", False))
    assert placed.flow.actor == YELLOW  # nothing left: the turn ended with the placement
    fresh_turn = sc.perch_turn(attrs.evolve(placed, flow=after.flow), RED)
    fresh_turn = sc.hands(fresh_turn, {RED: {RED: 1}})
    assert GAME.check(fresh_turn, ActivateCreature(RED, "frog")) == (
        "the frog has already been activated this round"
    )


@rule("perch_bop", "§3")
def test_only_the_pond_creatures_controller_activates_it() -> None:
    """§3: a player who does not control the Frog cannot activate it."""
    state = frog_turn(stacks={"great_ash": {BLUE: 3}})
    state = pond_creature(state, "frog", YELLOW, FROG)
    assert GAME.check(state, ActivateCreature(RED, "frog")) == "p0 does not control the frog"


# --- control (P5, P9) -----------------------------------------------------------------------


def upkeep(state: State, round_: int = 1) -> tuple[State, tuple[object, ...]]:
    after, events = sc.start(state, Phase.UPKEEP, round_)
    return after, events


def test_the_ponds_sole_leader_takes_its_creature_and_its_standee_goes_on_the_pond() -> None:
    """P5: the sole leader of the Frog Pond (with a bird on it) controls the Frog next
    round; the first time, the standee goes on the Pond."""
    state = position({"great_ash": {BLUE: 2}}, {FROG: {BLUE: 1, RED: 1}})
    assert creature_of(state, "frog") == (None, None)
    after, events = upkeep(state)
    assert creature_of(after, "frog") == (BLUE, Spot(Where.POND, FROG))
    assert "frog (frog_pond) is controlled by p2" in map(str, events)
    assert [str(e) for e in events if isinstance(e, StandeePlaced)] == [
        "p2 puts the frog on the Pond frog_pond"
    ]


@rule("perch_bop", "P2", "U7")
def test_a_tie_at_the_pond_gives_its_creature_to_nobody() -> None:
    """P2, U7: tied leaders at the Pond: nobody controls the Frog; the standee stays."""
    state = position(ponds={FROG: {BLUE: 2, RED: 2}})
    state = pond_creature(state, "frog", YELLOW, FROG)
    after, events = upkeep(state)
    assert creature_of(after, "frog") == (None, Spot(Where.POND, FROG))
    assert "frog (frog_pond) is controlled by nobody" in map(str, events)


@rule("perch_bop", "§2.5", "U7")
def test_the_dummy_leading_the_pond_gives_its_creature_to_nobody() -> None:
    """§2.5, U7: the dummy as sole leader of a creature Pond: nobody controls it."""
    tiles = sc.CREATURE_TILES_8
    state = position(
        players=2, tiles=tiles, pond_tiles=(("perch_pool", 3),), ponds={0: {2: 3, 0: 1}}
    )
    state = pond_creature(state, "perch", 0, 0)
    after, _ = upkeep(state)
    assert creature_of(after, "perch") == (None, Spot(Where.POND, 0))
    assert after.ponds is not None and after.ponds.ponds[0].leader == 2


def test_an_empty_pond_gives_its_creature_to_nobody() -> None:
    """P5: with no bird on the Pond, nobody controls its creature, whatever lies beside."""
    state = position({"great_ash": {BLUE: 9}})
    state = pond_creature(state, "frog", YELLOW, FROG)
    after, _ = upkeep(state)
    assert creature_of(after, "frog") == (None, Spot(Where.POND, FROG))


def test_control_ranks_only_colours_with_a_bird_on_the_pond() -> None:
    """P9: a flock beside the Pond but not on it takes no part in control."""
    state = position({"great_ash": {GREEN: 9, BLUE: 1}}, {FROG: {BLUE: 1}})
    after, _ = upkeep(state)
    assert creature_of(after, "frog")[0] == BLUE


@rule("perch_bop", "PD21")
def test_control_uses_the_count_taken_at_pond_scoring() -> None:
    """P9: control is settled in step 6 by the count of step 2, though the Overstuffed
    Birdhouse beside the Pond leaves in step 5 and takes Red's lead with it."""
    state = position(
        {"overstuffed_birdhouse": {RED: 7}, "mighty_oak": {BLUE: 3}},
        {PERCH: {RED: 1, BLUE: 1}},
    )
    after, events = upkeep(state)
    assert sc.loc(after, "overstuffed_birdhouse").removed
    assert creature_of(after, "perch") == (RED, Spot(Where.POND, PERCH))
    texts = [str(e) for e in events]
    removed = texts.index("overstuffed_birdhouse is removed from the game")
    assert removed < texts.index("perch (perch_pool) is controlled by p0")


def test_a_new_pond_leader_takes_the_creature_where_it_stands() -> None:
    """P5: only the first control puts the standee out; later the controller changes and
    the standee stays on its Pond."""
    state = position(ponds={FROG: {YELLOW: 2}})
    state = pond_creature(state, "frog", RED, FROG)
    after, events = upkeep(state)
    assert creature_of(after, "frog") == (YELLOW, Spot(Where.POND, FROG))
    assert not [e for e in events if isinstance(e, StandeePlaced)]
    assert [e for e in events if isinstance(e, ControlChanged)] == [
        ControlChanged("frog", "frog_pond", YELLOW)
    ]


# --- end-game points and objectives about creatures (P5) ------------------------------------


@rule("perch_bop", "§4.4")
def test_the_frog_and_the_perch_score_3_each_at_the_end() -> None:
    """§4.4, P5: a Pond creature counts as a creature for end-game scoring, 3 points."""
    state = pond_creature(pond_creature(position(), "frog", BLUE, FROG), "perch", BLUE, PERCH)
    finals = final_scores(state)
    assert finals[BLUE].creatures == 6
    assert [f.creatures for f in finals] == [0, 0, 6, 0, 0]


def test_the_pond_creatures_count_for_objectives_about_creatures() -> None:
    """P5: controlling the Frog and the Perch meets Jack (two creatures) and fails Wing
    (no creature)."""
    state = pond_creature(pond_creature(position(), "frog", BLUE, FROG), "perch", BLUE, PERCH)
    assert objective_met(state, OBJECTIVE["jack"], BLUE)
    assert not objective_met(state, OBJECTIVE["wing"], BLUE)
    assert objective_met(state, OBJECTIVE["wing"], RED)


# --- the Owl, the Hawk and the others beside Ponds (P5, P9) ---------------------------------


def owl_turn(**kwargs: object) -> State:
    state = position(**kwargs)  # type: ignore[arg-type]
    return turn(sc.creature(state, "owl", RED, CELL["owl_barn"]))


def owl_birds(state: State, landing: str) -> list[str]:
    mid, _ = play(state, ActivateCreature(RED, "owl"), MoveCreature(RED, landing), UseEffect(RED))
    return [
        f"{a.location}:{a.colour}"
        for a in GAME.legal_actions(mid, RED)
        if isinstance(a, ChooseBird)
    ]


def test_the_owl_takes_a_pond_bird_beside_a_location_it_passes_over() -> None:
    """P5 (rule): the Owl flies owl_barn -> doghouse -> thorn_bush -> park_bench ->
    lonely_elm, passing thorn_bush and park_bench beside the Frog Pond: a bird there is
    offered, and taking it sends it to the fountain."""
    state = owl_turn(ponds={FROG: {BLUE: 1}})
    assert owl_birds(state, "lonely_elm") == ["frog_pond:2"]
    mid, _ = play(state, ActivateCreature(RED, "owl"), MoveCreature(RED, "lonely_elm"))
    assert mid.flow.activation is not None and mid.flow.activation.stage is Stage.USE
    after, events = play(mid, UseEffect(RED), ChooseBird(RED, "frog_pond", BLUE))
    assert pond(after, FROG) == (0,) * 5
    assert [str(e) for e in events if isinstance(e, BirdRemoved)] == [
        "owl (p0) sends a blue bird from frog_pond to the fountain"
    ]
    assert after.arrivals and after.arrivals[0].colour == BLUE
    assert invariant_violation(settle(after)) is None


@rule("perch_bop", "PD23")
def test_the_owl_takes_a_pond_bird_beside_the_location_it_lands_on() -> None:
    """P9 DECISION: landing on thorn_bush, beside the Frog Pond, counts as for a tile
    passed over."""
    state = owl_turn(ponds={FROG: {BLUE: 1}})
    assert owl_birds(state, "thorn_bush") == ["frog_pond:2"]


def test_the_owl_ignores_a_pond_beside_no_tile_of_its_flight() -> None:
    """P5: landing on the doghouse, the Owl flew beside no Pond: no effect at all."""
    state = owl_turn(ponds={FROG: {BLUE: 1}})
    mid, events = play(state, ActivateCreature(RED, "owl"), MoveCreature(RED, "doghouse"))
    assert EffectSkipped(RED, "owl", False) in events
    assert mid.flow.activation is None


def test_a_pond_is_no_step_for_the_owl() -> None:
    """P9: Ponds are not spaces on the Owl's flight: its four landings are ring Locations."""
    state = owl_turn(ponds={FROG: {BLUE: 1}})
    mid = GAME.apply(state, ActivateCreature(RED, "owl"))
    assert names(GAME.legal_actions(mid, RED)) == [
        str(MoveCreature(RED, tile))
        for tile in ("doghouse", "thorn_bush", "park_bench", "lonely_elm")
    ]


@rule("perch_bop", "§6")
def test_the_owls_start_does_not_reach_a_pond() -> None:
    """§6: the Owl's start is neither passed over nor landed on: from mighty_oak it flies
    over overstuffed_birdhouse, cornfield, beehive to country_house, and the Pond beside
    mighty_oak alone (intersection 10) offers nothing."""
    ponds = (("loonie_lagoon", 0), ("duck_puddle", 10))
    state = position(ponds={1: {BLUE: 1}}, pond_tiles=ponds)
    state = turn(sc.creature(state, "owl", RED, CELL["mighty_oak"]))
    _, events = play(state, ActivateCreature(RED, "owl"), MoveCreature(RED, "country_house"))
    assert [str(e) for e in events if isinstance(e, CreatureMoved)] == [
        "p0 moves the owl: mighty_oak -> overstuffed_birdhouse -> cornfield -> beehive "
        "-> country_house"
    ]
    assert EffectSkipped(RED, "owl", False) in events


def hawk_turn(**kwargs: object) -> State:
    state = position(**kwargs)  # type: ignore[arg-type]
    return turn(sc.creature(state, "hawk", RED, CELL["hawk_nest"]))


def test_the_hawk_may_land_on_a_pond_and_take_a_bird_there() -> None:
    """P5: the Hawk lands on the Frog Pond as on a Location and sends one bird there to the
    fountain; its standee then stands on the Pond."""
    state = hawk_turn(ponds={FROG: {BLUE: 1, YELLOW: 2}})
    mid = GAME.apply(state, ActivateCreature(RED, "hawk"))
    moves = GAME.legal_actions(mid, RED)
    assert MoveCreature(RED, "frog_pond") in moves and MoveCreature(RED, "perch_pool") in moves
    landed, events = play(mid, MoveCreature(RED, "frog_pond"), UseEffect(RED))
    assert [str(e) for e in events if isinstance(e, CreatureMoved)] == [
        "p0 moves the hawk: hawk_nest -> frog_pond"
    ]
    assert creature_of(landed, "hawk") == (RED, Spot(Where.POND, FROG))
    assert GAME.legal_actions(landed, RED) == (
        ChooseBird(RED, "frog_pond", YELLOW),
        ChooseBird(RED, "frog_pond", BLUE),
    )
    after = GAME.apply(landed, ChooseBird(RED, "frog_pond", YELLOW))
    assert pond(after, FROG) == (0, 1, 1, 0, 0)
    assert after.arrivals[0].colour == YELLOW


@rule("perch_bop", "U8")
def test_the_hawk_on_an_empty_pond_has_no_effect() -> None:
    """U8: the Hawk may land on an empty Pond; with nothing to take the effect is passed."""
    state = hawk_turn()
    after, events = play(state, ActivateCreature(RED, "hawk"), MoveCreature(RED, "perch_pool"))
    assert EffectSkipped(RED, "hawk", False) in events
    assert creature_of(after, "hawk") == (RED, Spot(Where.POND, PERCH))


def test_the_hawk_leaves_a_pond_for_any_location_or_the_other_pond() -> None:
    """P5: from a Pond the Hawk flies to any Location in play or another Pond, not back."""
    state = hawk_turn()
    state = attrs.evolve(
        state,
        creatures=tuple(
            attrs.evolve(cr, position=Spot(Where.POND, FROG)) if cr.id == "hawk" else cr
            for cr in state.creatures
        ),
    )
    mid = GAME.apply(state, ActivateCreature(RED, "hawk"))
    assert [a.location for a in GAME.legal_actions(mid, RED) if isinstance(a, MoveCreature)] == [
        *TILES,
        "perch_pool",
    ]


def test_the_hawk_on_a_pond_is_not_on_the_cell_of_that_index() -> None:
    """P9: a standee's place is typed: removing cell 0 sends a creature on that cell home,
    not the Hawk standing on Pond 0."""
    from birdgames.perch_bop.flow import remove_tile
    from birdgames.perch_bop.work import Work

    state = position()
    state = attrs.evolve(
        state,
        creatures=tuple(
            attrs.evolve(cr, controller=RED, position=Spot(Where.POND, 0))
            if cr.id == "hawk"
            else attrs.evolve(cr, controller=RED, position=Spot(Where.CELL, 0))
            if cr.id == "dog"
            else cr
            for cr in state.creatures
        ),
    )
    w = Work(state)
    remove_tile(w, 0)
    after = w.freeze()
    assert creature_of(after, "hawk") == (RED, Spot(Where.POND, 0))
    assert creature_of(after, "dog") == (RED, Spot(Where.CELL, CELL["doghouse"]))


def _decisions(state: State, player: int, depth: int = 0) -> list[Action]:
    """Every decision of the activation under way, down to its end."""
    if state.flow.activation is None or depth > 6:
        return []
    found: list[Action] = []
    for action in GAME.legal_actions(state, player):
        found.append(action)
        found += _decisions(settle(GAME.apply(state, action)), player, depth + 1)
    return found


@pytest.mark.parametrize("creature", ["fox", "dog", "cat", "cuckoo", "bee", "squirrel"])
def test_other_creatures_neither_enter_nor_touch_a_pond(creature: str) -> None:
    """P9: creatures other than the Owl, Hawk and Scarecrow never move onto a Pond, take a
    bird from it or put one on it, though birds sit on and beside both Ponds."""
    stacks = {tile: {YELLOW: 1, BLUE: 1} for tile in TILES}
    state = position(stacks, {FROG: {YELLOW: 1, GREEN: 1}, PERCH: {BLUE: 2}})
    state = sc.fountain(state, {0: GREEN, 1: PURPLE})
    start = {"squirrel": CELL["great_ash"]}.get(creature, CELL["great_ash"])
    state = turn(sc.creature(state, creature, RED, start))
    decisions = _decisions(GAME.apply(state, ActivateCreature(RED, creature)), RED)
    assert decisions
    wet = [str(a) for a in decisions if "frog_pond" in str(a) or "perch_pool" in str(a)]
    assert wet == []


def test_the_scarecrow_takes_no_pond_bird_beside_its_intersection() -> None:
    """P5, P9: the Scarecrow on intersection 7 (great_ash, beehive, cornfield) touches
    Locations beside both Ponds but only ever takes birds from its three Locations."""
    stacks = {tile: {YELLOW: 1} for tile in ("great_ash", "beehive", "cornfield")}
    state = position(stacks, {FROG: {BLUE: 1}, PERCH: {BLUE: 1}})
    state = turn(sc.creature(state, "scarecrow", RED, 7))
    decisions = _decisions(GAME.apply(state, ActivateCreature(RED, "scarecrow")), RED)
    assert {a.location for a in decisions if isinstance(a, ChooseBird)} == {
        "great_ash",
        "beehive",
        "cornfield",
    }


# --- saved states ---------------------------------------------------------------------------


def test_a_state_saved_mid_perch_activation_round_trips() -> None:
    """A Perch activation waiting for its destination loads back equal and valid."""
    state = perch_turn(ponds={PERCH: {BLUE: 2}})
    mid, _ = play(state, ActivateCreature(RED, "perch"), ChooseBird(RED, "perch_pool", BLUE))
    assert mid.flow.activation == Activation(
        "perch", Stage.DESTINATION, L + PERCH, (), 0, (L + 1, BLUE)
    )
    assert codec.loads(State, codec.dumps(mid)) == mid


def test_a_state_saved_with_the_hawk_choosing_on_a_pond_round_trips() -> None:
    """A Hawk activation landed on a Pond, waiting for its bird, loads back equal."""
    state = hawk_turn(ponds={FROG: {BLUE: 1}})
    mid, _ = play(state, ActivateCreature(RED, "hawk"), MoveCreature(RED, "frog_pond"))
    assert mid.flow.activation is not None and mid.flow.activation.path == (L + FROG,)
    assert codec.loads(State, codec.dumps(mid)) == mid
    chosen = GAME.apply(mid, UseEffect(RED))
    assert codec.loads(State, codec.dumps(chosen)) == chosen


def test_a_frog_on_the_wrong_pond_does_not_load() -> None:
    """The State validator refuses a Frog standing on the Perch Pool or on a cell."""
    state = pond_creature(turn(position()), "frog", RED, PERCH)
    assert invariant_violation(state) == "the frog stands nowhere valid"
    on_cell = attrs.evolve(
        state,
        creatures=tuple(
            attrs.evolve(cr, position=Spot(Where.CELL, FROG)) if cr.id == "frog" else cr
            for cr in state.creatures
        ),
    )
    assert invariant_violation(on_cell) == "the frog stands nowhere valid"
    with pytest.raises(CodecError, match="the frog stands nowhere valid"):
        codec.loads(State, codec.dumps(state))


def test_a_pond_creature_with_a_controller_and_no_standee_does_not_load() -> None:
    """P5: control puts the standee on the Pond, so a controlled Frog off the board is
    refused."""
    state = turn(position())
    held = attrs.evolve(
        state,
        creatures=tuple(
            attrs.evolve(cr, controller=RED) if cr.id == "frog" else cr for cr in state.creatures
        ),
    )
    assert invariant_violation(held) == "the frog has a controller but no standee out"


def test_a_creature_other_than_the_hawk_on_a_pond_does_not_load() -> None:
    """P9: only the Hawk ever stands on a Pond (beside the Pond creatures)."""
    state = sc.creature(turn(position()), "dog", RED, 0)
    wet = attrs.evolve(
        state,
        creatures=tuple(
            attrs.evolve(cr, position=Spot(Where.POND, FROG)) if cr.id == "dog" else cr
            for cr in state.creatures
        ),
    )
    assert invariant_violation(wet) == "the dog stands nowhere valid"


def test_a_saved_frog_activation_holding_a_bird_far_from_its_pond_does_not_load() -> None:
    """The validator refuses a Frog activation started anywhere but on its own Pond."""
    state = frog_turn(stacks={"great_ash": {BLUE: 1}})
    mid = GAME.apply(state, ActivateCreature(RED, "frog"))
    assert mid.flow.activation is not None
    moved = attrs.evolve(mid.flow.activation, start=L + PERCH)
    bad = attrs.evolve(mid, flow=attrs.evolve(mid.flow, activation=moved))
    assert invariant_violation(bad) == "the frog activation starts nowhere valid"
