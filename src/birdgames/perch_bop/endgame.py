"""End-game scoring (§4.4) and the winner (U13)."""

from __future__ import annotations

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
