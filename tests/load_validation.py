"""Helpers shared by every engine's load-validation tests: reach a state, refuse its save."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import pytest

from birdgames import AnyGame, CodecError, codec

S = TypeVar("S")


def random_states(game: AnyGame, players: int, seed: int) -> Iterator[Any]:
    """Yields every state of a random game, from the start to the end."""
    chooser = random.Random(seed)
    state = game.new_game(game.default_config(players), seed)
    yield state
    while not game.is_terminal(state):
        player = chooser.choice(game.to_act(state))
        state = game.apply(state, chooser.choice(game.legal_actions(state, player)))
        yield state


def find_state(game: AnyGame, players: int, seeds: int, found: Callable[[Any], bool]) -> Any:
    """Returns the first state, over random games seeded 0 to `seeds` - 1, that is `found`."""
    for seed in range(seeds):
        for state in random_states(game, players, seed):
            if found(state):
                return state
    raise AssertionError("no random game reached such a state")


def check_refused(state_type: type[S], state: S, message: str) -> None:
    """Loading `state`'s save raises CodecError matching `message`."""
    with pytest.raises(CodecError, match=message):
        codec.loads(state_type, codec.dumps(state))
