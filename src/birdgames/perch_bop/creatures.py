"""Creature activation (§3, §6, U8, U21, U22): the move, then the effect, one decision each.

An activation is a bonus action. It runs as single decisions kept in `Flow.activation`:
the creature, each path step (or the landing tile), use or skip the effect (U8), then for
each part of the effect the bird it acts on and, where the bird moves, its destination.
The option functions read a board of frozen or working Locations alike, so `check`,
`legal_actions` and the reducer share them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import compress, count
from operator import attrgetter
from typing import Final, NamedTuple, TypeAlias, assert_never

from birdgames.perch_bop.actions import (
    ActivateCreature,
    ChooseBird,
    ChooseDestination,
    ChooseFountainBird,
    MoveCreature,
    SkipEffect,
    UseEffect,
    colour_name,
)
from birdgames.perch_bop.cards import CREATURE, TILE, Effect, Movement
from birdgames.perch_bop.events import (
    BirdMoved,
    CreatureActivated,
    CreatureMoved,
    EffectSkipped,
    FountainSwapped,
)
from birdgames.perch_bop.flow import (
    end_turn,
    pond_to_fountain,
    remove_to_fountain,
    shift_pond_bird,
    take_bird,
)
from birdgames.perch_bop.geometry import Geometry, geometry_for, live_neighbours, ring_next
from birdgames.perch_bop.state import (
    Activation,
    Await,
    Creature,
    Location,
    Pond,
    Spot,
    Stage,
    State,
    Where,
)
from birdgames.perch_bop.thawed import WCreature, WLoc
from birdgames.perch_bop.work import Work


# Enum members as plain class attributes: `match` value patterns need a dotted name.
class _Movement:
    """Movement's members as plain class attributes read fast."""

    ANY_OTHER: Final = Movement.ANY_OTHER
    EDGE_1_TO_4: Final = Movement.EDGE_1_TO_4
    EXACTLY_2: Final = Movement.EXACTLY_2
    ADJACENT: Final = Movement.ADJACENT
    STRONGEST_NEIGHBOUR: Final = Movement.STRONGEST_NEIGHBOUR
    AT_LEAST_2_AWAY: Final = Movement.AT_LEAST_2_AWAY
    NEAR_HOME: Final = Movement.NEAR_HOME
    INTERSECTION: Final = Movement.INTERSECTION
    STAYS: Final = Movement.STAYS


class _Effect:
    """Effect's members as plain class attributes read fast."""

    FOUNTAIN_LANDING: Final = Effect.FOUNTAIN_LANDING
    FOUNTAIN_PASSED: Final = Effect.FOUNTAIN_PASSED
    FOUNTAIN_PATH_AND_LANDING: Final = Effect.FOUNTAIN_PATH_AND_LANDING
    PUSH: Final = Effect.PUSH
    FOUNTAIN_THEN_MOVE: Final = Effect.FOUNTAIN_THEN_MOVE
    SWAP_ANY: Final = Effect.SWAP_ANY
    PULL_SAME_COLOUR: Final = Effect.PULL_SAME_COLOUR
    SWAP_FOUNTAIN: Final = Effect.SWAP_FOUNTAIN
    FOUNTAIN_TWO_TILES: Final = Effect.FOUNTAIN_TWO_TILES
    POND_PULL: Final = Effect.POND_PULL
    POND_PUSH: Final = Effect.POND_PUSH


class _Stage:
    """Stage's members as plain class attributes read fast."""

    MOVE: Final = Stage.MOVE
    USE: Final = Stage.USE
    BIRD: Final = Stage.BIRD
    DESTINATION: Final = Stage.DESTINATION
    FOUNTAIN: Final = Stage.FOUNTAIN


Board: TypeAlias = Sequence[Location | WLoc]
CreatureAction: TypeAlias = (
    MoveCreature | UseEffect | SkipEffect | ChooseBird | ChooseDestination | ChooseFountainBird
)
Bird: TypeAlias = tuple[int, int]  # (place, colour): a cell, or a Pond after the cells

