"""Peacock as entity tables: what a seat's View shows, as small non-negative integers.

One row per object of the game: the seats' areas; the kinds of card in each zone of cards
(the viewer's hand, each seat's drafted, set-aside and received cards, the box, the birds
gone), each with its count; each group; each tuck. Cards share one id space (`CARD_IDS`):
species 1-14, island types 15-17, starting islands 18-20, in the catalog's order; 0 is no
card, or a card not shown. `entities(view)` is the reference, built from the view;
`EntityWriter` writes the same numbers straight from States, fast.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from struct import Struct
from typing import Final

from birdgames.core import PlayerId
from birdgames.encoding import Column, EncodingBoundError, EntityLayout, Table, entity_ids
from birdgames.peacock.cards import (
    DEAL_BIRDS,
    DEAL_ISLANDS,
    ISLAND_TYPES,
    SEASONS_PER_GAME,
    SPECIES,
    STARTING_ISLANDS,
    Effect,
    Season,
)
from birdgames.peacock.invariants import SEASON_SCORE_BOUND
from birdgames.peacock.setup import (
    bird_deck_cards,
    boxed_birds,
    boxed_islands,
    island_deck_cards,
    max_groups,
)
from birdgames.peacock.state import (
    MIGRATION,
    MOVES_PER_MIGRATION,
    Config,
    Flock,
    Group,
    Hand,
    Phase,
    Pool,
    Seat,
    State,
)
from birdgames.peacock.view import View

BIRDS: Final = tuple(s.id for s in SPECIES)
ISLANDS: Final = tuple(i.id for i in ISLAND_TYPES)
STARTS: Final = tuple(s.id for s in STARTING_ISLANDS)
CARD_IDS: Final = entity_ids(BIRDS + ISLANDS + STARTS)
"""Each card's id in every card column: species, then island types, then starting islands."""
SEASON_IDS: Final = entity_ids((Season.BLUE, Season.ORANGE))
PHASE_IDS: Final = entity_ids((Phase.DRAFT, Phase.MIGRATION, Phase.ADDITIONAL, Phase.OVER))

# K2.1 the cards dealt to each hand in a season: the most a hand holds (cards only leave it
# as the draft goes round), and the most a seat drafts in the season (one per draft round).
_DEALT: Final = max(b + i for b, i in zip(DEAL_BIRDS, DEAL_ISLANDS, strict=True))
# K2.5 a flock-size bonus raises a species' maximum by 1, once.
_LARGEST_FLOCK: Final = max(s.flock + (s.effect is Effect.FLOCK_SIZE) for s in SPECIES)
_DECK_KINDS: Final = len(BIRDS) + len(ISLANDS)


@lru_cache(maxsize=8)
@lru_cache(maxsize=16)
def entity_layout(config: Config) -> EntityLayout:
    """Returns the entity tables of a game with `config` (they depend on its player count)."""
    return _layout(config.players)


