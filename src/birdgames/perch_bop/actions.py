"""The actions of Perch: every choice the rules give a player, one decision each (rules: "Decisions
as actions").
"""

from __future__ import annotations

from typing import ClassVar, Final, TypeAlias

import attrs

from birdgames.fields import ActionTypes
from birdgames.perch_bop.cards import COLOUR_NAMES


def colour_name(colour: int) -> str:
    """Returns a flock's colour name."""
    return COLOUR_NAMES[colour] if 0 <= colour < len(COLOUR_NAMES) else f"colour {colour}"


@attrs.frozen
class KeepObjective:
    """Keeps one of the two dealt objectives, discarding the other (rules: "Setup")."""

    kind: ClassVar[str] = "perch_bop.keep_objective"
    player: int
    """The seat that keeps."""
    objective: str
    """The id of the objective kept."""

    def __str__(self) -> str:
        return f"p{self.player} keeps an objective"


@attrs.frozen
class AddBird:
    """Adds one more bird of your own to the bag (Early Bird, Rookery; rules: "Migration")."""

    kind: ClassVar[str] = "perch_bop.add_bird"
    player: int
    """The seat that adds a bird."""

    def __str__(self) -> str:
        return f"p{self.player} adds an extra bird to the bag"


@attrs.frozen
class Decline:
    """Declines an optional ability (Early Bird, Rookery extra bird, Full Bird Feeder)."""

    kind: ClassVar[str] = "perch_bop.decline"
    player: int
    """The seat that declines."""

    def __str__(self) -> str:
        return f"p{self.player} declines"


@attrs.frozen
class ReturnBird:
    """Happy Birdbath: puts one of the three drawn birds back in the bag (rules: "Recruit")."""

    kind: ClassVar[str] = "perch_bop.return_bird"
    player: int
    """The seat that returns a bird."""
    colour: int
    """The returned bird's colour."""

    def __str__(self) -> str:
        return f"p{self.player} returns a {colour_name(self.colour)} bird to the bag"


@attrs.frozen
class SwapBirds:
    """Full Bird Feeder: swaps a bird of your hand with one of another player's hand."""

    kind: ClassVar[str] = "perch_bop.swap_birds"
    player: int
    """The seat that swaps."""
    colour: int
    """The colour of the bird given from the seat's hand."""
    target: int
    """The other seat."""
    target_colour: int
    """The colour of the bird taken from the other seat's hand."""

    def __str__(self) -> str:
        return (
            f"p{self.player} swaps a {colour_name(self.colour)} bird for "
            f"p{self.target}'s {colour_name(self.target_colour)} bird"
        )


@attrs.frozen
class Place:
    """Perches one bird from your hand on a Location, taking a free nest or not (rules: "Perch")."""

    kind: ClassVar[str] = "perch_bop.place"
    player: int
    """The seat that places."""
    colour: int
    """The colour of the bird from the hand."""
    location: str
    """The Location's tile id."""
    nest: bool
    """Whether the bird takes a free nest."""

    def __str__(self) -> str:
        on_nest = " on a nest" if self.nest else ""
        return f"p{self.player} places {colour_name(self.colour)} on {self.location}{on_nest}"


@attrs.frozen
class BuildBirdhouse:
    """Bonus action from round 4: a birdhouse on an existing stack (rules: "Perch")."""

    kind: ClassVar[str] = "perch_bop.build_birdhouse"
    player: int
    """The seat that builds."""
    location: str
    """The Location's tile id."""
    colour: int
    """The colour of the stack the birdhouse goes on."""

    def __str__(self) -> str:
        return f"p{self.player} builds a birdhouse on {colour_name(self.colour)} at {self.location}"


