"""The expansion objectives (P6, P9) of Seeds the Day and Points in the Sky."""

from __future__ import annotations

import attrs
import pytest

from birdgames import CodecError, codec
from birdgames.core import InvalidConfigError
from birdgames.perch_bop import GAME, Config, State
from birdgames.perch_bop.cards import OBJECTIVE, POINTS_IN_THE_SKY, SEEDS_THE_DAY
from birdgames.perch_bop.objectives import objective_met
from birdgames.perch_bop.setup import eligible_objectives
from birdgames.perch_bop.state import Birdfeeders, Sky
from tests.perch_bop import scenarios as sc
from tests.rules import rule

pytestmark = rule("perch_bop", "P6", "P9")

SEEDS = frozenset({SEEDS_THE_DAY})
SKY = frozenset({POINTS_IN_THE_SKY})
SEEDS_CARDS = {"early_riser", "full_crop", "fasting"}
SKY_CARDS = {"sunbather", "night_owl", "eclipse"}


def fresh(players: int, expansions: frozenset[str]) -> State:
    config = attrs.evolve(sc.config(players), expansions=expansions)
    return GAME.new_game(config, 0)


def with_taken(state: State, taken: tuple[int, ...]) -> State:
    """Returns `state` whose players took these many Birdfeeders (off the first Locations)."""
    assert state.feeders is not None
    size = len(state.locations)
    on = tuple(i >= sum(taken) for i in range(size))
    return attrs.evolve(state, feeders=Birdfeeders(on, taken, 0, 0))


@rule("perch_bop", "PD27")
@pytest.mark.parametrize(
    ("players", "expansions", "expected"),
    [
        (3, frozenset(), set()),
        (2, SEEDS, {"early_riser", "fasting"}),
        (3, SEEDS, SEEDS_CARDS),
        (2, SKY, {"sunbather", "night_owl"}),
        (5, SKY, SKY_CARDS),
        (4, SEEDS | SKY, SEEDS_CARDS | SKY_CARDS),
    ],
)
def test_expansion_objectives_go_in_only_with_their_expansion_and_player_count(
    players: int, expansions: frozenset[str], expected: set[str]
) -> None:
    """P6, P9: each card carries its expansion's icon and its player range."""
    deck = set(eligible_objectives(Config(players=players, expansions=expansions)))
    assert deck & (SEEDS_CARDS | SKY_CARDS) == expected
    assert not deck & {"pond_hopper", "deep_end", "lily_pad_lord"}


def test_a_base_game_refuses_an_expansion_objective() -> None:
    """Fixed deals and loaded states may not hold a card of an expansion not in play."""
    deals = (("sunbather", "wing"), ("stork", "eggs"), ("chirp", "jack"))
    with pytest.raises(InvalidConfigError, match="sunbather"):
        GAME.new_game(attrs.evolve(sc.config(3), objective_deals=deals), 0)
    assert GAME.new_game(attrs.evolve(sc.config(3), expansions=SKY, objective_deals=deals), 0)
    state = GAME.new_game(sc.config(3), 0)
    seats = (attrs.evolve(state.seats[0], dealt=("sunbather", "wing")), *state.seats[1:])
    with pytest.raises(CodecError, match="does not use"):
        codec.loads(State, codec.dumps(attrs.evolve(state, seats=seats)))


@rule("perch_bop", "PD27")
@pytest.mark.parametrize(
    ("taken", "early_riser", "full_crop", "fasting"),
    [
        ((3, 1, 0), True, True, False),
        ((2, 2, 0), False, False, False),
        ((0, 2, 1), False, False, True),
        ((4, 4, 0), True, False, False),
    ],
)
def test_birdfeeder_objectives(
    taken: tuple[int, ...], early_riser: bool, full_crop: bool, fasting: bool
) -> None:
    """early_riser: 3+ taken; full_crop: strictly more than every other; fasting: none."""
    state = with_taken(fresh(3, SEEDS), taken)
    assert objective_met(state, OBJECTIVE["early_riser"], 0) is early_riser
    assert objective_met(state, OBJECTIVE["full_crop"], 0) is full_crop
    assert objective_met(state, OBJECTIVE["fasting"], 0) is fasting


@rule("perch_bop", "PD27")
def test_sun_and_moon_objectives() -> None:
    """sunbather / night_owl: control the Location under the Sun / Moon; eclipse: 2+ birds
    on both."""
    state = fresh(3, SKY)
    assert state.sky is not None
    sun, moon = state.locations[state.sky.sun].tile, state.locations[state.sky.moon].tile
    both = sc.board(state, {sun: {0: 2, 1: 1}, moon: {0: 2, 1: 3}})
    assert objective_met(both, OBJECTIVE["sunbather"], 0)
    assert not objective_met(both, OBJECTIVE["night_owl"], 0)
    assert objective_met(both, OBJECTIVE["night_owl"], 1)
    assert objective_met(both, OBJECTIVE["eclipse"], 0)
    assert not objective_met(both, OBJECTIVE["eclipse"], 1)  # one bird under the Sun
    tied = sc.board(state, {sun: {0: 2, 1: 2}})
    assert not objective_met(tied, OBJECTIVE["sunbather"], 0)


def test_a_location_removed_under_the_sun_counts_for_nobody() -> None:
    """P9: a covered Location removed in round 5 is out of the game: nobody meets sunbather
    or eclipse with it."""
    state = fresh(3, SKY)
    sky = state.sky
    assert sky is not None
    sun, moon = state.locations[sky.sun].tile, state.locations[sky.moon].tile
    state = sc.board(state, {sun: {0: 2}, moon: {0: 2}})
    assert objective_met(state, OBJECTIVE["sunbather"], 0)
    gone = sc.removed(state, sun)
    assert not objective_met(gone, OBJECTIVE["sunbather"], 0)
    assert not objective_met(gone, OBJECTIVE["eclipse"], 0)
    assert objective_met(gone, OBJECTIVE["night_owl"], 0)
    assert gone.sky == Sky(sky.sun, sky.moon)
