"""R4 claims, control and the zone leader; R7.6 scores; winners."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from birdgames.rookery.abilities import claim_mod
from birdgames.rookery.cards import BIRDS, STATIC, Effect, Mode, Trait
from birdgames.rookery.state import Phase, State, ZoneState


def _with_trait(trait: Trait) -> frozenset[str]:
    return frozenset(card for card, printed in BIRDS.items() if trait in printed.traits)


# Card ids by trait, read once at import.
_TERRITORIAL: Final = _with_trait(Trait.TERRITORIAL)
_KEYSTONE: Final = _with_trait(Trait.KEYSTONE)
_UNCONTESTABLE: Final = _with_trait(Trait.UNCONTESTABLE)
# The birds with a claim_mod ability: only they need the claim_mod queries.
_CLAIM_MODS: Final = frozenset(
    card for card in BIRDS if any(a.effect is Effect.CLAIM_MOD for a in STATIC[card])
)
# The birds that change what a claim needs or what a bird counts for; without one in a zone,
# control is a matter of counts (R4.1 R4.2).
_CLAIM_CARDS: Final = _TERRITORIAL | _KEYSTONE | _UNCONTESTABLE | _CLAIM_MODS
# Enum members as module names: 10% of a Rookery action (docs/performance.md)
_CLAIM_ALONE: Final = Mode.CLAIM_ALONE
_COUNT_AS: Final = Mode.COUNT_AS


def _standing(zones: Sequence[ZoneState], zi: int, player: int) -> tuple[bool, int, bool]:
    """Returns (has a claim, bird count for control, has an Uncontestable bird)."""
    count = 0
    weight = 0
    territorial = 0
    alone = False
    uncontestable = False
    for bird in zones[zi].birds:
        if bird.owner != player:
            continue
        count += 1
        card = bird.card
        if card in _TERRITORIAL:
            territorial += 1
        if card in _UNCONTESTABLE:
            uncontestable = True
        if card in _KEYSTONE:
            alone = True
        if card not in _CLAIM_MODS:
            weight += 1
            continue
        if claim_mod(zones, zi, bird, _CLAIM_ALONE) is not None:
            alone = True
        # R9.4 DECISION: count_as changes the count compared for control, not the Flock size
        as_many = claim_mod(zones, zi, bird, _COUNT_AS)
        weight += 1 if as_many is None else as_many
    # R4.1 a Flock, a Territorial pair, or a Keystone (or claim_alone) bird; R4.3
    claim = count >= 3 or territorial >= 2 or alone or uncontestable
    return claim, weight, uncontestable


def has_claim(zones: Sequence[ZoneState], zi: int, player: int) -> bool:
    """R4.1 returns whether the player has a claim in zone `zi`."""
    return _standing(zones, zi, player)[0]


def controller(zones: Sequence[ZoneState], zi: int) -> int | None:
    """R4.2 R4.3 returns who controls zone `zi`, None when nobody does."""
    counts = [0, 0]
    plain = True
    for bird in zones[zi].birds:
        counts[bird.owner] += 1
        if bird.card in _CLAIM_CARDS:
            plain = False
    if plain:  # what _standing finds for each player: a claim is a Flock, its count the birds
        first, second = counts
        if first >= 3 and first > second:
            return 0
        if second >= 3 and second > first:
            return 1
        return None
    claim0, count0, unc0 = _standing(zones, zi, 0)
    claim1, count1, unc1 = _standing(zones, zi, 1)
    if unc0 != unc1:
        return 0 if unc0 else 1  # R4.3 uncontestable even when outnumbered
    if claim0 and count0 > count1:
        return 0
    if claim1 and count1 > count0:
        return 1
    return None


def controllers(zones: Sequence[ZoneState]) -> tuple[int | None, int | None, int | None]:
    """Returns the controller of each zone, left to right."""
    return controller(zones, 0), controller(zones, 1), controller(zones, 2)


def leader(zones: Sequence[ZoneState]) -> int | None:
    """R4.4 the player who controls more zones than the other; None on a tie."""
    return leader_of(controllers(zones))


def leader_of(held: Sequence[int | None]) -> int | None:
    """R4.4 the zone leader, given each zone's controller."""
    zero = sum(1 for c in held if c == 0)
    one = sum(1 for c in held if c == 1)
    if zero == one:
        return None
    return 0 if zero > one else 1


def scores(state: State) -> tuple[int, ...]:
    """R7.6 the Prizes of each player."""
    return state.seats[0].prizes, state.seats[1].prizes


def winners(state: State) -> tuple[int, ...]:
    """Empty until the game is over; both players on a draw."""
    if state.phase is not Phase.OVER:
        return ()
    return state.winners
