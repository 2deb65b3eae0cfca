"""The numpy paths give exactly the encoding's numbers and masks."""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from birdgames.adapters import arrays
from birdgames.encoding import (
    DenseFeatures,
    EncodingBoundError,
    Features,
    get_encoding,
)
from birdgames.perch_bop import encoding as perch_encoding
from birdgames.rookery import encoding as rookery_encoding
from tests.conformance.adapters import EngineAdapter
from tests.encoding.test_encoding import CASES, IDS
from tests.encoding.test_information_state import _walk_seen
from tests.profile import PROFILE


@pytest.mark.parametrize(("label", "adapter", "players"), CASES, ids=IDS)
def test_array_observations_equal_the_encoding_s(
    label: str, adapter: EngineAdapter, players: int
) -> None:
    """observe_array and encode_many give observe's numbers; legal_index's
    keys are the mask's True entries."""
    game, encoding = adapter.game, get_encoding(adapter.game.name)
    config = adapter.config(players)
    size, actions = encoding.observation_size(config), encoding.num_actions(config)
    views = []
    for step, (state, _) in enumerate(_walk_seen(adapter, players, 17)):
        if step % 5:
            continue
        for seat in (*range(players), None):
            view = game.view(state, seat)
            views.append(view)
            expected = encoding.observe(view)
            assert np.array_equal(
                arrays.observe_array(encoding, view, size), np.array(expected, np.float32)
            )
        for seat in range(players):
            legal = arrays.legal_index(game, encoding, state, seat)
            mask = arrays.mask_array(legal, actions)
            assert mask.tolist() == [int(x) for x in encoding.legal_mask(state, seat)]
            assert all(encoding.decode(state, seat, i) == a for i, a in legal.items())
    rows = arrays.encode_many(encoding, views, size)
    assert rows.shape == (len(views), size)
    assert np.array_equal(rows[-1], arrays.observe_array(encoding, views[-1], size))


@pytest.mark.parametrize(("label", "adapter", "players"), CASES, ids=IDS)
def test_kept_parts_give_the_plain_encoders_numbers_over_whole_games(
    label: str, adapter: EngineAdapter, players: int
) -> None:
    """At every step of random games, every seat's and the spectator's observe_array (which
    reuses the numbers of parts a step left alone) equals the plain Features path, and
    legal_index (indices remembered per action object) equals encode over legal_actions."""
    game, encoding = adapter.game, get_encoding(adapter.game.name)
    config = adapter.config(players)
    size = encoding.observation_size(config)
    for seed in range(1 if PROFILE == "quick" else 2):
        rng = random.Random(seed)
        state = game.new_game(config, seed)
        while True:
            for seat in (*range(players), None):
                view = game.view(state, seat)
                plain = Features()
                encoding.fill_observation(plain, view)
                expected = np.array(plain.done(size), np.float32)
                assert np.array_equal(arrays.observe_array(encoding, view, size), expected)
            for seat in game.to_act(state):
                legal = game.legal_actions(state, seat)
                assert arrays.legal_index(game, encoding, state, seat) == {
                    encoding.encode(state, action): action for action in legal
                }
            if game.is_terminal(state):
                break
            seat = rng.choice(game.to_act(state))
            state = game.apply(state, rng.choice(game.legal_actions(state, seat)))


@pytest.mark.parametrize(("label", "adapter", "players"), CASES, ids=IDS)
def test_seat_observers_give_the_view_s_numbers_over_whole_games(
    label: str, adapter: EngineAdapter, players: int
) -> None:
    """At every step of random games, each seat's SeatObserver, kept for the whole game (so
    it writes over its last observation straight from the state), gives the numbers of that
    seat's view."""
    game, encoding = adapter.game, get_encoding(adapter.game.name)
    config = adapter.config(players)
    size = encoding.observation_size(config)
    for seed in range(2):
        observers = [
            arrays.SeatObserver(game, encoding, config, seat, size) for seat in range(players)
        ]
        for state, _ in _walk_seen(adapter, players, seed):
            for seat, observer in enumerate(observers):
                expected = arrays.observe_array(encoding, game.view(state, seat), size)
                assert np.array_equal(observer.observe(state), expected), (seed, seat)


