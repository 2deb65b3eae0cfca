"""Creatures (§3 bonus action, §6, U5, U8, U21, U22; P2 geometry)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest

from birdgames import codec, sim
from birdgames.core import CodecError, IllegalActionError
from birdgames.perch_bop import GAME, State
from birdgames.perch_bop.actions import (
    Action,
    ActivateCreature,
    ChooseBird,
    ChooseDestination,
    ChooseFountainBird,
    ChooseSlot,
    EndTurn,
    MoveCreature,
    Place,
    PlaceScarecrow,
    SkipEffect,
    UseEffect,
)
from birdgames.perch_bop.events import (
    BirdMoved,
    BirdRemoved,
    CreatureActivated,
    CreatureMoved,
    EffectSkipped,
    Event,
    FountainSwapped,
    StandeePlaced,
)
from birdgames.perch_bop.state import Await, Phase, Stage
from birdgames.rng import Rng, below
from tests.perch_bop import scenarios as sc
from tests.rules import rule

pytestmark = rule("perch_bop", "§6")

TILES = sc.CREATURE_TILES_13
# The independent oracle: the 13-tile board from its coordinates (§1.3), and the clockwise
# edge ring exactly as the sources' table lists it.
CELLS: tuple[tuple[int, int], ...] = (
    (0, 0),
    (0, 2),
    (0, 4),
    (1, 1),
    (1, 3),
    (2, 0),
    (2, 2),
    (2, 4),
    (3, 1),
    (3, 3),
)
CELLS += ((4, 0), (4, 2), (4, 4))
RING: tuple[tuple[int, int], ...] = (
    (0, 0),
    (1, 1),
    (2, 0),
    (3, 1),
    (4, 0),
    (4, 2),
    (4, 4),
    (3, 3),
    (2, 4),
    (1, 3),
    (0, 4),
)
RING += ((0, 2),)
CELL = {tile: i for i, tile in enumerate(TILES)}
BENCH = CELL["park_bench"]
# Birds for the path tests: strengths differ (for the Cat), and two stacks carry birdhouses.
STACKS = {
    "owl_barn": {0: 1},
    "hawk_nest": {1: 2},
    "doghouse": {2: 3, 0: 1},
    "beehive": {3: 4},
    "park_bench": {4: 2},
    "cornfield": {0: 5},
    "lonely_elm": {1: 1},
    "thorn_bush": {2: 2},
}
HOUSES = {"beehive": [3], "cornfield": [0]}


def _adjacent(a: int, b: int) -> bool:
    (ca, ra), (cb, rb) = CELLS[a], CELLS[b]
    return (ca == cb and abs(ra - rb) == 2) or (abs(ca - cb) == 1 and abs(ra - rb) == 1)


def _strength(state: State, cell: int) -> int:
    loc = state.locations[cell]
    return sum(loc.birds) + sum(loc.nested) + sum(loc.housed)


def oracle_paths(state: State, creature: str, start: int) -> set[tuple[int, ...]]:
    """The paths §6 allows, from the coordinates alone (removed tiles are gone)."""
    live = [i for i, loc in enumerate(state.locations) if not loc.removed]

    def near(cell: int) -> list[int]:
        return [j for j in live if _adjacent(cell, j)]

    if creature == "hawk":
        return {(c,) for c in live if c != start}
    if creature == "owl":
        ring = [CELLS.index(rc) for rc in RING]
        ring = [c for c in ring if c in live or c == start]
        at = ring.index(start)
        walk = [ring[(at + k) % len(ring)] for k in range(1, 5)]
        return {tuple(walk[:k]) for k in range(1, 5)}
    if creature == "fox":
        return {(a, b) for a in near(start) for b in near(a) if b != start}
    if creature in ("dog", "cuckoo"):
        return {(a,) for a in near(start)}
    if creature == "cat":
        best = max(_strength(state, a) for a in near(start))
        return {(a,) for a in near(start) if _strength(state, a) == best}
    if creature == "bee":
        return {(c,) for c in live if c != start and not _adjacent(start, c)}
    assert creature == "squirrel"
    return {(a,) for a in near(start) if a == BENCH or _adjacent(a, BENCH)}


def turn(
    creature: str,
    position: int | None,
    stacks: dict[str, dict[int, int]] | None = None,
    houses: dict[str, list[int]] | None = None,
    nests: dict[str, list[int]] | None = None,
    gone: Sequence[str] = (),
    players: int = 5,
    tiles: tuple[str, ...] = TILES,
    round_: int = 2,
) -> State:
    """p0's Perch turn (p1 next) with `creature` theirs, standing at `position`."""
    state = sc.board(sc.fresh(players, tiles), stacks or {}, nests, houses)
    state = sc.removed(state, *gone)
    state = sc.hands(state, {0: {0: 1}, 1: {1: 1}})
    state = sc.creature(state, creature, 0, position)
    return sc.perch_turn(state, 0, round_)


def engine_paths(state: State, creature: str) -> set[tuple[int, ...]]:
    """Every path the engine offers, found by trying each MoveCreature decision."""
    found: set[tuple[int, ...]] = set()

    def walk(s: State) -> None:
        for action in GAME.legal_actions(s, 0):
            assert isinstance(action, MoveCreature)
            after, events = GAME.step(s, action)
            moved = [e for e in events if isinstance(e, CreatureMoved)]
            if moved:
                found.add(tuple(CELL[t] for t in moved[0].path))
            else:
                assert after.flow.activation is not None
                assert after.flow.activation.stage is Stage.MOVE
                walk(after)

    walk(GAME.apply(state, ActivateCreature(0, creature)))
    return found


