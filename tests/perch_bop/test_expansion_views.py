"""Birdfeeders and the Sun and Moon in views, events, saved documents and self-play."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import cast

import pytest

from birdgames import CodecError, codec, sim
from birdgames.perch_bop import GAME, Config, State
from birdgames.perch_bop.actions import Action
from birdgames.perch_bop.cards import POINTS_IN_THE_SKY, SEEDS_THE_DAY
from birdgames.perch_bop.events import (
    BirdfeederLost,
    BirdfeederTaken,
    Event,
    SkyMoved,
    TileEffect,
)
from birdgames.perch_bop.view import View
from tests.rules import rule

BOTH = frozenset({SEEDS_THE_DAY, POINTS_IN_THE_SKY})


def played(players: int, seed: int, expansions: frozenset[str] = BOTH) -> sim.Record:
    config = Config(players=players, expansions=expansions)
    return sim.play(GAME, config, seed, [sim.RandomPolicy() for _ in range(players)])


def steps(players: int, seed: int) -> Iterator[tuple[State, tuple[Event, ...]]]:
    """Replays a random game with both expansions, yielding each step's state and events."""
    record = played(players, seed)
    state = GAME.new_game(Config(players=players, expansions=BOTH), seed)
    for action in record.actions:
        state, events = GAME.step(state, cast(Action, action))
        yield state, events


@rule("perch_bop", "P2")
def test_every_seat_and_spectators_see_the_birdfeeders_and_the_sky() -> None:
    """Both are public (P2): each view, the spectator's too, shows the state's own."""
    record = played(3, 4)
    state = sim.replay(GAME, record, upto=len(record.actions) // 2)
    assert state.feeders is not None and state.sky is not None
    for player in (None, 0, 1, 2):
        seen = GAME.view(state, player)
        assert seen.birdfeeders == state.feeders and seen.sky == state.sky
        assert codec.loads(View, codec.dumps(seen)) == seen


def test_base_game_views_have_neither() -> None:
    """Without the expansions the view says so with None."""
    state = GAME.new_game(Config(players=3), 0)
    seen = GAME.view(state, 0)
    assert seen.birdfeeders is None and seen.sky is None and seen.expansions == frozenset()


def test_expansion_events_are_public_and_said_in_words() -> None:
    """Birdfeeder and Sun/Moon events reach every seat unchanged, each a readable line."""
    seen: list[object] = []
    for _, events in steps(2, 7):
        for event in events:
            if isinstance(event, BirdfeederTaken | BirdfeederLost | SkyMoved):
                for viewer in (None, 0, 1):
                    assert GAME.visible_events((event,), viewer) == (event,)
                assert str(event) and "perch_bop" not in str(event)
                seen.append(event)
    kinds = {type(e) for e in seen}
    assert {BirdfeederTaken, SkyMoved} <= kinds


def test_a_format_2_state_is_refused_with_its_format_named() -> None:
    """States are format 4 now; a format-3 one (no promos) still loads, an older one is
    refused, never read with missing parts."""
    state = GAME.new_game(Config(players=3, expansions=BOTH), 0)
    document = json.loads(codec.dumps(state))
    assert document["format"] == 4
    assert codec.loads(State, json.dumps(document)) == state
    del document["promos"]
    document["format"] = 3
    assert codec.loads(State, json.dumps(document)) == state
    document["format"] = 2
    with pytest.raises(CodecError, match="format 2"):
        codec.loads(State, json.dumps(document))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_self_play_takes_birdfeeders_and_scores_under_the_sun_and_moon(
    players: int,
) -> None:
    """Over a few seeds both expansions fire: Birdfeeders taken, Sun and Moon scored."""
    taken = covered = moved = 0
    for seed in range(3):
        state = GAME.new_game(Config(players=players, expansions=BOTH), seed)
        for after, events in steps(players, seed):
            state = after
            taken += sum(isinstance(e, BirdfeederTaken) for e in events)
            moved += sum(isinstance(e, SkyMoved) for e in events)
            covered += sum(isinstance(e, TileEffect) and "covers it" in e.effect for e in events)
        assert state.feeders is not None
        assert sum(state.feeders.on) < len(state.locations)
    assert taken > 0 and covered == 3 * 5 * 2 and moved == 3 * 4 * 2
