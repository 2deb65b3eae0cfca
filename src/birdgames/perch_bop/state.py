"""State and its parts. Colours are ints: colour c < players is seat c's flock;
in a 2-player game colour 2 is the Bird-Brained dummy (§2.5)."""

from __future__ import annotations

import enum
from typing import ClassVar, Final

import attrs

# Config lives in its own module (hatch_build.py says why); imported from here too.
from birdgames.perch_bop.config import Config
from birdgames.rng import Rng

__all__ = [
    "Activation",
    "Arrival",
    "Await",
    "Birdfeeders",
    "Config",
    "Creature",
    "FinalScore",
    "Flow",
    "Location",
    "MIGRATION_ABILITIES",
    "MIGRATION_ROOKERY",
    "MIGRATION_TO_BAG",
    "PERCH_BEGIN",
    "PERCH_TURNS",
    "Phase",
    "Pond",
    "Ponds",
    "Promos",
    "RECRUIT_BIRDBATH",
    "RECRUIT_DONE",
    "RECRUIT_DRAW",
    "Seat",
    "Sky",
    "Spot",
    "Stage",
    "State",
    "TieOrder",
    "UPKEEP_CONTROL",
    "UPKEEP_LOCATIONS",
    "UPKEEP_SCORE_LOCATIONS",
    "UPKEEP_SCORE_PONDS",
    "UPKEEP_SKY",
    "UPKEEP_TURN_ORDER",
    "Where",
]


class Phase(enum.Enum):
    """Where the game stands."""

    OBJECTIVES = "objectives"
    MIGRATION = "migration"
    RECRUIT = "recruit"
    PERCH = "perch"
    UPKEEP = "upkeep"
    OVER = "over"


class Await(enum.Enum):
    """The decision the game waits for, apart from fountain slots."""

    NOTHING = "nothing"
    OBJECTIVE = "objective"
    EARLY_BIRD = "early_bird"
    ROOKERY = "rookery"
    BIRDBATH = "birdbath"
    FEEDER = "feeder"
    TURN = "turn"
    SCARECROW = "scarecrow"
    CREATURE = "creature"  # a creature activation is under way (§3, §6)
    GOLDEN_EGG = "golden_egg"  # the Golden Goose's controller moves the Egg (P8)
    EAGLE = "eagle"  # the Eagle of Justice's controller may order a tie (P8)


@attrs.frozen
class Location:
    """One board cell: its tile and, per colour, the stack there."""

    tile: str
    birds: tuple[int, ...]
    nested: tuple[bool, ...]  # the colour's stack sits on a nest
    housed: tuple[bool, ...]  # the colour's stack carries a birdhouse
    free_nests: int
    removed: bool = False


@attrs.frozen
class Seat:
    """One player's own things."""

    hand: tuple[int, ...]  # birds in hand, counted per colour (hands are public)
    score: int
    reached: int  # the tick when the score last changed (U2 tie-break); 0 = start
    dealt: tuple[str, ...]  # the two objectives dealt (hidden)
    objective: str | None  # the kept one (hidden until the end)
    birdhouse: bool  # still holds an unused birdhouse (from round 4)
    zap: bool  # still holds an unused lightning token (round 5)


class Where(enum.Enum):
    """The kind of place a creature's standee stands on."""

    CELL = "cell"  # a Location, by its board index
    INTERSECTION = "intersection"  # a three-tile intersection, by its P2 list index
    POND = "pond"  # a Pond (Pond-emonium), by its index among the game's Ponds


@attrs.frozen
class Spot:
    """Where a standee stands: typed, so a Pond or an intersection never passes for a cell
    of the same index (rules: "Board")."""

    where: Where
    """The kind of place."""
    index: int
    """The place's index among places of its kind."""


@attrs.frozen
class Creature:
    """A creature in play: who controls it and where its standee stands."""

    id: str
    controller: int | None  # a seat; None = nobody this round (U7)
    # Where the standee stands (the Scarecrow: an intersection); None = not yet out.
    position: Spot | None
    used: bool = False  # activated this round (§3: each creature at most once per round)


