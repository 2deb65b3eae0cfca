"""Bot seats of the web server: what runs in its worker processes.

A bot is sent the game's save (it lives on the server, like the bot) and its seat; it rebuilds
the seat's view and the events that seat was told, and chooses through a `sim` policy, which
sees nothing else. The answer is the action's JSON document; the server checks it like any
player's.
"""

from __future__ import annotations

from typing import Any, Final

import birdgames
from birdgames import codec, sim
from birdgames.bots import GreedyPolicy, ISMCTSPolicy
from birdgames.rng import Rng

KINDS: Final = ("random", "greedy", "ismcts")
DEFAULT_BUDGET: Final = 200
MAX_BUDGET: Final = 5_000


def describe(kind: str, budget: int | None) -> str:
    """Returns a bot's name as players read it."""
    return f"ISMCTS bot ({budget} playouts)" if kind == "ismcts" else f"{kind} bot"


def policy(game: birdgames.AnyGame, config: Any, kind: str, budget: int | None) -> Any:
    """Returns the `sim` policy of a bot of `kind`."""
    if kind == "random":
        return sim.RandomPolicy()
    if kind == "greedy":
        return GreedyPolicy(game, config)
    if kind == "ismcts":
        return ISMCTSPolicy(game, config, iterations=budget or DEFAULT_BUDGET)
    raise ValueError(f"no bot called {kind!r}")


def choose(saved: str, seat: int, kind: str, budget: int | None, seed: int) -> str:
    """Returns the JSON of the action the bot of `seat` takes in the saved game."""
    record = codec.loads(sim.LiveRecord, saved)
    game = birdgames.get_game(record.game)
    state = game.new_game(record.config, record.seed)
    told: list[Any] = []
    for action in record.actions:
        state, events = game.step(state, action)
        told.extend(game.visible_events(events, seat))
    view = game.view(state, seat)
    legal = game.legal_actions(state, seat)
    action, _ = policy(game, record.config, kind, budget).choose(
        view, legal, tuple(told), Rng.from_seed(seed)
    )
    return codec.dumps(action)
