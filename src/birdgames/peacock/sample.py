"""Determinization: a full State consistent with everything one seat knows (for search bots)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from birdgames.core import BirdgamesError
from birdgames.identity import remembered
from birdgames.peacock.cards import DEAL_BIRDS, DEAL_ISLANDS, SPECIES_BY_ID, STARTING_ISLANDS
from birdgames.peacock.events import Event, HandPassed, PickRevealed, SeasonChanged
from birdgames.peacock.setup import bird_deck_cards, island_deck_cards
from birdgames.peacock.state import (
    MIGRATION,
    MOVES_PER_MIGRATION,
    Config,
    Group,
    Hand,
    Phase,
    Pool,
    Seat,
    State,
)
from birdgames.peacock.view import View
from birdgames.rng import Rng, below, fork, shuffle

# What a seat knows of the cards circulating at one seat this draft (a hand plus its pick):
# their exact contents, or only how many birds and islands they hold.
_Track = Counter[str] | tuple[int, int]


def _is_bird(card: str) -> bool:
    return card in SPECIES_BY_ID


def _tracks(view: View, history: Sequence[Event]) -> list[_Track]:
    """Follows this season's hands round the table (K2.2) through the seat's visible events.

    A hand is known from the moment the seat holds or passes it; the revealed picks taken
    from it since are public. A hand never seen is known only by its bird and island counts.
    """
    start = 0
    for index, event in enumerate(history):
        if isinstance(event, SeasonChanged):
            start = index + 1
    rnd = view.round
    tracks: list[_Track] = [(DEAL_BIRDS[rnd - 1], DEAL_ISLANDS[rnd - 1])] * view.players
    passes: list[HandPassed] = []

    def flush() -> None:
        moved = list(tracks)
        for passed in passes:
            if passed.birds is not None and passed.islands is not None:
                moved[passed.to] = Counter(passed.birds + passed.islands)
            else:
                moved[passed.to] = tracks[passed.player]
        tracks[:] = moved
        passes.clear()

    for event in history[start:]:
        if isinstance(event, HandPassed):
            passes.append(event)
            continue
        if passes:
            flush()
        if isinstance(event, PickRevealed):
            track = tracks[event.player]
            if isinstance(track, Counter):
                track = track - Counter((event.card,))
            else:
                birds, islands = track
                track = (birds - 1, islands) if _is_bird(event.card) else (birds, islands - 1)
            tracks[event.player] = track
    if passes:
        flush()
    return tracks


def _own_cards(view: View, player: int) -> Counter[str]:
    seat = view.seats[player]
    own: Counter[str] = Counter((*(seat.hand_birds or ()), *(seat.hand_islands or ())))
    if seat.pick is not None:
        own[seat.pick] += 1
    return own


def _unseen(view: View, known: Sequence[Counter[str]]) -> tuple[list[str], list[str]]:
    """Returns the birds and islands in play that are nowhere the seat can see or deduce."""
    birds = Counter(bird_deck_cards(view.players))
    islands = Counter(island_deck_cards(view.players))
    seen: Counter[str] = Counter(view.gone)
    for seat in view.seats:
        seen.update(seat.drafted_birds)
        seen.update(seat.drafted_islands)
        seen.update(seat.aside)
        seen.update(seat.received)
        for index, group in enumerate(seat.groups):
            if index >= len(STARTING_ISLANDS):
                seen[group.island] += 1
            seen.update(tuck.island for tuck in group.tucks)
            for flock in (group.left, group.right):
                if flock is not None:
                    seen[flock.species] += flock.size
    for cards in known:
        seen.update(cards)
    if (birds | islands) & seen != seen:
        raise BirdgamesError("the view and history show cards that are not in play")
    return sorted((birds - seen).elements()), sorted((islands - seen).elements())


@attrs.frozen
class _Known:
    """What a seat knows of the hidden cards and the table, whatever the seed."""

    tracks: tuple[_Track, ...]
    """Per seat: the cards its hand and pick hold (`_tracks`), or their counts."""
    birds: tuple[str, ...]
    """The birds in play nowhere the seat can see or deduce, sorted."""
    islands: tuple[str, ...]
    """The islands likewise."""
    tables: tuple[tuple[Pool, tuple[Group, ...], int], ...]
    """Per seat: its pool, groups and migration moves made, as the view shows them."""
    config: Config
    """The config of the sampled states."""


def _knowledge(view: View, history: Sequence[Event], config: Config | None) -> _Known:
    n = view.players
    me = view.player
    drafting = view.phase is Phase.DRAFT
    tracks: list[_Track] = _tracks(view, history) if drafting else [(0, 0)] * n
    if me is not None:
        tracks[me] = _own_cards(view, me)
    for q, track in enumerate(tracks):
        size = view.seats[q].hand_size + view.seats[q].committed
        held = sum(track.values()) if isinstance(track, Counter) else sum(track)
        if drafting and held != size:
            raise BirdgamesError(f"the history does not fit the view: p{q} holds {size} cards")
    known = [track for track in tracks if isinstance(track, Counter)]
    birds, islands = _unseen(view, known)
    tables = []
    for seat_view in view.seats:
        pool = Pool(
            seat_view.drafted_birds, seat_view.drafted_islands, seat_view.aside, seat_view.received
        )
        groups = tuple(Group(g.island, g.tucks, g.left, g.right) for g in seat_view.groups)
        moves = MOVES_PER_MIGRATION - seat_view.moves_left if view.phase is MIGRATION else 0
        tables.append((pool, groups, moves))
    if config is None or config.players != n:
        config = Config(n)
    elif config.bird_order is not None or config.island_order is not None:
        config = Config(n, config.starting_season)
    return _Known(tuple(tracks), tuple(birds), tuple(islands), tuple(tables), config)


# A search samples many states from one view and history: what they tell is worked out once
# for them and each sample only deals. Measured (median CPU time an ISMCTS decision at 3
# players, benchmarks/ladder.py's positions): 100 iterations 46.7 -> 36.3 ms, 400
# iterations 148 -> 114 ms.
_knowledge_of = remembered(8)(_knowledge)


def sample_state(
    view: View, history: Sequence[Event], seed: int, config: Config | None = None
) -> State:
    """Returns a State the seat of `view` cannot tell from the real one, hidden cards at random.

    `history` is the seat's visible events since the game began, as `sim` gives a policy:
    it tells which hands the seat has held or passed this season, and so what they hold now.
    Every card the seat cannot place is dealt uniformly at random (from `seed`) among the
    places it could be: the decks, the hands never seen and the face-down picks. The rng is
    fresh from `seed`. `config` is the game's config if known; its fixed deck orders, if any,
    are not used. Raises BirdgamesError when the history does not fit the view.
    """
    rng = Rng.from_seed(seed)
    me = view.player
    known = _knowledge_of(view, history, config)
    deal_rng = fork(rng, 1)
    birds_shuffled, deal_rng = shuffle(deal_rng, known.birds)
    islands_shuffled, deal_rng = shuffle(deal_rng, known.islands)
    bird_pool, island_pool = list(birds_shuffled), list(islands_shuffled)
    seats: list[Seat] = []
    for q, seat_view in enumerate(view.seats):
        track = known.tracks[q]
        if q == me:
            cards = (*(seat_view.hand_birds or ()), *(seat_view.hand_islands or ()))
            pick = seat_view.pick
        else:
            if isinstance(track, Counter):
                held_cards = sorted(track.elements())
            else:
                nb, ni = track
                if nb > len(bird_pool) or ni > len(island_pool):
                    raise BirdgamesError(f"the history does not fit the view at p{q}")
                held_cards = bird_pool[:nb] + island_pool[:ni]
                del bird_pool[:nb], island_pool[:ni]
            pick = None
            if seat_view.committed:
                index, deal_rng = below(deal_rng, len(held_cards))
                pick = held_cards.pop(index)
            cards = tuple(held_cards)
        hand = Hand(
            tuple(sorted(c for c in cards if _is_bird(c))),
            tuple(sorted(c for c in cards if not _is_bird(c))),
        )
        pool, groups, moves = known.tables[q]
        seats.append(Seat(hand, pick, pool, groups, seat_view.done, seat_view.season_scores, moves))
    if len(bird_pool) != view.bird_deck_size or len(island_pool) != view.island_deck_size:
        raise BirdgamesError("the history does not fit the view: the decks' sizes differ")
    return State(
        known.config,
        fork(rng, 2),
        view.season,
        view.round,
        view.phase,
        tuple(seats),
        tuple(bird_pool),
        tuple(island_pool),
        view.boxed_birds,
        view.boxed_islands,
        view.gone,
    )