def play(state: State, *actions: Action) -> tuple[State, list[Event]]:
    """Applies actions in order; returns the final state and every event."""
    events: list[Event] = []
    for action in actions:
        state, more = GAME.step(state, action)
        events.extend(more)
    return state, events


def effect_at(creature: str, *tiles: str) -> tuple[Action, ...]:
    """p0 activates `creature`, moves it choosing each of `tiles` and begins its effect."""
    moves = tuple(MoveCreature(0, tile) for tile in tiles)
    return ActivateCreature(0, creature), *moves, UseEffect(0)


def settle(state: State) -> State:
    """Puts every bird heading for the fountain in the first slot offered."""
    while state.arrivals:
        chooser = GAME.to_act(state)[0]
        state = GAME.apply(state, GAME.legal_actions(state, chooser)[0])
    return state


def birds(state: State, tile: str) -> tuple[int, ...]:
    return sc.loc(state, tile).birds


def fountain_colours(state: State) -> list[int]:
    colours = [c for c in state.fountain if c is not None]
    colours += [a.colour for a in state.arrivals]
    return sorted(colours)


# --- paths: each creature against the oracle ----------------------------------------------

CORNER, TOP_EDGE, RIGHT_EDGE, CENTRE = 0, 5, 11, 6
POSITIONS = {
    "hawk": (CORNER, TOP_EDGE, CENTRE),
    "owl": (CORNER, TOP_EDGE, RIGHT_EDGE),  # the Owl only ever stands on the ring
    "fox": (CORNER, TOP_EDGE, RIGHT_EDGE, CENTRE),
    "dog": (CORNER, TOP_EDGE, RIGHT_EDGE, CENTRE),
    "cat": (CORNER, TOP_EDGE, RIGHT_EDGE, CENTRE),
    "cuckoo": (CORNER, TOP_EDGE, RIGHT_EDGE, CENTRE),
    "bee": (CORNER, TOP_EDGE, RIGHT_EDGE, CENTRE),
    "squirrel": (BENCH, TOP_EDGE, RIGHT_EDGE, CENTRE),
}
CASES = [
    (creature, start, gone)
    for creature, starts in POSITIONS.items()
    for start in starts
    for gone in ((), ("overstuffed_birdhouse",), ("great_ash",))
    if TILES[start] not in gone
]


@rule("perch_bop", "PD9")
@rule("perch_bop", "P2")
@pytest.mark.parametrize(("creature", "start", "gone"), CASES)
def test_paths_equal_what_section_6_allows(
    creature: str, start: int, gone: tuple[str, ...]
) -> None:
    """§6, P2: from corner, edge and centre, beside removed tiles and through and onto
    birdhouse stacks, the offered paths are exactly the oracle's."""
    state = turn(creature, start, STACKS, HOUSES, gone=gone)
    expected = oracle_paths(state, creature, start)
    assert expected, "every case here has a legal move"
    assert engine_paths(state, creature) == expected


@rule("perch_bop", "P2")
def test_owl_skips_a_removed_ring_tile() -> None:
    """P2: the Owl walks the fixed ring and a removed tile is simply skipped."""
    state = turn("owl", CELL["mighty_oak"], gone=("overstuffed_birdhouse",))
    paths = engine_paths(state, "owl")
    assert max(paths, key=len) == tuple(
        CELL[t] for t in ("cornfield", "beehive", "country_house", "fox_den")
    )
    assert all(CELL["overstuffed_birdhouse"] not in p for p in paths)


@rule("perch_bop", "U8")
def test_squirrel_far_from_the_bench_cannot_be_activated() -> None:
    """U8: no activation without a legal move (the Squirrel away from the Park Bench)."""
    state = turn("squirrel", CORNER)
    assert ActivateCreature(0, "squirrel") not in GAME.legal_actions(state, 0)
    assert GAME.check(state, ActivateCreature(0, "squirrel")) == "the squirrel has no legal move"


# --- activation as a bonus action (§3) ---------------------------------------------------------


@rule("perch_bop", "PD14")
@rule("perch_bop", "§3")
def test_activation_is_a_bonus_action_once_per_round() -> None:
    """§3: the turn's one bonus action; each creature at most once per round."""
    state = turn("hawk", CELL["hawk_nest"])
    assert ActivateCreature(0, "hawk") in GAME.legal_actions(state, 0)
    after, _ = play(state, ActivateCreature(0, "hawk"), MoveCreature(0, "great_ash"))
    # Nothing to take on the Great Ash: the effect is passed over, the turn goes on.
    assert after.flow.awaiting is Await.TURN and after.flow.bonus_used
    assert all(not isinstance(a, ActivateCreature) for a in GAME.legal_actions(after, 0))
    hawk = next(cr for cr in after.creatures if cr.id == "hawk")
    assert hawk.used and hawk.position == sc.standee("hawk", CELL["great_ash"])
    again = sc.perch_turn(attrs.evolve(after, flow=state.flow), 0, 2)
    reason = GAME.check(again, ActivateCreature(0, "hawk"))
    assert reason == "the hawk has already been activated this round"


@rule("perch_bop", "§3")
def test_used_flag_resets_each_round() -> None:
    """§3: a new round makes every creature usable again."""
    state = sc.creature(sc.fresh(5, TILES), "hawk", 0, CELL["hawk_nest"], used=True)
    after, _ = sc.start(state, Phase.UPKEEP)
    assert all(not cr.used for cr in after.creatures)


@rule("perch_bop", "§3")
def test_only_the_controller_activates() -> None:
    """§3: only creatures you control."""
    state = sc.creature(turn("hawk", CELL["hawk_nest"]), "hawk", 1, CELL["hawk_nest"])
    assert GAME.check(state, ActivateCreature(0, "hawk")) == "p0 does not control the hawk"