OWL_MAX_STEPS: Final = 4  # §6 Owl: 1-4 steps clockwise
# §6: how many parts each effect has; a part with nothing to act on is passed over.
PARTS: Final[dict[Effect, int]] = {
    _Effect.FOUNTAIN_LANDING: 1,
    _Effect.FOUNTAIN_PASSED: 1,
    _Effect.FOUNTAIN_PATH_AND_LANDING: 2,  # the tile passed through, then the landing tile
    _Effect.PUSH: 1,
    _Effect.FOUNTAIN_THEN_MOVE: 2,  # remove one, then move one more
    _Effect.SWAP_ANY: 1,
    _Effect.PULL_SAME_COLOUR: 1,
    _Effect.SWAP_FOUNTAIN: 1,
    _Effect.FOUNTAIN_TWO_TILES: 2,  # two different tiles of the intersection
    _Effect.POND_PULL: 1,
    _Effect.POND_PUSH: 1,
}
_VERB: Final[dict[Effect, str]] = {
    _Effect.PUSH: "pushes",
    _Effect.FOUNTAIN_THEN_MOVE: "moves",
    _Effect.SWAP_ANY: "swaps",
    _Effect.PULL_SAME_COLOUR: "pulls",
    _Effect.POND_PULL: "pulls",
    _Effect.POND_PUSH: "moves",
}


# --- the ground an activation reads ---------------------------------------------------------


class Ground(NamedTuple):
    """What an activation reads: the Locations, the Ponds (P5), the fountain and the cell
    whose birds the Yeti keeps from moving (P8). A place is a cell 0..L-1 or Pond k as L+k."""

    players: int
    locs: Board
    ponds: Sequence[Pond]
    fountain: Sequence[int | None]
    yeti: int | None
    removed: frozenset[int]
    """The cells taken out of the game, read once per ground."""


def ground(state: State, locs: Board | None = None) -> Ground:
    """Returns what an activation reads of a State, or of it with other Locations: `locs`."""
    board = state.locations if locs is None else locs
    return Ground(
        state.config.players,
        board,
        state.ponds.ponds if state.ponds is not None else (),
        state.fountain,
        state.promos.yeti if state.promos is not None else None,
        _removed(board),
    )


def work_ground(w: Work) -> Ground:
    """Returns what an activation reads of a working copy now, thawing nothing (a snapshot:
    build it again after a write)."""
    board = w.board
    return Ground(
        w.config.players,
        board,
        w.ponds.ponds if w.ponds is not None else (),
        w.fountain,
        w.promos.yeti if w.promos is not None else None,
        _removed(board),
    )


def place_of(cells: int, spot: Spot) -> int:
    """Returns a standee's place: its cell, L+k for Pond k, or the Scarecrow's intersection."""
    return cells + spot.index if spot.where is Where.POND else spot.index


def spot_of(cells: int, place: int) -> Spot:
    """Returns the Spot of a cell or Pond place."""
    return Spot(Where.POND, place - cells) if place >= cells else Spot(Where.CELL, place)


def place_name(g: Ground, place: int) -> str:
    """Returns the tile id of a cell or Pond place."""
    cells = len(g.locs)
    return g.ponds[place - cells].tile if place >= cells else g.locs[place].tile


def place_index(g: Ground, name: object) -> int | None:
    """Returns the place of a Location or Pond tile id, or None."""
    for i, loc in enumerate(g.locs):
        if loc.tile == name:
            return i
    for k, pond in enumerate(g.ponds):
        if pond.tile == name:
            return len(g.locs) + k
    return None


def pond_cells(g: Ground, k: int) -> list[int]:
    """Returns the Locations still on the board beside Pond k (P5)."""
    cells = geometry_for(g.players).intersections[g.ponds[k].intersection]
    return [i for i in cells if not g.locs[i].removed]


# --- board helpers ------------------------------------------------------------------------


_IS_REMOVED: Final = attrgetter("removed")
_NO_CELLS: Final[frozenset[int]] = frozenset()


def _removed(locs: Board) -> frozenset[int]:
    flags = list(map(_IS_REMOVED, locs))
    if True not in flags:  # most boards lose no tile
        return _NO_CELLS
    return frozenset(compress(count(), flags))


def _open(loc: Location | WLoc) -> list[int]:
    """Colours with a bird an effect may take here (§6: birdhouse stacks are immune)."""
    if loc.removed:
        return []
    housed = loc.housed
    return [c for c, b in enumerate(loc.birds) if b and not housed[c]]


def _has_open(loc: Location | WLoc) -> bool:
    """Whether `_open(loc)` lists a colour."""
    if loc.removed:
        return False
    housed = loc.housed
    for c, b in enumerate(loc.birds):  # noqa: SIM110
        if b and not housed[c]:
            return True
    return False


def _birds_at(g: Ground, place: int) -> list[Bird]:
    """Returns the birds an effect may take at a cell or a Pond (no birdhouse on a Pond, P5)."""
    cells = len(g.locs)
    if place >= cells:
        return [(place, c) for c, b in enumerate(g.ponds[place - cells].birds) if b]
    return [(place, c) for c in _open(g.locs[place])]


