"""Words for Rookery: display names, actions and events as sentences, a view as text.

Everything here reads the viewer's View, never the State, so it tells no more than the
viewer may see: a face-down predator of another player stays "a face-down predator".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final, assert_never

from birdgames.core import ScoreLine, UnknownIdError, settle_breakdown
from birdgames.phrases import a, count
from birdgames.rookery.actions import (
    Action,
    Ambush,
    ChooseTarget,
    DiscardCard,
    DraftHabitat,
    EndTurn,
    Hunt,
    Mob,
    MoveBird,
    NestBird,
    PassAmbush,
    PlayEvent,
    PlayHabitat,
    PlayPredator,
    PlaySeason,
    TapBird,
)
from birdgames.rookery.card_text import CARD_TEXT
from birdgames.rookery.cards import (
    CATALOG,
    SEASON_CARDS,
    BirdCard,
    Card,
    EventCard,
    Habitat,
    HabitatCard,
    PredatorCard,
    Season,
    SeasonCard,
    Trait,
)
from birdgames.rookery.events import (
    AmbushPassed,
    BirdMoved,
    BirdNested,
    BirdTapped,
    BirdUntapped,
    CardDefeated,
    CardDiscarded,
    CardDrawn,
    CardSearched,
    CheckpointHeld,
    Damaged,
    DeckReshuffled,
    Event,
    EventPlayed,
    GameEnded,
    HabitatDrafted,
    HabitatPlayed,
    Healed,
    HuntResolved,
    MobResolved,
    PredatorPlayed,
    PredatorReadied,
    PredatorRevealed,
    SeasonCardPlayed,
    SeasonShifted,
    SeasonStarted,
    SongGained,
    TurnEnded,
    TurnStarted,
    ZoneFlipped,
)
from birdgames.rookery.flow import YEAR_CHECKPOINTS
from birdgames.rookery.state import AmbushWindow, DiscardChoice, Pending, TargetChoice, Zone
from birdgames.rookery.view import PredatorView, View, ZoneView

# Names that title case alone would get wrong.
_SPECIAL_NAMES: Final[Mapping[str, str]] = MappingProxyType({})


def _title(card_id: str) -> str:
    return " ".join(word.capitalize() for word in card_id.split("_"))


CARD_NAMES: Final[Mapping[str, str]] = MappingProxyType(
    {card_id: _SPECIAL_NAMES.get(card_id, _title(card_id)) for card_id in CATALOG}
)
"""The display name of every catalog card, by id."""


def card_name(card: str) -> str:
    """Returns the display name of a catalog card (`"harvest_moon"`: `"Harvest Moon"`)."""
    return CARD_NAMES.get(card, _title(card))


def _habitat(habitat: Habitat | None) -> str:
    return "no habitat yet" if habitat is None else habitat.value.capitalize()


def _season(season: Season) -> str:
    return season.value.capitalize()


def _zone_view(view: View, zone: Zone) -> ZoneView:
    return next(z for z in view.zones if z.zone is zone)


def _zone(view: View, zone: Zone) -> str:
    """Returns `the left zone (Forest)`."""
    return f"the {zone.value} zone ({_habitat(_zone_view(view, zone).habitat)})"


def _predator_name(predator: PredatorView) -> str:
    if predator.card is None:
        return f"a face-down predator (#{predator.uid})"
    return f"{card_name(predator.card)} (#{predator.uid})"


def _find(view: View, uid: int) -> tuple[str, Zone] | None:
    """Returns how the viewer names the card in play with this uid, and its zone."""
    for zone in view.zones:
        for bird in zone.birds:
            if bird.uid == uid:
                return f"{card_name(bird.card)} (#{uid})", zone.zone
        for predator in zone.predators:
            if predator.uid == uid:
                return _predator_name(predator), zone.zone
    return None


def _card(view: View, uid: int, known: str | None = None) -> str:
    """Returns `Coot (#14)`: a card in play named as the viewer sees it."""
    found = _find(view, uid)
    if found is not None:
        return found[0]
    if known is not None:
        return f"{card_name(known)} (#{uid})"
    return f"a card no longer in play (#{uid})"


def _card_in(view: View, uid: int) -> str:
    """Returns `Coot (#14) in the left zone (Wetland)`."""
    found = _find(view, uid)
    if found is None:
        return _card(view, uid)
    return f"{found[0]} in {_zone(view, found[1])}"


def describe_action(view: View, action: Action) -> str:
    """Returns the action as the reader of `view` would say it, naming cards and zones."""
    who = f"p{action.player}"
    match action:
        case DraftHabitat():
            return f"{who} drafts {_habitat(action.habitat)} for the {action.zone.value} zone"
        case TapBird():
            return f"{who} taps {_card_in(view, action.bird)} for Song"
        case NestBird():
            return f"{who} nests {card_name(action.card)} in {_zone(view, action.zone)}"
        case MoveBird():
            return f"{who} moves {_card_in(view, action.bird)} to {_zone(view, action.zone)}"
        case PlayPredator():
            side = "face up" if action.face_up else "face down"
            return f"{who} plays {card_name(action.card)} {side} in {_zone(view, action.zone)}"
        case Hunt():
            return f"{who}'s {_card(view, action.predator)} hunts {_card_in(view, action.target)}"
        case Mob():
            return f"{who}'s flock mobs {_card_in(view, action.predator)}"
        case PlayEvent():
            text = f"{who} plays {card_name(action.card)}"
            if action.discard is not None:
                text += f", discarding {card_name(action.discard)}"
            if action.target is not None:
                text += f", on {_card_in(view, action.target)}"
            if action.zone is not None:
                text += f", to {_zone(view, action.zone)}"
            return text
        case PlaySeason():
            card = SEASON_CARDS.get(action.card)
            detail = (
                f" ({_season(card.season)} for {count(card.duration, 'turn')})"
                if card is not None
                else ""
            )
            return f"{who} plays the Season card {card_name(action.card)}{detail}"
        case PlayHabitat():
            return (
                f"{who} plays {card_name(action.card)} on the flip pile of "
                f"{_zone(view, action.zone)}"
            )
        case EndTurn():
            return f"{who} ends the turn"
        case Ambush():
            target = ""
            if isinstance(view.decision, AmbushWindow):
                target = f" and ambushes {_card(view, view.decision.target)}"
            return f"{who} reveals {_card_in(view, action.predator)}{target}"
        case PassAmbush():
            return f"{who} lets {_card(view, action.predator)} lie in wait"
        case DiscardCard():
            return f"{who} discards {card_name(action.card)}"
        case ChooseTarget():
            where = f", to {_zone(view, action.zone)}" if action.zone is not None else ""
            return f"{who} targets {_card_in(view, action.target)}{where}"
        case _:
            assert_never(action)


def describe_event(view: View, event: Event) -> str:
    """Returns one event (as `visible_events` gave it to this viewer) as a sentence."""
    match event:
        case HabitatDrafted():
            return (
                f"p{event.player} drafts {_habitat(event.habitat)} for the {event.zone.value} zone"
            )
        case TurnStarted():
            return (
                f"turn {event.turn}: p{event.player}'s dawn in {_season(event.season)} "
                f"({count(event.turns_left, 'turn')} left), the dawn chorus gives {event.song} Song"
            )
        case CardDrawn():
            drawn = card_name(event.card) if event.card is not None else "a card"
            return f"p{event.player} draws {drawn}"
        case DeckReshuffled():
            return (
                f"p{event.player} shuffles their discard pile ({event.cards} cards) into a new deck"
            )
        case BirdNested():
            return (
                f"p{event.player} nests {card_name(event.card)} (#{event.uid}) in "
                f"{_zone(view, event.zone)} for {event.cost} Song (roosting)"
            )
        case BirdTapped():
            return (
                f"p{event.player} taps {card_name(event.card)} (#{event.uid}) for {event.song} Song"
            )
        case BirdMoved():
            return (
                f"p{event.player}'s {card_name(event.card)} (#{event.uid}) moves from the "
                f"{event.source.value} zone to {_zone(view, event.zone)}"
            )
        case PredatorPlayed():
            if event.face_up and event.card is not None:
                return (
                    f"p{event.player} plays {card_name(event.card)} (#{event.uid}) face up "
                    f"in {_zone(view, event.zone)} for {event.cost} Song"
                )
            name = (
                f"{card_name(event.card)} (#{event.uid})"
                if event.card is not None
                else f"a face-down predator (#{event.uid})"
            )
            return (
                f"p{event.player} plays {name} face down in {_zone(view, event.zone)} "
                f"for {event.cost} Song"
            )
        case PredatorRevealed():
            return (
                f"p{event.player} reveals {card_name(event.card)} (#{event.uid}) in "
                f"{_zone(view, event.zone)}: ambush!"
            )
        case AmbushPassed():
            return f"p{event.player} lets {_card(view, event.uid)} lie in wait"
        case HuntResolved():
            head = (
                f"p{event.player}'s {card_name(event.predator_card)} (#{event.predator}) "
                f"hunts {card_name(event.target_card)} (#{event.target}) in the "
                f"{event.zone.value} zone: threat {event.threat} against evasion {event.evasion}"
            )
            return f"{head}, {event.damage} damage" if event.damage else f"{head}, it fails"
        case MobResolved():
            head = (
                f"p{event.player}'s flock mobs {card_name(event.predator_card)} "
                f"(#{event.predator}) in the {event.zone.value} zone: evasion {event.evasion} "
                f"against stealth {event.stealth}"
            )
            return f"{head}, {event.damage} damage" if event.damage else f"{head}, it fails"
        case CardDefeated():
            return (
                f"p{event.player}'s {card_name(event.card)} (#{event.uid}) is defeated in the "
                f"{event.zone.value} zone and goes to the discard pile"
            )
        case EventPlayed():
            return f"p{event.player} plays the event {card_name(event.card)} for {event.cost} Song"
        case SeasonCardPlayed():
            return (
                f"p{event.player} plays {card_name(event.card)} for {event.cost} Song: the "
                f"wheel turns to {_season(event.season)} for {count(event.duration, 'turn')}"
            )
        case HabitatPlayed():
            return (
                f"p{event.player} plays {card_name(event.card)} on the flip pile of "
                f"{_zone(view, event.zone)} for {event.cost} Song ({event.pile} of 3)"
            )
        case ZoneFlipped():
            lost = (
                ", ".join(f"p{c.owner}'s {card_name(c.card)}" for c in event.discarded)
                or "no birds"
            )
            return (
                f"the {event.zone.value} zone flips to {_habitat(event.habitat)}; discarded: {lost}"
            )
        case CardDiscarded():
            return f"p{event.player} discards {card_name(event.card)} from their hand"
        case CardSearched():
            kind = event.card_type.value
            if not event.found:
                return f"p{event.player} searches their deck for {a(kind)} card and finds none"
            name = card_name(event.card) if event.card is not None else f"{a(kind)} card"
            return f"p{event.player} searches their deck, takes {name} and shuffles"
        case SongGained():
            return f"p{event.player} gains {event.amount} Song from {card_name(event.card)}"
        case Damaged():
            return (
                f"p{event.player}'s {card_name(event.source)} deals {event.amount} damage to "
                f"{card_name(event.target_card)} (#{event.target})"
            )
        case Healed():
            return (
                f"p{event.player}'s {card_name(event.source)} removes {event.amount} damage "
                f"from {card_name(event.target_card)} (#{event.target})"
            )
        case BirdUntapped():
            return (
                f"p{event.player}'s {card_name(event.source)} untaps "
                f"{card_name(event.target_card)} (#{event.target})"
            )
        case PredatorReadied():
            return (
                f"p{event.player}'s {card_name(event.source)} lets "
                f"{card_name(event.target_card)} (#{event.target}) hunt again this turn"
            )
        case SeasonShifted():
            return (
                f"p{event.player}'s {card_name(event.source)} shifts the season by "
                f"{event.amount:+d}: {count(event.turns_left, 'turn')} left"
            )
        case TurnEnded():
            return (
                f"p{event.player} ends the turn ({event.song_lost} Song lost, "
                f"{count(event.turns_left, 'turn')} left in the season)"
            )
        case CheckpointHeld():
            control = ", ".join(
                f"{zone.value} {'nobody' if c is None else f'p{c}'}"
                for zone, c in zip((Zone.LEFT, Zone.MIDDLE, Zone.RIGHT), event.zones, strict=True)
            )
            who = "nobody leads" if event.leader is None else f"p{event.leader} claims a Prize"
            return (
                f"checkpoint {event.number} ({control}): {who}; "
                f"Prizes p0 {event.prizes[0]}, p1 {event.prizes[1]}"
            )
        case SeasonStarted():
            return f"{_season(event.season)} begins ({count(event.turns_left, 'turn')})"
        case GameEnded():
            who = f"p{event.winners[0]} wins" if len(event.winners) == 1 else "a draw"
            return f"the game is over: {who} (Prizes p0 {event.prizes[0]}, p1 {event.prizes[1]})"
        case _:
            assert_never(event)


def describe_decision(view: View, decision: Pending) -> str:
    """Returns what a pending decision asks of the player to act."""
    who = f"p{decision.player}"
    match decision:
        case AmbushWindow():
            return (
                f"{who} may ambush {_card_in(view, decision.target)} with "
                f"{_card(view, decision.predator)}, or let it pass"
            )
        case DiscardChoice():
            return f"{who} chooses a card to discard for {card_name(decision.source)}"
        case TargetChoice():
            return f"{who} chooses the target of {card_name(decision.card)}'s ability"
        case _:
            assert_never(decision)


def _bird_line(view: View, zone: ZoneView) -> list[str]:
    lines: list[str] = []
    for bird in zone.birds:
        marks = ["nested" if bird.nested else "roosting"]
        if bird.tapped:
            marks.append("tapped")
        if bird.damage:
            marks.append(f"{bird.damage} damage")
        lines.append(f"    p{bird.owner} {card_name(bird.card)} (#{bird.uid}): {', '.join(marks)}")
    for predator in zone.predators:
        marks = ["face up" if predator.face_up else "face down"]
        if predator.damage:
            marks.append(f"{predator.damage} damage")
        lines.append(f"    p{predator.owner} {_predator_name(predator)}: {', '.join(marks)}")
    return lines


def render(view: View) -> str:
    """Returns the table as the viewer sees it: wheel, zones, sides, own hand, scores."""
    seat = "a spectator" if view.player is None else f"p{view.player}"
    lines = [
        f"Rookery, seen by {seat}: {view.phase.value}, turn {view.turn_number}, "
        f"{_season(view.season)} ({count(view.turns_left, 'turn')} left), "
        f"{count(view.checkpoints, 'checkpoint')} held",
    ]
    for zone in view.zones:
        held = "nobody" if zone.controller is None else f"p{zone.controller}"
        pile = ", ".join(f"p{c.owner}'s {card_name(c.card)}" for c in zone.pile) or "empty"
        lines.append(
            f"  {zone.zone.value} zone ({_habitat(zone.habitat)}), held by {held}; "
            f"flip pile: {pile}"
        )
        lines.extend(_bird_line(view, zone))
    for i, side in enumerate(view.seats):
        lines.append(
            f"  p{i}: {count(side.prizes, 'Prize')}, {side.song} Song, "
            f"{count(side.hand_size, 'card')} in hand, "
            f"{side.deck_size} in deck, discard pile: "
            f"{', '.join(card_name(c) for c in side.discard) or 'empty'}"
        )
    if view.player is not None:
        hand = ", ".join(card_name(c) for c in view.hand) or "empty"
        lines.append(f"  your hand: {hand}")
    lines.append(_scores(view))
    if view.decision is not None:
        lines.append(f"waiting: {describe_decision(view, view.decision)}")
    elif view.to_act:
        lines.append(f"to act: {', '.join(f'p{p}' for p in view.to_act)}")
    return "\n".join(lines)


def _scores(view: View) -> str:
    scores = ", ".join(f"p{i} {s}" for i, s in enumerate(view.scores))
    if view.is_terminal:
        won = ", ".join(f"p{w}" for w in view.winners) or "nobody"
        return f"game over, Prizes: {scores}; won by {won}"
    return f"Prizes: {scores}"


_TRAIT_ORDER: Final = (
    Trait.TERRITORIAL,
    Trait.KEYSTONE,
    Trait.MIGRATORY,
    Trait.UNIQUE,
    Trait.UNCONTESTABLE,
)


def _card_rules(card: Card) -> str:
    """Returns a card's printed numbers and kind as a sentence; its abilities follow."""
    name = card_name(card.id)
    match card:
        case BirdCard():
            traits = ", ".join(t.value.capitalize() for t in _TRAIT_ORDER if t in card.traits)
            return (
                f"{name}: a bird costing {card.cost} Song; Song {card.song} / Evasion "
                f"{card.evasion} / HP {card.hp}, native to {card.habitat.value.capitalize()}"
                f"{f'; {traits}' if traits else ''} (R3)."
            )
        case PredatorCard():
            return (
                f"{name}: a predator costing {card.cost} Song; Threat {card.threat} / Stealth "
                f"{card.stealth} / HP {card.hp}; played face up or face down (R6)."
            )
        case EventCard():
            return f"{name}: a {card.event_kind.value} event costing {card.cost} Song (R8)."
        case SeasonCard():
            return f"{name}: a Season card costing {card.cost} Song (R7.3)."
        case HabitatCard():
            return f"{name}: a habitat card (R5)."
        case _:
            assert_never(card)