class Stage(enum.Enum):
    """The decision an activation waits for (one decision at a time; rules: "Creatures")."""

    MOVE = "move"  # the next path step, or the landing tile
    USE = "use"  # use or skip the effect as a whole
    BIRD = "bird"  # a bird for the effect's current part
    DESTINATION = "destination"  # where the chosen bird goes
    FOUNTAIN = "fountain"  # Squirrel: the fountain bird that swaps with the chosen one


@attrs.frozen
class Activation:
    """A creature activation in progress."""

    creature: str
    stage: Stage
    # Places are Location cells 0..L-1 and Ponds L+k (L = len(locations)); the Scarecrow's
    # start is its intersection. The standee itself stands on a typed Spot.
    start: int  # the standee's place when activated
    path: tuple[int, ...] = ()  # places entered so far, the landing place last
    part: int = 0  # the effect's part now being resolved
    chosen: tuple[int, int] | None = None  # (place, colour) of the bird picked for this part
    hit: tuple[int, ...] = ()  # cells the effect has taken a bird from (Scarecrow)


@attrs.frozen
class Arrival:
    """A bird on its way to the fountain; `chooser` picks its slot (rules: "Fountain and plaza")."""

    colour: int
    chooser: int


# The stages of each phase `Flow.stage` names, in the order the driver (flow.py) runs them;
# the sampler (sample.py) and the load check (invariants.py) read the same names. Saved as
# plain ints, each phase numbering its own stages from 0; `Flow.cursor` is how far a stage
# got. A decision awaited at a stage is answered before the stage goes on. The Objectives
# phase and the end of the game have one stage, 0.
MIGRATION_TO_BAG: Final = 0
"""Migration (§2.1) begins: the Golden Egg is moved first (P8), then birds go to the bag."""
MIGRATION_ABILITIES: Final = 1
"""Migration abilities in board order (the Early Bird's answer among them); the cursor is
the next Location."""
MIGRATION_ROOKERY: Final = 2
"""The Rookery at the cursor: its answers, then its leader's bird to the fountain."""
RECRUIT_BIRDBATH: Final = 0
"""Recruit (§2.2) begins: the Happy Birdbath's controller draws 3 before anyone."""
RECRUIT_DRAW: Final = 1
"""The Birdbath's controller keeps 2; the others draw from the bag, everyone takes 2 own
birds."""
RECRUIT_DONE: Final = 2
"""The Full Bird Feeder's controller may swap; then the Perch phase comes."""
PERCH_BEGIN: Final = 0
"""The Perch phase (§2.3) begins."""
PERCH_TURNS: Final = 1
"""Turns in turn order; the cursor is the turn player's place in it."""
UPKEEP_SCORE_LOCATIONS: Final = 0
"""At cursor 0 Upkeep (§2.4) begins and the Eagle of Justice may rule (P8, answered at
cursor 1); at cursor 1 the Locations score (P2 step 1)."""
UPKEEP_SCORE_PONDS: Final = 1
"""The Ponds score (P2 step 2)."""
UPKEEP_TURN_ORDER: Final = 2
"""The next round's turn order is set."""
UPKEEP_LOCATIONS: Final = 3
"""The Locations' Upkeep effects in board order; the cursor is the next Location."""
UPKEEP_CONTROL: Final = 4
"""Control of each creature is assigned (the Scarecrow then placed); the cursor is the next
creature."""
UPKEEP_SKY: Final = 5
"""The Sun and Moon move and the next round starts, or the game ends (P2 step 7)."""


@attrs.frozen
class Flow:
    """The driver's bookmark: phase, progress inside it and the awaited decision."""

    phase: Phase
    stage: int = 0  # the phase's step now: MIGRATION_TO_BAG, ... above
    cursor: int = 0
    awaiting: Await = Await.NOTHING
    actor: int = -1
    pending: tuple[int, ...] = ()  # players still to answer (Rookery), in turn order
    placed: bool = False  # this turn's bird is placed
    bonus_used: bool = False  # this turn's bonus action is taken
    activation: Activation | None = None  # the creature activation under way


@attrs.frozen
class FinalScore:
    """One player's end-game breakdown (rules: "End of the game")."""

    objective: str
    objective_met: bool
    objective_points: int
    largest_flock: int
    creatures: int
    fountain: int
    plaza: int
    round_points: int
    total: int


