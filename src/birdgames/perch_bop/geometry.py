"""Board geometry (§1.3, P2): adjacency, the clockwise edge ring, intersections, corners.

All of it is fixed per layout; removals are applied on top by the helpers taking `removed`.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

import attrs

from birdgames.perch_bop.cards import LAYOUTS, TILES_FOR_PLAYERS, Layout


@attrs.frozen
class Geometry:
    """Index-based geometry of one layout; cells are numbered in board order."""

    layout: Layout
    cells: tuple[tuple[int, int], ...]
    index: dict[tuple[int, int], int]
    neighbours: tuple[tuple[int, ...], ...]
    ring: tuple[int, ...]  # edge cells, clockwise
    edge: frozenset[int]
    intersections: tuple[tuple[int, int, int], ...]
    corners: tuple[int, ...]
    columns: tuple[tuple[int, ...], ...]  # cells per column, top to bottom


def _adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    # §1.3: same column two rows apart, or neighbouring columns one row apart.
    dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dc == 0 and dr == 2) or (dc == 1 and dr == 1)


def _build(layout: Layout) -> Geometry:
    cells = layout.cells
    index = {cell: i for i, cell in enumerate(cells)}
    neighbours = tuple(
        tuple(j for j, other in enumerate(cells) if _adjacent(cell, other)) for cell in cells
    )
    ring = tuple(index[c] for c in layout.ring)
    intersections = tuple(
        (index[a], index[b], index[c])
        for a, b, c in (tuple(sorted(x)) for x in layout.intersections)
    )
    width = max(c for c, _ in cells) + 1
    columns = tuple(tuple(i for i, (c, _) in enumerate(cells) if c == col) for col in range(width))
    corners = (columns[0][0], columns[0][-1], columns[-1][0], columns[-1][-1])
    return Geometry(
        layout,
        cells,
        index,
        neighbours,
        ring,
        frozenset(ring),
        intersections,
        corners,
        columns,
    )


GEOMETRY: Final[dict[int, Geometry]] = {n: _build(layout) for n, layout in LAYOUTS.items()}


def geometry_for(players: int) -> Geometry:
    """Returns the geometry of the board a player count uses."""
    return GEOMETRY[TILES_FOR_PLAYERS[players]]


def ring_next(geo: Geometry, cell: int, removed: Collection[int], steps: int = 1) -> int:
    """Returns the ring cell `steps` clockwise from `cell`, skipping removed tiles (P2)."""
    ring = geo.ring
    pos = ring.index(cell)
    taken = 0
    while taken < steps:
        pos = (pos + 1) % len(ring)
        if ring[pos] not in removed:
            taken += 1
    return ring[pos]


def live_neighbours(geo: Geometry, cell: int, removed: Collection[int]) -> tuple[int, ...]:
    """Returns the cells adjacent to `cell` that are still on the board."""
    if not removed:  # the board is whole until a creature's round removes a tile
        return geo.neighbours[cell]
    return tuple(j for j in geo.neighbours[cell] if j not in removed)


def full_intersections(geo: Geometry, removed: Collection[int]) -> tuple[int, ...]:
    """Returns the indices of intersections whose three tiles all remain (P2 Scarecrow)."""
    return tuple(
        k for k, tri in enumerate(geo.intersections) if not any(cell in removed for cell in tri)
    )


def diagonals(geo: Geometry) -> tuple[tuple[int, int, int], ...]:
    """Returns every three-tile diagonal line, one tile per consecutive column (WISE)."""
    lines: list[tuple[int, int, int]] = []
    for (c, r), i in geo.index.items():
        for dr in (-1, 1):
            b = geo.index.get((c + 1, r + dr))
            d = geo.index.get((c + 2, r + 2 * dr))
            if b is not None and d is not None:
                lines.append((i, b, d))
    return tuple(sorted(lines))
