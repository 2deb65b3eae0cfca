"""Rookery as entity tables: what a seat's View shows, as rows of small non-negative ints.

`entities(view)` is the reference, built from the View alone; `EntityWriter` writes the same
numbers straight from States, rewriting only what a step changed. A card in play is named by
its place (its row in `birds` or `predators`), never by its uid, which grows without bound.

A View does not say its config, so the tables are the same for every config: their bounds
come from the rules and the catalog (any legal decks), as the dense observation's do.
"""

from __future__ import annotations

import functools
import struct
from array import array
from collections.abc import Sequence
from typing import Final

from birdgames.core import PlayerId
from birdgames.encoding import Column, EncodingBoundError, EntityLayout, Table, entity_ids
from birdgames.rookery.abilities import MAX_SEASON_TURNS
from birdgames.rookery.bounds import creates_decision, max_turns
from birdgames.rookery.cards import (
    ABILITIES,
    BIRDS,
    CATALOG,
    HABITAT_CARDS,
    PREDATORS,
    STATIC,
    Effect,
    Habitat,
    Season,
    Stat,
    Trigger,
)
from birdgames.rookery.flow import PRIZES_TO_WIN, SUDDEN_DEATH_CHECKPOINTS, YEAR_CHECKPOINTS
from birdgames.rookery.invariants import song_bound
from birdgames.rookery.setup import DECK_BOUNDS, MAX_COPIES
from birdgames.rookery.state import (
    TURN_ACTION_LIMIT,
    ZONE_CAPACITY,
    ZONES,
    AmbushWindow,
    Bird,
    Config,
    DiscardChoice,
    Pending,
    Phase,
    PileCard,
    Predator,
    Seat,
    State,
    TargetChoice,
    TurnState,
    Wheel,
    ZoneState,
)
from birdgames.rookery.view import PredatorView, View

# The dense encoding's orders, rebuilt from the catalog: rookery/encoding.py imports this
# module, so this one cannot import from there.
CARD_IDS: Final = tuple(CATALOG)
PHASES: Final = tuple(Phase)
HABITATS: Final = tuple(Habitat)
SEASONS: Final = tuple(Season)
PENDING_KINDS: Final = (AmbushWindow, DiscardChoice, TargetChoice)

CARD_ID: Final = entity_ids(CARD_IDS)
PHASE_ID: Final = entity_ids(PHASES)
HABITAT_ID: Final = entity_ids(HABITATS)
SEASON_ID: Final = entity_ids(SEASONS)
PENDING_KIND_ID: Final = entity_ids(PENDING_KINDS)

SEAT_CARDS: Final = DECK_BOUNDS[1]  # R10 a seat owns its deck's cards, 40 at most
PILE_ROWS: Final = 2  # R5.2 the third card on a pile flips the zone and clears the pile
# Every predator card of both decks may stand on the field at once (R6.1 no limit in a zone).
FIELD_PREDATORS: Final = 2 * min(len(PREDATORS) * MAX_COPIES, DECK_BOUNDS[1])
BIRD_ROWS: Final = len(ZONES) * ZONE_CAPACITY  # R1.2
MOST_HUNTS: Final = 3  # R6.2 twice with hunt_twice, once more when readied (R9.12)
TURNS_LEFT_LOWEST: Final = -8  # invariants.py: a season runs at most 8 turns past its count
MOST_CHECKPOINTS: Final = YEAR_CHECKPOINTS + SUDDEN_DEATH_CHECKPOINTS  # R7.5
MOST_ABILITIES: Final = max(len(abilities) for abilities in ABILITIES.values())


def _largest_static(cards: Sequence[str], effect: Effect, stat: Stat) -> int:
    """Returns the largest amount of a static `effect` on `stat` among `cards`' abilities."""
    return max(
        (a.amount for c in cards for a in STATIC[c] if a.effect is effect and a.stat is stat),
        default=0,
    )


def most_song() -> int:
    """Returns the most Song a seat can hold with any legal decks: the load validator's
    bound over the whole catalog."""
    return song_bound(CARD_IDS)


