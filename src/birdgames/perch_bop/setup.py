"""new_game (§1.2, §1.4): tiles, nests, objectives, turn order, from the seed or the Config."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from birdgames.core import InvalidConfigError, check_seed
from birdgames.perch_bop.cards import (
    BIRDS_PER_COLOUR,
    BREAD_FOR_PLAYERS,
    EXPANSION_OBJECTIVES,
    EXPANSIONS,
    OBJECTIVES,
    POINTS_IN_THE_SKY,
    POND_EMONIUM,
    POND_TILE,
    POND_TILES,
    PONDS_FOR_PLAYERS,
    PROMOS,
    SEEDS_THE_DAY,
    SKY_START,
    TILE,
    TILES,
    TILES_FOR_PLAYERS,
    YETI,
    Category,
)
from birdgames.perch_bop.geometry import geometry_for
from birdgames.perch_bop.promos import yeti_start
from birdgames.perch_bop.state import (
    Await,
    Birdfeeders,
    Config,
    Creature,
    Flow,
    Location,
    Phase,
    Pond,
    Ponds,
    Promos,
    Seat,
    Sky,
    State,
)
from birdgames.rng import Rng, fork, shuffle

PLAYER_COUNTS = (2, 3, 4, 5)
_STR_TYPE: Final = frozenset({str})
_CATEGORIES = (Category.TREE, Category.CREATURE, Category.SPECIAL)
_TILE_IDS: Final = {cat: tuple(t.id for t in TILES if t.category is cat) for cat in _CATEGORIES}


def eligible_objectives(config: Config) -> tuple[str, ...]:
    """Returns the objective ids dealt in this game: those whose player-count range fits
    (§1.4), the expansion ones only with their expansion (P6)."""
    return _eligible_objectives(config.players, config.expansions)


@lru_cache(maxsize=64)
def _eligible_objectives(n: int, expansions: frozenset[str]) -> tuple[str, ...]:
    # P6, P9: an expansion's objectives go in only with that expansion.
    cards = OBJECTIVES + tuple(o for o in EXPANSION_OBJECTIVES if o.expansion in expansions)
    return tuple(o.id for o in cards if o.players[0] <= n <= o.players[1])


def validate(config: object) -> Config:
    """Returns the config if playable, else raises InvalidConfigError saying why."""
    if not isinstance(config, Config):
        raise InvalidConfigError(f"expected a perch_bop Config, not {type(config).__name__}")
    n = config.players
    if type(n) is not int or n not in PLAYER_COUNTS:
        raise InvalidConfigError(f"Perch is for 2 to 5 players, not {n!r}")
    # Every loaded State's Config comes through here: names of the wrong type are refused too.
    expansions = config.expansions
    if not isinstance(expansions, frozenset) or not _STR_TYPE.issuperset(map(type, expansions)):
        raise InvalidConfigError("expansions must be a frozenset of expansion names")
    if not expansions <= EXPANSIONS:
        unknown = sorted(expansions - EXPANSIONS)
        raise InvalidConfigError(
            f"unknown expansion {unknown[0]!r}; the expansions are {', '.join(sorted(EXPANSIONS))}"
        )
    promos = config.promos
    if not isinstance(promos, frozenset) or not _STR_TYPE.issuperset(map(type, promos)):
        raise InvalidConfigError("promos must be a frozenset of promo names")
    if not promos <= PROMOS:
        unknown = sorted(promos - PROMOS)
        raise InvalidConfigError(
            f"unknown promo {unknown[0]!r}; the promos are {', '.join(sorted(PROMOS))}"
        )
    if config.ponds is not None:
        if POND_EMONIUM not in expansions:
            raise InvalidConfigError("ponds are fixed, but the pond_emonium expansion is not on")
        if not isinstance(config.ponds, tuple):
            raise InvalidConfigError("ponds must be a tuple of (Pond tile id, intersection) pairs")
        reason = placement_problem(n, config.ponds)
        if reason is not None:
            raise InvalidConfigError(f"bad Pond placement: {reason}")
    size = TILES_FOR_PLAYERS[n]
    geo = geometry_for(n)
    if config.tiles is not None:
        tiles = config.tiles
        if any(type(t) is not str for t in tiles):
            raise InvalidConfigError("tiles must be tile ids")
        if len(tiles) != size:
            raise InvalidConfigError(f"{n} players use {size} tiles, not {len(tiles)}")
        bad = [t for t in tiles if t not in TILE]
        if bad:
            raise InvalidConfigError(f"unknown tiles {bad}")
        if len(set(tiles)) != len(tiles):
            raise InvalidConfigError("a tile appears twice in the layout")
        if "owl_barn" in tiles and tiles.index("owl_barn") not in geo.edge:
            raise InvalidConfigError("the owl_barn must lie on the outer edge")
    if config.tile_mix is not None:
        mix = config.tile_mix
        if len(mix) != 3 or any(type(k) is not int or k < 0 for k in mix) or sum(mix) != size:
            raise InvalidConfigError(f"tile_mix must be 3 counts adding up to {size}, not {mix}")
        for cat, k in zip(_CATEGORIES, mix, strict=True):
            if k > sum(1 for t in TILES if t.category is cat):
                raise InvalidConfigError(f"there are not {k} {cat.value} tiles")
    if config.objective_deals is not None:
        deals = config.objective_deals
        allowed = set(eligible_objectives(config))
        if len(deals) != n or any(len(d) != 2 for d in deals):
            raise InvalidConfigError(f"objective_deals needs {n} pairs")
        flat = [o for d in deals for o in d]
        if any(type(o) is not str for o in flat):
            raise InvalidConfigError("objective_deals must name objectives by id")
        if len(set(flat)) != len(flat):
            raise InvalidConfigError("an objective is dealt twice")
        bad = [o for o in flat if o not in allowed]
        if bad:
            raise InvalidConfigError(f"objectives {bad} are not used with {n} players")
    order = config.turn_order
    if order is not None and (
        any(type(p) is not int for p in order) or sorted(order) != list(range(n))
    ):
        raise InvalidConfigError(f"turn_order must order the seats 0..{n - 1}")
    if config.dummy_birds_first_round < 0 or config.dummy_birds_per_round < 0:
        raise InvalidConfigError("dummy bird counts cannot be negative")
    return config


# Here, not with the Pond rules: a Config's ponds may hold anything until this has looked
# (so that every build names what is wrong with a value of the wrong type).
def placement_problem(players: int, ponds: Sequence[tuple[str, int]]) -> str | None:
    """Returns why fixed Pond placements (tile id, intersection index) are not playable,
    or None (P5, P9): the right count, known distinct tiles, each on its own intersection of
    the board, and no two Ponds sharing two Locations (DECISION)."""
    wanted = PONDS_FOR_PLAYERS[players]
    if len(ponds) != wanted:
        return f"{players} players use {wanted} Pond(s), not {len(ponds)}"
    intersections = geometry_for(players).intersections
    for pond in ponds:
        if (
            not isinstance(pond, tuple)
            or len(pond) != 2
            or type(pond[0]) is not str
            or type(pond[1]) is not int
        ):
            return f"a Pond is placed as (tile id, intersection index), not {pond!r}"
        tile, k = pond
        if tile not in POND_TILE:
            return f"unknown Pond tile {tile!r}; the Ponds are {', '.join(sorted(POND_TILE))}"
        if not 0 <= k < len(intersections):
            return (
                f"Pond {tile!r} is placed on intersection {k}, but this board has "
                f"intersections 0 to {len(intersections) - 1}"
            )
    tiles = [t for t, _ in ponds]
    if len(set(tiles)) != len(tiles):
        return f"the Pond {sorted(t for t in tiles if tiles.count(t) > 1)[0]!r} is placed twice"
    for i, (tile_a, a) in enumerate(ponds):
        for tile_b, b in ponds[i + 1 :]:
            if a == b:
                return f"Ponds {tile_a!r} and {tile_b!r} share intersection {a}"
            shared = set(intersections[a]) & set(intersections[b])
            if len(shared) >= 2:
                return (
                    f"Ponds {tile_a!r} (intersection {a}) and {tile_b!r} (intersection {b}) "
                    f"share two Locations"
                )
    return None


def _layout(config: Config, rng: Rng) -> tuple[tuple[str, ...], Rng]:
    if config.tiles is not None:
        return config.tiles, rng
    geo = geometry_for(config.players)
    mix = config.tile_mix or geo.layout.mix
    chosen: list[str] = []
    for cat, k in zip(_CATEGORIES, mix, strict=True):
        pool, rng = shuffle(rng, _TILE_IDS[cat])
        chosen.extend(pool[:k])
    tiles, rng = shuffle(rng, chosen)
    laid = list(tiles)
    if "owl_barn" in laid:
        i = laid.index("owl_barn")
        if i not in geo.edge:
            # §1.2 step 3: swap with the top tile of its own column (KR-impl).
            top = next(col[0] for col in geo.columns if i in col)
            laid[i], laid[top] = laid[top], laid[i]
    return tuple(laid), rng


def set_out_ponds(config: Config, rng: Rng) -> tuple[Ponds, Rng]:
    """Returns the Ponds on their intersections and the Bread dealt (P5): fixed by the Config
    or drawn, each on its own intersection, no two sharing two Locations (DECISION)."""
    n = config.players
    if config.ponds is not None:
        placed = config.ponds
    else:
        drawn, rng = shuffle(rng, [p.id for p in POND_TILES])
        spots, rng = shuffle(rng, range(len(geometry_for(n).intersections)))
        tri = geometry_for(n).intersections
        chosen: list[int] = []
        for k in spots:
            if all(len(set(tri[k]) & set(tri[j])) < 2 for j in chosen):
                chosen.append(k)
            if len(chosen) == PONDS_FOR_PLAYERS[n]:
                break
        placed = tuple(zip(drawn, chosen, strict=False))
    colours = config.colours
    ponds = tuple(Pond(t, k, (0,) * colours) for t, k in sorted(placed, key=lambda p: p[1]))
    bread = (BREAD_FOR_PLAYERS[n],) * n  # P5: the dummy gets none
    return Ponds(ponds, bread, (0,) * n), rng


def new_game(config: Config, seed: int) -> State:
    """Returns the state after setup, waiting for every player to keep an objective."""
    validate(config)
    seed = check_seed(seed)
    root = Rng.from_seed(seed)
    rng = fork(root, 1)
    n = config.players
    colours = config.colours
    tiles, rng = _layout(config, rng)
    empty, free = (0,) * colours, (False,) * colours
    locations = tuple([Location(t, empty, free, free, TILE[t].nests, False) for t in tiles])
    if config.objective_deals is not None:
        deals = config.objective_deals
    else:
        deck, rng = shuffle(rng, eligible_objectives(config))
        deals = tuple((deck[2 * p], deck[2 * p + 1]) for p in range(n))
    if config.turn_order is not None:
        order = config.turn_order
    else:
        order, rng = shuffle(rng, range(n))  # U1
    seats = tuple(Seat((0,) * colours, 0, 0, tuple(deals[p]), None, True, True) for p in range(n))
    creatures = tuple(Creature(c, None, None) for t in tiles if (c := TILE[t].creature) is not None)
    geo = geometry_for(n)
    slots = geo.layout.fountain
    feeders = None
    if SEEDS_THE_DAY in config.expansions:  # P3: one Birdfeeder on every Location
        feeders = Birdfeeders((True,) * len(tiles), (0,) * n, 0, 0)
    sky = None
    if POINTS_IN_THE_SKY in config.expansions:  # P4 start cells per layout
        sun, moon = SKY_START[len(tiles)]
        sky = Sky(geo.index[sun], geo.index[moon])
    ponds = None
    if POND_EMONIUM in config.expansions:
        ponds, rng = set_out_ponds(config, rng)
        # P5: the Frog and the Perch come with their Ponds, after the board's creatures.
        creatures += tuple(
            Creature(c, None, None)
            for p in ponds.ponds
            if (c := POND_TILE[p.tile].creature) is not None
        )
    promos = None
    if config.promos:
        yeti = yeti_start(n, [False] * len(tiles)) if YETI in config.promos else None
        promos = Promos(None, yeti=yeti)
    return State(
        config,
        fork(root, 2),
        1,
        Flow(Phase.OBJECTIVES, awaiting=Await.OBJECTIVE),
        tuple(order),
        locations,
        (BIRDS_PER_COLOUR,) * colours,
        (0,) * colours,
        seats,
        (None,) * len(slots),
        (0,) * colours,
        (),
        creatures,
        0,
        feeders=feeders,
        sky=sky,
        ponds=ponds,
        promos=promos,
    )
