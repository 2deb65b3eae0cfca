"""Every objective (§7), met and unmet, checked on end-of-game positions."""

from collections.abc import Mapping

import attrs
import pytest

from birdgames.perch_bop.cards import OBJECTIVE, OBJECTIVES
from birdgames.perch_bop.objectives import objective_met
from birdgames.perch_bop.state import State
from tests.perch_bop import scenarios as sc
from tests.rules import rule

pytestmark = rule("perch_bop", "§7")

Stacks = Mapping[str, Mapping[int, int]]
# 8 tiles: great_ash (0,0) owl_barn (0,2) lonely_elm (0,4) early_bird (1,1)
# stone_statue (1,3) park_bench (2,0) power_lines (2,2) hanging_nest (2,4).
ALL_8 = sc.TILES_8


def position(
    players: int,
    stacks: Stacks,
    nests: Mapping[str, list[int]] | None = None,
    creatures: int = 0,
) -> State:
    """Returns an end-like position where p0 controls `creatures` creatures."""
    state = sc.board(sc.fresh(players), stacks, nests=nests)
    crs = list(state.creatures)
    for k in range(creatures):
        crs[k] = attrs.evolve(crs[k], controller=0)
    return attrs.evolve(state, creatures=tuple(crs))


def everywhere(players: int, colour: int, count: int) -> dict[str, dict[int, int]]:
    return {t: {colour: count} for t in sc.DEFAULT_TILES[players]}


CASES = [
    # id, players, stacks, nests, creatures, met
    ("wise", 3, {"great_ash": {0: 1}, "early_bird": {0: 1}, "power_lines": {0: 1}}, None, 0, True),
    (
        "wise",
        3,
        {"great_ash": {0: 1}, "early_bird": {0: 1}, "hanging_nest": {0: 1}},
        None,
        0,
        False,
    ),
    ("chirp", 3, {"great_ash": {0: 2}, "owl_barn": {0: 2}, "lonely_elm": {0: 2}}, None, 0, True),
    ("chirp", 3, {"great_ash": {0: 2}, "owl_barn": {0: 2}, "lonely_elm": {0: 1}}, None, 0, False),
    ("toucan", 3, {"great_ash": {0: 1}, "park_bench": {0: 1}}, None, 0, True),
    ("toucan", 3, {"great_ash": {0: 1}, "owl_barn": {0: 1}}, None, 0, False),
    (
        "lord",
        3,
        {t: {0: 1} for t in ("great_ash", "lonely_elm", "park_bench", "hanging_nest")},
        None,
        0,
        True,
    ),
    ("lord", 3, {t: {0: 1} for t in ("great_ash", "lonely_elm", "park_bench")}, None, 0, False),
    ("impeckable", 3, {"great_ash": {0: 1}}, None, 0, True),
    ("impeckable", 3, {"owl_barn": {0: 1}}, None, 0, False),
    ("illeagle", 3, {"great_ash": {0: 3, 1: 1}}, {"great_ash": [1]}, 0, True),
    ("illeagle", 3, {"great_ash": {0: 3, 1: 1}}, None, 0, False),
    ("ostrich", 4, {"great_ash": {0: 1}, "mighty_oak": {0: 1}}, None, 0, True),
    ("ostrich", 4, {"great_ash": {0: 1}, "owl_barn": {0: 1}}, None, 0, False),
    ("eggs", 3, {"lonely_elm": {0: 1}}, None, 0, True),
    ("eggs", 3, {"lonely_elm": {0: 1, 1: 1}}, None, 0, False),
    ("jack", 3, {}, None, 2, True),
    ("jack", 3, {}, None, 1, False),
    ("birden", 5, {}, None, 1, True),
    ("birden", 5, {}, None, 0, False),
    ("wing", 3, {}, None, 0, True),
    ("wing", 3, {}, None, 1, False),
    ("unpheasant", 3, {"great_ash": {1: 3, 0: 2}, "lonely_elm": {1: 3, 0: 2}}, None, 0, True),
    (
        "unpheasant",
        3,
        {"great_ash": {1: 3, 0: 2}, "lonely_elm": {1: 3, 0: 2, 2: 2}},
        None,
        0,
        False,
    ),
    (
        "quack",
        4,
        {"great_ash": {1: 3, 2: 2, 0: 1}, "lonely_elm": {1: 3, 2: 2, 0: 1}},
        None,
        0,
        True,
    ),
    ("quack", 4, {"great_ash": {1: 3, 2: 2, 0: 1}, "lonely_elm": {1: 3, 0: 1}}, None, 0, False),
    (
        "comedihen",
        5,
        {t: {1: 4, 2: 3, 3: 2, 0: 1} for t in ("great_ash", "owl_barn", "lonely_elm")},
        None,
        0,
        True,
    ),
    (
        "comedihen",
        5,
        {t: {1: 4, 2: 3, 3: 2, 0: 1} for t in ("great_ash", "owl_barn")},
        None,
        0,
        False,
    ),
    ("crowbar", 3, {"great_ash": {0: 3, 1: 2}, "owl_barn": {1: 4}}, None, 0, True),
    ("crowbar", 3, {"great_ash": {0: 3, 1: 2}, "owl_barn": {1: 6}}, None, 0, False),
    ("crowbar", 3, {"great_ash": {0: 3, 1: 2}, "owl_barn": {1: 5}}, None, 0, True),
    ("stork", 3, everywhere(3, 0, 1), None, 0, True),
    ("stork", 3, {t: {0: 1} for t in ALL_8[:-1]}, None, 0, False),
    ("tweet", 3, {t: {0: 2} for t in ALL_8[:5]}, None, 0, True),
    ("tweet", 3, {t: {0: 2} for t in ALL_8[:4]}, None, 0, False),
    ("hidden", 3, {t: {1: 1} for t in ALL_8[:-1]}, None, 0, True),
    ("hidden", 3, everywhere(3, 1, 1), None, 0, False),
    ("egrets", 3, {t: {0: 1} for t in ALL_8[:5]}, None, 0, True),
    ("egrets", 3, {t: {0: 1} for t in ALL_8[:6]}, None, 0, False),
    ("myself", 3, {"great_ash": {0: 2}}, None, 0, True),
    ("myself", 3, {"great_ash": {0: 2, 1: 1}}, None, 0, False),
    ("robin", 4, {"great_ash": {0: 1}, "lonely_elm": {0: 1}}, None, 0, True),
    ("robin", 4, {"great_ash": {0: 1}, "owl_barn": {0: 1}}, None, 0, False),
    ("emu", 3, {"early_bird": {0: 1}}, None, 0, True),
    ("emu", 3, {"great_ash": {0: 1}}, None, 0, False),
]


