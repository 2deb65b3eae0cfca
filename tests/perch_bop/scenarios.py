"""Named position builders for Perch tests (rulebook examples and rule corners)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from birdgames.perch_bop import GAME, Config, State
from birdgames.perch_bop.events import Event
from birdgames.perch_bop.flow import run
from birdgames.perch_bop.state import Await, Flow, Location, Phase, Spot, Where
from birdgames.perch_bop.work import Work

# Board order of the 8-tile layout: (0,0) (0,2) (0,4) (1,1) (1,3) (2,0) (2,2) (2,4).
TILES_8 = (
    "great_ash",
    "owl_barn",
    "lonely_elm",
    "early_bird",
    "stone_statue",
    "park_bench",
    "power_lines",
    "hanging_nest",
)
# 10-tile layout: (0,1) (0,3) (1,0) (1,2) (1,4) (2,1) (2,3) (3,0) (3,2) (3,4).
TILES_10 = (
    "great_ash",
    "owl_barn",
    "lonely_elm",
    "mighty_oak",
    "early_bird",
    "stone_statue",
    "park_bench",
    "power_lines",
    "hanging_nest",
    "rookery",
)
# 13-tile layout: columns 3-2-3-2-3.
TILES_13 = (
    "great_ash",
    "owl_barn",
    "lonely_elm",
    "mighty_oak",
    "early_bird",
    "stone_statue",
    "park_bench",
    "power_lines",
    "hanging_nest",
    "rookery",
    "scented_pine",
    "beehive",
    "high_perch",
)
DEFAULT_TILES = {2: TILES_8, 3: TILES_8, 4: TILES_10, 5: TILES_13}


def config(players: int, tiles: tuple[str, ...] | None = None, **options: object) -> Config:
    """Returns a base-game config with a fixed layout and turn order 0, 1, 2..."""
    return Config(
        players=players,
        expansions=frozenset(),
        tiles=tiles or DEFAULT_TILES[players],
        turn_order=tuple(range(players)),
        **options,  # type: ignore[arg-type]
    )


def fresh(players: int, tiles: tuple[str, ...] | None = None, **options: object) -> State:
    """Returns a new game in which everybody has kept the first dealt objective."""
    state = GAME.new_game(config(players, tiles, **options), 0)
    for p in range(players):
        state = GAME.apply(state, GAME.legal_actions(state, p)[0])
    return state


def setup_only(players: int, tiles: tuple[str, ...] | None = None, **options: object) -> State:
    """Returns the state right after setup (objectives not yet kept)."""
    return GAME.new_game(config(players, tiles, **options), 0)


def with_objectives(state: State, objectives: Mapping[int, str]) -> State:
    """Sets players' kept objectives (dealt pairs adjusted to include them)."""
    seats = list(state.seats)
    for p, obj in objectives.items():
        seats[p] = attrs.evolve(seats[p], dealt=(obj, seats[p].dealt[1]), objective=obj)
    return attrs.evolve(state, seats=tuple(seats))


def board(
    state: State,
    stacks: Mapping[str, Mapping[int, int]],
    nests: Mapping[str, Iterable[int]] | None = None,
    houses: Mapping[str, Iterable[int]] | None = None,
) -> State:
    """Returns `state` with the given birds on the board (taken from supplies).

    Hands and the bag are emptied back into the supplies first.

    `nests[tile]` lists colours whose stack sits on a nest; `houses[tile]` colours with a
    birdhouse. Each stack needs at least one bird.
    """
    nests = nests or {}
    houses = houses or {}
    colours = state.config.colours
    supply = list(state.supply)
    seats = list(state.seats)
    for c, k in enumerate(state.bag):
        supply[c] += k
    for p, seat in enumerate(seats):
        for c, k in enumerate(seat.hand):
            supply[c] += k
        seats[p] = attrs.evolve(seat, hand=(0,) * colours)
    locations = []
    for loc in state.locations:
        birds = list(loc.birds)
        for c, k in stacks.get(loc.tile, {}).items():
            birds[c] += k
            supply[c] -= k
        nested = [c in set(nests.get(loc.tile, ())) for c in range(colours)]
        housed = [c in set(houses.get(loc.tile, ())) for c in range(colours)]
        free = loc.free_nests + sum(loc.nested) - sum(nested)
        assert free >= 0, f"{loc.tile} has not enough nests"
        locations.append(
            Location(loc.tile, tuple(birds), tuple(nested), tuple(housed), free, loc.removed)
        )
    assert all(s >= 0 for s in supply)
    return attrs.evolve(
        state,
        locations=tuple(locations),
        supply=tuple(supply),
        seats=tuple(seats),
        bag=(0,) * colours,
    )


