"""The catalog matches the component list and the sources' tables."""

from collections import Counter

from birdgames.perch_bop.cards import (
    CREATURES,
    FOUNTAIN_LARGE,
    FOUNTAIN_SMALL,
    OBJECTIVES,
    TILE,
    TILES,
    Category,
)
from tests.rules import rule


@rule("perch_bop", "§1.1", "§5.1", "§5.2", "§5.3")
def test_twenty_four_locations_with_unique_ids() -> None:
    """There are 24 Location tiles with unique ids: 6 trees, 9 creature homes, 9 specials."""
    assert len(TILES) == 24
    assert len({t.id for t in TILES}) == 24
    assert Counter(t.category for t in TILES) == {
        Category.TREE: 6,
        Category.CREATURE: 9,
        Category.SPECIAL: 9,
    }


@rule("perch_bop", "§1.1", "§5.1")
def test_nests_fit_the_ten_in_the_box() -> None:
    """Trees hold 1 nest, Stone Statue 2, Rookery 3, the rest none."""
    assert all(t.nests == 1 for t in TILES if t.category is Category.TREE)
    assert TILE["stone_statue"].nests == 2
    assert TILE["rookery"].nests == 3
    others = [t for t in TILES if t.category is not Category.TREE]
    assert sum(t.nests for t in others) == 5


def test_nine_creatures_each_with_a_home_in_the_catalog() -> None:
    """Every creature's home tile exists and names it back."""
    assert len(CREATURES) == 9
    for creature in CREATURES:
        assert creature.home is not None
        assert TILE[creature.home].creature == creature.id
    # and no tile names a creature the catalog lacks (setup sets out every named one)
    assert {t.creature for t in TILES if t.creature is not None} == {c.id for c in CREATURES}


def test_twenty_two_objectives_with_unique_ids() -> None:
    """There are 22 objectives with unique ids and sane player ranges."""
    assert len(OBJECTIVES) == 22
    assert len({o.id for o in OBJECTIVES}) == 22
    assert all(2 <= o.players[0] <= o.players[1] <= 5 for o in OBJECTIVES)


def test_objective_decks_deal_every_player_count() -> None:
    """Each player count has enough objectives to deal two to every player."""
    for n in (2, 3, 4, 5):
        eligible = [o for o in OBJECTIVES if o.players[0] <= n <= o.players[1]]
        assert len(eligible) >= 2 * n


@rule("perch_bop", "§4.3")
def test_fountain_sides_total_thirty_and_forty_three() -> None:
    """The 2-3p side has 12 slots worth 30, the 4-5p side 18 slots worth 43 (§4.3)."""
    assert (len(FOUNTAIN_SMALL), sum(s.value for s in FOUNTAIN_SMALL)) == (12, 30)
    assert (len(FOUNTAIN_LARGE), sum(s.value for s in FOUNTAIN_LARGE)) == (18, 43)
    for side in (FOUNTAIN_SMALL, FOUNTAIN_LARGE):
        for i, slot in enumerate(side):
            assert all(s < i for s in slot.supports)


@rule("perch_bop", "U18")
@rule("perch_bop", "§5")
def test_source_values_of_some_tiles() -> None:
    """Spot checks against §5: values as 1st/2nd/3rd."""
    assert TILE["japanese_maple"].values == (4, 7, 3)
    assert TILE["early_bird"].values == (3, 4, 5)
    assert TILE["mighty_oak"].values == (6, 4, 3)
    assert TILE["happy_birdbath"].values == (2, 0, 1)
    assert TILE["owl_barn"].edge_only