@rule("perch_bop", "PD14")
@rule("perch_bop", "§3")
def test_turn_goes_on_after_an_activation_before_placing() -> None:
    """§3: a bonus before the placement; the bird is placed afterwards."""
    state = turn("hawk", CELL["hawk_nest"])
    after, _ = play(state, ActivateCreature(0, "hawk"), MoveCreature(0, "great_ash"))
    legal = GAME.legal_actions(after, 0)
    assert legal and all(isinstance(a, Place) for a in legal)
    done = GAME.apply(after, Place(0, 0, "great_ash", True))
    assert GAME.to_act(done) == (1,)


@rule("perch_bop", "§3")
def test_turn_waits_after_placing_while_a_creature_is_usable() -> None:
    """§3: after placing, a usable creature keeps the turn open (activate or EndTurn)."""
    state = turn("hawk", CELL["hawk_nest"])
    after = GAME.apply(state, Place(0, 0, "great_ash", True))
    assert GAME.to_act(after) == (0,)
    legal = GAME.legal_actions(after, 0)
    assert ActivateCreature(0, "hawk") in legal and EndTurn(0) in legal
    done, _ = play(after, ActivateCreature(0, "hawk"), MoveCreature(0, "lonely_elm"))
    assert GAME.to_act(done) == (1,)


def test_pending_step_shows_in_to_act_and_view() -> None:
    """The activation's pending decision is public: to_act and View.activation."""
    state = turn("fox", CELL["fox_den"], {"doghouse": {1: 1}})
    mid = GAME.apply(state, ActivateCreature(0, "fox"))
    assert GAME.to_act(mid) == (0,)
    for viewer in (0, 1, None):
        shown = GAME.view(mid, viewer)
        assert shown.awaiting == "creature" and shown.to_act == (0,)
        assert shown.activation is not None and shown.activation.stage is Stage.MOVE
    one = GAME.apply(mid, MoveCreature(0, "hawk_nest"))
    assert one.flow.activation is not None and one.flow.activation.path == (CELL["hawk_nest"],)
    reason = GAME.check(one, Place(0, 0, "great_ash", True))
    assert reason == "first finish the activation: move the fox (MoveCreature)"


@rule("perch_bop", "U8")
def test_effect_is_optional_as_a_whole() -> None:
    """U8: the move is compulsory, the effect may be skipped; nothing is removed."""
    state = turn("hawk", CELL["hawk_nest"], {"lonely_elm": {1: 2}})
    mid, _ = play(state, ActivateCreature(0, "hawk"), MoveCreature(0, "lonely_elm"))
    assert GAME.legal_actions(mid, 0) == (UseEffect(0), SkipEffect(0))
    after, events = play(mid, SkipEffect(0))
    assert birds(after, "lonely_elm")[1] == 2
    assert EffectSkipped(0, "hawk", True) in events
    assert str(events[0]) == "p0 skips the hawk's effect"


@rule("perch_bop", "U8")
def test_effect_once_begun_takes_every_step() -> None:
    """U8: once used, each step with a choice is taken; no skipping halfway."""
    state = turn("fox", CELL["fox_den"], {"hawk_nest": {1: 1}, "doghouse": {2: 1}})
    mid, _ = play(state, *effect_at("fox", "hawk_nest", "doghouse"))
    assert GAME.check(mid, SkipEffect(0)) is not None
    assert GAME.legal_actions(mid, 0) == (ChooseBird(0, "hawk_nest", 1),)


# --- each creature's effect (§6) -------------------------------------------------------------


@rule("perch_bop", "U5")
def test_hawk_sends_a_landing_bird_to_the_fountain_its_owner_picks_the_slot() -> None:
    """Hawk: one bird on the landing tile to the fountain; the bird's owner picks (U5)."""
    state = turn("hawk", CELL["hawk_nest"], {"lonely_elm": {3: 2}})
    after, events = play(
        state,
        *effect_at("hawk", "lonely_elm"),
        ChooseBird(0, "lonely_elm", 3),
    )
    assert birds(after, "lonely_elm")[3] == 1
    assert GAME.to_act(after) == (3,)
    assert GAME.legal_actions(after, 3) == tuple(ChooseSlot(3, s) for s in range(4))
    assert BirdRemoved(0, 3, "lonely_elm", "fountain", "hawk") in events
    after = GAME.apply(after, ChooseSlot(3, 2))
    assert after.fountain[2] == 3 and GAME.to_act(after) == (0,)


def test_birdhouse_stacks_are_immune() -> None:
    """§6: a creature never takes a bird from a birdhouse stack."""
    state = turn("hawk", CELL["hawk_nest"], {"lonely_elm": {3: 2, 1: 1}}, {"lonely_elm": [3]})
    mid, _ = play(state, *effect_at("hawk", "lonely_elm"))
    assert GAME.legal_actions(mid, 0) == (ChooseBird(0, "lonely_elm", 1),)
    reason = GAME.check(mid, ChooseBird(0, "lonely_elm", 3))
    assert reason == "the green stack on lonely_elm is protected by a birdhouse"


@rule("perch_bop", "U8")
def test_only_birdhouse_birds_on_landing_means_no_effect() -> None:
    """U8: nothing to act on after the move: no use/skip question, the turn goes on."""
    state = turn("hawk", CELL["hawk_nest"], {"lonely_elm": {3: 2}}, {"lonely_elm": [3]})
    after, events = play(state, ActivateCreature(0, "hawk"), MoveCreature(0, "lonely_elm"))
    assert after.flow.activation is None and after.flow.awaiting is Await.TURN
    assert EffectSkipped(0, "hawk", False) in events


