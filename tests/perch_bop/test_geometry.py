"""Board geometry (§1.3, P2): adjacency, edge ring, intersections, corners, removal."""

import itertools

import pytest

from birdgames.perch_bop.geometry import (
    GEOMETRY,
    diagonals,
    full_intersections,
    geometry_for,
    live_neighbours,
    ring_next,
)
from tests.perch_bop import scenarios
from tests.rules import rule

pytestmark = rule("perch_bop", "§1.3", "P2")


@pytest.mark.parametrize("size", [8, 10, 13])
def test_adjacency_is_symmetric_and_hex_like(size: int) -> None:
    """Adjacency is symmetric and no tile has more than six neighbours."""
    geo = GEOMETRY[size]
    for i, near in enumerate(geo.neighbours):
        assert len(near) <= 6
        for j in near:
            assert i in geo.neighbours[j]


@pytest.mark.parametrize("size", [8, 10, 13])
def test_listed_intersections_are_exactly_the_mutually_adjacent_triples(size: int) -> None:
    """P2's explicit lists are the triples of mutually adjacent tiles."""
    geo = GEOMETRY[size]
    triples = {
        t
        for t in itertools.combinations(range(len(geo.cells)), 3)
        if all(b in geo.neighbours[a] for a, b in itertools.combinations(t, 2))
    }
    assert set(geo.intersections) == triples
    assert len(geo.intersections) == {8: 6, 10: 9, 13: 12}[size]


@pytest.mark.parametrize(("size", "interior"), [(8, None), (10, (1, 2)), (13, (2, 2))])
def test_edge_ring_is_every_tile_but_the_interior(size: int, interior: object) -> None:
    """The ring holds each edge tile once; only 2-3-2-3 and 3-2-3-2-3 have an interior."""
    geo = GEOMETRY[size]
    assert len(set(geo.ring)) == len(geo.ring)
    missing = set(range(len(geo.cells))) - set(geo.ring)
    assert missing == (set() if interior is None else {geo.index[interior]})  # type: ignore[index]


@pytest.mark.parametrize("size", [8, 10, 13])
def test_ring_steps_are_adjacent_clockwise(size: int) -> None:
    """Consecutive ring tiles are adjacent, and the ring starts at the top left."""
    geo = GEOMETRY[size]
    for a, b in zip(geo.ring, geo.ring[1:] + geo.ring[:1], strict=True):
        assert b in geo.neighbours[a]
    assert geo.cells[geo.ring[0]][0] == 0


def test_ring_next_skips_removed_tiles() -> None:
    """Walking clockwise skips a removed Location (P2)."""
    geo = geometry_for(3)
    first, second, third = geo.ring[:3]
    assert ring_next(geo, first, set()) == second
    assert ring_next(geo, first, {second}) == third
    assert ring_next(geo, first, set(), steps=2) == third


def test_removal_drops_neighbours_and_intersections() -> None:
    """A removed tile leaves adjacency and the full intersections (Scarecrow's choices)."""
    geo = geometry_for(3)
    centre = geo.index[(1, 1)]
    assert centre not in live_neighbours(geo, geo.index[(0, 0)], {centre})
    remaining = full_intersections(geo, {centre})
    assert all(centre not in geo.intersections[k] for k in remaining)
    assert len(remaining) == 2


def test_corners_are_top_and_bottom_of_the_outer_columns() -> None:
    """Corners: (0,0) (0,4) (2,0) (2,4) on 3-2-3; (0,1) (0,3) (3,0) (3,4) on 2-3-2-3."""
    geo = geometry_for(3)
    assert {geo.cells[i] for i in geo.corners} == {(0, 0), (0, 4), (2, 0), (2, 4)}
    geo = geometry_for(4)
    assert {geo.cells[i] for i in geo.corners} == {(0, 1), (0, 3), (3, 0), (3, 4)}


def test_diagonals_span_three_columns() -> None:
    """A diagonal line has one tile in each of three consecutive columns."""
    geo = geometry_for(3)
    lines = diagonals(geo)
    assert (geo.index[(0, 0)], geo.index[(1, 1)], geo.index[(2, 2)]) in lines
    assert all(len({geo.cells[i][0] for i in line}) == 3 for line in lines)
    assert len(lines) == 4


@rule("perch_bop", "§1.2")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_owl_barn_always_set_up_on_the_edge(players: int) -> None:
    """Setup moves the Owl Barn to the edge whatever the seed (§1.2 step 3)."""
    from birdgames.perch_bop import GAME

    geo = geometry_for(players)
    for seed in range(40):
        state = GAME.new_game(GAME.default_config(players), seed)
        tiles = [loc.tile for loc in state.locations]
        assert len(tiles) == {2: 8, 3: 8, 4: 10, 5: 13}[players]
        if "owl_barn" in tiles:
            assert tiles.index("owl_barn") in geo.edge


def test_fixed_layout_refuses_an_interior_owl_barn() -> None:
    """A Config putting the Owl Barn inside the board is refused."""
    from birdgames.core import InvalidConfigError
    from birdgames.perch_bop import GAME

    tiles = list(scenarios.TILES_10)
    centre = geometry_for(4).index[(1, 2)]
    tiles[centre], tiles[1] = tiles[1], tiles[centre]
    with pytest.raises(InvalidConfigError, match="edge"):
        GAME.new_game(scenarios.config(4, tuple(tiles)), 0)
