"""Heuristic values of a position for one player, from a view: what search bots maximise.

`evaluate` is the bots' default; `baseline` is the evaluation they played by before it, kept
as the yardstick the benchmarks measure the bots against.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Final

import attrs

from birdgames.identity import remembered
from birdgames.perch_bop.cards import (
    CREATURE_POINTS,
    LARGEST_FLOCK_POINTS,
    MOON_VALUES,
    OBJECTIVE,
    POND_TILE,
    ROUNDS,
    SUN_VALUES,
    TILE,
)
from birdgames.perch_bop.geometry import geometry_for
from birdgames.perch_bop.objectives import objective_met
from birdgames.perch_bop.ponds import pond_counts, pond_points
from birdgames.perch_bop.scoring import leader, location_strengths, place_points, places
from birdgames.perch_bop.state import Config, Flow, Phase, State
from birdgames.perch_bop.view import View
from birdgames.rng import Rng

# Share of the board's points now that each later Upkeep is expected to repeat: stacks stay,
# but the others keep placing birds (§4.1).
LATER_SCORING_SHARE: Final = 0.6
# Shares of the end-game awards as they stand now (§4.4): they can still change hands.
FLOCK_SHARE: Final = 0.7
OBJECTIVE_MET_SHARE: Final = 0.8
OBJECTIVE_UNMET_SHARE: Final = 0.2
OWN_BIRD_IN_HAND: Final = 1.0  # a bird of one's own colour still to place
OTHER_BIRD_IN_HAND: Final = 0.3  # another colour: placed to spoil, or kept from its owner


def _board_points(view: View, colour: int) -> int:
    """Returns what `colour` would score if the Locations were scored now (§4.1)."""
    total = 0
    for loc in view.locations:
        if loc.removed:
            continue
        power = location_strengths(loc)
        total += place_points(loc.tile, places(power)[colour], power)
    return total


def _fountain_points(view: View, colour: int) -> int:
    slots = geometry_for(view.players).layout.fountain
    return sum(slots[i].value for i, c in enumerate(view.fountain) if c == colour)


def _board_only(view: View) -> State:
    """Returns a State holding the view's board and creatures, for the objective checks.

    Objectives read only the board, the creatures and the player count (§7); the other
    fields are placeholders, so this State is not one to play on.
    """
    return State(
        Config(view.players, view.expansions),
        Rng.from_seed(0),
        view.round,
        Flow(Phase.OVER),
        view.turn_order,
        view.locations,
        view.supply,
        view.bag,
        (),
        view.fountain,
        view.plaza,
        view.arrivals,
        view.creatures,
        0,
    )


def _objective_value(view: View, player: int) -> float:
    """Returns the expected worth of the viewer's own objective (the others' are hidden)."""
    if view.player != player:
        return 0.0
    board = _board_only(view)
    options = (view.objective,) if view.objective is not None else view.dealt
    best = 0.0
    for objective_id in options:
        if objective_id is None:
            continue
        objective = OBJECTIVE[objective_id]
        met = objective_met(board, objective, player)
        share = OBJECTIVE_MET_SHARE if met else OBJECTIVE_UNMET_SHARE
        best = max(best, share * objective.points)
    return best


def _scorings_left(view: View) -> int:
    """Returns how many Upkeeps will still score the board: this round's unless it has
    already begun (§2.4), and each later one."""
    return ROUNDS - view.round + (0 if view.phase is Phase.UPKEEP else 1)


def _covered_points(view: View, cell: int, place: int, printed: int) -> int:
    """Returns what a place at `cell` scores at this round's Upkeep: the Sun's or the Moon's
    values where one covers it (P4), else the printed points."""
    sky = view.sky
    if sky is not None and cell in (sky.sun, sky.moon):
        values = SUN_VALUES if cell == sky.sun else MOON_VALUES
        return values[place - 1] if 1 <= place <= 3 else 0
    return printed


@attrs.frozen
class _Board:
    """What the board is worth to each colour now, the same whichever seat views it."""

    this_upkeep: tuple[int, ...]
    """Per colour: its Locations' points at this round's Upkeep, the Sun and Moon read."""
    printed: tuple[int, ...]
    """Per colour: its Locations' printed points."""
    ponds: tuple[tuple[int, ...], ...]
    """Per colour: its points at each Pond with birds on it, in Pond order."""
    leaders: Mapping[str, int | None]
    """A creature's home, by creature id, and the colour alone in first place there."""
    largest_flock: int | None
    """The colour with the strictly largest stack."""


