"""Negative numbers in saved states: a -1 where a seat, index or count belongs is refused.

Python reads `seats[-1]` as the last seat, so a load check that asks only `owner < players`
lets a save name seat -1 and play on as if it named another seat: the mutation fuzz, which
asks only that a loaded save plays on legally, cannot tell. Here every int field of a few
saved states of a real game is set to -1, one at a time (each place of a field shape at most
`PER_SHAPE` times); the codec must refuse each, but for the adapter's `signed_fields`.
"""

from __future__ import annotations

import json
import random
from typing import Any, Final

from birdgames import CodecError, codec
from tests.conformance.adapters import EngineAdapter
from tests.conformance.checks import json_paths, json_value
from tests.conformance.mutations import _replace

PER_SHAPE: Final = 3
SAVES: Final = 4


def saved_states(adapter: EngineAdapter, players: int, seed: int) -> list[Any]:
    """Returns a few states of one random game: its start, end and random points between."""
    game = adapter.game
    rng = random.Random(seed)
    states = [game.new_game(adapter.config(players), seed)]
    while not game.is_terminal(states[-1]):
        state = states[-1]
        states.append(
            game.apply(state, rng.choice(game.legal_actions(state, rng.choice(game.to_act(state)))))
        )
    picked = {0, len(states) - 1, *(rng.randrange(len(states)) for _ in range(SAVES - 2))}
    return [states[i] for i in sorted(picked)]


def check_negative_numbers(adapter: EngineAdapter, players: int, seed: int) -> int:
    """Sets int fields of saved states to -1 one at a time; returns how many were tried."""
    tried = 0
    for state in saved_states(adapter, players, seed):
        data = json.loads(codec.dumps(state))
        shapes: dict[tuple[Any, ...], int] = {}
        for path in json_paths(data):
            value = json_value(data, path)
            key = path[-1]
            if type(value) is not int or value < 0 or not isinstance(key, str):
                continue
            if key == "format" or key in adapter.signed_fields:
                continue
            shape = tuple("*" if isinstance(k, int) else k for k in path)
            shapes[shape] = shapes.get(shape, 0) + 1
            if shapes[shape] > PER_SHAPE:
                continue
            tried += 1
            text = json.dumps(_replace(data, path, -1))
            where = "$" + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path)
            try:
                codec.loads(type(state), text)
            except CodecError:
                continue
            except Exception as exc:
                raise AssertionError(
                    f"{adapter.game.name}: -1 at {where} raised {type(exc).__name__}: {exc}"
                ) from exc
            raise AssertionError(f"{adapter.game.name}: a save with -1 at {where} loads")
    return tried