@pytest.mark.parametrize("name", ["perch_bop", "peacock", "rookery"])
def test_a_seat_observer_is_exact_for_states_in_any_order(name: str) -> None:
    """Fed the states of two games shuffled together, a seat's writer still gives each
    state's own numbers: nothing of the state before stands in for a different one."""
    adapter = next(a for label, a, players in CASES if a.game.name == name)
    game, encoding = adapter.game, get_encoding(name)
    config = adapter.config(2)
    size = encoding.observation_size(config)
    states = [state for seed in (3, 4) for state, _ in _walk_seen(adapter, 2, seed)]
    random.Random(5).shuffle(states)
    observer = arrays.SeatObserver(game, encoding, config, 1, size)
    for state in states:
        expected = arrays.observe_array(encoding, game.view(state, 1), size)
        assert np.array_equal(observer.observe(state), expected)


class _ShowsEveryPredator(rookery_encoding.StateWriter):
    """A broken Rookery writer: it shows the other player's face-down predators too."""

    def _write_zone(self, at: int, zone: Any, controller: int | None) -> None:
        size = rookery_encoding._ZONE_SIZE
        super()._write_zone(at, zone, controller)
        own = self.buffer[at : at + size]
        seat, self.seat = self.seat, 1 - self.seat
        try:
            super()._write_zone(at, zone, controller)
        finally:
            self.seat = seat
        self.buffer[at : at + size] = array(
            "f", [max(a, b) for a, b in zip(own, self.buffer[at : at + size], strict=True)]
        )


class _ShowsKeptObjectives(perch_encoding.StateWriter):
    """A broken Perch writer: it shows every seat's kept objective before the game ends."""

    def write(self, state: Any) -> array[float]:
        out = super().write(state)
        start = perch_encoding._parts(state.config).at["objectives"][0]
        width = len(perch_encoding.OBJECTIVE_IDS)
        for index, seat in enumerate(state.seats):
            if seat.objective is not None:
                where = perch_encoding.OBJECTIVE_IDS.index(seat.objective)
                out[start + (2 + index) * width + where] = 1.0
        return out


def _positions_unlike_the_view(
    name: str, make: Callable[[Any, int], Any], seat: int, seed: int
) -> int:
    adapter = next(a for label, a, players in CASES if a.game.name == name)
    game, encoding = adapter.game, get_encoding(name)
    config = adapter.config(2)
    size, writer = encoding.observation_size(config), make(config, seat)
    unlike = 0
    for state, _ in _walk_seen(adapter, 2, seed):
        written = np.frombuffer(writer.write(state), np.float32)
        unlike += not np.array_equal(
            written, arrays.observe_array(encoding, game.view(state, seat), size)
        )
    return unlike


@pytest.mark.parametrize(
    ("name", "broken", "honest"),
    [
        ("rookery", lambda config, seat: _ShowsEveryPredator(seat), rookery_encoding.state_writer),
        ("perch_bop", _ShowsKeptObjectives, perch_encoding.state_writer),
    ],
)
def test_the_comparison_with_the_view_catches_a_writer_that_shows_a_secret(
    name: str, broken: Callable[[Any, int], Any], honest: Callable[[Any, int], Any]
) -> None:
    """The check the writers pass (the view's numbers at every step) fails a writer that
    shows a secret, in the same games: Rookery's other player's face-down predators,
    Perch's other seats' kept objectives."""
    caught = sum(
        _positions_unlike_the_view(name, broken, seat, seed)
        for seed in range(2)
        for seat in range(2)
    )
    assert caught > 0
    shown = sum(
        _positions_unlike_the_view(name, honest, seat, seed)
        for seed in range(2)
        for seat in range(2)
    )
    assert shown == 0


def _written(
    fill: Callable[[Features, object], None], item: object, out: DenseFeatures
) -> list[float]:
    out.write_over(fill, item)
    return out.buffer.tolist()