def hands(state: State, held: Mapping[int, Mapping[int, int]]) -> State:
    """Returns `state` with birds put in hands from supplies."""
    supply = list(state.supply)
    seats = list(state.seats)
    for p, colours in held.items():
        hand = list(seats[p].hand)
        for c, k in colours.items():
            hand[c] += k
            supply[c] -= k
        seats[p] = attrs.evolve(seats[p], hand=tuple(hand))
    return attrs.evolve(state, seats=tuple(seats), supply=tuple(supply))


def bag(state: State, contents: Mapping[int, int]) -> State:
    """Returns `state` with birds moved from supplies into the bag."""
    supply = list(state.supply)
    bag_ = list(state.bag)
    for c, k in contents.items():
        supply[c] -= k
        bag_[c] += k
    return attrs.evolve(state, supply=tuple(supply), bag=tuple(bag_))


def scores(
    state: State, points: Mapping[int, int], reached: Mapping[int, int] | None = None
) -> State:
    """Returns `state` with the given scores (and score-track arrival ticks)."""
    reached = reached or {}
    seats = list(state.seats)
    for p, s in points.items():
        seats[p] = attrs.evolve(seats[p], score=s, reached=reached.get(p, seats[p].reached))
    tick = max([state.tick, *reached.values()])
    return attrs.evolve(state, seats=tuple(seats), tick=tick)


def start(state: State, phase: Phase, round_: int | None = None) -> tuple[State, tuple[Event, ...]]:
    """Runs the driver from the start of `phase` (in `round_`), up to the next decision."""
    state = attrs.evolve(state, flow=Flow(phase), round=state.round if round_ is None else round_)
    w = Work(state)
    run(w)
    return w.freeze(), tuple(w.events)


def perch_turn(state: State, player: int, round_: int = 1) -> State:
    """Returns `state` at the start of `player`'s Perch turn in `round_`."""
    flow = Flow(Phase.PERCH, stage=1, cursor=state.turn_order.index(player))
    flow = attrs.evolve(flow, awaiting=Await.TURN, actor=player)
    return attrs.evolve(state, flow=flow, round=round_)


def index(state: State, tile: str) -> int:
    """Returns the board index of a tile."""
    return next(i for i, loc in enumerate(state.locations) if loc.tile == tile)


def loc(state: State, tile: str) -> Location:
    """Returns the Location holding a tile."""
    return state.locations[index(state, tile)]


# 13-tile board with every creature home: (0,0) (0,2) (0,4) | (1,1) (1,3) | (2,0) (2,2) (2,4)
# | (3,1) (3,3) | (4,0) (4,2) (4,4). Cell 6, (2,2), is the only interior tile.
CREATURE_TILES_13 = (
    "owl_barn",
    "hawk_nest",
    "fox_den",
    "doghouse",
    "country_house",
    "thorn_bush",
    "great_ash",
    "beehive",
    "park_bench",
    "cornfield",
    "lonely_elm",
    "mighty_oak",
    "overstuffed_birdhouse",
)


def creature(
    state: State,
    creature_id: str,
    controller: int | None,
    position: int | None,
    used: bool = False,
) -> State:
    """Returns `state` with a creature's controller, standee position and used flag set.

    `position` is a cell, or for the Scarecrow an intersection.
    """
    spot = None if position is None else standee(creature_id, position)
    creatures = tuple(
        attrs.evolve(cr, controller=controller, position=spot, used=used)
        if cr.id == creature_id
        else cr
        for cr in state.creatures
    )
    assert any(cr.id == creature_id for cr in creatures), f"no {creature_id} in this game"
    return attrs.evolve(state, creatures=creatures)


def standee(creature_id: str, index: int) -> Spot:
    """Returns the standee spot of a creature at a cell (the Scarecrow: an intersection)."""
    return Spot(Where.INTERSECTION if creature_id == "scarecrow" else Where.CELL, index)


def removed(state: State, *tiles: str) -> State:
    """Returns `state` with empty Locations taken out of the game (as the Overstuffed does)."""
    locations = tuple(
        attrs.evolve(loc, removed=True, free_nests=0) if loc.tile in tiles else loc
        for loc in state.locations
    )
    return attrs.evolve(state, locations=locations)


def fountain(state: State, slots: Mapping[int, int]) -> State:
    """Returns `state` with birds (taken from supplies) in the given fountain slots."""
    supply = list(state.supply)
    filled = list(state.fountain)
    for slot, colour in slots.items():
        filled[slot] = colour
        supply[colour] -= 1
    return attrs.evolve(state, fountain=tuple(filled), supply=tuple(supply))


# 8-tile board (2-3 players) with seven creature homes and the Cornfield.
CREATURE_TILES_8 = (
    "owl_barn",
    "hawk_nest",
    "fox_den",
    "doghouse",
    "country_house",
    "thorn_bush",
    "cornfield",
    "beehive",
)