@lru_cache(maxsize=8)
def _layout(players: int) -> EntityLayout:
    in_play = Counter(bird_deck_cards(players)) + Counter(island_deck_cards(players))
    most_copies = max(in_play.values())
    seat = Column("seat", players + 1, "the seat, plus one (0: an empty row)")
    card = Column("card", _DECK_KINDS + 1, "the card kind's id (a species or island type)")
    bird = Column("bird", len(BIRDS) + 1, "the species' id")
    count = Column("count", most_copies + 1, "how many cards of the kind")
    group = Column("group", max_groups(players) + 1, "the group's place in its tableau, plus one")
    boxed = Counter(boxed_birds(players) + boxed_islands(players))
    score = SEASON_SCORE_BOUND + 1
    head = Table(
        "head",
        1,
        (
            Column("viewer", players + 1, "the viewer's seat, plus one (0: a spectator)"),
            Column("round", SEASONS_PER_GAME + 1, "the season number, 1 to 3"),
            Column("season", len(SEASON_IDS) + 1, "the season now: 1 blue, 2 orange"),
            Column(
                "phase",
                len(PHASE_IDS) + 1,
                "1 draft, 2 migration, 3 additional migration, 4 over",
            ),
            Column("bird_deck", len(bird_deck_cards(players)) + 1, "cards in the bird deck"),
            Column("island_deck", len(island_deck_cards(players)) + 1, "cards in the island deck"),
        ),
        "the game as a whole. Left out, as the view derives them: the passing direction "
        "(blue +1, orange -1), who acts (in the draft the seats that have not picked, in a "
        "migration the seats not done) and whether the game is over (nobody acts)",
    )
    seats = Table(
        "seats",
        players,
        (
            seat,
            Column("hand_size", _DEALT + 1, "cards in the seat's hand"),
            Column("committed", 2, "1 once the seat has picked this draft step"),
            Column(
                "pick",
                _DECK_KINDS + 1,
                "the picked card's id, shown to the seat itself only (else 0)",
            ),
            Column("done", 2, "1 once the seat has ended its migration"),
            Column(
                "moves_left",
                MOVES_PER_MIGRATION + 1,
                "tableau moves and lifts left this migration (0 outside one)",
            ),
            *(
                Column(
                    f"score_{n}",
                    score,
                    f"the seat's score for season {n} (0 until scored: how many seasons "
                    "are scored follows from round and phase)",
                )
                for n in range(1, SEASONS_PER_GAME + 1)
            ),
        ),
        "one per seat, in seat order; running totals are left out (the sum of the scores)",
    )
    per_seat = (
        "a block of {} rows per seat, in seat order: one row per kind held, {}, then empty rows"
    )
    return EntityLayout(
        (
            head,
            seats,
            Table(
                "hand",
                _DEALT,
                (card, Column("count", min(most_copies, _DEALT) + 1, "cards of the kind")),
                "the viewer's own hand: one row per kind it holds, in the view's order (birds, "
                "then islands, each by name); a spectator: none; the other hands show only "
                "their size, in seats",
            ),
            Table(
                "drafted",
                players * _DEALT,
                (seat, card, Column("count", min(most_copies, _DEALT) + 1, "cards of the kind")),
                "each seat's cards drafted and not yet placed (public): "
                + per_seat.format(_DEALT, "birds then islands, each by name"),
            ),
            Table(
                "aside",
                players * len(BIRDS),
                (seat, bird, Column("count", count.vocabulary, "birds of the species")),
                "each seat's birds set aside at the season change or lifted this migration: "
                + per_seat.format(len(BIRDS), "by name"),
            ),
            Table(
                "received",
                players * len(BIRDS),
                (seat, bird, Column("count", count.vocabulary, "birds of the species")),
                "each seat's birds received to place in additional migration: "
                + per_seat.format(len(BIRDS), "by name"),
            ),
            Table(
                "groups",
                players * max_groups(players),
                (
                    seat,
                    group,
                    Column("island", len(CARD_IDS) + 1, "the island card the group is built on"),
                    Column("left", bird.vocabulary, "the left flock's species id (0: none)"),
                    Column("left_size", _LARGEST_FLOCK + 1, "birds in the left flock"),
                    Column("right", bird.vocabulary, "the right flock's species id (0: none)"),
                    Column("right_size", _LARGEST_FLOCK + 1, "birds in the right flock"),
                ),
                f"each seat's tableau: a block of {max_groups(players)} rows per seat, in "
                "seat order, its groups in tableau order (starting islands first), then empty "
                "rows. Left out: the plant, fish and meat a group offers (they follow from its "
                "island, its tucks and the season)",
            ),
            Table(
                "tucks",
                len(island_deck_cards(players)),
                (
                    seat,
                    group,
                    Column("island", _DECK_KINDS + 1, "the tucked island type's id"),
                    Column("half", len(SEASON_IDS) + 1, "the half that shows: 1 blue, 2 orange"),
                ),
                "every island tucked under a group: by seat, then group, then in the order tucked",
            ),
            Table(
                "boxed",
                _DECK_KINDS,
                (card, Column("count", max(boxed.values(), default=0) + 1, "cards of the kind")),
                "the cards back in the box at this player count: one row per kind, in the "
                "view's order (birds, then islands, each by name)",
            ),
            Table(
                "gone",
                len(BIRDS),
                (bird, Column("count", count.vocabulary, "birds of the species")),
                "the birds that left the game: one row per species, by name",
            ),
        )
    )