def test_a_part_stands_only_where_an_equal_one_was_written_by_the_same_writer() -> None:
    """An equal part at the same place keeps its numbers (its writer is not called); moved
    to another place, or under another writer, it is written anew; a changed part is
    written again, keeping its own equal inner parts; rows that went away become zeros."""
    calls: list[object] = []

    def counted(out: Features, item: tuple[int, ...]) -> None:
        calls.append(item)
        out.counts(item, (1, 2, 3))

    def other(out: Features, item: tuple[int, ...]) -> None:
        calls.append(("other", item))
        out.counts(item, (1, 2, 3))

    def rows(out: Features, items: tuple[tuple[int, ...], ...]) -> None:
        out.rows(items, 2, 3, counted, shared=True)

    def fill(out: Features, item: Any) -> None:
        first, second, writer, nested = item
        out.part(first, counted)
        out.part(second, writer)
        out.part(nested, rows)

    out = DenseFeatures(12)
    a, b = (1, 3, 3), (2,)
    assert _written(fill, (a, b, counted, (a, b)), out) == [1, 0, 2, 0, 1, 0, 1, 0, 2, 0, 1, 0]
    assert calls == [a, b, a, b]
    calls.clear()
    # Equal, not identical: the numbers stand.
    assert _written(fill, ((1, 3, 3), (2,), counted, ((1, 3, 3), (2,))), out)[:6] == [
        1,
        0,
        2,
        0,
        1,
        0,
    ]
    assert calls == []
    # Swapped places and another writer: written anew.
    assert _written(fill, (b, a, other, (a,)), out) == [0, 1, 0, 1, 0, 2, 1, 0, 2, 0, 0, 0]
    assert calls == [b, ("other", a)]


def test_an_observer_gives_exact_numbers_for_any_order_of_views() -> None:
    """One observer fed views of different games, seats and moments, in a shuffled order,
    gives the plain encoder's numbers every time (it writes over whatever it wrote last)."""
    rng = random.Random(3)
    for adapter, players in ((a, p) for _, a, p in CASES[:: max(1, len(CASES) // 3)]):
        game, encoding = adapter.game, get_encoding(adapter.game.name)
        config = adapter.config(players)
        size = encoding.observation_size(config)
        views = [
            game.view(state, seat)
            for step, (state, _) in enumerate(_walk_seen(adapter, players, 5))
            if step % 3 == 0
            for seat in (*range(players), None)
        ]
        rng.shuffle(views)
        observer = arrays.Observer(encoding, size)
        for view in views:
            plain = Features()
            encoding.fill_observation(plain, view)
            assert np.array_equal(observer.observe(view), np.array(plain.done(size), np.float32))


def test_a_failed_write_leaves_nothing_to_reuse() -> None:
    """After a write that raised half way (over the numbers of the last one), the next one
    writes every part again: the buffer no longer holds what was written before."""

    def counted(out: Features, item: tuple[int, ...]) -> None:
        out.counts(item, (1, 2))

    def fill(out: Features, item: Any) -> None:
        part, rows = item
        out.part(part, counted)
        out.rows(rows, 1, 1, lambda row, n: row.number(n))

    out = DenseFeatures(3)
    assert _written(fill, ((1,), (5,)), out) == [1, 0, 5]
    with pytest.raises(EncodingBoundError, match="2 rows where 1 fit"):
        out.write_over(fill, ((2, 2), (5, 6)))
    assert _written(fill, ((1,), (5,)), out) == [1, 0, 5]


def test_the_fast_path_still_refuses_what_does_not_fit() -> None:
    """A part with more rows than its bound raises EncodingBoundError through the dense
    path, as through the plain one."""

    def write(out: Features, item: tuple[int, ...]) -> None:
        out.rows(item, 2, 1, lambda row, n: row.number(n), shared=True)

    with pytest.raises(EncodingBoundError, match="3 rows where 2 fit"):
        DenseFeatures(2).part((1, 2, 3), write)
    with pytest.raises(EncodingBoundError, match="3 rows where 2 fit"):
        Features().part((1, 2, 3), write)
