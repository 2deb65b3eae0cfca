"""Pure scoring: strength, the tie-cancel places (§4.1), control, end-game (§4.4)."""

from __future__ import annotations

from collections.abc import Sequence

from birdgames.perch_bop.cards import (
    CREATURE_POINTS,
    LARGEST_FLOCK_POINTS,
    OBJECTIVE,
    TILE,
    Ability,
)
from birdgames.perch_bop.geometry import geometry_for
from birdgames.perch_bop.objectives import objective_met
from birdgames.perch_bop.state import FinalScore, Location, State


def strengths(
    birds: Sequence[int], nested: Sequence[bool], housed: Sequence[bool]
) -> tuple[int, ...]:
    """Returns each colour's strength: birds + 1 for a nest + 1 for a birdhouse (§4.1)."""
    return tuple((b + nested[c] + housed[c]) if b else 0 for c, b in enumerate(birds))


def location_strengths(loc: Location) -> tuple[int, ...]:
    """Returns each colour's strength at a Location."""
    return strengths(loc.birds, loc.nested, loc.housed)


def places(power: Sequence[int]) -> tuple[int, ...]:
    """Returns each colour's place (§4.1): 1 + colours strictly stronger; 0 if absent or tied.

    A tied group scores nothing yet uses up the places it would have filled.
    """
    result = []
    for s in power:
        if s <= 0:
            result.append(0)
            continue
        stronger = 0
        equal = 0
        for t in power:
            if t > s:
                stronger += 1
            elif t == s:
                equal += 1
        result.append(0 if equal > 1 else stronger + 1)
    return tuple(result)


def leader(power: Sequence[int]) -> int | None:
    """Returns the colour alone in 1st place (the controller's colour), if any."""
    best = -1
    who: int | None = None
    for c, s in enumerate(power):
        if s > best:
            best, who = s, c
        elif s == best:
            who = None
    return who if best > 0 else None


def place_points(tile_id: str, place: int, power: Sequence[int]) -> int:
    """Returns what a place earns at a tile; Stone Statue's 1st is 1 + total // 2 (§4.1)."""
    if place < 1 or place > 3:
        return 0
    tile = TILE[tile_id]
    if place == 1 and tile.ability is Ability.STONE_STATUE:
        return 1 + sum(power) // 2
    return tile.values[place - 1]


def fountain_points(state: State, colour: int) -> int:
    """Returns the value of every fountain slot holding that colour."""
    slots = geometry_for(state.config.players).layout.fountain
    return sum(slots[i].value for i, c in enumerate(state.fountain) if c == colour)


def largest_stack(state: State, colour: int) -> int:
    """Returns the colour's largest single-stack strength on a Location in play."""
    best = 0
    for loc in state.locations:
        if not loc.removed and loc.birds[colour]:
            best = max(best, location_strengths(loc)[colour])
    return best


def largest_flock_winner(state: State) -> int | None:
    """Returns the colour with the strictly largest stack (ties cancel, the dummy counts)."""
    return leader(tuple(largest_stack(state, c) for c in range(state.config.colours)))


def final_scores(state: State) -> tuple[FinalScore, ...]:
    """Returns each player's end-game breakdown (§4.4) from a state after round 5's Upkeep.

    The bag's birds must already be in the plaza when U11 applies.
    """
    n = state.config.players
    flock = largest_flock_winner(state)
    result = []
    for p in range(n):
        seat = state.seats[p]
        obj = seat.objective or ""
        met = bool(obj) and objective_met(state, OBJECTIVE[obj], p)
        obj_points = OBJECTIVE[obj].points if met else 0
        flock_points = LARGEST_FLOCK_POINTS if flock == p else 0
        creature_points = CREATURE_POINTS * sum(1 for cr in state.creatures if cr.controller == p)
        fountain = fountain_points(state, p)
        plaza = state.plaza[p]
        extra = obj_points + flock_points + creature_points + fountain + plaza
        result.append(
            FinalScore(
                obj,
                met,
                obj_points,
                flock_points,
                creature_points,
                fountain,
                plaza,
                seat.score,
                seat.score + extra,
            )
        )
    return tuple(result)


def winners_of(state: State) -> tuple[int, ...]:
    """Returns the winners by total, then largest stack, then fountain birds (U13)."""
    n = state.config.players

    def key(p: int) -> tuple[int, int, int]:
        return (
            state.seats[p].score,
            largest_stack(state, p),
            sum(1 for c in state.fountain if c == p),
        )

    best = max(key(p) for p in range(n))
    return tuple(p for p in range(n) if key(p) == best)