# --- the reference, from the view -------------------------------------------------------


def _by_kind(cards: Sequence[str]) -> list[list[int]]:
    """Returns one row per kind of card in `cards`, in their order: its id and its count."""
    return [[CARD_IDS[card], count] for card, count in Counter(cards).items()]


def _seat_block(seat: int, cards: Sequence[str], size: int) -> list[list[int]]:
    """Returns a seat's block of a zone table: `cards` by kind, then empty rows to `size`."""
    rows = [[seat + 1, *row] for row in _by_kind(cards)]
    if len(rows) > size:
        raise EncodingBoundError(f"{len(rows)} rows where a block of {size} fits")
    return rows + [[0, 0, 0] for _ in range(size - len(rows))]


def _flock(flock: Flock | None) -> list[int]:
    return [0, 0] if flock is None else [CARD_IDS[flock.species], flock.size]


def entities(view: View) -> tuple[int, ...]:
    """Returns the view's entity tables as one run of integers (`entity_layout`)."""
    players = view.players
    most = max_groups(players)
    tables: dict[str, list[list[int]]] = {
        "head": [
            [
                0 if view.player is None else view.player + 1,
                view.round,
                SEASON_IDS[view.season],
                PHASE_IDS[view.phase],
                view.bird_deck_size,
                view.island_deck_size,
            ]
        ],
        "seats": [],
        "hand": [],
        "drafted": [],
        "aside": [],
        "received": [],
        "groups": [],
        "tucks": [],
        "boxed": _by_kind(view.boxed_birds + view.boxed_islands),
        "gone": _by_kind(view.gone),
    }
    if view.player is not None:
        own = view.seats[view.player]
        tables["hand"] = _by_kind((own.hand_birds or ()) + (own.hand_islands or ()))
    for index, seat in enumerate(view.seats):
        scores = [*seat.season_scores, *[0] * (SEASONS_PER_GAME - len(seat.season_scores))]
        tables["seats"].append(
            [
                index + 1,
                seat.hand_size,
                int(seat.committed),
                0 if seat.pick is None else CARD_IDS[seat.pick],
                int(seat.done),
                seat.moves_left,
                *scores,
            ]
        )
        drafted = seat.drafted_birds + seat.drafted_islands
        tables["drafted"] += _seat_block(index, drafted, _DEALT)
        tables["aside"] += _seat_block(index, seat.aside, len(BIRDS))
        tables["received"] += _seat_block(index, seat.received, len(BIRDS))
        groups = [
            [index + 1, k + 1, CARD_IDS[group.island], *_flock(group.left), *_flock(group.right)]
            for k, group in enumerate(seat.groups)
        ]
        if len(groups) > most:
            raise EncodingBoundError(f"{len(groups)} groups where {most} fit")
        tables["groups"] += groups + [[0] * 7 for _ in range(most - len(groups))]
        tables["tucks"] += [
            [index + 1, k + 1, CARD_IDS[tuck.island], SEASON_IDS[tuck.half]]
            for k, group in enumerate(seat.groups)
            for tuck in group.tucks
        ]
    return _layout(players).pack(tables)


# --- straight from the state ------------------------------------------------------------