RULES_TEXT: Final[Mapping[str, str]] = MappingProxyType(
    {
        card_id: " ".join(part for part in (_card_rules(card), CARD_TEXT[card_id]) if part)
        for card_id, card in CATALOG.items()
    }
)
"""What every catalog card is and does, in words, by id."""


def rules_text(card: str) -> str:
    """Returns what a catalog card is and does: its numbers, traits and abilities."""
    text = RULES_TEXT.get(card)
    if text is None:
        raise UnknownIdError(f"{card!r} is no Rookery card")
    return text


_ZONE_ORDER: Final = (Zone.LEFT, Zone.MIDDLE, Zone.RIGHT)


def _zone_list(zones: Sequence[Zone]) -> str:
    names = [z.value for z in zones]
    if len(names) == 1:
        return f"the {names[0]} zone"
    return f"the {', '.join(names[:-1])} and {names[-1]} zones"


def _prize_line(event: CheckpointHeld, season_card: str | None) -> ScoreLine:
    assert event.leader is not None
    leader = event.leader
    held = [z for z, c in zip(_ZONE_ORDER, event.zones, strict=True) if c == leader]
    others = [z for z, c in zip(_ZONE_ORDER, event.zones, strict=True) if c == 1 - leader]
    against = f" against {_zone_list(others)}" if others else ""
    how = f", the wheel turned by {card_name(season_card)}" if season_card else ""
    sudden = event.number > YEAR_CHECKPOINTS
    return ScoreLine(
        leader,
        1,
        f"Prize at checkpoint {event.number}{' (sudden death)' if sudden else ''}{how}: "
        f"zone leader with {_zone_list(held)}{against}",
        "R7.5" if sudden else "R7.4",
    )


