"""What `step` reports, omniscient; `visible_events` blanks what a player may not know."""

from __future__ import annotations

from typing import ClassVar, Final, TypeAlias, get_args

import attrs

from birdgames.rookery.cards import CardType, Habitat, Season
from birdgames.rookery.state import PileCard, Zone


@attrs.frozen
class HabitatDrafted:
    """A zone's habitat was drafted (rules: "R1 Setup and the habitat draft")."""

    kind: ClassVar[str] = "rookery.habitat_drafted"

    player: int
    """The seat that drafted."""
    zone: Zone
    """The zone drafted."""
    habitat: Habitat
    """Its habitat."""

    def __str__(self) -> str:
        return f"p{self.player} drafts {self.habitat.value} for the {self.zone.value} zone"


@attrs.frozen
class TurnStarted:
    """A player's Dawn: the turn number, the season and the Dawn Chorus (rules: "R2 A turn")."""

    kind: ClassVar[str] = "rookery.turn_began"

    player: int
    """The seat whose turn begins."""
    turn: int
    """The turn number, 1 first."""
    season: Season
    """The season now."""
    turns_left: int
    """Turns left in the season."""
    song: int
    """The Dawn Chorus: the Song pool the turn starts with, set by the season."""

    def __str__(self) -> str:
        return (
            f"turn {self.turn}: p{self.player}'s dawn in {self.season.value} "
            f"({self.turns_left} turns left), dawn chorus {self.song} song"
        )


@attrs.frozen
class CardDrawn:
    """A card was drawn; others learn only that a card was drawn (rules: "R2 A turn")."""

    kind: ClassVar[str] = "rookery.card_drawn"

    player: int
    """The seat that draws."""
    card: str | None
    """None: hidden from this reader."""

    def __str__(self) -> str:
        return f"p{self.player} draws {self.card or 'a card'}"


@attrs.frozen
class DeckReshuffled:
    """An empty deck was replaced by the shuffled discard pile (rules: "R2 A turn")."""

    kind: ClassVar[str] = "rookery.deck_reshuffled"

    player: int
    """The seat whose deck it is."""
    cards: int
    """How many cards the new deck holds."""

    def __str__(self) -> str:
        return f"p{self.player} shuffles their discard pile ({self.cards} cards) into a new deck"


@attrs.frozen
class BirdNested:
    """A bird entered a zone, roosting (rules: "R3 Birds")."""

    kind: ClassVar[str] = "rookery.bird_nested"

    player: int
    """The bird's owner."""
    uid: int
    """The bird's uid."""
    card: str
    """The bird card's catalog id."""
    zone: Zone
    """The zone it entered."""
    cost: int
    """The Song paid."""

    def __str__(self) -> str:
        return (
            f"p{self.player} nests {self.card} #{self.uid} in {self.zone.value} "
            f"for {self.cost} song (roosting)"
        )


@attrs.frozen
class BirdTapped:
    """A bird tapped for Song (rules: "R3 Birds")."""

    kind: ClassVar[str] = "rookery.bird_tapped"

    player: int
    """The bird's owner."""
    uid: int
    """The bird's uid."""
    card: str
    """The bird card's catalog id."""
    song: int
    """The Song it added to the pool."""

    def __str__(self) -> str:
        return f"p{self.player} taps {self.card} #{self.uid} for {self.song} song"


@attrs.frozen
class BirdMoved:
    """A bird moved to another zone (rules: "R3 Birds", "R9 Abilities")."""

    kind: ClassVar[str] = "rookery.bird_moved"

    player: int
    """The bird's owner."""
    uid: int
    """The bird's uid."""
    card: str
    """The bird card's catalog id."""
    source: Zone
    """The zone it left."""
    zone: Zone
    """The zone it entered."""

    def __str__(self) -> str:
        return (
            f"p{self.player}'s {self.card} #{self.uid} moves from {self.source.value} "
            f"to {self.zone.value}"
        )


