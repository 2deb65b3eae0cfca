"""Perch as the conformance suite drives it."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from birdgames.perch_bop import GAME, Config, State
from birdgames.perch_bop.cards import (
    BIRDHOUSE_FROM_ROUND,
    POINTS_IN_THE_SKY,
    POND_EMONIUM,
    PROMOS,
    SEEDS_THE_DAY,
    ZAP_ROUND,
)
from birdgames.perch_bop.setup import eligible_objectives
from birdgames.perch_bop.state import Phase
from birdgames.rng import Rng, next_u64, shuffle
from tests.conformance.adapters import EngineAdapter


def perturb_hidden(state: State, player: int, seed: int) -> State:
    """Returns `state` with every objective `player` cannot see dealt again, and a new rng.

    Other players' dealt pairs are redrawn from the cards `player` was not dealt (once the
    game is over, their kept objectives are public and only the discarded ones change). The
    bag has no order (draws use the rng), so a new rng reshuffles every future draw. The
    birdhouses and lightning tokens are not in play before rounds 4 and 5, so nobody sees
    them there: they are flipped at random. Birdfeeders, the Sun and Moon, Ponds, Bread and
    the promos are public (P2), so they stay as they are.
    """
    rng = Rng.from_seed(seed)
    over = state.flow.phase is Phase.OVER
    seats = list(state.seats)
    taken = set(seats[player].dealt)
    if over:
        taken |= {s.objective for s in seats if s.objective is not None}
    pool, rng = shuffle(rng, [o for o in eligible_objectives(state.config) if o not in taken])
    rest = list(pool)
    for q, seat in enumerate(seats):
        if q == player:
            continue
        if over and seat.objective is not None:
            discarded = rest.pop()
            seats[q] = attrs.evolve(seat, dealt=tuple(sorted((seat.objective, discarded))))
            continue
        pair = (rest.pop(), rest.pop())
        kept = pair[0] if seat.objective is not None else None
        seats[q] = attrs.evolve(seat, dealt=pair, objective=kept)
    bits, rng = next_u64(rng)
    houses_aside = state.round < BIRDHOUSE_FROM_ROUND
    zaps_aside = state.round < ZAP_ROUND
    for q, seat in enumerate(seats):
        flips, rng = next_u64(rng)
        seats[q] = attrs.evolve(
            seat,
            birdhouse=bool(flips & 1) if houses_aside else seat.birdhouse,
            zap=bool(flips & 2) if zaps_aside else seat.zap,
        )
    fresh = Rng(bits)
    if fresh == state.rng:
        fresh = Rng(bits ^ 1)
    return attrs.evolve(state, seats=tuple(seats), rng=fresh)


def _with(*expansions: str, promos: frozenset[str] = frozenset()) -> Callable[[int], Config]:
    def config_for(players: int) -> Config:
        return Config(players=players, expansions=frozenset(expansions), promos=promos)

    return config_for


# Every other subset of the expansions beside the default config (all three), and all
# three with every promo (P1, P8).
VARIANTS: tuple[tuple[str, Callable[[int], Config]], ...] = (
    ("promos", _with(SEEDS_THE_DAY, POINTS_IN_THE_SKY, POND_EMONIUM, promos=PROMOS)),
    ("base", _with()),
    ("seeds", _with(SEEDS_THE_DAY)),
    ("sky", _with(POINTS_IN_THE_SKY)),
    ("pond", _with(POND_EMONIUM)),
    ("seeds_sky", _with(SEEDS_THE_DAY, POINTS_IN_THE_SKY)),
    ("seeds_pond", _with(SEEDS_THE_DAY, POND_EMONIUM)),
    ("sky_pond", _with(POINTS_IN_THE_SKY, POND_EMONIUM)),
)


def extent(state: State, player: int) -> int:
    """Birds held in hand (per colour), then the score the seat reached."""
    seat = state.seats[player]
    return 10 * sum(seat.hand) + seat.score


ADAPTER = EngineAdapter(
    game=GAME,
    perturb_hidden=perturb_hidden,
    seeds={"quick": 1, "ci": 4, "dev": 60, "soak": 500},
    player_counts=GAME.player_counts,
    game_ref="birdgames.perch_bop:GAME",
    variants=VARIANTS,
    variant_seeds={"quick": 1, "ci": 1, "dev": 20, "soak": 200},
    extent=extent,
)