def test_every_objective_has_a_met_and_an_unmet_case() -> None:
    """The table below covers all 22 base-game objectives both ways."""
    met = {c[0] for c in CASES if c[5]}
    unmet = {c[0] for c in CASES if not c[5]}
    assert met == unmet == {o.id for o in OBJECTIVES}


@pytest.mark.parametrize(
    ("objective", "players", "stacks", "nests", "creatures", "met"),
    CASES,
    ids=[f"{c[0]}-{'met' if c[5] else 'unmet'}-{i}" for i, c in enumerate(CASES)],
)
def test_objective(
    objective: str,
    players: int,
    stacks: Stacks,
    nests: Mapping[str, list[int]] | None,
    creatures: int,
    met: bool,
) -> None:
    """The objective's condition holds exactly in its 'met' position."""
    card = OBJECTIVE[objective]
    assert card.players[0] <= players <= card.players[1]
    state = position(players, stacks, nests, creatures)
    assert objective_met(state, card, 0) is met


@rule("perch_bop", "PD26")
def test_removed_corner_no_longer_counts_for_lord() -> None:
    """A removed corner is out of the game: birds on the other three corners suffice."""
    stacks = {t: {0: 1} for t in ("great_ash", "lonely_elm", "park_bench")}
    state = position(3, stacks)
    locs = list(state.locations)
    k = sc.index(state, "hanging_nest")
    locs[k] = attrs.evolve(locs[k], removed=True)
    state = attrs.evolve(state, locations=tuple(locs))
    assert objective_met(state, OBJECTIVE["lord"], 0)
