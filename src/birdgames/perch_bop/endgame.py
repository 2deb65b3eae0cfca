"""End-game scoring (§4.4) and the winner (U13)."""

from __future__ import annotations

from collections.abc import Sequence

from birdgames.perch_bop.cards import CREATURE_POINTS, LARGEST_FLOCK_POINTS, OBJECTIVE
from birdgames.perch_bop.geometry import geometry_for
from birdgames.perch_bop.objectives import objective_met
from birdgames.perch_bop.scoring import leader, location_strengths
from birdgames.perch_bop.state import FinalScore, State


def fountain_points(state: State, colour: int) -> int:
    """Returns the value of every fountain slot holding that colour."""
    slots = geometry_for(state.config.players).layout.fountain
    return sum(slots[i].value for i, c in enumerate(state.fountain) if c == colour)


def largest_stack(state: State, colour: int) -> int:
    """Returns the colour's largest single-stack strength on a Location in play."""
    return largest_stacks(state)[colour]


def largest_stacks(state: State) -> tuple[int, ...]:
    """Returns every colour's largest single-stack strength on a Location in play."""
    return _largest(state.config.colours, _live_strengths(state))


def _live_strengths(state: State) -> list[tuple[int, ...] | None]:
    """Returns each Location's strengths by colour; None for a removed one."""
    return [None if loc.removed else location_strengths(loc) for loc in state.locations]


def _largest(colours: int, powers: Sequence[tuple[int, ...] | None]) -> tuple[int, ...]:
    best = [0] * colours
    for power in powers:
        if power is None:
            continue
        for c, s in enumerate(power):  # 0 for a colour with no bird here
            best[c] = max(best[c], s)
    return tuple(best)


def largest_flock_winner(
    state: State, powers: Sequence[tuple[int, ...] | None] | None = None
) -> int | None:
    """Returns the colour with the strictly largest stack (ties cancel, the dummy counts).

    `powers` are the Locations' strengths (None for a removed one), when the caller has them.
    """
    if powers is None:
        powers = _live_strengths(state)
    return leader(_largest(state.config.colours, powers))


def final_scores(
    state: State, powers: Sequence[tuple[int, ...] | None] | None = None
) -> tuple[FinalScore, ...]:
    """Returns each player's end-game breakdown (§4.4) from a state after round 5's Upkeep.

    The bag's birds must already be in the plaza when U11 applies. `powers` are the
    Locations' strengths (None for a removed one), when the caller has them already.
    """
    n = state.config.players
    if powers is None:
        powers = _live_strengths(state)
    flock = largest_flock_winner(state, powers)
    result = []
    for p in range(n):
        seat = state.seats[p]
        obj = seat.objective or ""
        met = bool(obj) and objective_met(state, OBJECTIVE[obj], p, powers)
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
    stacks = largest_stacks(state)
    keys = [
        (state.seats[p].score, stacks[p], sum(1 for c in state.fountain if c == p))
        for p in range(n)
    ]
    best = max(keys)
    return tuple(p for p in range(n) if keys[p] == best)
