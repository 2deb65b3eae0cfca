"""What one player (or a spectator) sees: built from allowed fields only (rules: "Hidden
information").
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar

import attrs

from birdgames.core import check_spectator_or_player
from birdgames.peacock.cards import Season
from birdgames.peacock.rules import to_act
from birdgames.peacock.scoring import group_counts
from birdgames.peacock.state import (
    BLUE,
    MIGRATION,
    MOVES_PER_MIGRATION,
    ORANGE,
    Flock,
    Group,
    Phase,
    Seat,
    State,
    Tuck,
    direction,
)

# Views are dict classes (slots=False): a view then costs 17-30% fewer instructions than with
# slots (callgrind, Perch 4p, Peacock 3p, Rookery; Python 3.11), and bots build one a decision.


@attrs.frozen(slots=False)
class GroupView:
    """A group as everyone sees it, with the resources it offers this season."""

    island: str
    """The island card the group is built on."""
    tucks: tuple[Tuck, ...]
    """The island cards tucked under it, in the order tucked."""
    left: Flock | None
    """The flock in the left slot, if any."""
    right: Flock | None
    """The flock in the right slot, if any."""
    plant: int
    """The plant the group offers this season."""
    fish: int
    """The fish the group offers this season."""
    meat: int
    """The meat the group offers this season."""


@attrs.frozen(slots=False)
class SeatView:
    """One player's area; hand contents and pick only for that player themself."""

    hand_size: int
    """How many cards the seat's hand holds."""
    hand_birds: tuple[str, ...] | None
    """The birds in the hand, sorted; None unless the viewer is this seat."""
    hand_islands: tuple[str, ...] | None
    """The islands in the hand, sorted; None unless the viewer is this seat."""
    committed: bool
    """Whether the seat has picked this draft step (not what)."""
    pick: str | None
    """The committed pick; None unless the viewer is this seat."""
    drafted_birds: tuple[str, ...]
    """Birds drafted and not yet placed, sorted (public)."""
    drafted_islands: tuple[str, ...]
    """Islands drafted and not yet placed, sorted (public)."""
    aside: tuple[str, ...]
    """Birds set aside at the last season change or lifted this migration, sorted (public)."""
    received: tuple[str, ...]
    """Birds received in additional migration, sorted (public)."""
    groups: tuple[GroupView, ...]
    """The seat's tableau: starting islands first, then each new group."""
    done: bool
    """Whether the seat has ended its migration."""
    moves_left: int
    """Tableau moves and lifts the seat may still make this migration (of
    `MOVES_PER_MIGRATION`); 0 outside migration, where nothing on a tableau moves."""
    season_scores: tuple[int, ...]
    """The seat's score for each finished season, in order."""
    total: int
    """The sum of `season_scores`."""

    @property
    def score(self) -> int:
        """The seat's running score, `total` (`SeatLike`)."""
        return self.total


@attrs.frozen(slots=False)
class View:
    """A snapshot of the table for `player` (None: a spectator)."""

    kind: ClassVar[str] = "peacock.view"

    player: int | None
    """The seat viewed; None for a spectator."""
    players: int
    """The player count."""
    round: int
    """The season number, 1 to 3."""
    season: Season
    """The season now."""
    direction: int
    """The seat step cards pass in: 1 (to seat i+1) in blue, -1 (to i-1) in orange."""
    phase: Phase
    """Where the current season stands."""
    to_act: tuple[int, ...]
    """The seats that may act now; more than one while the draft is simultaneous."""
    seats: tuple[SeatView, ...]
    """Each seat's area, in seat order."""
    bird_deck_size: int
    """How many cards the bird deck holds."""
    island_deck_size: int
    """How many cards the island deck holds."""
    boxed_birds: tuple[str, ...]
    """The birds back in the box at this player count, sorted."""
    boxed_islands: tuple[str, ...]
    """The islands back in the box at this player count, sorted."""
    gone: tuple[str, ...]
    """The public pile of birds that left the game, sorted."""
    scores: tuple[int, ...]
    """Each seat's running total."""
    is_terminal: bool
    """Whether the game is over."""
    decision: None
    """Peacock never waits on one player's answer to another's move."""


# Views are built from cached parts, keyed by value: a seat a step left alone is the same
# object in the next state (its hash cached, its equality an identity check), so a view of a
# new state rebuilds only the seat that changed.
@lru_cache(maxsize=4096)
def _group_view(group: Group, blue: bool) -> GroupView:
    plant, fish, meat = group_counts(group, BLUE if blue else ORANGE)
    return GroupView(group.island, group.tucks, group.left, group.right, plant, fish, meat)


@lru_cache(maxsize=1024)
def seat_view(seat: Seat, mine: bool, blue: bool, migration: bool) -> SeatView:
    """Returns a seat as a viewer sees it: its hand and pick shown when `mine` (cached)."""
    hand = seat.hand
    pool = seat.pool
    return SeatView(
        len(hand.birds) + len(hand.islands),
        hand.birds if mine else None,
        hand.islands if mine else None,
        seat.pick is not None,
        seat.pick if mine else None,
        pool.drafted_birds,
        pool.drafted_islands,
        pool.aside,
        pool.received,
        tuple([_group_view(group, blue) for group in seat.groups]),
        seat.done,
        MOVES_PER_MIGRATION - seat.moves if migration else 0,
        seat.season_scores,
        sum(seat.season_scores),
    )


def view(state: State, player: int | None) -> View:
    """Returns what `player` can see now; a bad player raises InvalidConfigError."""
    me = check_spectator_or_player(player, len(state.seats))
    season = state.season
    blue = season is BLUE
    migration = state.phase is MIGRATION
    seats = tuple([seat_view(seat, i == me, blue, migration) for i, seat in enumerate(state.seats)])
    acting = to_act(state)  # empty exactly when the game is over (GAME.is_terminal)
    return View(
        me,
        len(state.seats),
        state.round,
        season,
        direction(season),
        state.phase,
        acting,
        seats,
        len(state.bird_deck),
        len(state.island_deck),
        state.boxed_birds,
        state.boxed_islands,
        state.gone,
        tuple(s.total for s in seats),
        not acting,
        None,
    )
