"""Determinization: a full State consistent with what one seat sees (for search bots)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from birdgames.core import BirdgamesError
from birdgames.identity import remembered
from birdgames.rng import Rng, fork, shuffle
from birdgames.rookery import build
from birdgames.rookery.cards import CARD_TYPE, CardType
from birdgames.rookery.events import (
    BirdNested,
    CardDiscarded,
    CardSearched,
    DeckReshuffled,
    Event,
    EventPlayed,
    HabitatPlayed,
    PredatorPlayed,
    SeasonCardPlayed,
)
from birdgames.rookery.state import (
    Config,
    Predator,
    Seat,
    State,
    Wheel,
    ZoneState,
)
from birdgames.rookery.view import View


def _public(view: View, seat: int) -> Counter[str]:
    """Returns the cards of `seat` that everyone sees: discard, piles and face-up cards."""
    cards: Counter[str] = Counter(view.seats[seat].discard)
    for zone in view.zones:
        cards.update(pile.card for pile in zone.pile if pile.owner == seat)
        cards.update(bird.card for bird in zone.birds if bird.owner == seat)
        cards.update(q.card for q in zone.predators if q.owner == seat and q.face_up and q.card)
    return cards


def searched(history: Sequence[Event], seat: int) -> tuple[Counter[CardType], frozenset[CardType]]:
    """Returns what searches told everyone of `seat`'s hidden cards (R9.7).

    First, how many cards of each type its hand must still hold: each card found goes to the
    hand, and each card of that type leaving the hand since may have been it. Second, the
    types its deck lacks: a search that finds nothing shows the deck has none, which stays
    true as cards are drawn, until the discard pile is shuffled into a new deck.
    """
    in_hand: Counter[CardType] = Counter()
    lacking: set[CardType] = set()
    for event in history:
        if getattr(event, "player", None) != seat:
            continue
        left: CardType | None = None
        match event:
            case CardSearched():
                if event.found:
                    in_hand[event.card_type] += 1
                else:
                    lacking.add(event.card_type)
            case DeckReshuffled():
                lacking.clear()
            case PredatorPlayed():
                left = CardType.PREDATOR
            case BirdNested() | EventPlayed() | SeasonCardPlayed() | HabitatPlayed():
                left = CARD_TYPE[event.card]
            case CardDiscarded():
                left = CARD_TYPE[event.card]  # R9.6 a discard leaves the hand too
            case _:
                pass
        if left is not None and in_hand[left] > 0:
            in_hand[left] -= 1
    return +in_hand, frozenset(lacking)


def _deal_hidden(
    side: _Side, hand_size: int, seat: int, rng: Rng
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], Rng]:
    """Deals `seat`'s unseen cards to face-down predators, hand and deck, as searches allow.

    Returns (face-down cards, hand, deck). Face-down cards are predators (R6); cards of a
    type the deck lacks and the types the hand must hold go to the hand first; the rest is
    dealt uniformly.
    """
    lacking = side.lacking
    shuffled, rng = shuffle(rng, side.unseen)
    rest = list(shuffled)
    down: list[str] = []
    for _ in range(len(side.slots)):
        found = next((i for i, c in enumerate(rest) if CARD_TYPE[c] is CardType.PREDATOR), None)
        if found is None:
            raise BirdgamesError(f"p{seat} has no predator left to play face down")
        down.append(rest.pop(found))
    hand = [c for c in rest if CARD_TYPE[c] in lacking]
    rest = [c for c in rest if CARD_TYPE[c] not in lacking]
    for card_type, count in side.must_hold:
        short = count - sum(CARD_TYPE[c] is card_type for c in hand)
        for _ in range(short):
            found = next((i for i, c in enumerate(rest) if CARD_TYPE[c] is card_type), None)
            if found is None:
                raise BirdgamesError(f"p{seat}'s hand must hold a {card_type.value} card")
            hand.append(rest.pop(found))
    if len(hand) > hand_size:
        raise BirdgamesError(f"p{seat}'s hand cannot hold every card searches place there")
    # Shuffled again: taking the first predators and forced cards biased the rest's order.
    mixed, rng = shuffle(rng, rest)
    free = hand_size - len(hand)
    hand.extend(mixed[:free])
    return tuple(down), tuple(hand), tuple(mixed[free:]), rng


@attrs.frozen
class _Side:
    """What a seat knows of one player's hidden cards, whatever the seed."""

    unseen: tuple[str, ...]
    """The player's cards out of the seat's sight, sorted."""
    slots: tuple[int, ...]
    """Their face-down predators' uids (the other player's; none for the seat's own)."""
    must_hold: tuple[tuple[CardType, int], ...]
    """Card types their hand must still hold, with how many (`searched`)."""
    lacking: frozenset[CardType]
    """Card types their deck lacks (`searched`)."""