def _accepts(loc: Location | WLoc, colour: int) -> bool:
    """Whether a moved bird of `colour` may join its stack here (§6: not a birdhouse stack)."""
    return not loc.removed and not loc.housed[colour]


def _total(loc: Location | WLoc) -> int:
    """Total strength at a Location: birds, nests and birdhouses (§4.1)."""
    return sum(loc.birds) + sum(loc.nested) + sum(loc.housed)


def home_index(locs: Board, creature: str) -> int | None:
    """Returns the cell of a creature's home tile, or None if it is not on the board."""
    for i, loc in enumerate(locs):
        if TILE[loc.tile].creature == creature:
            return i
    return None


# --- movement (§6) ------------------------------------------------------------------------


def steps_of(creature: str) -> int:
    """Returns how many move decisions the creature makes (the Fox two; the Scarecrow and
    the Pond creatures none)."""
    movement = CREATURE[creature].movement
    if movement is _Movement.INTERSECTION or movement is _Movement.STAYS:
        return 0
    return 2 if movement is _Movement.EXACTLY_2 else 1


def move_options(g: Ground, creature: str, start: int, path: Sequence[int]) -> list[int]:
    """Returns the places the creature may enter next, cells in board order, then Ponds."""
    movement = CREATURE[creature].movement
    if movement is _Movement.STRONGEST_NEIGHBOUR:  # Cat: the strongest neighbours; ties: any
        near = live_neighbours(geometry_for(g.players), start, g.removed)
        if not near:
            return []
        locs = g.locs
        best = max(_total(locs[j]) for j in near)
        return [j for j in near if _total(locs[j]) == best]
    home = home_index(g.locs, creature) if movement is _Movement.NEAR_HOME else None
    return list(
        _shape_moves(
            g.players, len(g.locs), len(g.ponds), g.removed, creature, start, tuple(path), home
        )
    )


@lru_cache(maxsize=8192)
def _shape_moves(
    players: int,
    cells: int,
    ponds: int,
    removed: frozenset[int],
    creature: str,
    start: int,
    path: tuple[int, ...],
    home: int | None,
) -> tuple[int, ...]:
    """Returns `move_options` for every movement but the Cat's: the board's shape alone decides
    them (which cells remain, how many Ponds, the home tile). Made once per shape: boards keep
    their shape for whole games."""
    geo = geometry_for(players)
    match CREATURE[creature].movement:
        case _Movement.ANY_OTHER:  # Hawk: any other Location, or a Pond (P5)
            live = [i for i in range(cells) if i not in removed]
            return tuple(i for i in (*live, *range(cells, cells + ponds)) if i != start)
        case _Movement.EDGE_1_TO_4:  # Owl: 1-4 steps clockwise on the fixed ring (P2)
            if start not in geo.edge:
                return ()
            ahead = {ring_next(geo, start, removed, k) for k in range(1, OWL_MAX_STEPS + 1)}
            return tuple(sorted(ahead - {start}))
        case _Movement.EXACTLY_2:  # Fox: two steps, never back to the start
            if path:
                return tuple(j for j in live_neighbours(geo, path[0], removed) if j != start)
            return tuple(
                j
                for j in live_neighbours(geo, start, removed)
                if any(k != start for k in live_neighbours(geo, j, removed))
            )
        case _Movement.ADJACENT:  # Dog, Cuckoo
            return live_neighbours(geo, start, removed)
        case _Movement.AT_LEAST_2_AWAY:  # Bee: neither its tile nor a neighbour
            near = geo.neighbours[start]
            return tuple(
                i for i in range(cells) if i not in removed and i != start and i not in near
            )
        case _Movement.NEAR_HOME:  # Squirrel: onto the Park Bench or a tile next to it
            if home is None:
                return ()
            return tuple(
                j
                for j in live_neighbours(geo, start, removed)
                if j == home or home in geo.neighbours[j]
            )
        case _Movement.INTERSECTION | _Movement.STAYS:  # Scarecrow, Frog, Perch: never move
            return ()
        case _Movement.STRONGEST_NEIGHBOUR:  # the Cat reads strengths: move_options
            raise AssertionError(creature)
        case _:
            assert_never(CREATURE[creature].movement)


