"""State and its parts: hands, pools, tableau groups and flocks."""

from __future__ import annotations

import enum
from typing import ClassVar, Final

import attrs

from birdgames.peacock.cards import SPECIES, Season

# Config lives in its own module (hatch_build.py says why); imported from here too.
from birdgames.peacock.config import Config
from birdgames.rng import Rng

__all__ = [
    "ADDITIONAL",
    "BLUE",
    "Config",
    "DRAFT",
    "Flock",
    "Group",
    "Hand",
    "LEFT",
    "MIGRATION",
    "MOVES_PER_MIGRATION",
    "ORANGE",
    "OVER",
    "Phase",
    "Pool",
    "RIGHT",
    "SLOTS",
    "Seat",
    "Slot",
    "State",
    "Tuck",
]


class Slot(enum.Enum):
    """One of the two flock slots of a group."""

    LEFT = "left"
    RIGHT = "right"


SLOTS: Final = (Slot.LEFT, Slot.RIGHT)
LEFT: Final = Slot.LEFT
RIGHT: Final = Slot.RIGHT
BLUE: Final = Season.BLUE
ORANGE: Final = Season.ORANGE

# K2.3 placed birds move freely within a migration, up to this many moves per player (DECISION).
# Any rearrangement lifts each bird that changes slot once (a move or a lift) and places the
# lifted ones again for free, so it needs at most one move per bird on the tableau; no
# tableau can hold more birds than the whole deck has (72 cards), so none is refused.
MOVES_PER_MIGRATION: Final = sum(species.copies for species in SPECIES)


class Phase(enum.Enum):
    """Where the current season stands (rules: "A season (three in a game)")."""

    DRAFT = "draft"
    MIGRATION = "migration"
    ADDITIONAL = "additional_migration"
    OVER = "over"


DRAFT: Final = Phase.DRAFT
MIGRATION: Final = Phase.MIGRATION
ADDITIONAL: Final = Phase.ADDITIONAL
OVER: Final = Phase.OVER


# Hashes are cached on the tableau's parts: views are cached by seat value (view.py), and a
# seat left alone by a step is the same object in the next state, so its hash is read, not
# recomputed.
@attrs.frozen(cache_hash=True)
class Flock:
    """Birds of one species in one slot."""

    kind: ClassVar[str] = "peacock.flock"

    species: str
    """The species id (a key of `SPECIES`)."""
    size: int
    """How many birds of the species the slot holds."""


@attrs.frozen(cache_hash=True)
class Tuck:
    """An island card tucked under a group on one half (it adds that half's resource)."""

    island: str
    """The tucked island card's type id (a key of `ISLAND_TYPES`)."""
    half: Season
    """The half that shows, whose resource the group gains."""


@attrs.frozen(cache_hash=True)
class Group:
    """An island with its tucked upgrades and its two flock slots."""

    island: str
    """The island card the group is built on (a starting island or a deck island type)."""
    tucks: tuple[Tuck, ...] = ()
    """The island cards tucked under it, in the order tucked."""
    left: Flock | None = None
    """The flock in the left slot, if any."""
    right: Flock | None = None
    """The flock in the right slot, if any."""

    def flock(self, slot: Slot) -> Flock | None:
        """Returns the flock in `slot`, if any."""
        return self.left if slot is LEFT else self.right

    def with_flock(self, slot: Slot, flock: Flock | None) -> Group:
        """Returns this group with `flock` in `slot` (None empties it)."""
        if slot is LEFT:
            return Group(self.island, self.tucks, flock, self.right)
        return Group(self.island, self.tucks, self.left, flock)


@attrs.frozen(cache_hash=True)
class Hand:
    """The cards a player is drafting from (hidden from the others), sorted."""

    birds: tuple[str, ...] = ()
    islands: tuple[str, ...] = ()


@attrs.frozen(cache_hash=True)
class Pool:
    """Public cards in front of a player that are not on the tableau, each tuple sorted."""

    drafted_birds: tuple[str, ...] = ()
    drafted_islands: tuple[str, ...] = ()
    aside: tuple[str, ...] = ()
    received: tuple[str, ...] = ()


@attrs.frozen(cache_hash=True)
class Seat:
    """Everything one player has."""

    hand: Hand
    pick: str | None
    pool: Pool
    groups: tuple[Group, ...]
    done: bool
    season_scores: tuple[int, ...]
    moves: int = 0  # K2.3 tableau moves this migration (of MOVES_PER_MIGRATION)


# Not slotted: `legal_actions` notes its answer in the instance (birdgames.offered.offer), so
# `apply` can skip `check` for an action it offered; the note is no field and no part of the
# value (equality, hash, codec and evolve ignore it).
@attrs.frozen(slots=False)
class State:
    """A whole Peacock game position, with its config and rng."""

    kind: ClassVar[str] = "peacock.state"

    config: Config
    """The game's config."""
    rng: Rng
    """The generator for every later random draw."""
    season: Season
    """The season now; it turns the island halves and the passing direction."""
    round: int
    """The season number, 1 to 3."""
    phase: Phase
    """Where the current season stands."""
    seats: tuple[Seat, ...]
    """Each player's cards, in seat order."""
    bird_deck: tuple[str, ...]
    """The bird deck, top card first (hidden)."""
    island_deck: tuple[str, ...]
    """The island deck, top card first (hidden)."""
    boxed_birds: tuple[str, ...]
    """The birds back in the box at this player count (public, sorted)."""
    boxed_islands: tuple[str, ...]
    """The islands back in the box at this player count (public, sorted)."""
    gone: tuple[str, ...]
    """The public pile of birds that left the game, sorted."""


def other_season(season: Season) -> Season:
    """Returns the other season colour."""
    return ORANGE if season is BLUE else BLUE


def direction(season: Season) -> int:
    """Returns the passing step: blue passes to seat i+1, orange to seat i-1 (DECISION)."""
    return 1 if season is BLUE else -1
