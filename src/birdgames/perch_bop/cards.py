"""The Perch catalog as typed literals: Locations, creatures, objectives, fountain, layouts.

Data only; rules code interprets the ability and condition enums. Source ids (BARN, WISE...)
map to these snake_case ids in docs/rules/perch_bop.md.
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

BIRDS_PER_COLOUR: Final = 28
COLOUR_NAMES: Final = ("red", "yellow", "blue", "green", "purple")
ROUNDS: Final = 5
BIRDHOUSE_FROM_ROUND: Final = 4  # §3 birdhouse from round 4 (usable in 4 or 5, U17)
ZAP_ROUND: Final = 5  # §3 lightning only in round 5
LARGEST_FLOCK_POINTS: Final = 10  # §4.4
CREATURE_POINTS: Final = 3  # §4.4


class Category(enum.Enum):
    """The three tile groups (rules: "Board")."""

    TREE = "tree"
    CREATURE = "creature"
    SPECIAL = "special"


class Timing(enum.Enum):
    """When a Location's ability fires (rules: "Location tiles (§5) and source ids")."""

    NONE = "none"
    MIGRATION = "migration"
    RECRUIT_FIRST = "recruit_first"
    RECRUIT_AFTER = "recruit_after"
    DURING_SCORING = "during_scoring"
    BEFORE_TURN_ORDER = "before_turn_order"
    DURING_UPKEEP = "during_upkeep"


class Ability(enum.Enum):
    """A Location ability; one resolver per member in the rules modules."""

    NONE = "none"
    CREATURE_HOME = "creature_home"  # the controller takes the creature next round
    FULL_BIRD_FEEDER = "full_bird_feeder"  # swap a hand bird with another player's
    HAPPY_BIRDBATH = "happy_birdbath"  # draw 3 first, keep 2
    EARLY_BIRD = "early_bird"  # 1 extra bird into the bag
    ROOKERY = "rookery"  # strength-2 players add a bird; controller's bird to the fountain
    STONE_STATUE = "stone_statue"  # 1st scores 1 + total strength // 2
    POWER_LINES = "power_lines"  # controller's bird to the fountain
    HANGING_NEST = "hanging_nest"  # strength >= 4: unprotected birds to the plaza
    OVERSTUFFED = "overstuffed"  # strength >= 7: every bird to the plaza, tile removed
    HIGH_PERCH = "high_perch"  # controller takes the last seat next round


@attrs.frozen
class Tile:
    """One Location tile."""

    id: str
    name: str
    category: Category
    values: tuple[int, int, int]  # 1st / 2nd / 3rd
    nests: int
    timing: Timing
    ability: Ability
    threshold: int = 0  # strength that triggers Hanging Nest / Overstuffed
    creature: str | None = None
    edge_only: bool = False  # Owl Barn: setup puts it on the outer edge


def _tree(tid: str, name: str, values: tuple[int, int, int]) -> Tile:
    return Tile(tid, name, Category.TREE, values, 1, Timing.NONE, Ability.NONE)


def _home(tid: str, name: str, values: tuple[int, int, int], creature: str) -> Tile:
    return Tile(
        tid,
        name,
        Category.CREATURE,
        values,
        0,
        Timing.DURING_UPKEEP,
        Ability.CREATURE_HOME,
        creature=creature,
        edge_only=creature == "owl",
    )


def _special(
    tid: str,
    name: str,
    values: tuple[int, int, int],
    nests: int,
    timing: Timing,
    ability: Ability,
    threshold: int = 0,
) -> Tile:
    return Tile(tid, name, Category.SPECIAL, values, nests, timing, ability, threshold)


