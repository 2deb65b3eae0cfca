"""What `step` reports, omniscient; `visible_events` blanks what a player may not know."""

from __future__ import annotations

from typing import ClassVar, TypeAlias

import attrs

from birdgames.rookery.cards import CardType, Habitat, Season
from birdgames.rookery.state import PileCard, Zone


@attrs.frozen
class HabitatDrafted:
    kind: ClassVar[str] = "rookery.habitat_drafted"

    player: int
    zone: Zone
    habitat: Habitat

    def __str__(self) -> str:
        return f"p{self.player} drafts {self.habitat.value} for the {self.zone.value} zone"


@attrs.frozen
class TurnBegan:
    kind: ClassVar[str] = "rookery.turn_began"

    player: int
    turn: int
    season: Season
    turns_left: int
    song: int

    def __str__(self) -> str:
        return (
            f"turn {self.turn}: p{self.player}'s dawn in {self.season.value} "
            f"({self.turns_left} turns left), dawn chorus {self.song} song"
        )


@attrs.frozen
class CardDrawn:
    kind: ClassVar[str] = "rookery.card_drawn"

    player: int
    card: str | None  # None: hidden from this reader

    def __str__(self) -> str:
        return f"p{self.player} draws {self.card or 'a card'}"


@attrs.frozen
class DeckReshuffled:
    kind: ClassVar[str] = "rookery.deck_reshuffled"

    player: int
    cards: int

    def __str__(self) -> str:
        return f"p{self.player} shuffles their discard pile ({self.cards} cards) into a new deck"


@attrs.frozen
class BirdNested:
    kind: ClassVar[str] = "rookery.bird_nested"

    player: int
    uid: int
    card: str
    zone: Zone
    cost: int

    def __str__(self) -> str:
        return (
            f"p{self.player} nests {self.card} #{self.uid} in {self.zone.value} "
            f"for {self.cost} song (roosting)"
        )


@attrs.frozen
class BirdTapped:
    kind: ClassVar[str] = "rookery.bird_tapped"

    player: int
    uid: int
    card: str
    song: int

    def __str__(self) -> str:
        return f"p{self.player} taps {self.card} #{self.uid} for {self.song} song"


@attrs.frozen
class BirdMoved:
    kind: ClassVar[str] = "rookery.bird_moved"

    player: int  # the bird's owner
    uid: int
    card: str
    source: Zone
    zone: Zone

    def __str__(self) -> str:
        return (
            f"p{self.player}'s {self.card} #{self.uid} moves from {self.source.value} "
            f"to {self.zone.value}"
        )


@attrs.frozen
class PredatorPlayed:
    kind: ClassVar[str] = "rookery.predator_played"

    player: int
    uid: int
    card: str | None  # None: a face-down card the reader may not identify
    zone: Zone
    face_up: bool
    cost: int

    def __str__(self) -> str:
        if self.face_up:
            return f"p{self.player} plays {self.card} #{self.uid} face up in {self.zone.value}"
        name = self.card if self.card is not None else "a face-down card"
        return f"p{self.player} plays {name} #{self.uid} face down in {self.zone.value}"


@attrs.frozen
class PredatorRevealed:
    kind: ClassVar[str] = "rookery.predator_revealed"

    player: int
    uid: int
    card: str
    zone: Zone

    def __str__(self) -> str:
        return f"p{self.player} reveals {self.card} #{self.uid} in {self.zone.value}: ambush!"


@attrs.frozen
class AmbushPassed:
    kind: ClassVar[str] = "rookery.ambush_passed"

    player: int
    uid: int

    def __str__(self) -> str:
        return f"p{self.player} lets face-down card #{self.uid} lie in wait"


@attrs.frozen
class HuntResolved:
    kind: ClassVar[str] = "rookery.hunt_resolved"

    player: int
    predator: int
    predator_card: str
    target: int
    target_card: str
    zone: Zone
    threat: int
    evasion: int
    damage: int  # 0: the hunt failed

    def __str__(self) -> str:
        head = (
            f"p{self.player}'s {self.predator_card} #{self.predator} hunts {self.target_card} "
            f"#{self.target} in {self.zone.value}: threat {self.threat} vs evasion {self.evasion}"
        )
        if self.damage:
            return f"{head}, {self.damage} damage"
        return f"{head}, the hunt fails"


