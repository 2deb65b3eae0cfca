"""A heuristic value of a position for one player, from a view: what search bots maximise."""

from __future__ import annotations

from typing import Final

import attrs

from birdgames.rookery.cards import BIRDS, PREDATORS, Trait
from birdgames.rookery.scoring import leader_of
from birdgames.rookery.state import Phase
from birdgames.rookery.view import View
from birdgames.rookery.weights import WEIGHTS

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


def material(view: View, player: int) -> float:
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


# --- features for a fitted evaluation ---------------------------------------------------

FEATURE_NAMES: Final = (
    "prizes",  # R7.4
    "leader",  # R4.4: +1 the player, -1 the other, 0 none
    "leader_near_checkpoint",  # the same over the turns left to the checkpoint (R7.2)
    "leader_at_own_checkpoint",  # the same when the player's own EndTurn is the checkpoint
    "zones",  # R4.2 zones held
    "claims",  # R4.1 zones with a claim
    "birds",  # birds in play by the share of their health left
    "birds_at_home",  # R3.6
    "birds_washed_away",  # away from home in a zone whose flip pile holds two cards (R5.2)
    "predators_face_up",
    "predators_face_down",
    "cards_in_hand",
    "cards_in_deck",
    "song",  # on the player's own turn (R2.1)
)


def _seat_features(view: View, seat: int) -> list[float]:
    """The seat's own counts behind `FEATURE_NAMES`, from "zones" on."""
    zones = claims = birds = at_home = washed = up = down = 0.0
    for zone in view.zones:
        zones += zone.controller == seat
        own = [bird for bird in zone.birds if bird.owner == seat]
        kinds = [BIRDS[bird.card] for bird in own]
        territorial = sum(1 for kind in kinds if Trait.TERRITORIAL in kind.traits)
        keystone = any(Trait.KEYSTONE in kind.traits for kind in kinds)
        claims += len(own) >= 3 or territorial >= 2 or keystone
        risky = len(zone.pile) == 2
        for bird, kind in zip(own, kinds, strict=True):
            birds += (kind.hp - bird.damage) / kind.hp
            if zone.habitat is kind.habitat:
                at_home += 1
            elif risky:
                washed += 1
        for predator in zone.predators:
            if predator.owner == seat:
                if predator.face_up:
                    up += 1
                else:
                    down += 1
    side = view.seats[seat]
    song = side.song if view.active == seat and view.phase is Phase.PLAY else 0
    return [
        zones,
        claims,
        birds,
        at_home,
        washed,
        up,
        down,
        side.hand_size,
        side.deck_size,
        song,
    ]


def features(view: View, player: int) -> tuple[float, ...]:
    """Returns the numbers of `FEATURE_NAMES` for `player` less the other's (a game not
    over), from what the view shows."""
    other = 1 - player
    leader = leader_of(tuple(zone.controller for zone in view.zones))
    lead = 0.0 if leader is None else 1.0 if leader == player else -1.0
    near = lead / max(1, view.turns_left)
    own_checkpoint = lead if view.turns_left <= 1 and view.active == player else 0.0
    mine, theirs = _seat_features(view, player), _seat_features(view, other)
    return (
        float(view.seats[player].prizes - view.seats[other].prizes),
        lead,
        near,
        own_checkpoint,
        *(a - b for a, b in zip(mine, theirs, strict=True)),
    )


@attrs.frozen
class LinearEvaluation:
    """An evaluation that weighs `features`: the log-odds of winning they add up to, in
    units of WIN_VALUE / 10; a finished game is worth WIN_VALUE to its winner."""

    weights: tuple[float, ...]
    """One weight per `FEATURE_NAMES` entry."""

    def __call__(self, view: View, player: int) -> float:
        if view.phase is Phase.OVER:
            if len(view.winners) != 1:
                return 0.0
            return WIN_VALUE if view.winners[0] == player else -WIN_VALUE
        odds = sum(w * f for w, f in zip(self.weights, features(view, player), strict=True))
        return odds * WIN_VALUE / 10


# The weights scripts/fit_evaluation.py fitted and tuned (`weights.WEIGHTS`).
fitted: Final = LinearEvaluation(WEIGHTS)


evaluate = material