# §5.1-§5.3, values from KR-impl (U18).
TILES: Final[tuple[Tile, ...]] = (
    _tree("peeling_birch", "The Peeling Birch Trees", (5, 3, 3)),
    _tree("great_ash", "The Great Ash Tree", (5, 3, 2)),
    _tree("lonely_elm", "The Lonely Elm Tree", (5, 0, 2)),
    _tree("mighty_oak", "The Mighty Oak Tree", (6, 4, 3)),
    _tree("scented_pine", "The Scented Pine Trees", (3, 5, 2)),
    _tree("japanese_maple", "The Japanese Maple Tree", (4, 7, 3)),
    _home("park_bench", "The Park Bench", (0, 1, 3), "squirrel"),
    _home("beehive", "A Beehive", (2, 4, 2), "bee"),
    _home("thorn_bush", "The Thorn Bush", (1, 2, 3), "cuckoo"),
    _home("cornfield", "A Cornfield", (0, 2, 2), "scarecrow"),
    _home("fox_den", "The Fox's Den", (0, 0, 1), "fox"),
    _home("hawk_nest", "The Hawk's Nest", (1, 1, 2), "hawk"),
    _home("owl_barn", "The Owl Barn", (3, 2, 1), "owl"),
    _home("country_house", "A Country House", (0, 1, 1), "cat"),
    _home("doghouse", "The Doghouse", (1, 3, 1), "dog"),
    _special(
        "full_bird_feeder",
        "Full Bird Feeder",
        (3, 1, 1),
        0,
        Timing.RECRUIT_AFTER,
        Ability.FULL_BIRD_FEEDER,
    ),
    _special(
        "happy_birdbath",
        "The Happy Birdbath",
        (2, 0, 1),
        0,
        Timing.RECRUIT_FIRST,
        Ability.HAPPY_BIRDBATH,
    ),
    _special("early_bird", "The Early Bird", (3, 4, 5), 0, Timing.MIGRATION, Ability.EARLY_BIRD),
    _special("rookery", "The Rookery", (1, 0, 1), 3, Timing.MIGRATION, Ability.ROOKERY),
    # 1st scores 1 + X; the printed 1 is the base (§4.1).
    _special(
        "stone_statue",
        "A Stone Statue",
        (1, 2, 1),
        2,
        Timing.DURING_SCORING,
        Ability.STONE_STATUE,
    ),
    _special(
        "power_lines",
        "The Swaying Power Lines",
        (3, 4, 5),
        0,
        Timing.DURING_UPKEEP,
        Ability.POWER_LINES,
    ),
    _special(
        "hanging_nest",
        "The Precariously Hanging Nest",
        (5, 3, 1),
        0,
        Timing.DURING_UPKEEP,
        Ability.HANGING_NEST,
        threshold=4,
    ),
    _special(
        "overstuffed_birdhouse",
        "The Overstuffed Birdhouse",
        (4, 5, 6),
        0,
        Timing.DURING_UPKEEP,
        Ability.OVERSTUFFED,
        threshold=7,
    ),
    _special(
        "high_perch",
        "The High Perch",
        (1, 2, 1),
        0,
        Timing.BEFORE_TURN_ORDER,
        Ability.HIGH_PERCH,
    ),
)
TILE: Final[dict[str, Tile]] = {t.id: t for t in TILES}


class Movement(enum.Enum):
    """How a creature's standee moves when activated (activation: a later module)."""

    ANY_OTHER = "any_other"  # Hawk
    EDGE_1_TO_4 = "edge_1_to_4"  # Owl
    EXACTLY_2 = "exactly_2"  # Fox
    ADJACENT = "adjacent"  # Dog, Cuckoo
    STRONGEST_NEIGHBOUR = "strongest_neighbour"  # Cat
    AT_LEAST_2_AWAY = "at_least_2_away"  # Bee
    NEAR_HOME = "near_home"  # Squirrel
    INTERSECTION = "intersection"  # Scarecrow: does not move when used
    STAYS = "stays"  # Frog, Perch: stay on their Pond (P5)