@attrs.frozen
class FeedBirds:
    """Pond-emonium bonus action: discard 1 Bread and move 1 bird from a Location beside a
    Pond onto that Pond (rules: "Pond-emonium")."""

    kind: ClassVar[str] = "perch_bop.feed_birds"
    player: int
    """The seat that feeds."""
    pond: str
    """The Pond's tile id."""
    location: str
    """The tile id of the Location the bird leaves."""
    colour: int
    """The bird's colour."""

    def __str__(self) -> str:
        return (
            f"p{self.player} feeds the birds: a {colour_name(self.colour)} bird from "
            f"{self.location} to the Pond {self.pond}"
        )


@attrs.frozen
class Zap:
    """Bonus action in round 5: one unprotected bird to the fountain (rules: "Perch")."""

    kind: ClassVar[str] = "perch_bop.zap"
    player: int
    """The seat that zaps."""
    location: str
    """The Location's tile id."""
    colour: int
    """The zapped bird's colour."""

    def __str__(self) -> str:
        return f"p{self.player} zaps a {colour_name(self.colour)} bird on {self.location}"


@attrs.frozen
class ZapNest:
    """Bonus action in round 5 with `Config.zap_nests`: removes an unclaimed nest (rules:
    "Perch").
    """

    kind: ClassVar[str] = "perch_bop.zap_nest"
    player: int
    """The seat that zaps."""
    location: str
    """The Location's tile id."""

    def __str__(self) -> str:
        return f"p{self.player} zaps a free nest on {self.location}"


@attrs.frozen
class EndTurn:
    """Ends your Perch turn after placing, without (another) bonus action."""

    kind: ClassVar[str] = "perch_bop.end_turn"
    player: int
    """The seat whose turn ends."""

    def __str__(self) -> str:
        return f"p{self.player} ends the turn"


@attrs.frozen
class ChooseSlot:
    """Puts the bird heading to the fountain into a free, supported slot (rules: "Fountain and
    plaza").
    """

    kind: ClassVar[str] = "perch_bop.choose_slot"
    player: int
    """The seat that chooses."""
    slot: int
    """The fountain slot chosen."""

    def __str__(self) -> str:
        return f"p{self.player} chooses fountain slot {self.slot}"


@attrs.frozen
class PlaceScarecrow:
    """Puts the Scarecrow on an intersection after taking control of it (rules: "Upkeep")."""

    kind: ClassVar[str] = "perch_bop.place_scarecrow"
    player: int
    """The Scarecrow's new controller."""
    intersection: int
    """The intersection's index in the board's intersection list."""

    def __str__(self) -> str:
        return f"p{self.player} puts the scarecrow on intersection {self.intersection}"


@attrs.frozen
class ActivateCreature:
    """Bonus action: activates a creature you control, once per round each (rules: "Perch",
    "Creatures").
    """

    kind: ClassVar[str] = "perch_bop.activate_creature"
    player: int
    """The seat that acts."""
    creature: str
    """The creature's id."""

    def __str__(self) -> str:
        return f"p{self.player} activates the {self.creature}"


@attrs.frozen
class MoveCreature:
    """Moves the activated creature one path step, or onto its landing tile (rules: "Creatures")."""

    kind: ClassVar[str] = "perch_bop.move_creature"
    player: int
    """The seat that moves the creature."""
    location: str
    """The tile id of the Location entered."""

    def __str__(self) -> str:
        return f"p{self.player} moves the creature to {self.location}"


@attrs.frozen
class UseEffect:
    """Uses the activated creature's effect after its move (rules: "Creatures")."""

    kind: ClassVar[str] = "perch_bop.use_effect"
    player: int
    """The seat that uses the effect."""

    def __str__(self) -> str:
        return f"p{self.player} uses the creature's effect"


@attrs.frozen
class SkipEffect:
    """Skips the activated creature's effect as a whole; the move stands (rules: "Creatures")."""

    kind: ClassVar[str] = "perch_bop.skip_effect"
    player: int
    """The seat that skips."""

    def __str__(self) -> str:
        return f"p{self.player} skips the creature's effect"


