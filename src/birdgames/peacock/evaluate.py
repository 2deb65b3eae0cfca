"""An estimate of a player's final total from a view: what search bots maximise.

The estimate follows the tableau through every scoring left: it scores the groups in this
season's colour, then applies the season change (K2.6) in turn, setting aside the birds that
would not stay, and scores the next colour, and so on. So it reads the same just before and
just after a season boundary: what a season's scoring banks leaves the estimate and enters
the total, and a bird the season change sets aside keeps the value it had as a projected
set-aside.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from birdgames.peacock.cards import (
    DEAL_BIRDS,
    DEAL_ISLANDS,
    SEASONS_PER_GAME,
    SPECIES_BY_ID,
    Season,
)
from birdgames.peacock.scoring import flock_max, group_counts, group_points, is_fed
from birdgames.peacock.state import SLOTS, Flock, Group, Phase, Slot, other_season
from birdgames.peacock.view import SeatView, View

# Share of the points a bird still to be placed is expected to earn where it would fit best
# now, over the scorings left. The plan already places drafted birds one by one, each where
# room is left, so no further discount: greedy self-play at 3 players (60 paired games)
# scores 88.4 per player at 0.8, 90.9 at 0.9 and 92.8 at 1.0.
UNPLACED_SHARE: Final = 1.0
# Share of its printed feathers a bird with no place on the tableau yet might still earn,
# per scoring left (a later island or tuck may feed it).
HOMELESS_SHARE: Final = 0.25
# Points per scoring left of a drafted island still to be placed: a new group's room and
# resources for later flocks. Greedy self-play at 3 players (60 paired games, share 0.8):
# 1.5 scores 88.4 per player, 2.5 drafts too many islands (86.1).
ISLAND_VALUE: Final = 1.5
# Points per season still to draft of an empty slot (room for a later flock) and of a tuck.
EMPTY_SLOT_VALUE: Final = 0.25
TUCK_VALUE: Final = 0.25


def _groups(seat: SeatView) -> tuple[Group, ...]:
    return tuple(Group(g.island, g.tucks, g.left, g.right) for g in seat.groups)


# A place one more bird can go: the points it adds over the scorings left, the size of the
# flock it makes, the slot and that flock.
_Place = tuple[int, int, Slot, Flock]


def _places(group: Group, bird: str, season: Season, scorings: int) -> list[_Place]:
    """Returns where in `group` one more `bird` can go now and what it adds.

    The first scoring is in `season`, the later ones in alternating colours (K2.5, K2.6). The
    bird counts in each later scoring while its group feeds it and its flock fits; once the
    season change would set it aside it counts no more.
    """
    species = SPECIES_BY_ID[bird]
    counts = group_counts(group, season)
    if not is_fed(species, counts):
        return []
    most = flock_max(species, season, counts)
    later = other_season(season)
    later_counts = group_counts(group, later)
    stays = scorings > 1 and is_fed(species, later_counts)
    later_most = flock_max(species, later, later_counts)
    before = -1
    later_before = -1
    places: list[_Place] = []
    for slot in SLOTS:
        flock = group.flock(slot)
        if flock is None:
            joined = Flock(bird, 1)
        elif flock.species == bird and flock.size < most:
            joined = Flock(bird, flock.size + 1)
        else:
            continue
        if before < 0:
            before = group_points(group, season)
        grown = group.with_flock(slot, joined)
        now = group_points(grown, season) - before
        gain = now
        if stays and joined.size <= later_most:
            if later_before < 0:
                later_before = group_points(group, later)
            then = group_points(grown, later) - later_before
            # Colours alternate: scorings 2 and 4 in the later colour, 3 in this one.
            gain += then * (scorings // 2) + now * ((scorings - 1) // 2)
        places.append((gain, joined.size, slot, joined))
    return places


def best_gain(groups: Sequence[Group], bird: str, season: Season, scorings: int = 1) -> int | None:
    """Returns the most points one more `bird` adds to the tableau over `scorings` scorings,
    the first in `season` and the later ones in alternating colours.

    None when no group can take it now (unfed, or no free or matching slot with room).
    """
    gains = [place[0] for group in groups for place in _places(group, bird, season, scorings)]
    return max(gains) if gains else None


def _plan(
    groups: Sequence[Group], birds: Sequence[str], season: Season, scorings: int
) -> tuple[float, list[str]]:
    """Places `birds` one by one where each adds most, a bird joining a flock of its own
    species when that adds as much as a new flock; returns the points they add over
    `scorings` scorings and the birds with no place.

    Birds drafted together so build flocks together: a third vulture completes the flock the
    first two start.
    """
    planned = list(groups)
    waiting = sorted(birds)
    kinds = list(dict.fromkeys(waiting))
    # Places per species and group; a placement changes one group, so only its are redone.
    options = {bird: [_places(g, bird, season, scorings) for g in planned] for bird in kinds}
    total = 0.0
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
        gain, _, slot, flock = best
        total += gain
        group = planned[best_index].with_flock(slot, flock)
        planned[best_index] = group
        waiting.remove(best_bird)
        if best_bird not in waiting:
            kinds.remove(best_bird)
        for bird in kinds:
            options[bird][best_index] = _places(group, bird, season, scorings)
    return total, waiting


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


# Search bots value thousands of positions whose tableaus repeat (most iterations leave the
# other seats' tableaus as they were): the pure parts of the estimate are memoized by value.
@lru_cache(maxsize=1 << 15)
def _unplaced(
    groups: tuple[Group, ...], birds: tuple[str, ...], season: Season, left: int
) -> float:
    """Returns what `birds` still to be placed on `groups` are expected to earn over `left`
    scorings, the first in `season`."""
    if not birds:
        return 0.0
    gain, homeless = _plan(groups, birds, season, left)
    value = UNPLACED_SHARE * gain
    for bird in homeless:
        value += HOMELESS_SHARE * SPECIES_BY_ID[bird].feathers * left
    return value


def _room(groups: Sequence[Group]) -> float:
    """Returns the value per scoring of the tableau's empty slots and tucks."""
    value = 0.0
    for group in groups:
        value += TUCK_VALUE * len(group.tucks)
        value += EMPTY_SLOT_VALUE * sum(group.flock(slot) is None for slot in SLOTS)
    return value