class Effect(enum.Enum):
    """What a creature does once it has moved (rules: "Creatures")."""

    FOUNTAIN_LANDING = "fountain_landing"
    FOUNTAIN_PASSED = "fountain_passed"
    FOUNTAIN_PATH_AND_LANDING = "fountain_path_and_landing"
    PUSH = "push"
    FOUNTAIN_THEN_MOVE = "fountain_then_move"
    SWAP_ANY = "swap_any"
    PULL_SAME_COLOUR = "pull_same_colour"
    SWAP_FOUNTAIN = "swap_fountain"
    FOUNTAIN_TWO_TILES = "fountain_two_tiles"
    POND_PULL = "pond_pull"  # Frog (P5): a bird beside its Pond onto the Pond
    POND_PUSH = "pond_push"  # Perch (P5): a bird off its Pond onto a Location beside it


@attrs.frozen
class CreatureCard:
    """One creature card (rules: "Creatures"); its standee starts off the board."""

    id: str
    name: str
    home: str | None  # home tile; None for Pond creatures (expansion)
    movement: Movement
    effect: Effect


CREATURES: Final[tuple[CreatureCard, ...]] = (
    CreatureCard("hawk", "Hawk", "hawk_nest", Movement.ANY_OTHER, Effect.FOUNTAIN_LANDING),
    CreatureCard("owl", "Owl", "owl_barn", Movement.EDGE_1_TO_4, Effect.FOUNTAIN_PASSED),
    CreatureCard("fox", "Fox", "fox_den", Movement.EXACTLY_2, Effect.FOUNTAIN_PATH_AND_LANDING),
    CreatureCard("dog", "Dog", "doghouse", Movement.ADJACENT, Effect.PUSH),
    CreatureCard(
        "cat", "Cat", "country_house", Movement.STRONGEST_NEIGHBOUR, Effect.FOUNTAIN_THEN_MOVE
    ),
    CreatureCard("cuckoo", "Cuckoo", "thorn_bush", Movement.ADJACENT, Effect.SWAP_ANY),
    CreatureCard("bee", "Bee", "beehive", Movement.AT_LEAST_2_AWAY, Effect.PULL_SAME_COLOUR),
    CreatureCard("squirrel", "Squirrel", "park_bench", Movement.NEAR_HOME, Effect.SWAP_FOUNTAIN),
    CreatureCard(
        "scarecrow", "Scarecrow", "cornfield", Movement.INTERSECTION, Effect.FOUNTAIN_TWO_TILES
    ),
)
# P5 DECISION: the Pond creatures' cards are not in the rulebook; they stay on their Pond.
POND_CREATURES: Final[tuple[CreatureCard, ...]] = (
    CreatureCard("frog", "Frog", None, Movement.STAYS, Effect.POND_PULL),
    CreatureCard("perch", "Perch", None, Movement.STAYS, Effect.POND_PUSH),
)
CREATURE: Final[dict[str, CreatureCard]] = {c.id: c for c in (*CREATURES, *POND_CREATURES)}


class Condition(enum.Enum):
    """An objective's condition kind (rules: "Objectives")."""

    DIAGONAL_CONTROL = "diagonal_control"
    COLUMN_TWO_EACH = "column_two_each"
    CONTROL_CORNERS = "control_corners"
    BIRD_ON_EVERY_CORNER = "bird_on_every_corner"
    CONTROL_NEST_TILES = "control_nest_tiles"
    CONTROL_OPPONENT_NEST = "control_opponent_nest"
    CONTROL_TREES = "control_trees"
    CONTROL_CREATURES_AT_LEAST = "control_creatures_at_least"
    CONTROL_NO_CREATURE = "control_no_creature"
    SOLE_PLACE = "sole_place"
    CONTROL_MOST_BIRDS = "control_most_birds"
    BIRD_ON_EVERY_LOCATION = "bird_on_every_location"
    TWO_BIRDS_ON_LOCATIONS = "two_birds_on_locations"
    EMPTY_LOCATION = "empty_location"
    ABSENT_FROM_LOCATIONS = "absent_from_locations"
    CONTROL_ALONE = "control_alone"
    CONTROL_SPECIALS = "control_specials"
    # P6, the expansion objectives
    BIRDFEEDERS_AT_LEAST = "birdfeeders_at_least"
    MOST_BIRDFEEDERS = "most_birdfeeders"
    NO_BIRDFEEDER = "no_birdfeeder"
    CONTROL_UNDER_SUN = "control_under_sun"
    CONTROL_UNDER_MOON = "control_under_moon"
    BIRDS_UNDER_SUN_AND_MOON = "birds_under_sun_and_moon"
    BIRD_ON_EVERY_POND = "bird_on_every_pond"
    BIRDS_ON_ONE_POND = "birds_on_one_pond"
    LEAD_A_POND = "lead_a_pond"


