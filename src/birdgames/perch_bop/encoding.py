"""Perch as integers: a fixed action space, legal masks and flat observations.

Actions are numbered by their fields (docs/research.md gives the layout). Blocks of an
expansion, promo or option exist only in configs that play it. A place is a Location's or
a Pond's tile id; the Eagle of Justice's order is one arrangement of two or more distinct
colours, best first.
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Callable, Hashable, Sequence
from itertools import permutations
from typing import Any, Final, get_args

import attrs

from birdgames import codec
from birdgames.core import IllegalActionError, PlayerId
from birdgames.encoding import (
    Block,
    EncodingBoundError,
    Features,
    Field,
    Layout,
    LegalDecoder,
    count_events,
    event_count_size,
    fields_end_to_end,
    positions,
    summary_values,
)
from birdgames.identity import Remembered
from birdgames.perch_bop import events
from birdgames.perch_bop.actions import (
    Action,
    ActivateCreature,
    AddBird,
    BuildBirdhouse,
    ChooseBird,
    ChooseDestination,
    ChooseFountainBird,
    ChooseSlot,
    Decline,
    EndTurn,
    FeedBirds,
    KeepObjective,
    MoveCreature,
    MoveGoldenEgg,
    MoveYeti,
    OrderTie,
    Place,
    PlaceScarecrow,
    ReturnBird,
    SkipEffect,
    SwapBirds,
    UseEffect,
    Zap,
    ZapNest,
)
from birdgames.perch_bop.cards import (
    BIRDHOUSE_FROM_ROUND,
    CREATURES,
    EXPANSION_OBJECTIVES,
    LAYOUTS,
    OBJECTIVES,
    POND_CREATURES,
    POND_TILES,
    PONDS_FOR_PLAYERS,
    TILES,
    ZAP_ROUND,
)
from birdgames.perch_bop.entities import entities, entity_layout, entity_writer
from birdgames.perch_bop.game import GAME
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
    Sky,
    Stage,
    State,
    Where,
)
from birdgames.perch_bop.view import View
from birdgames.rng import Rng

TILE_IDS: Final = tuple(t.id for t in TILES)
POND_IDS: Final = tuple(t.id for t in POND_TILES)
CREATURE_IDS: Final = tuple(c.id for c in (*CREATURES, *POND_CREATURES))
OBJECTIVE_IDS: Final = tuple(o.id for o in (*OBJECTIVES, *EXPANSION_OBJECTIVES))
MAX_LOCATIONS: Final = max(LAYOUTS)
MAX_SLOTS: Final = max(len(layout.fountain) for layout in LAYOUTS.values())
MAX_INTERSECTIONS: Final = max(len(layout.intersections) for layout in LAYOUTS.values())
MAX_PONDS: Final = max(PONDS_FOR_PLAYERS.values())
PHASES: Final = tuple(Phase)
AWAITS: Final = tuple(Await)
STAGES: Final = tuple(s for s in Stage)
WHERES: Final = tuple(w for w in Where)


def colours(players: int) -> int:
    """Returns the number of flocks: the players plus the 2-player dummy."""
    return 3 if players == 2 else players


def arrangements(count: int) -> tuple[tuple[int, ...], ...]:
    """Returns every order of two or more distinct colours out of `count`, shortest first."""
    return tuple(
        order for size in range(2, count + 1) for order in permutations(range(count), size)
    )


@functools.lru_cache(maxsize=64)
def _layout(config: Config) -> Layout:
    hues = tuple(range(colours(config.players)))
    seats = tuple(range(config.players))
    objectives = tuple(
        o.id
        for o in (*OBJECTIVES, *EXPANSION_OBJECTIVES)
        if o.expansion is None or o.expansion in config.expansions
    )
    ponds = POND_IDS if "pond_emonium" in config.expansions else ()
    tiles = TILE_IDS
    places = tiles + ponds
    slots = tuple(range(MAX_SLOTS))
    promos = config.promos
    blocks = [
        Block("keep_objective", (("objective", objectives),)),
        Block("add_bird", ()),
        Block("decline", ()),
        Block("return_bird", (("colour", hues),)),
        Block(
            "swap_birds",
            (("colour", hues), ("target", seats), ("target_colour", hues)),
        ),
        Block("place", (("colour", hues), ("location", tiles), ("nest", (False, True)))),
        Block("build_birdhouse", (("location", tiles), ("colour", hues))),
        Block("zap", (("location", places), ("colour", hues))),
        Block("end_turn", ()),
        Block("choose_slot", (("slot", slots),)),
        Block("place_scarecrow", (("intersection", tuple(range(MAX_INTERSECTIONS))),)),
        Block("activate_creature", (("creature", CREATURE_IDS),)),
        Block("move_creature", (("location", places),)),
        Block("use_effect", ()),
        Block("skip_effect", ()),
        Block("choose_bird", (("location", places), ("colour", hues))),
        Block("choose_destination", (("location", (None, *places)),)),
        Block("choose_fountain_bird", (("slot", slots),)),
    ]
    if config.zap_nests:
        blocks.append(Block("zap_nest", (("location", tiles),)))
    if ponds:
        blocks.append(Block("feed_birds", (("pond", ponds), ("location", tiles), ("colour", hues))))
    if "golden_goose" in promos:
        blocks.append(Block("move_golden_egg", (("location", tiles),)))
    if "eagle_of_justice" in promos:
        blocks.append(Block("order_tie", (("place", places), ("order", arrangements(len(hues))))))
    if "yeti" in promos:
        blocks.append(Block("move_yeti", (("location", tiles),)))
    return Layout(blocks)


def layout(config: Config) -> Layout:
    """Returns the action layout of `config`."""
    return _layout(config)


def num_actions(config: Config) -> int:
    """Returns the size of the action space of `config`."""
    return _layout(config).size


def encode(state: State, action: Action) -> int:
    """Returns the integer of `action` (only `state.config` matters)."""
    fields: tuple[Hashable, ...]
    space = _layout(state.config)
    match action:
        case KeepObjective():
            return space.index(action, "keep_objective", (action.objective,))
        case AddBird():
            return space.index(action, "add_bird", ())
        case Decline():
            return space.index(action, "decline", ())
        case ReturnBird():
            return space.index(action, "return_bird", (action.colour,))
        case SwapBirds():
            fields = (action.colour, action.target, action.target_colour)
            return space.index(action, "swap_birds", fields)
        case Place():
            fields = (action.colour, action.location, action.nest)
            return space.index(action, "place", fields)
        case BuildBirdhouse():
            return space.index(action, "build_birdhouse", (action.location, action.colour))
        case FeedBirds():
            fields = (action.pond, action.location, action.colour)
            return space.index(action, "feed_birds", fields)
        case Zap():
            return space.index(action, "zap", (action.location, action.colour))
        case ZapNest():
            return space.index(action, "zap_nest", (action.location,))
        case EndTurn():
            return space.index(action, "end_turn", ())
        case ChooseSlot():
            return space.index(action, "choose_slot", (action.slot,))
        case PlaceScarecrow():
            return space.index(action, "place_scarecrow", (action.intersection,))
        case ActivateCreature():
            return space.index(action, "activate_creature", (action.creature,))
        case MoveCreature():
            return space.index(action, "move_creature", (action.location,))
        case UseEffect():
            return space.index(action, "use_effect", ())
        case SkipEffect():
            return space.index(action, "skip_effect", ())
        case ChooseBird():
            return space.index(action, "choose_bird", (action.location, action.colour))
        case ChooseDestination():
            return space.index(action, "choose_destination", (action.location,))
        case ChooseFountainBird():
            return space.index(action, "choose_fountain_bird", (action.slot,))
        case MoveGoldenEgg():
            return space.index(action, "move_golden_egg", (action.location,))
        case OrderTie():
            order = action.order if type(action.order) is tuple else None
            return space.index(action, "order_tie", (action.place, order))
        case MoveYeti():
            return space.index(action, "move_yeti", (action.location,))
        case _:
            raise IllegalActionError(action, "this is not a Perch action")


_DECODER: Final = LegalDecoder[State, Action](
    GAME.legal_actions, encode, lambda state: _layout(state.config).size
)


def legal_index(state: State, player: PlayerId) -> dict[int, Action]:
    """Returns `player`'s legal actions by their indices (the mask's True entries), each
    index remembered per action object (`Layout.indices`)."""
    return _layout(state.config).indices(
        GAME.legal_actions(state, player), functools.partial(encode, state)
    )


def decode(state: State, player: PlayerId, index: int) -> Action:
    """Returns `player`'s legal action numbered `index`; otherwise IllegalActionError."""
    return _DECODER.decode(state, player, index)