@rule("perch_bop", "U5")
def test_dummy_bird_slot_is_chosen_by_the_acting_player() -> None:
    """U5: a dummy bird sent to the fountain by a creature: the activator picks its slot."""
    tiles = sc.CREATURE_TILES_8
    state = turn("hawk", tiles.index("hawk_nest"), {"beehive": {2: 1}}, players=2, tiles=tiles)
    after, _ = play(
        state,
        *effect_at("hawk", "beehive"),
        ChooseBird(0, "beehive", 2),
    )
    assert after.arrivals[0].chooser == 0 and GAME.to_act(after) == (0,)


@rule("perch_bop", "PD8")
def test_owl_takes_from_any_tile_passed_or_landed_on() -> None:
    """Owl: one bird from any one tile it passed over or landed on, not its start."""
    stacks = {"owl_barn": {1: 1}, "doghouse": {1: 1}, "beehive": {2: 1}, "mighty_oak": {3: 1}}
    state = turn("owl", CELL["owl_barn"], stacks)
    # From (0,0): (1,1) doghouse, (2,0) thorn_bush, (3,1) park_bench; beehive is off the ring.
    mid, events = play(state, *effect_at("owl", "park_bench"))
    path = ("doghouse", "thorn_bush", "park_bench")
    assert CreatureMoved(0, "owl", "owl_barn", path) in events
    assert str(events[-1]) == "p0 moves the owl: owl_barn -> doghouse -> thorn_bush -> park_bench"
    assert GAME.legal_actions(mid, 0) == (ChooseBird(0, "doghouse", 1),)
    after = settle(GAME.apply(mid, ChooseBird(0, "doghouse", 1)))
    assert birds(after, "doghouse")[1] == 0 and after.flow.activation is None


@rule("perch_bop", "PD10")
def test_fox_takes_from_the_tile_passed_through_and_the_landing_tile() -> None:
    """Fox: exactly two steps; one bird from the middle tile and one from the landing."""
    state = turn("fox", CELL["fox_den"], {"hawk_nest": {1: 2}, "doghouse": {2: 1, 3: 1}})
    after, _ = play(
        state,
        *effect_at("fox", "hawk_nest", "doghouse"),
        ChooseBird(0, "hawk_nest", 1),
    )
    after = settle(after)
    assert GAME.legal_actions(after, 0) == (
        ChooseBird(0, "doghouse", 2),
        ChooseBird(0, "doghouse", 3),
    )
    after = settle(GAME.apply(after, ChooseBird(0, "doghouse", 3)))
    assert birds(after, "hawk_nest")[1] == 1 and birds(after, "doghouse")[2:4] == (1, 0)
    assert fountain_colours(after) == [1, 3]


@rule("perch_bop", "U8")
def test_fox_with_an_empty_middle_tile_still_takes_from_the_landing() -> None:
    """U8: a part with nothing to take is passed over; the other part is still taken."""
    state = turn("fox", CELL["fox_den"], {"doghouse": {2: 1}})
    mid, _ = play(state, *effect_at("fox", "hawk_nest", "doghouse"))
    assert GAME.legal_actions(mid, 0) == (ChooseBird(0, "doghouse", 2),)


def test_fox_may_not_return_to_its_start() -> None:
    """Fox: the second step never goes back to where it began."""
    state = turn("fox", CELL["fox_den"])
    mid = GAME.apply(GAME.apply(state, ActivateCreature(0, "fox")), MoveCreature(0, "hawk_nest"))
    assert MoveCreature(0, "fox_den") not in GAME.legal_actions(mid, 0)
    reason = GAME.check(mid, MoveCreature(0, "fox_den"))
    assert reason is not None and reason.startswith("the fox cannot move to 'fox_den'")


def test_dog_pushes_a_bird_to_a_neighbour() -> None:
    """Dog: one step, then one landing bird to a neighbouring tile, joining its stack."""
    stacks = {"great_ash": {1: 1}, "beehive": {1: 2}}
    state = turn("dog", CELL["thorn_bush"], stacks, nests={"great_ash": [1]})
    after, events = play(
        state,
        *effect_at("dog", "great_ash"),
        ChooseBird(0, "great_ash", 1),
    )
    options = GAME.legal_actions(after, 0)
    assert ChooseDestination(0, None) not in options  # the centre is not an edge tile
    after, events = play(after, ChooseDestination(0, "beehive"))
    assert birds(after, "beehive")[1] == 3 and birds(after, "great_ash")[1] == 0
    # The stack's last bird left: its nest is free again; the moved bird took no nest.
    assert sc.loc(after, "great_ash").free_nests == 1 and not sc.loc(after, "beehive").nested[1]
    line = "dog (p0) pushes a yellow bird from great_ash to beehive"
    assert str(BirdMoved(0, 1, "great_ash", "beehive", "dog", "pushes")) == line
    assert BirdMoved(0, 1, "great_ash", "beehive", "dog", "pushes") in events


def test_dog_on_an_edge_tile_pushes_off_the_board_into_the_fountain() -> None:
    """Dog: on an edge tile the push may go off the board, into the fountain."""
    state = turn("dog", CELL["doghouse"], {"owl_barn": {2: 1}})
    after, _ = play(
        state,
        *effect_at("dog", "owl_barn"),
        ChooseBird(0, "owl_barn", 2),
    )
    assert ChooseDestination(0, None) in GAME.legal_actions(after, 0)
    after, events = play(after, ChooseDestination(0, None))
    assert BirdRemoved(0, 2, "owl_barn", "fountain", "dog") in events
    assert birds(after, "owl_barn")[2] == 0 and fountain_colours(after) == [2]


