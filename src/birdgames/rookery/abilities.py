"""R9 conditions and static abilities as pure queries on the field, and ability targets.

One small function per condition and per static ability kind; the triggered kinds live in
`effects.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Final

from birdgames.rookery.cards import (
    ABILITIES,
    BIRDS,
    CARD_TYPE,
    CATALOG,
    PREDATORS,
    STATIC,
    Ability,
    BirdCard,
    Condition,
    Effect,
    HabitatCard,
    Mode,
    Scope,
    Stat,
)
from birdgames.rookery.state import (
    ZONE_CAPACITY,
    ZONES,
    Bird,
    Predator,
    Zone,
    ZoneState,
)

Zones = Sequence[ZoneState]
# Enum members as module names: 10% of a Rookery action (docs/performance.md)
_ALWAYS: Final = Condition.ALWAYS
_AT_HOME: Final = Condition.AT_HOME
_EVASION: Final = Stat.EVASION
_HP: Final = Stat.HP
_SONG: Final = Stat.SONG
_THREAT: Final = Stat.THREAT
_STEALTH: Final = Stat.STEALTH
_HUNT_TWICE: Final = Mode.HUNT_TWICE
_HABITAT_THREAT: Final = Mode.HABITAT_THREAT
_SELF: Final = Scope.SELF
_ZONE: Final = Scope.ZONE
_DAMAGE: Final = Effect.DAMAGE
_HEAL: Final = Effect.HEAL
_MOVE: Final = Effect.MOVE
_UNTAP: Final = Effect.UNTAP
_READY: Final = Effect.READY
# Each card's cost_mod abilities: cards without any are skipped by cost queries.
COST_MODS: Final[Mapping[str, tuple[Ability, ...]]] = MappingProxyType(
    {card: tuple(a for a in group if a.effect is Effect.COST_MOD) for card, group in STATIC.items()}
)
# Each card's stat_mod and hunt_mod abilities, in printed order: the queries read only these.
_STAT_MODS: Final[Mapping[str, tuple[Ability, ...]]] = MappingProxyType(
    {card: tuple(a for a in group if a.effect is Effect.STAT_MOD) for card, group in STATIC.items()}
)
_HUNT_MODS: Final[Mapping[str, tuple[Ability, ...]]] = MappingProxyType(
    {card: tuple(a for a in group if a.effect is Effect.HUNT_MOD) for card, group in STATIC.items()}
)
# The cards with a cost_mod, stat_mod or hunt_mod ability: without one no query is needed.
COST_MOD_CARDS: Final = frozenset(card for card, mods in COST_MODS.items() if mods)
STAT_MOD_CARDS: Final = frozenset(card for card, mods in _STAT_MODS.items() if mods)
HUNT_MOD_CARDS: Final = frozenset(card for card, mods in _HUNT_MODS.items() if mods)
PRINTED_COST: Final[Mapping[str, int]] = MappingProxyType(
    {card.id: 0 if isinstance(card, HabitatCard) else card.cost for card in CATALOG.values()}
)

# R7.2 R9.11 a shift leaves 1..8 turns left; DECISION: a season also lasts at most 8 counted
# turns in all, so a card that would lengthen it further cannot be played (its text says so).
MAX_SEASON_TURNS: Final = 8
LENGTHENING: Final[Mapping[str, int]] = MappingProxyType(
    {
        card: sum(a.amount for a in group if a.effect is Effect.SEASON_SHIFT)
        for card, group in ABILITIES.items()
        if any(a.effect is Effect.SEASON_SHIFT and a.amount > 0 for a in group)
    }
)


def season_length_after(card: str, turns_played: int, turns_left: int) -> int | None:
    """R7.2 DECISION the season's length in turns if `card` lengthened it now, when that
    passes the 8 a season may last; None when it fits or `card` lengthens nothing."""
    added = LENGTHENING.get(card)
    if added is None:
        return None
    length = turns_played + turns_left + added
    return length if length > MAX_SEASON_TURNS else None


# --- conditions (R9) ---------------------------------------------------------------------


def _always(zones: Zones, zi: int, card: str, owner: int) -> bool:
    return True


def _at_home(zones: Zones, zi: int, card: str, owner: int) -> bool:
    # R3.6 only birds have a native habitat; a predator is never At Home.
    bird = BIRDS.get(card)
    return bird is not None and zones[zi].habitat is bird.habitat


def _in_flock(zones: Zones, zi: int, card: str, owner: int) -> bool:
    return has_flock(zones[zi], owner)


CONDITIONS: Final[Mapping[Condition, Callable[[Zones, int, str, int], bool]]] = MappingProxyType(
    {Condition.ALWAYS: _always, Condition.AT_HOME: _at_home, Condition.IN_FLOCK: _in_flock}
)


def holds(zones: Zones, zi: int, card: str, owner: int, ability: Ability) -> bool:
    """Returns whether the ability's condition holds for that card in zone `zi`."""
    condition = ability.condition
    if condition is _ALWAYS:
        return True
    if condition is _AT_HOME:
        return _at_home(zones, zi, card, owner)
    return CONDITIONS[condition](zones, zi, card, owner)


