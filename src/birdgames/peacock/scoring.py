"""Pure scoring and the resource arithmetic scoring and legality share (K2.3, K2.5)."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from birdgames.peacock.cards import (
    ISLAND_TYPE_BY_ID,
    RATINGS,
    SPECIES_BY_ID,
    STARTING_BY_ID,
    Effect,
    Need,
    Resource,
    Season,
    Species,
    Trigger,
)
from birdgames.peacock.events import FlockScore
from birdgames.peacock.state import BLUE, LEFT, ORANGE, RIGHT, Flock, Group, Seat, Slot, Tuck

# Short names for the members the scoring reads.
_FULL_FLOCK: Final = Trigger.FULL_FLOCK
_BUDDY: Final = Trigger.BUDDY
_SEASON: Final = Trigger.SEASON
_RESOURCE: Final = Trigger.RESOURCE
_FLOCK_SIZE: Final = Effect.FLOCK_SIZE
_FEATHERS: Final = Effect.FEATHERS

# Resource counts are (plant, fish, meat) tuples.
Counts = tuple[int, int, int]
INDEX: Final = {Resource.PLANT: 0, Resource.FISH: 1, Resource.MEAT: 2}
_WORDS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


# Per species: (need code, first resource index, second resource index). Codes: 0 single,
# 1 or, 2 double.
_NEED_CODE: Final = {Need.SINGLE: 0, Need.EITHER: 1, Need.DOUBLE: 2}
_REQ: Final = {
    s.id: (_NEED_CODE[s.need], INDEX[s.res[0]], INDEX[s.res[-1]]) for s in SPECIES_BY_ID.values()
}
# Per island id and season (blue True): the resource indices that card offers there.
_HALF: Final = {
    **{
        (t.id, blue): (INDEX[t.blue if blue else t.orange],)
        for t in ISLAND_TYPE_BY_ID.values()
        for blue in (True, False)
    },
    **{
        (s.id, blue): tuple(INDEX[r] for r in (s.blue if blue else s.orange))
        for s in STARTING_BY_ID.values()
        for blue in (True, False)
    },
}


@lru_cache(maxsize=8192)
def _counts(island: str, tucks: tuple[Tuck, ...], blue: bool) -> Counts:
    counts = [0, 0, 0]
    # §6.4.2 a deck card alone gives the half of the season's colour.
    for index in _HALF[island, blue]:
        counts[index] += 1
    half = BLUE if blue else ORANGE
    for tuck in tucks:
        # K2.3 a tuck adds its own resource of the half it sits on, in that half's season.
        if tuck.half is half:
            counts[_HALF[tuck.island, blue][0]] += 1
    return counts[0], counts[1], counts[2]


def group_counts(group: Group, season: Season) -> Counts:
    """Returns the resources `group` offers in `season`."""
    return _counts(group.island, group.tucks, season is BLUE)


@lru_cache(maxsize=4096)
def flock_limits(island: str, tucks: tuple[Tuck, ...], blue: bool) -> dict[str, int]:
    """Returns the biggest flock each species may form on a group, for the species it feeds.

    A function of the group's island and tucks and the season only, so it is cached by them;
    the dict is shared: read it, never change it.
    """
    season = BLUE if blue else ORANGE
    counts = _counts(island, tucks, blue)
    return {
        bird: flock_max(species, season, counts)
        for bird, species in SPECIES_BY_ID.items()
        if is_fed(species, counts)
    }


def is_fed(species: Species, counts: Counts) -> bool:
    """Returns whether `counts` meet the species' requirement (a check, not a cost)."""
    code, first, second = _REQ[species.id]
    if code == 0:
        return counts[first] >= 1
    if code == 2:
        return counts[first] >= 2
    return counts[first] >= 1 or counts[second] >= 1


def need_text(species: Species) -> str:
    """Returns the requirement as words: "meat", "meat or plant", "two fish"."""
    names = [r.value for r in species.res]
    if species.need is Need.EITHER:
        return " or ".join(names)
    if species.need is Need.DOUBLE:
        return f"two {names[0]}"
    return names[0]


def flock_text(species_id: str) -> str:
    """Returns "a vulture flock" or "an owl flock"."""
    article = "an" if species_id[:1] in ("a", "e", "i", "o", "u") else "a"
    return f"{article} {species_id} flock"


