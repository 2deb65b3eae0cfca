"""new_game: decklist validation (R10), shuffles, opening hands (R1.3), the draft's start."""

from __future__ import annotations

from collections import Counter
from typing import Final

from birdgames.core import InvalidConfigError
from birdgames.rng import Rng, below, shuffle
from birdgames.rookery import build
from birdgames.rookery.cards import BIRDS, CATALOG, Season, Trait
from birdgames.rookery.state import (
    FRESH_TURN,
    Config,
    Phase,
    Seat,
    State,
    Wheel,
    ZoneState,
)

MAX_COPIES: Final = 3  # R10
DECK_BOUNDS: Final = (20, 40)  # R10 DECISION: the most a Config may allow
MAX_OPENING_HAND: Final = 10
UNIQUE: Final = frozenset(card for card, bird in BIRDS.items() if Trait.UNIQUE in bird.traits)


def validate(config: object) -> Config:
    """Returns the config if it can be played, else raises InvalidConfigError saying why."""
    if not isinstance(config, Config):
        raise InvalidConfigError(f"a Rookery game needs a rookery Config, not {config!r}")
    if config.players != 2:
        raise InvalidConfigError(f"Rookery is for exactly 2 players, not {config.players!r}")
    if config.first_player not in (0, 1, None) or isinstance(config.first_player, bool):
        raise InvalidConfigError(f"first_player must be 0, 1 or None, not {config.first_player!r}")
    hand = config.opening_hand
    if type(hand) is not int or not 0 <= hand <= MAX_OPENING_HAND:
        raise InvalidConfigError(f"opening_hand must be 0 to {MAX_OPENING_HAND}, not {hand!r}")
    low, high = config.deck_min, config.deck_max
    if (
        type(low) is not int
        or type(high) is not int
        or not DECK_BOUNDS[0] <= low <= high <= DECK_BOUNDS[1]
    ):
        raise InvalidConfigError(
            f"deck sizes must satisfy {DECK_BOUNDS[0]} <= deck_min <= deck_max <= "
            f"{DECK_BOUNDS[1]}, not {low!r}..{high!r}"
        )
    if not isinstance(config.decks, tuple) or len(config.decks) != 2:
        raise InvalidConfigError("decks must be a pair of decklists, one per seat")
    for seat, deck in enumerate(config.decks):
        validate_deck(deck, low, high, f"seat {seat}'s deck")
    return config


def validate_deck(deck: object, low: int, high: int, name: str) -> None:
    """R10 raises InvalidConfigError naming the offending card of a bad decklist."""
    if not isinstance(deck, tuple):
        raise InvalidConfigError(f"{name} must be a tuple of card ids")
    for card in deck:
        if not isinstance(card, str) or card not in CATALOG:
            raise InvalidConfigError(f"{name}: {card!r} is not a Rookery card id")
    if not low <= len(deck) <= high:
        size = f"{low}" if low == high else f"{low} to {high}"
        raise InvalidConfigError(f"{name} has {len(deck)} cards; a deck has {size}")
    for card, copies in sorted(Counter(deck).items()):
        if card in UNIQUE and copies > 1:
            raise InvalidConfigError(f"{name}: {card} is Unique, at most 1 copy, not {copies}")
        if copies > MAX_COPIES:
            raise InvalidConfigError(f"{name}: {card} has {copies} copies, at most {MAX_COPIES}")


def new_game(config: Config, seed: int) -> State:
    """R1 shuffles both decks from the seed, deals opening hands, opens the habitat draft.

    `config` and `seed` are already checked (`validate`, `check_seed`): GAME.new_game does it.
    """
    rng = Rng.from_seed(seed)
    first = config.first_player
    if first is None:
        first, rng = below(rng, 2)
    seats: list[Seat] = []
    for deck in config.decks:
        shuffled, rng = shuffle(rng, deck)
        hand = config.opening_hand
        seats.append(Seat(shuffled[:hand], shuffled[hand:], (), 0, 0))
    empty = ZoneState(None, (), (), ())
    return build.state(
        config,
        rng,
        Phase.DRAFT,
        0,
        first,
        first,
        0,
        (seats[0], seats[1]),
        (empty, empty, empty),
        Wheel(Season.SPRING, 4, 0, 0, 0),  # R1.5
        FRESH_TURN,
        (),
        1,
        (),
    )