def owl_path(players: int, locs: Board, start: int, landing: int) -> tuple[int, ...]:
    """Returns the ring cells the Owl flies over to reach `landing`, the landing last."""
    geo = geometry_for(players)
    removed = _removed(locs)
    path: list[int] = []
    cell = start
    while cell != landing and len(path) < OWL_MAX_STEPS:
        cell = ring_next(geo, cell, removed)
        path.append(cell)
    return tuple(path)


# --- the effect (§6) ----------------------------------------------------------------------


def _scarecrow_cells(geo: Geometry, locs: Board, act: Activation) -> list[int]:
    # P2: a Scarecrow keeps the tiles of its intersection that remain.
    return [i for i in geo.intersections[act.start] if not locs[i].removed and i not in act.hit]


def _neighbour_targets(g: Ground, cell: int, colour: int) -> list[int]:
    """Returns the neighbours a bird may be moved to from `cell`: none off the Yeti's (P8)."""
    if cell == g.yeti:
        return []
    geo = geometry_for(g.players)
    locs = g.locs
    return [j for j in live_neighbours(geo, cell, g.removed) if _accepts(locs[j], colour)]


def _swap_partners(g: Ground, landing: int, colour: int) -> list[Bird]:
    # A swap of two birds of one colour changes nothing, so it is not offered; P8: the
    # Yeti's birds stay where they are.
    locs = g.locs
    if landing == g.yeti:
        return []
    return [
        (j, d)
        for j, loc in enumerate(locs)
        if j not in (landing, g.yeti)
        for d in _open(loc)
        if d != colour and _accepts(locs[landing], d) and _accepts(loc, colour)
    ]


def _fountain_partners(g: Ground, landing: int, colour: int) -> list[int]:
    return [
        s
        for s, d in enumerate(g.fountain)
        if d is not None and d != colour and _accepts(g.locs[landing], d)
    ]


def _pond_pushes(g: Ground, place: int) -> list[Bird]:
    """Perch (P5 DECISION): a bird of a colour with two or more on its Pond, with a Location
    beside the Pond to take it."""
    k = place - len(g.locs)
    beside = pond_cells(g, k)
    return [
        (place, c)
        for c, b in enumerate(g.ponds[k].birds)
        if b >= 2 and any(_accepts(g.locs[i], c) for i in beside)
    ]


def bird_options(g: Ground, act: Activation, part: int) -> list[Bird]:
    """Returns the birds the effect's `part` may act on now, by place then colour."""
    effect = CREATURE[act.creature].effect
    geo = geometry_for(g.players)
    locs = g.locs
    landing = act.path[-1] if act.path else act.start
    match effect:
        case _Effect.FOUNTAIN_LANDING:  # Hawk: its landing cell or Pond (P5)
            return _birds_at(g, landing)
        case _Effect.FOUNTAIN_PASSED:  # Owl: any tile passed over or landed on
            cells = sorted(set(act.path))
            birds = [(i, c) for i in cells for c in _open(locs[i])]
            for k, pond in enumerate(g.ponds):
                # P5, P9: a Pond bird beside a Location the Owl passes over or lands on
                if any(i in geo.intersections[pond.intersection] for i in cells):
                    birds.extend(_birds_at(g, len(locs) + k))
            return birds
        case _Effect.FOUNTAIN_PATH_AND_LANDING:
            return _birds_at(g, act.path[part])
        case _Effect.FOUNTAIN_TWO_TILES:
            return [(i, c) for i in _scarecrow_cells(geo, locs, act) for c in _open(locs[i])]
        case _Effect.PULL_SAME_COLOUR:
            target = locs[landing]
            return [
                (j, c)
                for j, loc in enumerate(locs)
                if j not in (landing, g.yeti)  # P8: nothing moves off the Yeti's tile
                for c in _open(loc)
                if target.birds[c] and _accepts(target, c)
            ]
        case _Effect.POND_PULL:  # Frog (P5 DECISION): a bird beside its Pond
            k = act.start - len(locs)
            return [(i, c) for i in pond_cells(g, k) if i != g.yeti for c in _open(locs[i])]
        case _Effect.POND_PUSH:
            return _pond_pushes(g, act.start)
        case _Effect.SWAP_ANY:
            if act.chosen is not None:  # the Cuckoo's second bird
                return _swap_partners(g, act.chosen[0], act.chosen[1])
            return [(landing, c) for c in _open(locs[landing]) if _swap_partners(g, landing, c)]
        case _Effect.FOUNTAIN_THEN_MOVE if part == 0:
            return _birds_at(g, landing)
        case _Effect.PUSH | _Effect.FOUNTAIN_THEN_MOVE:
            off_board = effect is _Effect.PUSH and landing in geo.edge  # P2: the fixed edge
            return [
                (landing, c)
                for c in _open(locs[landing])
                if off_board or _neighbour_targets(g, landing, c)
            ]
        case _Effect.SWAP_FOUNTAIN:
            return [(landing, c) for c in _open(locs[landing]) if _fountain_partners(g, landing, c)]
        case _:
            assert_never(effect)


