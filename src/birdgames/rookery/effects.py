"""R9 triggered abilities: one function per trigger and per effect kind, plus defeat and entry.

Everything here resolves on a `Work` (a step's private working copy).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Final

import attrs

from birdgames.rng import shuffle
from birdgames.rookery.abilities import MAX_SEASON_TURNS, has_room, holds, hp_of, targets
from birdgames.rookery.cards import (
    ABILITIES,
    BIRDS,
    CARD_TYPE,
    PREDATORS,
    STATIC,
    TARGETED_EFFECTS,
    Ability,
    Effect,
    Mode,
    Stat,
    Trigger,
)
from birdgames.rookery.events import (
    BirdMoved,
    BirdUntapped,
    CardDefeated,
    CardSearched,
    Damaged,
    Healed,
    PredatorReadied,
    SeasonShifted,
    SongGained,
)
from birdgames.rookery.state import (
    ZONES,
    AmbushWindow,
    Bird,
    DiscardChoice,
    Predator,
    TargetChoice,
    Wheel,
    Zone,
    ZoneState,
)
from birdgames.rookery.work import Work


@attrs.frozen
class Use:
    """One resolution of an ability: who, from which card, with which parameters."""

    player: int
    card: str
    source: int  # uid of the card in play; 0 for an event
    ability: Ability
    target: int | None = None
    zone: Zone | None = None
    cap: int | None = None  # R10 most Song an immediate song_gain may give


# --- effect kinds ------------------------------------------------------------------------


def _static(work: Work, use: Use) -> None:
    """cost_mod, stat_mod, hunt_mod, claim_mod only apply while in play (abilities.py)."""


def _draw(work: Work, use: Use) -> None:
    """R9.5 draw N cards."""
    work.draw(use.player, use.ability.amount)


def _discard(work: Work, use: Use) -> None:
    """R9.6 the opponent discards a card of their choice, as a pending decision of theirs.

    The for-effect mode is paid when the card is played (its discard parameter).
    """
    if use.ability.mode is Mode.OPPONENT_CHOOSES:
        opponent = 1 - use.player
        if work.seats[opponent].hand:
            work.push(DiscardChoice(opponent, use.card))


def _search(work: Work, use: Use) -> None:
    """R9.7 take the first card of a type from your deck into your hand, then shuffle."""
    player = work.seats[use.player]
    wanted = use.ability.card_type
    deck = player.deck
    found = next((i for i, card in enumerate(deck) if CARD_TYPE[card] is wanted), None)
    hand = player.hand
    if found is not None:
        hand = (*hand, deck[found])
        deck = deck[:found] + deck[found + 1 :]
    deck, work.rng = shuffle(work.rng, deck)
    work.set_seat(use.player, hand=hand, deck=deck)
    assert wanted is not None
    card = None if found is None else hand[-1]
    if work.log:
        work.events.append(CardSearched(use.player, wanted, card, found is not None))


def _song_gain(work: Work, use: Use) -> None:
    """R9.8 gain N Song now (R10: an immediate gain stays below what the card cost)."""
    amount = use.ability.amount
    if use.cap is not None:
        amount = min(amount, use.cap)
    if amount > 0:
        work.add_song(use.player, amount)
        if work.log:
            work.events.append(SongGained(use.player, use.card, amount))


def _damage(work: Work, use: Use) -> None:
    """R9.9 deal N damage to a face-up target."""
    assert use.target is not None
    found = work.find(use.target)
    if found is None:
        return
    zi, card = found
    if isinstance(card, Predator) and not card.face_up:
        return
    hurt = attrs.evolve(card, damage=card.damage + use.ability.amount)
    work.replace(zi, hurt)
    if work.log:
        work.events.append(Damaged(use.player, use.card, card.uid, card.card, use.ability.amount))
    if hurt.damage >= hp_of(work.zones, zi, hurt):
        defeat(work, zi, hurt)


def _heal(work: Work, use: Use) -> None:
    """R9.9 remove N damage."""
    assert use.target is not None
    found = work.find(use.target)
    if found is None:
        return
    zi, card = found
    healed = min(card.damage, use.ability.amount)
    work.replace(zi, attrs.evolve(card, damage=card.damage - healed))
    if work.log:
        work.events.append(Healed(use.player, use.card, card.uid, card.card, healed))


def _move(work: Work, use: Use) -> None:
    """R9.10 move a target bird to another zone with room; it keeps its state."""
    assert use.target is not None and use.zone is not None
    found = work.find(use.target)
    if found is None:
        return
    zi, bird = found
    zj = ZONES.index(use.zone)
    if not isinstance(bird, Bird) or zj == zi or not has_room(work.zones[zj]):
        return
    work.remove(zi, bird.uid)
    work.add_bird(zj, bird)
    if work.log:
        work.events.append(BirdMoved(bird.owner, bird.uid, bird.card, ZONES[zi], use.zone))
    if not bird.nested:
        open_windows(work, zj, bird)  # R6.3 it enters roosting "by any effect"


def _season_shift(work: Work, use: Use) -> None:
    """R9.11 add or remove N turns, keeping 1..8 turns left."""
    w = work.wheel
    left = max(1, min(MAX_SEASON_TURNS, w.turns_left + use.ability.amount))
    work.wheel = Wheel(w.season, left, w.turns_played, w.checkpoints, w.sudden_death)
    if work.log:
        work.events.append(SeasonShifted(use.player, use.card, use.ability.amount, left))


def _untap(work: Work, use: Use) -> None:
    """R9.12 untap a bird (once per bird per turn)."""
    assert use.target is not None
    found = work.find(use.target)
    if found is None:
        return
    zi, bird = found
    if isinstance(bird, Bird) and bird.tapped and not bird.untapped:
        work.replace(zi, attrs.evolve(bird, tapped=False, untapped=True))
        if work.log:
            work.events.append(BirdUntapped(use.player, use.card, bird.uid, bird.card))


def _ready(work: Work, use: Use) -> None:
    """R9.12 let a predator hunt again this turn (once per predator per turn)."""
    assert use.target is not None
    found = work.find(use.target)
    if found is None:
        return
    zi, pred = found
    if isinstance(pred, Predator) and not pred.readied:
        work.replace(zi, attrs.evolve(pred, readied=True))
        if work.log:
            work.events.append(PredatorReadied(use.player, use.card, pred.uid, pred.card))


EFFECTS: Final[Mapping[Effect, Callable[[Work, Use], None]]] = MappingProxyType(
    {
        Effect.COST_MOD: _static,
        Effect.STAT_MOD: _static,
        Effect.HUNT_MOD: _static,
        Effect.CLAIM_MOD: _static,
        Effect.DRAW: _draw,
        Effect.DISCARD: _discard,
        Effect.SEARCH: _search,
        Effect.SONG_GAIN: _song_gain,
        Effect.DAMAGE: _damage,
        Effect.HEAL: _heal,
        Effect.MOVE: _move,
        Effect.SEASON_SHIFT: _season_shift,
        Effect.UNTAP: _untap,
        Effect.READY: _ready,
    }
)


# --- triggers ----------------------------------------------------------------------------

# Per card id and ability index: whether the ability targets a card (read once at import).
_TARGETED: Final[Mapping[str, tuple[bool, ...]]] = MappingProxyType(
    {card: tuple(a.effect in TARGETED_EFFECTS for a in group) for card, group in ABILITIES.items()}
)
_RESOLVERS: Final[Mapping[str, tuple[Callable[[Work, Use], None], ...]]] = MappingProxyType(
    {card: tuple(EFFECTS[a.effect] for a in group) for card, group in ABILITIES.items()}
)
_Abilities = tuple[tuple[int, Ability], ...]


def _triggered(trigger: Trigger) -> Mapping[str, _Abilities]:
    """Per card id, its abilities with that trigger and their index; cards without one are
    left out."""
    table: dict[str, _Abilities] = {}
    for card, group in ABILITIES.items():
        found = tuple((index, a) for index, a in enumerate(group) if a.trigger is trigger)
        if found:
            table[card] = found
    return MappingProxyType(table)


_ON_ENTER: Final = _triggered(Trigger.ON_ENTER)
_ON_TAP: Final = _triggered(Trigger.ON_TAP)
_ON_HUNT: Final = _triggered(Trigger.ON_HUNT)
_ON_DEFEAT: Final = _triggered(Trigger.ON_DEFEAT)
# Enum members as module names: 10% of a Rookery action (docs/performance.md)
_ON_PLAY_TRIGGER: Final = Trigger.ON_PLAY


def _fire(
    work: Work,
    abilities: list[tuple[int, Ability]],
    player: int,
    card: str,
    uid: int,
    cap: int | None = None,
) -> None:
    """Resolves abilities that already met their condition; targeted ones become decisions."""
    targeted = _TARGETED[card]
    resolvers = _RESOLVERS[card]
    for index, ability in abilities:
        if targeted[index]:
            # R8.3 a triggered ability's target is its owner's next decision, if any exists
            if targets(work.zones, player, ability):
                work.push(TargetChoice(player, uid, card, index))
            continue
        resolvers[index](work, Use(player, card, uid, ability, cap=cap))


def _ready_abilities(
    work: Work, zi: int, card: Bird | Predator, triggered: Mapping[str, _Abilities]
) -> list[tuple[int, Ability]]:
    """Returns the card's abilities in `triggered` whose condition holds, with their index."""
    abilities = triggered.get(card.card)
    if abilities is None:
        return []
    return [
        (index, ability)
        for index, ability in abilities
        if holds(work.zones, zi, card.card, card.owner, ability)
    ]