def legal_mask(state: State, player: PlayerId) -> tuple[bool, ...]:
    """Returns one flag per action index, True where it is legal for `player` now."""
    return _DECODER.legal_mask(state, player)


# --- observations ---------------------------------------------------------------------


def _location_size(hues: int) -> int:
    return len(TILE_IDS) + 3 * hues + 2  # tile, birds/nested/housed per colour, nests, removed


@functools.lru_cache(maxsize=64)
def _size(players: int, expansions: frozenset[str], promos: frozenset[str]) -> int:
    hues = colours(players)
    size = players * 4 + players * players  # seat, to_act, pending, objective kept; turn order
    size += 1 + len(PHASES) + len(AWAITS) + 2  # round, phase, awaiting, placed, bonus used
    size += MAX_LOCATIONS * _location_size(hues)
    size += hues * 3 + players * hues  # supply, bag, plaza; hands
    size += players * 4  # scores, reached, birdhouses, zaps
    size += MAX_SLOTS * hues + hues + players  # fountain; arrivals per colour, by chooser
    size += len(CREATURE_IDS) * (1 + players + len(WHERES) + 2)
    size += len(CREATURE_IDS) + len(STAGES) + 3 + MAX_LOCATIONS + len(POND_IDS) + hues
    size += len(OBJECTIVE_IDS) * (2 + players)  # dealt, kept, revealed per seat
    if "seeds_the_day" in expansions:
        size += MAX_LOCATIONS + players + 2
    if "points_in_the_sky" in expansions:
        size += 2 * MAX_LOCATIONS
    if "pond_emonium" in expansions:
        size += MAX_PONDS * _pond_size(hues) + 2 * players
    if promos:
        size += players + 2 * MAX_LOCATIONS + 4
    return size


