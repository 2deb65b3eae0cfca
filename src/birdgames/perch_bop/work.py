"""A private mutable working copy of a State: the reducer thaws, edits, then freezes.

Nothing here escapes: apply() thaws a fresh copy, so no caller's state is ever mutated. The
working copy follows the State's fields as State declares them (`attrs.fields`): it holds
each under the field's own name, as it is, except the few it thaws into working parts
(`Work.freeze` names them), so a field added to State is carried through every step without a
change here; the rules that edit it declare its type on `Work`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from birdgames.perch_bop.actions import Action
from birdgames.perch_bop.build import NO_FIELDS, new_flow, new_location, new_seat, state_of
from birdgames.perch_bop.events import Event
from birdgames.perch_bop.scoring import location_strengths, strengths
from birdgames.perch_bop.state import (
    Activation,
    Arrival,
    Await,
    Birdfeeders,
    Config,
    Creature,
    FinalScore,
    Flow,
    Location,
    Phase,
    Ponds,
    Promos,
    Seat,
    Sky,
    State,
)
from birdgames.rng import Rng


class WLoc:
    """A mutable Location."""

    __slots__ = ("birds", "free_nests", "housed", "nested", "removed", "tile")

    def __init__(self, loc: Location) -> None:
        self.tile = loc.tile
        self.birds = list(loc.birds)
        self.nested = list(loc.nested)
        self.housed = list(loc.housed)
        self.free_nests = loc.free_nests
        self.removed = loc.removed

    def freeze(self) -> Location:
        return new_location(
            self.tile,
            tuple(self.birds),
            tuple(self.nested),
            tuple(self.housed),
            self.free_nests,
            self.removed,
        )

    def power(self) -> tuple[int, ...]:
        """Returns each colour's strength here."""
        return strengths(self.birds, self.nested, self.housed)


def loc_power(loc: Location | WLoc) -> tuple[int, ...]:
    """Returns each colour's strength at a Location, frozen or working."""
    if isinstance(loc, WLoc):
        return strengths(loc.birds, loc.nested, loc.housed)
    return location_strengths(loc)


def frozen(loc: Location | WLoc) -> Location:
    """Returns a Location as a frozen value, freezing a working one."""
    return loc.freeze() if isinstance(loc, WLoc) else loc


class WSeat:
    """A mutable Seat."""

    __slots__ = ("birdhouse", "dealt", "hand", "objective", "reached", "score", "zap")

    def __init__(self, seat: Seat) -> None:
        self.hand = list(seat.hand)
        self.score = seat.score
        self.reached = seat.reached
        self.dealt = seat.dealt
        self.objective = seat.objective
        self.birdhouse = seat.birdhouse
        self.zap = seat.zap

    def freeze(self) -> Seat:
        return new_seat(
            tuple(self.hand),
            self.score,
            self.reached,
            self.dealt,
            self.objective,
            self.birdhouse,
            self.zap,
        )


class WCreature:
    """A mutable Creature."""

    __slots__ = ("controller", "id", "position", "used")

    def __init__(self, cr: Creature) -> None:
        self.id = cr.id
        self.controller = cr.controller
        self.position = cr.position
        self.used = cr.used

    def freeze(self) -> Creature:
        return Creature(self.id, self.controller, self.position, self.used)


# The State's fields the working copy thaws into working parts; it holds the others as they are.
_THAWED: Final = ("flow", "locations", "seats", "creatures")
# The State's fields it holds as they are, in the State's order.
AS_IS: Final = tuple(f.name for f in attrs.fields(State) if f.name not in _THAWED)


class Work:
    """The whole mutable game plus the events of this step."""

    __slots__ = (
        *AS_IS,
        "_creatures",
        "_one",
        "_one_creature",
        "_powers",
        "_seats",
        "activation",
        "actor",
        "awaiting",
        "bonus_left",
        "bonus_used",
        "cursor",
        "events",
        "frozen_creatures",
        "frozen_locs",
        "frozen_seats",
        "log",
        "pending",
        "phase",
        "placed",
        "stage",
    )

    # The State's fields held as they are (AS_IS), typed for the rules that edit them. Turn
    # order, arrivals and the expansion parts change rarely: replaced whole when they do.
    config: Config
    rng: Rng
    round: int
    turn_order: tuple[int, ...]
    # The supply, bag, fountain and plaza stay the State's tuples until a write thaws them
    # (`edit_supply`...): most steps touch none of them.
    supply: tuple[int, ...] | list[int]
    bag: tuple[int, ...] | list[int]
    fountain: tuple[int | None, ...] | list[int | None]
    plaza: tuple[int, ...] | list[int]
    arrivals: tuple[Arrival, ...]
    tick: int
    final: tuple[FinalScore, ...]
    feeders: Birdfeeders | None
    sky: Sky | None
    ponds: Ponds | None
    promos: Promos | None

    def __init__(self, state: State, log: bool = True) -> None:
        # Whether this step's events are wanted: `apply` drops them, so none are built.
        self.log = log
        for name in AS_IS:
            setattr(self, name, getattr(state, name))
        flow = state.flow
        self.phase: Phase = flow.phase
        self.stage = flow.stage
        self.cursor = flow.cursor
        self.awaiting: Await = flow.awaiting
        self.actor = flow.actor
        self.pending: tuple[int, ...] = flow.pending
        self.placed = flow.placed
        self.bonus_used = flow.bonus_used
        self.activation: Activation | None = flow.activation
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
        fields = NO_FIELDS.copy()  # the State's keys in its order, filled below
        for name in AS_IS:
            fields[name] = getattr(self, name)
        fields["flow"] = self._flow()
        fields["locations"] = self._freeze_locs()
        fields["seats"] = self._freeze_seats()
        fields["creatures"] = self._freeze_creatures()
        fields["supply"] = tuple(self.supply)
        fields["bag"] = tuple(self.bag)
        fields["fountain"] = tuple(self.fountain)
        fields["plaza"] = tuple(self.plaza)
        return state_of(fields)

    def _flow(self) -> Flow:
        return new_flow(
            self.phase,
            self.stage,
            self.cursor,
            self.awaiting,
            self.actor,
            self.pending,
            self.placed,
            self.bonus_used,
            self.activation,
        )

    def edit_supply(self) -> list[int]:
        """Returns the supply as a list to edit (edits go through to the next freeze)."""
        if isinstance(self.supply, tuple):
            self.supply = list(self.supply)
        return self.supply

    def edit_bag(self) -> list[int]:
        """Returns the bag as a list to edit."""
        if isinstance(self.bag, tuple):
            self.bag = list(self.bag)
        return self.bag

    def edit_fountain(self) -> list[int | None]:
        """Returns the fountain as a list to edit."""
        if isinstance(self.fountain, tuple):
            self.fountain = list(self.fountain)
        return self.fountain

    def edit_plaza(self) -> list[int]:
        """Returns the plaza as a list to edit."""
        if isinstance(self.plaza, tuple):
            self.plaza = list(self.plaza)
        return self.plaza

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