@rule("perch_bop", "P2")
def test_a_removal_never_makes_the_centre_an_edge_for_the_dog() -> None:
    """P2: with a neighbour removed, the interior tile still has no off-board push."""
    state = turn("dog", CELL["thorn_bush"], {"great_ash": {1: 1}}, gone=("doghouse",))
    after, _ = play(
        state,
        *effect_at("dog", "great_ash"),
        ChooseBird(0, "great_ash", 1),
    )
    options = GAME.legal_actions(after, 0)
    assert ChooseDestination(0, None) not in options
    assert ChooseDestination(0, "doghouse") not in options and options


def test_dog_never_pushes_into_a_birdhouse_stack() -> None:
    """§6: a bird cannot be moved into its colour's birdhouse stack."""
    stacks = {"great_ash": {1: 1}, "beehive": {1: 2}}
    state = turn("dog", CELL["thorn_bush"], stacks, {"beehive": [1]})
    after, _ = play(
        state,
        *effect_at("dog", "great_ash"),
        ChooseBird(0, "great_ash", 1),
    )
    assert ChooseDestination(0, "beehive") not in GAME.legal_actions(after, 0)
    assert GAME.check(after, ChooseDestination(0, "beehive")) is not None


@rule("perch_bop", "PD11")
def test_cat_goes_only_to_the_strongest_neighbour() -> None:
    """Cat: one step, only to the neighbour with the highest total strength."""
    stacks = {"owl_barn": {1: 2}, "doghouse": {2: 3}, "fox_den": {3: 1}}
    state = turn("cat", CELL["hawk_nest"], stacks)
    mid = GAME.apply(state, ActivateCreature(0, "cat"))
    assert GAME.legal_actions(mid, 0) == (MoveCreature(0, "doghouse"),)


def test_cat_tie_is_broken_by_the_activator() -> None:
    """Cat: among equally strong neighbours the activator picks."""
    stacks = {"owl_barn": {1: 3}, "doghouse": {2: 2, 0: 1}, "fox_den": {3: 1}}
    state = turn("cat", CELL["hawk_nest"], stacks)
    mid = GAME.apply(state, ActivateCreature(0, "cat"))
    assert GAME.legal_actions(mid, 0) == (
        MoveCreature(0, "owl_barn"),
        MoveCreature(0, "doghouse"),
    )


@rule("perch_bop", "PD10")
def test_cat_removes_one_then_moves_one_more_to_a_neighbour() -> None:
    """Cat: one bird to the fountain, then one more from there to a neighbouring tile."""
    state = turn("cat", CELL["hawk_nest"], {"doghouse": {2: 2, 3: 1}})
    after, _ = play(
        state,
        *effect_at("cat", "doghouse"),
        ChooseBird(0, "doghouse", 3),
    )
    after = settle(after)
    assert GAME.legal_actions(after, 0) == (ChooseBird(0, "doghouse", 2),)
    after = GAME.apply(after, ChooseBird(0, "doghouse", 2))
    dest = GAME.legal_actions(after, 0)
    assert ChooseDestination(0, None) not in dest  # only the Dog pushes off the board
    after = GAME.apply(after, ChooseDestination(0, "great_ash"))
    assert birds(after, "doghouse")[2:4] == (1, 0) and birds(after, "great_ash")[2] == 1
    assert fountain_colours(after) == [3] and after.flow.activation is None


@rule("perch_bop", "PD12")
def test_cuckoo_swaps_a_landing_bird_with_one_elsewhere() -> None:
    """Cuckoo: a landing-tile bird and a bird on any other tile change places."""
    stacks = {"doghouse": {1: 2}, "lonely_elm": {1: 1, 2: 2}, "beehive": {3: 1}}
    state = turn("cuckoo", CELL["thorn_bush"], stacks)
    mid, _ = play(
        state,
        *effect_at("cuckoo", "doghouse"),
        ChooseBird(0, "doghouse", 1),
    )
    partners = GAME.legal_actions(mid, 0)
    # Same-colour swaps equal declining: the yellow bird on the Lonely Elm is not offered.
    assert ChooseBird(0, "lonely_elm", 1) not in partners
    assert partners == (ChooseBird(0, "beehive", 3), ChooseBird(0, "lonely_elm", 2))
    after, events = play(mid, ChooseBird(0, "lonely_elm", 2))
    assert birds(after, "doghouse")[1:3] == (1, 1)
    assert birds(after, "lonely_elm")[1:3] == (2, 1)
    assert [str(e) for e in events if isinstance(e, BirdMoved)] == [
        "cuckoo (p0) swaps a yellow bird from doghouse to lonely_elm",
        "cuckoo (p0) swaps a blue bird from lonely_elm to doghouse",
    ]


def test_cuckoo_respects_birdhouse_stacks_on_both_sides() -> None:
    """§6: neither bird may leave or enter a birdhouse stack."""
    stacks = {
        "doghouse": {1: 2, 2: 1},
        "lonely_elm": {2: 1},
        "beehive": {1: 1, 3: 1},
        "park_bench": {4: 1},
    }
    state = turn("cuckoo", CELL["thorn_bush"], stacks, {"doghouse": [2], "beehive": [1]})
    mid, _ = play(
        state,
        *effect_at("cuckoo", "doghouse"),
        ChooseBird(0, "doghouse", 1),
    )
    # The blue bird would join the Doghouse's closed blue stack; the yellow bird cannot
    # enter the Beehive's closed yellow stack; only the Park Bench's purple bird is left.
    assert GAME.legal_actions(mid, 0) == (ChooseBird(0, "park_bench", 4),)


