"""Work for a spawned process pool: module-level, so a spawned worker can import it."""

from __future__ import annotations

from typing import Any

import pyspiel


def play_a_few_steps(game: Any, steps: int) -> tuple[str, int, list[int]]:
    """Returns the game's string, its player count and the actions of a short first-legal
    playout of `game`, which reached this process by pickle."""
    state = game.new_initial_state()
    actions = []
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            joint = [state.legal_actions(p)[0] for p in range(game.num_players())]
            actions.extend(joint)
            state.apply_actions(joint)
            continue
        action = state.legal_actions()[0]
        actions.append(action)
        state.apply_action(action)
    return str(game), game.num_players(), actions
