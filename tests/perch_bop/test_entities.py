"""Perch's entity observations: what the tables hold on concrete states, and that the
comparison with the view catches a writer that shows a secret (P2: the kept objectives)."""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable
from typing import Any

from birdgames.perch_bop import GAME, Config, State
from birdgames.perch_bop.entities import (
    OBJECTIVE_IDS,
    TILE_IDS,
    EntityWriter,
    entities,
    entity_layout,
    entity_writer,
)
from birdgames.perch_bop.state import Phase
from tests.conformance.adapters import adapter_for
from tests.encoding.test_information_state import _walk_seen

CONFIG = GAME.default_config(2)


def _rows(values: tuple[int, ...] | array[int], config: Config, name: str) -> list[dict[str, int]]:
    """Returns table `name`'s rows, each by column name."""
    layout = entity_layout(config)
    table, at = layout.table(name), layout.offset(name)
    names = [column.name for column in table.columns]
    return [
        dict(zip(names, values[at + row * table.width : at + (row + 1) * table.width], strict=True))
        for row in range(table.rows)
    ]


def _objectives_kept(seed: int) -> State:
    """Returns a fresh game's state once every seat has kept an objective."""
    state = GAME.new_game(CONFIG, seed)
    while state.flow.phase is Phase.OBJECTIVES:
        player = GAME.to_act(state)[0]
        state = GAME.apply(state, GAME.legal_actions(state, player)[0])
    return state


def _finished(seed: int) -> State:
    """Returns the end of a random game."""
    chooser = random.Random(seed)
    state = GAME.new_game(CONFIG, seed)
    while not GAME.is_terminal(state):
        player = chooser.choice(GAME.to_act(state))
        state = GAME.apply(state, chooser.choice(GAME.legal_actions(state, player)))
    return state


def test_the_viewer_sees_its_dealt_and_kept_objectives_and_only_that_the_others_kept_one() -> None:
    state = _objectives_kept(5)
    for seat in range(2):
        values = entities(GAME.view(state, seat))
        assert tuple(entity_writer(CONFIG, seat).write(state)) == values
        head = _rows(values, CONFIG, "head")[0]
        assert head["seat"] == seat + 1
        dealt = [OBJECTIVE_IDS[o] for o in state.seats[seat].dealt]
        assert [head["dealt_first"], head["dealt_second"]] == dealt
        seats = _rows(values, CONFIG, "seats")
        own, other = seats[seat], seats[1 - seat]
        assert own["objective_kept"] == other["objective_kept"] == 1
        assert own["objective"] == OBJECTIVE_IDS[str(state.seats[seat].objective)]
        assert other["objective"] == 0  # P2: kept, not shown before the end


def test_every_kept_objective_shows_once_the_game_is_over() -> None:
    state = _finished(2)
    for seat in (0, 1, None):
        values = entities(GAME.view(state, seat))
        rows = _rows(values, CONFIG, "seats")
        kept = [OBJECTIVE_IDS[str(s.objective)] for s in state.seats]
        assert [row["objective"] for row in rows] == kept
        if seat is not None:
            assert tuple(entity_writer(CONFIG, seat).write(state)) == values


def test_a_location_s_row_reads_what_the_state_holds() -> None:
    state = _finished(3)
    values = entities(GAME.view(state, 0))
    for index, location in enumerate(state.locations):
        row = _rows(values, CONFIG, "locations")[index]
        assert row["tile"] == TILE_IDS[location.tile]
        assert [row[f"birds_{c}"] for c in range(3)] == list(location.birds)
        assert [row[f"nested_{c}"] for c in range(3)] == [int(n) for n in location.nested]
        assert [row[f"housed_{c}"] for c in range(3)] == [int(h) for h in location.housed]
        assert row["free_nests"] == location.free_nests
        assert row["removed"] == int(location.removed)
        assert state.feeders is not None
        assert row["birdfeeder"] == int(state.feeders.on[index])


def test_a_spectator_sees_no_objective_before_the_end() -> None:
    state = _objectives_kept(7)
    values = entities(GAME.view(state, None))
    head = _rows(values, CONFIG, "head")[0]
    assert (head["seat"], head["dealt_first"], head["dealt_second"]) == (0, 0, 0)
    seats = _rows(values, CONFIG, "seats")
    assert [row["objective"] for row in seats] == [0, 0]
    assert [row["objective_kept"] for row in seats] == [1, 1]


class _ShowsKeptObjectives(EntityWriter):
    """A broken writer: it shows every seat's kept objective before the game ends."""

    def write(self, state: State) -> array[int]:
        out = super().write(state)
        layout = entity_layout(state.config)
        table, at = layout.table("seats"), layout.offset("seats")
        column = [c.name for c in table.columns].index("objective")
        for index, seat in enumerate(state.seats):
            if seat.objective is not None:
                out[at + index * table.width + column] = OBJECTIVE_IDS[seat.objective]
        return out


def _steps_unlike_the_view(make: Callable[[Config, int], Any], seat: int, seed: int) -> int:
    """Returns at how many steps of a random game the writer's numbers differ from the
    view's entities (the generic suite's comparison)."""
    adapter = adapter_for("perch_bop")
    config = adapter.config(2)
    writer = make(config, seat)
    unlike = 0
    for state, _ in _walk_seen(adapter, 2, seed):
        unlike += tuple(writer.write(state)) != entities(GAME.view(state, seat))
    return unlike


def test_the_comparison_with_the_view_catches_a_writer_that_shows_a_secret() -> None:
    """The check the writers pass (the view's entities at every step) fails a writer that
    shows the others' kept objectives, in the same games the honest writer passes."""
    caught = sum(
        _steps_unlike_the_view(_ShowsKeptObjectives, seat, seed)
        for seed in range(2)
        for seat in range(2)
    )
    assert caught > 0
    shown = sum(
        _steps_unlike_the_view(entity_writer, seat, seed) for seed in range(2) for seat in range(2)
    )
    assert shown == 0