def score_breakdown(view: View, history: Sequence[Event] = ()) -> tuple[ScoreLine, ...]:
    """Returns each seat's Prizes, one line per Prize the `CheckpointHeld` events of
    `history` say how it was won (R7.4, R7.6)."""
    lines: list[ScoreLine] = []
    season_card: str | None = None
    for event in history:
        if isinstance(event, SeasonCardPlayed):
            season_card = event.card
        elif isinstance(event, CheckpointHeld):
            if event.leader is not None:
                lines.append(_prize_line(event, season_card))
            season_card = None
        elif isinstance(event, TurnEnded):
            season_card = None
    return settle_breakdown(view.scores, lines, "Prizes won at checkpoints", "R7.4")


class RookeryWords:
    """Rookery's words as one object (a `birdgames.Words`), for generic code."""

    def card_name(self, card: str) -> str:
        """Returns the display name of a catalog card."""
        return card_name(card)

    def describe_action(self, view: View, action: Action) -> str:
        """Returns the action as a sentence naming its cards and zones."""
        return describe_action(view, action)

    def describe_event(self, view: View, event: Event) -> str:
        """Returns the event as a sentence for the reader of `view`."""
        return describe_event(view, event)

    def render(self, view: View) -> str:
        """Returns the table as text."""
        return render(view)

    def score_breakdown(self, view: View, history: Sequence[Event] = ()) -> tuple[ScoreLine, ...]:
        """Returns each seat's Prizes and how each was won."""
        return score_breakdown(view, history)

    def rules_text(self, card: str) -> str:
        """Returns what a card is and does."""
        return rules_text(card)


WORDS: Final = RookeryWords()