@attrs.frozen
class PredatorPlayed:
    """A predator entered a zone; face down, only its owner learns which (rules: "R6 Predators,
    hunting, mobbing").
    """

    kind: ClassVar[str] = "rookery.predator_played"

    player: int
    """The predator's owner."""
    uid: int
    """The predator's uid."""
    card: str | None
    """None: a face-down card the reader may not identify."""
    zone: Zone
    """The zone it entered."""
    face_up: bool
    """Whether it entered face up."""
    cost: int
    """The Song paid."""

    def __str__(self) -> str:
        if self.face_up:
            return f"p{self.player} plays {self.card} #{self.uid} face up in {self.zone.value}"
        name = self.card if self.card is not None else "a face-down card"
        return f"p{self.player} plays {name} #{self.uid} face down in {self.zone.value}"


@attrs.frozen
class PredatorRevealed:
    """A face-down predator turned face up to ambush (rules: "R6 Predators, hunting, mobbing")."""

    kind: ClassVar[str] = "rookery.predator_revealed"

    player: int
    """The predator's owner."""
    uid: int
    """The predator's uid."""
    card: str
    """The predator card's catalog id."""
    zone: Zone
    """The zone it is in."""

    def __str__(self) -> str:
        return f"p{self.player} reveals {self.card} #{self.uid} in {self.zone.value}: ambush!"


@attrs.frozen
class AmbushPassed:
    """A face-down predator let the bird pass (rules: "R6 Predators, hunting, mobbing")."""

    kind: ClassVar[str] = "rookery.ambush_passed"

    player: int
    """The predator's owner."""
    uid: int
    """The face-down predator's uid."""

    def __str__(self) -> str:
        return f"p{self.player} lets face-down card #{self.uid} lie in wait"


@attrs.frozen
class HuntResolved:
    """A hunt: modified threat and evasion, and the damage dealt (rules: "R6 Predators, hunting,
    mobbing").
    """

    kind: ClassVar[str] = "rookery.hunt_resolved"

    player: int
    """The predator's owner."""
    predator: int
    """The predator's uid."""
    predator_card: str
    """The predator card's catalog id."""
    target: int
    """The hunted bird's uid."""
    target_card: str
    """The hunted bird card's catalog id."""
    zone: Zone
    """The zone of the hunt."""
    threat: int
    """The predator's modified threat."""
    evasion: int
    """The bird's modified evasion."""
    damage: int
    """0: the hunt failed."""

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
    """A mob: summed evasion against stealth, and the damage dealt (rules: "R6 Predators,
    hunting, mobbing").
    """

    kind: ClassVar[str] = "rookery.mob_resolved"

    player: int
    """The seat whose flock mobbed."""
    predator: int
    """The predator's uid."""
    predator_card: str
    """The predator card's catalog id."""
    zone: Zone
    """The zone of the mob."""
    evasion: int
    """The flock's summed evasion."""
    stealth: int
    """The predator's stealth."""
    damage: int
    """0: the mob failed."""

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
    """A card's damage reached its hp; it went to the discard pile (rules: "R6 Predators,
    hunting, mobbing").
    """

    kind: ClassVar[str] = "rookery.card_defeated"

    player: int
    """The owner."""
    uid: int
    """The card's uid."""
    card: str
    """The card's catalog id."""
    zone: Zone
    """The zone it was in."""

    def __str__(self) -> str:
        return (
            f"p{self.player}'s {self.card} #{self.uid} in {self.zone.value} is defeated "
            f"and goes to the discard pile"
        )


@attrs.frozen
class EventPlayed:
    """An event card was played (rules: "R8 Events")."""

    kind: ClassVar[str] = "rookery.event_played"

    player: int
    """The seat that played it."""
    card: str
    """The event card's catalog id."""
    cost: int
    """The Song paid."""

    def __str__(self) -> str:
        return f"p{self.player} plays the event {self.card} for {self.cost} song"


@attrs.frozen
class SeasonCardPlayed:
    """A Season card was played (rules: "R7 Seasons, checkpoints, Prizes, winning")."""

    kind: ClassVar[str] = "rookery.season_card_played"

    player: int
    """The seat that played it."""
    card: str
    """The Season card's catalog id."""
    season: Season
    """The season it starts."""
    duration: int
    """The turns that season lasts."""
    cost: int
    """The Song paid."""

    def __str__(self) -> str:
        return (
            f"p{self.player} plays {self.card} for {self.cost} song: the wheel turns to "
            f"{self.season.value} for {self.duration} turns"
        )


