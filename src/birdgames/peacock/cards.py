"""The Peacock catalog as typed data: 14 species, 3 island types, 3 starting islands.

Values follow the catalog (peacock_catalog.md §6); rulebook-sourced values are kept as printed.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

import attrs


class Resource(enum.Enum):
    """A resource an island half provides."""

    PLANT = "plant"
    FISH = "fish"
    MEAT = "meat"


class Season(enum.Enum):
    """The season colour; also names an island half."""

    BLUE = "blue"
    ORANGE = "orange"


class Need(enum.Enum):
    """How a bird's requirement reads."""

    SINGLE = "single"  # one of res[0]
    EITHER = "or"  # one of res[0] or one of res[1]
    DOUBLE = "double"  # two of res[0]


class Trigger(enum.Enum):
    """When a bird's bonus is active."""

    SEASON = "season"
    FULL_FLOCK = "full_flock"
    BUDDY = "buddy"
    RESOURCE = "resource"


class Effect(enum.Enum):
    """What an active bonus does."""

    FEATHERS = "feathers"  # +value feathers for each bird of the flock
    FLOCK_SIZE = "flock_size"  # the flock's maximum grows by 1, once


@attrs.frozen
class Species:
    """One bird species as printed on its cards."""

    id: str
    """The species' catalog key, as cards and actions name it."""
    need: Need
    """How the requirement reads against `res`."""
    res: tuple[Resource, ...]
    """The resources of the requirement (see `need`)."""
    feathers: int
    """Points each bird of a flock scores before bonuses."""
    flock: int
    """The largest flock of the species a slot may hold."""
    copies: int
    """Cards of the species in the full deck."""
    trigger: Trigger
    """When the bonus is active."""
    effect: Effect
    """What the active bonus does."""
    value: int
    """The bonus's amount (feathers per bird; negative lowers them)."""
    season: Season | None = None
    """The season a `SEASON` bonus needs."""
    buddy: str | None = None
    """The species a `BUDDY` bonus needs in the same group."""
    buddy_count: int = 0
    """How many of `buddy` the group must hold, counting both slots."""
    resource: Resource | None = None
    """The resource a `RESOURCE` bonus needs the group to offer."""


@attrs.frozen
class IslandType:
    """A deck island card type: one resource on each half."""

    id: str
    """The island type's catalog key."""
    blue: Resource
    """The resource of its blue half."""
    orange: Resource
    """The resource of its orange half."""
    copies: int
    """Cards of the type in the full deck."""
    copies_2p: int
    """Cards of the type in play with 2 players."""


@attrs.frozen
class StartingIsland:
    """A starting island card, named by the dots on its back."""

    id: str
    """The starting island's key (`start_1` to `start_3`)."""
    dots: int
    """The dots on its back (1 to 3), its group number plus one."""
    blue: tuple[Resource, ...]
    """The resources of its blue half."""
    orange: tuple[Resource, ...]
    """The resources of its orange half."""


P: Final = Resource.PLANT
F: Final = Resource.FISH
M: Final = Resource.MEAT
BLUE: Final = Season.BLUE
ORANGE: Final = Season.ORANGE

SPECIES: Final[tuple[Species, ...]] = (
    Species("hummingbird", Need.SINGLE, (P,), 2, 3, 7, Trigger.BUDDY, Effect.FEATHERS, 2,
            buddy="puffin", buddy_count=1),
    Species("puffin", Need.SINGLE, (F,), 2, 3, 7, Trigger.SEASON, Effect.FEATHERS, 1,
            season=BLUE),
    Species("ostrich", Need.DOUBLE, (P,), 5, 1, 3, Trigger.RESOURCE, Effect.FEATHERS, 2,
            resource=M),
    Species("vulture", Need.SINGLE, (M,), 2, 3, 7, Trigger.FULL_FLOCK, Effect.FEATHERS, 2),
    Species("owl", Need.SINGLE, (M,), 4, 1, 5, Trigger.SEASON, Effect.FLOCK_SIZE, 1,
            season=ORANGE),
    Species("kingfisher", Need.SINGLE, (F,), 2, 3, 6, Trigger.FULL_FLOCK, Effect.FEATHERS, 2),
    Species("heron", Need.DOUBLE, (F,), 4, 2, 4, Trigger.BUDDY, Effect.FEATHERS, 2,
            buddy="kingfisher", buddy_count=2),
    Species("peacock", Need.SINGLE, (P,), 6, 1, 3, Trigger.SEASON, Effect.FEATHERS, -2,
            season=ORANGE),
    Species("flamingo", Need.EITHER, (F, P), 2, 4, 6, Trigger.FULL_FLOCK, Effect.FEATHERS, 2),
    Species("pelican", Need.DOUBLE, (F,), 3, 3, 4, Trigger.SEASON, Effect.FEATHERS, 1,
            season=ORANGE),
    Species("eagle", Need.DOUBLE, (M,), 5, 1, 3, Trigger.RESOURCE, Effect.FEATHERS, 1,
            resource=F),
    Species("crow", Need.EITHER, (M, P), 2, 4, 7, Trigger.BUDDY, Effect.FEATHERS, 1,
            buddy="vulture", buddy_count=1),
    Species("parrot", Need.SINGLE, (P,), 3, 2, 4, Trigger.SEASON, Effect.FLOCK_SIZE, 1,
            season=BLUE),
    Species("seagull", Need.EITHER, (F, M), 2, 4, 6, Trigger.BUDDY, Effect.FEATHERS, 1,
            buddy="pelican", buddy_count=1),
)  # fmt: skip

ISLAND_TYPES: Final[tuple[IslandType, ...]] = (
    IslandType("grove", P, M, 8, 6),  # catalog type A
    IslandType("reef", F, P, 8, 6),  # catalog type B
    IslandType("crag", M, F, 8, 6),  # catalog type C
)

STARTING_ISLANDS: Final[tuple[StartingIsland, ...]] = (
    StartingIsland("start_1", 1, (P, F), (M, P)),
    StartingIsland("start_2", 2, (F, M), (P, F)),
    StartingIsland("start_3", 3, (M, P), (F, M)),
)

# Birds and islands dealt to each player in seasons 1, 2 and 3 (K2.1).
DEAL_BIRDS: Final[tuple[int, int, int]] = (5, 6, 7)
DEAL_ISLANDS: Final[tuple[int, int, int]] = (2, 2, 2)
SEASONS_PER_GAME: Final = 3

# Lookups built once at import, so rules code never scans the catalog.
SPECIES_BY_ID: Final[Mapping[str, Species]] = MappingProxyType({s.id: s for s in SPECIES})
ISLAND_TYPE_BY_ID: Final[Mapping[str, IslandType]] = MappingProxyType(
    {t.id: t for t in ISLAND_TYPES}
)
STARTING_BY_ID: Final[Mapping[str, StartingIsland]] = MappingProxyType(
    {s.id: s for s in STARTING_ISLANDS}
)

# K3 score ratings: the lowest total of each band.
RATINGS: Final[tuple[tuple[int, str], ...]] = ((150, "Fabulous"), (100, "Fancy"), (0, "Fair"))
