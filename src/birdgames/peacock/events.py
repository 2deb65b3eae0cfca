"""What `step` reports; hidden contents are None in what other players are shown."""

from __future__ import annotations

from typing import ClassVar, TypeAlias

import attrs

from birdgames.peacock.actions import Source
from birdgames.peacock.cards import Season
from birdgames.peacock.state import Phase, Slot


def _cards(birds: tuple[str, ...] | None, islands: tuple[str, ...] | None, count: int) -> str:
    if birds is None or islands is None:
        return f"{count} cards"
    return ", ".join((*birds, *islands)) or "nothing"


@attrs.frozen
class HandDealt:
    """A player is dealt a new hand (contents only for that player)."""

    kind: ClassVar[str] = "peacock.hand_dealt"

    player: int
    """The seat dealt."""
    count: int
    """How many cards the hand holds."""
    birds: tuple[str, ...] | None
    """The birds dealt; None for every reader but that seat."""
    islands: tuple[str, ...] | None
    """The islands dealt; None for every reader but that seat."""

    def __str__(self) -> str:
        return f"p{self.player} is dealt {_cards(self.birds, self.islands, self.count)}"


@attrs.frozen
class PickCommitted:
    """A player puts a card face down (its identity only for that player)."""

    kind: ClassVar[str] = "peacock.pick_committed"

    player: int
    """The seat that picks."""
    card: str | None
    """The card picked; None for every reader but that seat."""

    def __str__(self) -> str:
        return f"p{self.player} picks {self.card or 'a card'} face down"


@attrs.frozen
class PickRevealed:
    """A committed pick turns face up into the player's drafted cards."""

    kind: ClassVar[str] = "peacock.pick_revealed"

    player: int
    """The seat whose pick turns up."""
    card: str
    """The card picked."""

    def __str__(self) -> str:
        return f"p{self.player} reveals {self.card}"


@attrs.frozen
class HandPassed:
    """The rest of a hand goes to the next player (contents for giver and receiver)."""

    kind: ClassVar[str] = "peacock.hand_passed"

    player: int
    """The seat that passes."""
    to: int
    """The seat that receives."""
    count: int
    """How many cards pass."""
    birds: tuple[str, ...] | None
    """The birds passed; None for every reader but giver and receiver."""
    islands: tuple[str, ...] | None
    """The islands passed; None for every reader but giver and receiver."""

    def __str__(self) -> str:
        cards = _cards(self.birds, self.islands, self.count)
        return f"p{self.player} passes {cards} to p{self.to}"


@attrs.frozen
class PhaseStarted:
    """A phase of the season starts."""

    kind: ClassVar[str] = "peacock.phase_began"

    phase: Phase
    """The phase that starts."""
    round: int
    """The season number, 1 to 3."""
    season: Season
    """The season now."""

    def __str__(self) -> str:
        name = self.phase.value.replace("_", " ")
        return f"season {self.round} ({self.season.value}): {name} begins"


@attrs.frozen
class IslandPlaced:
    """A drafted island card becomes a new group."""

    kind: ClassVar[str] = "peacock.island_placed"

    player: int
    """The seat that places."""
    island: str
    """The island type id."""
    group: int
    """The new group's index in the tableau."""

    def __str__(self) -> str:
        return f"p{self.player} places {self.island} as group {self.group}"


@attrs.frozen
class IslandTucked:
    """A drafted island card is tucked under a group on one half."""

    kind: ClassVar[str] = "peacock.island_tucked"

    player: int
    """The seat that tucks."""
    island: str
    """The island type id."""
    group: int
    """The group it goes under."""
    half: Season
    """The half that shows."""

    def __str__(self) -> str:
        return f"p{self.player} tucks {self.island} under group {self.group} {self.half.value} half"


@attrs.frozen
class BirdPlaced:
    """A bird from a pool joins a slot of the tableau."""

    kind: ClassVar[str] = "peacock.bird_placed"

    player: int
    """The seat whose tableau it is."""
    bird: str
    """The species id of the bird."""
    source: Source
    """The pool the bird comes from."""
    group: int
    """The group the bird joins."""
    slot: Slot
    """The slot the bird joins."""

    def __str__(self) -> str:
        return (
            f"p{self.player} places {self.bird} ({self.source.value}) "
            f"on group {self.group} {self.slot.value}"
        )


@attrs.frozen
class BirdMoved:
    """A bird leaves one flock of the tableau for another slot."""

    kind: ClassVar[str] = "peacock.bird_moved"

    player: int
    """The seat whose tableau it is."""
    bird: str
    """The species id of the bird."""
    from_group: int
    """The group the bird leaves."""
    from_slot: Slot
    """The slot the bird leaves."""
    group: int
    """The group the bird joins."""
    slot: Slot
    """The slot the bird joins."""

    def __str__(self) -> str:
        return (
            f"p{self.player} moves {self.bird} from group {self.from_group} "
            f"{self.from_slot.value} to group {self.group} {self.slot.value}"
        )


@attrs.frozen
class BirdLifted:
    """A bird leaves a flock of the tableau for the player's set-aside birds."""

    kind: ClassVar[str] = "peacock.bird_lifted"

    player: int
    """The seat whose tableau it is."""
    bird: str
    """The species id of the bird."""
    group: int
    """The group the bird leaves."""
    slot: Slot
    """The slot the bird leaves."""

    def __str__(self) -> str:
        return f"p{self.player} lifts {self.bird} from group {self.group} {self.slot.value}"


