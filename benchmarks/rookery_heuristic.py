"""An outside yardstick for Rookery: a one-step heuristic bot that plays for the checkpoints.

It is written apart from the package's evaluation on purpose, the way an outside player
would write one, to check that balance and bot strength do not hold only under the
package's own evaluation. It values, for its seat less the other's: Prizes; being the zone
leader, weighted by how close the next checkpoint is (R7.2, R7.4); zones held and a claim
in each (R4.1); birds in play by the health they have left, more where they are at home,
less where a flip pile of two cards may wash them away (R5.2, R5.3); predators face up;
cards in hand.

    from rookery_heuristic import heuristic_policy   # benchmarks/ on sys.path
    policy = heuristic_policy(config)
"""

from __future__ import annotations

from typing import Final

from birdgames import rookery
from birdgames.bots import GreedyPolicy
from birdgames.rookery.cards import BIRDS, PREDATORS, Trait
from birdgames.rookery.scoring import leader_of
from birdgames.rookery.state import Phase
from birdgames.rookery.view import View, ZoneView

WIN: Final = 1000.0
PRIZE: Final = 40.0
LEAD: Final = 4.0
LEAD_AT_CHECKPOINT: Final = 24.0
ZONE: Final = 3.0
CLAIM: Final = 1.5
BIRD: Final = 1.2
AT_HOME: Final = 0.6
WASHED_AWAY: Final = 0.5
PREDATOR: Final = 0.8
CARD: Final = 0.7


def _has_claim(zone: ZoneView, seat: int) -> bool:
    """R4.1: a Flock, a Territorial pair or a Keystone bird."""
    birds = [BIRDS[b.card] for b in zone.birds if b.owner == seat]
    territorial = sum(1 for b in birds if Trait.TERRITORIAL in b.traits)
    return len(birds) >= 3 or territorial >= 2 or any(Trait.KEYSTONE in b.traits for b in birds)


def _side(view: View, seat: int) -> float:
    value = CARD * view.seats[seat].hand_size
    for zone in view.zones:
        if zone.controller == seat:
            value += ZONE
        if _has_claim(zone, seat):
            value += CLAIM
        # A pile of two: the next habitat card flips the zone, perhaps to another habitat.
        risky = len(zone.pile) == 2
        for bird in zone.birds:
            if bird.owner != seat:
                continue
            card = BIRDS[bird.card]
            health = (card.hp - bird.damage) / card.hp
            worth = BIRD * (0.5 + 0.5 * health)
            if zone.habitat is card.habitat:
                worth += AT_HOME
            elif risky:
                worth -= WASHED_AWAY
            value += worth
        for predator in zone.predators:
            if predator.owner == seat:
                known = PREDATORS.get(predator.card) if predator.card else None
                value += PREDATOR * (1.0 + (known.threat if known else 3) * 0.15)
    return value


def heuristic_value(view: View, player: int) -> float:
    """Returns how good `view` is for `player`: the checkpoint race first."""
    if view.phase is Phase.OVER:
        if len(view.winners) != 1:
            return 0.0
        return WIN if view.winners[0] == player else -WIN
    other = 1 - player
    value = PRIZE * (view.seats[player].prizes - view.seats[other].prizes)
    leader = leader_of(tuple(zone.controller for zone in view.zones))
    if leader is not None:
        # turns_left 1 on a seat's own turn: its EndTurn is the checkpoint.
        closeness = 1.0 / max(1, view.turns_left)
        weight = LEAD + LEAD_AT_CHECKPOINT * closeness
        value += weight if leader == player else -weight
    return value + _side(view, player) - _side(view, other)


def heuristic_policy(config: rookery.Config | None = None) -> GreedyPolicy:
    """Returns the one-step bot that plays `heuristic_value`."""
    return GreedyPolicy(rookery.GAME, config, evaluate=heuristic_value)