# --- counting --------------------------------------------------------------------------


def bird_count(zone: ZoneState, owner: int) -> int:
    """Returns how many birds (nested or roosting) the owner has in the zone."""
    count = 0
    for b in zone.birds:
        if b.owner == owner:
            count += 1
    return count


def has_flock(zone: ZoneState, owner: int) -> bool:
    """R4.1 a Flock: 3+ birds of one player in a zone."""
    return bird_count(zone, owner) >= 3


def has_room(zone: ZoneState) -> bool:
    """R1.2 a zone holds at most 6 birds; predators do not count."""
    return len(zone.birds) < ZONE_CAPACITY


# --- static abilities: one function per kind ------------------------------------------


def cost_mods(zones: Zones, player: int) -> tuple[Ability, ...]:
    """R9.1 returns the player's cost_mod abilities active now (cards in play, face up)."""
    found: list[Ability] = []
    for zi, zone in enumerate(zones):
        for b in zone.birds:
            if b.owner == player and b.card in COST_MOD_CARDS:
                found.extend(a for a in COST_MODS[b.card] if holds(zones, zi, b.card, player, a))
        for q in zone.predators:
            if q.owner == player and q.face_up and q.card in COST_MOD_CARDS:
                found.extend(a for a in COST_MODS[q.card] if holds(zones, zi, q.card, player, a))
    return tuple(found)


def cost_mod(mods: Sequence[Ability], card: str) -> int:
    """R9.1 returns the discount those active cost_mod abilities give on `card`."""
    if not mods:
        return 0
    target = CATALOG[card]
    habitat = target.habitat if isinstance(target, BirdCard) else None
    kind = CARD_TYPE[card]
    return sum(
        a.amount
        for a in mods
        if (a.card_type is None or a.card_type is kind)
        and (a.habitat is None or a.habitat is habitat)
    )


# R9.1 the cards some cost_mod ability of the catalog gives a discount on: cost_mod adds one
# term per ability, so any other card costs its printed cost whatever is in play.
DISCOUNTABLE: Final = frozenset(
    card for card in CATALOG if any(cost_mod((a,), card) for m in COST_MODS.values() for a in m)
)


def stat_mod(zones: Zones, zi: int, card: Bird | Predator, stat: Stat) -> int:
    """R9.2 returns the bonus to `stat` of a card in zone `zi` from static abilities."""
    zone = zones[zi]
    bonus = 0
    if isinstance(card, Predator):
        if not card.face_up or card.card not in STAT_MOD_CARDS:
            return 0  # R6.1 face-down abilities are inactive
        for ability in _STAT_MODS[card.card]:
            if (
                ability.stat is stat
                and ability.scope is _SELF
                and holds(zones, zi, card.card, card.owner, ability)
            ):
                bonus += ability.amount
        return bonus
    owner = card.owner
    for source in zone.birds:
        if source.owner != owner or source.card not in STAT_MOD_CARDS:
            continue
        for ability in _STAT_MODS[source.card]:
            if (
                ability.stat is stat
                and (ability.scope is _ZONE or source.uid == card.uid)
                and holds(zones, zi, source.card, source.owner, ability)
            ):
                bonus += ability.amount
    for pred in zone.predators:
        if pred.owner != owner or not pred.face_up or pred.card not in STAT_MOD_CARDS:
            continue
        for ability in _STAT_MODS[pred.card]:
            if (
                ability.stat is stat
                and ability.scope is _ZONE
                and holds(zones, zi, pred.card, pred.owner, ability)
            ):
                bonus += ability.amount
    return bonus


def hunt_mod(zones: Zones, zi: int, card: Bird | Predator, mode: Mode) -> int | None:
    """R9.3 returns the amount of an active hunt_mod of that mode on the card, else None."""
    if isinstance(card, Predator) and not card.face_up:
        return None
    for ability in _HUNT_MODS[card.card]:
        if (
            ability.mode is mode
            and (mode is not _HABITAT_THREAT or ability.habitat is zones[zi].habitat)
            and holds(zones, zi, card.card, card.owner, ability)
        ):
            return ability.amount
    return None