def _sides(view: View, history: Sequence[Event], config: Config | None) -> tuple[_Side, _Side]:
    """Returns what the view's seat knows of each player's hidden cards (config None: the
    standard one)."""
    config = Config() if config is None else config
    me = view.player
    sides: list[_Side] = []
    for seat in (0, 1):
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
        unseen = tuple(sorted((hidden - shown).elements()))
        if seat == me:
            sides.append(_Side(unseen, (), (), frozenset()))
            continue
        slots = tuple(
            q.uid
            for zone in view.zones
            for q in zone.predators
            if q.owner == seat and not q.face_up
        )
        must_hold, lacking = searched(history, seat)
        held = tuple(sorted(must_hold.items(), key=lambda item: item[0].value))
        sides.append(_Side(unseen, slots, held, lacking))
    return sides[0], sides[1]


# A search samples many states from one view and history: what they tell is worked out once
# for them and each sample only deals. Measured (median CPU time an ISMCTS decision,
# benchmarks/ladder.py's positions): 100 iterations 20.6 -> 13.7 ms, 400 iterations 89 -> 57 ms.
_known = remembered(8)(_sides)


def sample_state(
    view: View, history: Sequence[Event], seed: int, config: Config | None = None
) -> State:
    """Returns a State the seat of `view` cannot tell from the real one, hidden cards at random.

    `config` is the game's config (the decklists are agreed before play, R10); by default
    the standard one. The seat's own deck is its unseen cards in a random order; the other
    player's unseen cards (their decklist less every card of theirs in sight) are dealt at
    random from `seed`: predators to their face-down predators, the rest to their hand and
    deck, as far as `history` (the seat's visible events since the game began) allows: a
    type the other player found by a search is held in hand, and a type their deck was
    searched for in vain stays out of it until the deck is rebuilt from the discard pile.
    What a reshuffle shows of the new deck's contents is not used. The rng is fresh from
    `seed`. Raises BirdgamesError when the view does not fit the config's decklists.
    """
    sides = _known(view, history, config)
    config = Config() if config is None else config
    rng = Rng.from_seed(seed)
    deal = fork(rng, 1)
    me = view.player
    seats: list[Seat] = []
    face_down: dict[int, str] = {}
    for seat, known in enumerate(sides):
        side = view.seats[seat]
        if seat == me:
            hand = view.hand
            deck, deal = shuffle(deal, known.unseen)
        else:
            down, hand, deck, deal = _deal_hidden(known, side.hand_size, seat, deal)
            face_down.update(zip(known.slots, down, strict=True))
        if len(hand) != side.hand_size or len(deck) != side.deck_size:
            raise BirdgamesError(f"p{seat}'s hand and deck sizes do not fit the decklist")
        seats.append(Seat(hand, deck, side.discard, side.song, side.prizes))
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
    return build.state(
        config,
        fork(rng, 2),
        view.phase,
        sum(zone.habitat is not None for zone in view.zones),
        view.first_player,
        view.active,
        view.turn_number,
        (seats[0], seats[1]),
        (zones[0], zones[1], zones[2]),
        Wheel(view.season, view.turns_left, view.turns_played, view.checkpoints, view.sudden_death),
        view.turn,
        view.pending,
        view.next_uid,
        view.winners,
    )