_INT_SIZE: Final = array("i").itemsize
_SEAT_WIDTH: Final = 6 + SEASONS_PER_GAME
_GROUP_WIDTH: Final = 7
_HEAD_ROW: Final = Struct("6i")
_SEAT_ROW: Final = Struct(f"{_SEAT_WIDTH}i")
_GROUP_ROW: Final = Struct(f"{_GROUP_WIDTH}i")
_SCORE_PADDING: Final = tuple((0,) * (SEASONS_PER_GAME - n) for n in range(SEASONS_PER_GAME + 1))
_BLUE_ID: Final = SEASON_IDS[Season.BLUE]
_ORANGE_ID: Final = SEASON_IDS[Season.ORANGE]


# Rows are packed straight into the buffer's memory: `array("i", numbers)` parses a format
# for each number, at several times the cost, and a packer cannot resize the buffer as a
# slice assignment of the wrong length would.
@lru_cache(maxsize=64)
def _ints(count: int) -> Struct:
    """Returns the packer of `count` C ints, the buffer's items."""
    return Struct(f"{count}i")


def _put_block(out: array[int], at: int, flat: list[int], size: int) -> None:
    """Writes the rows `flat` over `out` from index `at`, then zeros up to `size` numbers."""
    count = len(flat)
    if count > size:
        raise EncodingBoundError(f"{count} numbers where a block of {size} fits")
    _ints(size).pack_into(out, _INT_SIZE * at, *flat, *[0] * (size - count))


def _zone_rows(cards: tuple[str, ...], seat: int | None) -> list[int]:
    """Returns a zone's rows: per kind of card, in the zone's order, (seat plus one, id,
    count), or (id, count) where `seat` is None."""
    flat: list[int] = []
    last = ""
    for card in cards:  # sorted: equal cards run together
        if card == last:
            flat[-1] += 1
        elif seat is None:
            flat += (CARD_IDS[card], 1)
        else:
            flat += (seat + 1, CARD_IDS[card], 1)
        last = card
    return flat


def _group_row(seat: int, index: int, group: Group) -> tuple[int, ...]:
    """Returns the groups row of the group at `index` of seat number `seat` (plus one)."""
    left, right = group.left, group.right
    return (
        seat,
        index + 1,
        CARD_IDS[group.island],
        0 if left is None else CARD_IDS[left.species],
        0 if left is None else left.size,
        0 if right is None else CARD_IDS[right.species],
        0 if right is None else right.size,
    )


class _Places:
    """Where each table of a player count's entity observation starts, and its sizes."""

    def __init__(self, players: int) -> None:
        layout = _layout(players)
        self.size = layout.size
        self.most_groups = max_groups(players)
        self.seats = layout.offset("seats")
        self.hand = layout.offset("hand")
        self.drafted = layout.offset("drafted")
        self.aside = layout.offset("aside")
        self.received = layout.offset("received")
        self.groups = layout.offset("groups")
        self.tucks = layout.offset("tucks")
        self.tucks_size = layout.table("tucks").size
        self.boxed = layout.offset("boxed")
        self.gone = layout.offset("gone")


@lru_cache(maxsize=8)
def _places(players: int) -> _Places:
    return _Places(players)