@attrs.frozen
class Birdfeeders:
    """Seeds the Day: the Birdfeeders still out and where the others went."""

    on: tuple[bool, ...]
    """Per Location: a Birdfeeder still waits there."""
    taken: tuple[int, ...]
    """Per seat: Birdfeeders taken (each scored 3)."""
    discarded: int
    """Left the game under one of the dummy's birds."""
    removed: int
    """Left the game with their Location."""


@attrs.frozen
class Sky:
    """Points in the Sky: the cells the Sun and the Moon cover."""

    sun: int
    """The board index of the cell under the Sun."""
    moon: int
    """The board index of the cell under the Moon."""


@attrs.frozen
class Pond:
    """Pond-emonium: one Pond on its intersection and the birds on it, per colour."""

    tile: str
    """The Pond tile's id."""
    intersection: int
    """Its index in the board's intersection list; Ponds are ordered by it."""
    birds: tuple[int, ...]
    """The birds on the Pond, counted per colour."""
    leader: int | None = None
    """The colour alone in first place at the last Pond scoring, who takes control of the
    Pond's creature in Upkeep (rules: "Pond-emonium"); None: nobody.
    """


@attrs.frozen
class Ponds:
    """Pond-emonium: the Ponds and every player's Bread."""

    ponds: tuple[Pond, ...]
    """The Ponds in play, ordered by their intersection."""
    bread: tuple[int, ...]
    """Per seat: Bread still held."""
    spent: tuple[int, ...]
    """Per seat: Bread discarded to Feed the Birds."""


@attrs.frozen
class TieOrder:
    """The Eagle of Justice's ruling (rules: "Promos"): one tied group at one place, best first."""

    place: Spot  # a Location (CELL) or a Pond (POND)
    order: tuple[int, ...]  # the tied colours, best first


@attrs.frozen
class Promos:
    """The Kickstarter promos in play (rules: "Promos"); `Config.promos` says which."""

    # The seat in last place when the round started: it holds every promo this round.
    controller: int | None
    egg: int | None = None  # Golden Goose: the Golden Egg's cell; None until first placed
    egg_moved: bool = False  # the Egg has moved this round (to a cell other than its last)
    yeti: int | None = None  # Yeti: its cell
    yeti_used: bool = False  # the Yeti moved this round
    eagle_used: bool = False  # the Eagle of Justice ruled this round
    ruling: TieOrder | None = None  # the Eagle's order, for this Upkeep's scoring and control


# Not slotted: `legal_actions` notes its answer in the instance (birdgames.offered.offer), so
# `step` can skip `check` for an action it offered; the note is no field and no part of the
# value (equality, hash, codec and evolve ignore it).
@attrs.frozen(slots=False)
class State:
    """The whole game, its config and rng included."""

    kind: ClassVar[str] = "perch_bop.state"

    config: Config
    """The game's config."""
    rng: Rng
    """The generator for every later random draw."""
    round: int
    """The round, 1 to 5."""
    flow: Flow
    """Where the game stands: phase, progress and the decision awaited."""
    turn_order: tuple[int, ...]
    """The seats in this round's turn order."""
    locations: tuple[Location, ...]
    """Board order (column, then row)."""
    supply: tuple[int, ...]
    """Per colour."""
    bag: tuple[int, ...]
    """Per colour; the bag has no order, draws use the rng."""
    seats: tuple[Seat, ...]
    """Each player's own things, in seat order."""
    fountain: tuple[int | None, ...]
    """Per slot: the colour in it."""
    plaza: tuple[int, ...]
    """Per colour."""
    arrivals: tuple[Arrival, ...]
    """Birds waiting for a fountain slot, oldest first."""
    creatures: tuple[Creature, ...]
    """The creatures in play, with controller and standee place."""
    tick: int
    """Counts score changes, to break turn-order ties (rules: "Upkeep")."""
    final: tuple[FinalScore, ...] = ()
    """Each seat's end-game breakdown, once the game is over."""
    feeders: Birdfeeders | None = None
    """None without Seeds the Day."""
    sky: Sky | None = None
    """None without Points in the Sky."""
    ponds: Ponds | None = None
    """None without Pond-emonium."""
    promos: Promos | None = None
    """None without promos."""
