"""What step() reports; each event's str is one log line naming player, tile and place."""

from __future__ import annotations

from typing import ClassVar, Final, TypeAlias

import attrs

from birdgames.perch_bop.actions import colour_name


def _who(player: int | None) -> str:
    return "nobody" if player is None else f"p{player}"


@attrs.frozen
class ObjectiveKept:
    """A player keeps one objective; its id only for that player (or once revealed)."""

    kind: ClassVar[str] = "perch_bop.objective_kept"
    player: int
    """The seat that keeps."""
    objective: str | None
    """The objective's id; None for every reader but that seat until revealed."""

    def __str__(self) -> str:
        shown = f" ({self.objective})" if self.objective else ""
        return f"p{self.player} keeps an objective{shown}"


@attrs.frozen
class PhaseStarted:
    """A new phase of a round begins."""

    kind: ClassVar[str] = "perch_bop.phase_started"
    round: int
    """The round, 1 to 5."""
    phase: str
    """The phase's name."""

    def __str__(self) -> str:
        return f"round {self.round}: {self.phase}"


@attrs.frozen
class BirdsToBag:
    """Birds go from a flock's supply into the Migration bag."""

    kind: ClassVar[str] = "perch_bop.birds_to_bag"
    player: int | None
    """Who put them in; None for the dummy's automatic birds."""
    colour: int
    """The birds' colour."""
    count: int
    """How many birds."""
    cause: str
    """Why: "migration", "early_bird", "rookery" or "happy_birdbath"."""

    def __str__(self) -> str:
        who = "the dummy" if self.player is None else f"p{self.player}"
        return f"{who} puts {self.count} {colour_name(self.colour)} into the bag ({self.cause})"


@attrs.frozen
class BirdsDrawn:
    """A player takes birds into hand from the bag or their own supply."""

    kind: ClassVar[str] = "perch_bop.birds_drawn"
    player: int
    """The seat that draws."""
    colours: tuple[int, ...]
    """The colours of the birds drawn."""
    source: str
    """Where from: "bag" or "supply"."""

    def __str__(self) -> str:
        names = ", ".join(colour_name(c) for c in self.colours) or "nothing"
        return f"p{self.player} draws {names} from the {self.source}"


@attrs.frozen
class BirdsSwapped:
    """Full Bird Feeder: two hand birds change hands."""

    kind: ClassVar[str] = "perch_bop.birds_swapped"
    player: int
    """The seat that swaps."""
    colour: int
    """The colour of the bird the seat gives."""
    target: int
    """The other seat."""
    target_colour: int
    """The colour of the bird the seat takes."""

    def __str__(self) -> str:
        return (
            f"p{self.player} (full_bird_feeder) gives {colour_name(self.colour)} to "
            f"p{self.target} for {colour_name(self.target_colour)}"
        )


@attrs.frozen
class BirdPlaced:
    """A bird from a hand perches on a Location."""

    kind: ClassVar[str] = "perch_bop.bird_placed"
    player: int
    """The seat that placed it."""
    colour: int
    """The bird's colour."""
    tile: str
    """The Location's tile id."""
    nest: bool
    """Whether it took a free nest."""

    def __str__(self) -> str:
        on_nest = ", taking a nest" if self.nest else ""
        return f"p{self.player} places {colour_name(self.colour)} on {self.tile}{on_nest}"


@attrs.frozen
class BirdhouseBuilt:
    """A birdhouse closes a stack (rules: "Perch")."""

    kind: ClassVar[str] = "perch_bop.birdhouse_built"
    player: int
    """The seat that built it."""
    colour: int
    """The colour of the stack it closes."""
    tile: str
    """The Location's tile id."""

    def __str__(self) -> str:
        return (
            f"p{self.player} builds a birdhouse on the {colour_name(self.colour)} "
            f"stack at {self.tile}"
        )


@attrs.frozen
class TurnEnded:
    """A player's Perch turn ends."""

    kind: ClassVar[str] = "perch_bop.turn_ended"
    player: int
    """The seat whose turn ends."""

    def __str__(self) -> str:
        return f"p{self.player} ends the turn"


