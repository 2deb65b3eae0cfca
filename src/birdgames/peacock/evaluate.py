"""An estimate of a player's final total from a view: what search bots maximise.

The estimate follows the tableau as planned through every scoring left: the birds and
islands still to place go where a plan puts them, it scores the groups in this season's
colour, then applies the season change (K2.6) in turn, setting aside the birds that would not
stay and planning them back in, and scores the next colour, and so on. So it reads the same
just before and just after a season boundary (what a season's scoring banks leaves the
estimate and enters the total), and placing a bird or an island where the plan puts it
leaves it as it was: one step of lookahead places what it holds and ends its migration
rather than shuffle birds to the end of the move budget."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from birdgames.peacock.cards import (
    DEAL_BIRDS,
    DEAL_ISLANDS,
    SEASONS_PER_GAME,
    SPECIES_BY_ID,
    STARTING_BY_ID,
    Season,
)
from birdgames.peacock.scoring import flock_max, group_counts, group_points, is_fed
from birdgames.peacock.state import (
    MOVES_PER_MIGRATION,
    SLOTS,
    Flock,
    Group,
    Phase,
    Slot,
    direction,
    other_season,
)
from birdgames.peacock.view import SeatView, View

# Share of its printed feathers a bird with no place on the tableau yet might still earn,
# per scoring left (a later island or tuck may feed it). Screened by self-play
# (scripts/tune_evaluation.py, docs/bots.md): a seat at half of the former 0.25 took
# +4.3 [+0.4, +8.2] points of share over 240 paired greedy deals and +9.4 [+0.5, +18.2]
# over 120 under ISMCTS 100, against seats at 0.25.
HOMELESS_SHARE: Final = 0.125
# Points an island card drafted, placed or tucked is worth per season whose birds are still
# to draft (this season's in the share not yet drafted): room and resources for their
# flocks, beyond what the plan, which places a held island as a new group, already counts.
# A greedy seat by this evaluation against two by the former one (which valued a held island
# at this much per scoring left, and a placed one as its room alone): 58.3% +- 8.5 of the
# results over 90 games at 3 players, mean score 96.7 against 93.9; with the former draft term
# beside the planned islands it took 40.8% +- 8.1.
ISLAND_VALUE: Final = 1.5
# Points a tableau move spent in the migration under way costs: a move that gains nothing (a
# flock shuffled to an equal slot) ranks below ending the migration, where, with ties taken
# at random, one step of lookahead spent much of the budget on such moves.
MOVE_COST: Final = 0.01
# Points per season still to draft of an empty slot (room for a later flock) and of a tuck.
EMPTY_SLOT_VALUE: Final = 0.25
TUCK_VALUE: Final = 0.25


def _groups(seat: SeatView) -> tuple[Group, ...]:
    return tuple(Group(g.island, g.tucks, g.left, g.right) for g in seat.groups)


# A place one more bird can go: the points it adds over the scorings left (less the room it
# takes), the size of the flock it makes, the slot and that flock.
_Place = tuple[float, int, Slot, Flock]


# A search values the same groups again and again (the plan tries each bird in each group of
# every tableau it meets), so where a bird can go in a group and what a group scores over the
# scorings left are worked out once per value. CPU per decision (benchmarks/ladder.py's
# median, 3 players, pure Python 3.11): ISMCTS at 200 iterations 270 ms worked out anew, 189
# ms kept; greedy 6.3 and 3.3 ms.
@lru_cache(maxsize=1 << 16)
def _places(
    group: Group, bird: str, season: Season, scorings: int, room_now: float
) -> tuple[_Place, ...]:
    """Returns where in `group` one more `bird` can go now and what it adds over `scorings`
    scorings, the first in `season`, the later ones in alternating colours (K2.5), each after
    the season change (K2.6). A new flock also takes its slot from the room counted until the
    next change (`room_now` times): placing the bird then moves its worth, room included,
    unchanged.
    """
    species = SPECIES_BY_ID[bird]
    counts = group_counts(group, season)
    if not is_fed(species, counts):
        return ()
    most = flock_max(species, season, counts)
    places: list[_Place] = []
    for slot in SLOTS:
        flock = group.flock(slot)
        if flock is None:
            joined = Flock(bird, 1)
        elif flock.species == bird and flock.size < most:
            joined = Flock(bird, flock.size + 1)
        else:
            continue
        after = group.with_flock(slot, joined)
        gain = _track(after, season, scorings) - _track(group, season, scorings)
        if flock is None:
            gain -= EMPTY_SLOT_VALUE * room_now
        places.append((gain, joined.size, slot, joined))
    return tuple(places)


@lru_cache(maxsize=1 << 16)
def _track(group: Group, season: Season, scorings: int) -> float:
    """Returns the points `group` scores over `scorings` scorings, the first in `season`, and
    the room it leaves after each season change (K2.6)."""
    value = float(group_points(group, season))
    for _ in range(scorings - 1):
        season = other_season(season)
        group = _changed(group, season)
        value += group_points(group, season) + EMPTY_SLOT_VALUE * _empty_slots(group)
    return value


@lru_cache(maxsize=1 << 15)
def _changed(group: Group, season: Season) -> Group:
    """Returns `group` as the change to `season` leaves it."""
    return season_change((group,), season)[0][0]


def _empty_slots(group: Group) -> int:
    return (group.left is None) + (group.right is None)


def _plan(
    groups: Sequence[Group], birds: Sequence[str], season: Season, scorings: int, room_now: float
) -> tuple[tuple[Group, ...], list[str]]:
    """Places `birds` one by one where each adds most over `scorings` scorings, a bird
    joining a flock of its own species when that adds as much as a new flock; returns the
    groups with them placed and the birds with no place.

    Birds drafted together so build flocks together: a third vulture completes the flock the
    first two start.
    """
    planned = list(groups)
    waiting = sorted(birds)
    kinds = list(dict.fromkeys(waiting))
    # Places per species and group; a placement changes one group, so only its are redone.
    options = {
        bird: [_places(g, bird, season, scorings, room_now) for g in planned] for bird in kinds
    }
    while waiting:
        best: _Place | None = None
        best_bird = ""
        best_index = -1
        for bird in kinds:
            for index, places in enumerate(options[bird]):
                for place in places:
                    if best is None or place[:2] > best[:2]:
                        best, best_bird, best_index = place, bird, index
        if best is None:
            break
        _, _, slot, flock = best
        group = planned[best_index].with_flock(slot, flock)
        planned[best_index] = group
        waiting.remove(best_bird)
        if best_bird not in waiting:
            kinds.remove(best_bird)
        for bird in kinds:
            options[bird][best_index] = _places(group, bird, season, scorings, room_now)
    return tuple(planned), waiting


def season_change(groups: Sequence[Group], season: Season) -> tuple[tuple[Group, ...], list[str]]:
    """Returns the groups as the change to `season` leaves them and the birds it sets aside.

    As K2.6: a flock its group no longer feeds leaves whole; a flock above its maximum keeps
    that maximum.
    """
    out: list[Group] = []
    aside: list[str] = []
    for group in groups:
        counts = group_counts(group, season)
        changed = group
        for slot in SLOTS:
            flock = group.flock(slot)
            if flock is None:
                continue
            species = SPECIES_BY_ID[flock.species]
            if not is_fed(species, counts):
                aside.extend((flock.species,) * flock.size)
                changed = changed.with_flock(slot, None)
                continue
            most = flock_max(species, season, counts)
            if flock.size > most:
                aside.extend((flock.species,) * (flock.size - most))
                changed = changed.with_flock(slot, Flock(flock.species, most))
        out.append(changed)
    return tuple(out), aside


def _room(groups: Sequence[Group]) -> float:
    """Returns the value per scoring of the tableau's empty slots and tucks."""
    value = 0.0
    for group in groups:
        value += TUCK_VALUE * len(group.tucks)
        value += EMPTY_SLOT_VALUE * _empty_slots(group)
    return value