def observation_size(config: Config) -> int:
    """Returns the length of every observation of a game with `config`."""
    return _size(config.players, config.expansions, config.promos)


def _location(out: Features, location: Location, hues: int) -> None:
    out.one_hot(TILE_IDS.index(location.tile), len(TILE_IDS))
    out.padded([b / 10 for b in location.birds], hues)
    out.padded([1.0 if n else 0.0 for n in location.nested], hues)
    out.padded([1.0 if h else 0.0 for h in location.housed], hues)
    out.number(location.free_nests, 3)
    out.flag(location.removed)


@functools.lru_cache(maxsize=16)
def _location_writer(hues: int) -> Callable[[Features, Location], None]:
    """Returns the writer of a location row with `hues` colours (one per colour count, so a
    sink may keep its numbers per Location object)."""
    return lambda out, location: _location(out, location, hues)


@functools.lru_cache(maxsize=16)
def _locations_writer(hues: int) -> Callable[[Features, tuple[Location, ...]], None]:
    """Returns the writer of every location slot with `hues` colours: most steps leave
    every location alone, and then the block costs one comparison."""
    size, row = _location_size(hues), _location_writer(hues)
    return lambda out, locations: out.rows(locations, MAX_LOCATIONS, size, row, shared=True)


@functools.lru_cache(maxsize=16)
def _creatures_writer(players: int) -> Callable[[Features, tuple[Creature, ...]], None]:
    """Returns the writer of the creatures block at `players` players."""
    return lambda out, creatures: _creatures(out, creatures, players)


def _creatures(out: Features, creatures: tuple[Creature, ...], players: int) -> None:
    by_id = {c.id: c for c in creatures}
    for creature_id in CREATURE_IDS:
        creature = by_id.get(creature_id)
        out.flag(creature is not None)
        out.one_hot(None if creature is None else creature.controller, players)
        spot = None if creature is None else creature.position
        out.one_hot(None if spot is None else WHERES.index(spot.where), len(WHERES))
        out.number(0 if spot is None else spot.index, 10)
        out.flag(creature is not None and creature.used)


def _pond_size(hues: int) -> int:
    return len(POND_IDS) + 1 + 2 * hues


def _pond(out: Features, pond: Pond, hues: int) -> None:
    out.one_hot(POND_IDS.index(pond.tile), len(POND_IDS))
    out.number(pond.intersection, 10)
    out.padded([b / 10 for b in pond.birds], hues)
    out.one_hot(pond.leader, hues)