def destination_options(g: Ground, act: Activation) -> list[int | None]:
    """Returns where the chosen bird may go: neighbours, and None for the Dog's edge push;
    for the Perch, the Locations beside its Pond."""
    assert act.chosen is not None
    place, colour = act.chosen
    effect = CREATURE[act.creature].effect
    if effect is _Effect.POND_PUSH:
        k = place - len(g.locs)
        return [i for i in pond_cells(g, k) if _accepts(g.locs[i], colour)]
    options: list[int | None] = list(_neighbour_targets(g, place, colour))
    if effect is _Effect.PUSH and place in geometry_for(g.players).edge:
        options.append(None)  # §6: off the board, into the fountain (P8: the Yeti allows it)
    return options


def fountain_options(g: Ground, act: Activation) -> list[int]:
    """Returns the fountain slots whose bird may swap with the Squirrel's chosen bird."""
    assert act.chosen is not None
    cell, colour = act.chosen
    return _fountain_partners(g, cell, colour)


def _first_part(g: Ground, act: Activation, part: int) -> int | None:
    """Returns the first part from `part` on with a bird to act on, or None."""
    for k in range(part, PARTS[CREATURE[act.creature].effect]):
        if bird_options(g, act, k):
            return k
    return None


def can_activate(g: Ground, cr: Creature | WCreature) -> bool:
    """Whether an unused creature has something to do: a legal move (U8), or for one that
    never moves (the Scarecrow, Frog, Perch) a bird to act on (DECISION)."""
    if cr.used or cr.position is None or cr.controller is None:
        return False
    start = place_of(len(g.locs), cr.position)
    if steps_of(cr.id) == 0:
        return can_act_in_place(g, cr.id, start)
    return can_move(g, cr.id, start)


def can_act_in_place(g: Ground, creature: str, start: int) -> bool:
    """Whether a creature that never moves, standing at `start`, has a bird to act on: what
    `_first_part` finds for its new activation, found without listing the birds
    (tests/perf/test_fast_paths.py compares the two)."""
    locs = g.locs
    effect = CREATURE[creature].effect
    if effect is _Effect.FOUNTAIN_TWO_TILES:  # the Scarecrow: its intersection's tiles
        # Both parts read the same tiles while none is hit: a bird for one is a bird for both.
        return any(_has_open(locs[i]) for i in geometry_for(g.players).intersections[start])
    k = start - len(locs)
    if effect is _Effect.POND_PULL:  # the Frog: a bird beside its Pond, off the Yeti's tile
        cells = geometry_for(g.players).intersections[g.ponds[k].intersection]
        return any(i != g.yeti and _has_open(locs[i]) for i in cells)
    if effect is _Effect.POND_PUSH:  # the Perch
        beside = pond_cells(g, k)
        return any(
            b >= 2 and any(_accepts(locs[i], c) for i in beside)
            for c, b in enumerate(g.ponds[k].birds)
        )
    return _first_part(g, Activation(creature, _Stage.BIRD, start), 0) is not None


def can_move(g: Ground, creature: str, start: int) -> bool:
    """Whether `move_options(g, creature, start, ())` lists a place: counted, not listed, for
    the movements where a count is enough (tests/perf/test_fast_paths.py compares the two)."""
    movement = CREATURE[creature].movement
    if movement is _Movement.ANY_OTHER:
        cells, ponds = len(g.locs), len(g.ponds)
        live = cells - len(g.removed)  # `removed` holds cells only
        here = (start < cells and start not in g.removed) or cells <= start < cells + ponds
        return live + ponds > here
    if movement is _Movement.ADJACENT or movement is _Movement.STRONGEST_NEIGHBOUR:
        # The Cat's strongest neighbours are never none while it has a live neighbour.
        return bool(live_neighbours(geometry_for(g.players), start, g.removed))
    return bool(move_options(g, creature, start, ()))


# --- legal actions and check ----------------------------------------------------------------


