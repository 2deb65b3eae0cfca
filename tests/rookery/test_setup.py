"""R1 setup and draft, R10 catalog invariants and decklist validation."""

from __future__ import annotations

from collections import Counter

import pytest

from birdgames import InvalidConfigError
from birdgames.rookery import GAME, DraftHabitat
from birdgames.rookery.cards import (
    ABILITIES,
    BIRDS,
    CARD_TYPE,
    CATALOG,
    DECK_A,
    DECK_B,
    EVENTS,
    HABITAT_CARDS,
    PREDATORS,
    SEASON_CARDS,
    STATIC_EFFECTS,
    CardType,
    Condition,
    Effect,
    EventKind,
    Habitat,
    Mode,
    Season,
    Trait,
    Trigger,
)
from birdgames.rookery.state import Config, Phase, Zone
from tests.rules import rule


@rule("rookery", "R10")
def test_catalog_ids_are_unique_and_keyed() -> None:
    """Every card id is its own key and appears once."""
    assert all(card_id == card.id for card_id, card in CATALOG.items())
    total = len(BIRDS) + len(PREDATORS) + len(EVENTS) + len(SEASON_CARDS) + len(HABITAT_CARDS)
    assert total == len(CATALOG)


# R10 card ids are permanent: records and saves name cards by id, so an id once published
# stays in the catalog (new cards may join; a card's numbers may be retuned).
PUBLISHED_IDS = frozenset(
    {
        "birdwatchers", "bittern", "bustard", "capercaillie", "cold_snap", "coot",
        "cormorant", "crane", "downpour", "early_spring", "feeder", "field_guide",
        "forest_habitat", "fox", "gale", "goshawk", "gull", "harrier", "harvest_moon",
        "heatwave", "heron", "jay", "lapwing", "lark", "litter", "long_winter",
        "meadow_habitat", "moorhen", "nuthatch", "otter", "owl", "oystercatcher", "puffin",
        "quail", "rail", "rescue_centre", "robin", "sandpiper", "shore_habitat", "skylark",
        "sparrowhawk", "starling", "stoat", "swap_meet", "tailwind", "tern", "thaw",
        "warm_spell", "weasel", "wetland_habitat", "woodpecker", "wren",
    }
)  # fmt: skip


@rule("rookery", "R10")
def test_published_card_ids_stay() -> None:
    """R10 every card id ever published is still in the catalog."""
    assert set(CATALOG) >= PUBLISHED_IDS


@rule("rookery", "R10")
def test_catalog_meets_the_r10_minimums() -> None:
    """R10 birds, traits, predators, events, seasons and habitats in the required numbers."""
    assert len(BIRDS) >= 24
    per_habitat = Counter(b.habitat for b in BIRDS.values())
    assert all(per_habitat[h] >= 6 for h in Habitat)
    traits = Counter(t for b in BIRDS.values() for t in b.traits)
    assert traits[Trait.TERRITORIAL] >= 4 and traits[Trait.KEYSTONE] >= 3
    assert traits[Trait.MIGRATORY] >= 4
    both = [b for b in BIRDS.values() if {Trait.UNIQUE, Trait.UNCONTESTABLE} <= b.traits]
    assert len(both) >= 2
    at_home = [
        b for b in BIRDS.values() if any(a.condition is Condition.AT_HOME for a in b.abilities)
    ]
    assert len(at_home) >= 8
    assert len(PREDATORS) >= 6
    assert (
        sum(1 for p in PREDATORS.values() if any(a.effect is Effect.HUNT_MOD for a in p.abilities))
        >= 2
    )
    kinds = Counter(e.event_kind for e in EVENTS.values())
    assert len(EVENTS) >= 10 and kinds[EventKind.WEATHER] >= 5 and kinds[EventKind.HUMAN] >= 5
    assert sum(1 for e in EVENTS.values() if e.instant) >= 2
    assert {s.season for s in SEASON_CARDS.values()} == set(Season)
    assert any(s.duration != 4 for s in SEASON_CARDS.values())
    assert {h.habitat for h in HABITAT_CARDS.values()} == set(Habitat)


@rule("rookery", "R10")
@rule("rookery", "R9")
def test_every_ability_kind_trigger_condition_and_type_is_used() -> None:
    """R9 every effect, trigger and condition appears on a card; every card type exists."""
    abilities = [a for group in ABILITIES.values() for a in group]
    assert {a.effect for a in abilities} == set(Effect)
    assert {a.trigger for a in abilities} == set(Trigger)
    assert {a.condition for a in abilities} == set(Condition)
    assert set(CARD_TYPE.values()) == set(CardType)