def on_enter(work: Work, zi: int, card: Bird | Predator, paid: int) -> None:
    """R9 on_enter: a bird nested or a predator played face up."""
    if card.card not in _ON_ENTER:  # most cards have none: no call
        return
    found = _ready_abilities(work, zi, card, _ON_ENTER)
    if found:
        _fire(work, found, card.owner, card.card, card.uid, cap=max(0, paid - 1))


def on_tap(work: Work, zi: int, bird: Bird) -> None:
    """R9 on_tap: after a bird taps for Song."""
    if bird.card not in _ON_TAP:  # most cards have none: no call
        return
    found = _ready_abilities(work, zi, bird, _ON_TAP)
    if found:
        _fire(work, found, bird.owner, bird.card, bird.uid)


def on_hunt(work: Work, zi: int, pred: Predator) -> None:
    """R9 on_hunt: after a predator's hunt resolves, hit or miss (DECISION)."""
    if pred.card not in _ON_HUNT:  # most cards have none: no call
        return
    found = _ready_abilities(work, zi, pred, _ON_HUNT)
    if found:
        _fire(work, found, pred.owner, pred.card, pred.uid)


def on_defeat(work: Work, found: list[tuple[int, Ability]], card: Bird | Predator) -> None:
    """R9 on_defeat: the defeated card's abilities, for its owner, once it is discarded."""
    _fire(work, found, card.owner, card.card, card.uid)


