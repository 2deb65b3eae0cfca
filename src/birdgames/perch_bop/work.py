"""A private mutable working copy of a State: the reducer thaws, edits, then freezes.

Nothing here escapes: apply() thaws a fresh copy, so no caller's state is ever mutated. The
working copy holds the State's fields as they are and the flow's field by field
(`thawed.Held`, generated from the State's fields by scripts/write_thawed.py), except the
Locations, the seats and the creatures, which it thaws part by part on first write
(`thawed.WLoc`...). A field added to State or Flow is carried through every step once the
script has run.
"""

from __future__ import annotations

from collections.abc import Sequence

from birdgames.perch_bop.actions import Action
from birdgames.perch_bop.events import Event
from birdgames.perch_bop.scoring import location_strengths, strengths
from birdgames.perch_bop.state import (
    Arrival,
    Await,
    Creature,
    Location,
    Seat,
    State,
)
from birdgames.perch_bop.thawed import Held, WCreature, WLoc, WSeat


def loc_power(loc: Location | WLoc) -> tuple[int, ...]:
    """Returns each colour's strength at a Location, frozen or working."""
    if isinstance(loc, WLoc):
        return strengths(loc.birds, loc.nested, loc.housed)
    return location_strengths(loc)


def frozen(loc: Location | WLoc) -> Location:
    """Returns a Location as a frozen value, freezing a working one."""
    return loc.freeze() if isinstance(loc, WLoc) else loc


class Work(Held):
    """The whole mutable game plus the events of this step."""

    __slots__ = (
        "_creatures",
        "_one",
        "_one_creature",
        "_powers",
        "_seats",
        "bonus_left",
        "events",
        "frozen_creatures",
        "frozen_locs",
        "frozen_seats",
        "log",
    )

    def __init__(self, state: State, log: bool = True) -> None:
        # Whether this step's events are wanted: `apply` drops them, so none are built.
        self.log = log
        Held.__init__(self, state)
        # Locations thaw one by one on first write: a placement touches one, and readers
        # (scoring, creature options) read frozen and working ones alike.
        self.frozen_locs = state.locations
        self._one: dict[int, WLoc] = {}
        # Strengths of Locations not thawed, each computed once: a round's end reads every
        # Location's several times (its scoring, the Ponds beside it, creature control).
        self._powers: dict[int, tuple[int, ...]] | None = None
        # Seats thaw one by one on first write: most steps touch one seat or none.
        self.frozen_seats = state.seats
        self._seats: dict[int, WSeat] = {}
        # Creatures thaw on first write, one by one (an activation) or all (a new round).
        self.frozen_creatures = state.creatures
        self._creatures: list[WCreature] | None = None
        self._one_creature: dict[int, WCreature] = {}
        self.events: list[Event] = []
        # The bonus actions (then EndTurn) a placement found left, for the next state's note.
        self.bonus_left: tuple[Action, ...] | None = None

    def freeze(self) -> State:
        """Returns the State the working copy holds now."""
        return self.state(self._freeze_locs(), self._freeze_seats(), self._freeze_creatures())

    def seat(self, player: int) -> WSeat:
        """Returns a seat, thawing only it (edits go through to the next freeze)."""
        found = self._seats.get(player)
        if found is None:
            found = self._seats[player] = WSeat(self.frozen_seats[player])
        return found

    def peek_seat(self, player: int) -> WSeat | Seat:
        """Returns a seat for reading, without thawing it."""
        return self._seats.get(player) or self.frozen_seats[player]

    def _freeze_seats(self) -> tuple[Seat, ...]:
        one = self._seats
        if not one:
            return self.frozen_seats
        seats = list(self.frozen_seats)
        for p, seat in one.items():
            seats[p] = seat.freeze()
        return tuple(seats)

    @property
    def creatures(self) -> list[WCreature]:
        """Returns every creature, thawed (edits go through to the next freeze)."""
        if self._creatures is None:
            one = self._one_creature
            self._creatures = [
                one.get(k) or WCreature(c) for k, c in enumerate(self.frozen_creatures)
            ]
        return self._creatures

    def creature(self, k: int) -> WCreature:
        """Returns creature k, thawing only it."""
        if self._creatures is not None:
            return self._creatures[k]
        found = self._one_creature.get(k)
        if found is None:
            found = self._one_creature[k] = WCreature(self.frozen_creatures[k])
        return found

    def peek_creature(self, k: int) -> WCreature | Creature:
        """Returns creature k for reading, without thawing it."""
        if self._creatures is not None:
            return self._creatures[k]
        return self._one_creature.get(k) or self.frozen_creatures[k]

    def peek_creatures(self) -> Sequence[WCreature | Creature]:
        """Returns every creature for reading, without thawing them."""
        if self._creatures is not None:
            return self._creatures
        one = self._one_creature
        if not one:
            return self.frozen_creatures
        return [one.get(k) or c for k, c in enumerate(self.frozen_creatures)]

    def _freeze_creatures(self) -> tuple[Creature, ...]:
        if self._creatures is not None:
            return tuple(c.freeze() for c in self._creatures)
        one = self._one_creature
        if not one:
            return self.frozen_creatures
        return tuple(
            one[k].freeze() if k in one else c for k, c in enumerate(self.frozen_creatures)
        )

    @property
    def board(self) -> Sequence[WLoc | Location]:
        """Returns every Location for reading, without thawing them: a snapshot, so read it
        again after a write through `loc`."""
        one = self._one
        if not one:
            return self.frozen_locs
        board: list[WLoc | Location] = list(self.frozen_locs)
        for i, loc in one.items():
            board[i] = loc
        return board

    def loc(self, i: int) -> WLoc:
        """Returns Location i, thawing only it."""
        found = self._one.get(i)
        if found is None:
            found = self._one[i] = WLoc(self.frozen_locs[i])
        return found

    def power(self, i: int) -> tuple[int, ...]:
        """Returns each colour's strength at Location i now."""
        thawed = self._one.get(i)
        if thawed is not None:
            return strengths(thawed.birds, thawed.nested, thawed.housed)
        powers = self._powers
        if powers is None:
            powers = self._powers = {}
        found = powers.get(i)
        if found is None:
            # frozen: its strengths cannot change this step
            found = powers[i] = location_strengths(self.frozen_locs[i])
        return found

    def peek(self, i: int) -> WLoc | Location:
        """Returns Location i for reading, without thawing it."""
        return self._one.get(i) or self.frozen_locs[i]

    def _freeze_locs(self) -> tuple[Location, ...]:
        if not self._one:
            return self.frozen_locs
        one = self._one
        locs = list(self.frozen_locs)
        for i, loc in one.items():
            locs[i] = loc.freeze()
        return tuple(locs)

    def wait(self, awaiting: Await, actor: int) -> None:
        """Marks the decision the game now waits for."""
        self.awaiting = awaiting
        self.actor = actor

    def resume(self) -> None:
        """Clears the awaited decision."""
        self.awaiting = Await.NOTHING
        self.actor = -1

    def arrive(self, colour: int, chooser: int) -> None:
        """Queues a bird for the fountain."""
        self.arrivals += (Arrival(colour, chooser),)