def observe(view: View) -> tuple[float, ...]:
    """Returns the view as a fixed-length list of numbers (layout in docs/research.md)."""
    out = Features()
    fill_observation(out, view)
    return out.done(_size(view.players, view.expansions, view.promos))


def _seat(out: Features, seat: tuple[int, PlayerId | None]) -> None:
    players, player = seat
    out.one_hot(player, players)


def _seat_flags(
    out: Features, flags: tuple[int, tuple[int, ...], tuple[int, ...], tuple[bool, ...]]
) -> None:
    players, to_act, pending, kept = flags
    seats = range(players)
    out.padded([1.0 if p in to_act else 0.0 for p in seats], players)
    out.padded([1.0 if p in pending else 0.0 for p in seats], players)
    out.padded([1.0 if k else 0.0 for k in kept], players)


def _turn_order(out: Features, order: tuple[int, tuple[int, ...]]) -> None:
    players, turn_order = order
    for p in range(players):
        out.one_hot(turn_order.index(p) if p in turn_order else None, players)


def _round_and_phase(out: Features, progress: tuple[int, Phase, str, bool, bool]) -> None:
    number, phase, awaiting, placed, bonus_used = progress
    out.number(number, 10)
    out.one_hot(PHASES.index(Phase(phase)), len(PHASES))
    out.one_hot(AWAITS.index(Await(awaiting)), len(AWAITS))
    out.flag(placed)
    out.flag(bonus_used)


def _birds(out: Features, birds: tuple[int, tuple[tuple[int, ...], ...]]) -> None:
    """The supply, bag, plaza and each hand (counts per colour)."""
    hues, (supply, bag, plaza, *hands) = birds
    out.padded([n / 28 for n in supply], hues)
    out.padded([n / 28 for n in bag], hues)
    out.padded([n / 28 for n in plaza], hues)
    for hand in hands:
        out.padded([n / 10 for n in hand], hues)


def _seat_scores(
    out: Features,
    scores: tuple[int, tuple[int, ...], tuple[int, ...], tuple[bool, ...], tuple[bool, ...]],
) -> None:
    players, points, reached, birdhouses, zaps = scores
    out.padded([s / 100 for s in points], players)
    out.padded([r / 100 for r in reached], players)
    out.padded([1.0 if b else 0.0 for b in birdhouses], players)
    out.padded([1.0 if z else 0.0 for z in zaps], players)


def _fountain(
    out: Features, fountain: tuple[int, int, tuple[int | None, ...], tuple[Arrival, ...]]
) -> None:
    players, hues, slots, arrivals = fountain
    out.rows(slots, MAX_SLOTS, hues, lambda row, colour: row.one_hot(colour, hues))
    out.counts((a.colour for a in arrivals), range(hues))
    out.counts((a.chooser for a in arrivals), range(players))


def _activation(out: Features, activated: tuple[int, Activation | None]) -> None:
    hues, activation = activated
    out.one_hot(
        None if activation is None else CREATURE_IDS.index(activation.creature),
        len(CREATURE_IDS),
    )
    out.one_hot(None if activation is None else STAGES.index(activation.stage), len(STAGES))
    out.number(0 if activation is None else activation.start, 10)
    out.number(0 if activation is None else len(activation.path), 10)
    out.number(0 if activation is None else activation.part, 10)
    chosen = None if activation is None else activation.chosen
    out.one_hot(None if chosen is None else chosen[0], MAX_LOCATIONS + len(POND_IDS))
    out.one_hot(None if chosen is None else chosen[1], hues)


def _objectives(
    out: Features, objectives: tuple[int, tuple[str, ...], str | None, tuple[str | None, ...]]
) -> None:
    players, dealt, kept, revealed = objectives
    out.counts(dealt, OBJECTIVE_IDS)
    out.one_hot(None if kept is None else OBJECTIVE_IDS.index(kept), len(OBJECTIVE_IDS))
    for p in range(players):
        shown = revealed[p] if p < len(revealed) else None
        out.one_hot(None if shown is None else OBJECTIVE_IDS.index(shown), len(OBJECTIVE_IDS))