def on_play(
    work: Work, player: int, card: str, target: int | None, zone: Zone | None, paid: int
) -> None:
    """R9 on_play: an event's abilities in printed order, with the action's parameters."""
    resolvers = _RESOLVERS[card]
    for index, ability in enumerate(ABILITIES[card]):
        if ability.trigger is not _ON_PLAY_TRIGGER:
            continue
        use = Use(player, card, 0, ability, target, zone, cap=max(0, paid - 1))
        resolvers[index](work, use)


def resolve_choice(work: Work, choice: TargetChoice, target: int, zone: Zone | None) -> None:
    """Resolves a triggered ability whose target was just chosen."""
    ability = ABILITIES[choice.card][choice.ability]
    _RESOLVERS[choice.card][choice.ability](
        work, Use(choice.player, choice.card, choice.source, ability, target, zone)
    )


# --- leaving and entering ----------------------------------------------------------------


def defeat(work: Work, zi: int, card: Bird | Predator) -> None:
    """R6.4 R6.5 the card goes to its owner's discard pile; then its on_defeat abilities."""
    found = _ready_abilities(work, zi, card, _ON_DEFEAT)
    work.remove(zi, card.uid)
    work.to_discard(card.owner, card.card)
    if work.log:
        work.events.append(CardDefeated(card.owner, card.uid, card.card, ZONES[zi]))
    if found:
        on_defeat(work, found, card)


def _hp_floors() -> Mapping[str, int]:
    """Per bird and predator card, the least hp it can have in play."""
    # R6.4 R9.2 an hp bonus in the catalog only adds, so a card's hp (hp_of) is never below
    # its printed hp, nor below 1; were a bonus ever negative, 1 would be all that is known.
    adds = all(
        a.amount >= 0
        for group in STATIC.values()
        for a in group
        if a.effect is Effect.STAT_MOD and a.stat is Stat.HP
    )
    printed = {card: bird.hp for card, bird in BIRDS.items()}
    printed.update((card, pred.hp) for card, pred in PREDATORS.items())
    return MappingProxyType({card: max(1, hp) if adds else 1 for card, hp in printed.items()})


_HP_FLOOR: Final = _hp_floors()


def at_risk(zones: Sequence[ZoneState]) -> bool:
    """Whether a card in play has damage reaching the least hp it can have: without one,
    `sweep` defeats nothing. The usual answer, no, in one plain loop."""
    floor = _HP_FLOOR
    for zone in zones:
        for bird in zone.birds:
            if bird.damage and bird.damage >= floor[bird.card]:
                return True
        for pred in zone.predators:
            if pred.damage and pred.damage >= floor[pred.card]:
                return True
    return False


def sweep(work: Work) -> None:
    """Defeats every card whose damage reached its hp (an hp bonus may have gone)."""
    while True:
        found = _doomed(work.zones)
        if found is None:
            return
        zi, card = found
        defeat(work, zi, card)


def _doomed(zones: Sequence[ZoneState]) -> tuple[int, Bird | Predator] | None:
    """Returns the first card in field order whose damage reached its hp, and its zone."""
    # hp_of only for damage that reaches the card's least hp: below it, hp_of is larger still
    floor = _HP_FLOOR
    for zi, zone in enumerate(zones):
        for b in zone.birds:
            if b.damage and b.damage >= floor[b.card] and b.damage >= hp_of(zones, zi, b):
                return zi, b
        for q in zone.predators:
            if q.damage and q.damage >= floor[q.card] and q.damage >= hp_of(zones, zi, q):
                return zi, q
    return None


def open_windows(work: Work, zi: int, bird: Bird) -> None:
    """R6.3 one ambush decision per opposing face-down predator in the zone, in play order."""
    for pred in work.zones[zi].predators:
        if not pred.face_up and pred.owner != bird.owner:
            work.push(AmbushWindow(pred.owner, pred.uid, bird.uid))
