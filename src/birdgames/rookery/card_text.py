"""Each Rookery card's rules text, written from its catalog data (R9, R10).

The text is generated, never typed by hand, so what a card says and what the engine does
cannot drift apart: a change to a card's data changes its text with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, assert_never

from birdgames.rookery.abilities import LENGTHENING, MAX_SEASON_TURNS
from birdgames.rookery.cards import (
    CATALOG,
    Ability,
    BirdCard,
    Card,
    CardType,
    Condition,
    Effect,
    EventCard,
    HabitatCard,
    Mode,
    PredatorCard,
    Scope,
    SeasonCard,
    Stat,
    Trigger,
)

_TRIGGERS: Final[Mapping[Trigger, str]] = MappingProxyType(
    {
        Trigger.ON_ENTER: "When it enters play",
        Trigger.ON_TAP: "When tapped",
        Trigger.ON_HUNT: "When it hunts",
        Trigger.ON_DEFEAT: "When defeated",
    }
)
_CONDITIONS: Final[Mapping[Condition, str]] = MappingProxyType(
    {Condition.AT_HOME: "at home", Condition.IN_FLOCK: "in a flock"}
)
_STAT_NAMES: Final[Mapping[Stat, str]] = MappingProxyType(
    {
        Stat.EVASION: "Evasion",
        Stat.HP: "HP",
        Stat.SONG: "Song",
        Stat.THREAT: "Threat",
        Stat.STEALTH: "Stealth",
    }
)
_TYPE_NAMES: Final[Mapping[CardType, str]] = MappingProxyType(
    {
        CardType.BIRD: "bird",
        CardType.PREDATOR: "predator",
        CardType.EVENT: "event",
        CardType.SEASON: "Season card",
        CardType.HABITAT: "habitat card",
    }
)


def _cards(amount: int, what: str = "card") -> str:
    return f"{amount} {what}" if amount == 1 else f"{amount} {what}s"


def _kind_of_card(ability: Ability) -> str:
    """`your Shore birds`, `your events`, `your cards`."""
    kind = "card" if ability.card_type is None else _TYPE_NAMES[ability.card_type]
    habitat = "" if ability.habitat is None else f"{ability.habitat.value.capitalize()} "
    return f"your {habitat}{kind}s"


def _effect(ability: Ability, card: Card) -> str:
    """What the ability does, as a clause without its trigger or condition."""
    n = ability.amount
    match ability.effect:
        case Effect.COST_MOD:  # R9.1
            return f"{_kind_of_card(ability)} cost {n} Song less (never below 1)"
        case Effect.STAT_MOD:  # R9.2
            assert ability.stat is not None
            stat = _STAT_NAMES[ability.stat]
            if ability.scope is Scope.ZONE:
                return f"your birds in its zone get +{n} {stat}"
            return f"+{n} {stat}"
        case Effect.HUNT_MOD:  # R9.3
            return _hunt_mod(ability)
        case Effect.CLAIM_MOD:  # R9.4
            if ability.mode is Mode.COUNT_AS:
                return f"counts as {n} birds for control"
            return "makes a claim by itself"
        case Effect.DRAW:  # R9.5
            return f"draw {_cards(n)}"
        case Effect.DISCARD:  # R9.6
            if ability.mode is Mode.FOR_EFFECT:
                return "discard another card of your hand"
            return "your opponent discards a card of their choice"
        case Effect.SEARCH:  # R9.7
            kind = "card" if ability.card_type is None else _TYPE_NAMES[ability.card_type]
            return f"take the first {kind} of your deck into your hand, then shuffle your deck"
        case Effect.SONG_GAIN:  # R9.8
            return f"gain {n} Song"
        case Effect.DAMAGE:  # R9.9
            return f"deal {n} damage to an opposing face-up card"
        case Effect.HEAL:  # R9.9
            return f"remove {n} damage from one of your face-up cards"
        case Effect.MOVE:  # R9.10
            return "move a bird to another zone with room"
        case Effect.SEASON_SHIFT:  # R9.11 R7.2
            return _season_shift(ability, card)
        case Effect.UNTAP:  # R9.12
            return "untap one of your tapped birds (once per bird a turn)"
        case Effect.READY:  # R9.12
            return "one of your predators that hunted may hunt once more this turn"
        case _:
            assert_never(ability.effect)


def _hunt_mod(ability: Ability) -> str:
    match ability.mode:
        case Mode.IGNORE_FLOCK:
            return "its hunts ignore the flock bonus"
        case Mode.HUNT_TWICE:
            return "hunts twice a turn"
        case Mode.HABITAT_THREAT:
            assert ability.habitat is not None
            habitat = ability.habitat.value.capitalize()
            return f"+{ability.amount} Threat when it hunts in a {habitat} zone"
        case Mode.IGNORE_EXPOSED:
            return "never Exposed"
        case _:
            raise ValueError(f"hunt_mod has no mode {ability.mode}")


def _season_shift(ability: Ability, card: Card) -> str:
    n = ability.amount
    if n < 0:
        return f"remove {_cards(-n, 'turn')} from the current season (at least 1 stays)"
    text = f"add {_cards(n, 'turn')} to the current season"
    if card.id in LENGTHENING:
        text += (
            f"; cannot be played if the season would then last more than {MAX_SEASON_TURNS} turns"
        )
    return text


def _ability_sentence(ability: Ability, card: Card) -> str:
    clause = _effect(ability, card)
    condition = _CONDITIONS.get(ability.condition)
    if ability.trigger is Trigger.STATIC:
        if condition is None:
            return f"{clause[0].upper()}{clause[1:]}."
        return f"While {condition}: {clause}."
    if ability.trigger is Trigger.ON_PLAY:
        return f"{clause[0].upper()}{clause[1:]}."
    when = _TRIGGERS[ability.trigger]
    if condition is not None:
        when = f"{when}, if {condition}"
    return f"{when}: {clause}."


def _text(card: Card) -> str:
    match card:
        case BirdCard() | PredatorCard():
            return " ".join(_ability_sentence(a, card) for a in card.abilities)
        case EventCard():
            sentences = [_ability_sentence(a, card) for a in card.abilities]
            if len(sentences) == 2 and card.abilities[0].mode is Mode.FOR_EFFECT:
                # R9.6 the discard pays for the card's other effect.
                return f"{sentences[0][:-1]}, then {sentences[1][0].lower()}{sentences[1][1:]}"
            return " ".join(sentences)
        case SeasonCard():  # R7.3
            season = card.season.value.capitalize()
            return (
                f"The wheel turns now: a checkpoint, then {season} for "
                f"{_cards(card.duration, 'turn')}, counted from the next turn."
            )
        case HabitatCard():  # R5
            habitat = card.habitat.value.capitalize()
            return (
                f"Goes on a zone's flip pile. As the third card there, it turns the zone to "
                f"{habitat}: the pile is discarded, and so is every bird there not native to "
                f"{habitat}."
            )
        case _:
            assert_never(card)


CARD_TEXT: Final[Mapping[str, str]] = MappingProxyType(
    {card_id: _text(card) for card_id, card in CATALOG.items()}
)
"""Every catalog card's rules text, by id; empty for a card without abilities."""


def card_text(card: str) -> str:
    """Returns a catalog card's rules text, written from its data (`""` if it has none)."""
    return CARD_TEXT[card]