def hunger_text(species: Species, counts: Counts, where: str, season: Season) -> str:
    """Returns why `where` cannot feed `species`: "heron needs two fish; group 2 has one..."."""
    if species.need is Need.EITHER:
        a, b = (r.value for r in species.res)
        has = f"neither {a} nor {b}"
    else:
        n = counts[INDEX[species.res[0]]]
        has = f"{_WORDS[n] if n < len(_WORDS) else n} {species.res[0].value}"
    return f"{species.id} needs {need_text(species)}; {where} has {has} in {season.value}"


def _season_or_resource_on(species: Species, season: Season, counts: Counts) -> bool:
    """Returns whether a season or resource trigger holds (False for the other triggers)."""
    if species.trigger is _SEASON:
        return species.season is season
    if species.trigger is _RESOURCE:
        assert species.resource is not None
        return counts[INDEX[species.resource]] >= 1
    return False


def buddies(group: Group, species_id: str | None) -> int:
    """Returns how many birds of `species_id` sit in the group, both slots."""
    total = 0
    for flock in (group.left, group.right):
        if flock is not None and flock.species == species_id:
            total += flock.size
    return total


def flock_max(species: Species, season: Season, counts: Counts) -> int:
    """Returns the species' effective maximum flock size at a group this season.

    A flock-size bonus adds 1 once (K2.5). The catalog gives that effect only season
    triggers; resource triggers work too. Buddy and full-flock triggers never raise it.
    """
    if species.effect is _FLOCK_SIZE and _season_or_resource_on(species, season, counts):
        return species.flock + 1
    return species.flock


def _is_triggered(
    species: Species, season: Season, counts: Counts, group: Group, size: int
) -> bool:
    """Returns whether the species' bonus trigger holds for its flock of `size` in `group`."""
    trigger = species.trigger
    if trigger is _FULL_FLOCK:
        # §6.4.5 full means the effective maximum this season.
        return size == flock_max(species, season, counts)
    if trigger is _BUDDY:
        return buddies(group, species.buddy) >= species.buddy_count
    return _season_or_resource_on(species, season, counts)  # a season or resource trigger


def score_flock(group: Group, index: int, slot: Slot, season: Season) -> FlockScore | None:
    """Returns the score of the flock in `slot` of `group`, if there is one."""
    flock = group.flock(slot)
    if flock is None:
        return None
    return _score(group, flock, index, slot, season, group_counts(group, season))


def _bonus(group: Group, flock: Flock, species: Species, season: Season, counts: Counts) -> int:
    """Returns the feathers per bird the flock's bonus adds this season."""
    # K2.5 buddy and resource bonuses count once however much is present.
    if species.effect is _FEATHERS and _is_triggered(species, season, counts, group, flock.size):
        return species.value
    return 0


def _score(
    group: Group, flock: Flock, index: int, slot: Slot, season: Season, counts: Counts
) -> FlockScore:
    species = SPECIES_BY_ID[flock.species]
    bonus = _bonus(group, flock, species, season, counts)
    points = flock.size * (species.feathers + bonus)
    return FlockScore(index, slot, flock.species, flock.size, species.feathers, bonus, points)


def group_points(group: Group, season: Season) -> int:
    """Returns the points the group's flocks score in `season` (`season_score`'s share of
    them, without its score lines)."""
    left, right = group.left, group.right
    if left is None and right is None:
        return 0
    counts = group_counts(group, season)
    total = 0
    for flock in (left, right):
        if flock is not None:
            species = SPECIES_BY_ID[flock.species]
            total += flock.size * (species.feathers + _bonus(group, flock, species, season, counts))
    return total


def season_score(seat: Seat, season: Season) -> tuple[int, tuple[FlockScore, ...]]:
    """Returns a player's points for the season and the flocks that made them."""
    lines: list[FlockScore] = []
    points = 0
    for index, group in enumerate(seat.groups):
        left, right = group.left, group.right
        if left is None and right is None:
            continue
        counts = group_counts(group, season)
        if left is not None:
            line = _score(group, left, index, LEFT, season, counts)
            lines.append(line)
            points += line.points
        if right is not None:
            line = _score(group, right, index, RIGHT, season, counts)
            lines.append(line)
            points += line.points
    return points, tuple(lines)


def distinct_species(seat: Seat) -> int:
    """Returns how many species sit on the player's tableau (K3 tie-break)."""
    found: set[str] = set()
    for group in seat.groups:
        for flock in (group.left, group.right):
            if flock is not None:
                found.add(flock.species)
    return len(found)


def rating(total: int) -> str:
    """Returns the score rating of a game total: "Fair", "Fancy" or "Fabulous"."""
    for floor, name in RATINGS:
        if total >= floor:
            return name
    return RATINGS[-1][1]