@attrs.frozen
class MobResolved:
    kind: ClassVar[str] = "rookery.mob_resolved"

    player: int
    predator: int
    predator_card: str
    zone: Zone
    evasion: int
    stealth: int
    damage: int  # 0: the mob failed

    def __str__(self) -> str:
        head = (
            f"p{self.player}'s flock mobs {self.predator_card} #{self.predator} in "
            f"{self.zone.value}: evasion {self.evasion} vs stealth {self.stealth}"
        )
        if self.damage:
            return f"{head}, {self.damage} damage"
        return f"{head}, the mob fails"


@attrs.frozen
class CardDefeated:
    kind: ClassVar[str] = "rookery.card_defeated"

    player: int  # the owner
    uid: int
    card: str
    zone: Zone

    def __str__(self) -> str:
        return (
            f"p{self.player}'s {self.card} #{self.uid} in {self.zone.value} is defeated "
            f"and goes to the discard pile"
        )


@attrs.frozen
class EventPlayed:
    kind: ClassVar[str] = "rookery.event_played"

    player: int
    card: str
    cost: int

    def __str__(self) -> str:
        return f"p{self.player} plays the event {self.card} for {self.cost} song"


@attrs.frozen
class SeasonCardPlayed:
    kind: ClassVar[str] = "rookery.season_card_played"

    player: int
    card: str
    season: Season
    duration: int
    cost: int

    def __str__(self) -> str:
        return (
            f"p{self.player} plays {self.card} for {self.cost} song: the wheel turns to "
            f"{self.season.value} for {self.duration} turns"
        )


@attrs.frozen
class HabitatPlayed:
    kind: ClassVar[str] = "rookery.habitat_played"

    player: int
    card: str
    zone: Zone
    cost: int
    pile: int

    def __str__(self) -> str:
        return (
            f"p{self.player} plays {self.card} on {self.zone.value} for {self.cost} song "
            f"({self.pile}/3 on the pile)"
        )


@attrs.frozen
class ZoneFlipped:
    kind: ClassVar[str] = "rookery.zone_flipped"

    zone: Zone
    habitat: Habitat
    discarded: tuple[PileCard, ...]  # the birds that left, with their owners

    def __str__(self) -> str:
        lost = ", ".join(f"p{c.owner}'s {c.card}" for c in self.discarded) or "no birds"
        return f"the {self.zone.value} zone flips to {self.habitat.value}; discarded: {lost}"


@attrs.frozen
class CardDiscarded:
    kind: ClassVar[str] = "rookery.card_discarded"

    player: int
    card: str

    def __str__(self) -> str:
        return f"p{self.player} discards {self.card} from hand"


@attrs.frozen
class CardSearched:
    kind: ClassVar[str] = "rookery.card_searched"

    player: int
    card_type: CardType
    card: str | None  # None: nothing found, or hidden from this reader
    found: bool

    def __str__(self) -> str:
        if not self.found:
            return f"p{self.player} searches for a {self.card_type.value} card and finds none"
        name = self.card or f"a {self.card_type.value} card"
        return f"p{self.player} searches their deck and takes {name}, then shuffles"


@attrs.frozen
class SongGained:
    kind: ClassVar[str] = "rookery.song_gained"

    player: int
    card: str
    amount: int

    def __str__(self) -> str:
        return f"p{self.player} gains {self.amount} song from {self.card}"


@attrs.frozen
class Damaged:
    kind: ClassVar[str] = "rookery.damaged"

    player: int
    source: str
    target: int
    target_card: str
    amount: int

    def __str__(self) -> str:
        return (
            f"p{self.player}'s {self.source} deals {self.amount} damage to "
            f"{self.target_card} #{self.target}"
        )


@attrs.frozen
class Healed:
    kind: ClassVar[str] = "rookery.healed"

    player: int
    source: str
    target: int
    target_card: str
    amount: int

    def __str__(self) -> str:
        return (
            f"p{self.player}'s {self.source} removes {self.amount} damage from "
            f"{self.target_card} #{self.target}"
        )


@attrs.frozen
class BirdUntapped:
    kind: ClassVar[str] = "rookery.bird_untapped"

    player: int
    source: str
    target: int
    target_card: str

    def __str__(self) -> str:
        return f"p{self.player}'s {self.source} untaps {self.target_card} #{self.target}"


