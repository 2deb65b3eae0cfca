"""Encoding bounds hold at the extremes: a maximiser drives every bounded quantity up.

Random play rarely reaches a bound: a seat that drafts every island it can, or a zone that
takes every predator, is what overflows a bound derived too tightly. Here one seat (the
maximiser, a different one each game) plays the legal action that raises its adapter's
`extent` most, every other seat the one that keeps its own lowest (leaving the maximiser
what it wants); along the game, every legal action of every seat to act encodes, decodes
back and is in the mask, and every seat's and the spectator's observation takes the whole
view (the encoders raise EncodingBoundError rather than drop anything).
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Iterator
from typing import Any

import pytest

from birdgames import IllegalActionError, games
from birdgames.encoding import AnyEncoding, EncodingBoundError, get_encoding
from birdgames.peacock import encoding as peacock_encoding
from birdgames.peacock import setup as peacock_setup
from birdgames.peacock.cards import ISLAND_TYPES
from tests.conformance.adapters import EngineAdapter, adapter_for
from tests.profile import PROFILE

GAMES_PER_COUNT = {"quick": 1, "ci": 2, "dev": 6, "soak": 20}[PROFILE]


def _cases() -> list[tuple[EngineAdapter, int]]:
    return [
        (adapter_for(name), players)
        for name in games()
        for players in adapter_for(name).player_counts
    ]


CASES = _cases()
IDS = [f"{adapter.game.name}-{players}p" for adapter, players in CASES]


def _choose(
    adapter: EngineAdapter, state: Any, player: int, maximiser: int, rng: random.Random
) -> Any:
    game, extent = adapter.game, adapter.extent
    assert extent is not None, f"{game.name}'s test adapter has no extent"
    legal = game.legal_actions(state, player)
    sign = 1 if player == maximiser else -1
    scored = [
        (sign * extent(game.apply(state, action), maximiser if sign > 0 else player), i)
        for i, action in enumerate(legal)
    ]
    best = max(score for score, _ in scored)
    return legal[rng.choice([i for score, i in scored if score == best])]


def extreme_game(adapter: EngineAdapter, players: int, seed: int) -> Iterator[Any]:
    """Yields every state of one game in which seat `seed % players` maximises its extent."""
    game = adapter.game
    rng = random.Random(seed)
    maximiser = seed % players
    state = game.new_game(adapter.config(players), seed)
    yield state
    while not game.is_terminal(state):
        player = rng.choice(game.to_act(state))
        state = game.apply(state, _choose(adapter, state, player, maximiser, rng))
        yield state


def check_encodes_whole(adapter: EngineAdapter, encoding: AnyEncoding, state: Any) -> None:
    """Every legal action of every seat to act has its index; every view observes whole,
    and each seat's state writer gives its view's numbers."""
    game = adapter.game
    players = len(game.view(state, None).seats)
    for player in game.to_act(state):
        mask = encoding.legal_mask(state, player)
        legal = game.legal_actions(state, player)
        indices = [encoding.encode(state, action) for action in legal]
        assert sorted(indices) == [i for i, flag in enumerate(mask) if flag]
        for action, index in zip(legal[:3] + legal[-3:], indices[:3] + indices[-3:], strict=True):
            assert encoding.decode(state, player, index) == action
    size = encoding.observation_size(state.config)
    for viewer in (*range(players), None):
        observed = encoding.observe(game.view(state, viewer))
        assert len(observed) == size
        if viewer is not None:
            written = encoding.state_writer(state.config, viewer).write(state)
            assert written == array("f", observed)


@pytest.mark.parametrize(("adapter", "players"), CASES, ids=IDS)
def test_encoding_holds_every_state_a_maximiser_reaches(
    adapter: EngineAdapter, players: int
) -> None:
    """No legal state, however extreme, is refused or cut short by the encoding."""
    encoding = get_encoding(adapter.game.name)
    for seed in range(GAMES_PER_COUNT):
        for state in extreme_game(adapter, players, seed):
            check_encodes_whole(adapter, encoding, state)


def test_the_peacock_maximiser_drafts_and_places_every_island_it_can() -> None:
    """At 4 players the maximiser ends with 3 + 7 + 8 + 8 = 26 groups, the derived bound."""
    adapter = adapter_for("peacock")
    final = list(extreme_game(adapter, 4, 0))[-1]
    assert len(final.seats[0].groups) == peacock_setup.max_groups(4) == 26


def _old_max_groups(players: int) -> int:
    """The bound that forgot two of the three starting islands."""
    islands = sum(i.copies_2p if players == 2 else i.copies for i in ISLAND_TYPES)
    return 1 + min(peacock_encoding.PICKS_PER_GAME, islands)


def test_the_maximiser_check_finds_the_bound_that_forgot_the_starting_islands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the old Peacock bound (25 groups at 4 players), the check fails on a legal state."""
    monkeypatch.setattr(peacock_encoding, "max_groups", _old_max_groups)
    peacock_encoding._layout.cache_clear()
    try:
        adapter = adapter_for("peacock")
        refused = (EncodingBoundError, IllegalActionError)
        with pytest.raises(refused, match=r"rows where 25 fit|no place in this game"):
            for state in extreme_game(adapter, 4, 0):
                check_encodes_whole(adapter, peacock_encoding.ENCODING, state)
    finally:
        peacock_encoding._layout.cache_clear()
