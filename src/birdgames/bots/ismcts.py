"""ISMCTSPolicy: single-observer information-set Monte Carlo tree search over determinizations.

Each iteration samples a full State from what the seat knows (the game's determinizer),
walks one shared tree down it, choosing by UCB among the actions legal in that sample
(counting how often each was available), adds one node, values the position reached with the
game's evaluation (after an optional random rollout) and backs the reward up, each node
scoring for the player whose action it is. The budget is a number of iterations: the
package reads no clock.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, TypeVar

import attrs

from birdgames.bots.support import AnySupport, advantages, squash, support_for
from birdgames.core import AnyGame
from birdgames.rng import Rng, below

A = TypeVar("A")

DEFAULT_ITERATIONS = 200
DEFAULT_EXPLORATION = 0.7


class _Node:
    """Statistics of one action in the tree: reward for its player, visits, availability."""

    __slots__ = ("available", "children", "player", "reward", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        self.children: dict[object, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


def _rewards(game: AnyGame, support: AnySupport, state: Any) -> tuple[float, ...]:
    """Returns each player's reward in [0, 1]: a share of the win once over, else the value."""
    players = len(game.scores(state))
    if game.is_terminal(state):
        winners = game.winners(state)
        return tuple(1.0 / len(winners) if q in winners else 0.0 for q in range(players))
    values = [support.evaluate(game.view(state, q), q) for q in range(players)]
    return tuple(squash(a, support.scale) for a in advantages(values))


@attrs.frozen
class ISMCTSPolicy:
    """Searches `iterations` determinized playouts from the seat's view; takes the most
    visited action.

    `exploration` is the UCB constant (rewards lie in [0, 1]); `rollout_steps` random moves
    are played before a leaf is valued (0: the leaf is valued at once). `config` is the
    game's config when the determinizer needs it (Rookery's decklists); None means the
    standard one.
    """

    game: AnyGame
    config: Any = None
    iterations: int = DEFAULT_ITERATIONS
    exploration: float = DEFAULT_EXPLORATION
    rollout_steps: int = 0

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
        support = support_for(game)
        me: int = view.player
        root = _Node(me)
        for _ in range(self.iterations):
            state, rng = support.determinize(view, visible_history, self.config, rng)
            rng = self._iterate(game, support, root, state, me, legal_actions, rng)
        best = max(
            range(len(legal_actions)),
            key=lambda i: _visits(root, legal_actions[i]),
        )
        return legal_actions[best], rng

    def _iterate(
        self,
        game: AnyGame,
        support: AnySupport,
        root: _Node,
        state: Any,
        me: int,
        root_actions: Sequence[object],
        rng: Rng,
    ) -> Rng:
        """Runs one selection, expansion, evaluation and backup on the sampled `state`."""
        node = root
        path: list[_Node] = []
        legal: Sequence[object] = root_actions
        player = me
        while True:
            untried = [a for a in legal if a not in node.children]
            for action in legal:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            if untried:
                index, rng = below(rng, len(untried))
                action = untried[index]
                child = _Node(player)
                child.available = 1
                node.children[action] = child
                path.append(child)
                state = game.apply(state, action)
                break
            action = self._select(node, legal)
            node = node.children[action]
            path.append(node)
            state = game.apply(state, action)
            if game.is_terminal(state):
                break
            player = game.to_act(state)[0]
            legal = game.legal_actions(state, player)
        for _ in range(self.rollout_steps):
            if game.is_terminal(state):
                break
            mover = game.to_act(state)[0]
            actions = game.legal_actions(state, mover)
            index, rng = below(rng, len(actions))
            state = game.apply(state, actions[index])
        rewards = _rewards(game, support, state)
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.player]
        return rng

    def _select(self, node: _Node, legal: Sequence[object]) -> object:
        """UCB1 over the available children (availability counts replace the parent's visits)."""
        best_action = legal[0]
        best_score = -math.inf
        for action in legal:
            child = node.children[action]
            score = child.reward / child.visits + self.exploration * math.sqrt(
                math.log(child.available) / child.visits
            )
            if score > best_score:
                best_action, best_score = action, score
        return best_action


def _visits(root: _Node, action: object) -> int:
    child = root.children.get(action)
    return 0 if child is None else child.visits
