"""The Rookery actions: the draft pick, every free action of a turn, and pending decisions."""

from __future__ import annotations

from typing import ClassVar, Final, TypeAlias, get_args

import attrs

from birdgames.fields import ActionTypes
from birdgames.rookery.cards import Habitat
from birdgames.rookery.state import Zone


@attrs.frozen
class DraftHabitat:
    """Picks the habitat of the zone being drafted (rules: "R1 Setup and the habitat draft")."""

    kind: ClassVar[str] = "rookery.draft_habitat"

    player: int
    """The seat that drafts."""
    zone: Zone
    """The zone being drafted."""
    habitat: Habitat
    """The habitat picked for it."""

    def __str__(self) -> str:
        return f"p{self.player} drafts {self.habitat.value} for {self.zone.value}"


@attrs.frozen
class TapBird:
    """Taps a nested bird for its song (rules: "R3 Birds")."""

    kind: ClassVar[str] = "rookery.tap_bird"

    player: int
    """The bird's owner."""
    bird: int
    """The bird's uid."""

    def __str__(self) -> str:
        return f"p{self.player} taps bird #{self.bird}"


@attrs.frozen
class NestBird:
    """Pays a bird's cost and nests it, roosting, in a zone (rules: "R3 Birds")."""

    kind: ClassVar[str] = "rookery.nest_bird"

    player: int
    """The seat that nests."""
    card: str
    """The bird card's catalog id, from the hand."""
    zone: Zone
    """The zone it enters."""

    def __str__(self) -> str:
        return f"p{self.player} nests {self.card} in {self.zone.value}"


@attrs.frozen
class MoveBird:
    """Moves a nested Migratory bird to another zone (rules: "R3 Birds")."""

    kind: ClassVar[str] = "rookery.move_bird"

    player: int
    """The bird's owner."""
    bird: int
    """The bird's uid."""
    zone: Zone
    """The zone it moves to."""

    def __str__(self) -> str:
        return f"p{self.player} moves bird #{self.bird} to {self.zone.value}"


@attrs.frozen
class PlayPredator:
    """Plays a predator into a zone, face up (its cost) or face down (2 Song) (rules: "R6
    Predators, hunting, mobbing").
    """

    kind: ClassVar[str] = "rookery.play_predator"

    player: int
    """The seat that plays."""
    card: str
    """The predator card's catalog id, from the hand."""
    zone: Zone
    """The zone it enters."""
    face_up: bool
    """True: face up for its cost; False: face down for 2 Song."""

    def __str__(self) -> str:
        side = "face up" if self.face_up else "face down"
        return f"p{self.player} plays {self.card} {side} in {self.zone.value}"


@attrs.frozen
class Hunt:
    """A face-up predator hunts an opposing bird in its zone (rules: "R6 Predators, hunting,
    mobbing").
    """

    kind: ClassVar[str] = "rookery.hunt"

    player: int
    """The predator's owner."""
    predator: int
    """The hunting predator's uid."""
    target: int
    """The hunted bird's uid."""

    def __str__(self) -> str:
        return f"p{self.player} hunts bird #{self.target} with predator #{self.predator}"


@attrs.frozen
class Mob:
    """The player's flock mobs a face-up opposing predator in its zone (rules: "R6 Predators,
    hunting, mobbing").
    """

    kind: ClassVar[str] = "rookery.mob"

    player: int
    """The seat whose flock mobs."""
    predator: int
    """The mobbed predator's uid."""

    def __str__(self) -> str:
        return f"p{self.player} mobs predator #{self.predator}"