def most_hp() -> int:
    """Returns the most hp a card in play can have (R6.4, R9.2): the largest printed hp plus
    an hp stat_mod from every bird of its zone and every predator on the field."""
    printed = max([card.hp for card in BIRDS.values()] + [card.hp for card in PREDATORS.values()])
    from_birds = ZONE_CAPACITY * _largest_static(tuple(BIRDS), Effect.STAT_MOD, Stat.HP)
    from_predators = FIELD_PREDATORS * _largest_static(tuple(PREDATORS), Effect.STAT_MOD, Stat.HP)
    return printed + from_birds + from_predators


def most_pending() -> int:
    """Returns the most decisions pending at once with any legal decks: bounds.py's
    `max_answers` for the worst decks (one card's deciding abilities, an ambush window per
    predator of a deck, an on_hunt decision per ambushing predator)."""
    per_card = max(sum(map(creates_decision, abilities)) for abilities in ABILITIES.values())
    on_hunt = sum(
        MAX_COPIES
        for card in PREDATORS
        for a in ABILITIES[card]
        if a.trigger is Trigger.ON_HUNT and creates_decision(a)
    )
    return per_card + FIELD_PREDATORS // 2 + min(on_hunt, DECK_BOUNDS[1])


def _id_bound(cards: Sequence[str]) -> int:
    """Returns one more than the largest catalog id among `cards`: their column's bound."""
    return max(CARD_ID[card] for card in cards) + 1


def _flag(name: str, meaning: str) -> Column:
    return Column(name, 2, f"1 if {meaning}, else 0")


