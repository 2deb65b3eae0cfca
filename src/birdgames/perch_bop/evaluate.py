"""A heuristic value of a position for one player, from a view: what search bots maximise."""

from __future__ import annotations

from typing import Final

from birdgames.perch_bop.cards import (
    CREATURE_POINTS,
    LARGEST_FLOCK_POINTS,
    OBJECTIVE,
    ROUNDS,
)
from birdgames.perch_bop.geometry import geometry_for
from birdgames.perch_bop.objectives import objective_met
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


def _largest_flock_leader(view: View) -> int | None:
    """Returns the colour with the strictly largest stack now (§4.4, the dummy counts)."""
    best = [0] * len(view.supply)
    for loc in view.locations:
        if loc.removed:
            continue
        for colour, strength in enumerate(location_strengths(loc)):
            best[colour] = max(best[colour], strength)
    return leader(best)


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


def evaluate(view: View, player: int) -> float:
    """Returns `player`'s expected final total as `view` shows it.

    The points scored count in full; the board scores as it stands at this round's Upkeep
    and, in part, at each later one; the end-game awards count as they stand now (the
    largest flock in part, creatures, fountain and plaza in full); birds in hand a little;
    the viewer's own objective by whether the board meets it now. Once the game is over it
    is the exact total.
    """
    total = float(view.scores[player])
    if view.phase is Phase.OVER:
        return total
    # This round's Upkeep scores the board unless it has already begun (§2.4).
    scorings = ROUNDS - view.round + (0 if view.phase is Phase.UPKEEP else 1)
    weight = 0.0 if scorings <= 0 else 1.0 + LATER_SCORING_SHARE * (scorings - 1)
    value = total + weight * _board_points(view, player)
    if _largest_flock_leader(view) == player:
        value += FLOCK_SHARE * LARGEST_FLOCK_POINTS
    value += CREATURE_POINTS * sum(1 for cr in view.creatures if cr.controller == player)
    value += _fountain_points(view, player) + view.plaza[player]
    hand = view.hands[player]
    value += OWN_BIRD_IN_HAND * hand[player] + OTHER_BIRD_IN_HAND * (sum(hand) - hand[player])
    return value + _objective_value(view, player)
