"""Rookery as the conformance suite drives it."""

from __future__ import annotations

from birdgames.rng import Rng, next_u64, shuffle
from birdgames.rookery import GAME, State
from birdgames.rookery.cards import CARD_TYPE, CardType
from birdgames.rookery.state import Predator, Seat, ZoneState
from tests.conformance.adapters import EngineAdapter


def perturb_hidden(state: State, player: int, seed: int) -> State:
    """Returns `state` changed only in what `player` cannot see, with a new rng.

    The player's own deck is reordered. The opponent's hidden cards (hand, deck, face-down
    predators) are dealt again among those places, each place keeping its card type, so
    every count the player can see or infer (hand and deck sizes, face-down cards being
    predators, what a search can find) stays the same.
    """
    rng = Rng.from_seed(seed)
    seats = list(state.seats)
    me = seats[player]
    deck, rng = shuffle(rng, me.deck)
    seats[player] = Seat(me.hand, deck, me.discard, me.song, me.prizes)
    other = 1 - player
    them = seats[other]
    hand = list(them.hand)
    their_deck = list(them.deck)
    zones = [list(zone.predators) for zone in state.zones]
    hidden: dict[CardType, list[tuple[str, int, int]]] = {}
    for i, card in enumerate(hand):
        hidden.setdefault(CARD_TYPE[card], []).append(("hand", i, 0))
    for i, card in enumerate(their_deck):
        hidden.setdefault(CARD_TYPE[card], []).append(("deck", i, 0))
    for zi, preds in enumerate(zones):
        for i, pred in enumerate(preds):
            if pred.owner == other and not pred.face_up:
                hidden.setdefault(CardType.PREDATOR, []).append(("down", i, zi))

    def read(place: tuple[str, int, int]) -> str:
        where, i, zi = place
        if where == "hand":
            return hand[i]
        if where == "deck":
            return their_deck[i]
        return zones[zi][i].card

    for card_type in sorted(hidden, key=lambda t: t.value):
        places = hidden[card_type]
        cards, rng = shuffle(rng, [read(place) for place in places])
        for (where, i, zi), card in zip(places, cards, strict=True):
            if where == "hand":
                hand[i] = card
            elif where == "deck":
                their_deck[i] = card
            else:
                q = zones[zi][i]
                zones[zi][i] = Predator(
                    q.uid, card, q.owner, q.face_up, q.damage, q.hunts, q.readied
                )
    seats[other] = Seat(tuple(hand), tuple(their_deck), them.discard, them.song, them.prizes)
    new_zones = tuple(
        ZoneState(zone.habitat, zone.birds, tuple(zones[zi]), zone.pile)
        for zi, zone in enumerate(state.zones)
    )
    bits, _ = next_u64(rng)
    fresh = Rng(bits if bits != state.rng.state else bits ^ 1)
    return State(
        state.config,
        fresh,
        state.phase,
        state.draft_step,
        state.first_player,
        state.active,
        state.turn_number,
        (seats[0], seats[1]),
        (new_zones[0], new_zones[1], new_zones[2]),
        state.wheel,
        state.turn,
        state.pending,
        state.next_uid,
        state.winners,
    )


def extent(state: State, player: int) -> int:
    """Predators crowded into one zone (R6.1, no limit), then hand, discard and birds in play."""
    crowd = max(len(zone.predators) for zone in state.zones)
    own = state.seats[player]
    birds = sum(1 for zone in state.zones for bird in zone.birds if bird.owner == player)
    return 4 * crowd + len(own.hand) + len(own.discard) + birds + len(state.pending)


ADAPTER = EngineAdapter(
    game=GAME,
    perturb_hidden=perturb_hidden,
    seeds={"quick": 3, "ci": 10, "dev": 200, "soak": 2000},
    player_counts=GAME.player_counts,
    game_ref="birdgames.rookery:GAME",
    extent=extent,
    signed_fields=frozenset({"turns_left"}),  # R9 the season may run past its turns
)