def _tables() -> tuple[Table, ...]:
    song = most_song()
    hp = most_hp()
    card = Column("card", len(CARD_IDS) + 1, "the card's id (catalog order, from 1)")
    zone = Column("zone", len(ZONES) + 1, "the zone (left, middle, right) plus one; 0: none")
    owner = Column("owner", 3, "the seat that owns the card, plus one; 0: none")
    head = (
        Column("viewer", 3, "the viewing seat plus one; 0 for a spectator"),
        Column("phase", len(PHASES) + 1, "draft, play or over, plus one"),
        Column("first_player", 3, "the seat that took the first turn, plus one"),
        Column("active", 3, "the seat whose turn it is, plus one"),
        Column("turn_number", max_turns() + 1, "turns begun so far; 0 in the draft (R7.2)"),
        Column("season", len(SEASONS) + 1, "the season on the wheel, plus one"),
        Column(
            "turns_left",
            MAX_SEASON_TURNS - TURNS_LEFT_LOWEST + 1,
            f"turns left in this season plus {-TURNS_LEFT_LOWEST} (it may run past 0)",
        ),
        Column("turns_played", MAX_SEASON_TURNS + 1, "turns played in this season"),
        Column("checkpoints", MOST_CHECKPOINTS + 1, "checkpoints held so far"),
        Column("sudden_death", SUDDEN_DEATH_CHECKPOINTS + 1, "sudden-death checkpoints held"),
        Column("habitats_played", song + 2, "habitat cards played this turn (R5.1 their cost)"),
        _flag("season_played", "a Season card was played this turn"),
        _flag("hold_countdown", "this turn's EndTurn keeps the season counter"),
        Column(
            "actions",
            TURN_ACTION_LIMIT + most_pending() + 1,
            "actions this turn, answers included (R2.2: 60, then the answers they leave)",
        ),
    )
    seats = (
        Column("seat", 3, "the seat plus one"),
        Column("hand_size", SEAT_CARDS + 1, "cards in its hand (R2.5 no hand limit)"),
        Column("deck_size", SEAT_CARDS + 1, "cards in its deck (not their order)"),
        Column("song", song + 1, "its Song pool"),
        Column("prizes", PRIZES_TO_WIN + 1, "its Prizes (R7.4)"),
        _flag("won", "the game is over and the seat is among the winners"),
    )
    birds = (
        zone,
        Column("card", _id_bound(tuple(BIRDS)), "the bird card's id (catalog order, from 1)"),
        owner,
        Column("nested", 2, "1 if nested, 0 if roosting"),
        _flag("tapped", "tapped"),
        Column("damage", hp, "damage marked on it (below its hp, R6.4)"),
        _flag("has_tapped", "it tapped this turn"),
        _flag("moved", "it moved this turn"),
        _flag("untapped", "an untap ability readied it this turn"),
    )
    predators = (
        zone,
        owner,
        Column(
            "card",
            _id_bound(tuple(PREDATORS)),
            "the predator card's id (catalog order, from 1); 0 for another seat's face-down "
            "card (R6.3)",
        ),
        _flag("face_up", "face up"),
        Column("damage", hp, "damage marked on it (below its hp, R6.4)"),
        Column("hunts", MOST_HUNTS + 1, "hunts this turn (R6.2)"),
        _flag("readied", "a ready ability let it hunt again this turn"),
    )
    pending = (
        Column(
            "kind",
            len(PENDING_KINDS) + 1,
            "ambush window, discard choice or target choice, plus one",
        ),
        Column("player", 3, "the seat that answers, plus one"),
        Column("card", len(CARD_IDS) + 1, "the id of the card whose ability asks; 0 for an ambush"),
        Column("ability", MOST_ABILITIES + 1, "a target choice's ability (index plus one)"),
        Column(
            "predator",
            FIELD_PREDATORS + 1,
            "the ambushing predator or the target choice's source: its predators row plus "
            "one; 0: none",
        ),
        Column(
            "bird",
            BIRD_ROWS + 1,
            "the ambushed bird or the target choice's source: its birds row plus one; 0: none",
        ),
    )
    return (
        Table(
            "head",
            1,
            head,
            "the viewer, then the game-wide values. Left out as derived from shown values: "
            "who acts (pending, phase, active, the drafted zones), the front decision "
            "(pending), scores (prizes) and whether it is over (phase); the uid counter is "
            "left out too (no fixed bound; ids reveal nothing)",
        ),
        Table("seats", 2, seats, "each seat's public side, in seat order"),
        Table(
            "hand",
            SEAT_CARDS,
            (card,),
            "the viewer's own hand, in order; none for a spectator (another seat's hand "
            "shows only as its seats.hand_size)",
        ),
        Table(
            "discard",
            2 * SEAT_CARDS,
            (owner, card),
            f"each seat's discard pile (R2.5 public), oldest first: seat 0's in rows 0 to "
            f"{SEAT_CARDS - 1}, seat 1's from row {SEAT_CARDS}",
        ),
        Table(
            "zones",
            len(ZONES),
            (
                Column("zone", len(ZONES) + 1, "the zone (left, middle, right) plus one"),
                Column("habitat", len(HABITATS) + 1, "its habitat plus one; 0 in the draft"),
                _flag("mobbed", "the active player has mobbed there this turn (R6)"),
            ),
            "the three zones in order; who controls one is left out (derived from its birds)",
        ),
        Table(
            "piles",
            len(ZONES) * PILE_ROWS,
            (
                zone,
                owner,
                Column("card", _id_bound(tuple(HABITAT_CARDS)), "the habitat card's id"),
            ),
            f"each zone's flip pile (R5.2 public), oldest first: zone z's in rows "
            f"{PILE_ROWS}z to {PILE_ROWS}z+{PILE_ROWS - 1}",
        ),
        Table(
            "birds",
            BIRD_ROWS,
            birds,
            f"the birds in play, in entry order: zone z's in rows {ZONE_CAPACITY}z to "
            f"{ZONE_CAPACITY}z+{ZONE_CAPACITY - 1} (R1.2), every state shown",
        ),
        Table(
            "predators",
            FIELD_PREDATORS,
            predators,
            "the predators in play in field order (the left zone's in entry order, then the "
            "middle's, then the right's); a face-down one shows its zone, owner and "
            "counters, its card only to its owner (R6.3)",
        ),
        Table("pending", most_pending(), pending, "the pending decisions, the one now first"),
    )


_LAYOUT: Final = EntityLayout(_tables())
_DISCARD_WIDTH: Final = _LAYOUT.table("discard").width
_PILE_WIDTH: Final = _LAYOUT.table("piles").width
_BIRD_WIDTH: Final = _LAYOUT.table("birds").width


@functools.lru_cache(maxsize=16)
def entity_layout(config: Config) -> EntityLayout:
    """Returns the entity tables of a game with `config` (the same for every config)."""
    return _LAYOUT


# --- the reference: from the view ------------------------------------------------------


def _in_blocks(
    blocks: Sequence[Sequence[tuple[int, ...]]], rows: int, width: int
) -> list[tuple[int, ...]]:
    """Returns the blocks' rows, each block padded with zero rows to `rows`; a block of more
    rows raises EncodingBoundError."""
    laid: list[tuple[int, ...]] = []
    for block in blocks:
        if len(block) > rows:
            raise EncodingBoundError(f"{len(block)} rows where {rows} fit")
        laid += block
        laid += [(0,) * width] * (rows - len(block))
    return laid