# Median CPU a decision (benchmarks/ladder.py's positions, 4 players, pure Python 3.11), with
# a Location's worth worked out anew and kept: greedy 3.2 and 2.6 ms, ISMCTS at 200 iterations
# 287 and 271.
@lru_cache(maxsize=8192)
def _cell_worth(tile: str, power: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Returns each colour's place at a Location with those strengths and its printed points
    for it (§4.1). Kept per tile and strengths: a search values the same Locations again and
    again, and a step changes one."""
    ranks = places(power)
    return ranks, tuple([place_points(tile, place, power) for place in ranks])


def _board(view: View) -> _Board:
    """Returns the board's worth to each colour (§4.1, P4, P5, §4.4, §6)."""
    colours = len(view.supply)
    leaders: dict[str, int | None] = {}
    powers: list[tuple[int, ...] | None] = []
    # Per Location in play, each colour's printed points there, and what the Sun's and the
    # Moon's values change from them where they stand (P4).
    printed_points: list[tuple[int, ...]] = []
    sky_change = [0] * colours
    sky = view.sky
    for cell, loc in enumerate(view.locations):
        if loc.removed:
            powers.append(None)
            continue
        power = location_strengths(loc)
        powers.append(power)
        ranks, printed = _cell_worth(loc.tile, power)
        printed_points.append(printed)
        if sky is not None and cell in (sky.sun, sky.moon):
            for colour, place in enumerate(ranks):
                points = _covered_points(view, cell, place, printed[colour])
                sky_change[colour] += points - printed[colour]
        creature = TILE[loc.tile].creature
        if creature is not None:
            leaders[creature] = leader(power)
    printed_total = [sum(column) for column in zip(*printed_points, strict=True)] or [0] * colours
    this_upkeep = [
        printed + change for printed, change in zip(printed_total, sky_change, strict=True)
    ]
    live = [power for power in powers if power is not None]
    largest = [max(column) for column in zip(*live, strict=True)] or [0] * colours
    ponds: list[list[int]] = [[] for _ in range(colours)]
    if view.ponds is not None:
        intersections = geometry_for(view.players).intersections
        for pond in view.ponds.ponds:
            if not any(pond.birds):
                continue
            live = [
                p for p in (powers[i] for i in intersections[pond.intersection]) if p is not None
            ]
            power = pond_counts(pond.birds, live)
            for colour, (_, points) in enumerate(pond_points(pond.tile, power)):
                ponds[colour].append(points)
            pond_creature = POND_TILE[pond.tile].creature
            if pond_creature is not None:
                leaders[pond_creature] = leader(power)
    return _Board(
        tuple(this_upkeep),
        tuple(printed_total),
        tuple(tuple(points) for points in ponds),
        MappingProxyType(leaders),  # read only: the value is kept and shared
        leader(largest),
    )


# A search values each position it reaches for every player, each from their own view: the
# board's part is the same in all of them, and the views of one state share its Locations,
# Ponds and Sky, so it is worked out once per board.
# Measured (median CPU time a decision at 4 players, benchmarks/ladder.py's positions):
# greedy 3.6 -> 2.1 ms, ISMCTS at 100 iterations 53 -> 37 ms, at 400 226 -> 149 ms.
@remembered(64, key=3)
def _board_of(locations: object, ponds: object, sky: object, view: View) -> _Board:
    """`_board(view)`, kept for the view's Locations, Ponds and Sky (which make the board:
    the player count and colours go with the Locations)."""
    return _board(view)


def evaluate(view: View, player: int) -> float:
    """Returns `player`'s expected final total as `view` shows it.

    The points scored count in full. The board scores as it stands at this round's Upkeep
    (the Sun's and Moon's values where they stand, P4) and, in part, at each later one (the
    printed values: they move on), and so do the Ponds (P5). A creature counts for the player
    alone in first place at its home, who will control it at the next Upkeep and so at the
    end (§4.4, §6, P5), not for its controller now. The other end-game awards count as they
    stand (the largest flock in part, fountain and plaza in full); birds in hand a little,
    and the viewer's own objective by whether the board meets it now (the others' are
    hidden). Once the game is over it is the exact total.
    """
    total = float(view.scores[player])
    if view.phase is Phase.OVER:
        return total
    scorings = _scorings_left(view)
    now = 1.0 if scorings > 0 else 0.0
    later = 0.0 if scorings <= 0 else LATER_SCORING_SHARE * (scorings - 1)
    board = _board_of(view.locations, view.ponds, view.sky, view)
    value = total + now * board.this_upkeep[player] + later * board.printed[player]
    for points in board.ponds[player]:
        value += (now + later) * points
    if board.largest_flock == player:
        value += FLOCK_SHARE * LARGEST_FLOCK_POINTS
    leaders = board.leaders
    value += CREATURE_POINTS * sum(1 for cr in view.creatures if leaders.get(cr.id) == player)
    value += _fountain_points(view, player) + view.plaza[player]
    hand = view.hands[player]
    value += OWN_BIRD_IN_HAND * hand[player] + OTHER_BIRD_IN_HAND * (sum(hand) - hand[player])
    return value + _objective_value(view, player)


def baseline(view: View, player: int) -> float:
    """Returns `player`'s expected final total as `view` shows it, the expansions aside.

    The points scored count in full; the board scores as it stands at this round's Upkeep
    and, in part, at each later one; the end-game awards count as they stand now (the
    largest flock in part, creatures, fountain and plaza in full); birds in hand a little;
    the viewer's own objective by whether the board meets it now. Once the game is over it
    is the exact total. It reads neither the Sun and Moon nor the Ponds, and counts a
    creature for whoever controls it now: the bots' evaluation before `evaluate`, which the
    benchmarks keep as their yardstick.
    """
    total = float(view.scores[player])
    if view.phase is Phase.OVER:
        return total
    scorings = _scorings_left(view)
    weight = 0.0 if scorings <= 0 else 1.0 + LATER_SCORING_SHARE * (scorings - 1)
    value = total + weight * _board_points(view, player)
    if _board_of(view.locations, view.ponds, view.sky, view).largest_flock == player:
        value += FLOCK_SHARE * LARGEST_FLOCK_POINTS
    value += CREATURE_POINTS * sum(1 for cr in view.creatures if cr.controller == player)
    value += _fountain_points(view, player) + view.plaza[player]
    hand = view.hands[player]
    value += OWN_BIRD_IN_HAND * hand[player] + OTHER_BIRD_IN_HAND * (sum(hand) - hand[player])
    return value + _objective_value(view, player)