@attrs.frozen
class Objective:
    """One hidden objective card; `amount`/`place` parametrise the condition."""

    id: str
    points: int
    players: tuple[int, int]  # inclusive player-count range
    condition: Condition
    amount: int = 1
    place: int = 0
    expansion: str | None = None  # dealt only when this expansion is in play (P6, P9)


# §7, from KR-impl (ids in snake_case, U19).
OBJECTIVES: Final[tuple[Objective, ...]] = (
    Objective("wise", 6, (2, 4), Condition.DIAGONAL_CONTROL),
    Objective("chirp", 3, (2, 5), Condition.COLUMN_TWO_EACH),
    Objective("toucan", 5, (3, 5), Condition.CONTROL_CORNERS, amount=2),
    Objective("lord", 3, (3, 5), Condition.BIRD_ON_EVERY_CORNER),
    Objective("impeckable", 3, (3, 5), Condition.CONTROL_NEST_TILES, amount=1),
    Objective("illeagle", 6, (2, 5), Condition.CONTROL_OPPONENT_NEST),
    Objective("ostrich", 4, (4, 5), Condition.CONTROL_TREES, amount=2),
    Objective("eggs", 3, (2, 5), Condition.CONTROL_TREES, amount=1),
    Objective("jack", 5, (2, 5), Condition.CONTROL_CREATURES_AT_LEAST, amount=2),
    Objective("birden", 4, (5, 5), Condition.CONTROL_CREATURES_AT_LEAST, amount=1),
    Objective("wing", 3, (2, 5), Condition.CONTROL_NO_CREATURE),
    Objective("unpheasant", 4, (3, 5), Condition.SOLE_PLACE, amount=2, place=2),
    Objective("quack", 5, (4, 5), Condition.SOLE_PLACE, amount=2, place=3),
    Objective("comedihen", 4, (5, 5), Condition.SOLE_PLACE, amount=3, place=4),
    Objective("crowbar", 5, (2, 5), Condition.CONTROL_MOST_BIRDS),
    Objective("stork", 6, (2, 5), Condition.BIRD_ON_EVERY_LOCATION),
    Objective("tweet", 6, (3, 5), Condition.TWO_BIRDS_ON_LOCATIONS, amount=5),
    Objective("hidden", 6, (2, 3), Condition.EMPTY_LOCATION),
    Objective("egrets", 5, (2, 3), Condition.ABSENT_FROM_LOCATIONS, amount=3),
    Objective("myself", 5, (2, 3), Condition.CONTROL_ALONE),
    Objective("robin", 5, (4, 5), Condition.CONTROL_NEST_TILES, amount=2),
    Objective("emu", 4, (2, 5), Condition.CONTROL_SPECIALS, amount=1),
)
# P6 DECISION: the box's 20 expansion texts are unknown; these are the engine's own, each
# carrying its expansion's icon. Pond-emonium's three come with Pond-emonium.
EXPANSION_OBJECTIVES: Final[tuple[Objective, ...]] = (
    Objective(
        "early_riser", 4, (2, 5), Condition.BIRDFEEDERS_AT_LEAST, 3, expansion="seeds_the_day"
    ),
    Objective("full_crop", 5, (3, 5), Condition.MOST_BIRDFEEDERS, expansion="seeds_the_day"),
    Objective("fasting", 4, (2, 5), Condition.NO_BIRDFEEDER, expansion="seeds_the_day"),
    Objective("sunbather", 4, (2, 5), Condition.CONTROL_UNDER_SUN, expansion="points_in_the_sky"),
    Objective("night_owl", 4, (2, 5), Condition.CONTROL_UNDER_MOON, expansion="points_in_the_sky"),
    Objective(
        "eclipse", 6, (3, 5), Condition.BIRDS_UNDER_SUN_AND_MOON, 2, expansion="points_in_the_sky"
    ),
    Objective("pond_hopper", 5, (4, 5), Condition.BIRD_ON_EVERY_POND, expansion="pond_emonium"),
    Objective("deep_end", 4, (2, 5), Condition.BIRDS_ON_ONE_POND, 3, expansion="pond_emonium"),
    Objective("lily_pad_lord", 5, (2, 5), Condition.LEAD_A_POND, expansion="pond_emonium"),
)
OBJECTIVE: Final[dict[str, Objective]] = {o.id: o for o in OBJECTIVES + EXPANSION_OBJECTIVES}