# Each decision made once per distinct value (actions are values): an activation's listing
# hands out the same few again and again.
_move_creature: Final = lru_cache(maxsize=4096)(MoveCreature)
_use_effect: Final = lru_cache(maxsize=16)(UseEffect)
_skip_effect: Final = lru_cache(maxsize=16)(SkipEffect)
_choose_bird: Final = lru_cache(maxsize=8192)(ChooseBird)
_choose_destination: Final = lru_cache(maxsize=4096)(ChooseDestination)
_choose_fountain_bird: Final = lru_cache(maxsize=1024)(ChooseFountainBird)


def legal(state: State, player: int) -> tuple[CreatureAction, ...]:
    """Returns the decisions of the activation under way, in a fixed order."""
    act = state.flow.activation
    assert act is not None
    g = ground(state)
    match act.stage:
        case _Stage.MOVE:
            places = move_options(g, act.creature, act.start, act.path)
            return tuple([_move_creature(player, place_name(g, p)) for p in places])
        case _Stage.USE:
            return (_use_effect(player), _skip_effect(player))
        case _Stage.BIRD:
            birds = bird_options(g, act, act.part)
            return tuple([_choose_bird(player, place_name(g, p), c) for p, c in birds])
        case _Stage.DESTINATION:
            return tuple(
                [
                    _choose_destination(player, None if j is None else place_name(g, j))
                    for j in destination_options(g, act)
                ]
            )
        case _Stage.FOUNTAIN:
            slots = fountain_options(g, act)
            return tuple([_choose_fountain_bird(player, s) for s in slots])
        case _:
            assert_never(act.stage)


_STAGE_ACTION: Final[dict[Stage, type]] = {
    _Stage.MOVE: MoveCreature,
    _Stage.USE: UseEffect,
    _Stage.BIRD: ChooseBird,
    _Stage.DESTINATION: ChooseDestination,
    _Stage.FOUNTAIN: ChooseFountainBird,
}
_STAGE_TEXT: Final[dict[Stage, str]] = {
    _Stage.MOVE: "move the {c} (MoveCreature)",
    _Stage.USE: "use or skip the {c}'s effect (UseEffect / SkipEffect)",
    _Stage.BIRD: "choose a bird for the {c}'s effect (ChooseBird)",
    _Stage.DESTINATION: "choose where the {c} sends the bird (ChooseDestination)",
    _Stage.FOUNTAIN: "choose the fountain bird for the {c} (ChooseFountainBird)",
}


def expected(state: State) -> str:
    """Returns the decision the activation under way waits for, as a sentence."""
    act = state.flow.activation
    if act is None:
        return "activate a creature"
    return _STAGE_TEXT[act.stage].format(c=act.creature)


def check(state: State, action: CreatureAction) -> str | None:
    """Returns why an activation decision is illegal now, or None."""
    act = state.flow.activation
    assert act is not None
    if act.stage is _Stage.USE and isinstance(action, UseEffect | SkipEffect):
        return None
    if not isinstance(action, _STAGE_ACTION[act.stage]):
        return f"the activation waits for you to {expected(state)}"
    if action in legal(state, action.player):
        return None
    g = ground(state)
    if isinstance(action, MoveCreature):
        places = move_options(g, act.creature, act.start, act.path)
        names = ", ".join(place_name(g, p) for p in places)
        return f"the {act.creature} cannot move to {action.location!r}; it may go to: {names}"
    if isinstance(action, ChooseBird):
        return _bird_reason(state, g, act, action)
    if isinstance(action, ChooseDestination):
        where = "off the board" if action.location is None else repr(action.location)
        return f"the bird cannot go to {where}; {_listing(legal(state, action.player))}"
    if isinstance(action, ChooseFountainBird):
        return (
            f"fountain slot {action.slot!r} holds no bird that can swap with the chosen one; "
            f"{_listing(legal(state, action.player))}"
        )
    return f"the activation waits for you to {expected(state)}"


def _listing(options: Sequence[object]) -> str:
    return "choose from: " + "; ".join(str(o).split(" ", 1)[1] for o in options)


def _bird_reason(state: State, g: Ground, act: Activation, action: ChooseBird) -> str:
    colour = action.colour
    name = colour_name(colour) if type(colour) is int else repr(colour)
    place = place_index(g, action.location) if type(action.location) is str else None
    if place is None:
        return f"{action.location!r} is not a Location or Pond on this board"
    valid = type(colour) is int and 0 <= colour < state.config.colours
    cells = len(g.locs)
    if place >= cells:
        pond = g.ponds[place - cells]
        if not valid or not pond.birds[colour]:
            return f"there is no {name} bird on the Pond {pond.tile}"
        where = f"the Pond {pond.tile}"
    else:
        loc = g.locs[place]
        if not valid or not loc.birds[colour]:
            return f"there is no {name} bird on {loc.tile}"
        if loc.housed[colour]:
            return f"the {name} stack on {loc.tile} is protected by a birdhouse"
        where = loc.tile
    return (
        f"the {act.creature}'s effect cannot take the {name} bird on {where} now; "
        f"{_listing(legal(state, action.player))}"
    )


