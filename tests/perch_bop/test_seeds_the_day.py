"""Seeds the Day (P3, P9): Birdfeeders on every Location, taken by the first bird placed."""

from __future__ import annotations

import attrs
import pytest

from birdgames import CodecError, codec
from birdgames.perch_bop import GAME, State
from birdgames.perch_bop.actions import (
    ActivateCreature,
    ChooseBird,
    ChooseDestination,
    MoveCreature,
    Place,
    UseEffect,
)
from birdgames.perch_bop.cards import SEEDS_THE_DAY
from birdgames.perch_bop.events import (
    BirdfeederLost,
    BirdfeederTaken,
    BirdMoved,
    Event,
    TileRemoved,
    TurnOrderSet,
)
from birdgames.perch_bop.state import Phase
from tests.perch_bop import scenarios as sc
from tests.rules import rule

pytestmark = rule("perch_bop", "P3", "P9")

UPKEEP_8 = (
    "great_ash",
    "owl_barn",
    "lonely_elm",
    "overstuffed_birdhouse",
    "high_perch",
    "doghouse",
    "power_lines",
    "hanging_nest",
)


def fresh(players: int, tiles: tuple[str, ...] | None = None) -> State:
    """Returns a Seeds the Day game in which everybody has kept an objective."""
    config = attrs.evolve(sc.config(players, tiles), expansions=frozenset({SEEDS_THE_DAY}))
    state = GAME.new_game(config, 0)
    for p in range(players):
        state = GAME.apply(state, GAME.legal_actions(state, p)[0])
    return state


def place(state: State, player: int, colour: int, tile: str) -> tuple[State, tuple[Event, ...]]:
    """Plays `player`'s Perch turn placing one `colour` bird from their hand on `tile`."""
    state = sc.perch_turn(sc.hands(state, {player: {colour: 1}}), player)
    loc = sc.loc(state, tile)
    nest = loc.birds[colour] == 0 and loc.free_nests > 0  # a new stack takes a free nest
    return GAME.step(state, Place(player, colour, tile, nest))


def feeder_on(state: State, tile: str) -> bool:
    assert state.feeders is not None
    return state.feeders.on[sc.index(state, tile)]


@pytest.mark.parametrize(("players", "count"), [(2, 8), (3, 8), (4, 10), (5, 13)])
def test_setup_puts_a_birdfeeder_on_every_location(players: int, count: int) -> None:
    """Setup: one Birdfeeder on each Location, 8/10/13 by player count; nobody has one."""
    state = fresh(players)
    assert state.feeders is not None
    assert state.feeders.on == (True,) * count
    assert state.feeders.taken == (0,) * players
    assert state.feeders.discarded == 0 and state.feeders.removed == 0
    assert state.sky is None


def test_without_the_expansion_there_are_no_birdfeeders() -> None:
    """The base game has no Birdfeeders, and placing a bird scores nothing at once."""
    state = sc.fresh(3)
    assert state.feeders is None
    after, events = place(state, 0, 0, "great_ash")
    assert after.seats[0].score == 0
    assert not any(isinstance(e, BirdfeederTaken) for e in events)


def test_own_bird_takes_the_birdfeeder_and_scores_3() -> None:
    """The rulebook example: Blue's bird placed where a Birdfeeder is, Blue scores 3 at once."""
    state = fresh(3)
    after, events = place(state, 0, 0, "great_ash")
    assert after.seats[0].score == 3
    assert after.feeders is not None and after.feeders.taken == (1, 0, 0)
    assert not feeder_on(after, "great_ash")
    assert BirdfeederTaken(0, 0, "great_ash", 3) in events
    line = "p0's red bird takes the Birdfeeder at great_ash: p0 scores 3"
    assert str(BirdfeederTaken(0, 0, "great_ash", 3)) == line


def test_another_players_bird_placed_by_me_scores_for_its_owner() -> None:
    """p0 places a yellow (p1's) bird: p1 takes the Birdfeeder and scores 3, p0 nothing."""
    state = fresh(3)
    after, events = place(state, 0, 1, "lonely_elm")
    assert after.seats[1].score == 3 and after.seats[0].score == 0
    assert after.feeders is not None and after.feeders.taken == (0, 1, 0)
    assert BirdfeederTaken(1, 1, "lonely_elm", 3) in events


def test_the_dummys_bird_sends_the_birdfeeder_out_of_the_game() -> None:
    """2 players: a dummy bird placed on a Birdfeeder discards it; nobody scores."""
    state = fresh(2)
    after, events = place(state, 0, 2, "great_ash")
    assert [s.score for s in after.seats] == [0, 0]
    assert after.feeders is not None
    assert after.feeders.discarded == 1 and after.feeders.taken == (0, 0)
    assert not feeder_on(after, "great_ash")
    assert BirdfeederLost("great_ash", "dummy") in events
    assert "nobody scores" in str(BirdfeederLost("great_ash", "dummy"))