@rule("rookery", "R10")
def test_r10_cost_song_and_duration_invariants() -> None:
    """R10 costs >= 1, immediate Song gains below cost, durations 1-8; statics are static."""
    for card_id, card in CATALOG.items():
        cost = getattr(card, "cost", None)
        if CARD_TYPE[card_id] is not CardType.HABITAT:
            assert cost is not None and cost >= 1, card_id
        for ability in ABILITIES[card_id]:
            assert (ability.effect in STATIC_EFFECTS) == (ability.trigger is Trigger.STATIC)
            if ability.effect is Effect.SONG_GAIN:
                assert ability.trigger in (Trigger.ON_PLAY, Trigger.ON_ENTER, Trigger.ON_TAP)
                if ability.trigger is not Trigger.ON_TAP:
                    assert cost is not None and ability.amount < cost, card_id
            if ability.mode is Mode.FOR_EFFECT:
                assert CARD_TYPE[card_id] is CardType.EVENT
        if card_id in PREDATORS:
            assert all(a.condition is Condition.ALWAYS for a in ABILITIES[card_id])
    assert all(1 <= s.duration <= 8 for s in SEASON_CARDS.values())


@rule("rookery", "R10")
@rule("rookery", "R3.7", "RD33")
def test_default_decks_are_legal_and_distinct() -> None:
    """R10 decks A and B have 30 cards, at most 3 copies, 1 of a Unique."""
    for deck in (DECK_A, DECK_B):
        assert len(deck) == 30
        for card, copies in Counter(deck).items():
            assert copies <= (1 if Trait.UNIQUE in getattr(CATALOG[card], "traits", ()) else 3)
    assert Counter(DECK_A) != Counter(DECK_B)
    GAME.new_game(GAME.default_config(2), 0)


@rule("rookery", "R10")
@rule("rookery", "R3.7", "RD33")
@pytest.mark.parametrize(
    ("deck", "named"),
    [
        ((*DECK_A[:29], "dodo"), "'dodo'"),
        ((*DECK_A[:27], "wren", "wren", "wren"), "wren"),
        ((*DECK_A[:29], "capercaillie"), "capercaillie"),
        (DECK_A[:29], "29 cards"),
    ],
)
def test_bad_decklist_is_refused_naming_the_card(deck: tuple[str, ...], named: str) -> None:
    """R10 an unknown card, a 4th copy, a 2nd Unique or a wrong size is InvalidConfigError."""
    config = Config(decks=(deck, DECK_B))
    with pytest.raises(InvalidConfigError, match=named):
        GAME.new_game(config, 1)


@rule("rookery", "R10")
@rule("rookery", "RD33")
def test_config_may_allow_other_deck_sizes() -> None:
    """R10 DECISION a Config may allow 20-40 cards; beyond that it is refused."""
    short = DECK_A[:20]
    GAME.new_game(Config(decks=(short, DECK_B), deck_min=20, deck_max=30), 1)
    with pytest.raises(InvalidConfigError):
        GAME.new_game(Config(deck_min=10), 1)


@rule("rookery", "R1")
@rule("rookery", "R1.3", "R1.4")
def test_setup_deals_five_and_opens_the_draft() -> None:
    """R1.3 R1.4 opening hands of 5; the first player drafts the middle, then the other two."""
    state = GAME.new_game(GAME.default_config(2), 3)
    assert [len(p.hand) for p in state.seats] == [5, 5]
    assert [len(p.deck) for p in state.seats] == [25, 25]
    assert state.phase is Phase.DRAFT and GAME.to_act(state) == (0,)
    assert GAME.legal_actions(state, 0) == tuple(DraftHabitat(0, Zone.MIDDLE, h) for h in Habitat)
    assert GAME.check(state, DraftHabitat(0, Zone.LEFT, Habitat.FOREST)) == (
        "the middle zone is drafted now, not left"
    )
    state = GAME.apply(state, DraftHabitat(0, Zone.MIDDLE, Habitat.SHORE))
    assert GAME.to_act(state) == (1,)
    state = GAME.apply(state, DraftHabitat(1, Zone.LEFT, Habitat.SHORE))  # repeats allowed
    state = GAME.apply(state, DraftHabitat(1, Zone.RIGHT, Habitat.MEADOW))
    assert state.phase is Phase.PLAY and GAME.to_act(state) == (0,)
    # R2.1 the first player's first turn draws too, and gets Spring's Dawn Chorus
    assert len(state.seats[0].hand) == 6 and state.seats[0].song == 2


@rule("rookery", "R1")
@rule("rookery", "RD1")
@rule("rookery", "R1.1")
def test_first_player_can_come_from_the_seed() -> None:
    """R1.1 DECISION first_player None: the seed chooses; both seats occur."""
    config = Config(first_player=None)
    firsts = {GAME.new_game(config, seed).first_player for seed in range(12)}
    assert firsts == {0, 1}


@rule("rookery", "R1")
@rule("rookery", "R1.1")
def test_wrong_player_counts_are_refused() -> None:
    """R1.1 exactly 2 players."""
    with pytest.raises(InvalidConfigError):
        GAME.default_config(3)
    with pytest.raises(InvalidConfigError):
        GAME.new_game(Config(players=3), 0)
