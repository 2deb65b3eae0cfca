"""GreedyPolicy: one step of lookahead on the game's evaluation, from the seat's view only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

from birdgames.bots.support import advantages, support_for
from birdgames.core import AnyGame
from birdgames.rng import Rng, below

A = TypeVar("A")


@attrs.frozen
class GreedyPolicy:
    """Takes the action whose result the game's `evaluate` likes best for its seat.

    Each legal action is applied to `samples` determinizations of what the seat knows and
    the resulting views are valued for every player: the seat's value less the best of the
    others', averaged. Ties go to a uniformly random one of the best. `config` is the game's
    config when the determinizer needs it (Rookery's decklists); None means the standard one.
    `samples` None takes the game's default (see `BotSupport.greedy_samples`); `evaluate`
    `(view, player) -> value` replaces the game's evaluation.
    """

    game: AnyGame
    """The engine the bot plays."""
    config: Any = None
    """The game's config when the determinizer needs it; None: the standard one."""
    samples: int | None = None
    """How many determinizations value each legal action; None: the game's default."""
    evaluate: Callable[[Any, int], float] | None = None
    """`(view, player)` to a value, in place of the game's evaluation; None: the game's."""

    def choose(
        self,
        view: Any,
        legal_actions: Sequence[A],
        visible_history: Sequence[object],
        rng: Rng,
    ) -> tuple[A, Rng]:
        if len(legal_actions) == 1:
            return legal_actions[0], rng
        game = self.game
        support = support_for(game, self.evaluate)
        player: int = view.player
        totals = [0.0] * len(legal_actions)
        samples = support.greedy_samples if self.samples is None else self.samples
        for _ in range(samples):
            state, rng = support.determinize(view, visible_history, self.config, rng)
            players = len(game.scores(state))
            for index, action in enumerate(legal_actions):
                after = game.view(game.apply(state, action), player)
                values = [support.evaluate(after, q) for q in range(players)]
                totals[index] += advantages(values)[player]
        best = max(totals)
        ties = [i for i, total in enumerate(totals) if total == best]
        pick, rng = below(rng, len(ties))
        return legal_actions[ties[pick]], rng
