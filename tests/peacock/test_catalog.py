"""The catalog as data: counts, ids and the kinds of requirements and bonuses."""

from collections import Counter

from birdgames.peacock.cards import (
    ISLAND_TYPES,
    SPECIES,
    SPECIES_BY_ID,
    STARTING_ISLANDS,
    Effect,
    Need,
    Resource,
    Trigger,
)
from birdgames.peacock.setup import bird_deck_cards, full_birds, full_islands, island_deck_cards


def test_ids_are_unique_snake_case_across_birds_and_islands() -> None:
    """Every species, island type and starting island has its own snake_case id."""
    ids = [s.id for s in SPECIES] + [t.id for t in ISLAND_TYPES] + [s.id for s in STARTING_ISLANDS]
    assert len(ids) == len(set(ids))
    assert all(i.isidentifier() and i == i.lower() for i in ids)


def test_bird_deck_has_72_cards_of_14_species() -> None:
    """The bird deck holds 72 cards of 14 species, each at least 3 copies."""
    assert len(SPECIES) == 14
    assert len(full_birds()) == 72
    assert min(s.copies for s in SPECIES) >= 3


def test_island_deck_has_three_types_of_eight() -> None:
    """The island deck holds 24 cards, 3 types x 8, one resource per half."""
    assert Counter(full_islands()) == {"grove": 8, "reef": 8, "crag": 8}


def test_twelve_starting_islands_one_of_each_dot_per_player() -> None:
    """Starting islands come in sets of dots 1, 2, 3; two resources on each half."""
    assert [s.dots for s in STARTING_ISLANDS] == [1, 2, 3]
    assert all(len(s.blue) == 2 and len(s.orange) == 2 for s in STARTING_ISLANDS)
    assert STARTING_ISLANDS[0].blue == (Resource.PLANT, Resource.FISH)  # the upgrade example


def test_two_player_removal_leaves_58_birds_and_18_islands() -> None:
    """At 2 players one bird of each species and two islands of each type leave the game."""
    assert len(bird_deck_cards(2)) == 58
    assert len(island_deck_cards(2)) == 18
    assert Counter(island_deck_cards(2)) == {"grove": 6, "reef": 6, "crag": 6}
    assert len(bird_deck_cards(3)) == len(bird_deck_cards(4)) == 72


def test_sourced_values_are_kept() -> None:
    """The rulebook's own numbers stand: hummingbird 2/3, ostrich 5, vulture 2/3, owl 1."""
    h, o, v, owl = (SPECIES_BY_ID[i] for i in ("hummingbird", "ostrich", "vulture", "owl"))
    assert (h.feathers, h.flock, h.buddy, h.value) == (2, 3, "puffin", 2)
    assert (o.feathers, o.resource, o.value) == (5, Resource.MEAT, 2)
    assert (v.feathers, v.flock, v.trigger, v.value) == (2, 3, Trigger.FULL_FLOCK, 2)
    assert (owl.flock, owl.effect) == (1, Effect.FLOCK_SIZE)


def test_every_kind_appears_and_parameters_fit() -> None:
    """All requirement kinds, triggers and effects appear, with the parameters they need."""
    assert {s.need for s in SPECIES} == set(Need)
    assert {s.trigger for s in SPECIES} == set(Trigger)
    assert {s.effect for s in SPECIES} == set(Effect)
    for s in SPECIES:
        assert len(s.res) == (2 if s.need is Need.EITHER else 1)
        assert (s.season is not None) == (s.trigger is Trigger.SEASON)
        assert (s.resource is not None) == (s.trigger is Trigger.RESOURCE)
        assert (s.buddy in SPECIES_BY_ID) == (s.trigger is Trigger.BUDDY)
        if s.effect is Effect.FLOCK_SIZE:
            # Rules only raise a flock maximum from season or resource triggers.
            assert s.trigger in (Trigger.SEASON, Trigger.RESOURCE)
