"""Each game's rules text: every card, tile, Pond, creature, objective and promo id a view
can hold has words saying what it does; an unknown id is refused by name."""

from __future__ import annotations

import enum
import importlib
import json
import pkgutil
from typing import Any, Final

import pytest

from birdgames import BirdgamesError, UnknownIdError, codec, get_game, get_words
from birdgames.peacock.cards import ISLAND_TYPES, SPECIES, STARTING_ISLANDS
from birdgames.perch_bop import words as perch_words
from birdgames.perch_bop.cards import (
    CREATURES,
    EXPANSIONS,
    OBJECTIVE,
    POND_CREATURES,
    POND_TILES,
    PROMOS,
    TILES,
)
from birdgames.rng import Rng, below
from birdgames.rookery.cards import CATALOG
from tests.conformance.adapters import adapter_for

GAMES_PER_COUNT: Final = 2
CATALOG_IDS: Final[dict[str, frozenset[str]]] = {
    "perch_bop": frozenset(
        {t.id for t in TILES}
        | {p.id for p in POND_TILES}
        | {c.id for c in (*CREATURES, *POND_CREATURES)}
        | set(OBJECTIVE)
        | PROMOS
        | EXPANSIONS
    ),
    "peacock": frozenset(
        {s.id for s in SPECIES} | {t.id for t in ISLAND_TYPES} | {s.id for s in STARTING_ISLANDS}
    ),
    "rookery": frozenset(CATALOG),
}


def _enum_values(name: str) -> set[str]:
    """Returns every string value of an Enum the game's package defines: a view's phases,
    seasons, zones, slots... which are words of the rules, not catalog ids."""
    package = importlib.import_module(f"birdgames.{name}")
    values: set[str] = set()
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"birdgames.{name}.{info.name}")
        for member in vars(module).values():
            if isinstance(member, type) and issubclass(member, enum.Enum):
                values |= {m.value for m in member if isinstance(m.value, str)}
    return values


def _strings(document: Any, into: set[str]) -> None:
    if isinstance(document, dict):
        for key, value in document.items():
            if key != "kind":
                _strings(value, into)
    elif isinstance(document, list):
        for value in document:
            _strings(value, into)
    elif isinstance(document, str):
        into.add(document)


def _view_strings(name: str) -> set[str]:
    """Returns every string the views of random games (every player count, every viewer,
    every step; Perch with every promo too) hold."""
    adapter = adapter_for(name)
    game = get_game(name)
    configs = [adapter.config(players) for players in game.player_counts]
    configs += [variant(players) for _, variant in adapter.variants for players in (2, 5)]
    found: set[str] = set()
    for config in configs:
        for seed in range(GAMES_PER_COUNT):
            state = game.new_game(config, seed)
            rng = Rng.from_seed(seed)
            while True:
                for viewer in (None, *range(len(game.scores(state)))):
                    _strings(json.loads(codec.dumps(game.view(state, viewer))), found)
                if game.is_terminal(state):
                    break
                player = game.to_act(state)[0]
                legal = game.legal_actions(state, player)
                index, rng = below(rng, len(legal))
                state = game.apply(state, legal[index])
    return found


@pytest.mark.parametrize("name", sorted(CATALOG_IDS))
def test_every_catalog_id_has_its_rules_text(name: str) -> None:
    """Each id of the game's catalogs has words longer than its name, naming it and saying a
    number or a rule it follows."""
    words = get_words(name)
    for card in sorted(CATALOG_IDS[name]):
        text = words.rules_text(card)
        assert text.startswith(words.card_name(card)), text
        assert len(text) > len(words.card_name(card)) + 20, text
        assert any(ch.isdigit() for ch in text), text


@pytest.mark.parametrize("name", sorted(CATALOG_IDS))
def test_every_id_a_view_holds_has_rules_text(name: str) -> None:
    """Every string of every view of random games is either an id with rules text or a value
    of one of the game's enums (a phase, season, zone...); and the views do hold ids."""
    words = get_words(name)
    strings = _view_strings(name)
    plain = _enum_values(name)
    ids = {s for s in strings if s not in plain or s in CATALOG_IDS[name]}
    assert ids, "no view held an id"
    for card in sorted(ids):
        assert words.rules_text(card), card
    assert ids <= CATALOG_IDS[name]


@pytest.mark.parametrize("name", sorted(CATALOG_IDS))
def test_an_unknown_id_is_refused_by_name(name: str) -> None:
    """An id no catalog holds raises UnknownIdError (a BirdgamesError and a KeyError) naming it."""
    words = get_words(name)
    with pytest.raises(UnknownIdError, match="'dodo'") as raised:
        words.rules_text("dodo")
    assert isinstance(raised.value, BirdgamesError) and isinstance(raised.value, KeyError)
    assert "'dodo'" in str(raised.value) and not str(raised.value).startswith('"')


def test_perch_texts_say_how_a_card_scores() -> None:
    """Perch's texts carry the catalog's numbers: place values, objective points, the Sun's."""
    assert "1st 6, 2nd 4, 3rd 3" in perch_words.rules_text("mighty_oak")
    assert "6 points" in perch_words.rules_text("wise")
    assert "Worth 3 points" in perch_words.rules_text("hawk")
    assert "1st 3, 2nd 5, 3rd 1" in perch_words.rules_text("loonie_lagoon")
    assert "6/3/1" in perch_words.rules_text("points_in_the_sky")