# --- the reducer ----------------------------------------------------------------------------


def _creature(w: Work, creature: str) -> WCreature:
    k = next(k for k, cr in enumerate(w.frozen_creatures) if cr.id == creature)
    return w.creature(k)


def _place_name(w: Work, cr: WCreature) -> str:
    assert cr.position is not None
    k = cr.position.index
    if cr.position.where is Where.INTERSECTION:
        geo = geometry_for(w.config.players)
        tiles = "/".join(w.peek(i).tile for i in geo.intersections[k])
        return f"intersection {k} ({tiles})"
    if cr.position.where is Where.POND:
        assert w.ponds is not None
        return f"the Pond {w.ponds.ponds[k].tile}"
    return w.peek(k).tile


def activate(w: Work, action: ActivateCreature) -> None:
    """Starts an activation: the bonus action is spent and the creature is used (§3)."""
    player = action.player
    cr = _creature(w, action.creature)
    assert cr.position is not None
    start = place_of(len(w.frozen_locs), cr.position)
    cr.used = True
    w.bonus_used = True
    if w.log:
        w.events.append(CreatureActivated(player, cr.id, _place_name(w, cr)))
    if steps_of(cr.id) == 0:
        # The Scarecrow and the Pond creatures do not move: the activation is the effect.
        w.wait(Await.CREATURE, player)
        _next_part(w, Activation(cr.id, _Stage.BIRD, start), 0)
        return
    w.activation = Activation(cr.id, _Stage.MOVE, start)
    w.wait(Await.CREATURE, player)


def move(w: Work, action: MoveCreature) -> None:
    """Takes one path step or lands; a finished move asks about the effect (U8)."""
    act = w.activation
    assert act is not None
    g = work_ground(w)
    place = _place(g, action.location)
    if CREATURE[act.creature].movement is _Movement.EDGE_1_TO_4:
        # The Owl's landing fixes its path: every ring tile up to it counts as passed.
        path = owl_path(w.config.players, g.locs, act.start, place)
        place = path[-1]
    else:
        path = (*act.path, place)
    if len(path) < steps_of(act.creature):
        w.activation = Activation(
            act.creature, act.stage, act.start, path, act.part, act.chosen, act.hit
        )
        return
    cr = _creature(w, act.creature)
    cr.position = spot_of(len(g.locs), place)
    if w.log:
        tiles = tuple(place_name(g, p) for p in path)
        w.events.append(CreatureMoved(action.player, act.creature, place_name(g, act.start), tiles))
    moved = Activation(act.creature, _Stage.USE, act.start, path)
    if _first_part(g, moved, 0) is None:
        if w.log:
            w.events.append(EffectSkipped(action.player, act.creature, False))
        _finish(w)
        return
    w.activation = moved


def use(w: Work, player: int) -> None:
    """Begins the effect: every part with a choice is now taken (U8)."""
    act = w.activation
    assert act is not None
    _next_part(w, act, 0)


def skip(w: Work, player: int) -> None:
    """Declines the effect as a whole; the move stands (U8)."""
    act = w.activation
    assert act is not None
    if w.log:
        w.events.append(EffectSkipped(player, act.creature, True))
    _finish(w)


