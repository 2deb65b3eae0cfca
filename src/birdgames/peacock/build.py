"""The frozen values the reducers build on their hot paths, and the tuple edits they make.

Each step builds a State, a Seat and a Pool, Group or Flock; setting their slots directly costs
about half of attrs' frozen __init__ (birdgames.fields.slot_setter), and a State, a dict class,
is filled as its __init__ would fill it. The cached hash starts unset, as attrs' __init__ leaves
it. The module is compiled in the mypyc build, which is why the tuple edits live here too;
there the classes are native (hatch_native.py) and built by their constructors, which compile
into direct stores. tests/perf/test_fast_paths.py compares the builds.
"""

from __future__ import annotations

from typing import Final, TypeVar

from birdgames.fields import CACHED_HASH, slot_setter
from birdgames.peacock.state import LEFT, Flock, Group, Hand, Phase, Pool, Seat, Slot, State, Tuck

_NATIVE: Final = State.__dictoffset__ == 0
_NEW: Final = object.__new__
_SET: Final = object.__setattr__

_SEAT_HAND: Final = slot_setter(Seat, "hand")
_SEAT_PICK: Final = slot_setter(Seat, "pick")
_SEAT_POOL: Final = slot_setter(Seat, "pool")
_SEAT_GROUPS: Final = slot_setter(Seat, "groups")
_SEAT_DONE: Final = slot_setter(Seat, "done")
_SEAT_SCORES: Final = slot_setter(Seat, "season_scores")
_SEAT_MOVES: Final = slot_setter(Seat, "moves")
_SEAT_HASH: Final = slot_setter(Seat, CACHED_HASH)
_HAND_BIRDS: Final = slot_setter(Hand, "birds")
_HAND_ISLANDS: Final = slot_setter(Hand, "islands")
_HAND_HASH: Final = slot_setter(Hand, CACHED_HASH)
_POOL_BIRDS: Final = slot_setter(Pool, "drafted_birds")
_POOL_ISLANDS: Final = slot_setter(Pool, "drafted_islands")
_POOL_ASIDE: Final = slot_setter(Pool, "aside")
_POOL_RECEIVED: Final = slot_setter(Pool, "received")
_POOL_HASH: Final = slot_setter(Pool, CACHED_HASH)
_GROUP_ISLAND: Final = slot_setter(Group, "island")
_GROUP_TUCKS: Final = slot_setter(Group, "tucks")
_GROUP_LEFT: Final = slot_setter(Group, "left")
_GROUP_RIGHT: Final = slot_setter(Group, "right")
_GROUP_HASH: Final = slot_setter(Group, CACHED_HASH)
_FLOCK_SPECIES: Final = slot_setter(Flock, "species")
_FLOCK_SIZE: Final = slot_setter(Flock, "size")
_FLOCK_HASH: Final = slot_setter(Flock, CACHED_HASH)


def seat(
    hand: Hand,
    pick: str | None,
    pool: Pool,
    groups: tuple[Group, ...],
    done: bool,
    season_scores: tuple[int, ...],
    moves: int,
) -> Seat:
    """Returns `Seat(hand, pick, pool, groups, done, season_scores, moves)`."""
    if _NATIVE:
        return Seat(hand, pick, pool, groups, done, season_scores, moves)
    built: Seat = _NEW(Seat)
    _SEAT_HAND(built, hand)
    _SEAT_PICK(built, pick)
    _SEAT_POOL(built, pool)
    _SEAT_GROUPS(built, groups)
    _SEAT_DONE(built, done)
    _SEAT_SCORES(built, season_scores)
    _SEAT_MOVES(built, moves)
    _SEAT_HASH(built, None)
    return built


def hand(birds: tuple[str, ...], islands: tuple[str, ...]) -> Hand:
    """Returns `Hand(birds, islands)`."""
    if _NATIVE:
        return Hand(birds, islands)
    built: Hand = _NEW(Hand)
    _HAND_BIRDS(built, birds)
    _HAND_ISLANDS(built, islands)
    _HAND_HASH(built, None)
    return built


def pool(
    drafted_birds: tuple[str, ...],
    drafted_islands: tuple[str, ...],
    aside: tuple[str, ...],
    received: tuple[str, ...],
) -> Pool:
    """Returns `Pool(drafted_birds, drafted_islands, aside, received)`."""
    if _NATIVE:
        return Pool(drafted_birds, drafted_islands, aside, received)
    built: Pool = _NEW(Pool)
    _POOL_BIRDS(built, drafted_birds)
    _POOL_ISLANDS(built, drafted_islands)
    _POOL_ASIDE(built, aside)
    _POOL_RECEIVED(built, received)
    _POOL_HASH(built, None)
    return built


def group(island: str, tucks: tuple[Tuck, ...], left: Flock | None, right: Flock | None) -> Group:
    """Returns `Group(island, tucks, left, right)`."""
    if _NATIVE:
        return Group(island, tucks, left, right)
    built: Group = _NEW(Group)
    _GROUP_ISLAND(built, island)
    _GROUP_TUCKS(built, tucks)
    _GROUP_LEFT(built, left)
    _GROUP_RIGHT(built, right)
    _GROUP_HASH(built, None)
    return built


def flock(species: str, size: int) -> Flock:
    """Returns `Flock(species, size)`."""
    if _NATIVE:
        return Flock(species, size)
    built: Flock = _NEW(Flock)
    _FLOCK_SPECIES(built, species)
    _FLOCK_SIZE(built, size)
    _FLOCK_HASH(built, None)
    return built


def with_flock(old: Group, slot: Slot, new: Flock | None) -> Group:
    """Returns `old.with_flock(slot, new)`."""
    if slot is LEFT:
        return group(old.island, old.tucks, new, old.right)
    return group(old.island, old.tucks, old.left, new)


def with_seats(state: State, seats: tuple[Seat, ...], phase: Phase | None = None) -> State:
    """Returns `state` with new seats and, if given, a new phase (positional: hot path)."""
    if _NATIVE:
        return State(
            state.config,
            state.rng,
            state.season,
            state.round,
            state.phase if phase is None else phase,
            seats,
            state.bird_deck,
            state.island_deck,
            state.boxed_birds,
            state.boxed_islands,
            state.gone,
        )
    # A dict holding what attrs' __init__ would,
    # field by field in order (tests/perf/test_fast_paths.py holds State to
    # `init_only_fills_dict` and compares the builds).
    built: State = _NEW(State)
    _SET(
        built,
        "__dict__",
        {
            "config": state.config,
            "rng": state.rng,
            "season": state.season,
            "round": state.round,
            "phase": state.phase if phase is None else phase,
            "seats": seats,
            "bird_deck": state.bird_deck,
            "island_deck": state.island_deck,
            "boxed_birds": state.boxed_birds,
            "boxed_islands": state.boxed_islands,
            "gone": state.gone,
        },
    )
    return built


_T = TypeVar("_T")


def replaced(items: tuple[_T, ...], index: int, item: _T) -> tuple[_T, ...]:
    """Returns `items` with the one at `index` replaced by `item`."""
    return (*items[:index], item, *items[index + 1 :])


def added(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """Returns the sorted tuple `items` with `item` inserted."""
    for i, existing in enumerate(items):
        if item <= existing:
            return (*items[:i], item, *items[i:])
    return (*items, item)


def removed(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """Returns `items` without one occurrence of `item` (which must be there)."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]