@attrs.frozen
class Slot:
    """A fountain slot: its value and the slots that must be full first (rules: "Fountain and
    plaza").
    """

    value: int
    supports: tuple[int, ...] = ()


# §4.3, both printed sides as KR-impl transcribed them.
FOUNTAIN_SMALL: Final[tuple[Slot, ...]] = (
    Slot(1),
    Slot(1),
    Slot(1),
    Slot(1),
    Slot(2, (0, 1)),
    Slot(2, (1, 2)),
    Slot(2, (2, 3)),
    Slot(3, (4, 5)),
    Slot(3, (5, 6)),
    Slot(4, (7, 8)),
    Slot(4, (7, 8)),
    Slot(6, (9, 10)),
)
FOUNTAIN_LARGE: Final[tuple[Slot, ...]] = (
    Slot(1),
    Slot(1),
    Slot(1),
    Slot(1),
    Slot(1, (0,)),
    Slot(1, (1,)),
    Slot(1, (2,)),
    Slot(1, (3,)),
    Slot(2, (4,)),
    Slot(2, (5,)),
    Slot(2, (6,)),
    Slot(2, (7,)),
    Slot(3, (8, 9)),
    Slot(3, (9, 10)),
    Slot(3, (10, 11)),
    Slot(5, (12, 13)),
    Slot(5, (13, 14)),
    Slot(8, (15, 16)),
)


@attrs.frozen
class Layout:
    """A board shape (rules: "Board"): cells in board order (column, then row), ring,
    intersections.
    """

    name: str
    cells: tuple[tuple[int, int], ...]  # (column, row), row 0 at the top
    ring: tuple[tuple[int, int], ...]  # the outer edge, clockwise from the top left
    intersections: tuple[tuple[tuple[int, int], ...], ...]
    mix: tuple[int, int, int]  # tiles per category: tree / creature / special
    fountain: tuple[Slot, ...]