def choose_bird(w: Work, action: ChooseBird) -> None:
    """Acts on the chosen bird: removes it, or keeps it for its destination or partner."""
    act = w.activation
    assert act is not None
    player = action.player
    g = work_ground(w)
    place = _place(g, action.location)
    cells = len(g.locs)
    colour = action.colour
    effect = CREATURE[act.creature].effect
    landing = act.path[-1] if act.path else act.start
    if effect is _Effect.PULL_SAME_COLOUR:
        _move_bird(w, player, place, landing, colour, act.creature, effect)
        _finish(w)
    elif effect is _Effect.POND_PULL:  # Frog: onto its Pond, joining the colour's stack
        _move_bird(w, player, place, act.start, colour, act.creature, effect)
        _finish(w)
    elif effect is _Effect.SWAP_ANY and act.chosen is not None:
        first, first_colour = act.chosen
        take_bird(w.loc(first), first_colour)
        take_bird(w.loc(place), colour)
        w.loc(place).birds[first_colour] += 1  # §6 a moved bird joins its stack, no nest
        w.loc(first).birds[colour] += 1
        if w.log:
            tiles = w.peek(first).tile, w.peek(place).tile
            w.events.append(
                BirdMoved(player, first_colour, tiles[0], tiles[1], act.creature, "swaps")
            )
            w.events.append(BirdMoved(player, colour, tiles[1], tiles[0], act.creature, "swaps"))
        _finish(w)
    elif effect is _Effect.SWAP_ANY:
        chosen = (place, colour)
        w.activation = Activation(
            act.creature, act.stage, act.start, act.path, act.part, chosen, act.hit
        )
    elif effect is _Effect.SWAP_FOUNTAIN:
        chosen = (place, colour)
        w.activation = Activation(
            act.creature, _Stage.FOUNTAIN, act.start, act.path, act.part, chosen, act.hit
        )
    elif (
        effect is _Effect.PUSH
        or effect is _Effect.POND_PUSH
        or (effect is _Effect.FOUNTAIN_THEN_MOVE and act.part == 1)
    ):
        chosen = (place, colour)
        w.activation = Activation(
            act.creature, _Stage.DESTINATION, act.start, act.path, act.part, chosen, act.hit
        )
    elif place >= cells:  # the Hawk on a Pond, the Owl beside one (P5)
        pond_to_fountain(w, place - cells, colour, player, act.creature)
        _next_part(w, act, act.part + 1)
    else:
        remove_to_fountain(w, place, colour, player, act.creature)
        hit = (*act.hit, place)
        done = Activation(act.creature, act.stage, act.start, act.path, act.part, act.chosen, hit)
        _next_part(w, done, act.part + 1)


def choose_destination(w: Work, action: ChooseDestination) -> None:
    """Moves the chosen bird to a neighbour, or pushes it off the board (the Dog)."""
    act = w.activation
    assert act is not None and act.chosen is not None
    place, colour = act.chosen
    if action.location is None:
        remove_to_fountain(w, place, colour, action.player, act.creature)
    else:
        effect = CREATURE[act.creature].effect
        target = _place(work_ground(w), action.location)
        _move_bird(w, action.player, place, target, colour, act.creature, effect)
    done = Activation(act.creature, act.stage, act.start, act.path, act.part, None, act.hit)
    _next_part(w, done, act.part + 1)


def choose_fountain_bird(w: Work, action: ChooseFountainBird) -> None:
    """Squirrel: the fountain bird joins the tile; the tile's bird takes its slot (§6)."""
    act = w.activation
    assert act is not None and act.chosen is not None
    cell, colour = act.chosen
    incoming = w.fountain[action.slot]
    assert incoming is not None
    loc = w.loc(cell)
    take_bird(loc, colour)
    loc.birds[incoming] += 1
    w.edit_fountain()[action.slot] = colour
    if w.log:
        w.events.append(FountainSwapped(action.player, loc.tile, colour, action.slot, incoming))
    _finish(w)


def _place(g: Ground, name: str) -> int:
    place = place_index(g, name)
    assert place is not None, name
    return place


def _move_bird(
    w: Work, player: int, source: int, target: int, colour: int, creature: str, effect: Effect
) -> None:
    """Moves one bird between places (a Pond is a place after the cells, P5)."""
    cells = len(w.frozen_locs)
    if source >= cells:
        shift_pond_bird(w, source - cells, colour, -1)
    else:
        take_bird(w.loc(source), colour)  # a stack's last bird leaving frees its nest
    if target >= cells:
        shift_pond_bird(w, target - cells, colour, 1)
    else:
        w.loc(target).birds[colour] += 1  # §6 it joins its colour's stack and takes no nest
    if w.log:
        g = work_ground(w)
        tiles = place_name(g, source), place_name(g, target)
        w.events.append(BirdMoved(player, colour, tiles[0], tiles[1], creature, _VERB[effect]))


def _next_part(w: Work, act: Activation, part: int) -> None:
    """Waits for the next part of the effect with a bird to act on, or ends the activation."""
    k = _first_part(work_ground(w), act, part)
    if k is None:
        _finish(w)
        return
    w.activation = Activation(act.creature, _Stage.BIRD, act.start, act.path, k, None, act.hit)


def _finish(w: Work) -> None:
    """Ends the activation; the turn goes on with its placement, or ends (§3)."""
    player = w.actor
    w.activation = None
    if w.placed:
        end_turn(w)  # the bonus action is spent and the bird is placed
    else:
        w.wait(Await.TURN, player)
