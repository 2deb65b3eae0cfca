"""Perch's rulings and ASSUMED defaults not proved elsewhere, each a scenario from its text."""

import re
from pathlib import Path

from birdgames.perch_bop import GAME, AddBird, ChooseSlot, Decline
from birdgames.perch_bop.cards import CREATURES, OBJECTIVES, POND_TILE, TILE, TILES, Timing
from birdgames.perch_bop.events import BirdRemoved, BirdsToBag
from birdgames.perch_bop.state import Await, Phase
from tests.perch_bop import scenarios as sc
from tests.perch_bop.test_locations import WITH_ROOKERY_8
from tests.rules import rule

RULES_PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "perch_bop.md"


@rule("perch_bop", "PD1", "§2.1")
def test_migration_abilities_ask_in_board_order() -> None:
    """PD1: the Early Bird (board index 4) asks its controller before the Rookery (index 9)
    asks its strength-2 players."""
    state = sc.board(
        sc.fresh(4),
        {"early_bird": {1: 2, 0: 1}, "rookery": {3: 3, 2: 2}},
    )
    assert sc.index(state, "early_bird") < sc.index(state, "rookery")
    state, _ = sc.start(state, Phase.MIGRATION)
    assert state.flow.awaiting is Await.EARLY_BIRD and GAME.to_act(state) == (1,)
    state = GAME.apply(state, Decline(1))
    assert state.flow.awaiting is Await.ROOKERY and GAME.to_act(state) == (2,)
    assert GAME.legal_actions(state, 2) == (AddBird(2), Decline(2))


@rule("perch_bop", "PD2", "§2.5")
def test_the_rookery_never_asks_the_dummy() -> None:
    """PD2: the dummy at strength exactly 2 on the Rookery is not asked; p1 at 2 is."""
    state = sc.board(sc.fresh(2, WITH_ROOKERY_8), {"rookery": {2: 2, 1: 2, 0: 3}})
    state, _ = sc.start(state, Phase.MIGRATION)
    assert state.flow.awaiting is Await.ROOKERY and GAME.to_act(state) == (1,)
    state, events = GAME.step(state, Decline(1))
    assert state.flow.awaiting is not Await.ROOKERY
    # Then the controller's bird flies: p0's, p0 picking its slot.
    assert BirdRemoved(0, 0, "rookery", "fountain", "rookery") in events


def _dummy_birds_in(players: int, round_: int, **options: object) -> int:
    """The birds the dummy puts in the bag in `round_`'s Migration."""
    _, events = sc.start(sc.fresh(players, None, **options), Phase.MIGRATION, round_)
    return sum(e.count for e in events if isinstance(e, BirdsToBag) and e.colour == 2)


@rule("perch_bop", "U3", "§9")
def test_the_dummy_puts_4_birds_in_round_1_and_2_later_unless_configured() -> None:
    """U3: 4 dummy birds go in the bag in round 1 and 2 in later rounds; `Config` changes
    both counts. Only the dummy's colour 2 is counted, so 3 players add none of it."""
    assert [_dummy_birds_in(2, r) for r in (1, 2, 5)] == [4, 2, 2]
    options = {"dummy_birds_first_round": 1, "dummy_birds_per_round": 3}
    assert [_dummy_birds_in(2, r, **options) for r in (1, 2)] == [1, 3]
    assert _dummy_birds_in(3, 1) == 2  # p2's own two birds, no dummy


@rule("perch_bop", "U9", "U10")
def test_the_hanging_nest_threshold_counts_a_birdhouse() -> None:
    """U9: three birds and a birdhouse make strength 4, so the Hanging Nest drops its
    unprotected birds; U10: the birdhouse stack stays."""
    state = sc.board(sc.fresh(3), {"hanging_nest": {0: 2, 1: 1}}, houses={"hanging_nest": [1]})
    state, _ = sc.start(state, Phase.UPKEEP)
    assert sc.loc(state, "hanging_nest").birds == (0, 1, 0)
    assert state.plaza == (2, 0, 0)


@rule("perch_bop", "U14", "§5.3")
def test_every_ability_has_its_timing_label() -> None:
    """U14: the Stone Statue during scoring, the High Perch before turn order, creature
    homes and the three Upkeep tiles during Upkeep, Early Bird and Rookery in Migration,
    the Birdbath first and the Feeder last in Recruit; trees have none."""
    expected = {
        "stone_statue": Timing.DURING_SCORING,
        "high_perch": Timing.BEFORE_TURN_ORDER,
        "power_lines": Timing.DURING_UPKEEP,
        "hanging_nest": Timing.DURING_UPKEEP,
        "overstuffed_birdhouse": Timing.DURING_UPKEEP,
        "early_bird": Timing.MIGRATION,
        "rookery": Timing.MIGRATION,
        "happy_birdbath": Timing.RECRUIT_FIRST,
        "full_bird_feeder": Timing.RECRUIT_AFTER,
    }
    for creature in CREATURES:
        assert creature.home is not None
        expected[creature.home] = Timing.DURING_UPKEEP
    for tile in TILES:
        assert tile.timing is expected.get(tile.id, Timing.NONE), tile.id


@rule("perch_bop", "U15", "§2.4")
def test_during_upkeep_tiles_act_in_board_order() -> None:
    """U15: the Power Lines (board index 6) act before the Hanging Nest (index 7): while the
    Power Lines' bird waits for its slot, the Hanging Nest's birds are still there."""
    state = sc.board(sc.fresh(3), {"power_lines": {0: 3}, "hanging_nest": {1: 4}})
    assert sc.index(state, "power_lines") < sc.index(state, "hanging_nest")
    state, _ = sc.start(state, Phase.UPKEEP)
    assert GAME.to_act(state) == (0,) and state.arrivals
    assert sc.loc(state, "hanging_nest").birds == (0, 4, 0)
    state, events = GAME.step(state, ChooseSlot(0, 0))
    assert sc.loc(state, "hanging_nest").birds == (0, 0, 0)
    assert BirdRemoved(None, 1, "hanging_nest", "plaza", "hanging_nest") in events


@rule("perch_bop", "U19", "U18", "§5.1", "§5.2")
def test_ids_are_snake_case_and_the_rules_page_maps_each_tile_to_its_source() -> None:
    """U19: every tile, creature and objective id is snake_case; the rules page's table
    gives each tile its source id and its values (U18: KR-impl's, e.g. Early Bird 3/4/5)."""
    page = RULES_PAGE.read_text()
    ids = [t.id for t in TILES] + [c.id for c in CREATURES] + [o.id for o in OBJECTIVES]
    for item_id in ids:
        assert re.fullmatch(r"[a-z]+(_[a-z]+)*", item_id), item_id
    for tile in TILES:
        assert re.search(rf"^\| `{tile.id}` \| [A-Z_]+ \|", page, re.MULTILINE), tile.id
    assert TILE["early_bird"].values == (3, 4, 5)
    assert TILE["mighty_oak"].values == (6, 4, 3)


@rule("perch_bop", "PD18", "P5")
def test_the_pond_values_beside_loonie_lagoons_are_the_engines() -> None:
    """PD18: Loonie Lagoon pays the rulebook's 3/5/1; the other three Ponds the engine's."""
    values = {pond: POND_TILE[pond].values for pond in POND_TILE}
    assert values == {
        "loonie_lagoon": (3, 5, 1),
        "frog_pond": (3, 4, 1),
        "perch_pool": (2, 4, 2),
        "duck_puddle": (5, 3, 0),
    }