def _birdfeeders(out: Features, fed: tuple[int, Birdfeeders | None]) -> None:
    players, feeders = fed
    out.padded([1.0 if on else 0.0 for on in (feeders.on if feeders else ())], MAX_LOCATIONS)
    out.padded([t / 5 for t in (feeders.taken if feeders else ())], players)
    out.number(feeders.discarded if feeders else 0, 5)
    out.number(feeders.removed if feeders else 0, 5)


def _sky(out: Features, sky: Sky | None) -> None:
    out.one_hot(None if sky is None else sky.sun, MAX_LOCATIONS)
    out.one_hot(None if sky is None else sky.moon, MAX_LOCATIONS)


def _ponds(out: Features, shown: tuple[int, int, Ponds | None]) -> None:
    players, hues, ponds = shown
    out.rows(
        ponds.ponds if ponds is not None else (),
        MAX_PONDS,
        _pond_size(hues),
        lambda row, pond: _pond(row, pond, hues),
    )
    out.padded([b / 5 for b in (ponds.bread if ponds else ())], players)
    out.padded([b / 5 for b in (ponds.spent if ponds else ())], players)


def _promos(out: Features, shown: tuple[int, Promos | None]) -> None:
    players, promo = shown
    out.one_hot(None if promo is None else promo.controller, players)
    out.one_hot(None if promo is None else promo.egg, MAX_LOCATIONS)
    out.one_hot(None if promo is None else promo.yeti, MAX_LOCATIONS)
    out.flag(promo is not None and promo.egg_moved)
    out.flag(promo is not None and promo.yeti_used)
    out.flag(promo is not None and promo.eagle_used)
    out.flag(promo is not None and promo.ruling is not None)


def fill_observation(out: Features, view: View) -> None:
    """Appends the view's numbers to `out`, marking each block (each block a `part`)."""
    players = view.players
    hues = colours(players)
    out.mark("seat", "one-hot of the viewer (zeros for the spectator)")
    out.part((players, view.player), _seat)
    out.mark("seats_flags", "per seat: to act; pending answer; objective kept")
    out.part((players, view.to_act, view.pending, view.objectives_kept), _seat_flags)
    out.mark("turn_order", "per seat: one-hot of its position in the turn order")
    out.part((players, view.turn_order), _turn_order)
    out.mark(
        "round_and_phase",
        "round / 10; phase one-hot; awaited decision one-hot; bird placed; bonus used",
    )
    out.part(
        (view.round, view.phase, view.awaiting, view.placed, view.bonus_used), _round_and_phase
    )
    out.mark(
        "locations",
        f"{MAX_LOCATIONS} location slots: tile one-hot, birds per colour / 10, nest and "
        "birdhouse flags per colour, free nests / 3, removed",
    )
    out.part(view.locations, _locations_writer(hues))
    out.mark("birds", "supply, bag, plaza per colour / 28; hands per seat, per colour / 10")
    out.part((hues, (view.supply, view.bag, view.plaza, *view.hands)), _birds)
    out.mark("seat_scores", "per seat: score / 100, tick / 100, birdhouse unused, zap unused")
    out.part((players, view.scores, view.reached, view.birdhouses, view.zaps), _seat_scores)
    out.mark(
        "fountain",
        "slots x colour one-hot; arrivals: count per colour, count per chooser",
    )
    out.part((players, hues, view.fountain, view.arrivals), _fountain)
    out.mark(
        "creatures",
        "per creature: in play, controller one-hot, place kind one-hot, index / 10, used",
    )
    out.part(view.creatures, _creatures_writer(players))
    out.mark(
        "activation",
        "creature one-hot, stage one-hot, start / 10, path / 10, part / 10, chosen bird's "
        "place one-hot and colour one-hot",
    )
    out.part((hues, view.activation), _activation)
    out.mark("objectives", "dealt to the viewer (counts), kept by the viewer, revealed per seat")
    out.part((players, view.dealt, view.objective, view.revealed), _objectives)
    if "seeds_the_day" in view.expansions:
        out.mark(
            "seeds_the_day",
            "Birdfeeder per location slot; taken per seat / 5; discarded / 5; removed / 5",
        )
        out.part((players, view.birdfeeders), _birdfeeders)
    if "points_in_the_sky" in view.expansions:
        out.mark("points_in_the_sky", "Sun cell one-hot, Moon cell one-hot")
        out.part(view.sky, _sky)
    if "pond_emonium" in view.expansions:
        out.mark(
            "pond_emonium",
            "per Pond slot: tile one-hot, intersection / 10, birds per colour / 10, leader "
            "one-hot; Bread held and spent per seat / 5",
        )
        out.part((players, hues, view.ponds), _ponds)
    if view.promos:
        out.mark(
            "promos",
            "holder one-hot, Golden Egg cell, Yeti cell, egg moved, Yeti used, Eagle used, "
            "a ruling stands",
        )
        out.part((players, view.promo_state), _promos)