@rule("perch_bop", "PD12")
def test_bee_pulls_a_bird_of_a_colour_already_stacked_there() -> None:
    """Bee: lands 2+ steps away and pulls a bird of a colour with a stack there."""
    stacks = {"lonely_elm": {1: 1}, "owl_barn": {1: 2, 2: 1}, "park_bench": {3: 1}}
    state = turn("bee", CELL["beehive"], stacks)
    mid, _ = play(state, *effect_at("bee", "lonely_elm"))
    assert GAME.legal_actions(mid, 0) == (ChooseBird(0, "owl_barn", 1),)
    reason = GAME.check(mid, ChooseBird(0, "owl_barn", 2))
    assert reason is not None and reason.startswith("the bee's effect cannot take the blue bird")
    after, events = play(mid, ChooseBird(0, "owl_barn", 1))
    assert birds(after, "lonely_elm")[1] == 2 and birds(after, "owl_barn")[1] == 1
    assert BirdMoved(0, 1, "owl_barn", "lonely_elm", "bee", "pulls") in events


@rule("perch_bop", "PD13")
def test_squirrel_swaps_a_bird_with_a_fountain_bird() -> None:
    """Squirrel: the fountain bird joins the tile; the tile's bird takes that slot."""
    state = turn("squirrel", BENCH, {"lonely_elm": {1: 2}})
    state = sc.fountain(state, {0: 1, 1: 3, 2: 2})
    mid, _ = play(
        state,
        *effect_at("squirrel", "lonely_elm"),
        ChooseBird(0, "lonely_elm", 1),
    )
    # Slot 0 holds yellow as well: a same-colour swap changes nothing and is not offered.
    assert GAME.legal_actions(mid, 0) == (ChooseFountainBird(0, 1), ChooseFountainBird(0, 2))
    after, events = play(mid, ChooseFountainBird(0, 1))
    assert after.fountain[:3] == (1, 1, 2) and birds(after, "lonely_elm")[1:4] == (1, 0, 1)
    line = "squirrel (p0) swaps a yellow bird on lonely_elm with the green bird in fountain slot 1"
    assert [str(e) for e in events if isinstance(e, FountainSwapped)] == [line]


def test_squirrel_with_only_same_colour_fountain_birds_has_no_effect() -> None:
    """Swapping two birds of one colour is not offered: it equals declining."""
    state = sc.fountain(turn("squirrel", BENCH, {"lonely_elm": {1: 2}}), {0: 1})
    after, events = play(state, ActivateCreature(0, "squirrel"), MoveCreature(0, "lonely_elm"))
    assert EffectSkipped(0, "squirrel", False) in events and after.flow.activation is None


# --- the Scarecrow (§5.2, §6, U21) -------------------------------------------------------------

# Intersection 0 of the 13-tile layout is {(0,0), (0,2), (1,1)}: owl_barn, hawk_nest, doghouse.


@rule("perch_bop", "PD10")
def test_scarecrow_removes_from_two_different_tiles_of_its_intersection() -> None:
    """Scarecrow: never moves; one bird from each of two different tiles there."""
    stacks = {"owl_barn": {1: 2}, "hawk_nest": {2: 1}, "doghouse": {3: 1}, "great_ash": {4: 1}}
    state = turn("scarecrow", 0, stacks)
    mid, events = play(state, ActivateCreature(0, "scarecrow"))
    assert CreatureActivated(0, "scarecrow", "intersection 0 (owl_barn/hawk_nest/doghouse)") in (
        events
    )
    assert GAME.legal_actions(mid, 0) == (
        ChooseBird(0, "owl_barn", 1),
        ChooseBird(0, "hawk_nest", 2),
        ChooseBird(0, "doghouse", 3),
    )
    mid = settle(GAME.apply(mid, ChooseBird(0, "owl_barn", 1)))
    assert GAME.legal_actions(mid, 0) == (
        ChooseBird(0, "hawk_nest", 2),
        ChooseBird(0, "doghouse", 3),
    )
    after = settle(GAME.apply(mid, ChooseBird(0, "doghouse", 3)))
    assert birds(after, "owl_barn")[1] == 1 and birds(after, "doghouse")[3] == 0
    assert fountain_colours(after) == [1, 3]
    scarecrow = next(cr for cr in after.creatures if cr.id == "scarecrow")
    assert scarecrow.position == sc.standee("scarecrow", 0) and scarecrow.used


@rule("perch_bop", "PD7")
@rule("perch_bop", "U8")
def test_scarecrow_with_nothing_to_remove_cannot_be_activated() -> None:
    """DECISION (U8): the Scarecrow, which does not move, needs a bird to remove."""
    state = turn("scarecrow", 0, {"owl_barn": {1: 1}}, {"owl_barn": [1]})
    assert ActivateCreature(0, "scarecrow") not in GAME.legal_actions(state, 0)
    reason = GAME.check(state, ActivateCreature(0, "scarecrow"))
    assert reason == "the scarecrow has no bird to remove at its intersection"


@rule("perch_bop", "PD7")
def test_scarecrow_with_one_tile_to_hit_removes_one_bird() -> None:
    """DECISION: with birds on only one tile of its intersection it removes just one."""
    state = turn("scarecrow", 0, {"owl_barn": {1: 2}})
    after = settle(
        GAME.apply(
            GAME.apply(state, ActivateCreature(0, "scarecrow")), ChooseBird(0, "owl_barn", 1)
        )
    )
    assert birds(after, "owl_barn")[1] == 1 and after.flow.activation is None


