"""The toy game as the conformance suite drives it."""

import attrs

from birdgames.rng import Rng, next_u64, shuffle
from tests.conformance.adapters import EngineAdapter
from tests.toy.game import GAME, State


def perturb_hidden(state: State, player: int, seed: int) -> State:
    """Returns `state` with every card `player` cannot see dealt again, and a new rng.

    Other hands, other committed picks and the deck pool their cards and are refilled at
    their sizes; what `player` holds and everything face up stays.
    """
    rng = Rng.from_seed(seed)
    others = [p for p in range(state.config.players) if p != player]
    pool = list(state.deck)
    for p in others:
        seat = state.seats[p]
        pool += seat.hand
        if seat.pick is not None:
            pool.append(seat.pick)
    cards, rng = shuffle(rng, pool)
    deck, rest = cards[: len(state.deck)], cards[len(state.deck) :]
    seats = list(state.seats)
    for p in others:
        seat = seats[p]
        size = len(seat.hand)
        hand, rest = tuple(sorted(rest[:size])), rest[size:]
        pick = None
        if seat.pick is not None:
            pick, rest = rest[0], rest[1:]
        seats[p] = attrs.evolve(seat, hand=hand, pick=pick)
    state_bits, _ = next_u64(rng)
    return attrs.evolve(state, deck=deck, seats=tuple(seats), rng=Rng(state_bits))


ADAPTER = EngineAdapter(
    game=GAME,
    perturb_hidden=perturb_hidden,
    seeds={"quick": 2, "ci": 6, "dev": 30, "soak": 300},
    player_counts=GAME.player_counts,
    game_ref="tests.toy.game:GAME",
    mutated_states=50,  # a toy game is a few dozen actions: many saves are cheap
)