def observation_string(view: View) -> str:
    """Returns the view as text: its JSON document (everything the seat sees, nothing else)."""
    return codec.dumps(view)


# --- observations straight from the state ---------------------------------------------

_PHASE_AT: Final = positions(PHASES)
_AWAIT_AT: Final = positions(AWAITS)
_OBJECTIVE_AT: Final = positions(OBJECTIVE_IDS)
KEPT_SOURCES: Final = 4096


def _kept(write: Callable[[Features, Any], None], size: int) -> Remembered[[Any], array[float]]:
    """Returns a part writer's numbers per source object, remembered by identity (the last
    `KEPT_SOURCES`): engines hand unchanged Locations, creatures and Ponds from state to
    state, so the writers of every seat work out each new one's numbers once between them."""

    def numbers(source: Any) -> array[float]:
        out = Features()
        write(out, source)
        if len(out.values) != size:
            raise AssertionError(f"a part of {len(out.values)} numbers, not {size}")
        return array("f", out.values)

    return Remembered(numbers, KEPT_SOURCES)


@attrs.frozen
class _Parts:
    """The kept part writers and block places of one config, shared by its writers."""

    at: dict[str, tuple[int, int]]
    location: Remembered[[Any], array[float]]
    creatures: Remembered[[Any], array[float]]
    ponds: Remembered[[Any], array[float]]
    location_size: int


@functools.lru_cache(maxsize=64)
def _parts(config: Config) -> _Parts:
    out = Features(record=True)
    fill_observation(out, GAME.view(GAME.new_game(config, 0), None))
    at = {field.name: (field.offset, field.offset + field.size) for field in out.fields()}
    players, hues = config.players, colours(config.players)
    ponds = at.get("pond_emonium", (0, 0))
    return _Parts(
        at,
        _kept(_location_writer(hues), _location_size(hues)),
        _kept(_creatures_writer(players), at["creatures"][1] - at["creatures"][0]),
        _kept(lambda out, shown: _ponds(out, (players, hues, shown)), ponds[1] - ponds[0]),
        _location_size(hues),
    )