@rule("perch_bop", "P2")
def test_scarecrow_keeps_the_remaining_tiles_of_a_broken_intersection() -> None:
    """P2: after a removal the Scarecrow acts on what is left of its intersection."""
    tiles = list(TILES)
    tiles[3], tiles[12] = tiles[12], tiles[3]  # the Overstuffed Birdhouse at (1,1)
    state = turn("scarecrow", 0, {"owl_barn": {1: 1}, "hawk_nest": {2: 1}}, tiles=tuple(tiles))
    state = sc.removed(state, "overstuffed_birdhouse")
    mid = GAME.apply(state, ActivateCreature(0, "scarecrow"))
    assert GAME.legal_actions(mid, 0) == (
        ChooseBird(0, "owl_barn", 1),
        ChooseBird(0, "hawk_nest", 2),
    )


@rule("perch_bop", "U21")
def test_new_scarecrow_controller_places_it() -> None:
    """U21: a new controller puts the Scarecrow on an intersection other than its own."""
    state = sc.board(sc.fresh(5, TILES), {"cornfield": {1: 2}})
    state = sc.creature(state, "scarecrow", 0, 4)
    after, _ = sc.start(state, Phase.UPKEEP)
    assert after.flow.awaiting is Await.SCARECROW and GAME.to_act(after) == (1,)
    options = GAME.legal_actions(after, 1)
    assert PlaceScarecrow(1, 4) not in options and len(options) == 11
    after, events = play(after, PlaceScarecrow(1, 7))
    scarecrow = next(cr for cr in after.creatures if cr.id == "scarecrow")
    assert scarecrow.position == sc.standee("scarecrow", 7)
    assert any(isinstance(e, StandeePlaced) and e.creature == "scarecrow" for e in events)


# --- general rules ------------------------------------------------------------------------


@rule("perch_bop", "PD6")
def test_two_standees_may_share_a_tile() -> None:
    """DECISION: standees never block each other; the Hawk may land beside the Dog."""
    state = sc.creature(turn("hawk", CELL["hawk_nest"]), "dog", 1, CELL["great_ash"])
    assert MoveCreature(0, "great_ash") in engine_paths_actions(state, "hawk")
    after, _ = play(state, ActivateCreature(0, "hawk"), MoveCreature(0, "great_ash"))
    where = {cr.id: cr.position for cr in after.creatures}
    assert where["hawk"] == where["dog"] == sc.standee("dog", CELL["great_ash"])


def engine_paths_actions(state: State, creature: str) -> tuple[Action, ...]:
    return GAME.legal_actions(GAME.apply(state, ActivateCreature(0, creature)), 0)


@rule("perch_bop", "U22")
def test_creature_on_a_removed_tile_goes_home() -> None:
    """U22: a creature standing on a tile that leaves the game returns to its home."""
    state = sc.board(sc.fresh(5, TILES), {"overstuffed_birdhouse": {1: 7}})
    state = sc.creature(state, "owl", 0, CELL["overstuffed_birdhouse"])
    after, events = sc.start(state, Phase.UPKEEP)
    owl = next(cr for cr in after.creatures if cr.id == "owl")
    assert owl.position == sc.standee("owl", CELL["owl_barn"])
    assert StandeePlaced("owl", None, "owl_barn") in events


def test_events_read_as_sentences() -> None:
    """Every activation event is a line a player reads."""
    lines = [
        str(CreatureActivated(0, "hawk", "hawk_nest")),
        str(EffectSkipped(1, "owl", False)),
        str(BirdRemoved(2, 1, "beehive", "fountain", "fox")),
    ]
    assert lines == [
        "p0 activates the hawk on hawk_nest",
        "the owl finds no bird to act on",
        "fox (p2) sends a yellow bird from beehive to the fountain",
    ]


# --- states, records and self-play ------------------------------------------------------------


def test_mid_activation_state_round_trips_and_is_validated() -> None:
    """The State validator covers an activation in progress."""
    state = turn("fox", CELL["fox_den"], {"doghouse": {1: 1}})
    mid = GAME.apply(state, ActivateCreature(0, "fox"))
    assert codec.loads(State, codec.dumps(mid)) == mid
    stolen = sc.creature(mid, "fox", 1, CELL["fox_den"], used=True)
    with pytest.raises(CodecError, match="does not belong to the player deciding"):
        codec.loads(State, codec.dumps(stolen))
    orphan = attrs.evolve(mid, flow=attrs.evolve(mid.flow, awaiting=Await.TURN))
    with pytest.raises(CodecError, match="activation in progress"):
        codec.loads(State, codec.dumps(orphan))


def test_mid_activation_with_no_legal_decision_is_refused() -> None:
    """A loaded activation whose pending step has no option is not a valid State."""
    state = turn("hawk", CELL["hawk_nest"], {"lonely_elm": {1: 1}})
    mid, _ = play(state, *effect_at("hawk", "lonely_elm"))
    elm = sc.index(mid, "lonely_elm")
    locations = list(mid.locations)
    locations[elm] = attrs.evolve(locations[elm], birds=(0,) * 5)  # the bird flew off
    supply = (mid.supply[0], mid.supply[1] + 1, *mid.supply[2:])
    emptied = attrs.evolve(mid, locations=tuple(locations), supply=supply)
    with pytest.raises(CodecError, match="no legal decision"):
        codec.loads(State, codec.dumps(emptied))


def test_format_one_record_is_refused_naming_the_version() -> None:
    """Perch records of format 1 (before creatures) are refused, not replayed differently."""
    path = __file__.replace("test_creatures.py", "format1_record.json")
    text = Path(path).read_text()
    with pytest.raises(CodecError, match=r"perch_bop\.config has format 1, .* reads format 2"):
        codec.loads(sim.Record, text)


