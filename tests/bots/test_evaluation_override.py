"""A bot given an evaluation plays by it instead of the game's."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from birdgames import get_game, rookery
from birdgames.bots import GreedyPolicy, ISMCTSPolicy
from birdgames.rng import Rng
from tests.bots.positions import reach


def ending_the_turn(view: Any, player: int) -> float:
    """Values a position only by the other player being to act: ending the turn is best."""
    return 1.0 if view.active != player else 0.0


def _play_phase_position() -> Any:
    game = get_game("rookery")
    for steps in range(8, 40):
        seen = reach(game, 2, 3, steps)
        legal = game.legal_actions(seen.state, seen.player)
        if any(isinstance(a, rookery.EndTurn) for a in legal) and len(legal) > 3:
            return seen, legal
    raise AssertionError("no play-phase position with a choice")


@pytest.mark.parametrize("policy_class", [GreedyPolicy, ISMCTSPolicy])
def test_the_given_evaluation_decides_the_move(policy_class: Any) -> None:
    """With an evaluation that likes nothing but the other player being to act, both bots
    end the turn; the game's own evaluation does not value that alone, and the greedy bot
    with it picks something else here."""
    game = get_game("rookery")
    seen, legal = _play_phase_position()
    view = game.view(seen.state, seen.player)
    # No exploration: the search follows the values alone, so a line that plays a card before
    # ending the turn (worth the same a step later) cannot outvisit ending it now.
    kwargs = {"iterations": 60, "exploration": 0.0} if policy_class is ISMCTSPolicy else {}
    bot = policy_class(game, evaluate=ending_the_turn, **kwargs)
    action, _ = bot.choose(view, legal, seen.history, Rng.from_seed(2))
    assert isinstance(action, rookery.EndTurn)
    plain, _ = GreedyPolicy(game).choose(view, legal, seen.history, Rng.from_seed(2))
    assert not isinstance(plain, rookery.EndTurn)


def test_a_bot_with_a_module_level_evaluation_pickles() -> None:
    """The evaluation travels with the bot to a worker process."""
    bot = GreedyPolicy(get_game("rookery"), evaluate=ending_the_turn)
    copy = pickle.loads(pickle.dumps(bot))
    assert copy.evaluate is ending_the_turn
    assert copy.game.name == "rookery"
