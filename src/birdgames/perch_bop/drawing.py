"""Where to draw Perch's board: each Location's cell and each meeting point as coordinates.

The picture is a grid of flat-topped hexagons, one per cell (rules: "Board"). A cell
`(column, row)` has its centre at `x = column * sqrt(3) / 2`, `y = row / 2`: x grows to the
right, y downwards (row 0 at the top), and the unit is the distance between the centres of
two neighbouring cells. So two Locations are adjacent exactly when their centres are 1 apart
(any two others are at least sqrt(3) apart), every hexagon has circumradius `1 / sqrt(3)`,
and the meeting point of three mutually adjacent Locations, where a Pond or the Scarecrow
stands, is the corner the three hexagons share: the mean of their centres.
"""

from __future__ import annotations

import math
from typing import Final

import attrs

from birdgames.perch_bop.geometry import geometry_for
from birdgames.perch_bop.view import View

COLUMN_STEP: Final = math.sqrt(3) / 2
"""The x distance between the centres of neighbouring columns."""
ROW_STEP: Final = 0.5
"""The y distance between consecutive rows (a column's cells are two rows apart)."""
HEX_RADIUS: Final = 1 / math.sqrt(3)
"""The circumradius of each cell's flat-topped hexagon: its corners are at that distance
from the centre, at angles 0, 60, ..., 300 degrees."""


@attrs.frozen
class Point:
    """A position in the picture (see the module's coordinate system)."""

    x: float
    """Rightwards, in distances between neighbouring cells' centres."""
    y: float
    """Downwards (row 0 at the top), in the same unit."""


@attrs.frozen
class BoardGeometry:
    """Everything a frontend needs to place Perch's board on a picture."""

    hex_radius: float
    """The circumradius of every cell's flat-topped hexagon."""
    cells: tuple[Point, ...]
    """Each Location's centre, in board order (`View.locations`'s order)."""
    intersections: tuple[Point, ...]
    """Each meeting point of three Locations, by intersection index (the Scarecrow's `Spot`
    index; `Pond.intersection`)."""
    ponds: tuple[Point, ...]
    """Each Pond's meeting point, in `View.ponds.ponds` order; empty without Pond-emonium."""
    width: float
    """The picture's width: the right edge of the rightmost hexagon (the left edge of the
    leftmost is at `-hex_radius`)."""
    height: float
    """The picture's height: the bottom edge of the lowest hexagon (the top edge of the
    highest is at `-sqrt(3) / 2 * hex_radius`)."""


def _centre(cell: tuple[int, int]) -> Point:
    column, row = cell
    return Point(column * COLUMN_STEP, row * ROW_STEP)


def _mean(points: tuple[Point, ...]) -> Point:
    return Point(sum(p.x for p in points) / len(points), sum(p.y for p in points) / len(points))


def board_geometry(view: View) -> BoardGeometry:
    """Returns where each Location, meeting point and Pond of the viewed board is drawn."""
    geo = geometry_for(view.players)
    cells = tuple(_centre(cell) for cell in geo.cells)
    meeting = tuple(_mean(tuple(cells[i] for i in tri)) for tri in geo.intersections)
    ponds = (
        tuple(meeting[p.intersection] for p in view.ponds.ponds) if view.ponds is not None else ()
    )
    half_height = HEX_RADIUS * math.sqrt(3) / 2
    return BoardGeometry(
        HEX_RADIUS,
        cells,
        meeting,
        ponds,
        max(p.x for p in cells) + HEX_RADIUS,
        max(p.y for p in cells) + half_height,
    )