def test_every_creature_is_activated_in_random_self_play() -> None:
    """Across random games every one of the eleven creatures (the Frog and the Perch of
    Pond-emonium included) gets activated."""
    seen: set[str] = set()
    every = {"hawk", "owl", "fox", "dog", "cat", "cuckoo", "bee", "squirrel", "scarecrow"}
    every |= {"frog", "perch"}
    for seed in range(60):
        players = 2 + seed % 4
        record = sim.play(GAME, GAME.default_config(players), seed, [sim.RandomPolicy()] * players)
        seen |= {a.creature for a in record.actions if isinstance(a, ActivateCreature)}
        if seen == every:
            break
    assert seen == every


def test_random_activations_keep_birds_and_legality() -> None:
    """Random play through activations: every bird stays counted, every decision is legal."""
    for seed in range(6):
        state = GAME.new_game(GAME.default_config(5), seed)
        rng = Rng.from_seed(seed)
        while not GAME.is_terminal(state):
            player = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, player)
            assert legal
            k, rng = below(rng, len(legal))
            state = GAME.apply(state, legal[k])
            if state.flow.activation is not None:
                assert codec.loads(State, codec.dumps(state)) == state


def test_illegal_creature_decisions_raise_with_a_reason() -> None:
    """apply refuses an off-path move with IllegalActionError and its reason."""
    state = GAME.apply(turn("dog", CELL["doghouse"]), ActivateCreature(0, "dog"))
    with pytest.raises(IllegalActionError, match="the dog cannot move to 'lonely_elm'"):
        GAME.apply(state, MoveCreature(0, "lonely_elm"))


def test_activation_events_are_public() -> None:
    """Creature moves and effects are public: every seat and the spectator see all of them."""
    state = turn("hawk", CELL["hawk_nest"], {"lonely_elm": {3: 2}})
    state, _ = play(state, ActivateCreature(0, "hawk"))
    _, events = GAME.step(state, MoveCreature(0, "lonely_elm"))
    assert events and all(GAME.visible_events(events, v) == events for v in (0, 3, None))


@rule("perch_bop", "§2.3")
def test_a_turn_waiting_for_a_placement_with_an_empty_hand_does_not_load() -> None:
    """§2.3: an activation before placing keeps the placement to do, so the hand is not empty;
    a save claiming otherwise would leave the player stuck once the activation ends."""
    record = sim.play(GAME, GAME.default_config(4), 1, [sim.RandomPolicy()] * 4)
    state = GAME.new_game(record.config, record.seed)  # type: ignore[arg-type]
    for action in record.actions:
        if state.flow.awaiting is Await.CREATURE and state.flow.placed:
            break
        state = GAME.apply(state, action)  # type: ignore[arg-type]
    else:
        raise AssertionError("no activation after a placement in this game")
    actor = state.flow.actor
    assert codec.loads(State, codec.dumps(state)) == state
    hand = state.seats[actor].hand
    empty = attrs.evolve(state.seats[actor], hand=(0,) * len(hand))
    seats = tuple(empty if p == actor else s for p, s in enumerate(state.seats))
    supply = tuple(k + h for k, h in zip(state.supply, hand, strict=True))  # birds kept
    broken = attrs.evolve(
        state, flow=attrs.evolve(state.flow, placed=False), seats=seats, supply=supply
    )
    with pytest.raises(CodecError, match="none in hand"):
        codec.loads(State, codec.dumps(broken))


def test_a_loaded_activation_past_its_move_has_its_whole_path() -> None:
    """A saved Fox activation choosing birds must hold both steps of its path; one with a
    step dropped is refused on loading rather than failing on the next ChooseBird."""
    state = turn("fox", CELL["fox_den"], {"hawk_nest": {1: 2}, "doghouse": {2: 1, 3: 1}})
    after, _ = play(
        state,
        ActivateCreature(0, "fox"),
        MoveCreature(0, "hawk_nest"),
        MoveCreature(0, "doghouse"),
        UseEffect(0),
    )
    act = after.flow.activation
    assert act is not None and len(act.path) == 2
    assert codec.loads(State, codec.dumps(after)) == after
    for path in (act.path[1:], act.path[:1], (*act.path, act.path[0])):
        broken = attrs.evolve(
            after, flow=attrs.evolve(after.flow, activation=attrs.evolve(act, path=path))
        )
        with pytest.raises(CodecError, match="path"):
            codec.loads(State, codec.dumps(broken))


def test_a_saved_activation_holding_a_bird_its_effect_cannot_take_does_not_load() -> None:
    """A chosen bird (a push, a fountain swap, the Cuckoo's first bird) was one its effect
    offered; a save naming another would let the effect move a bird that is not there."""
    for seed in range(40):
        players = 2 + seed % 4
        state = GAME.new_game(GAME.default_config(players), seed)
        rng = Rng.from_seed(seed)
        while not GAME.is_terminal(state):
            act = state.flow.activation
            if act is not None and act.chosen is not None:
                break
            legal = GAME.legal_actions(state, GAME.to_act(state)[0])
            k, rng = below(rng, len(legal))
            state = GAME.apply(state, legal[k])
        else:
            continue
        break
    else:
        raise AssertionError("no activation held a chosen bird in 40 random games")
    assert act is not None and act.chosen is not None
    cell = act.chosen[0]
    empty = next(
        (i, c)
        for i, loc in enumerate(state.locations)
        for c in range(state.config.colours)
        if not loc.removed and loc.birds[c] == 0 and i != cell
    )
    broken = attrs.evolve(
        state, flow=attrs.evolve(state.flow, activation=attrs.evolve(act, chosen=empty))
    )
    with pytest.raises(CodecError, match="cannot act on"):
        codec.loads(State, codec.dumps(broken))