def claim_mod(zones: Zones, zi: int, bird: Bird, mode: Mode) -> int | None:
    """R9.4 returns the amount of an active claim_mod of that mode on the bird, else None."""
    for ability in STATIC[bird.card]:
        if (
            ability.effect is Effect.CLAIM_MOD
            and ability.mode is mode
            and holds(zones, zi, bird.card, bird.owner, ability)
        ):
            return ability.amount
    return None


# --- derived numbers ----------------------------------------------------------------------


def cost_of(zones: Zones, player: int, card: str, mods: Sequence[Ability] | None = None) -> int:
    """R9.1 R10 the Song a non-habitat card costs the player now: never below 1."""
    if mods is None:
        if card not in DISCOUNTABLE:  # no cost_mod in the catalog applies: no field to read
            return max(1, PRINTED_COST[card])
        mods = cost_mods(zones, player)
    return max(1, PRINTED_COST[card] - cost_mod(mods, card))


def bird_stat(zones: Zones, zi: int, bird: Bird, stat: Stat) -> int:
    """R3.1 R9.2 a bird's printed stat plus its active stat_mods, never below 0."""
    printed = BIRDS[bird.card]
    if stat is _EVASION:
        base = printed.evasion
    elif stat is _HP:
        base = printed.hp
    elif stat is _SONG:
        base = printed.song
    else:
        base = 0
    value = base + stat_mod(zones, zi, bird, stat)
    return value if value > 0 else 0


def predator_stat(zones: Zones, zi: int, pred: Predator, stat: Stat) -> int:
    """R6.1 R9.2 a predator's printed stat plus its active stat_mods, never below 0."""
    printed = PREDATORS[pred.card]
    if stat is _THREAT:
        base = printed.threat
    elif stat is _STEALTH:
        base = printed.stealth
    elif stat is _HP:
        base = printed.hp
    else:
        base = 0
    return max(0, base + stat_mod(zones, zi, pred, stat))


def hp_of(zones: Zones, zi: int, card: Bird | Predator) -> int:
    """R6.4 the damage that defeats the card now (at least 1)."""
    if isinstance(card, Bird):
        return max(1, bird_stat(zones, zi, card, _HP))
    return max(1, predator_stat(zones, zi, card, _HP))


def hunt_limit(zones: Zones, zi: int, pred: Predator) -> int:
    """R6.2 one hunt a turn, two with hunt_twice, one more once readied (R9.12)."""
    twice = pred.card in HUNT_MOD_CARDS and hunt_mod(zones, zi, pred, _HUNT_TWICE) is not None
    limit = 2 if twice else 1
    return limit + 1 if pred.readied else limit


def is_at_home(zones: Zones, zi: int, bird: Bird) -> bool:
    """R3.6 the bird's zone has its native habitat."""
    return zones[zi].habitat is BIRDS[bird.card].habitat


# --- targets (R8.3) ---------------------------------------------------------------------


def targets(zones: Zones, player: int, ability: Ability) -> tuple[tuple[int, Zone | None], ...]:
    """Returns every legal (target id, destination) of a targeted ability, in field order.

    R6.3 face-down predators are never targets.
    """
    found: list[tuple[int, Zone | None]] = []
    effect = ability.effect
    if effect is _DAMAGE:
        # DECISION: damage targets an opposing face-up card
        for zone in zones:
            found.extend((b.uid, None) for b in zone.birds if b.owner != player)
            found.extend((q.uid, None) for q in zone.predators if q.owner != player and q.face_up)
    elif effect is _HEAL:
        for zone in zones:
            found.extend((b.uid, None) for b in zone.birds if b.owner == player and b.damage > 0)
            found.extend(
                (q.uid, None)
                for q in zone.predators
                if q.owner == player and q.face_up and q.damage > 0
            )
    elif effect is _MOVE:
        rooms = [has_room(zone) for zone in zones]
        for zi, zone in enumerate(zones):
            for b in zone.birds:
                found.extend((b.uid, ZONES[zj]) for zj in range(3) if zj != zi and rooms[zj])
    elif effect is _UNTAP:
        for zone in zones:
            found.extend(
                (b.uid, None)
                for b in zone.birds
                if b.owner == player and b.tapped and not b.untapped
            )
    elif effect is _READY:
        for zone in zones:
            found.extend(
                (q.uid, None)
                for q in zone.predators
                if q.owner == player and q.face_up and q.hunts > 0 and not q.readied
            )
    return tuple(found)
