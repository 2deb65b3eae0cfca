"""Peacock as the conformance suite drives it."""

from __future__ import annotations

from birdgames.peacock import GAME, State
from birdgames.peacock.cards import SPECIES_BY_ID
from birdgames.peacock.state import Hand, Seat
from birdgames.rng import Rng, next_u64, shuffle
from tests.conformance.adapters import EngineAdapter


def perturb_hidden(state: State, player: int, seed: int) -> State:
    """Returns `state` with every card `player` cannot see dealt again, and a new rng.

    Both decks and the other players' hands and committed picks pool their cards (birds with
    birds, islands with islands) and are refilled at the same sizes; `player`'s own hand and
    pick and everything face up stay as they are.
    """
    rng = Rng.from_seed(seed)
    others = [p for p in range(len(state.seats)) if p != player]
    birds = list(state.bird_deck)
    islands = list(state.island_deck)
    for p in others:
        seat = state.seats[p]
        birds += seat.hand.birds
        islands += seat.hand.islands
        if seat.pick is not None:
            (birds if seat.pick in SPECIES_BY_ID else islands).append(seat.pick)
    bird_cards, rng = shuffle(rng, birds)
    island_cards, rng = shuffle(rng, islands)
    bird_deck, bird_rest = bird_cards[: len(state.bird_deck)], bird_cards[len(state.bird_deck) :]
    island_deck = island_cards[: len(state.island_deck)]
    island_rest = island_cards[len(state.island_deck) :]
    seats = list(state.seats)
    for p in others:
        seat = seats[p]
        nb, ni = len(seat.hand.birds), len(seat.hand.islands)
        hand = Hand(tuple(sorted(bird_rest[:nb])), tuple(sorted(island_rest[:ni])))
        bird_rest, island_rest = bird_rest[nb:], island_rest[ni:]
        pick = seat.pick
        if pick is not None:
            if pick in SPECIES_BY_ID:
                pick, bird_rest = bird_rest[0], bird_rest[1:]
            else:
                pick, island_rest = island_rest[0], island_rest[1:]
        seats[p] = Seat(
            hand, pick, seat.pool, seat.groups, seat.done, seat.season_scores, seat.moves
        )
    bits, _ = next_u64(rng)
    return State(
        state.config,
        Rng(bits ^ state.rng.state or 1),
        state.season,
        state.round,
        state.phase,
        tuple(seats),
        bird_deck,
        island_deck,
        state.boxed_birds,
        state.boxed_islands,
        state.gone,
    )


def extent(state: State, player: int) -> int:
    """Groups count most (K2.3 each placed island makes one), then islands drafted to place,
    a face-down pick of an island among them."""
    seat = state.seats[player]
    picked = seat.pick is not None and seat.pick not in SPECIES_BY_ID
    return 2 * len(seat.groups) + len(seat.pool.drafted_islands) + picked


ADAPTER = EngineAdapter(
    game=GAME,
    perturb_hidden=perturb_hidden,
    seeds={"quick": 2, "ci": 4, "dev": 200, "soak": 1000},
    player_counts=GAME.player_counts,
    game_ref="birdgames.peacock:GAME",
    heavy_rate=0.06,
    extent=extent,
)
