"""Setup (§1.2, §1.4): tile mix, nests, objectives, options fixed by Config."""

from collections import Counter

import attrs
import pytest

from birdgames import InvalidConfigError
from birdgames.perch_bop import GAME, Config
from birdgames.perch_bop.cards import OBJECTIVE, TILE
from birdgames.perch_bop.state import Await
from tests.perch_bop import scenarios as sc
from tests.rules import rule

pytestmark = rule("perch_bop", "§1.2", "§1.4")


@pytest.mark.parametrize(
    ("players", "mix"), [(2, (3, 3, 2)), (3, (3, 3, 2)), (4, (4, 4, 2)), (5, (5, 5, 3))]
)
def test_tile_mix_per_player_count(players: int, mix: tuple[int, int, int]) -> None:
    """Each category contributes its share of tiles for the player count."""
    for seed in range(5):
        state = GAME.new_game(GAME.default_config(players), seed)
        counts = Counter(TILE[loc.tile].category.value for loc in state.locations)
        assert (counts["tree"], counts["creature"], counts["special"]) == mix


def test_tile_mix_option() -> None:
    """Config.tile_mix changes the draw per category."""
    config = Config(players=3, tile_mix=(2, 2, 4))
    state = GAME.new_game(config, 3)
    counts = Counter(TILE[loc.tile].category.value for loc in state.locations)
    assert (counts["tree"], counts["creature"], counts["special"]) == (2, 2, 4)


@rule("perch_bop", "§1.1")
def test_nests_and_supplies_at_setup() -> None:
    """Nests sit on their tiles; each colour has 28 birds in supply; the dummy too."""
    state = sc.setup_only(
        2,
        (
            "rookery",
            "owl_barn",
            "lonely_elm",
            "early_bird",
            "stone_statue",
            "park_bench",
            "power_lines",
            "hanging_nest",
        ),
    )
    assert [loc.free_nests for loc in state.locations] == [3, 0, 1, 0, 2, 0, 0, 0]
    assert state.supply == (28, 28, 28)
    assert state.fountain == (None,) * 12


def test_two_objectives_dealt_from_the_player_count_deck() -> None:
    """Each player is dealt 2 distinct objectives usable at this count, then keeps one."""
    for players in (2, 3, 4, 5):
        state = GAME.new_game(GAME.default_config(players), 11)
        dealt = [o for s in state.seats for o in s.dealt]
        assert len(dealt) == 2 * players == len(set(dealt))
        for obj in dealt:
            lo, hi = OBJECTIVE[obj].players
            assert lo <= players <= hi
        assert state.flow.awaiting is Await.OBJECTIVE
        assert GAME.to_act(state) == tuple(range(players))


def test_objective_deals_option() -> None:
    """Config.objective_deals fixes the pairs; an ineligible card is refused."""
    deals = (("wise", "emu"), ("stork", "eggs"), ("hidden", "chirp"))
    state = GAME.new_game(attrs.evolve(sc.config(3), objective_deals=deals), 1)
    assert tuple(s.dealt for s in state.seats) == deals
    with pytest.raises(InvalidConfigError, match="birden"):
        GAME.new_game(
            attrs.evolve(sc.config(3), objective_deals=(("birden", "emu"), *deals[1:])), 1
        )


@rule("perch_bop", "P1")
def test_invalid_configs_are_refused_with_a_reason() -> None:
    """Unknown expansions and promos, bad layouts and bad turn orders raise
    InvalidConfigError naming what is wrong."""
    with pytest.raises(InvalidConfigError, match="unknown promo 'dodo'"):
        GAME.new_game(Config(players=3, promos=frozenset({"yeti", "dodo"})), 0)
    with pytest.raises(InvalidConfigError, match="unknown expansion 'nope'"):
        GAME.new_game(Config(players=3, expansions=frozenset({"seeds_the_day", "nope"})), 0)
    for bad in (frozenset({"seeds_the_day", 1}), ["seeds_the_day"]):
        with pytest.raises(InvalidConfigError, match="expansions must be a frozenset"):
            GAME.new_game(Config(players=3, expansions=bad), 0)  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError, match="promos must be a frozenset"):
        GAME.new_game(Config(players=3, promos=frozenset({"yeti", None})), 0)  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError, match="8 tiles"):
        GAME.new_game(Config(players=3, tiles=("great_ash",)), 0)
    with pytest.raises(InvalidConfigError, match="turn_order"):
        GAME.new_game(attrs.evolve(sc.config(3), turn_order=(0, 0, 1)), 0)
    with pytest.raises(InvalidConfigError):
        GAME.default_config(6)


def test_same_seed_same_game() -> None:
    """new_game is a function of config and seed."""
    config = GAME.default_config(4)
    assert GAME.new_game(config, 42) == GAME.new_game(config, 42)
    assert GAME.new_game(config, 42) != GAME.new_game(config, 43)