@attrs.frozen
class BirdRemoved:
    """A bird leaves a Location for the fountain, the plaza or its supply."""

    kind: ClassVar[str] = "perch_bop.bird_removed"
    player: int | None
    """Who caused it (a zap) or whose ability it is; None: the tile itself."""
    colour: int
    """The bird's colour."""
    tile: str
    """The tile id of the Location it leaves."""
    destination: str
    """Where to: "fountain", "plaza" or "supply"."""
    cause: str
    """Why: "zap", or the id of the creature or tile that removed it."""

    def __str__(self) -> str:
        by = f"{self.cause} (p{self.player})" if self.player is not None else self.cause
        return (
            f"{by} sends a {colour_name(self.colour)} bird "
            f"from {self.tile} to the {self.destination}"
        )


@attrs.frozen
class NestRemoved:
    """A zap removes a free nest, with `Config.zap_nests` (rules: "Perch")."""

    kind: ClassVar[str] = "perch_bop.nest_removed"
    player: int
    """The seat that zapped."""
    tile: str
    """The Location's tile id."""

    def __str__(self) -> str:
        return f"p{self.player} zaps away a free nest on {self.tile}"


@attrs.frozen
class FountainFilled:
    """A bird takes a fountain slot, or goes to the plaza when the fountain is full."""

    kind: ClassVar[str] = "perch_bop.fountain_filled"
    player: int
    """Who chose the slot."""
    colour: int
    """The bird's colour."""
    slot: int | None
    """None: the fountain was full, the bird went to the plaza."""
    value: int
    """The points the slot is worth."""

    def __str__(self) -> str:
        if self.slot is None:
            return f"the fountain is full: a {colour_name(self.colour)} bird goes to the plaza"
        return (
            f"p{self.player} puts a {colour_name(self.colour)} bird in fountain slot "
            f"{self.slot} (worth {self.value})"
        )


@attrs.frozen
class LocationScored:
    """A colour's place at a Location during Upkeep scoring, and what it earned."""

    kind: ClassVar[str] = "perch_bop.location_scored"
    tile: str
    """The Location's tile id."""
    colour: int
    """The colour scored."""
    player: int | None
    """The colour's owner; None for the dummy."""
    place: int
    """0 = cancelled by a tie."""
    strength: int
    """The colour's strength there."""
    points: int
    """The points earned."""

    def __str__(self) -> str:
        owner = "dummy" if self.player is None else f"p{self.player}"
        where = f"place {self.place}" if self.place else "a cancelled tie"
        return (
            f"{self.tile}: {owner} ({colour_name(self.colour)}, strength {self.strength}) "
            f"takes {where} and scores {self.points}"
        )


@attrs.frozen
class TurnOrderSet:
    """The turn order for a round."""

    kind: ClassVar[str] = "perch_bop.turn_order_set"
    round: int
    """The round."""
    order: tuple[int, ...]
    """The seats in turn order."""

    def __str__(self) -> str:
        seats = ", ".join(f"p{p}" for p in self.order)
        return f"turn order for round {self.round}: {seats}"


# How a TileEffect says the Sun or Moon covers a Location being scored (P4) and the Golden
# Egg lies on it (P8.3), before that Location's awards: `words.score_breakdown` reads them.
SKY_COVERS: Final = "the {body} covers it"
GOLDEN_EGG_ADDS: Final = "the Golden Egg adds 1 to each place"


@attrs.frozen
class TileEffect:
    """A Location ability took effect (a summary line; the bird moves are separate)."""

    kind: ClassVar[str] = "perch_bop.tile_effect"
    tile: str
    """The tile id of the Location."""
    player: int | None
    """The controller it acted for; None = nobody."""
    effect: str
    """What it did, in words."""

    def __str__(self) -> str:
        return f"{self.tile} ({_who(self.player)}): {self.effect}"


@attrs.frozen
class TileRemoved:
    """A Location leaves the game (Overstuffed Birdhouse)."""

    kind: ClassVar[str] = "perch_bop.tile_removed"
    tile: str
    """The tile id of the Location removed."""

    def __str__(self) -> str:
        return f"{self.tile} is removed from the game"


