"""Information states: a seat's observation plus a fixed-size summary of the events it has
seen, for every engine, player count and config variant."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from birdgames import games
from birdgames.encoding import get_encoding, information_state, information_state_size
from tests.conformance.adapters import EngineAdapter, adapter_for
from tests.encoding.test_encoding import CASES, IDS


def _walk_seen(
    adapter: EngineAdapter, players: int, seed: int
) -> Iterator[tuple[Any, tuple[tuple[Any, ...], ...]]]:
    """Yields every state of a random game with each seat's visible events so far."""
    game = adapter.game
    chooser = random.Random(seed)
    state = game.new_game(adapter.config(players), seed)
    seen: tuple[tuple[Any, ...], ...] = ((),) * players
    yield state, seen
    while not game.is_terminal(state):
        player = chooser.choice(game.to_act(state))
        state, events = game.step(state, chooser.choice(game.legal_actions(state, player)))
        seen = tuple((*s, *game.visible_events(events, p)) for p, s in enumerate(seen))
        yield state, seen


@pytest.mark.parametrize(("label", "adapter", "players"), CASES, ids=IDS)
def test_information_states_have_the_declared_length_and_hide_secrets(
    label: str, adapter: EngineAdapter, players: int
) -> None:
    """information_state has information_state_size floats, starts with the observation,
    and does not change when what the seat cannot see changes."""
    game, encoding = adapter.game, get_encoding(adapter.game.name)
    config = adapter.config(players)
    size = information_state_size(encoding, config)
    assert size == encoding.observation_size(config) + encoding.summary_size(config)
    changed = 0
    last: tuple[float, ...] = ()
    for step, (state, seen) in enumerate(_walk_seen(adapter, players, 7)):
        if step % 11:
            continue
        for player in range(players):
            view = game.view(state, player)
            numbers = information_state(encoding, view, seen[player])
            assert len(numbers) == size
            assert all(isinstance(x, float) for x in numbers)
            assert numbers[: encoding.observation_size(config)] == encoding.observe(view)
            other = adapter.perturb_hidden(state, player, step)
            changed += other != state
            assert information_state(encoding, game.view(other, player), seen[player]) == numbers
        last = information_state(encoding, game.view(state, 0), seen[0])
    assert changed > 0
    assert any(last[encoding.observation_size(config) :])  # the summary filled in


@pytest.mark.parametrize("name", sorted(games()))
def test_the_summary_fields_tile_the_summary(name: str) -> None:
    """summary_fields lie end to end, named and explained, and add up to summary_size."""
    adapter = adapter_for(name)
    module = __import__(f"birdgames.{name}.encoding", fromlist=["summary_fields"])
    for players in adapter.player_counts:
        config = adapter.config(players)
        fields = module.summary_fields(config)
        offset = 0
        for field in fields:
            assert field.offset == offset and field.size > 0 and field.name and field.meaning
            offset += field.size
        assert offset == get_encoding(name).summary_size(config)


@pytest.mark.parametrize("name", sorted(games()))
def test_the_summary_remembers_what_the_view_forgets(name: str) -> None:
    """Two points of a game with equal views would still differ in the summary: it counts
    the events seen, which only grow."""
    adapter = adapter_for(name)
    encoding = get_encoding(name)
    walk = list(_walk_seen(adapter, 2, 3))
    state, seen = walk[-1]
    view = adapter.game.view(state, 0)
    early = encoding.summarize(view, seen[0][: len(seen[0]) // 2])
    assert encoding.summarize(view, seen[0]) != early


@pytest.mark.parametrize(("label", "adapter", "players"), CASES, ids=IDS)
def test_a_summary_extended_by_later_events_is_the_summary_of_them_all(
    label: str, adapter: EngineAdapter, players: int
) -> None:
    """summarize(view, later, start=summary of the earlier events) gives, number for number,
    summarize(view, all of them): at every step of a random game, for every seat, extended
    step by step and from a random split."""
    encoding = get_encoding(adapter.game.name)
    split = random.Random(players)
    kept: list[tuple[float, ...]] = [()] * players
    before: tuple[tuple[Any, ...], ...] = ((),) * players
    steps = 0
    for state, seen in _walk_seen(adapter, players, 11):
        for player in range(players):
            view = adapter.game.view(state, player)
            whole = encoding.summarize(view, seen[player])
            new = seen[player][len(before[player]) :]
            kept[player] = encoding.summarize(view, new, kept[player])
            assert kept[player] == whole
            k = split.randrange(len(seen[player]) + 1)
            early = encoding.summarize(view, seen[player][:k])
            assert encoding.summarize(view, seen[player][k:], early) == whole
        before = seen
        steps += 1
    assert steps > 20 and any(kept[0])


@pytest.mark.parametrize("name", sorted(games()))
def test_a_summary_to_extend_of_the_wrong_length_is_refused(name: str) -> None:
    adapter = adapter_for(name)
    encoding = get_encoding(name)
    config = adapter.config(2)
    view = adapter.game.view(adapter.game.new_game(config, 1), 0)
    size = encoding.summary_size(config)
    assert len(encoding.summarize(view, (), (0.5,) * size)) == size
    with pytest.raises(ValueError, match=f"has {size} numbers, not {size - 1}"):
        encoding.summarize(view, (), (0.0,) * (size - 1))
