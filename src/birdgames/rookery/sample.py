"""Determinization: a full State consistent with what one seat sees (for search bots)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from birdgames.core import BirdgamesError
from birdgames.rng import Rng, fork, shuffle
from birdgames.rookery.cards import CARD_TYPE, CardType
from birdgames.rookery.events import Event
from birdgames.rookery.state import (
    Config,
    PlayerState,
    Predator,
    State,
    Wheel,
    ZoneState,
)
from birdgames.rookery.view import View


def _public(view: View, seat: int) -> Counter[str]:
    """Returns the cards of `seat` that everyone sees: discard, piles and face-up cards."""
    cards: Counter[str] = Counter(view.players[seat].discard)
    for zone in view.zones:
        cards.update(pile.card for pile in zone.pile if pile.owner == seat)
        cards.update(bird.card for bird in zone.birds if bird.owner == seat)
        cards.update(q.card for q in zone.predators if q.owner == seat and q.face_up and q.card)
    return cards


def sample_state(
    view: View, history: Sequence[Event], seed: int, config: Config | None = None
) -> State:
    """Returns a State the seat of `view` cannot tell from the real one, hidden cards at random.

    `config` is the game's config (the decklists are agreed before play, R10); by default
    the standard one. The seat's own deck is its unseen cards in a random order; the other
    player's unseen cards (their decklist less every card of theirs in sight) are dealt at
    random from `seed`: predators to their face-down predators, the rest to their hand and
    deck. `history` is accepted for the common signature: what searches reveal of a card's
    type is not yet used. The rng is fresh from `seed`. Raises BirdgamesError when the view
    does not fit the config's decklists.
    """
    del history  # every fact the sample relies on is in the view
    config = Config() if config is None else config
    rng = Rng.from_seed(seed)
    deal = fork(rng, 1)
    me = view.player
    players: list[PlayerState] = []
    face_down: dict[int, str] = {}
    for seat in (0, 1):
        side = view.players[seat]
        hidden = Counter(config.decks[seat])
        shown = _public(view, seat)
        if seat == me:
            shown.update(view.hand)
            shown.update(
                q.card
                for zone in view.zones
                for q in zone.predators
                if q.owner == seat and not q.face_up and q.card
            )
        if hidden & shown != shown:
            raise BirdgamesError(f"the view shows p{seat} cards that are not in their deck")
        cards, deal = shuffle(deal, sorted((hidden - shown).elements()))
        rest = list(cards)
        if seat != me:
            for zone in view.zones:
                for q in zone.predators:
                    if q.owner == seat and not q.face_up:
                        # R6 only a predator is played face down.
                        found = next(
                            (i for i, c in enumerate(rest) if CARD_TYPE[c] is CardType.PREDATOR),
                            None,
                        )
                        if found is None:
                            raise BirdgamesError(f"p{seat} has no predator left to play face down")
                        face_down[q.uid] = rest.pop(found)
            # Shuffled again: taking the first predators left the rest's order biased.
            cards, deal = shuffle(deal, rest)
            hand, rest = cards[: side.hand_size], list(cards[side.hand_size :])
        else:
            hand = view.hand
        if len(hand) != side.hand_size or len(rest) != side.deck_size:
            raise BirdgamesError(f"p{seat}'s hand and deck sizes do not fit the decklist")
        players.append(PlayerState(hand, tuple(rest), side.discard, side.song, side.prizes))
    zones = tuple(
        ZoneState(
            zone.habitat,
            zone.birds,
            tuple(
                Predator(
                    q.uid,
                    q.card if q.card is not None else face_down[q.uid],
                    q.owner,
                    q.face_up,
                    q.damage,
                    q.hunts,
                    q.readied,
                )
                for q in zone.predators
            ),
            zone.pile,
        )
        for zone in view.zones
    )
    return State(
        config,
        fork(rng, 2),
        view.phase,
        sum(zone.habitat is not None for zone in view.zones),
        view.first_player,
        view.active,
        view.turn_number,
        (players[0], players[1]),
        (zones[0], zones[1], zones[2]),
        Wheel(view.season, view.turns_left, view.turns_played, view.checkpoints, view.sudden_death),
        view.turn,
        view.pending,
        view.next_uid,
        view.winners,
    )