@attrs.frozen
class ControlChanged:
    """A creature's controller for the next round (None: nobody; rules: "Creatures")."""

    kind: ClassVar[str] = "perch_bop.control_changed"
    creature: str
    """The creature's id."""
    tile: str
    """The tile id of the creature's home Location."""
    controller: int | None
    """The seat that controls it; None: nobody."""

    def __str__(self) -> str:
        return f"{self.creature} ({self.tile}) is controlled by {_who(self.controller)}"


@attrs.frozen
class StandeePlaced:
    """A creature's standee goes on the board (home tile, or the Scarecrow's intersection)."""

    kind: ClassVar[str] = "perch_bop.standee_placed"
    creature: str
    """The creature's id."""
    player: int | None
    """The creature's controller; None: nobody."""
    place: str
    """Where it stands, in words: a tile id, a Pond or an intersection."""

    def __str__(self) -> str:
        return f"{_who(self.player)} puts the {self.creature} on {self.place}"


@attrs.frozen
class BagEmptied:
    """At the end the bag's birds go to the plaza (rules: "End of the game")."""

    kind: ClassVar[str] = "perch_bop.bag_emptied"
    colour: int
    """The birds' colour."""
    count: int
    """How many birds of it go to the plaza."""

    def __str__(self) -> str:
        return f"{self.count} {colour_name(self.colour)} birds go from the bag to the plaza"


@attrs.frozen
class FinalScored:
    """A player's end-game breakdown (rules: "End of the game")."""

    kind: ClassVar[str] = "perch_bop.final_scored"
    player: int
    """The seat scored."""
    objective: str
    """The seat's kept objective."""
    objective_points: int
    """Points from the objective."""
    largest_flock: int
    """Points for the largest flock."""
    creatures: int
    """Points from creatures."""
    fountain: int
    """Points from the fountain."""
    plaza: int
    """Points from the plaza."""
    total: int
    """The seat's final score."""

    def __str__(self) -> str:
        return (
            f"p{self.player} final: objective {self.objective} +{self.objective_points}, "
            f"largest flock +{self.largest_flock}, creatures +{self.creatures}, "
            f"fountain +{self.fountain}, plaza +{self.plaza} = {self.total}"
        )


@attrs.frozen
class GameEnded:
    """The game is over."""

    kind: ClassVar[str] = "perch_bop.game_ended"
    winners: tuple[int, ...]
    """The winning seats (more than one on a tie)."""
    scores: tuple[int, ...]
    """Each seat's final score."""

    def __str__(self) -> str:
        who = ", ".join(f"p{p}" for p in self.winners)
        return f"game over: {who} win{'s' if len(self.winners) == 1 else ''} ({self.scores})"


@attrs.frozen
class CreatureActivated:
    """A player activates a creature they control (rules: "Perch")."""

    kind: ClassVar[str] = "perch_bop.creature_activated"
    player: int
    """The seat that activates it."""
    creature: str
    """The creature's id."""
    place: str
    """Where its standee stands."""

    def __str__(self) -> str:
        return f"p{self.player} activates the {self.creature} on {self.place}"


@attrs.frozen
class CreatureMoved:
    """An activated creature moves: every tile it enters, the landing tile last (rules:
    "Creatures").
    """

    kind: ClassVar[str] = "perch_bop.creature_moved"
    player: int
    """The seat that moves it."""
    creature: str
    """The creature's id."""
    start: str
    """The place its standee left."""
    path: tuple[str, ...]
    """Every place it entered, the landing place last."""

    def __str__(self) -> str:
        route = " -> ".join((self.start, *self.path))
        return f"p{self.player} moves the {self.creature}: {route}"


@attrs.frozen
class EffectSkipped:
    """The activated creature's effect is skipped: declined, or nothing it could act on (rules:
    "Creatures").
    """

    kind: ClassVar[str] = "perch_bop.effect_skipped"
    player: int
    """The creature's activator."""
    creature: str
    """The creature's id."""
    declined: bool
    """False: the effect had no bird to act on."""

    def __str__(self) -> str:
        if self.declined:
            return f"p{self.player} skips the {self.creature}'s effect"
        return f"the {self.creature} finds no bird to act on"


