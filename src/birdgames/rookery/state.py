"""State and its parts; per-player data are tuples indexed by seat."""

from __future__ import annotations

import enum
from typing import ClassVar, Final, TypeAlias

import attrs

from birdgames.rng import Rng
from birdgames.rookery.cards import Habitat, Season

# Config lives in its own module (hatch_build.py says why); imported from here too.
from birdgames.rookery.config import Config

__all__ = [
    "AmbushWindow",
    "Bird",
    "Config",
    "DRAFT_ORDER",
    "DiscardChoice",
    "FRESH_TURN",
    "Pending",
    "Phase",
    "PileCard",
    "Predator",
    "Seat",
    "State",
    "TURN_ACTION_LIMIT",
    "TargetChoice",
    "TurnState",
    "Wheel",
    "ZONES",
    "ZONE_CAPACITY",
    "ZONE_INDEX",
    "Zone",
    "ZoneState",
]


class Zone(enum.Enum):
    """The three zones of the field (rules: "R1 Setup and the habitat draft")."""

    LEFT = "left"
    MIDDLE = "middle"
    RIGHT = "right"


ZONES: Final[tuple[Zone, ...]] = (Zone.LEFT, Zone.MIDDLE, Zone.RIGHT)
ZONE_INDEX: Final = {zone: index for index, zone in enumerate(ZONES)}
ZONE_CAPACITY: Final = 6  # R1.2 birds of both players, roosting included
TURN_ACTION_LIMIT: Final = 60  # R2.2 DECISION: after 60 actions a turn can only end
DRAFT_ORDER: Final[tuple[Zone, ...]] = (Zone.MIDDLE, Zone.LEFT, Zone.RIGHT)  # R1.4


class Phase(enum.Enum):
    """Where the game is: the habitat draft, play, or over."""

    DRAFT = "draft"
    PLAY = "play"
    OVER = "over"


@attrs.frozen
class Bird:
    """A bird in a zone (rules: "R3 Birds")."""

    uid: int
    """The card's id in play, from the public counter."""
    card: str
    """The bird card's catalog id."""
    owner: int
    """The seat that played it."""
    nested: bool
    """False: roosting (rules: "R3 Birds")."""
    tapped: bool
    """Whether it is tapped."""
    damage: int
    """Damage marked on it."""
    has_tapped: bool
    """Tapped this turn (rules: "R3 Birds")."""
    moved: bool
    """Moved this turn (rules: "R3 Birds")."""
    untapped: bool
    """An untap ability readied it this turn (rules: "R3 Birds")."""


@attrs.frozen
class Predator:
    """A predator in a zone, face up or face down (R6)."""

    uid: int
    card: str
    owner: int
    face_up: bool
    damage: int
    hunts: int  # hunts this turn (R6.2)
    readied: bool  # a ready ability let it hunt again this turn (R9.12)


@attrs.frozen
class PileCard:
    """A habitat card on a zone's flip pile (rules: "R5 Habitat cards")."""

    owner: int
    """The seat that played it."""
    card: str
    """The habitat card's catalog id."""


@attrs.frozen
class ZoneState:
    """One zone: habitat, birds and predators in entry order, flip pile."""

    habitat: Habitat | None  # None only during the draft
    birds: tuple[Bird, ...]
    predators: tuple[Predator, ...]
    pile: tuple[PileCard, ...]


@attrs.frozen
class Seat:
    """One player's cards, Song pool and Prizes."""

    hand: tuple[str, ...]
    deck: tuple[str, ...]  # top first
    discard: tuple[str, ...]  # oldest first
    song: int
    prizes: int


@attrs.frozen
class TurnState:
    """The active player's per-turn counters (rules: "R2 A turn")."""

    habitats_played: int
    """The next habitat card costs this much (rules: "R5 Habitat cards")."""
    season_played: bool
    """One Season card per turn (rules: "R7 Seasons, checkpoints, Prizes, winning")."""
    mobbed: tuple[bool, bool, bool]
    """One mob per zone per turn (rules: "R6 Predators, hunting, mobbing")."""
    hold_countdown: bool
    """A Season card was played: this EndTurn keeps the counter (rules: "R7 Seasons,
    checkpoints, Prizes, winning").
    """
    actions: int
    """Actions taken this turn, answers to pending decisions included (rules: "R2 A turn")."""


@attrs.frozen
class Wheel:
    """The season wheel (R7)."""

    season: Season
    turns_left: int
    turns_played: int  # turns played in this season; a season lasts 8 turns at most
    checkpoints: int
    sudden_death: int  # sudden-death checkpoints held (R7.5)


@attrs.frozen
class AmbushWindow:
    """The predator's owner may ambush the bird that just entered, or pass (rules: "R6
    Predators, hunting, mobbing").
    """

    kind: ClassVar[str] = "rookery.ambush_window"

    player: int
    """The predator's owner, who answers."""
    predator: int
    """The ambushing predator's uid."""
    target: int
    """The uid of the bird that just entered."""


@attrs.frozen
class DiscardChoice:
    """The player discards a card of their choice (rules: "R9 Abilities")."""

    kind: ClassVar[str] = "rookery.discard_choice"

    player: int
    """The player who discards."""
    source: str
    """The card whose ability asks."""


@attrs.frozen
class TargetChoice:
    """The player picks the target of a triggered ability of `card` (rules: "R8 Events")."""

    kind: ClassVar[str] = "rookery.target_choice"

    player: int
    """The player who picks."""
    source: int
    """Uid of the card in play."""
    card: str
    """The catalog id of the card whose ability triggered."""
    ability: int
    """Index into the card's abilities."""


Pending: TypeAlias = AmbushWindow | DiscardChoice | TargetChoice


# Not slotted: `legal_actions` notes its answer in the instance (birdgames.offered.offer), so
# `step` can skip `check` for an action it offered; the note is no field and no part of the
# value (equality, hash, codec and evolve ignore it).
@attrs.frozen(slots=False)
class State:
    """A whole Rookery game position."""

    kind: ClassVar[str] = "rookery.state"

    config: Config
    """The game's config."""
    rng: Rng
    """The generator for every later random draw."""
    phase: Phase
    """The habitat draft, play, or over."""
    draft_step: int
    """Habitat draft picks made so far."""
    first_player: int
    """The seat that takes the first turn."""
    active: int
    """The seat whose turn it is."""
    turn_number: int
    """Turns begun so far, 1 the first."""
    seats: tuple[Seat, Seat]
    """Each player's cards, Song pool and Prizes, in seat order."""
    zones: tuple[ZoneState, ZoneState, ZoneState]
    """The three zones of the field, in `Zone` order."""
    wheel: Wheel
    """The season wheel."""
    turn: TurnState
    """The active player's per-turn counters."""
    pending: tuple[Pending, ...]
    """The first is the decision now."""
    next_uid: int
    """Cards in play get ids from this public counter; ids reveal nothing (rules: "Views and
    events").
    """
    winners: tuple[int, ...]
    """The winning seats once the game is over; empty before."""


FRESH_TURN: Final = TurnState(0, False, (False, False, False), False, 0)