def _places(view: View) -> tuple[dict[int, int], dict[int, int]]:
    """Returns each bird's and each predator's row plus one, by uid."""
    birds: dict[int, int] = {}
    predators: dict[int, int] = {}
    for zi, zone in enumerate(view.zones):
        for k, bird in enumerate(zone.birds):
            birds[bird.uid] = zi * ZONE_CAPACITY + k + 1
        for predator in zone.predators:
            predators[predator.uid] = len(predators) + 1
    return birds, predators


def _pending_row(
    pending: Pending, birds: dict[int, int], predators: dict[int, int]
) -> tuple[int, ...]:
    """Returns a decision's row: cards in play by their row plus one (0: not in play)."""
    kind, player = PENDING_KIND_ID[type(pending)], pending.player + 1
    match pending:
        case AmbushWindow():
            hunter, target = predators.get(pending.predator, 0), birds.get(pending.target, 0)
            return (kind, player, 0, 0, hunter, target)
        case DiscardChoice():
            return (kind, player, CARD_ID[pending.source], 0, 0, 0)
        case TargetChoice():
            source = pending.source
            return (
                kind,
                player,
                CARD_ID[pending.card],
                pending.ability + 1,
                predators.get(source, 0),
                birds.get(source, 0),
            )


def _bird_row(zi: int, bird: Bird) -> tuple[int, ...]:
    return (
        zi + 1,
        CARD_ID[bird.card],
        bird.owner + 1,
        int(bird.nested),
        int(bird.tapped),
        bird.damage,
        int(bird.has_tapped),
        int(bird.moved),
        int(bird.untapped),
    )


def _predator_row(zi: int, predator: PredatorView) -> tuple[int, ...]:
    card = predator.card  # None: another seat's face-down card (R6.3)
    return (
        zi + 1,
        predator.owner + 1,
        0 if card is None else CARD_ID[card],
        int(predator.face_up),
        predator.damage,
        predator.hunts,
        int(predator.readied),
    )


def _pile_row(zi: int, card: PileCard) -> tuple[int, ...]:
    return (zi + 1, card.owner + 1, CARD_ID[card.card])


def entities(view: View) -> tuple[int, ...]:
    """Returns the view's entity tables (`entity_layout`): everything the seat sees, cards by
    catalog id, cards in play by their place."""
    turn = view.turn
    head = (
        0 if view.player is None else view.player + 1,
        PHASE_ID[view.phase],
        view.first_player + 1,
        view.active + 1,
        view.turn_number,
        SEASON_ID[view.season],
        view.turns_left - TURNS_LEFT_LOWEST,
        view.turns_played,
        view.checkpoints,
        view.sudden_death,
        turn.habitats_played,
        int(turn.season_played),
        int(turn.hold_countdown),
        turn.actions,
    )
    seats = [
        (s + 1, side.hand_size, side.deck_size, side.song, side.prizes, int(s in view.winners))
        for s, side in enumerate(view.seats)
    ]
    discards = [[(s + 1, CARD_ID[c]) for c in side.discard] for s, side in enumerate(view.seats)]
    zones = [
        (zi + 1, 0 if zone.habitat is None else HABITAT_ID[zone.habitat], int(turn.mobbed[zi]))
        for zi, zone in enumerate(view.zones)
    ]
    piles = [[_pile_row(zi, c) for c in zone.pile] for zi, zone in enumerate(view.zones)]
    birds = [[_bird_row(zi, b) for b in zone.birds] for zi, zone in enumerate(view.zones)]
    predators = [_predator_row(zi, q) for zi, zone in enumerate(view.zones) for q in zone.predators]
    bird_rows, predator_rows = _places(view)
    return _LAYOUT.pack(
        {
            "head": [head],
            "seats": seats,
            "hand": [(CARD_ID[c],) for c in view.hand],  # empty for a spectator
            "discard": _in_blocks(discards, SEAT_CARDS, _DISCARD_WIDTH),
            "zones": zones,
            "piles": _in_blocks(piles, PILE_ROWS, _PILE_WIDTH),
            "birds": _in_blocks(birds, ZONE_CAPACITY, _BIRD_WIDTH),
            "predators": predators,
            "pending": [_pending_row(p, bird_rows, predator_rows) for p in view.pending],
        }
    )


