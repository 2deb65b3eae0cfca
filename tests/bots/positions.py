"""Positions reached by seeded random play, with what the seat to act has seen."""

from __future__ import annotations

from typing import Any

import attrs

from birdgames import AnyGame, sim


@attrs.frozen
class Seen:
    """A state, the seat to act in it and that seat's visible events so far."""

    state: Any
    player: int
    history: tuple[Any, ...]


def reach(game: AnyGame, players: int, seed: int, steps: int) -> Seen:
    """Plays `steps` random actions (fewer if the game ends first) from a seeded new game."""
    config = game.default_config(players)
    state = game.new_game(config, seed)
    histories: list[list[Any]] = [[] for _ in range(players)]
    policies = [sim.RandomPolicy()] * players
    for step in sim.iter_play(game, config, seed, policies, max_actions=steps):
        state = step.state
        for seat in range(players):
            histories[seat].extend(game.visible_events(step.events, seat))
    if game.is_terminal(state):
        raise ValueError(f"the game of seed {seed} ends within {steps} steps")
    player = game.to_act(state)[0]
    return Seen(state, player, tuple(histories[player]))
