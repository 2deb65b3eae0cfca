"""The State invariants the codec checks on load and the tests check after every step."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from typing import Final

from birdgames.peacock.cards import (
    ISLAND_TYPE_BY_ID,
    SEASONS_PER_GAME,
    SPECIES,
    SPECIES_BY_ID,
    STARTING_ISLANDS,
    Season,
)
from birdgames.peacock.flow import winners as season_winners
from birdgames.peacock.scoring import Counts, flock_limits, flock_max, group_counts, is_fed
from birdgames.peacock.setup import (
    PLAYER_COUNTS,
    boxed_birds,
    boxed_islands,
    config_problem,
    full_birds,
    full_islands,
)
from birdgames.peacock.state import (
    ADDITIONAL,
    BLUE,
    DRAFT,
    LEFT,
    MIGRATION,
    MOVES_PER_MIGRATION,
    ORANGE,
    OVER,
    RIGHT,
    Flock,
    Pool,
    State,
    Tuck,
)

# K2.5 a season's points: every bird card in a flock at its feathers plus any bonus.
SEASON_SCORE_BOUND: Final = sum((s.feathers + max(0, s.value)) * s.copies for s in SPECIES)
# K1 every card of the game, counted once at import.
_ALL_BIRDS: Final = Counter(full_birds())
_ALL_ISLANDS: Final = Counter(full_islands())
# K1 what the box holds at each player count, sorted as a state keeps it.
_BOXED_BIRDS: Final = {n: tuple(sorted(boxed_birds(n))) for n in PLAYER_COUNTS}
_BOXED_ISLANDS: Final = {n: tuple(sorted(boxed_islands(n))) for n in PLAYER_COUNTS}
_STARTS: Final = tuple(s.id for s in STARTING_ISLANDS)
_START_COUNT: Final = len(_STARTS)


def bird_places(state: State) -> Counter[str]:
    """Returns how many bird cards of each species the state holds, in all places."""
    cards = [*state.bird_deck, *state.boxed_birds, *state.gone]
    placed: dict[str, int] = {}
    for seat in state.seats:
        pool = seat.pool
        cards += seat.hand.birds
        cards += pool.drafted_birds
        cards += pool.aside
        cards += pool.received
        if seat.pick is not None and seat.pick in SPECIES_BY_ID:
            cards.append(seat.pick)
        for group in seat.groups:
            for flock in (group.left, group.right):
                if flock is not None:
                    placed[flock.species] = placed.get(flock.species, 0) + flock.size
    found = Counter(cards)
    for species, size in placed.items():
        found[species] += size
    return found


def island_places(state: State) -> Counter[str]:
    """Returns how many deck island cards of each type the state holds, in all places."""
    cards = [*state.island_deck, *state.boxed_islands]
    for seat in state.seats:
        cards += seat.hand.islands
        if seat.pick is not None and seat.pick in ISLAND_TYPE_BY_ID:
            cards.append(seat.pick)
        cards += seat.pool.drafted_islands
        cards += [group.island for group in seat.groups[len(STARTING_ISLANDS) :]]
        for group in seat.groups:
            cards += [tuck.island for tuck in group.tucks]
    return Counter(cards)


def _flock_limits(island: str, tucks: tuple[Tuck, ...], blue: bool) -> Mapping[str, int]:
    """`flock_limits(island, tucks, blue)`, looked up by the tucks' plain values: its own cache
    hashes and compares the Tuck objects of its key, attrs-generated Python for each tuck."""
    halves: list[tuple[str, bool]] = []
    for tuck in tucks:
        half = tuck.half
        if half is not BLUE and half is not ORANGE:  # no Season: no plain key stands for it
            return flock_limits(island, tucks, blue)
        halves.append((tuck.island, half is BLUE))
    return _limits_by_value(island, tuple(halves), blue)


@lru_cache(maxsize=4096)
def _limits_by_value(
    island: str, halves: tuple[tuple[str, bool], ...], blue: bool
) -> Mapping[str, int]:
    tucks = tuple([Tuck(tucked, BLUE if on_blue else ORANGE) for tucked, on_blue in halves])
    return flock_limits(island, tucks, blue)


def _flock_problem(flock: Flock, where: str, counts: Counts, season: Season) -> str | None:
    species = SPECIES_BY_ID.get(flock.species)
    if species is None:
        return f"{where} holds an unknown species {flock.species!r}"
    most = flock_max(species, season, counts)
    if not 1 <= flock.size <= most:
        return f"{where} holds {flock.size} {flock.species}, allowed 1 to {most}"
    if not is_fed(species, counts):
        return f"{where} cannot feed its {flock.species} in {season.value}"
    return None


def invariant_violation(state: State) -> str | None:
    """Returns a broken invariant of `state`, or None when it is sound."""
    problem = config_problem(state.config)
    if problem is not None:
        return f"config: {problem}"
    n = state.config.players
    if len(state.seats) != n:
        return f"{len(state.seats)} seats for a {n}-player game"
    if not 1 <= state.round <= SEASONS_PER_GAME:
        return f"round {state.round} is not 1 to {SEASONS_PER_GAME}"
    # K1 the 2-player removal: the box holds exactly what setup put there.
    for name, boxed, expected in (
        ("birds", state.boxed_birds, _BOXED_BIRDS[n]),
        ("islands", state.boxed_islands, _BOXED_ISLANDS[n]),
    ):
        if boxed != expected:
            return f"boxed {name} must be {', '.join(expected) or 'none'} at {n} players"
    for name, want, ids, held in (
        ("bird", _ALL_BIRDS, SPECIES_BY_ID, bird_places(state)),
        ("island", _ALL_ISLANDS, ISLAND_TYPE_BY_ID, island_places(state)),
    ):
        if not held.keys() <= ids.keys():
            unknown = sorted(k for k in held if k not in ids)
            return f"unknown {name} cards: {', '.join(unknown)}"
        if held != want:
            # Names, not elements: a count read from the document may be huge.
            diff = sorted(k for k in want.keys() | held.keys() if want[k] != held[k])
            return f"{name} cards are not each in exactly one place (off: {', '.join(diff)})"
    phase = state.phase
    draft = phase is DRAFT
    additional = phase is ADDITIONAL
    over = phase is OVER
    scored = SEASONS_PER_GAME if over else state.round - 1
    starts = _STARTS
    hand_sizes = set()
    blue = state.season is BLUE
    for i, seat in enumerate(state.seats):
        groups = seat.groups
        if tuple([g.island for g in groups[:_START_COUNT]]) != starts:
            return f"p{i} must have the starting islands {', '.join(starts)} as groups 0 to 2"
        for group in groups[_START_COUNT:]:
            if group.island not in ISLAND_TYPE_BY_ID:
                return f"p{i} has a starting island placed twice"
        if len(seat.season_scores) != scored:
            return f"p{i} has {len(seat.season_scores)} season scores, expected {scored}"
        for points in seat.season_scores:
            if not 0 <= points <= SEASON_SCORE_BOUND:
                return f"p{i} has a season score outside 0 to {SEASON_SCORE_BOUND}"
        # K2.3 a player closes a migration; the draft opens none and the end closes all
        if not 0 <= seat.moves <= MOVES_PER_MIGRATION:
            return f"p{i} has made {seat.moves} moves, allowed 0 to {MOVES_PER_MIGRATION}"
        if seat.moves and phase is not MIGRATION:  # each migration's budget starts at 0
            return f"p{i} has made {seat.moves} moves outside migration"
        if seat.done and draft:
            return f"p{i} is done during the draft"
        if not seat.done and over:
            return f"p{i} is not done after the game"
        pool = seat.pool
        hand = seat.hand
        if draft:
            hand_sizes.add(len(hand.birds) + len(hand.islands) + (seat.pick is not None))
        elif seat.pick is not None or hand.birds or hand.islands:
            return f"p{i} holds a hand or pick outside the draft"
        if not additional and pool.received:
            return f"p{i} holds received birds outside additional migration"
        if additional and (pool.drafted_birds or pool.aside):
            return f"p{i} still holds unplaced birds in additional migration"
        if over and pool != Pool():
            return f"p{i} holds unplaced cards after the game"
        for name, cards in (
            ("drafted birds", pool.drafted_birds),
            ("drafted islands", pool.drafted_islands),
            ("set-aside birds", pool.aside),
            ("received birds", pool.received),
            ("hand birds", seat.hand.birds),
            ("hand islands", seat.hand.islands),
        ):
            if len(cards) > 1 and cards != tuple(sorted(cards)):
                return f"p{i}'s {name} are not sorted"
        for index, group in enumerate(groups):
            # A flock of a species the group feeds, within its maximum, is sound; any other
            # is described by _flock_problem. A group without flocks needs no limits.
            if group.left is None and group.right is None:
                continue
            limits = _flock_limits(group.island, group.tucks, blue)
            for slot, flock in ((LEFT, group.left), (RIGHT, group.right)):
                if flock is not None:
                    most = limits.get(flock.species)
                    if most is None or not 1 <= flock.size <= most:
                        counts = group_counts(group, state.season)
                        where = f"p{i} group {index} {slot.value}"
                        return _flock_problem(flock, where, counts, state.season)
    if draft and (len(hand_sizes) != 1 or 0 in hand_sizes):
        return "draft hands must all hold the same number of cards, at least one"
    # Last: the checks above keep the rules from reading impossible values.
    return _stuck_problem(state)


def _stuck_problem(state: State) -> str | None:
    """`birdgames.core.stuck_problem` for a state that passed the checks above, by the rules.

    Those checks make every seat to act hold a legal action: in the draft a seat that has
    not picked holds a card (hand sizes are equal and at least one), so it may draft it; in a
    migration an open seat may place a drafted island if it has one, else end its migration.
    What is left: with nobody to act the game is over (`is_terminal`), so it needs winners.
    """
    phase = state.phase
    if phase is DRAFT:
        waiting = any(seat.pick is None for seat in state.seats)
    else:
        waiting = phase is not OVER and any(not seat.done for seat in state.seats)
    if waiting:
        return None
    return None if season_winners(state) else "the game is over without winners"
