"""R6.4 hunting (flock bonus, Exposed), R6.5 mobbing, R6.3 ambushes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from birdgames.rookery.abilities import (
    bird_count,
    bird_stat,
    hp_of,
    hunt_mod,
    is_at_home,
    predator_stat,
)
from birdgames.rookery.cards import Mode, Stat
from birdgames.rookery.effects import defeat, on_hunt
from birdgames.rookery.events import HuntResolved, MobResolved, PredatorRevealed
from birdgames.rookery.state import ZONES, Bird, Predator, ZoneState
from birdgames.rookery.work import Work

FLOCK_BONUS = 2  # R6.4 evasion per other friendly bird when in a Flock
EXPOSED_BONUS = 3  # R6.4 threat against an Exposed target
# Enum members as module names: 10% of a Rookery action (docs/performance.md)
_EVASION: Final = Stat.EVASION
_THREAT: Final = Stat.THREAT
_STEALTH: Final = Stat.STEALTH
_IGNORE_EXPOSED: Final = Mode.IGNORE_EXPOSED
_IGNORE_FLOCK: Final = Mode.IGNORE_FLOCK
_HABITAT_THREAT: Final = Mode.HABITAT_THREAT


def is_exposed(zones: Sequence[ZoneState], zi: int, bird: Bird) -> bool:
    """R6.4 the owner's only bird in the zone, or not At Home without a Flock there."""
    if hunt_mod(zones, zi, bird, _IGNORE_EXPOSED) is not None:
        return False
    count = bird_count(zones[zi], bird.owner)
    return count == 1 or (not is_at_home(zones, zi, bird) and count < 3)


def hunt_numbers(
    zones: Sequence[ZoneState], zi: int, pred: Predator, bird: Bird
) -> tuple[int, int]:
    """Returns the hunter's modified threat and the target's modified evasion."""
    evasion = bird_stat(zones, zi, bird, _EVASION)
    count = bird_count(zones[zi], bird.owner)
    if count >= 3 and hunt_mod(zones, zi, pred, _IGNORE_FLOCK) is None:
        evasion += FLOCK_BONUS * (count - 1)
    threat = predator_stat(zones, zi, pred, _THREAT)
    bonus = hunt_mod(zones, zi, pred, _HABITAT_THREAT)
    if bonus is not None:
        threat += bonus
    if is_exposed(zones, zi, bird):
        threat += EXPOSED_BONUS
    return threat, evasion


def hunt(work: Work, zi: int, pred: Predator, bird: Bird, counted: bool) -> None:
    """R6.4 resolves one hunt; `counted` ones count against the turn's hunts (R6.2)."""
    threat, evasion = hunt_numbers(work.zones, zi, pred, bird)
    # R6.4 DECISION: a landed strike deals the modified threat
    damage = threat if threat > evasion else 0
    if counted:
        pred = Predator(
            pred.uid,
            pred.card,
            pred.owner,
            pred.face_up,
            pred.damage,
            pred.hunts + 1,
            pred.readied,
        )
        work.replace(zi, pred)
    if work.log:
        work.events.append(
            HuntResolved(
                pred.owner,
                pred.uid,
                pred.card,
                bird.uid,
                bird.card,
                ZONES[zi],
                threat,
                evasion,
                damage,
            )
        )
    if damage:
        hurt = Bird(
            bird.uid,
            bird.card,
            bird.owner,
            bird.nested,
            bird.tapped,
            bird.damage + damage,
            bird.has_tapped,
            bird.moved,
            bird.untapped,
        )
        work.replace(zi, hurt)
        if hurt.damage >= hp_of(work.zones, zi, hurt):
            defeat(work, zi, hurt)
    on_hunt(work, zi, pred)


def mob_numbers(
    zones: Sequence[ZoneState], zi: int, pred: Predator, player: int
) -> tuple[int, int, int]:
    """Returns the flock's summed evasion, its largest evasion and the predator's stealth."""
    evasions = [bird_stat(zones, zi, b, _EVASION) for b in zones[zi].birds if b.owner == player]
    stealth = predator_stat(zones, zi, pred, _STEALTH)
    return sum(evasions), max(evasions, default=0), stealth


def mob(work: Work, zi: int, pred: Predator, player: int) -> None:
    """R6.5 the player's flock in the zone mobs a face-up predator."""
    total, largest, stealth = mob_numbers(work.zones, zi, pred, player)
    damage = largest if total > stealth else 0
    t = work.turn
    mobbed = tuple(done or i == zi for i, done in enumerate(t.mobbed))
    work.turn = attrs.evolve(t, mobbed=(mobbed[0], mobbed[1], mobbed[2]))
    if work.log:
        work.events.append(
            MobResolved(player, pred.uid, pred.card, ZONES[zi], total, stealth, damage)
        )
    if damage:
        hurt = Predator(
            pred.uid,
            pred.card,
            pred.owner,
            pred.face_up,
            pred.damage + damage,
            pred.hunts,
            pred.readied,
        )
        work.replace(zi, hurt)
        if hurt.damage >= hp_of(work.zones, zi, hurt):
            defeat(work, zi, hurt)


def ambush(work: Work, zi: int, pred: Predator, bird: Bird) -> None:
    """R6.3 the predator turns face up and hunts the bird at once, at no Song cost."""
    revealed = Predator(
        pred.uid, pred.card, pred.owner, True, pred.damage, pred.hunts, pred.readied
    )
    work.replace(zi, revealed)
    if work.log:
        work.events.append(PredatorRevealed(pred.owner, pred.uid, pred.card, ZONES[zi]))
    # R6.2 on its owner's own turn (a move effect brought the bird) it is that turn's hunt
    hunt(work, zi, revealed, bird, counted=pred.owner == work.active)
