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
    count: int
    birds: tuple[str, ...] | None
    islands: tuple[str, ...] | None

    def __str__(self) -> str:
        return f"p{self.player} is dealt {_cards(self.birds, self.islands, self.count)}"


@attrs.frozen
class PickCommitted:
    """A player puts a card face down (its identity only for that player)."""

    kind: ClassVar[str] = "peacock.pick_committed"

    player: int
    card: str | None

    def __str__(self) -> str:
        return f"p{self.player} picks {self.card or 'a card'} face down"


@attrs.frozen
class PickRevealed:
    """A committed pick turns face up into the player's drafted cards."""

    kind: ClassVar[str] = "peacock.pick_revealed"

    player: int
    card: str

    def __str__(self) -> str:
        return f"p{self.player} reveals {self.card}"


@attrs.frozen
class HandPassed:
    """The rest of a hand goes to the next player (contents for giver and receiver)."""

    kind: ClassVar[str] = "peacock.hand_passed"

    player: int
    to: int
    count: int
    birds: tuple[str, ...] | None
    islands: tuple[str, ...] | None

    def __str__(self) -> str:
        cards = _cards(self.birds, self.islands, self.count)
        return f"p{self.player} passes {cards} to p{self.to}"


@attrs.frozen
class PhaseStarted:
    """A phase of the season starts."""

    kind: ClassVar[str] = "peacock.phase_began"

    phase: Phase
    round: int
    season: Season

    def __str__(self) -> str:
        name = self.phase.value.replace("_", " ")
        return f"season {self.round} ({self.season.value}): {name} begins"


@attrs.frozen
class IslandPlaced:
    """A drafted island card becomes a new group."""

    kind: ClassVar[str] = "peacock.island_placed"

    player: int
    island: str
    group: int

    def __str__(self) -> str:
        return f"p{self.player} places {self.island} as group {self.group}"


@attrs.frozen
class IslandTucked:
    """A drafted island card is tucked under a group on one half."""

    kind: ClassVar[str] = "peacock.island_tucked"

    player: int
    island: str
    group: int
    half: Season

    def __str__(self) -> str:
        return f"p{self.player} tucks {self.island} under group {self.group} {self.half.value} half"


@attrs.frozen
class BirdPlaced:
    """A bird from a pool joins a slot of the tableau."""

    kind: ClassVar[str] = "peacock.bird_placed"

    player: int
    bird: str
    source: Source
    group: int
    slot: Slot

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
    bird: str
    from_group: int
    from_slot: Slot
    group: int
    slot: Slot

    def __str__(self) -> str:
        return (
            f"p{self.player} moves {self.bird} from group {self.from_group} "
            f"{self.from_slot.value} to group {self.group} {self.slot.value}"
        )


@attrs.frozen
class MigrationEnded:
    """A player closes their migration or additional migration."""

    kind: ClassVar[str] = "peacock.migration_ended"

    player: int

    def __str__(self) -> str:
        return f"p{self.player} ends migration"


@attrs.frozen
class BirdsPassed:
    """Unplaced birds go to the neighbour for additional migration."""

    kind: ClassVar[str] = "peacock.birds_passed"

    player: int
    to: int
    birds: tuple[str, ...]

    def __str__(self) -> str:
        return f"p{self.player} passes unplaced {', '.join(self.birds)} to p{self.to}"


@attrs.frozen
class BirdsRemoved:
    """Received birds nobody placed leave the game."""

    kind: ClassVar[str] = "peacock.birds_removed"

    player: int
    birds: tuple[str, ...]

    def __str__(self) -> str:
        return f"p{self.player} removes {', '.join(self.birds)} from the game"


@attrs.frozen
class BirdsSetAside:
    """At a season change, birds leave a flock for the player's set-aside birds."""

    kind: ClassVar[str] = "peacock.birds_set_aside"

    player: int
    bird: str
    count: int
    group: int
    slot: Slot
    reason: str

    def __str__(self) -> str:
        return (
            f"p{self.player} sets aside {self.count} {self.bird} from group {self.group} "
            f"{self.slot.value}: {self.reason}"
        )


@attrs.frozen
class FlockScore:
    """One flock's score: per bird feathers and bonus, and the flock's points."""

    group: int
    slot: Slot
    species: str
    size: int
    feathers: int
    bonus: int
    points: int


@attrs.frozen
class SeasonScored:
    """A player's score for the season, flock by flock."""

    kind: ClassVar[str] = "peacock.season_scored"

    player: int
    round: int
    season: Season
    points: int
    total: int
    flocks: tuple[FlockScore, ...]

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
    season: Season

    def __str__(self) -> str:
        return f"the season turns {self.season.value}; season {self.round} begins"


@attrs.frozen
class GameEnded:
    """The game ends: totals, ratings and winners."""

    kind: ClassVar[str] = "peacock.game_over"

    totals: tuple[int, ...]
    ratings: tuple[str, ...]
    winners: tuple[int, ...]

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