@attrs.frozen
class PredatorReadied:
    kind: ClassVar[str] = "rookery.predator_readied"

    player: int
    source: str
    target: int
    target_card: str

    def __str__(self) -> str:
        return (
            f"p{self.player}'s {self.source} lets {self.target_card} #{self.target} "
            f"hunt again this turn"
        )


@attrs.frozen
class SeasonShifted:
    kind: ClassVar[str] = "rookery.season_shifted"

    player: int
    source: str
    amount: int
    turns_left: int

    def __str__(self) -> str:
        return (
            f"p{self.player}'s {self.source} shifts the season by {self.amount:+d}: "
            f"{self.turns_left} turns left"
        )


@attrs.frozen
class TurnEnded:
    kind: ClassVar[str] = "rookery.turn_ended"

    player: int
    song_lost: int
    turns_left: int

    def __str__(self) -> str:
        return (
            f"p{self.player} ends the turn ({self.song_lost} song lost, "
            f"{self.turns_left} turns left in the season)"
        )


@attrs.frozen
class CheckpointHeld:
    kind: ClassVar[str] = "rookery.checkpoint_held"

    number: int
    leader: int | None
    zones: tuple[int | None, int | None, int | None]  # controller of left, middle, right
    prizes: tuple[int, int]

    def __str__(self) -> str:
        control = ", ".join(
            f"{zone.value} {'-' if c is None else f'p{c}'}"
            for zone, c in zip((Zone.LEFT, Zone.MIDDLE, Zone.RIGHT), self.zones, strict=True)
        )
        who = "nobody leads" if self.leader is None else f"p{self.leader} claims a Prize"
        return (
            f"checkpoint {self.number} ({control}): {who}; "
            f"prizes p0 {self.prizes[0]}, p1 {self.prizes[1]}"
        )


@attrs.frozen
class SeasonBegan:
    kind: ClassVar[str] = "rookery.season_began"

    season: Season
    turns_left: int

    def __str__(self) -> str:
        return f"{self.season.value} begins ({self.turns_left} turns)"


@attrs.frozen
class GameEnded:
    kind: ClassVar[str] = "rookery.game_ended"

    winners: tuple[int, ...]
    prizes: tuple[int, int]

    def __str__(self) -> str:
        who = f"p{self.winners[0]} wins" if len(self.winners) == 1 else "the game is drawn"
        return f"game over: {who} (prizes p0 {self.prizes[0]}, p1 {self.prizes[1]})"


Event: TypeAlias = (
    HabitatDrafted
    | TurnBegan
    | CardDrawn
    | DeckReshuffled
    | BirdNested
    | BirdTapped
    | BirdMoved
    | PredatorPlayed
    | PredatorRevealed
    | AmbushPassed
    | HuntResolved
    | MobResolved
    | CardDefeated
    | EventPlayed
    | SeasonCardPlayed
    | HabitatPlayed
    | ZoneFlipped
    | CardDiscarded
    | CardSearched
    | SongGained
    | Damaged
    | Healed
    | BirdUntapped
    | PredatorReadied
    | SeasonShifted
    | TurnEnded
    | CheckpointHeld
    | SeasonBegan
    | GameEnded
)
EVENT_CLASSES: tuple[type, ...] = (
    HabitatDrafted,
    TurnBegan,
    CardDrawn,
    DeckReshuffled,
    BirdNested,
    BirdTapped,
    BirdMoved,
    PredatorPlayed,
    PredatorRevealed,
    AmbushPassed,
    HuntResolved,
    MobResolved,
    CardDefeated,
    EventPlayed,
    SeasonCardPlayed,
    HabitatPlayed,
    ZoneFlipped,
    CardDiscarded,
    CardSearched,
    SongGained,
    Damaged,
    Healed,
    BirdUntapped,
    PredatorReadied,
    SeasonShifted,
    TurnEnded,
    CheckpointHeld,
    SeasonBegan,
    GameEnded,
)


def visible(event: Event, player: int | None) -> Event:
    """Returns what `player` (None: a spectator) may know of one event."""
    match event:
        case CardDrawn() if event.player != player and event.card is not None:
            return CardDrawn(event.player, None)
        case PredatorPlayed() if (
            not event.face_up and event.player != player and event.card is not None
        ):
            return PredatorPlayed(event.player, event.uid, None, event.zone, False, event.cost)
        case CardSearched() if event.player != player and event.card is not None:
            return CardSearched(event.player, event.card_type, None, event.found)
        case _:
            return event
