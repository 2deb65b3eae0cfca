"""Peacock's entity tables: what they read on concrete states, and that the check every
writer passes (the view's entities at every step) catches a writer that shows a secret."""

from __future__ import annotations

from array import array

from birdgames.peacock import GAME, Phase, Season
from birdgames.peacock.actions import DraftCard
from birdgames.peacock.encoding import ENCODING
from birdgames.peacock.entities import (
    CARD_IDS,
    EntityWriter,
    entities,
    entity_layout,
    entity_writer,
)
from birdgames.peacock.setup import max_groups
from birdgames.peacock.state import Config, Seat, State
from tests.conformance.adapters import adapter_for
from tests.encoding.test_information_state import _walk_seen
from tests.peacock.scenarios import flock, fresh, group, position, seat, starting


def _table(values: tuple[int, ...] | array[int], config: Config, name: str) -> list[list[int]]:
    """Returns the rows of table `name` of an entity observation."""
    layout = entity_layout(config)
    table = layout.table(name)
    at = layout.offset(name)
    flat = list(values[at : at + table.size])
    return [flat[k : k + table.width] for k in range(0, table.size, table.width)]


def _held(rows: list[list[int]]) -> list[list[int]]:
    return [row for row in rows if any(row)]


def _column(config: Config, table: str, column: str) -> int:
    return [c.name for c in entity_layout(config).table(table).columns].index(column)


def test_the_viewer_s_hand_shows_by_kind_and_other_hands_only_by_size() -> None:
    """The viewer's hand table holds its own cards (id and count); another seat's row shows
    how many cards its hand holds, and no hand table shows them."""
    state = fresh(2, seed=4)
    config = state.config
    for viewer in (0, 1):
        hand = state.seats[viewer].hand
        expected = {
            CARD_IDS[card]: (hand.birds + hand.islands).count(card)
            for card in hand.birds + hand.islands
        }
        rows = _held(_table(entities(GAME.view(state, viewer)), config, "hand"))
        assert {card: count for card, count in rows} == expected
        seats = _table(entities(GAME.view(state, viewer)), config, "seats")
        other = 1 - viewer
        size = _column(config, "seats", "hand_size")
        theirs = state.seats[other].hand
        assert seats[other][size] == len(theirs.birds) + len(theirs.islands)


def test_another_seat_s_pick_shows_as_committed_without_its_card() -> None:
    """Once seat 1 has picked, seat 0 reads that it has (committed 1) and a pick of 0; seat
    1 reads its own pick's id."""
    state = fresh(2, seed=4)
    card = state.seats[1].hand.birds[0]
    state = GAME.apply(state, DraftCard(1, card))
    config = state.config
    committed = _column(config, "seats", "committed")
    pick = _column(config, "seats", "pick")
    theirs = _table(entities(GAME.view(state, 0)), config, "seats")[1]
    assert (theirs[committed], theirs[pick]) == (1, 0)
    own = _table(entities(GAME.view(state, 1)), config, "seats")[1]
    assert (own[committed], own[pick]) == (1, CARD_IDS[card])
    writer = entity_writer(config, 0)
    assert _table(writer.write(state), config, "seats")[1][pick] == 0


def _with_a_built_group() -> State:
    """Returns a 2-player migration where seat 0's fourth group is a reef with a grove
    tucked blue side up, two puffins on the left and nothing on the right."""
    reef = group("reef", flock("puffin", 2), None, tucks=[("grove", Season.BLUE)])
    return position((seat(starting(reef), aside=["crow", "crow"]), seat()))


def test_a_group_row_and_its_tucks_read_what_the_state_holds() -> None:
    """Seat 0's fourth group reads (seat 1, group 4, reef, puffin, 2, none, 0); its tuck
    reads (seat 1, group 4, grove, blue); its set-aside crows read (seat 1, crow, 2)."""
    state = _with_a_built_group()
    config = state.config
    seen = entities(GAME.view(state, 1))
    groups = _table(seen, config, "groups")
    assert groups[3] == [1, 4, CARD_IDS["reef"], CARD_IDS["puffin"], 2, 0, 0]
    assert groups[0][:3] == [1, 1, CARD_IDS["start_1"]]
    assert _held(_table(seen, config, "tucks")) == [[1, 4, CARD_IDS["grove"], 1]]
    assert _held(_table(seen, config, "aside")) == [[1, CARD_IDS["crow"], 2]]
    assert tuple(entity_writer(config, 1).write(state)) == seen


def test_a_spectator_sees_no_hand_and_no_pick() -> None:
    """The spectator's head reads viewer 0, its hand table is empty and every pick is 0
    though a seat has picked."""
    state = fresh(3, seed=2)
    state = GAME.apply(state, DraftCard(2, state.seats[2].hand.islands[0]))
    config = state.config
    seen = entities(GAME.view(state, None))
    assert _table(seen, config, "head")[0][0] == 0
    assert _held(_table(seen, config, "hand")) == []
    seats = _table(seen, config, "seats")
    assert [row[_column(config, "seats", "pick")] for row in seats] == [0, 0, 0]
    assert seats[2][_column(config, "seats", "committed")] == 1


def test_the_encoding_offers_the_entity_tables_and_bounds_groups_as_the_dense_one() -> None:
    """ENCODING carries the three entity functions; a seat's group rows are the dense
    encoding's group slots (setup.max_groups, which both read)."""
    config = Config(2)
    assert ENCODING.entity_layout(config) is entity_layout(config)
    state = GAME.new_game(config, 0)
    assert ENCODING.entities(GAME.view(state, 0)) == entities(GAME.view(state, 0))
    assert isinstance(ENCODING.entity_writer(config, 0), EntityWriter)
    for players in (2, 3, 4):
        groups = entity_layout(Config(players)).table("groups")
        assert groups.rows == players * max_groups(players)
    assert state.phase is Phase.DRAFT


class _ShowsEverySeat(EntityWriter):
    """A broken writer: it writes every seat's row and hand as if that seat were the viewer,
    so other seats' picks show, and the hand table holds the last seat's hand written."""

    def _write_seat(self, index: int, seat: Seat, migration: bool) -> None:
        viewer, self.seat = self.seat, index
        try:
            super()._write_seat(index, seat, migration)
        finally:
            self.seat = viewer


def _steps_unlike_the_view(make: type[EntityWriter], seat: int, seed: int) -> int:
    """Returns at how many steps of a random 2-player game the writer `make` gives, for
    `seat`, numbers other than the seat's view's entities (the generic suite's check)."""
    adapter = adapter_for("peacock")
    config = adapter.config(2)
    writer = make(config.players, seat)
    unlike = 0
    for state, _ in _walk_seen(adapter, 2, seed):
        unlike += tuple(writer.write(state)) != entities(GAME.view(state, seat))
    return unlike


def test_the_comparison_with_the_view_catches_a_writer_that_shows_a_secret() -> None:
    """The check the writer passes fails a writer that shows another seat's pick or hand,
    in the same games the honest writer passes."""
    games = [(seat, seed) for seed in range(2) for seat in range(2)]
    assert sum(_steps_unlike_the_view(_ShowsEverySeat, seat, seed) for seat, seed in games) > 0
    assert sum(_steps_unlike_the_view(EntityWriter, seat, seed) for seat, seed in games) == 0