@attrs.frozen
class HabitatPlayed:
    """A habitat card went onto a zone's flip pile (rules: "R5 Habitat cards")."""

    kind: ClassVar[str] = "rookery.habitat_played"

    player: int
    """The seat that played it."""
    card: str
    """The habitat card's catalog id."""
    zone: Zone
    """The zone whose flip pile it went on."""
    cost: int
    """The Song paid."""
    pile: int
    """Cards on the flip pile now (the zone flips at 3)."""

    def __str__(self) -> str:
        return (
            f"p{self.player} plays {self.card} on {self.zone.value} for {self.cost} song "
            f"({self.pile}/3 on the pile)"
        )


@attrs.frozen
class ZoneFlipped:
    """A zone flipped; off-habitat birds were discarded (rules: "R5 Habitat cards")."""

    kind: ClassVar[str] = "rookery.zone_flipped"

    zone: Zone
    """The zone that flipped."""
    habitat: Habitat
    """Its new habitat."""
    discarded: tuple[PileCard, ...]
    """The birds that left, with their owners."""

    def __str__(self) -> str:
        lost = ", ".join(f"p{c.owner}'s {c.card}" for c in self.discarded) or "no birds"
        return f"the {self.zone.value} zone flips to {self.habitat.value}; discarded: {lost}"


@attrs.frozen
class CardDiscarded:
    """A card went from a hand to the discard pile (rules: "R9 Abilities")."""

    kind: ClassVar[str] = "rookery.card_discarded"

    player: int
    """The seat whose hand it left."""
    card: str
    """The card's catalog id."""

    def __str__(self) -> str:
        return f"p{self.player} discards {self.card} from hand"


@attrs.frozen
class CardSearched:
    """A deck was searched; others learn only the card type (rules: "R9 Abilities")."""

    kind: ClassVar[str] = "rookery.card_searched"

    player: int
    """The seat whose deck was searched."""
    card_type: CardType
    """The card type searched for."""
    card: str | None
    """None: nothing found, or hidden from this reader."""
    found: bool
    """Whether a card of that type was found."""

    def __str__(self) -> str:
        if not self.found:
            return f"p{self.player} searches for a {self.card_type.value} card and finds none"
        name = self.card or f"a {self.card_type.value} card"
        return f"p{self.player} searches their deck and takes {name}, then shuffles"


@attrs.frozen
class SongGained:
    """An ability added Song to a pool (rules: "R9 Abilities")."""

    kind: ClassVar[str] = "rookery.song_gained"

    player: int
    """The seat whose pool gains."""
    card: str
    """The catalog id of the card whose ability acted."""
    amount: int
    """The Song gained."""

    def __str__(self) -> str:
        return f"p{self.player} gains {self.amount} song from {self.card}"


@attrs.frozen
class Damaged:
    """An ability dealt damage (rules: "R9 Abilities")."""

    kind: ClassVar[str] = "rookery.damaged"

    player: int
    """The ability's owner."""
    source: str
    """The catalog id of the card whose ability acted."""
    target: int
    """The damaged card's uid."""
    target_card: str
    """The damaged card's catalog id."""
    amount: int
    """The damage dealt."""

    def __str__(self) -> str:
        return (
            f"p{self.player}'s {self.source} deals {self.amount} damage to "
            f"{self.target_card} #{self.target}"
        )


@attrs.frozen
class Healed:
    """An ability removed damage (rules: "R9 Abilities")."""

    kind: ClassVar[str] = "rookery.healed"

    player: int
    """The ability's owner."""
    source: str
    """The catalog id of the card whose ability acted."""
    target: int
    """The healed card's uid."""
    target_card: str
    """The healed card's catalog id."""
    amount: int
    """The damage removed."""

    def __str__(self) -> str:
        return (
            f"p{self.player}'s {self.source} removes {self.amount} damage from "
            f"{self.target_card} #{self.target}"
        )