@attrs.frozen
class BirdMoved:
    """A creature's effect moves a bird from one Location to another (rules: "Creatures")."""

    kind: ClassVar[str] = "perch_bop.bird_moved"
    player: int
    """The activator."""
    colour: int
    """The bird's colour."""
    source: str
    """The tile id of the Location it leaves."""
    target: str
    """The tile id of the Location it reaches."""
    cause: str
    """The creature."""
    how: str
    """How, in words: "pushes", "moves", "swaps" or "pulls"."""

    def __str__(self) -> str:
        return (
            f"{self.cause} (p{self.player}) {self.how} a {colour_name(self.colour)} bird "
            f"from {self.source} to {self.target}"
        )


@attrs.frozen
class FountainSwapped:
    """Squirrel: a Location bird and a fountain bird change places (rules: "Creatures")."""

    kind: ClassVar[str] = "perch_bop.fountain_swapped"
    player: int
    """The Squirrel's activator."""
    tile: str
    """The Location's tile id."""
    colour: int
    """The bird that leaves the Location for the slot."""
    slot: int
    """The fountain slot."""
    fountain_colour: int
    """The bird that leaves the slot for the Location."""

    def __str__(self) -> str:
        return (
            f"squirrel (p{self.player}) swaps a {colour_name(self.colour)} bird on {self.tile} "
            f"with the {colour_name(self.fountain_colour)} bird in fountain slot {self.slot}"
        )


@attrs.frozen
class BirdfeederTaken:
    """Seeds the Day: a bird placed from a hand takes a Location's Birdfeeder."""

    kind: ClassVar[str] = "perch_bop.birdfeeder_taken"
    player: int
    """The owner of the placed bird's colour, who scores."""
    colour: int
    """The placed bird's colour."""
    tile: str
    """The Location's tile id."""
    points: int
    """The points it scores."""

    def __str__(self) -> str:
        return (
            f"p{self.player}'s {colour_name(self.colour)} bird takes the Birdfeeder "
            f"at {self.tile}: p{self.player} scores {self.points}"
        )


@attrs.frozen
class BirdfeederLost:
    """Seeds the Day: a Birdfeeder leaves the game without being scored."""

    kind: ClassVar[str] = "perch_bop.birdfeeder_lost"
    tile: str
    """The tile id of the Location it was on."""
    cause: str
    """Why: "dummy" (a dummy bird was placed there) or "removed" (the tile left)."""

    def __str__(self) -> str:
        why = (
            "a dummy bird was placed there, nobody scores"
            if self.cause == "dummy"
            else "its Location is removed"
        )
        return f"the Birdfeeder at {self.tile} leaves the game: {why}"


@attrs.frozen
class SkyMoved:
    """Points in the Sky: the Sun or the Moon moves clockwise to a Location."""

    kind: ClassVar[str] = "perch_bop.sky_moved"
    body: str
    """Which: "sun" or "moon"."""
    tile: str
    """The tile id of the Location it now covers."""

    def __str__(self) -> str:
        return f"the {self.body.capitalize()} moves clockwise to {self.tile}"


@attrs.frozen
class PondScored:
    """Pond-emonium: a colour's place at a Pond during Upkeep, and what it earned."""

    kind: ClassVar[str] = "perch_bop.pond_scored"
    pond: str
    """The Pond's tile id."""
    colour: int
    """The colour scored."""
    player: int | None
    """The colour's owner; None for the dummy."""
    place: int
    """0 = cancelled by a tie."""
    count: int
    """Birds on the Pond plus strength on the adjoining Locations."""
    points: int
    """The points earned."""

    def __str__(self) -> str:
        owner = "dummy" if self.player is None else f"p{self.player}"
        where = f"place {self.place}" if self.place else "a cancelled tie"
        return (
            f"Pond {self.pond}: {owner} ({colour_name(self.colour)}, {self.count} "
            f"bird{'' if self.count == 1 else 's'} on and beside it) takes {where} and scores "
            f"{self.points}"
        )