# --- the fast path: straight from the state --------------------------------------------

_SEATS_AT: Final = _LAYOUT.offset("seats")
_HAND_AT: Final = _LAYOUT.offset("hand")
_DISCARD_AT: Final = _LAYOUT.offset("discard")
_ZONES_AT: Final = _LAYOUT.offset("zones")
_PILES_AT: Final = _LAYOUT.offset("piles")
_BIRDS_AT: Final = _LAYOUT.offset("birds")
_PREDATORS_AT: Final = _LAYOUT.offset("predators")
_PENDING_AT: Final = _LAYOUT.offset("pending")
_SEAT_WIDTH: Final = _LAYOUT.table("seats").width
_ZONE_WIDTH: Final = _LAYOUT.table("zones").width
_PREDATOR_WIDTH: Final = _LAYOUT.table("predators").width
_PENDING_WIDTH: Final = _LAYOUT.table("pending").width
_PENDING_ROWS: Final = _LAYOUT.table("pending").rows
_ZEROS: Final = array("i", [0]) * _LAYOUT.size
_INT: Final = _ZEROS.itemsize  # bytes per number: rows are packed at byte offsets
# A fixed-width row packed straight into the buffer: about a third of the cost of building
# an array('i') of it to assign to a slice.
_PACK_WHEEL: Final = struct.Struct("5i").pack_into
_PACK_SIDE: Final = struct.Struct("4i").pack_into
_PACK_TURN: Final = struct.Struct("4i").pack_into
_PACK_BIRD: Final = struct.Struct(f"{_BIRD_WIDTH}i").pack_into
_PACK_PREDATOR: Final = struct.Struct(f"{_PREDATOR_WIDTH}i").pack_into
# Runs of any length a table holds (a hand, a discard pile, the pending decisions).
_PACK_RUN: Final = tuple(
    struct.Struct(f"{count}i").pack_into
    for count in range(max(table.size for table in _LAYOUT.tables) + 1)
)
_OVER: Final = Phase.OVER
_ZONE_INDICES: Final = tuple(range(len(ZONES)))
# What an emptied buffer shows, as the writer's memory of what it wrote: all zeros.
_NO_SEAT: Final = Seat((), (), (), 0, 0)
_NO_ZONE: Final = ZoneState(None, (), (), ())
_NO_TURN: Final = TurnState(0, False, (False, False, False), False, 0)


