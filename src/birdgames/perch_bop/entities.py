"""Perch as entity tables: what a seat's View shows, one row of small integers per object of
the game (a Location, a seat, a flock, a fountain slot, a creature...), for a network to embed
(`birdgames.encoding`'s entity observations).

`entities(view)` is the reference, read from the View alone; `EntityWriter` writes the same
numbers straight from States, rewriting only the rows whose objects are new. Ids come from
the catalogs' fixed order (perch_bop/cards.py) and enums by position, each plus one: 0 means
none, or not shown. Tables of an expansion or of the promos exist only in configs that play
them.
"""

from __future__ import annotations

import functools
import itertools
from array import array
from collections.abc import Sequence
from typing import Final

import attrs

from birdgames.core import PlayerId, check_spectator_or_player
from birdgames.encoding import (
    Column,
    EncodingBoundError,
    EntityLayout,
    Table,
    entity_ids,
    id_run,
)
from birdgames.perch_bop.cards import (
    BIRDFEEDER_POINTS,
    BIRDHOUSE_FROM_ROUND,
    BIRDS_PER_COLOUR,
    BREAD_FOR_PLAYERS,
    CREATURE_POINTS,
    CREATURES,
    EXPANSION_OBJECTIVES,
    GOLDEN_EGG_BONUS,
    GOLDEN_GOOSE,
    LARGEST_FLOCK_POINTS,
    LAYOUTS,
    MOON_VALUES,
    OBJECTIVE,
    OBJECTIVES,
    POINTS_IN_THE_SKY,
    POND_CREATURES,
    POND_EMONIUM,
    POND_TILES,
    PONDS_FOR_PLAYERS,
    ROUNDS,
    SEEDS_THE_DAY,
    SUN_VALUES,
    TILES,
    TILES_FOR_PLAYERS,
    ZAP_ROUND,
)
from birdgames.perch_bop.creatures import OWL_MAX_STEPS, PARTS
from birdgames.perch_bop.rules import to_act
from birdgames.perch_bop.state import (
    Activation,
    Arrival,
    Await,
    Birdfeeders,
    Config,
    Creature,
    Location,
    Phase,
    Pond,
    Ponds,
    Promos,
    Seat,
    Sky,
    Stage,
    State,
    Where,
)
from birdgames.perch_bop.view import View

TILE_IDS: Final = entity_ids(tuple([t.id for t in TILES]))
POND_TILE_IDS: Final = entity_ids(tuple([p.id for p in POND_TILES]))
CREATURE_IDS: Final = entity_ids(tuple([c.id for c in (*CREATURES, *POND_CREATURES)]))
OBJECTIVE_IDS: Final = entity_ids(tuple([o.id for o in (*OBJECTIVES, *EXPANSION_OBJECTIVES)]))
# Enums by their position plus one.
PHASES: Final = tuple(Phase)
AWAITS: Final = tuple(Await)
STAGES: Final = tuple(Stage)
WHERES: Final = tuple(Where)

DEALT: Final = 2
"""Objectives dealt to each seat (rules: "Setup": two, one kept)."""
EFFECT_PARTS: Final = max(PARTS.values())
"""The most parts an effect has (§6); each takes a bird from at most one tile."""
ARRIVALS: Final = 1
"""Birds waiting for a fountain slot (rules: "Fountain and plaza", U5): a waiting bird's slot
is chosen before anything else happens, and one action or driver step sends at most one
bird to the fountain."""
FREE_NESTS: Final = max(t.nests for t in TILES)
"""The most nests a tile has: free ones never exceed it."""
FLAG_INTS: Final[dict[tuple[bool, ...], tuple[int, ...]]] = {
    flags: tuple([int(flag) for flag in flags])
    for size in range(1, 6)  # a flag per colour, up to 5 colours
    for flags in itertools.product((False, True), repeat=size)
}
"""Per colour flags (a Location's nests and birdhouses) as 0 and 1, looked up whole."""


@attrs.frozen
class EntityShape:
    """What bounds the tables of one player count and set of expansions and promos."""

    players: int
    """The player count."""
    hues: int
    """The flocks on the board: the players plus the 2-player dummy (§2.5)."""
    cells: int
    """The board's Locations (§1.2)."""
    slots: int
    """The fountain's slots (§4.3)."""
    intersections: int
    """The board's three-tile intersections (P2)."""
    ponds: int
    """The Ponds in play (P5); 0 without Pond-emonium."""
    creatures: int
    """The most creatures in play: one per creature tile, then one per creature Pond (§5.2,
    P5)."""
    seeds: bool
    """Seeds the Day is played."""
    sky: bool
    """Points in the Sky is played."""
    promos: bool
    """Any promo is played."""
    score_bound: int
    """More than any score (as perch_bop/invariants.py bounds one)."""
    tick_bound: int
    """More than any score tick (U2, as perch_bop/invariants.py bounds it)."""

    @property
    def places(self) -> int:
        """Places a creature crosses: the cells, then the Ponds."""
        return self.cells + self.ponds