@attrs.frozen
class ChooseBird:
    """Chooses the bird the creature's effect acts on next (rules: "Creatures")."""

    kind: ClassVar[str] = "perch_bop.choose_bird"
    player: int
    """The seat that chooses."""
    location: str
    """The tile id of the Location the bird is on."""
    colour: int
    """The bird's colour."""

    def __str__(self) -> str:
        return f"p{self.player} chooses a {colour_name(self.colour)} bird on {self.location}"


@attrs.frozen
class ChooseDestination:
    """Chooses where the chosen bird goes: a neighbouring Location, or None for off the
    board into the fountain (the Dog on an edge tile; rules: "Creatures")."""

    kind: ClassVar[str] = "perch_bop.choose_destination"
    player: int
    """The seat that chooses."""
    location: str | None
    """The tile id of the Location the bird goes to; None: off the board."""

    def __str__(self) -> str:
        where = self.location if self.location is not None else "the fountain, off the board"
        return f"p{self.player} sends the bird to {where}"


@attrs.frozen
class ChooseFountainBird:
    """Squirrel: chooses the fountain bird that swaps with the chosen Location bird (rules:
    "Creatures").
    """

    kind: ClassVar[str] = "perch_bop.choose_fountain_bird"
    player: int
    """The seat that chooses."""
    slot: int
    """The fountain slot of the bird taken."""

    def __str__(self) -> str:
        return f"p{self.player} takes the bird in fountain slot {self.slot}"


@attrs.frozen
class MoveGoldenEgg:
    """Promos, Golden Goose: before Migration its controller moves the Golden Egg to a Location
    other than the one it lay on last round."""

    kind: ClassVar[str] = "perch_bop.move_golden_egg"
    player: int
    location: str

    def __str__(self) -> str:
        return f"p{self.player} moves the Golden Egg to {self.location}"


@attrs.frozen
class OrderTie:
    """Promos, Eagle of Justice: orders one tied group at one Location or Pond, best first;
    that order counts for this Upkeep's points and control."""

    kind: ClassVar[str] = "perch_bop.order_tie"
    player: int
    place: str  # a Location's or a Pond's tile id
    order: tuple[int, ...]  # the tied colours, best first

    def __str__(self) -> str:
        ranking = " > ".join(colour_name(c) for c in self.order)
        return f"p{self.player} has the Eagle of Justice rank {self.place}: {ranking}"


@attrs.frozen
class MoveYeti:
    """Promos, Yeti: the turn's bonus action moves it to an adjacent Location."""

    kind: ClassVar[str] = "perch_bop.move_yeti"
    player: int
    location: str

    def __str__(self) -> str:
        return f"p{self.player} moves the Yeti to {self.location}"


Action: TypeAlias = (
    KeepObjective
    | AddBird
    | Decline
    | ReturnBird
    | SwapBirds
    | Place
    | BuildBirdhouse
    | FeedBirds
    | Zap
    | ZapNest
    | EndTurn
    | ChooseSlot
    | PlaceScarecrow
    | ActivateCreature
    | MoveCreature
    | UseEffect
    | SkipEffect
    | ChooseBird
    | ChooseDestination
    | ChooseFountainBird
    | MoveGoldenEgg
    | OrderTie
    | MoveYeti
)
ACTION_CLASSES: tuple[type, ...] = (
    KeepObjective,
    AddBird,
    Decline,
    ReturnBird,
    SwapBirds,
    Place,
    BuildBirdhouse,
    FeedBirds,
    Zap,
    ZapNest,
    EndTurn,
    ChooseSlot,
    PlaceScarecrow,
    ActivateCreature,
    MoveCreature,
    UseEffect,
    SkipEffect,
    ChooseBird,
    ChooseDestination,
    ChooseFountainBird,
    MoveGoldenEgg,
    OrderTie,
    MoveYeti,
)
ACTION_TYPES: Final = ActionTypes("Perch", ACTION_CLASSES)
