"""Layouts as data: every observation, summary and action space is laid out in named
blocks (name, offset, size, meaning), and the docs' tables are generated from them."""

from __future__ import annotations

import re

import pytest

from birdgames import InvalidConfigError
from birdgames.encoding import (
    Field,
    action_fields,
    action_meaning,
    get_encoding,
    observation_fields,
)
from scripts.research_tables import BEGIN, END, PAGE, page_with_tables
from tests.conformance.adapters import EngineAdapter
from tests.encoding.test_encoding import CASES, IDS
from tests.encoding.test_information_state import _walk_seen


def _tile(fields: tuple[Field, ...], size: int) -> None:
    offset = 0
    for field in fields:
        assert field.offset == offset, field
        assert field.size > 0 and field.name and field.meaning
        offset += field.size
    assert offset == size


@pytest.mark.parametrize(("label", "adapter", "players"), CASES, ids=IDS)
def test_the_observation_and_action_blocks_tile_their_spaces(
    label: str, adapter: EngineAdapter, players: int
) -> None:
    """The blocks lie end to end and cover observation_size and num_actions exactly."""
    name, config = adapter.game.name, adapter.config(players)
    encoding = get_encoding(name)
    _tile(observation_fields(name, config), encoding.observation_size(config))
    _tile(action_fields(name, config), encoding.num_actions(config))


@pytest.mark.parametrize(("label", "adapter", "players"), CASES, ids=IDS)
def test_action_meanings_name_each_index_once_and_agree_with_encode(
    label: str, adapter: EngineAdapter, players: int
) -> None:
    """action_meaning gives every index its own text, naming the block encode puts the
    action in; an index outside the space is an IndexError."""
    name, config = adapter.game.name, adapter.config(players)
    encoding = get_encoding(name)
    size = encoding.num_actions(config)
    meanings = [action_meaning(name, config, i) for i in range(size)]
    assert len(set(meanings)) == size
    blocks = action_fields(name, config)
    for step, (state, _) in enumerate(_walk_seen(adapter, players, 5)):
        if step % 7:
            continue
        for player in adapter.game.to_act(state):
            for action in adapter.game.legal_actions(state, player):
                index = encoding.encode(state, action)
                block = next(b for b in blocks if b.offset <= index < b.offset + b.size)
                assert meanings[index].startswith(f"{block.name}(")
    with pytest.raises(IndexError):
        action_meaning(name, config, size)


def test_perch_meanings_spell_out_the_fields() -> None:
    """A Perch place action reads as its colour, location and nest flag."""
    from birdgames import perch_bop

    config = perch_bop.GAME.default_config(2)
    state = perch_bop.GAME.new_game(config, 1)
    index = perch_bop.encoding.encode(state, perch_bop.Place(0, 1, "great_ash", True))
    assert action_meaning("perch_bop", config, index) == (
        "place(colour=1, location=great_ash, nest=True)"
    )


def test_an_unknown_game_has_no_layout() -> None:
    """The layout functions name the known games when asked for another."""
    with pytest.raises(InvalidConfigError, match="rookery"):
        action_meaning("chess", None, 0)


def test_the_docs_tables_are_the_layouts() -> None:
    """docs/research.md's layout sections are what scripts/research_tables.py writes."""
    page = PAGE.read_text(encoding="utf-8")
    assert len(BEGIN.findall(page)) == page.count(END) == 12
    assert page_with_tables(page) == page


def test_a_stale_table_is_caught() -> None:
    """A table row edited by hand differs from the generated page."""
    page = PAGE.read_text(encoding="utf-8")
    row = re.search(r"\| end_turn \| (\d+) \| 1 \|", page)
    assert row is not None, "no end_turn row on the page"
    offset = int(row.group(1))
    stale = page.replace(row.group(0), f"| end_turn | {offset - 1} | 1 |", 1)
    assert stale != page
    assert page_with_tables(stale) == page