@attrs.frozen
class BirdsFed:
    """Pond-emonium: a player spends a Bread and a bird flies onto a Pond."""

    kind: ClassVar[str] = "perch_bop.birds_fed"
    player: int
    """The seat that spends the Bread."""
    colour: int
    """The bird's colour."""
    source: str
    """The tile id of the Location it leaves."""
    pond: str
    """The Pond's tile id."""
    bread_left: int
    """The seat's Bread left."""

    def __str__(self) -> str:
        return (
            f"p{self.player} spends a Bread ({self.bread_left} left): a "
            f"{colour_name(self.colour)} bird flies from {self.source} onto the Pond {self.pond}"
        )


@attrs.frozen
class PromosControlled:
    """Promos: the player in last place holds the promos this round."""

    kind: ClassVar[str] = "perch_bop.promos_controlled"
    round: int
    player: int

    def __str__(self) -> str:
        return f"round {self.round}: p{self.player}, in last place, holds the promos"


@attrs.frozen
class GoldenEggMoved:
    """Promos: the Golden Egg now lies on a Location: +1 to each place scored there."""

    kind: ClassVar[str] = "perch_bop.golden_egg_moved"
    player: int
    tile: str

    def __str__(self) -> str:
        return f"p{self.player} moves the Golden Egg to {self.tile}"


@attrs.frozen
class TieOrdered:
    """Promos: the Eagle of Justice ranks a tied group at a Location or Pond, best first."""

    kind: ClassVar[str] = "perch_bop.tie_ordered"
    player: int
    place: str
    order: tuple[int, ...]

    def __str__(self) -> str:
        ranking = " > ".join(colour_name(c) for c in self.order)
        return f"p{self.player}'s Eagle of Justice breaks the tie on {self.place}: {ranking}"


@attrs.frozen
class YetiMoved:
    """Promos: the Yeti moves; no effect moves a bird off its Location."""

    kind: ClassVar[str] = "perch_bop.yeti_moved"
    player: int | None  # None: it left a removed Location by itself
    start: str
    tile: str

    def __str__(self) -> str:
        who = "the Yeti" if self.player is None else f"p{self.player} moves the Yeti"
        return f"{who} from {self.start} to {self.tile}"


Event: TypeAlias = (
    ObjectiveKept
    | PhaseStarted
    | BirdsToBag
    | BirdsDrawn
    | BirdsSwapped
    | BirdPlaced
    | BirdhouseBuilt
    | TurnEnded
    | BirdRemoved
    | NestRemoved
    | FountainFilled
    | LocationScored
    | TurnOrderSet
    | TileEffect
    | TileRemoved
    | ControlChanged
    | StandeePlaced
    | BagEmptied
    | FinalScored
    | GameEnded
    | CreatureActivated
    | CreatureMoved
    | EffectSkipped
    | BirdMoved
    | FountainSwapped
    | BirdfeederTaken
    | BirdfeederLost
    | SkyMoved
    | PondScored
    | BirdsFed
    | PromosControlled
    | GoldenEggMoved
    | TieOrdered
    | YetiMoved
)
EVENT_CLASSES: tuple[type, ...] = (
    ObjectiveKept,
    PhaseStarted,
    BirdsToBag,
    BirdsDrawn,
    BirdsSwapped,
    BirdPlaced,
    BirdhouseBuilt,
    TurnEnded,
    BirdRemoved,
    NestRemoved,
    FountainFilled,
    LocationScored,
    TurnOrderSet,
    TileEffect,
    TileRemoved,
    ControlChanged,
    StandeePlaced,
    BagEmptied,
    FinalScored,
    GameEnded,
    CreatureActivated,
    CreatureMoved,
    EffectSkipped,
    BirdMoved,
    FountainSwapped,
    BirdfeederTaken,
    BirdfeederLost,
    SkyMoved,
    PondScored,
    BirdsFed,
    PromosControlled,
    GoldenEggMoved,
    TieOrdered,
    YetiMoved,
)