@attrs.frozen
class PlayEvent:
    """Plays an event; its target, destination and discarded card are parameters (rules: "R8
    Events").
    """

    kind: ClassVar[str] = "rookery.play_event"

    player: int
    """The seat that plays."""
    card: str
    """The event card's catalog id, from the hand."""
    target: int | None = None
    """The uid of the target, for an event that targets; else None."""
    zone: Zone | None = None
    """The destination zone, for an event that moves; else None."""
    discard: str | None = None
    """The card of the hand discarded for the effect, if the event asks one; else None."""

    def __str__(self) -> str:
        text = f"p{self.player} plays {self.card}"
        if self.discard is not None:
            text += f" discarding {self.discard}"
        if self.target is not None:
            text += f" on #{self.target}"
        if self.zone is not None:
            text += f" to {self.zone.value}"
        return text


@attrs.frozen
class PlaySeason:
    """Plays a Season card: a checkpoint, then its season begins (rules: "R7 Seasons,
    checkpoints, Prizes, winning").
    """

    kind: ClassVar[str] = "rookery.play_season"

    player: int
    """The seat that plays."""
    card: str
    """The Season card's catalog id, from the hand."""

    def __str__(self) -> str:
        return f"p{self.player} plays season card {self.card}"


@attrs.frozen
class PlayHabitat:
    """Puts a habitat card on a zone's flip pile (rules: "R5 Habitat cards")."""

    kind: ClassVar[str] = "rookery.play_habitat"

    player: int
    """The seat that plays."""
    card: str
    """The habitat card's catalog id, from the hand."""
    zone: Zone
    """The zone whose flip pile it goes on."""

    def __str__(self) -> str:
        return f"p{self.player} plays {self.card} on {self.zone.value}"


@attrs.frozen
class EndTurn:
    """Ends the turn (rules: "R2 A turn")."""

    kind: ClassVar[str] = "rookery.end_turn"

    player: int
    """The active seat."""

    def __str__(self) -> str:
        return f"p{self.player} ends the turn"


@attrs.frozen
class Ambush:
    """Turns the face-down predator up and hunts the bird that entered its zone (rules: "R6
    Predators, hunting, mobbing").
    """

    kind: ClassVar[str] = "rookery.ambush"

    player: int
    """The predator's owner."""
    predator: int
    """The face-down predator's uid."""

    def __str__(self) -> str:
        return f"p{self.player} ambushes with predator #{self.predator}"


@attrs.frozen
class PassAmbush:
    """Lets the face-down predator stay hidden (rules: "R6 Predators, hunting, mobbing")."""

    kind: ClassVar[str] = "rookery.pass_ambush"

    player: int
    """The predator's owner."""
    predator: int
    """The face-down predator's uid."""

    def __str__(self) -> str:
        return f"p{self.player} passes the ambush of predator #{self.predator}"


@attrs.frozen
class DiscardCard:
    """Discards a card of the player's choice, as an opponent's ability demands (rules: "R9
    Abilities").
    """

    kind: ClassVar[str] = "rookery.discard_card"

    player: int
    """The seat that discards."""
    card: str
    """The catalog id of the card discarded from hand."""

    def __str__(self) -> str:
        return f"p{self.player} discards {self.card}"


@attrs.frozen
class ChooseTarget:
    """Picks the target (and destination zone) of a pending triggered ability (rules: "R8
    Events").
    """

    kind: ClassVar[str] = "rookery.choose_target"

    player: int
    """The seat that answers."""
    target: int
    """The uid of the target."""
    zone: Zone | None = None
    """The destination zone, for an ability that moves; else None."""

    def __str__(self) -> str:
        where = f" to {self.zone.value}" if self.zone is not None else ""
        return f"p{self.player} targets #{self.target}{where}"


Action: TypeAlias = (
    DraftHabitat
    | TapBird
    | NestBird
    | MoveBird
    | PlayPredator
    | Hunt
    | Mob
    | PlayEvent
    | PlaySeason
    | PlayHabitat
    | EndTurn
    | Ambush
    | PassAmbush
    | DiscardCard
    | ChooseTarget
)
ACTION_CLASSES: Final[tuple[type, ...]] = get_args(Action)  # the union's members, in order
ACTION_TYPES: Final = ActionTypes("Rookery", ACTION_CLASSES)
