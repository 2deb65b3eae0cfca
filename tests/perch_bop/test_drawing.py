"""Where Perch's board is drawn (P2, "Board"): every Location and meeting point at its own
coordinates, neighbouring cells exactly 1 apart in the picture and no others."""

from __future__ import annotations

import itertools
import math

import pytest

from birdgames.perch_bop import GAME, drawing
from birdgames.perch_bop.config import Config
from birdgames.perch_bop.geometry import geometry_for
from birdgames.rng import Rng, below
from tests.rules import rule

pytestmark = rule("perch_bop", "§1.3", "P2")

EPSILON = 1e-9


def _distance(a: drawing.Point, b: drawing.Point) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


@pytest.mark.parametrize("players", GAME.player_counts)
def test_neighbouring_locations_are_neighbours_in_the_picture(players: int) -> None:
    """Adjacent cells' centres are exactly 1 apart, any other two at least sqrt(3): the
    picture's hexagons touch exactly where the rules' Locations are adjacent."""
    view = GAME.view(GAME.new_game(GAME.default_config(players), 1), None)
    board = drawing.board_geometry(view)
    geo = geometry_for(players)
    assert len(board.cells) == len(view.locations) == len(geo.cells)
    for i, j in itertools.combinations(range(len(board.cells)), 2):
        apart = _distance(board.cells[i], board.cells[j])
        if j in geo.neighbours[i]:
            assert abs(apart - 1) < EPSILON, (i, j, apart)
        else:
            assert apart > math.sqrt(3) - EPSILON, (i, j, apart)


@pytest.mark.parametrize("players", GAME.player_counts)
def test_meeting_points_are_the_corner_their_three_locations_share(players: int) -> None:
    """Each intersection lies one hexagon radius from each of its three cells' centres, so it
    is their shared corner, and no two intersections coincide."""
    view = GAME.view(GAME.new_game(GAME.default_config(players), 2), None)
    board = drawing.board_geometry(view)
    geo = geometry_for(players)
    assert len(board.intersections) == len(geo.intersections)
    for point, cells in zip(board.intersections, geo.intersections, strict=True):
        for cell in cells:
            assert abs(_distance(point, board.cells[cell]) - board.hex_radius) < EPSILON
    for a, b in itertools.combinations(board.intersections, 2):
        assert _distance(a, b) > EPSILON


@pytest.mark.parametrize("players", GAME.player_counts)
def test_the_picture_holds_every_hexagon_and_rows_go_down(players: int) -> None:
    """Every hexagon lies within the picture's bounds; row 0 is at the top and the edge ring
    runs clockwise on the screen (y downwards)."""
    view = GAME.view(GAME.new_game(GAME.default_config(players), 3), None)
    board = drawing.board_geometry(view)
    half = board.hex_radius * math.sqrt(3) / 2
    for point in board.cells:
        assert point.x - board.hex_radius >= -board.hex_radius - EPSILON
        assert point.x + board.hex_radius <= board.width + EPSILON
        assert -half - EPSILON <= point.y - half and point.y + half <= board.height + EPSILON
    geo = geometry_for(players)
    assert board.cells[geo.columns[0][0]].y < board.cells[geo.columns[0][-1]].y
    ring = [board.cells[i] for i in geo.ring]
    area = sum(a.x * b.y - b.x * a.y for a, b in zip(ring, [*ring[1:], ring[0]], strict=True))
    assert area > 0


@pytest.mark.parametrize("players", GAME.player_counts)
def test_ponds_are_drawn_on_their_meeting_points(players: int) -> None:
    """In random games with Pond-emonium, each Pond of the view is drawn on its own
    intersection's point, apart from every cell and from the other Ponds."""
    for seed in range(3):
        state = GAME.new_game(GAME.default_config(players), seed)
        rng = Rng.from_seed(seed)
        for _ in range(40):
            if GAME.is_terminal(state):
                break
            legal = GAME.legal_actions(state, GAME.to_act(state)[0])
            index, rng = below(rng, len(legal))
            state = GAME.apply(state, legal[index])
        view = GAME.view(state, None)
        board = drawing.board_geometry(view)
        assert view.ponds is not None and board.ponds
        assert board.ponds == tuple(board.intersections[p.intersection] for p in view.ponds.ponds)
        for pond in board.ponds:
            assert all(_distance(pond, cell) > EPSILON for cell in board.cells)
        assert len(set(board.ponds)) == len(board.ponds)


def test_a_game_without_ponds_draws_none() -> None:
    """The base game has no Pond to draw."""
    view = GAME.view(GAME.new_game(Config(players=4), 1), 0)
    assert drawing.board_geometry(view).ponds == ()
