"""Entity observations: every engine's tables, from the view and straight from the state.

Each case plays random games of one engine, player count and config (the conformance
adapters' variants included). The view's entities are the reference: they are built from
the view, which holds nothing the seat may not see; each seat's writer, kept for a whole
game, must give exactly those numbers at every step.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from birdgames import games
from birdgames.encoding import (
    Column,
    EncodingBoundError,
    EntityLayout,
    Table,
    entity_ids,
    get_encoding,
    id_run,
)
from tests.conformance.adapters import EngineAdapter, adapter_for
from tests.encoding.test_encoding import CASES, IDS, _sampled
from tests.encoding.test_information_state import _walk_seen


def _outside_vocabulary(layout: EntityLayout, values: tuple[int, ...]) -> list[str]:
    """Returns `table.column` for each number outside its column's vocabulary."""
    found, at = [], 0
    for table in layout.tables:
        for row in range(table.rows):
            for column in table.columns:
                value = values[at]
                if type(value) is not int or not 0 <= value < column.vocabulary:
                    found.append(f"{table.name}[{row}].{column.name}={value!r}")
                at += 1
    return found


@pytest.mark.parametrize(("label", "adapter", "players"), CASES, ids=IDS)
def test_entities_fill_the_layout_within_each_column_s_vocabulary(
    label: str, adapter: EngineAdapter, players: int
) -> None:
    """Every seat's and the spectator's entities have the layout's size, each number inside
    its column's vocabulary, and every table has a name and columns that say what they hold."""
    game, encoding = adapter.game, get_encoding(adapter.game.name)
    layout = encoding.entity_layout(adapter.config(players))
    assert len({table.name for table in layout.tables}) == len(layout.tables)
    assert all(table.meaning and table.rows > 0 and table.columns for table in layout.tables)
    assert all(c.meaning and c.vocabulary > 0 for t in layout.tables for c in t.columns)
    for state in _sampled(adapter, players, 3, 7):
        for seat in (*range(players), None):
            values = encoding.entities(game.view(state, seat))
            assert len(values) == layout.size
            assert _outside_vocabulary(layout, values) == []


@pytest.mark.parametrize(("label", "adapter", "players"), CASES, ids=IDS)
def test_entity_writers_give_the_view_s_entities_over_whole_games(
    label: str, adapter: EngineAdapter, players: int
) -> None:
    """At every step of a random game, each seat's writer, kept for the whole game (so it
    writes over its last observation straight from the state), gives that seat's view's
    entities."""
    game, encoding = adapter.game, get_encoding(adapter.game.name)
    config = adapter.config(players)
    writers = [encoding.entity_writer(config, seat) for seat in range(players)]
    for step, (state, _) in enumerate(_walk_seen(adapter, players, 21)):
        for seat, writer in enumerate(writers):
            expected = encoding.entities(game.view(state, seat))
            assert tuple(writer.write(state)) == expected, (step, seat)


@pytest.mark.parametrize("name", sorted(games()))
def test_an_entity_writer_is_exact_for_states_in_any_order(name: str) -> None:
    """Fed the states of two games shuffled together, a seat's writer still gives each
    state's own entities: nothing of the state before stands in for a different one."""
    adapter = adapter_for(name)
    game, encoding = adapter.game, get_encoding(name)
    states = [state for seed in (3, 4) for state, _ in _walk_seen(adapter, 2, seed)]
    random.Random(5).shuffle(states)
    writer = encoding.entity_writer(adapter.config(2), 1)
    for state in states:
        assert tuple(writer.write(state)) == encoding.entities(game.view(state, 1))


@pytest.mark.parametrize(("label", "adapter", "players"), CASES, ids=IDS)
def test_entities_hide_secrets(label: str, adapter: EngineAdapter, players: int) -> None:
    """A change to what a seat cannot see changes neither its view's entities nor what its
    writer writes."""
    game, encoding = adapter.game, get_encoding(adapter.game.name)
    config = adapter.config(players)
    changed = 0
    for step, state in enumerate(_sampled(adapter, players, 3, 13)):
        for seat in range(players):
            other = adapter.perturb_hidden(state, seat, step)
            changed += other != state
            seen = encoding.entities(game.view(state, seat))
            assert encoding.entities(game.view(other, seat)) == seen
            assert tuple(encoding.entity_writer(config, seat).write(other)) == seen
    assert changed > 0  # the perturbation did change hidden information


@pytest.mark.parametrize("name", sorted(games()))
def test_entities_differ_between_seats(name: str) -> None:
    """A seat's entities mark the seat, so two seats never read the same numbers."""
    adapter = adapter_for(name)
    game, encoding = adapter.game, get_encoding(name)
    state = game.new_game(adapter.config(2), 1)
    assert encoding.entities(game.view(state, 0)) != encoding.entities(game.view(state, 1))


def _layout() -> EntityLayout:
    seat = Column("seat", 3, "the seat, plus one")
    card = Column("card", 4, "a card's id")
    return EntityLayout(
        (Table("head", 1, (seat,), "the viewer"), Table("hand", 2, (card, card), "cards"))
    )


def test_a_layout_packs_rows_end_to_end_padded_with_zero_rows() -> None:
    """Tables lie end to end in order; rows not given are zeros."""
    layout = _layout()
    assert layout.size == 5
    assert layout.offset("hand") == 1 and layout.table("hand").width == 2
    assert layout.pack({"hand": [(3, 1)]}) == (0, 3, 1, 0, 0)
    assert layout.pack({"head": [(2,)], "hand": [(1, 2), (3, 3)]}) == (2, 1, 2, 3, 3)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ({"hand": [(1, 1), (1, 1), (1, 1)]}, "3 hand where 2 fit"),
        ({"hand": [(1,)]}, "a row of 1 numbers in hand, not 2"),
        ({"hand": [(1, 4)]}, "hand.card of 4, outside 0 to 3"),
        ({"hand": [(1, -1)]}, "hand.card of -1, outside 0 to 3"),
        ({"hand": [(1, True)]}, "hand.card of True, outside 0 to 3"),
        ({"deck": [(1,)]}, "no table called 'deck'"),
    ],
)
def test_a_layout_refuses_rows_that_do_not_fit(rows: Any, message: str) -> None:
    """Too many rows, a row of the wrong width, a number outside its column's vocabulary
    (a bool included) or an unknown table raise EncodingBoundError, saying which."""
    with pytest.raises(EncodingBoundError, match=message):
        _layout().pack(rows)


def test_ids_start_at_one_and_a_run_refuses_what_has_no_id_or_no_room() -> None:
    """0 is kept for none: ids start at 1; a run is padded with zeros to its size."""
    ids = entity_ids(("wren", "jay"))
    assert ids == {"wren": 1, "jay": 2}
    assert id_run(ids, ("jay",), 3) == [2, 0, 0]
    with pytest.raises(EncodingBoundError, match="'crow' has no id"):
        id_run(ids, ("crow",), 3)
    with pytest.raises(EncodingBoundError, match="3 items where 2 fit"):
        id_run(ids, ("jay", "jay", "wren"), 2)