class StateWriter:
    """Writes one seat's observations straight from States, each over the last one: the
    same numbers as `observe(view(state, seat))` without building the view. A block is
    rewritten only when the state holds new objects for it, by the observation's own part
    writers (a Location's row, the creatures and the Ponds worked out once per object for
    every seat). Like the view, it shows the seat's own dealt and kept objectives, and the
    others' kept ones only once the game is over (rules: "Hidden information")."""

    __slots__ = ("_hues", "_last", "_locations", "_parts", "_zeros", "buffer", "players", "seat")

    def __init__(self, config: Config, seat: PlayerId) -> None:
        self.players = config.players
        self.seat = seat
        self._hues = colours(config.players)
        self._parts = _parts(config)
        size = observation_size(config)
        self.buffer: array[float] = array("f", bytes(4 * size))
        self._zeros = array("f", bytes(4 * size))
        self._locations: list[object] = [None] * MAX_LOCATIONS
        # The objects each block was last written from, by block name.
        self._last: dict[str, tuple[object, ...]] = {}

    def write(self, state: State) -> array[float]:
        """Writes the seat's observation of `state` over the last one; returns the buffer."""
        players, hues, parts, flow = self.players, self._hues, self._parts, state.flow
        self._write_head(state)
        self._write_locations(state.locations)
        seats = state.seats
        birds = (state.supply, state.bag, state.plaza, *[seat.hand for seat in seats])
        if self._new("birds", birds):
            self._put("birds", birds, _birds, (hues, birds))
        if self._new("seat_scores", (seats, state.round)):
            houses_in = state.round >= BIRDHOUSE_FROM_ROUND  # §1.4, §3: the tokens stay aside
            zaps_in = state.round == ZAP_ROUND
            scores = (
                players,
                tuple([s.score for s in seats]),
                tuple([s.reached for s in seats]),
                tuple([houses_in and s.birdhouse for s in seats]),
                tuple([zaps_in and s.zap for s in seats]),
            )
            self._put("seat_scores", (seats, state.round), _seat_scores, scores)
        fountain = (state.fountain, state.arrivals)
        if self._new("fountain", fountain):
            self._put("fountain", fountain, _fountain, (players, hues, *fountain))
        if self._new("creatures", (state.creatures,)):
            self._put_kept("creatures", parts.creatures, state.creatures)
        if self._new("activation", (flow.activation,)):
            self._put("activation", (flow.activation,), _activation, (hues, flow.activation))
        own, over = seats[self.seat], flow.phase is Phase.OVER
        if self._new("objectives", (own.dealt, own.objective, over and seats)):
            revealed = tuple([s.objective for s in seats]) if over else ()
            self._put(
                "objectives",
                (own.dealt, own.objective, over and seats),
                _objectives,
                (players, own.dealt, own.objective, revealed),
            )
        if "seeds_the_day" in parts.at and self._new("seeds_the_day", (state.feeders,)):
            self._put("seeds_the_day", (state.feeders,), _birdfeeders, (players, state.feeders))
        if "points_in_the_sky" in parts.at and self._new("points_in_the_sky", (state.sky,)):
            self._put("points_in_the_sky", (state.sky,), _sky, state.sky)
        if "pond_emonium" in parts.at and self._new("pond_emonium", (state.ponds,)):
            self._put_kept("pond_emonium", parts.ponds, state.ponds)
        if "promos" in parts.at and self._new("promos", (state.promos,)):
            self._put("promos", (state.promos,), _promos, (players, state.promos))
        return self.buffer

    def _new(self, block: str, sources: tuple[object, ...]) -> bool:
        """Whether `block`'s sources differ from those it was last written from: the very
        objects (numbers and flags by value)."""
        last = self._last.get(block)
        if last is None or len(last) != len(sources):
            return True
        for before, now in zip(last, sources, strict=True):
            if before is not now and (type(now) not in (int, bool) or before != now):
                return True
        return False

    def _put(
        self,
        block: str,
        sources: tuple[object, ...],
        write: Callable[[Features, Any], None],
        item: Any,
    ) -> None:
        """Writes `block` by the observation's part writer for `item`, made of `sources`."""
        out = Features()
        write(out, item)
        self._copy(block, array("f", out.values), sources)

    def _put_kept(self, block: str, kept: Remembered[[Any], array[float]], source: object) -> None:
        self._copy(block, kept(source), (source,))

    def _copy(self, block: str, numbers: array[float], sources: tuple[object, ...]) -> None:
        start, end = self._parts.at[block]
        if len(numbers) != end - start:
            raise AssertionError(f"block {block} of {len(numbers)} numbers, not {end - start}")
        self._last.pop(block, None)  # until written whole
        self.buffer[start:end] = numbers
        self._last[block] = sources

    def _write_head(self, state: State) -> None:
        """The seat, who acts, the turn order, the round and the phase: every time."""
        out, players, flow = self.buffer, self.players, state.flow
        end = self._parts.at["locations"][0]
        out[0:end] = self._zeros[0:end]
        out[self.seat] = 1.0
        for player in to_act(state):
            out[players + player] = 1.0
        for player in flow.pending:
            out[2 * players + player] = 1.0
        for index, seat in enumerate(state.seats):
            if seat.objective is not None:
                out[3 * players + index] = 1.0
        at = 4 * players
        for position, player in enumerate(state.turn_order):
            if position >= players:
                raise EncodingBoundError(f"turn order position {position} of {players} seats")
            out[at + player * players + position] = 1.0
        at += players * players
        out[at] = state.round / 10
        out[at + 1 + _PHASE_AT[flow.phase]] = 1.0
        at += 1 + len(PHASES)
        out[at + _AWAIT_AT[flow.awaiting]] = 1.0
        at += len(AWAITS)
        out[at] = 1.0 if flow.placed else 0.0
        out[at + 1] = 1.0 if flow.bonus_used else 0.0

    def _write_locations(self, locations: tuple[Location, ...]) -> None:
        """Each Location's row, rewritten where the state holds a new Location."""
        if len(locations) > MAX_LOCATIONS:
            raise EncodingBoundError(f"{len(locations)} rows where {MAX_LOCATIONS} fit")
        out, written, kept = self.buffer, self._locations, self._parts.location
        start, size = self._parts.at["locations"][0], self._parts.location_size
        for index in range(MAX_LOCATIONS):
            location = locations[index] if index < len(locations) else None
            if location is written[index]:  # the same Location, or still none (zeros)
                continue
            at = start + index * size
            out[at : at + size] = self._zeros[0:size] if location is None else kept(location)
            written[index] = location


