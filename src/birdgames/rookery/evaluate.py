"""A heuristic value of a position for one player, from a view: what search bots maximise."""

from __future__ import annotations

from typing import Final

from birdgames.rookery.cards import BIRDS, PREDATORS
from birdgames.rookery.scoring import leader_of
from birdgames.rookery.state import Phase
from birdgames.rookery.view import View

WIN_VALUE: Final = 100.0
PRIZE_VALUE: Final = 20.0  # R7 three Prizes win
LEAD_VALUE: Final = 6.0  # R7 a checkpoint gives the zone leader a Prize
ZONE_VALUE: Final = 3.0  # R4.2 each zone held
BIRD_VALUE: Final = 1.0  # per bird in play, scaled by how much of its hp is left
# A bird in a zone of its native habitat survives the zone's flips to that habitat (R5.3) and
# meets its abilities' At Home condition. Greedy against random at 2 players, 400 games on
# each of two tuning seeds: 92.5% and 91.6% at 1.0, 95.0% and 94.8% at 1.5, 94.5% at 2.0.
AT_HOME_SHARE: Final = 1.5
PREDATOR_VALUE: Final = 1.0  # per predator in play
CARD_VALUE: Final = 0.4  # per card in hand: options for later turns
SONG_VALUE: Final = 0.15  # per Song in the pool, spendable this turn only


def _side(view: View, seat: int) -> float:
    """Returns the material value of `seat`'s side: Prizes, zones, cards in play and hand."""
    side = view.seats[seat]
    value = PRIZE_VALUE * side.prizes + CARD_VALUE * side.hand_size
    if view.active == seat and view.phase is Phase.PLAY:
        value += SONG_VALUE * side.song
    for zone in view.zones:
        if zone.controller == seat:
            value += ZONE_VALUE
        for bird in zone.birds:
            if bird.owner == seat:
                kind = BIRDS[bird.card]
                worth = BIRD_VALUE * (1.0 + kind.cost * 0.25) * (kind.hp - bird.damage) / kind.hp
                value += worth * AT_HOME_SHARE if zone.habitat is kind.habitat else worth
        for predator in zone.predators:
            if predator.owner == seat:
                card = PREDATORS.get(predator.card) if predator.card else None
                # A face-down card the viewer cannot name counts as an average predator.
                value += PREDATOR_VALUE * (1.0 + (card.threat if card else 3) * 0.2)
    return value


def evaluate(view: View, player: int) -> float:
    """Returns how good the position `view` shows is for `player`, the other's side subtracted.

    A won game is worth WIN_VALUE, a lost one minus that, a draw 0. Otherwise Prizes weigh
    most, then being the zone leader (R4.4) and holding zones, then birds (more at home) and
    predators in play, cards in hand and, on the player's own turn, Song left to spend.
    """
    other = 1 - player
    if view.phase is Phase.OVER:
        if len(view.winners) != 1:
            return 0.0
        return WIN_VALUE if view.winners[0] == player else -WIN_VALUE
    value = _side(view, player) - _side(view, other)
    leader = leader_of(tuple(zone.controller for zone in view.zones))
    if leader is not None:
        value += LEAD_VALUE if leader == player else -LEAD_VALUE
    return value