@attrs.frozen
class MigrationEnded:
    """A player closes their migration or additional migration."""

    kind: ClassVar[str] = "peacock.migration_ended"

    player: int
    """The seat that ends its migration."""

    def __str__(self) -> str:
        return f"p{self.player} ends migration"


@attrs.frozen
class BirdsPassed:
    """Unplaced birds go to the neighbour for additional migration."""

    kind: ClassVar[str] = "peacock.birds_passed"

    player: int
    """The seat that passes."""
    to: int
    """The seat that receives."""
    birds: tuple[str, ...]
    """The species ids of the birds passed, sorted."""

    def __str__(self) -> str:
        return f"p{self.player} passes unplaced {', '.join(self.birds)} to p{self.to}"


@attrs.frozen
class BirdsRemoved:
    """Received birds nobody placed leave the game."""

    kind: ClassVar[str] = "peacock.birds_removed"

    player: int
    """The seat whose received birds leave."""
    birds: tuple[str, ...]
    """The species ids of the birds that leave the game."""

    def __str__(self) -> str:
        return f"p{self.player} removes {', '.join(self.birds)} from the game"


@attrs.frozen
class BirdsSetAside:
    """At a season change, birds leave a flock for the player's set-aside birds."""

    kind: ClassVar[str] = "peacock.birds_set_aside"

    player: int
    """The seat whose flock it is."""
    bird: str
    """The flock's species id."""
    count: int
    """How many birds leave the flock."""
    group: int
    """The flock's group."""
    slot: Slot
    """The flock's slot."""
    reason: str
    """Why, in words: the requirement no longer met or the flock's new maximum."""

    def __str__(self) -> str:
        return (
            f"p{self.player} sets aside {self.count} {self.bird} from group {self.group} "
            f"{self.slot.value}: {self.reason}"
        )


@attrs.frozen
class FlockScore:
    """One flock's score: per bird feathers and bonus, and the flock's points."""

    group: int
    """The flock's group."""
    slot: Slot
    """The flock's slot."""
    species: str
    """The flock's species id."""
    size: int
    """How many birds the flock holds."""
    feathers: int
    """Printed feathers per bird."""
    bonus: int
    """Bonus feathers per bird (possibly negative)."""
    points: int
    """The flock's points: size times (feathers plus bonus)."""


@attrs.frozen
class SeasonScored:
    """A player's score for the season, flock by flock."""

    kind: ClassVar[str] = "peacock.season_scored"

    player: int
    """The seat scored."""
    round: int
    """The season number, 1 to 3."""
    season: Season
    """The season scored."""
    points: int
    """The seat's points this season."""
    total: int
    """The seat's total so far."""
    flocks: tuple[FlockScore, ...]
    """Each scoring flock's points."""

    def __str__(self) -> str:
        parts = "; ".join(
            f"{f.size} {f.species} x ({f.feathers}{f.bonus:+d}) = {f.points}" for f in self.flocks
        )
        return (
            f"p{self.player} scores {self.points} in season {self.round} "
            f"({parts or 'no birds'}), total {self.total}"
        )


@attrs.frozen
class SeasonChanged:
    """The season card flips and every island rotates."""

    kind: ClassVar[str] = "peacock.season_changed"

    round: int
    """The number of the season that begins, 1 to 3."""
    season: Season
    """The season that begins."""

    def __str__(self) -> str:
        return f"the season turns {self.season.value}; season {self.round} begins"


@attrs.frozen
class GameEnded:
    """The game ends: totals, ratings and winners."""

    kind: ClassVar[str] = "peacock.game_over"

    totals: tuple[int, ...]
    """Each seat's final total."""
    ratings: tuple[str, ...]
    """Each seat's rating for its total (see `peacock.rating`)."""
    winners: tuple[int, ...]
    """The winning seats (more than one on a tie)."""

    def __str__(self) -> str:
        totals = ", ".join(
            f"p{i} {t} ({r})"
            for i, (t, r) in enumerate(zip(self.totals, self.ratings, strict=True))
        )
        won = ", ".join(f"p{w}" for w in self.winners)
        return f"game over: {totals}; winner {won}"


Event: TypeAlias = (
    HandDealt
    | PickCommitted
    | PickRevealed
    | HandPassed
    | PhaseStarted
    | IslandPlaced
    | IslandTucked
    | BirdPlaced
    | BirdMoved
    | BirdLifted
    | MigrationEnded
    | BirdsPassed
    | BirdsRemoved
    | BirdsSetAside
    | SeasonScored
    | SeasonChanged
    | GameEnded
)
EVENT_CLASSES: tuple[type, ...] = (
    HandDealt,
    PickCommitted,
    PickRevealed,
    HandPassed,
    PhaseStarted,
    IslandPlaced,
    IslandTucked,
    BirdPlaced,
    BirdMoved,
    BirdLifted,
    MigrationEnded,
    BirdsPassed,
    BirdsRemoved,
    BirdsSetAside,
    SeasonScored,
    SeasonChanged,
    GameEnded,
)

# Deprecated aliases of renamed events, kept for one release (see CHANGELOG.md).
GameOver = GameEnded
PhaseBegan = PhaseStarted