def _pending(view: View, seat: SeatView, player: int) -> tuple[list[str], int]:
    """Returns the birds `player` may still place this season and the islands drafted.

    Birds left unplaced once the player has ended a migration pass on or leave (K2.4), so
    they count for nothing; the own face-down pick counts as drafted.
    """
    birds: list[str] = []
    if view.phase is Phase.DRAFT or (view.phase is Phase.MIGRATION and not seat.done):
        birds.extend(seat.drafted_birds)
        birds.extend(seat.aside)
    if view.phase is Phase.ADDITIONAL and not seat.done:
        birds.extend(seat.received)
    islands = len(seat.drafted_islands)
    if seat.pick is not None and view.player == player:
        if seat.pick in SPECIES_BY_ID:
            birds.append(seat.pick)
        else:
            islands += 1
    return birds, islands


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

    The seasons already scored count in full. The tableau counts its score in each scoring
    left, each after the season changes before it (K2.6); birds still to be placed, and those
    the changes set aside, their planned placement's points over the scorings left once they
    can be placed, in part; drafted islands a little per scoring left; empty slots and tucks
    a little per season whose birds are still to draft. Once the game is over it is the
    exact total.
    """
    seat = view.seats[player]
    total = float(seat.total)
    if view.phase is Phase.OVER:
        return total
    season = view.season
    left = SEASONS_PER_GAME - view.round + 1
    groups = _groups(seat)
    birds, islands = _pending(view, seat, player)
    value = total + _unplaced(groups, tuple(sorted(birds)), season, left)
    value += ISLAND_VALUE * islands * left
    # Room serves birds still to draft: this season's in the share not yet drafted, and each
    # later season's on the tableau as the season change leaves it.
    value += _room(groups) * _drafting_share(view, seat)
    for term in _tableau_terms(groups, season, left):
        value += term
    return value


@lru_cache(maxsize=1 << 15)
def _tableau_terms(groups: tuple[Group, ...], season: Season, left: int) -> tuple[float, ...]:
    """Returns the tableau's contributions to the estimate, in the order they are added: its
    score in each scoring left, each after the season changes before it (K2.6), with the
    set-aside birds' planned points and the room left after each change."""
    terms: list[float] = []
    while True:
        terms.append(_points_all(groups, season))
        left -= 1
        if left == 0:
            return tuple(terms)
        season = other_season(season)
        groups, aside = season_change(groups, season)
        terms.append(_unplaced(groups, tuple(aside), season, left))
        terms.append(_room(groups))