def _pending(view: View, seat: SeatView, player: int) -> tuple[list[str], list[str]]:
    """Returns the birds `player` may still place this season and the islands drafted.

    Birds left unplaced once the player has ended a migration pass on or leave (K2.4), so
    they count for nothing to it and, passed on, for the receiver; the own face-down pick
    counts as drafted.
    """
    birds: list[str] = []
    if view.phase is Phase.DRAFT or (view.phase is Phase.MIGRATION and not seat.done):
        birds.extend(seat.drafted_birds)
        birds.extend(seat.aside)
    if view.phase is Phase.MIGRATION:
        giver = view.seats[(player - direction(view.season)) % len(view.seats)]
        birds.extend(_passing(view, giver))
    if view.phase is Phase.ADDITIONAL and not seat.done:
        birds.extend(seat.received)
    islands = list(seat.drafted_islands)
    if seat.pick is not None and view.player == player:
        if seat.pick in SPECIES_BY_ID:
            birds.append(seat.pick)
        else:
            islands.append(seat.pick)
    return birds, islands


def _passing(view: View, giver: SeatView) -> tuple[str, ...]:
    """Returns the birds `giver` will pass on in the additional migration (K2.4): once it
    has ended its migration, all it left unplaced; before, those its plan finds no place
    for. They count for the receiver from then, as they stop counting for the giver, so
    that ending a migration or delaying it moves no value."""
    unplaced = tuple(sorted(giver.drafted_birds + giver.aside))
    if giver.done or not unplaced:
        return unplaced
    left = SEASONS_PER_GAME - view.round + 1
    return _homeless(_groups(giver), unplaced, view.season, left)


