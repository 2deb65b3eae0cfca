"""A heuristic value of a position for one player, from a view: what search bots maximise."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from birdgames.peacock.cards import SEASONS_PER_GAME, SPECIES_BY_ID, Season
from birdgames.peacock.scoring import flock_max, group_counts, is_fed, score_flock
from birdgames.peacock.state import SLOTS, Flock, Group, Phase
from birdgames.peacock.view import SeatView, View

# How much of this season's tableau score a later season is expected to repeat: flocks stay,
# but the season change may feed or fit them no longer (K2.6).
LATER_SEASON_SHARE: Final = 0.5
# Share of its best placement an unplaced bird is expected to earn.
UNPLACED_SHARE: Final = 0.8
# Share of its printed feathers a bird with no place on the tableau yet might still earn.
HOMELESS_SHARE: Final = 0.25
# A drafted island: new room or more resources. Measured in greedy self-play at 3 players
# (12 paired games): 2.0 drafted too few islands (mean total 87.4), 6.0 too many (85.9).
ISLAND_VALUE: Final = 4.0
EMPTY_SLOT_VALUE: Final = 0.5  # room for a later flock
TUCK_VALUE: Final = 0.5


def _groups(seat: SeatView) -> tuple[Group, ...]:
    return tuple(Group(g.island, g.tucks, g.left, g.right) for g in seat.groups)


def _points(group: Group, season: Season) -> int:
    total = 0
    for slot in SLOTS:
        line = score_flock(group, 0, slot, season)
        if line is not None:
            total += line.points
    return total


def best_gain(groups: Sequence[Group], bird: str, season: Season) -> int | None:
    """Returns the most points one more `bird` adds to the tableau this season (K2.5).

    None when no group can take it now (unfed, or no free or matching slot with room).
    """
    species = SPECIES_BY_ID[bird]
    best: int | None = None
    for group in groups:
        counts = group_counts(group, season)
        if not is_fed(species, counts):
            continue
        most = flock_max(species, season, counts)
        before = _points(group, season)
        for slot in SLOTS:
            flock = group.flock(slot)
            if flock is None:
                joined = Flock(bird, 1)
            elif flock.species == bird and flock.size < most:
                joined = Flock(bird, flock.size + 1)
            else:
                continue
            gain = _points(group.with_flock(slot, joined), season) - before
            if best is None or gain > best:
                best = gain
    return best


def evaluate(view: View, player: int) -> float:
    """Returns `player`'s expected final total as `view` shows it.

    The seasons already scored count in full; the tableau scores this season and, in part,
    in each later one; unplaced birds count a share of their best placement; drafted
    islands, empty slots and tucks a little. Once the game is over it is the exact total.
    """
    seat = view.seats[player]
    total = float(seat.total)
    if view.phase is Phase.OVER:
        return total
    season = view.season
    scorings_left = SEASONS_PER_GAME - view.round + 1
    weight = 1.0 + LATER_SEASON_SHARE * (scorings_left - 1)
    groups = _groups(seat)
    tableau = sum(_points(group, season) for group in groups)
    value = total + weight * tableau
    birds = [*seat.drafted_birds, *seat.aside, *seat.received]
    islands = len(seat.drafted_islands)
    if seat.pick is not None and view.player == player:
        if seat.pick in SPECIES_BY_ID:
            birds.append(seat.pick)
        else:
            islands += 1
    for bird in birds:
        gain = best_gain(groups, bird, season)
        if gain is None:
            value += HOMELESS_SHARE * SPECIES_BY_ID[bird].feathers * weight
        else:
            value += UNPLACED_SHARE * gain * weight
    value += ISLAND_VALUE * islands
    for group in groups:
        value += TUCK_VALUE * len(group.tucks)
        value += EMPTY_SLOT_VALUE * sum(group.flock(slot) is None for slot in SLOTS)
    return value
