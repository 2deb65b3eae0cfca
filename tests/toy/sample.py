"""A determinizer for the toy game, to prove the determinization check and the bots on it."""

from __future__ import annotations

from birdgames.rng import Rng, below, fork, shuffle
from tests.toy.game import Config, Seat, State, View


def toy_sample_state(view: View, config: Config, seed: int) -> State:
    """Returns a toy State consistent with `view`: unseen cards dealt at random from `seed`.

    In the toy game a seat sees its own hand and pick and the discard pile; every other card
    (other hands and picks, the deck) is dealt uniformly from those it cannot see.
    """
    me = view.player
    rng = Rng.from_seed(seed)
    seen = set(view.discard)
    if me is not None:
        own = view.seats[me]
        seen.update(own.hand or ())
        if own.pick is not None:
            seen.add(own.pick)
    unseen, deal = shuffle(
        fork(rng, 1), [c for c in range(1, config.deck_size + 1) if c not in seen]
    )
    rest = list(unseen)
    seats = []
    for p, seat in enumerate(view.seats):
        if p == me:
            hand, pick = seat.hand or (), seat.pick
        else:
            hand = tuple(sorted(rest[: seat.hand_size]))
            del rest[: seat.hand_size]
            pick = None
            if seat.committed:
                index, deal = below(deal, len(rest))
                pick = rest.pop(index)
        seats.append(Seat(hand, pick, seat.nest, seat.twigs, seat.done, seat.score))
    return State(
        config,
        fork(rng, 2),
        view.round,
        view.phase,
        tuple(rest),
        view.discard,
        tuple(seats),
        view.last_picks,
        view.raider,
        view.victim,
    )
