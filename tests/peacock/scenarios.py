"""Named position builders for Peacock tests and rulebook examples."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from birdgames.peacock import GAME, Config, Season, State
from birdgames.peacock.cards import STARTING_ISLANDS
from birdgames.peacock.scoring import season_score
from birdgames.peacock.setup import (
    bird_deck_cards,
    boxed_birds,
    boxed_islands,
    island_deck_cards,
)
from birdgames.peacock.state import Flock, Group, Hand, Phase, Pool, Seat, Tuck
from birdgames.rng import Rng

BLUE = Season.BLUE
ORANGE = Season.ORANGE


def flock(species: str, size: int = 1) -> Flock:
    """Returns a flock of `size` birds of `species`."""
    return Flock(species, size)


def group(
    island: str,
    left: Flock | None = None,
    right: Flock | None = None,
    tucks: Sequence[tuple[str, Season]] = (),
) -> Group:
    """Returns a group: `island` with (card, half) tucks and two optional flocks."""
    return Group(island, tuple(Tuck(card, half) for card, half in tucks), left, right)


def starting(*extra: Group, **by_dots: Group) -> tuple[Group, ...]:
    """Returns the three starting groups (override with start_1=...) then `extra` groups."""
    groups = [by_dots.get(s.id, Group(s.id)) for s in STARTING_ISLANDS]
    return (*groups, *extra)


def seat(
    groups: tuple[Group, ...] | None = None,
    drafted_birds: Sequence[str] = (),
    drafted_islands: Sequence[str] = (),
    aside: Sequence[str] = (),
    received: Sequence[str] = (),
    hand_birds: Sequence[str] = (),
    hand_islands: Sequence[str] = (),
    pick: str | None = None,
    done: bool = False,
    scores: tuple[int, ...] = (),
    moves: int = 0,
) -> Seat:
    """Returns one player's area."""
    return Seat(
        Hand(tuple(sorted(hand_birds)), tuple(sorted(hand_islands))),
        pick,
        Pool(
            tuple(sorted(drafted_birds)),
            tuple(sorted(drafted_islands)),
            tuple(sorted(aside)),
            tuple(sorted(received)),
        ),
        starting() if groups is None else groups,
        done,
        scores,
        moves,
    )


def _take(deck: tuple[str, ...], used: Counter[str], what: str) -> tuple[str, ...]:
    rest = Counter(deck) - used
    short = used - Counter(deck)
    if short:
        raise ValueError(f"not enough {what} cards for this scenario: {dict(short)}")
    return tuple(sorted(rest.elements()))


def position(
    seats: Sequence[Seat],
    season: Season = BLUE,
    phase: Phase = Phase.MIGRATION,
    rnd: int = 1,
    gone: Sequence[str] = (),
) -> State:
    """Returns a sound state holding `seats`; every card not in a seat stays in the decks."""
    players = len(seats)
    used_birds: Counter[str] = Counter(gone)
    used_islands: Counter[str] = Counter()
    for s in seats:
        used_birds.update(s.hand.birds + s.pool.drafted_birds + s.pool.aside + s.pool.received)
        used_islands.update(s.hand.islands + s.pool.drafted_islands)
        if s.pick is not None:
            (used_islands if s.pick in ("grove", "reef", "crag") else used_birds)[s.pick] += 1
        for g in s.groups:
            if not g.island.startswith("start_"):
                used_islands[g.island] += 1
            used_islands.update(t.island for t in g.tucks)
            for f in (g.left, g.right):
                if f is not None:
                    used_birds[f.species] += f.size
    return State(
        Config(players, season),
        Rng.from_seed(0),
        season,
        rnd,
        phase,
        tuple(seats),
        _take(bird_deck_cards(players), used_birds, "bird"),
        _take(island_deck_cards(players), used_islands, "island"),
        tuple(sorted(boxed_birds(players))),
        tuple(sorted(boxed_islands(players))),
        tuple(sorted(gone)),
    )


def solo(p0: Seat, season: Season = BLUE, phase: Phase = Phase.MIGRATION, rnd: int = 1) -> State:
    """Returns a 2-player position where p1 has already ended (so p0 alone acts)."""
    other = seat(done=phase is not Phase.DRAFT, scores=(0,) * (rnd - 1))
    return position((p0, other), season, phase, rnd)


def scored(state: State, player: int = 0) -> int:
    """Returns the points `player`'s tableau scores in the state's season."""
    return season_score(state.seats[player], state.season)[0]


def fresh(players: int = 3, seed: int = 1, season: Season | None = BLUE) -> State:
    """Returns a new game with a fixed starting season."""
    return GAME.new_game(Config(players, season), seed)


# --- rulebook examples ------------------------------------------------------------------

# The rulebook's example 1 (K2.5): a hummingbird and an ostrich share an island with no meat
# and no puffin.
HUMMINGBIRD_AND_OSTRICH = group(
    "start_1", flock("hummingbird"), flock("ostrich"), tucks=[("grove", BLUE)]
)
# The rulebook's example 2 (K2.5): a full flock of three vultures on an island with meat.
VULTURE_FULL_FLOCK = group("crag", flock("vulture", 3))
# The vulture island of the season-change example: meat in blue, only fish in orange.
VULTURE_ISLAND = group("crag", flock("vulture", 2))