class EntityWriter:
    """Writes one seat's entity observations straight from States, each over the last: the
    numbers of `entities(view(state, seat))` without building the view.

    It keeps the objects it last wrote from (the wheel, the turn counters, the pair of
    seats, the three zones, the predators row by row, the pending decisions) and, where the
    state holds a different object, compares its parts with the kept one's to rewrite only
    the rows that changed: the engine hands what a step leaves alone to the next state as
    the very same object. Like the view, it shows no other seat's hand and a face-down
    predator's card to its owner only (R6.3)."""

    __slots__ = (
        "_pending",
        "_phase",
        "_predator_count",
        "_predator_zones",
        "_predators",
        "_sides",
        "_turn",
        "_wheel",
        "_winners",
        "_zones",
        "buffer",
        "seat",
    )

    def __init__(self, seat: PlayerId) -> None:
        self.seat = seat
        self.buffer: array[int] = array("i", _ZEROS)
        self._forget()

    def _forget(self) -> None:
        """Empties the buffer and every memory of what it was written from."""
        out = self.buffer
        out[:] = _ZEROS
        out[0] = self.seat + 1
        for s in (0, 1):
            out[_SEATS_AT + s * _SEAT_WIDTH] = s + 1
        for zi in _ZONE_INDICES:
            out[_ZONES_AT + zi * _ZONE_WIDTH] = zi + 1
        self._phase: Phase | None = None
        self._wheel: Wheel | None = None
        self._turn = _NO_TURN
        self._winners: tuple[int, ...] = ()
        self._sides = (_NO_SEAT, _NO_SEAT)
        self._zones = (_NO_ZONE, _NO_ZONE, _NO_ZONE)
        # Predators lie in field order across the zones: each row's predator and zone.
        self._predators: list[Predator | None] = [None] * FIELD_PREDATORS
        self._predator_zones = [0] * FIELD_PREDATORS
        self._predator_count = 0
        self._pending: tuple[Pending, ...] = ()

    def write(self, state: State) -> array[int]:
        """Writes the seat's entity observation of `state` over the last; returns the buffer."""
        out = self.buffer
        try:
            phase = state.phase
            if phase is not self._phase:  # looked up on a change only
                out[1] = PHASE_ID[phase]
                self._phase = phase
            out[2] = state.first_player + 1
            out[3] = state.active + 1
            out[4] = state.turn_number
            wheel = state.wheel
            if wheel is not self._wheel:
                self._write_wheel(wheel)
            turn = state.turn
            if turn is not self._turn:
                self._write_turn(turn)
            sides = state.seats
            if sides is not self._sides:
                self._write_sides(sides)
            # The view shows the winners once the game is over only.
            winners = state.winners if phase is _OVER else ()
            if winners is not self._winners:
                out[_SEATS_AT + 5] = 1 if 0 in winners else 0
                out[_SEATS_AT + _SEAT_WIDTH + 5] = 1 if 1 in winners else 0
                self._winners = winners
            zones = state.zones
            moved = zones is not self._zones
            if moved:
                self._write_zones(zones)
            pending = state.pending
            # A decision names cards by their place: the zones changing may move them.
            if pending is not self._pending or (moved and pending):
                self._write_pending(zones, pending)
        except BaseException:
            self._forget()  # half written: trust nothing of it
            raise
        return out

    def _write_wheel(self, wheel: Wheel) -> None:
        _PACK_WHEEL(
            self.buffer,
            5 * _INT,
            SEASON_ID[wheel.season],
            wheel.turns_left - TURNS_LEFT_LOWEST,
            wheel.turns_played,
            wheel.checkpoints,
            wheel.sudden_death,
        )
        self._wheel = wheel

    def _write_turn(self, turn: TurnState) -> None:
        out, before = self.buffer, self._turn
        # struct packs a bool as 0 or 1
        _PACK_TURN(
            out,
            10 * _INT,
            turn.habitats_played,
            turn.season_played,
            turn.hold_countdown,
            turn.actions,
        )
        mobbed = turn.mobbed
        if mobbed is not before.mobbed:
            for zi in _ZONE_INDICES:
                out[_ZONES_AT + zi * _ZONE_WIDTH + 2] = 1 if mobbed[zi] else 0
        self._turn = turn

    def _write_run(self, at: int, values: list[int], before: int, room: int) -> None:
        """Writes `values` at `at`, zeros over the rest of the `before` numbers written there
        last."""
        count = len(values)
        if count > room:
            raise EncodingBoundError(f"{count} numbers where {room} fit")
        if count < before:
            values += [0] * (before - count)
        _PACK_RUN[len(values)](self.buffer, at * _INT, *values)

    def _write_sides(self, sides: tuple[Seat, Seat]) -> None:
        out, kept = self.buffer, self._sides
        for s in (0, 1):
            side = sides[s]
            before = kept[s]
            if side is before:
                continue
            at = (_SEATS_AT + s * _SEAT_WIDTH + 1) * _INT
            _PACK_SIDE(out, at, len(side.hand), len(side.deck), side.song, side.prizes)
            discard = side.discard
            if discard is not before.discard:
                owner = s + 1
                self._write_run(
                    _DISCARD_AT + s * _DISCARD_WIDTH * SEAT_CARDS,
                    [n for card in discard for n in (owner, CARD_ID[card])],
                    _DISCARD_WIDTH * len(before.discard),
                    _DISCARD_WIDTH * SEAT_CARDS,
                )
            hand = side.hand  # the other seat's hand shows only as its size
            if s == self.seat and hand is not before.hand:
                self._write_run(
                    _HAND_AT,
                    [CARD_ID[card] for card in hand],
                    len(before.hand),
                    SEAT_CARDS,
                )
        self._sides = sides

    def _write_zones(self, zones: tuple[ZoneState, ZoneState, ZoneState]) -> None:
        out, kept = self.buffer, self._zones
        predators_moved = False
        for zi in _ZONE_INDICES:
            zone = zones[zi]
            before = kept[zi]
            if zone is before:
                continue
            habitat = zone.habitat
            if habitat is not before.habitat:
                out[_ZONES_AT + zi * _ZONE_WIDTH + 1] = (
                    0 if habitat is None else HABITAT_ID[habitat]
                )
            pile = zone.pile
            if pile is not before.pile:
                self._write_run(
                    _PILES_AT + zi * PILE_ROWS * _PILE_WIDTH,
                    [n for c in pile for n in (zi + 1, c.owner + 1, CARD_ID[c.card])],
                    PILE_ROWS * _PILE_WIDTH,
                    PILE_ROWS * _PILE_WIDTH,
                )
            if zone.birds is not before.birds:
                self._write_birds(zi, zone.birds, before.birds)
            if zone.predators is not before.predators:
                predators_moved = True
        if predators_moved:
            self._write_predators(zones)
        self._zones = zones

    def _write_birds(self, zi: int, birds: tuple[Bird, ...], written: tuple[Bird, ...]) -> None:
        """Writes the rows of zone `zi`'s birds that differ from the `written` ones."""
        out = self.buffer
        count, before = len(birds), len(written)
        if count > ZONE_CAPACITY:
            raise EncodingBoundError(f"{count} birds in a zone of {ZONE_CAPACITY}")
        row = zi * ZONE_CAPACITY
        for k in range(count):
            bird = birds[k]
            if k >= before or bird is not written[k]:
                # struct packs a bool as 0 or 1
                _PACK_BIRD(
                    out,
                    (_BIRDS_AT + (row + k) * _BIRD_WIDTH) * _INT,
                    zi + 1,
                    CARD_ID[bird.card],
                    bird.owner + 1,
                    bird.nested,
                    bird.tapped,
                    bird.damage,
                    bird.has_tapped,
                    bird.moved,
                    bird.untapped,
                )
        if count < before:
            at = _BIRDS_AT + (row + count) * _BIRD_WIDTH
            out[at : at + (before - count) * _BIRD_WIDTH] = _ZEROS[: (before - count) * _BIRD_WIDTH]

    def _write_predators(self, zones: tuple[ZoneState, ZoneState, ZoneState]) -> None:
        """Writes the predator rows, in field order, whose predator or zone changed."""
        out, seat = self.buffer, self.seat
        kept, kept_zones = self._predators, self._predator_zones
        row = 0
        for zi in _ZONE_INDICES:
            for predator in zones[zi].predators:
                if row == FIELD_PREDATORS:
                    raise EncodingBoundError(f"more than {FIELD_PREDATORS} predators in play")
                if predator is not kept[row] or kept_zones[row] != zi:
                    shown = predator.face_up or predator.owner == seat  # R6.3
                    _PACK_PREDATOR(
                        out,
                        (_PREDATORS_AT + row * _PREDATOR_WIDTH) * _INT,
                        zi + 1,
                        predator.owner + 1,
                        CARD_ID[predator.card] if shown else 0,
                        predator.face_up,
                        predator.damage,
                        predator.hunts,
                        predator.readied,
                    )
                    kept[row] = predator
                    kept_zones[row] = zi
                row += 1
        before = self._predator_count
        if row < before:
            at = _PREDATORS_AT + row * _PREDATOR_WIDTH
            out[at : at + (before - row) * _PREDATOR_WIDTH] = _ZEROS[
                : (before - row) * _PREDATOR_WIDTH
            ]
            kept[row:before] = [None] * (before - row)
        self._predator_count = row

    def _write_pending(
        self, zones: tuple[ZoneState, ZoneState, ZoneState], pending: tuple[Pending, ...]
    ) -> None:
        """Writes the pending decisions, naming cards in play by their rows in `zones`."""
        values: list[int] = []
        if pending:
            birds: dict[int, int] = {}
            predators: dict[int, int] = {}
            for zi in _ZONE_INDICES:
                for k, bird in enumerate(zones[zi].birds):
                    birds[bird.uid] = zi * ZONE_CAPACITY + k + 1
                for predator in zones[zi].predators:
                    predators[predator.uid] = len(predators) + 1
            for decision in pending:
                values += _pending_row(decision, birds, predators)
        self._write_run(
            _PENDING_AT,
            values,
            len(self._pending) * _PENDING_WIDTH,
            _PENDING_ROWS * _PENDING_WIDTH,
        )
        self._pending = pending


def entity_writer(config: Config, seat: PlayerId) -> EntityWriter:
    """Returns a writer of `seat`'s entity observations straight from States of `config`."""
    return EntityWriter(seat)