def test_only_the_first_placed_bird_takes_the_birdfeeder() -> None:
    """A second bird placed on the same Location finds no Birdfeeder there."""
    state, _ = place(fresh(3), 0, 0, "great_ash")
    after, events = place(state, 1, 1, "great_ash")
    assert after.seats[1].score == 0
    assert not any(isinstance(e, BirdfeederTaken) for e in events)


def test_a_creature_moved_bird_takes_nothing() -> None:
    """The Dog pushes a bird onto a Location with a Birdfeeder: the feeder stays there."""
    state = sc.board(fresh(3, UPKEEP_8), {"great_ash": {1: 1}})
    state = sc.creature(state, "dog", 0, sc.index(state, "owl_barn"))
    state = sc.perch_turn(sc.hands(state, {0: {0: 1}}), 0, 2)
    events: list[Event] = []
    for action in (
        ActivateCreature(0, "dog"),
        MoveCreature(0, "great_ash"),
        UseEffect(0),
        ChooseBird(0, "great_ash", 1),
    ):
        state, more = GAME.step(state, action)
        events.extend(more)
    state, more = GAME.step(state, ChooseDestination(0, "overstuffed_birdhouse"))
    events.extend(more)
    moved = BirdMoved(0, 1, "great_ash", "overstuffed_birdhouse", "dog", "pushes")
    assert moved in events
    assert sc.loc(state, "overstuffed_birdhouse").birds[1] == 1
    assert feeder_on(state, "overstuffed_birdhouse") and state.seats[1].score == 0
    assert not any(isinstance(e, BirdfeederTaken) for e in events)
    # the next bird placed there from a hand takes it
    state, events2 = GAME.step(state, Place(0, 0, "overstuffed_birdhouse", False))
    assert BirdfeederTaken(0, 0, "overstuffed_birdhouse", 3) in events2


def test_a_removed_location_takes_its_birdfeeder_with_it() -> None:
    """The Overstuffed Birdhouse leaves with the Birdfeeder still on it."""
    state = sc.board(fresh(3, UPKEEP_8), {"overstuffed_birdhouse": {0: 7}})
    after, events = sc.start(state, Phase.UPKEEP)
    assert TileRemoved("overstuffed_birdhouse") in events
    assert BirdfeederLost("overstuffed_birdhouse", "removed") in events
    assert after.feeders is not None and after.feeders.removed == 1
    assert not feeder_on(after, "overstuffed_birdhouse")


def test_a_taken_birdfeeder_stays_taken_when_its_location_leaves() -> None:
    """P9: a Birdfeeder taken before its Location is removed stays with its taker."""
    state, _ = place(fresh(3, UPKEEP_8), 0, 0, "overstuffed_birdhouse")
    state = sc.board(state, {"overstuffed_birdhouse": {1: 6}})
    after, events = sc.start(state, Phase.UPKEEP)
    assert TileRemoved("overstuffed_birdhouse") in events
    assert not any(isinstance(e, BirdfeederLost) for e in events)
    assert after.feeders is not None
    assert after.feeders.taken == (1, 0, 0) and after.feeders.removed == 0


@rule("perch_bop", "U2")
def test_birdfeeder_points_count_first_for_turn_order_ties() -> None:
    """P9, U2: the +3 comes before the Upkeep points, so a Birdfeeder's 3 reaches a tie first.

    p0 takes a Birdfeeder (3); p1 scores 3 at Upkeep; p0 goes before p1 although p1 went
    first last round.
    """
    state = fresh(3)
    state = attrs.evolve(state, turn_order=(1, 0, 2))
    state = sc.board(state, {"great_ash": {2: 2, 1: 1}, "lonely_elm": {1: 2, 2: 3}})
    # p0's bird (with a nest: strength 2) ties p1 there; nobody else holds a bird, so the
    # placement ends the Perch phase and Upkeep follows in the same step.
    after, events = place(state, 0, 0, "lonely_elm")
    assert [s.score for s in after.seats] == [3, 3, 10]
    assert TurnOrderSet(2, (2, 0, 1)) in events


def test_a_loaded_state_must_account_for_every_birdfeeder() -> None:
    """The State validator refuses Birdfeeders that do not add up to those set out."""
    state = fresh(3)
    assert state.feeders is not None
    lost = attrs.evolve(state, feeders=attrs.evolve(state.feeders, removed=1))
    with pytest.raises(CodecError, match="Birdfeeders accounted"):
        codec.loads(State, codec.dumps(lost))
    unscored = attrs.evolve(
        state,
        feeders=attrs.evolve(state.feeders, on=(False, *state.feeders.on[1:]), taken=(1, 0, 0)),
    )
    with pytest.raises(CodecError, match="took 1 Birdfeeders"):
        codec.loads(State, codec.dumps(unscored))
    missing = attrs.evolve(state, feeders=None)
    with pytest.raises(CodecError, match="Seeds the Day"):
        codec.loads(State, codec.dumps(missing))
    assert codec.loads(State, codec.dumps(state)) == state