def _cells(heights: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    rows = {3: (0, 2, 4), 2: (1, 3)}
    return tuple((c, r) for c, h in enumerate(heights) for r in rows[h])


def _pts(*codes: str) -> tuple[tuple[tuple[int, int], ...], ...]:
    # "00 02 11" = (column, row) digit pairs, as perch_bop.md P2 lists them.
    return tuple(tuple((int(x[0]), int(x[1])) for x in code.split()) for code in codes)


LAYOUTS: Final[dict[int, Layout]] = {
    8: Layout(
        "3-2-3",
        _cells((3, 2, 3)),
        ((0, 0), (1, 1), (2, 0), (2, 2), (2, 4), (1, 3), (0, 4), (0, 2)),
        _pts("00 02 11", "02 04 13", "02 11 13", "11 13 22", "11 20 22", "13 22 24"),
        (3, 3, 2),
        FOUNTAIN_SMALL,
    ),
    10: Layout(
        "2-3-2-3",
        _cells((2, 3, 2, 3)),
        ((0, 1), (1, 0), (2, 1), (3, 0), (3, 2), (3, 4), (2, 3), (1, 4), (0, 3)),
        _pts(
            "01 03 12",
            "01 10 12",
            "03 12 14",
            "10 12 21",
            "12 14 23",
            "12 21 23",
            "21 23 32",
            "21 30 32",
            "23 32 34",
        ),
        (4, 4, 2),
        FOUNTAIN_LARGE,
    ),
    13: Layout(
        "3-2-3-2-3",
        _cells((3, 2, 3, 2, 3)),
        (
            (0, 0),
            (1, 1),
            (2, 0),
            (3, 1),
            (4, 0),
            (4, 2),
            (4, 4),
            (3, 3),
            (2, 4),
            (1, 3),
            (0, 4),
            (0, 2),
        ),
        _pts(
            "00 02 11",
            "02 04 13",
            "02 11 13",
            "11 13 22",
            "11 20 22",
            "13 22 24",
            "20 22 31",
            "22 24 33",
            "22 31 33",
            "31 33 42",
            "31 40 42",
            "33 42 44",
        ),
        (5, 5, 3),
        FOUNTAIN_LARGE,
    ),
}
# §1.2: 2 players use the 3-player board (three flocks with the dummy).
TILES_FOR_PLAYERS: Final[dict[int, int]] = {2: 8, 3: 8, 4: 10, 5: 13}
EXPANSIONS: Final = frozenset({"seeds_the_day", "points_in_the_sky", "pond_emonium"})
SEEDS_THE_DAY: Final = "seeds_the_day"
POINTS_IN_THE_SKY: Final = "points_in_the_sky"
POND_EMONIUM: Final = "pond_emonium"
BIRDFEEDER_POINTS: Final = 3  # P3: the placed bird's owner scores 3 at once
# P4 DECISION (assumed; the rulebook does not print them): 1st / 2nd / 3rd under each.
SUN_VALUES: Final = (6, 3, 1)
MOON_VALUES: Final = (1, 3, 5)
# P4 start cells (column, row) per board size: (Sun, Moon).
SKY_START: Final[dict[int, tuple[tuple[int, int], tuple[int, int]]]] = {
    8: ((2, 2), (0, 2)),  # the centres of the rightmost and leftmost columns
    10: ((3, 4), (0, 1)),  # the bottom-right and top-left corners (P9)
    13: ((4, 2), (0, 2)),  # DECISION: exactly opposite on the ring
}


@attrs.frozen
class PondTile:
    """One Pond tile of Pond-emonium: not a Location; scored by its own three values."""

    id: str
    name: str
    values: tuple[int, int, int]  # most / 2nd / 3rd
    creature: str | None  # the Pond creature it brings, if any


# P5 DECISION except Loonie Lagoon, whose values the rulebook's example fixes.
POND_TILES: Final[tuple[PondTile, ...]] = (
    PondTile("loonie_lagoon", "Loonie Lagoon", (3, 5, 1), None),
    PondTile("frog_pond", "Frog Pond", (3, 4, 1), "frog"),
    PondTile("perch_pool", "Perch Pool", (2, 4, 2), "perch"),
    PondTile("duck_puddle", "Duck Puddle", (5, 3, 0), None),
)
POND_TILE: Final[dict[str, PondTile]] = {p.id: p for p in POND_TILES}
# P5 setup: Ponds on the board and Bread dealt to each player, per player count.
PONDS_FOR_PLAYERS: Final[dict[int, int]] = {2: 1, 3: 1, 4: 2, 5: 2}
BREAD_FOR_PLAYERS: Final[dict[int, int]] = {2: 2, 3: 2, 4: 4, 5: 4}

# P8: the Kickstarter promos, off by default (`Config.promos`).
GOLDEN_GOOSE: Final = "golden_goose"
EAGLE_OF_JUSTICE: Final = "eagle_of_justice"
YETI: Final = "yeti"
PROMO_NAMES: Final[dict[str, str]] = {
    GOLDEN_GOOSE: "Golden Goose",
    EAGLE_OF_JUSTICE: "Eagle of Justice",
    YETI: "Yeti",
}
PROMOS: Final = frozenset(PROMO_NAMES)
GOLDEN_EGG_BONUS: Final = 1  # P8: each place value under the Golden Egg