@lru_cache(maxsize=1 << 15)
def _homeless(
    groups: tuple[Group, ...], birds: tuple[str, ...], season: Season, left: int
) -> tuple[str, ...]:
    """Returns the `birds` the plan finds no place for on `groups`."""
    return tuple(_plan(groups, birds, season, left, 0.0)[1])


def _islands_placed(seat: SeatView) -> int:
    """Returns the drafted island cards on the seat's tableau: new groups and tucks."""
    return sum(len(group.tucks) + (group.island not in STARTING_BY_ID) for group in seat.groups)


def _points_all(groups: Sequence[Group], season: Season) -> int:
    return sum(group_points(group, season) for group in groups)


def _drafting_share(view: View, seat: SeatView) -> float:
    """Returns the share of this season's cards the player has still to draft (K2.2)."""
    if view.phase is not Phase.DRAFT:
        return 0.0
    dealt = DEAL_BIRDS[view.round - 1] + DEAL_ISLANDS[view.round - 1]
    return (seat.hand_size + seat.committed - (seat.pick is not None)) / dealt


def evaluate(view: View, player: int) -> float:
    """Returns an estimate of `player`'s final total as `view` shows it.

    The seasons already scored count in full. The birds still to be placed are placed where
    a plan puts them (one with no place, while islands are still to draft, counts a share of
    its feathers), birds a seat done with its migration will pass to the player among them;
    the tableau so planned then counts its score in each scoring left, each after the season
    change before it (K2.6), whose set-aside birds are planned in the same way. Island cards
    drafted (placed, tucked or held), empty slots and tucks count a little per season whose
    birds are still to draft, and a tableau move spent in the migration under way a hundredth
    of a point less. Placing a bird where the plan puts it leaves the estimate as it was. Once
    the game is over it is the exact total.
    """
    seat = view.seats[player]
    total = float(seat.total)
    if view.phase is Phase.OVER:
        return total
    left = SEASONS_PER_GAME - view.round + 1
    birds, islands = _pending(view, seat, player)
    # Room serves birds still to draft: this season's in the share not yet drafted, and each
    # later season's on the tableau as the season change leaves it.
    drafting = _drafting_share(view, seat)
    # A bird no group feeds may find one while islands are still to draft; once the draft is
    # over it can only be fed by an island the seat places, which the plan then counts.
    hope = HOMELESS_SHARE if view.phase is Phase.DRAFT else 0.0
    # An island still to place goes down as a new group in the plan (always possible, K2.3):
    # its resources and room serve the birds still to place as they will once it is placed.
    groups = _groups(seat) + tuple(Group(island) for island in sorted(islands))
    value = total + _outlook(groups, tuple(sorted(birds)), view.season, left, drafting, hope)
    value += ISLAND_VALUE * (len(islands) + _islands_placed(seat)) * (drafting + left - 1)
    if view.phase is Phase.MIGRATION and not seat.done:
        value -= MOVE_COST * (MOVES_PER_MIGRATION - seat.moves_left)
    return value


# Search bots value thousands of positions whose tableaus repeat (most iterations leave the
# other seats' tableaus as they were): the pure parts of the estimate are memoized by value.
@lru_cache(maxsize=1 << 15)
def _outlook(
    groups: tuple[Group, ...],
    birds: tuple[str, ...],
    season: Season,
    left: int,
    drafting: float,
    hope: float,
) -> float:
    """Returns what the tableau earns over `left` scorings, the first in `season`, with
    `birds` placed first where the plan puts them: each scoring's points, after each season
    change (K2.6) the birds it sets aside planned back in, and the room for birds still to
    draft (`drafting` of this season's, all of each later one's)."""
    groups, homeless = _plan(groups, birds, season, left, drafting)
    value = hope * _feathers(homeless) * left + _room(groups) * drafting
    while True:
        value += _points_all(groups, season)
        left -= 1
        if left == 0:
            return value
        season = other_season(season)
        groups, aside = season_change(groups, season)
        # Birds set aside now are placed again in the next migration, after its draft.
        groups, homeless = _plan(groups, aside, season, left, 1.0)
        value += HOMELESS_SHARE * _feathers(homeless) * left + _room(groups)


def _feathers(birds: Sequence[str]) -> int:
    return sum(SPECIES_BY_ID[bird].feathers for bird in birds)
