"""The Peacock actions: one draft pick and the single steps of a migration."""

from __future__ import annotations

import enum
from typing import ClassVar, Final, TypeAlias

import attrs

from birdgames.fields import ActionTypes
from birdgames.peacock.cards import Season
from birdgames.peacock.state import Slot


class Source(enum.Enum):
    """Where a bird being placed comes from."""

    DRAFTED = "drafted"  # drafted this season
    ASIDE = "aside"  # set aside at a season change, or lifted off the tableau this migration
    RECEIVED = "received"  # passed by a neighbour for additional migration
    TABLEAU = "tableau"  # already in a flock (from_group, from_slot)


@attrs.frozen
class DraftCard:
    """Commits one card of the hand as this draft turn's hidden pick."""

    kind: ClassVar[str] = "peacock.draft_card"

    player: int
    """The seat that picks."""
    card: str
    """The card of the hand picked: a species or island type id."""

    def __str__(self) -> str:
        return f"p{self.player} drafts {self.card}"


@attrs.frozen
class PlaceIsland:
    """Places a drafted island card as a new group, turned to the season."""

    kind: ClassVar[str] = "peacock.place_island"

    player: int
    """The seat that places."""
    island: str
    """The drafted island type id."""

    def __str__(self) -> str:
        return f"p{self.player} places {self.island} as a new island"


@attrs.frozen
class TuckIsland:
    """Tucks a drafted island card under a group on one half."""

    kind: ClassVar[str] = "peacock.tuck_island"

    player: int
    """The seat that tucks."""
    island: str
    """The drafted island type id."""
    group: int
    """The group it goes under, by index in the tableau."""
    half: Season
    """The half that shows."""

    def __str__(self) -> str:
        return f"p{self.player} tucks {self.island} under group {self.group} {self.half.value} half"


@attrs.frozen
class PlaceBird:
    """Places one bird into a slot; from the tableau it names the flock it leaves."""

    kind: ClassVar[str] = "peacock.place_bird"

    player: int
    """The seat that places."""
    bird: str
    """The species id of the bird."""
    source: Source
    """Where the bird comes from."""
    group: int
    """The group the bird joins, by index in the tableau."""
    slot: Slot
    """The slot of that group."""
    from_group: int | None = None
    """From the tableau: the group the bird leaves; else None."""
    from_slot: Slot | None = None
    """From the tableau: the slot the bird leaves; else None."""

    def __str__(self) -> str:
        where = f"group {self.group} {self.slot.value}"
        if self.source is Source.TABLEAU and self.from_slot is not None:
            return (
                f"p{self.player} moves {self.bird} from group {self.from_group} "
                f"{self.from_slot.value} to {where}"
            )
        return f"p{self.player} places {self.bird} ({self.source.value}) on {where}"


@attrs.frozen
class LiftBird:
    """Lifts one bird off a flock of the tableau into the set-aside birds (one move)."""

    kind: ClassVar[str] = "peacock.lift_bird"

    player: int
    """The seat that lifts."""
    bird: str
    """The species id of the bird (the flock's)."""
    group: int
    """The group the bird leaves, by index in the tableau."""
    slot: Slot
    """The slot the bird leaves."""

    def __str__(self) -> str:
        return f"p{self.player} lifts {self.bird} from group {self.group} {self.slot.value}"


@attrs.frozen
class EndMigration:
    """Closes this player's migration or additional migration."""

    kind: ClassVar[str] = "peacock.end_migration"

    player: int
    """The seat that ends its migration."""

    def __str__(self) -> str:
        return f"p{self.player} ends migration"


Action: TypeAlias = DraftCard | PlaceIsland | TuckIsland | PlaceBird | LiftBird | EndMigration
ACTION_CLASSES: tuple[type, ...] = (
    DraftCard,
    PlaceIsland,
    TuckIsland,
    PlaceBird,
    LiftBird,
    EndMigration,
)
ACTION_TYPES: Final = ActionTypes("Peacock", ACTION_CLASSES)
