"""Config validation, the decks in play, dealing and `new_game` (K1, K2.1)."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Final

from birdgames.core import InvalidConfigError, check_seed
from birdgames.peacock.cards import (
    DEAL_BIRDS,
    DEAL_ISLANDS,
    ISLAND_TYPES,
    SPECIES,
    STARTING_ISLANDS,
    Season,
)
from birdgames.peacock.events import HandDealt
from birdgames.peacock.state import Config, Group, Hand, Phase, Pool, Seat, State
from birdgames.rng import Rng, below, fork, shuffle

PLAYER_COUNTS: Final = (2, 3, 4)


def full_birds() -> tuple[str, ...]:
    """Returns all 72 bird cards, grouped by species in catalog order."""
    return tuple(s.id for s in SPECIES for _ in range(s.copies))


def full_islands() -> tuple[str, ...]:
    """Returns all 24 deck island cards, grouped by type."""
    return tuple(t.id for t in ISLAND_TYPES for _ in range(t.copies))


def boxed_birds(players: int) -> tuple[str, ...]:
    """Returns the birds returned to the box: one of each species at 2 players (K1)."""
    return tuple(s.id for s in SPECIES) if players == 2 else ()


def boxed_islands(players: int) -> tuple[str, ...]:
    """Returns the islands returned to the box: two of each type at 2 players (K1)."""
    if players != 2:
        return ()
    return tuple(t.id for t in ISLAND_TYPES for _ in range(t.copies - t.copies_2p))


def bird_deck_cards(players: int) -> tuple[str, ...]:
    """Returns the bird cards in play for `players`, unshuffled."""
    return tuple((Counter(full_birds()) - Counter(boxed_birds(players))).elements())


def island_deck_cards(players: int) -> tuple[str, ...]:
    """Returns the island cards in play for `players`, unshuffled."""
    return tuple((Counter(full_islands()) - Counter(boxed_islands(players))).elements())


# Cached: the dense observation's reference encoder reads it for every observation.
@lru_cache(maxsize=16)
def max_groups(players: int) -> int:
    """Returns the most groups one seat can hold.

    A seat starts with its three starting islands (K1) and each island card it places makes
    one more group (K2.3); it places only islands it drafted. In season s it drafts one card
    per draft round, `DEAL_BIRDS[s] + DEAL_ISLANDS[s]` cards, and no more islands than the
    season deals to the whole table, `players * DEAL_ISLANDS[s]`; over the game no more than
    the island deck holds at this count. At 2/3/4 players: 3 + 12 / 3 + 18 / 3 + 23 groups.
    """
    season_islands = sum(
        min(birds + islands, players * islands)
        for birds, islands in zip(DEAL_BIRDS, DEAL_ISLANDS, strict=True)
    )
    return len(STARTING_ISLANDS) + min(season_islands, len(island_deck_cards(players)))


def _order_problem(name: str, order: object, expected: tuple[str, ...]) -> str | None:
    if not isinstance(order, tuple) or not all(isinstance(card, str) for card in order):
        return f"{name} must be a tuple of card ids, not {order!r}"
    want, got = Counter(expected), Counter(order)
    if want == got:
        return None
    missing = sorted((want - got).elements())
    extra = sorted((got - want).elements())
    parts = [f"{name} must hold the {len(expected)} cards in play"]
    if missing:
        parts.append(f"missing {', '.join(missing)}")
    if extra:
        parts.append(f"unexpected {', '.join(extra)}")
    return "; ".join(parts)


def config_problem(config: object) -> str | None:
    """Returns what is wrong with `config`, or None if it can be played."""
    if not isinstance(config, Config):
        return f"expected a peacock Config, not {type(config).__name__}"
    players = config.players
    if type(players) is not int or players not in PLAYER_COUNTS:
        return f"Peacock is for 2 to 4 players, not {players!r}"
    if config.starting_season is not None and not isinstance(config.starting_season, Season):
        return f"starting_season must be blue, orange or None, not {config.starting_season!r}"
    if config.bird_order is not None:
        problem = _order_problem("bird_order", config.bird_order, bird_deck_cards(players))
        if problem:
            return problem
    if config.island_order is not None:
        problem = _order_problem("island_order", config.island_order, island_deck_cards(players))
        if problem:
            return problem
    return None


def check_config(config: object) -> Config:
    """Returns `config` if playable, else raises InvalidConfigError saying what is wrong."""
    problem = config_problem(config)
    if problem is not None:
        raise InvalidConfigError(problem)
    assert isinstance(config, Config)
    return config


def starting_groups() -> tuple[Group, ...]:
    """Returns a player's three starting islands, dots 1, 2 and 3 (K1)."""
    return tuple(Group(s.id) for s in STARTING_ISLANDS)


def deal(
    seats: tuple[Seat, ...], bird_deck: tuple[str, ...], island_deck: tuple[str, ...], rnd: int
) -> tuple[tuple[Seat, ...], tuple[str, ...], tuple[str, ...], tuple[HandDealt, ...]]:
    """Deals each seat its hand for season `rnd` from the top of both decks (K2.1)."""
    nb, ni = DEAL_BIRDS[rnd - 1], DEAL_ISLANDS[rnd - 1]
    new_seats: list[Seat] = []
    events: list[HandDealt] = []
    for i, seat in enumerate(seats):
        birds = tuple(sorted(bird_deck[i * nb : (i + 1) * nb]))
        islands = tuple(sorted(island_deck[i * ni : (i + 1) * ni]))
        new_seats.append(
            Seat(Hand(birds, islands), None, seat.pool, seat.groups, False, seat.season_scores)
        )
        events.append(HandDealt(i, len(birds) + len(islands), birds, islands))
    n = len(seats)
    return tuple(new_seats), bird_deck[n * nb :], island_deck[n * ni :], tuple(events)


def new_game(config: Config, seed: int) -> State:
    """Returns the position after setup and the first deal, from the seed alone."""
    config = check_config(config)
    seed = check_seed(seed)
    players = config.players
    rng = Rng.from_seed(seed)
    # Independent streams keep each deck's order apart from the season draw.
    flip, _ = below(fork(rng, 1), 2)
    season = config.starting_season or (Season.BLUE if flip == 0 else Season.ORANGE)
    birds = config.bird_order
    if birds is None:
        birds, _ = shuffle(fork(rng, 2), bird_deck_cards(players))
    islands = config.island_order
    if islands is None:
        islands, _ = shuffle(fork(rng, 3), island_deck_cards(players))
    empty = Seat(Hand(), None, Pool(), starting_groups(), False, ())
    seats, birds, islands, _events = deal((empty,) * players, birds, islands, 1)
    return State(
        config,
        fork(rng, 4),
        season,
        1,
        Phase.DRAFT,
        seats,
        birds,
        islands,
        tuple(sorted(boxed_birds(players))),
        tuple(sorted(boxed_islands(players))),
        (),
    )