@functools.lru_cache(maxsize=64)
def entity_shape(players: int, expansions: frozenset[str], promos: frozenset[str]) -> EntityShape:
    """Returns the bounds of a game's tables, which depend on nothing else of its config."""
    hues = 3 if players == 2 else players  # §2.5 the dummy's flock
    cells = TILES_FOR_PLAYERS[players]
    board = LAYOUTS[cells]
    ponds = PONDS_FOR_PLAYERS[players] if POND_EMONIUM in expansions else 0
    creature_ponds = sum(1 for p in POND_TILES if p.creature is not None)
    creatures = min(cells, len(CREATURES)) + min(ponds, creature_ponds)
    seeds, sky = SEEDS_THE_DAY in expansions, POINTS_IN_THE_SKY in expansions
    # §4.1 a place scores its best printed value, or half the strongest stack when more:
    # every bird of a colour, with a nest and a birdhouse.
    strongest = hues * (BIRDS_PER_COLOUR + 2)
    printed = max(value for t in TILES for value in t.values)
    place = max(printed, 1 + strongest // 2)
    score = (
        ROUNDS * cells * place
        + max(o.points for o in OBJECTIVE.values())
        + LARGEST_FLOCK_POINTS
        + CREATURE_POINTS * creatures
        + sum(slot.value for slot in board.fountain)
        + BIRDS_PER_COLOUR
        + (BIRDFEEDER_POINTS * cells if seeds else 0)  # P3
        + (ROUNDS * (max(SUN_VALUES) + max(MOON_VALUES)) if sky else 0)  # P4
        + ROUNDS * ponds * max(max(p.values) for p in POND_TILES)  # P5
        + (ROUNDS * 3 * GOLDEN_EGG_BONUS if GOLDEN_GOOSE in promos else 0)  # P8: 3 places
    )
    # U2 a score changes at most once per colour at each place a round, and once for each
    # Birdfeeder taken (P3).
    tick = ROUNDS * (cells + ponds) * hues + (cells if seeds else 0)
    return EntityShape(
        players,
        hues,
        cells,
        len(board.fountain),
        len(board.intersections),
        ponds,
        creatures,
        seeds,
        sky,
        bool(promos),
        score + 1,
        tick + 1,
    )


def _flag(name: str, meaning: str) -> Column:
    return Column(name, 2, meaning)


def _tables(shape: EntityShape) -> tuple[Table, ...]:
    n, hues, cells = shape.players, shape.hues, shape.cells
    birds = BIRDS_PER_COLOUR + 1
    objective = len(OBJECTIVE_IDS) + 1
    cell = cells + 1
    seat = n + 1
    colour = hues + 1
    head = Table(
        "head",
        1,
        (
            Column("seat", seat, "the viewer's seat plus one; 0: a spectator"),
            Column("round", ROUNDS + 1, "the round, 1 to 5"),
            Column("phase", len(PHASES) + 1, "the phase's position in Phase, plus one"),
            Column(
                "awaiting",
                len(AWAITS) + 1,
                "the decision awaited apart from fountain slots: its position in Await, plus one",
            ),
            _flag("placed", "this Perch turn's bird is placed"),
            _flag("bonus_used", "this Perch turn's bonus action is taken"),
            Column("dealt_first", objective, "the viewer's first dealt objective's id"),
            Column("dealt_second", objective, "the viewer's second dealt objective's id"),
        ),
        "the viewer and the game-wide values. Left out as derived from shown values: the "
        "final breakdown (end-game scoring, §4.4, of the shown board, fountain, plaza and "
        "objectives), the decision (the head arrival, else the awaited one), whether the "
        "game is over (the phase); the player count, expansions and promos are the layout's",
    )
    seat_columns = [
        _flag("to_act", "the seat has a decision now"),
        _flag("pending", "the seat has still to answer the Rookery (in turn order)"),
        Column("turn_position", seat, "the seat's place in this round's turn order, plus one"),
        *[
            Column(f"hand_{c}", birds, f"birds of colour {c} in the seat's hand")
            for c in range(hues)
        ],
        Column(
            "score",
            shape.score_bound,
            "the seat's score (bounded as perch_bop/invariants.py bounds it: every place's "
            "best each round and every bonus)",
        ),
        Column("reached", shape.tick_bound, "the score tick when the score last changed (U2)"),
        _flag("birdhouse", "an unused birdhouse, shown from round 4 on (§3)"),
        _flag("zap", "an unused lightning token, shown in round 5 (§3)"),
        _flag("objective_kept", "the seat has kept an objective (public)"),
        Column(
            "objective",
            objective,
            "the kept objective's id: the viewer's own, everyone's once the game is over; "
            "0 otherwise (P2)",
        ),
    ]
    if shape.seeds:
        seat_columns.append(Column("feeders_taken", cell, "Birdfeeders the seat took (P3)"))
    if shape.ponds:
        bread = BREAD_FOR_PLAYERS[n] + 1
        seat_columns.append(Column("bread", bread, "Bread the seat still holds (P5)"))
        seat_columns.append(Column("bread_spent", bread, "Bread the seat spent (P5)"))
    location_columns = [
        Column("tile", len(TILE_IDS) + 1, "the tile's id"),
        *[Column(f"birds_{c}", birds, f"colour {c}'s birds in its stack") for c in range(hues)],
        *[_flag(f"nested_{c}", f"colour {c}'s stack sits on a nest") for c in range(hues)],
        *[_flag(f"housed_{c}", f"colour {c}'s stack carries a birdhouse") for c in range(hues)],
        Column("free_nests", FREE_NESTS + 1, "nests without a stack"),
        _flag("removed", "the Location left the game"),
    ]
    if shape.seeds:
        location_columns.append(_flag("birdfeeder", "a Birdfeeder still waits here (P3)"))
    place = shape.places + 1
    spot = max(cells, shape.intersections, shape.ponds) + 1
    tables = [
        head,
        Table("seats", n, tuple(seat_columns), "one row per seat, seat 0 first"),
        Table(
            "flocks",
            hues,
            (
                Column("supply", birds, "the flock's birds in its supply"),
                Column("bag", birds, "the flock's birds in the bag (it has no order)"),
                Column("plaza", birds, "the flock's birds in the plaza"),
            ),
            "one row per colour: colour c is seat c's flock; with 2 players colour 2 is the "
            "dummy's (§2.5)",
        ),
        Table(
            "locations",
            cells,
            tuple(location_columns),
            "one row per Location, in board order (column, then row)",
        ),
        Table(
            "fountain",
            shape.slots,
            (Column("colour", colour, "the colour in the slot, plus one; 0: empty"),),
            "one row per fountain slot, in slot order (§4.3)",
        ),
        Table(
            "arrivals",
            ARRIVALS,
            (
                Column("colour", colour, "the bird's colour, plus one"),
                Column("chooser", seat, "the seat that picks its slot, plus one (U5)"),
            ),
            "birds waiting for a fountain slot, oldest first",
        ),
        Table(
            "creatures",
            shape.creatures,
            (
                Column("creature", len(CREATURE_IDS) + 1, "the creature's id"),
                Column("controller", seat, "its controller's seat plus one; 0: nobody (U7)"),
                Column(
                    "where",
                    len(WHERES) + 1,
                    "the kind of place its standee stands on: its position in Where, plus "
                    "one; 0: not yet out",
                ),
                Column("place", spot, "that place's index among its kind, plus one"),
                _flag("used", "activated this round (§3)"),
            ),
            "the creatures in play, in the state's order: the board's in board order, then "
            "the Ponds' (§5.2, P5)",
        ),
        Table(
            "activation",
            1,
            (
                Column("creature", len(CREATURE_IDS) + 1, "the activated creature's id"),
                Column("stage", len(STAGES) + 1, "its position in Stage, plus one"),
                Column(
                    "start",
                    max(shape.places, shape.intersections) + 1,
                    "where the standee stood, plus one: a cell, then the Ponds; the "
                    "Scarecrow's intersection",
                ),
                Column("part", EFFECT_PARTS, "the effect's part being resolved"),
                Column("chosen_place", place, "the picked bird's place, plus one"),
                Column("chosen_colour", colour, "the picked bird's colour, plus one"),
                *[
                    Column(f"path_{k + 1}", place, f"the place entered at step {k + 1}, plus one")
                    for k in range(OWL_MAX_STEPS)
                ],
                *[
                    Column(
                        f"hit_{k + 1}", cell, f"cell {k + 1} the effect took a bird from, plus one"
                    )
                    for k in range(EFFECT_PARTS)
                ],
            ),
            "the creature activation under way (§6); all zeros: none",
        ),
    ]
    if shape.seeds:
        tables.append(
            Table(
                "birdfeeders",
                1,
                (
                    Column("discarded", cell, "Birdfeeders gone under the dummy's birds"),
                    Column("removed", cell, "Birdfeeders gone with their Location"),
                ),
                "Seeds the Day's Birdfeeders out of play (P3); those on the board and those "
                "taken are in the locations and seats tables",
            )
        )
    if shape.sky:
        tables.append(
            Table(
                "sky",
                1,
                (
                    Column("sun", cell, "the cell under the Sun, plus one"),
                    Column("moon", cell, "the cell under the Moon, plus one"),
                ),
                "Points in the Sky (P4)",
            )
        )
    if shape.ponds:
        tables.append(
            Table(
                "ponds",
                shape.ponds,
                (
                    Column("tile", len(POND_TILE_IDS) + 1, "the Pond tile's id"),
                    Column("intersection", shape.intersections + 1, "its intersection, plus one"),
                    *[
                        Column(f"birds_{c}", birds, f"colour {c}'s birds on it")
                        for c in range(hues)
                    ],
                    Column(
                        "leader", colour, "the colour alone first at its last scoring, plus one"
                    ),
                ),
                "Pond-emonium's Ponds (P5), ordered by intersection; the Bread is in the "
                "seats table",
            )
        )
    if shape.promos:
        tables.append(
            Table(
                "promos",
                1,
                (
                    Column("holder", seat, "the seat holding the promos this round, plus one"),
                    Column("egg", cell, "the Golden Egg's cell, plus one; 0: not placed"),
                    _flag("egg_moved", "the Golden Egg moved this round"),
                    Column("yeti", cell, "the Yeti's cell, plus one"),
                    _flag("yeti_used", "the Yeti moved this round"),
                    _flag("eagle_used", "the Eagle of Justice ruled this round"),
                    Column(
                        "ruling_where",
                        len(WHERES) + 1,
                        "the kind of place the Eagle's order is for (its position in Where, "
                        "plus one); 0: no ruling",
                    ),
                    Column(
                        "ruling_place", max(cells, shape.ponds) + 1, "that place's index, plus one"
                    ),
                    *[
                        Column(f"ruling_{k + 1}", colour, f"the colour ordered {k + 1}, plus one")
                        for k in range(hues)
                    ],
                ),
                "the Kickstarter promos' state (P8), all public",
            )
        )
    return tuple(tables)


@functools.lru_cache(maxsize=64)
def _layout(players: int, expansions: frozenset[str], promos: frozenset[str]) -> EntityLayout:
    return EntityLayout(_tables(entity_shape(players, expansions, promos)))


@functools.lru_cache(maxsize=64)
def entity_layout(config: Config) -> EntityLayout:
    """Returns the tables of every entity observation of a game with `config`."""
    return _layout(config.players, config.expansions, config.promos)


# --- rows shared by the view's entities and the writer: objects the view shows as they are


def _plus_one(value: int | None) -> int:
    return 0 if value is None else value + 1


def _run(values: Sequence[int], size: int) -> list[int]:
    """Returns each value plus one, padded with zeros to `size`."""
    if len(values) > size:
        raise EncodingBoundError(f"{len(values)} items where {size} fit")
    return [v + 1 for v in values] + [0] * (size - len(values))


def location_row(location: Location) -> list[int]:
    """Returns a Location's row (without the Birdfeeder column)."""
    return [
        TILE_IDS[location.tile],
        *location.birds,
        *FLAG_INTS[location.nested],
        *FLAG_INTS[location.housed],
        location.free_nests,
        int(location.removed),
    ]


def creature_row(creature: Creature) -> list[int]:
    """Returns a creature's row."""
    spot = creature.position
    return [
        CREATURE_IDS[creature.id],
        _plus_one(creature.controller),
        0 if spot is None else WHERES.index(spot.where) + 1,
        0 if spot is None else spot.index + 1,
        1 if creature.used else 0,
    ]


def activation_row(activation: Activation) -> list[int]:
    """Returns the row of a creature activation under way."""
    chosen = activation.chosen
    return [
        CREATURE_IDS[activation.creature],
        STAGES.index(activation.stage) + 1,
        activation.start + 1,
        activation.part,
        0 if chosen is None else chosen[0] + 1,
        0 if chosen is None else chosen[1] + 1,
        *_run(activation.path, OWL_MAX_STEPS),
        *_run(activation.hit, EFFECT_PARTS),
    ]


def arrival_rows(arrivals: Sequence[Arrival]) -> list[list[int]]:
    """Returns the rows of the birds waiting for a fountain slot."""
    return [[a.colour + 1, a.chooser + 1] for a in arrivals]


def pond_row(pond: Pond) -> list[int]:
    """Returns a Pond's row."""
    return [POND_TILE_IDS[pond.tile], pond.intersection + 1, *pond.birds, _plus_one(pond.leader)]


def promos_row(promos: Promos, hues: int) -> list[int]:
    """Returns the promos' row."""
    ruling = promos.ruling
    return [
        _plus_one(promos.controller),
        _plus_one(promos.egg),
        1 if promos.egg_moved else 0,
        _plus_one(promos.yeti),
        1 if promos.yeti_used else 0,
        1 if promos.eagle_used else 0,
        0 if ruling is None else WHERES.index(ruling.place.where) + 1,
        0 if ruling is None else ruling.place.index + 1,
        *_run(() if ruling is None else ruling.order, hues),
    ]


def sky_row(sky: Sky) -> list[int]:
    """Returns the Sun's and the Moon's cells."""
    return [sky.sun + 1, sky.moon + 1]


def birdfeeders_row(feeders: Birdfeeders) -> list[int]:
    """Returns the Birdfeeders out of play."""
    return [feeders.discarded, feeders.removed]


def _objective_id(objective: str | None) -> int:
    return 0 if objective is None else OBJECTIVE_IDS[objective]


# --- the reference: from the view ------------------------------------------------------


def entities(view: View) -> tuple[int, ...]:
    """Returns what `view` shows, as the entity tables of its config (a spectator's too)."""
    shape = entity_shape(view.players, view.expansions, view.promos)
    dealt = id_run(OBJECTIVE_IDS, view.dealt, DEALT)
    head = [
        _plus_one(view.player),
        view.round,
        PHASES.index(view.phase) + 1,
        AWAITS.index(Await(view.awaiting)) + 1,
        int(view.placed),
        int(view.bonus_used),
        *dealt,
    ]
    feeders, ponds = view.birdfeeders, view.ponds
    seats = []
    for index, side in enumerate(view.seats):
        row = [
            int(index in view.to_act),
            int(index in view.pending),
            _plus_one(view.turn_order.index(index) if index in view.turn_order else None),
            *side.hand,
            side.score,
            side.reached,
            int(side.birdhouse),
            int(side.zap),
            int(side.objective_kept),
            _objective_id(side.objective),  # P2 the view shows only what the seat may see
        ]
        if shape.seeds:
            row.append(0 if feeders is None else feeders.taken[index])
        if shape.ponds:
            row += [0, 0] if ponds is None else [ponds.bread[index], ponds.spent[index]]
        seats.append(row)
    locations = []
    for index, location in enumerate(view.locations):
        row = location_row(location)
        if shape.seeds:
            row.append(0 if feeders is None else int(feeders.on[index]))
        locations.append(row)
    rows: dict[str, list[list[int]]] = {
        "head": [head],
        "seats": seats,
        "flocks": [list(counts) for counts in zip(view.supply, view.bag, view.plaza, strict=True)],
        "locations": locations,
        "fountain": [[_plus_one(colour)] for colour in view.fountain],
        "arrivals": arrival_rows(view.arrivals),
        "creatures": [creature_row(creature) for creature in view.creatures],
        "activation": [] if view.activation is None else [activation_row(view.activation)],
    }
    if shape.seeds:
        rows["birdfeeders"] = [] if feeders is None else [birdfeeders_row(feeders)]
    if shape.sky:
        rows["sky"] = [] if view.sky is None else [sky_row(view.sky)]
    if shape.ponds:
        rows["ponds"] = [] if ponds is None else [pond_row(pond) for pond in ponds.ponds]
    if shape.promos:
        state = view.promo_state
        rows["promos"] = [] if state is None else [promos_row(state, shape.hues)]
    return _layout(view.players, view.expansions, view.promos).pack(rows)


# --- the fast path: straight from the state --------------------------------------------


@functools.lru_cache(maxsize=64)
def _table_places(
    players: int, expansions: frozenset[str], promos: frozenset[str]
) -> dict[str, tuple[int, int]]:
    """Returns each table's offset and row width by its name."""
    layout = _layout(players, expansions, promos)
    return {table.name: (layout.offset(table.name), table.width) for table in layout.tables}


def _zeros(count: int) -> array[int]:
    return array("i", bytes(4 * count))


class EntityWriter:
    """Writes one seat's entity observations straight from States, each over the last: the
    numbers of `entities(view(state, seat))` without building the view. A table, or a row
    of one (a seat's, a Location's, a creature's, a Pond's), is rewritten only when the state
    holds a new object for it: engines hand unchanged ones from state to state. Like the
    view, it shows the seat's own dealt and kept objectives and the others' kept ones only
    once the game is over (P2), the birdhouses from round 4 and the lightning tokens in round
    5 (§3)."""

    __slots__ = (
        "_acting",
        "_activation",
        "_activation_at",
        "_activation_width",
        "_arrivals",
        "_arrivals_at",
        "_awaiting",
        "_bag",
        "_creature_rows",
        "_creature_width",
        "_creatures",
        "_creatures_at",
        "_dealt",
        "_feeders",
        "_feeders_at",
        "_flocks_at",
        "_flow",
        "_fountain",
        "_fountain_at",
        "_location_rows",
        "_location_width",
        "_locations",
        "_locations_at",
        "_order",
        "_out",
        "_own_width",
        "_pending",
        "_phase",
        "_plaza",
        "_pond_rows",
        "_pond_width",
        "_ponds",
        "_ponds_at",
        "_promos",
        "_promos_at",
        "_promos_width",
        "_round",
        "_seat_rows",
        "_seat_shown",
        "_seat_width",
        "_seats",
        "_seats_at",
        "_shown",
        "_sky",
        "_sky_at",
        "_supply",
        "buffer",
        "layout",
        "seat",
        "shape",
    )

    def __init__(self, config: Config, seat: PlayerId | None) -> None:
        self.seat = check_spectator_or_player(seat, config.players)
        kind = (config.players, config.expansions, config.promos)
        self.shape = entity_shape(*kind)
        self.layout = layout = _layout(*kind)
        self.buffer: array[int] = _zeros(layout.size)
        # Rows go in through a view of the buffer: a row of the wrong length then raises
        # (the buffer can no longer be resized) rather than moving what follows it.
        self._out = memoryview(self.buffer)
        found = _table_places(*kind)
        self._seats_at, self._seat_width = found["seats"]
        self._flocks_at = found["flocks"][0]
        self._locations_at, self._location_width = found["locations"]
        self._fountain_at = found["fountain"][0]
        self._arrivals_at = found["arrivals"][0]
        self._creatures_at, self._creature_width = found["creatures"]
        self._activation_at, self._activation_width = found["activation"]
        self._feeders_at = found.get("birdfeeders", (0, 0))[0]
        self._sky_at = found.get("sky", (0, 0))[0]
        self._ponds_at, self._pond_width = found.get("ponds", (0, 0))
        self._promos_at, self._promos_width = found.get("promos", (0, 0))
        self._own_width = self.shape.hues + 6  # a seat's columns from its hand to its objective
        self._forget()

    def _forget(self) -> None:
        """Zeros the buffer but the viewer's seat and marks every table and row unwritten,
        so the next state's objects, never written from, are all written."""
        shape = self.shape
        self._out[:] = _zeros(len(self.buffer))
        self._out[0] = _plus_one(self.seat)
        # The objects each table or row was last written from; None: zeros, or never.
        self._flow: object = None
        self._phase: object = None
        self._awaiting: object = None
        self._round = 0
        self._dealt: object = None
        self._acting: tuple[int, ...] | None = None
        self._pending: tuple[int, ...] | None = None
        self._order: object = None
        self._seat_rows: list[Seat | None] = [None] * shape.players
        self._seats: object = None
        self._seat_shown = -1
        self._shown = 0
        self._supply: object = None
        self._bag: object = None
        self._plaza: object = None
        self._locations: object = None
        self._location_rows: list[Location | None] = [None] * shape.cells
        self._fountain: object = None
        self._arrivals: object = None
        self._creatures: object = None
        self._creature_rows: list[Creature | None] = [None] * shape.creatures
        self._activation: object = None
        self._feeders: object = None
        self._sky: object = None
        self._ponds: object = None
        self._pond_rows: list[Pond | None] = [None] * shape.ponds
        self._promos: object = None

    def write(self, state: State) -> array[int]:
        """Writes the seat's entity observation of `state` over the last; returns the buffer."""
        out, shape, flow, seats = self._out, self.shape, state.flow, state.seats
        try:
            if flow is not self._flow or state.round != self._round:
                round_ = state.round
                out[1] = round_
                if flow.phase is not self._phase or flow.awaiting is not self._awaiting:
                    out[2] = PHASES.index(flow.phase) + 1
                    out[3] = AWAITS.index(flow.awaiting) + 1
                    self._phase, self._awaiting = flow.phase, flow.awaiting
                out[4] = 1 if flow.placed else 0
                out[5] = 1 if flow.bonus_used else 0
                # What is shown of the seats, as bits (one number to compare): §3 the
                # birdhouses from round 4 (1), the lightning tokens in round 5 (2); P2 the
                # others' kept objectives once the game is over (4).
                self._shown = (
                    (round_ >= BIRDHOUSE_FROM_ROUND)
                    + 2 * (round_ == ZAP_ROUND)
                    + 4 * (flow.phase is Phase.OVER)
                )
                self._flow, self._round = flow, round_
            if seats is not self._seats or self._shown != self._seat_shown:
                self._write_seats(seats)
            acting, pending, order = to_act(state), flow.pending, state.turn_order
            if acting != self._acting or pending != self._pending or order is not self._order:
                self._write_turns(acting, pending, order)
            supply, bag, plaza = state.supply, state.bag, state.plaza
            if supply is not self._supply or bag is not self._bag or plaza is not self._plaza:
                if not len(supply) == len(bag) == len(plaza) == shape.hues:
                    raise EncodingBoundError(f"flocks of {len(supply)} colours, not {shape.hues}")
                at = self._flocks_at
                out[at : at + 3 * shape.hues] = array(
                    "i", [count for trio in zip(supply, bag, plaza, strict=True) for count in trio]
                )
                self._supply, self._bag, self._plaza = supply, bag, plaza
            locations = state.locations
            if locations is not self._locations:
                self._write_locations(locations)
            fountain = state.fountain
            if fountain is not self._fountain:
                if len(fountain) != shape.slots:
                    raise EncodingBoundError(f"{len(fountain)} fountain slots, not {shape.slots}")
                at = self._fountain_at
                out[at : at + shape.slots] = array(
                    "i", [0 if colour is None else colour + 1 for colour in fountain]
                )
                self._fountain = fountain
            arrivals = state.arrivals
            if arrivals is not self._arrivals:
                self._put(self._arrivals_at, arrival_rows(arrivals), ARRIVALS, 2)
                self._arrivals = arrivals
            creatures = state.creatures
            if creatures is not self._creatures:
                self._write_creatures(creatures)
            activation = flow.activation
            if activation is not self._activation:
                rows = [] if activation is None else [activation_row(activation)]
                self._put(self._activation_at, rows, 1, self._activation_width)
                self._activation = activation
            if shape.seeds:
                feeders = state.feeders
                if feeders is not self._feeders:
                    self._write_feeders(feeders)
            if shape.sky:
                sky = state.sky
                if sky is not self._sky:
                    self._put(self._sky_at, [] if sky is None else [sky_row(sky)], 1, 2)
                    self._sky = sky
            if shape.ponds:
                ponds = state.ponds
                if ponds is not self._ponds:
                    self._write_ponds(ponds)
            if shape.promos:
                promos = state.promos
                if promos is not self._promos:
                    rows = [] if promos is None else [promos_row(promos, shape.hues)]
                    self._put(self._promos_at, rows, 1, self._promos_width)
                    self._promos = promos
        except BaseException:
            self._forget()  # the buffer is half written: keep none of it
            raise
        return self.buffer

    def _put(self, start: int, rows: list[list[int]], count: int, width: int) -> None:
        """Writes a whole table of `count` rows of `width` from `start`: `rows`, then zeros."""
        if len(rows) > count:
            raise EncodingBoundError(f"{len(rows)} rows where {count} fit")
        numbers = [value for row in rows for value in row]
        if len(numbers) != len(rows) * width:
            raise EncodingBoundError(f"rows of {len(numbers)} numbers, not {len(rows) * width}")
        numbers += [0] * ((count - len(rows)) * width)
        self._out[start : start + count * width] = array("i", numbers)

    def _write_turns(
        self, acting: tuple[int, ...], pending: tuple[int, ...], order: tuple[int, ...]
    ) -> None:
        """Each seat's first columns: whether it acts, whether it is still to answer the
        Rookery, its place in the turn order."""
        out, width, start = self._out, self._seat_width, self._seats_at
        for index in range(self.shape.players):
            at = start + index * width
            out[at] = 1 if index in acting else 0
            out[at + 1] = 1 if index in pending else 0
            out[at + 2] = order.index(index) + 1 if index in order else 0
        self._acting, self._pending, self._order = acting, pending, order

    def _write_seats(self, seats: tuple[Seat, ...]) -> None:
        """Each seat's own values where its Seat is new (those that changed) or what is
        shown of the seats changed (all); the viewer's dealt objectives where its Seat is
        new."""
        out, width, hues = self._out, self._seat_width, self.shape.hues
        if len(seats) != self.shape.players:
            raise EncodingBoundError(f"{len(seats)} seats, not {self.shape.players}")
        written, every = self._seat_rows, self._shown != self._seat_shown
        at = self._seats_at + 3
        for index, seat in enumerate(seats):
            old = written[index]
            if seat is not old or every:
                if len(seat.hand) != hues:
                    raise EncodingBoundError(f"a hand of {len(seat.hand)} colours, not {hues}")
                if old is None or every:
                    out[at : at + hues] = array("i", seat.hand)
                    out[at + hues : at + hues + 6] = array(
                        "i", (seat.score, seat.reached, *self._shown_of(index, seat))
                    )
                else:  # a step changes a few of a seat's values: write those
                    if seat.hand != old.hand:
                        out[at : at + hues] = array("i", seat.hand)
                    if seat.score != old.score or seat.reached != old.reached:
                        out[at + hues] = seat.score
                        out[at + hues + 1] = seat.reached
                    if (
                        seat.birdhouse != old.birdhouse
                        or seat.zap != old.zap
                        or seat.objective != old.objective
                    ):
                        out[at + hues + 2 : at + hues + 6] = array("i", self._shown_of(index, seat))
                if index == self.seat and seat.dealt is not self._dealt:
                    out[6 : 6 + DEALT] = array("i", id_run(OBJECTIVE_IDS, seat.dealt, DEALT))
                    self._dealt = seat.dealt
                written[index] = seat
            at += width
        self._seats, self._seat_shown = seats, self._shown

    def _shown_of(self, index: int, seat: Seat) -> tuple[int, int, int, int]:
        """Returns a seat's birdhouse, lightning token, whether it kept an objective and the
        kept objective, as far as the viewer sees them now."""
        shown, objective = self._shown, seat.objective
        # §3 the tokens are aside before their rounds; P2 the others' kept objectives are
        # shown once the game is over.
        seen = objective is not None and (shown & 4 or index == self.seat)
        return (
            1 if shown & 1 and seat.birdhouse else 0,
            1 if shown & 2 and seat.zap else 0,
            0 if objective is None else 1,
            OBJECTIVE_IDS[objective] if seen and objective is not None else 0,
        )

    def _write_locations(self, locations: tuple[Location, ...]) -> None:
        """Each Location's row (but its Birdfeeder), rewritten where it is a new Location:
        only the values that changed (a placement changes a stack and perhaps a nest)."""
        hues, cells, width = self.shape.hues, self.shape.cells, self._location_width
        if len(locations) != cells:
            raise EncodingBoundError(f"{len(locations)} Locations, not {cells}")
        out, written, at = self._out, self._location_rows, self._locations_at
        size = width - self.shape.seeds  # the Birdfeeder column comes last
        for index, location in enumerate(locations):
            old = written[index]
            if location is old:
                at += width
                continue
            if old is None or location.tile != old.tile:
                out[at : at + size] = array("i", location_row(location))
            else:
                if location.birds != old.birds:
                    out[at + 1 : at + 1 + hues] = array("i", location.birds)
                if location.nested != old.nested:
                    out[at + 1 + hues : at + 1 + 2 * hues] = array("i", FLAG_INTS[location.nested])
                if location.housed != old.housed:
                    at_housed = at + 1 + 2 * hues
                    out[at_housed : at_housed + hues] = array("i", FLAG_INTS[location.housed])
                out[at + size - 2] = location.free_nests
                out[at + size - 1] = 1 if location.removed else 0
            written[index] = location
            at += width
        self._locations = locations

    def _write_feeders(self, feeders: Birdfeeders | None) -> None:
        """Seeds the Day: the Birdfeeder column of the Locations, the Birdfeeders each seat
        took and those out of play."""
        out, shape = self._out, self.shape
        on = () if feeders is None else feeders.on
        taken = () if feeders is None else feeders.taken
        width = self._location_width
        column = self._locations_at + width - 1
        for index in range(shape.cells):
            out[column + index * width] = 1 if index < len(on) and on[index] else 0
        width = self._seat_width
        column = self._seats_at + 3 + self._own_width
        for index in range(shape.players):
            out[column + index * width] = taken[index] if index < len(taken) else 0
        rows = [] if feeders is None else [birdfeeders_row(feeders)]
        self._put(self._feeders_at, rows, 1, 2)
        self._feeders = feeders

    def _write_creatures(self, creatures: tuple[Creature, ...]) -> None:
        """Each creature's row, rewritten where it is a new creature."""
        count, width = self.shape.creatures, self._creature_width
        if len(creatures) > count:
            raise EncodingBoundError(f"{len(creatures)} creatures where {count} fit")
        out, written, start = self._out, self._creature_rows, self._creatures_at
        for index in range(count):
            creature = creatures[index] if index < len(creatures) else None
            if creature is written[index]:
                continue
            at = start + index * width
            out[at : at + width] = (
                _zeros(width) if creature is None else array("i", creature_row(creature))
            )
            written[index] = creature
        self._creatures = creatures

    def _write_ponds(self, shown: Ponds | None) -> None:
        """Pond-emonium: each Pond's row, rewritten where it is a new Pond, and the Bread
        each seat holds and spent."""
        out, shape = self._out, self.shape
        width = self._seat_width
        column = self._seats_at + 3 + self._own_width + shape.seeds
        for index in range(shape.players):
            at = column + index * width
            out[at] = 0 if shown is None else shown.bread[index]
            out[at + 1] = 0 if shown is None else shown.spent[index]
        ponds = () if shown is None else shown.ponds
        count, width = shape.ponds, self._pond_width
        if len(ponds) > count:
            raise EncodingBoundError(f"{len(ponds)} Ponds where {count} fit")
        written, start = self._pond_rows, self._ponds_at
        for index in range(count):
            pond = ponds[index] if index < len(ponds) else None
            if pond is written[index]:
                continue
            row = _zeros(width) if pond is None else array("i", pond_row(pond))
            if len(row) != width:
                raise EncodingBoundError(f"a Pond row of {len(row)} numbers, not {width}")
            at = start + index * width
            out[at : at + width] = row
            written[index] = pond
        self._ponds = shown


def entity_writer(config: Config, seat: PlayerId) -> EntityWriter:
    """Returns a writer of `seat`'s entity observations straight from States of `config`."""
    return EntityWriter(config, seat)