class EntityWriter:
    """Writes one seat's entity tables straight from States, each over the last: the numbers
    of `entities(view(state, seat))` without building the view. It keeps the state parts it
    last wrote each table (or row) from and rewrites only where a state holds a new object:
    the engine hands the parts a step leaves alone to the next state as the same objects."""

    __slots__ = (
        "_bird_deck",
        "_boxed",
        "_gone",
        "_groups",
        "_hand",
        "_island_deck",
        "_migration",
        "_phase",
        "_pools",
        "_round",
        "_season",
        "_seats",
        "buffer",
        "places",
        "players",
        "seat",
    )

    def __init__(self, players: int, seat: PlayerId) -> None:
        self.players = players
        self.seat = seat
        self.places = _places(players)
        self.buffer: array[int] = array("i", bytes(_INT_SIZE * self.places.size))
        # The state parts each table or row was last written from; None: write it anew.
        self._round = 0
        self._season: Season | None = None
        self._phase: Phase | None = None
        self._bird_deck: tuple[str, ...] | None = None
        self._island_deck: tuple[str, ...] | None = None
        self._seats: list[Seat | None] = [None] * players
        self._migration: list[bool] = [False] * players
        self._hand: Hand | None = None
        self._pools: list[Pool | None] = [None] * players
        self._groups: list[tuple[Group, ...] | None] = [None] * players
        self._gone: tuple[str, ...] | None = None
        self._boxed: tuple[tuple[str, ...], tuple[str, ...]] | None = None

    def forget(self) -> None:
        """Forgets what the buffer was written from: the next write writes every table."""
        players = self.players
        self._bird_deck = self._gone = self._hand = self._boxed = None
        self._seats = [None] * players
        self._pools = [None] * players
        self._groups = [None] * players

    def write(self, state: State) -> array[int]:
        """Writes the seat's entity tables of `state` over the last; returns the buffer."""
        try:
            phase = state.phase
            if (
                state.bird_deck is not self._bird_deck
                or state.island_deck is not self._island_deck
                or phase is not self._phase
                or state.season is not self._season
                or state.round != self._round
            ):
                self._write_head(state)
            seats = state.seats
            if len(seats) != self.players:
                raise EncodingBoundError(f"{len(seats)} seats where {self.players} fit")
            migration = phase is MIGRATION
            written, written_in_migration = self._seats, self._migration
            tucks_moved = False
            for index, seat in enumerate(seats):
                before = written[index]
                if seat is before and migration is written_in_migration[index]:
                    continue
                written[index] = None  # until written whole
                # Most steps change a seat's pool or groups, not what its row shows.
                if (
                    before is None
                    or migration is not written_in_migration[index]
                    or seat.hand is not before.hand
                    or seat.pick is not before.pick
                    or seat.done is not before.done
                    or seat.moves != before.moves
                    or seat.season_scores is not before.season_scores
                ):
                    self._write_seat(index, seat, migration)
                pool = seat.pool
                if pool is not self._pools[index]:
                    self._write_pool(index, pool)
                groups = seat.groups
                if groups is not self._groups[index] and self._write_groups(index, groups):
                    tucks_moved = True
                written[index] = seat
                written_in_migration[index] = migration
            if tucks_moved:
                self._write_tucks(seats)
            boxed = self._boxed
            if (
                state.gone is not self._gone
                or boxed is None
                or state.boxed_birds is not boxed[0]
                or state.boxed_islands is not boxed[1]
            ):
                self._write_supply(state)
            return self.buffer
        except BaseException:
            self.forget()  # the buffer is half written: trust none of it
            raise

    def _write_head(self, state: State) -> None:
        self._bird_deck = None  # until written
        _HEAD_ROW.pack_into(
            self.buffer,
            0,
            self.seat + 1,
            state.round,
            SEASON_IDS[state.season],
            PHASE_IDS[state.phase],
            len(state.bird_deck),
            len(state.island_deck),
        )
        self._round, self._season, self._phase = state.round, state.season, state.phase
        self._bird_deck, self._island_deck = state.bird_deck, state.island_deck

    def _write_seat(self, index: int, seat: Seat, migration: bool) -> None:
        out = self.buffer
        hand, pick, scores = seat.hand, seat.pick, seat.season_scores
        mine = index == self.seat
        if len(scores) > SEASONS_PER_GAME:
            raise EncodingBoundError(f"{len(scores)} season scores where 3 fit")
        _SEAT_ROW.pack_into(
            out,
            _INT_SIZE * (self.places.seats + index * _SEAT_WIDTH),
            index + 1,
            len(hand.birds) + len(hand.islands),
            pick is not None,
            CARD_IDS[pick] if mine and pick is not None else 0,
            seat.done,
            MOVES_PER_MIGRATION - seat.moves if migration else 0,
            *scores,
            *_SCORE_PADDING[len(scores)],
        )
        if mine and hand is not self._hand:
            self._hand = None  # until written
            at = self.places.hand
            _put_block(out, at, _zone_rows(hand.birds + hand.islands, None), 2 * _DEALT)
            self._hand = hand

    def _write_pool(self, index: int, pool: Pool) -> None:
        """Writes the seat's zones of loose cards that are new objects."""
        out, places = self.buffer, self.places
        before = self._pools[index]
        self._pools[index] = None  # until written whole
        birds, islands = pool.drafted_birds, pool.drafted_islands
        if (
            before is None
            or birds is not before.drafted_birds
            or islands is not before.drafted_islands
        ):
            at = places.drafted + index * 3 * _DEALT
            _put_block(out, at, _zone_rows(birds + islands, index), 3 * _DEALT)
        size = 3 * len(BIRDS)
        if before is None or pool.aside is not before.aside:
            at = places.aside + index * size
            _put_block(out, at, _zone_rows(pool.aside, index), size)
        if before is None or pool.received is not before.received:
            at = places.received + index * size
            _put_block(out, at, _zone_rows(pool.received, index), size)
        self._pools[index] = pool

    def _write_groups(self, index: int, groups: tuple[Group, ...]) -> bool:
        """Writes the seat's groups that are new objects; returns whether any group's tucks
        may have changed (then the tucks table is written anew)."""
        before = self._groups[index]
        self._groups[index] = None  # until written whole
        most = self.places.most_groups
        start = self.places.groups + index * most * _GROUP_WIDTH
        seat = index + 1
        out = self.buffer
        if before is None or len(before) != len(groups):
            # A group came or went (or the rows are unknown): write the whole block.
            if len(groups) > most:
                raise EncodingBoundError(f"{len(groups)} groups where {most} fit")
            flat: list[int] = []
            for k, group in enumerate(groups):
                flat += _group_row(seat, k, group)
            _put_block(out, start, flat, most * _GROUP_WIDTH)
            self._groups[index] = groups
            return True
        tucks_moved = False
        # A step changes one group at most: write only the groups that are new.
        for k, (old, group) in enumerate(zip(before, groups, strict=True)):
            if old is group:
                continue
            if old.tucks is not group.tucks:
                tucks_moved = True
            left, right = group.left, group.right
            _GROUP_ROW.pack_into(
                out,
                _INT_SIZE * (start + k * _GROUP_WIDTH),
                seat,
                k + 1,
                CARD_IDS[group.island],
                0 if left is None else CARD_IDS[left.species],
                0 if left is None else left.size,
                0 if right is None else CARD_IDS[right.species],
                0 if right is None else right.size,
            )
        self._groups[index] = groups
        return tucks_moved

    def _write_tucks(self, seats: tuple[Seat, ...]) -> None:
        flat: list[int] = []
        for index, seat in enumerate(seats):
            for k, group in enumerate(seat.groups):
                for tuck in group.tucks:
                    half = _BLUE_ID if tuck.half is Season.BLUE else _ORANGE_ID
                    flat += (index + 1, k + 1, CARD_IDS[tuck.island], half)
        _put_block(self.buffer, self.places.tucks, flat, self.places.tucks_size)

    def _write_supply(self, state: State) -> None:
        self._gone = None  # until written
        out, places = self.buffer, self.places
        boxed = state.boxed_birds + state.boxed_islands
        at = places.boxed
        _put_block(out, at, _zone_rows(boxed, None), 2 * _DECK_KINDS)
        at = places.gone
        _put_block(out, at, _zone_rows(state.gone, None), 2 * len(BIRDS))
        self._gone = state.gone
        self._boxed = (state.boxed_birds, state.boxed_islands)


def entity_writer(config: Config, seat: PlayerId) -> EntityWriter:
    """Returns a writer of `seat`'s entity tables straight from States of `config`."""
    return EntityWriter(config.players, seat)