def state_writer(config: Config, seat: PlayerId) -> StateWriter:
    """Returns a writer of `seat`'s observations straight from States of `config`."""
    return StateWriter(config, seat)


# --- information-state summary --------------------------------------------------------

EVENT_KINDS: Final[tuple[type, ...]] = get_args(events.Event)


def summary_fields(config: Config) -> tuple[Field, ...]:
    """Returns the blocks of `summarize`'s numbers, in order."""
    players, hues = config.players, colours(config.players)
    return fields_end_to_end(
        (
            (
                "events_seen",
                event_count_size(EVENT_KINDS, players),
                f"per event kind ({len(EVENT_KINDS)}, in the Event union's order) and per seat "
                "it names, then one for no seat: events seen / 100",
            ),
            ("birds_placed", players * hues, "per seat, per colour: birds it placed / 28"),
            (
                "objectives_kept",
                players * len(OBJECTIVE_IDS),
                "per seat, per objective id: the objective it kept, once the viewer has seen it",
            ),
        )
    )


def summary_size(config: Config) -> int:
    """Returns the length of every summary of a game with `config`."""
    return sum(f.size for f in summary_fields(config))


def summarize(view: View, seen: Sequence[object], start: Sequence[float] = ()) -> tuple[float, ...]:
    """Returns a fixed-size summary of `seen`, the events the viewer has seen since the deal;
    with `start`, the summary of the events the viewer saw before `seen`, the summary of
    them all (a summary can be kept up to date event by event)."""
    players, hues = view.players, colours(view.players)
    placed = event_count_size(EVENT_KINDS, players)
    objectives = placed + players * hues
    values = summary_values(start, objectives + players * len(OBJECTIVE_IDS))
    count_events(values, seen, EVENT_KINDS, players)
    for event in seen:
        if type(event) is events.BirdPlaced and 0 <= event.colour < hues:
            values[placed + event.player * hues + event.colour] += 1 / 28
        elif type(event) is events.ObjectiveKept and event.objective in OBJECTIVE_IDS:
            row = objectives + event.player * len(OBJECTIVE_IDS)
            values[row + OBJECTIVE_IDS.index(event.objective)] = 1.0
    return tuple(values)


# --- chance -------------------------------------------------------------------------


def unseen(state: State) -> tuple[object, ...]:
    """Returns what no seat knows beyond the rng: nothing, as the bag has no order."""
    return ()


def shuffle_unseen(state: State, seed: int) -> State:
    """Returns `state` with a new rng from `seed`: the bag's draws come from the rng, so
    this decides what the next step draws (the research adapters' chance nodes)."""
    return attrs.evolve(state, rng=Rng.from_seed(seed))


class PerchEncoding:
    """Perch's integer research API as one object (see birdgames.encoding.Encoding)."""

    num_actions = staticmethod(num_actions)
    encode = staticmethod(encode)
    decode = staticmethod(decode)
    legal_mask = staticmethod(legal_mask)
    legal_index = staticmethod(legal_index)
    observation_size = staticmethod(observation_size)
    observe = staticmethod(observe)
    fill_observation = staticmethod(fill_observation)
    observation_string = staticmethod(observation_string)
    summary_size = staticmethod(summary_size)
    summarize = staticmethod(summarize)
    unseen = staticmethod(unseen)
    shuffle_unseen = staticmethod(shuffle_unseen)
    state_writer = staticmethod(state_writer)
    entity_layout = staticmethod(entity_layout)
    entities = staticmethod(entities)
    entity_writer = staticmethod(entity_writer)


ENCODING: Final = PerchEncoding()