@attrs.frozen
class BirdUntapped:
    """An ability untapped a bird (rules: "R9 Abilities")."""

    kind: ClassVar[str] = "rookery.bird_untapped"

    player: int
    """The ability's owner."""
    source: str
    """The catalog id of the card whose ability acted."""
    target: int
    """The bird's uid."""
    target_card: str
    """The bird card's catalog id."""

    def __str__(self) -> str:
        return f"p{self.player}'s {self.source} untaps {self.target_card} #{self.target}"


@attrs.frozen
class PredatorReadied:
    """An ability let a predator hunt again (rules: "R9 Abilities")."""

    kind: ClassVar[str] = "rookery.predator_readied"

    player: int
    """The ability's owner."""
    source: str
    """The catalog id of the card whose ability acted."""
    target: int
    """The predator's uid."""
    target_card: str
    """The predator card's catalog id."""

    def __str__(self) -> str:
        return (
            f"p{self.player}'s {self.source} lets {self.target_card} #{self.target} "
            f"hunt again this turn"
        )


@attrs.frozen
class SeasonShifted:
    """An ability changed the turns left in the season (rules: "R9 Abilities")."""

    kind: ClassVar[str] = "rookery.season_shifted"

    player: int
    """The ability's owner."""
    source: str
    """The catalog id of the card whose ability acted."""
    amount: int
    """The change to the turns left (negative shortens the season)."""
    turns_left: int
    """Turns left in the season now."""

    def __str__(self) -> str:
        return (
            f"p{self.player}'s {self.source} shifts the season by {self.amount:+d}: "
            f"{self.turns_left} turns left"
        )


@attrs.frozen
class TurnEnded:
    """A turn ended; unspent Song was lost (rules: "R2 A turn")."""

    kind: ClassVar[str] = "rookery.turn_ended"

    player: int
    """The seat whose turn ended."""
    song_lost: int
    """Unspent Song lost from the pool."""
    turns_left: int
    """Turns left in the season now."""

    def __str__(self) -> str:
        return (
            f"p{self.player} ends the turn ({self.song_lost} song lost, "
            f"{self.turns_left} turns left in the season)"
        )


@attrs.frozen
class CheckpointHeld:
    """A checkpoint: each zone's controller and the Prizes after it (rules: "R7 Seasons,
    checkpoints, Prizes, winning").
    """

    kind: ClassVar[str] = "rookery.checkpoint_held"

    number: int
    """The checkpoint's number in the game, 1 first."""
    leader: int | None
    """The zone leader (controls more zones), who claims a Prize; None: no leader."""
    zones: tuple[int | None, int | None, int | None]
    """Controller of left, middle, right."""
    prizes: tuple[int, int]
    """Each seat's Prizes after the checkpoint."""

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
class SeasonStarted:
    """A new season began (rules: "R7 Seasons, checkpoints, Prizes, winning")."""

    kind: ClassVar[str] = "rookery.season_began"

    season: Season
    """The season that begins."""
    turns_left: int
    """The turns it lasts."""

    def __str__(self) -> str:
        return f"{self.season.value} begins ({self.turns_left} turns)"


@attrs.frozen
class GameEnded:
    """The game is over (rules: "R7 Seasons, checkpoints, Prizes, winning")."""

    kind: ClassVar[str] = "rookery.game_ended"

    winners: tuple[int, ...]
    """The winning seats (both on a tie)."""
    prizes: tuple[int, int]
    """Each seat's Prizes at the end."""

    def __str__(self) -> str:
        who = f"p{self.winners[0]} wins" if len(self.winners) == 1 else "the game is drawn"
        return f"game over: {who} (prizes p0 {self.prizes[0]}, p1 {self.prizes[1]})"


Event: TypeAlias = (
    HabitatDrafted
    | TurnStarted
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
    | SeasonStarted
    | GameEnded
)
EVENT_CLASSES: Final[tuple[type, ...]] = get_args(Event)  # the union's members, in order


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


# Deprecated aliases of renamed events, kept for one release (see CHANGELOG.md).
TurnBegan = TurnStarted
SeasonBegan = SeasonStarted
