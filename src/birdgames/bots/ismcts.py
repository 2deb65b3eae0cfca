"""ISMCTSPolicy: single-observer information-set Monte Carlo tree search over determinizations.

Each iteration samples a full State from what the seat knows (the game's determinizer),
walks one shared tree down it, choosing by UCB among the actions legal in that sample
(counting how often each was available; in a simultaneous phase the seat's own steps come
first, so a line plans its whole migration before the others move), adds one node, values
the position reached with the game's evaluation (after an optional random rollout) and
backs the reward up, each node scoring for the player whose action it is. The budget is a
number of iterations: the package reads no clock.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

from birdgames.bots.greedy import GreedyPolicy
from birdgames.bots.support import AnySupport, advantages, squash, support_for
from birdgames.core import AnyGame
from birdgames.rng import Rng, below

A = TypeVar("A")

DEFAULT_ITERATIONS = 200


@attrs.frozen
class _Search:
    """The settings one decision searches with, the game's defaults filled in."""

    exploration: float
    value_reached: bool
    replies: bool
    node_prior: int
    playout: Callable[[Any], bool] | None = None
    """Whether a line goes on from a state before it is valued; None: no playout."""


# A decision that starts from a kept subtree still searches at least this fraction of the
# budget anew, so its own information set gets fresh determinizations.
_LEAST_SHARE = 4


class _Kept:
    """Per seat, the subtree below the action a bot took last, for its next decision."""

    __slots__ = ("trees",)

    def __init__(self) -> None:
        self.trees: dict[int, tuple[tuple[object, ...], _Node]] = {}

    def keep(self, player: int, history: Sequence[object], node: _Node | None) -> None:
        """Keeps `node` when every step the tree took below it is `player`'s own."""
        if node is None or not node.children:
            return
        if all(child.player == player for child in node.children.values()):
            self.trees[player] = (tuple(history), node)

    def drop(self, player: int) -> None:
        """Forgets the subtree kept for `player`."""
        self.trees.pop(player, None)

    def take(self, player: int, history: Sequence[object]) -> _Node | None:
        """Returns the subtree kept for `player` when `history` runs on past the one it was
        kept with (the next decision of the same game, not the same one asked again), once."""
        kept = self.trees.pop(player, None)
        if kept is None or len(history) <= len(kept[0]):
            return None
        if tuple(history[: len(kept[0])]) != kept[0]:
            return None
        return kept[1]


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
    are played before a leaf is valued (0: the leaf is valued at once). `prior_visits` seeds
    each root action with that many visits valued by one step of lookahead on a
    determinization, as the greedy bot values it; `node_prior_visits` does the same for each
    node below the root when a line first reaches it, on that line's determinization, and
    values the line there. With `value_reached` the nodes above a new leaf are valued at the
    state the tree reached, the new leaf alone after its action and rollout. With `replies`
    the tree holds the seat's own actions only: after each, the other seats reply, one move
    each at most, with the move one step of lookahead values best for them on the
    determinization, and the line is valued once the seat acts again or those replies are
    made. With `reuse_tree` a decision that follows the bot's last one for the same seat
    (its visible history running on from that one's) starts from the subtree searched below
    the action taken then, whose visits count towards `iterations`: a migration's steps or a
    draft's picks share one search. Such a decision depends on the bot's previous one too;
    a kept subtree never serves another game, so a game still replays from its seeds. A
    decision the game deems not worth searching (`BotSupport.worth_searching`) is taken by
    one step of lookahead, as `GreedyPolicy` takes it, unless `search_all`. With `playout`
    a line goes on before it is valued, every seat moving by one step of lookahead on the
    determinization, as far as the game's `BotSupport.playout` lets it (Peacock: to the end of
    the draft). None takes the game's default for each (see `BotSupport`). `config` is the
    game's config when the determinizer needs it (Rookery's decklists); None means the
    standard one. `evaluate` `(view, player) -> value` replaces the game's evaluation.
    """

    game: AnyGame
    """The engine the bot plays."""
    config: Any = None
    """The game's config when the determinizer needs it; None: the standard one."""
    iterations: int = DEFAULT_ITERATIONS
    """How many determinized playouts each decision searches."""
    exploration: float | None = None
    """The UCB constant (rewards lie in [0, 1]); None: the game's default."""
    rollout_steps: int = 0
    """Random moves played before a leaf is valued; 0 values the leaf at once."""
    prior_visits: int | None = None
    """Visits each root action starts with, valued by one step of lookahead; None: the game's
    default.
    """
    node_prior_visits: int | None = None
    """Visits each action of a node below the root starts with, valued by one step of
    lookahead when a line first reaches the node (the line is valued there); None: the game's
    default.
    """
    value_reached: bool | None = None
    """Whether the nodes above a new leaf are valued at the state the tree reached; None: the
    game's default.
    """
    replies: bool | None = None
    """Whether the other seats reply by one step of lookahead instead of searching their own
    nodes; None: the game's default.
    """
    reuse_tree: bool | None = None
    """Whether a decision that follows this bot's last one (the same seat, its visible
    history running on from that decision's) starts from the subtree searched below the
    action taken then, its visits counting towards `iterations`; None: the game's default.
    """
    search_all: bool = False
    """Whether every decision is searched, also those the game leaves to one step of
    lookahead (`BotSupport.worth_searching`)."""
    playout: bool = False
    """Whether a line is played out by one step of lookahead for every seat, as far as the
    game's `BotSupport.playout` lets it, before it is valued."""
    evaluate: Callable[[Any, int], float] | None = None
    """`(view, player)` to a value, in place of the game's evaluation; None: the game's."""
    _kept: _Kept = attrs.field(factory=_Kept, init=False, eq=False, repr=False)

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
        me: int = view.player
        if not self.searches(view):
            # A kept subtree was searched below a position this decision has moved on from.
            self._kept.drop(me)
            greedy = GreedyPolicy(game, self.config, evaluate=self.evaluate)
            return greedy.choose(view, legal_actions, visible_history, rng)
        search = _Search(
            support.exploration if self.exploration is None else self.exploration,
            support.value_reached if self.value_reached is None else self.value_reached,
            support.replies if self.replies is None else self.replies,
            support.node_prior_visits if self.node_prior_visits is None else self.node_prior_visits,
            (support.playout or _to_the_end) if self.playout else None,
        )
        reuse_tree = support.reuse_tree if self.reuse_tree is None else self.reuse_tree
        root = self._kept.take(me, visible_history) if reuse_tree else None
        searched = 0
        if root is not None:
            searched = sum(child.visits for child in root.children.values())
        else:
            root = _Node(me)
            prior = support.prior_visits if self.prior_visits is None else self.prior_visits
            if prior > 0:
                rng = _seed_root(
                    game, support, self.config, root, view, visible_history, prior, rng
                )
        for _ in range(max(self.iterations - searched, self.iterations // _LEAST_SHARE)):
            state, rng = support.determinize(view, visible_history, self.config, rng)
            if search.replies:
                rng = _iterate_with_replies(
                    game, support, search, root, state, me, legal_actions, rng
                )
            else:
                rng = self._iterate(game, support, search, root, state, me, legal_actions, rng)
        best = max(range(len(legal_actions)), key=lambda i: _standing(root, legal_actions[i]))
        if reuse_tree:
            self._kept.keep(me, visible_history, root.children.get(legal_actions[best]))
        return legal_actions[best], rng

    def searches(self, view: Any) -> bool:
        """Whether a decision of `view` is searched, not taken by one step of lookahead."""
        worth_searching = support_for(self.game).worth_searching
        return self.search_all or worth_searching is None or worth_searching(view)

    def _iterate(
        self,
        game: AnyGame,
        support: AnySupport,
        search: _Search,
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
        expanded: _Node | None = None
        reached = state
        while True:
            if path and search.node_prior > 0 and not node.children:
                # A node seen for the first time: its actions start from one step of lookahead,
                # so the next lines through it follow its mover's plausible moves rather than
                # random untried ones, and the tree deepens along them.
                _seed_children(game, support, node, state, player, legal, search.node_prior)
                break
            untried, tried = _sort_children(node, legal)
            if untried:
                index, rng = below(rng, len(untried))
                action = untried[index]
                expanded = _Node(player)
                expanded.available = 1
                node.children[action] = expanded
                reached = state
                state = game.apply(state, action)
                break
            action, node = _select(tried, search.exploration)
            path.append(node)
            state = game.apply(state, action)
            reached = state
            if game.is_terminal(state):
                break
            player = _mover(game, state, me)
            legal = game.legal_actions(state, player)
        for _ in range(self.rollout_steps):
            if game.is_terminal(state):
                break
            mover = game.to_act(state)[0]
            actions = game.legal_actions(state, mover)
            index, rng = below(rng, len(actions))
            state = game.apply(state, actions[index])
        if search.playout is not None:
            state = _played_out(game, support, state, search.playout)
        rewards = _rewards(game, support, state)
        if expanded is not None:
            expanded.visits += 1
            expanded.reward += rewards[expanded.player]
            if search.value_reached:
                # The path is valued at the state it reached, not after the one untried
                # action: a random first try would otherwise drag a good line down.
                if search.playout is not None:
                    reached = _played_out(game, support, reached, search.playout)
                rewards = _rewards(game, support, reached)
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.player]
        return rng


def _iterate_with_replies(
    game: AnyGame,
    support: AnySupport,
    search: _Search,
    root: _Node,
    state: Any,
    me: int,
    root_actions: Sequence[object],
    rng: Rng,
) -> Rng:
    """Runs one iteration of a tree of the seat's own actions, the others replying after each.

    A tree that also searched the others' moves would spend its few visits per node on their
    poor replies; these replies are what a sensible opponent does, so a line shows what an
    action gives once the others have answered it (in a draft: what they take instead).
    """
    node = root
    path: list[_Node] = []
    legal: Sequence[object] = root_actions
    while True:
        if path and search.node_prior > 0 and not node.children:
            # A node seen for the first time: its actions start from one step of lookahead
            # (as in `_iterate`), and the line is valued here.
            _seed_children(game, support, node, state, me, legal, search.node_prior)
            break
        untried, tried = _sort_children(node, legal)
        if untried:
            index, rng = below(rng, len(untried))
            action = untried[index]
            leaf = _Node(me)
            leaf.available = 1
            node.children[action] = leaf
            path.append(leaf)
            state = _replied(game, support, game.apply(state, action), me)
            break
        action, node = _select(tried, search.exploration)
        path.append(node)
        state = _replied(game, support, game.apply(state, action), me)
        if game.is_terminal(state) or me not in game.to_act(state):
            break
        legal = game.legal_actions(state, me)
    if search.playout is not None:
        state = _played_out(game, support, state, search.playout)
    reward = _rewards(game, support, state)[me]
    for visited in path:
        visited.visits += 1
        visited.reward += reward
    return rng


def _replied(game: AnyGame, support: AnySupport, state: Any, me: int) -> Any:
    """Returns `state` once the other seats have replied, each at most once, until `me` acts."""
    replied: set[int] = set()
    while not game.is_terminal(state):
        acting = game.to_act(state)
        if me in acting:
            break
        waiting = [player for player in acting if player not in replied]
        if not waiting:
            break
        player = waiting[0]
        replied.add(player)
        state = game.apply(state, _best_reply(game, support, state, player))
    return state


def _played_out(
    game: AnyGame, support: AnySupport, state: Any, goes_on: Callable[[Any], bool]
) -> Any:
    """Returns `state` once every seat has moved by one step of lookahead for as long as
    `goes_on` holds: what the line leads to when all play as the greedy bot would."""
    while not game.is_terminal(state) and goes_on(state):
        state = game.apply(state, _best_reply(game, support, state, game.to_act(state)[0]))
    return state


def _to_the_end(state: object) -> bool:
    """A playout that goes on until the game ends."""
    return True


def _best_reply(game: AnyGame, support: AnySupport, state: Any, player: int) -> object:
    """Returns the first of `player`'s actions whose result its own value likes best."""
    legal = game.legal_actions(state, player)
    best = legal[0]
    if len(legal) == 1:
        return best
    best_value = -math.inf
    for action in legal:
        value = support.evaluate(game.view(game.apply(state, action), player), player)
        if value > best_value:
            best, best_value = action, value
    return best


def _mover(game: AnyGame, state: Any, me: int) -> int:
    """Returns who moves next in the tree: the searching seat whenever it is among those to
    act, so its own steps of a simultaneous phase follow one another (any interleaving of
    the players' steps gives the same state), else the first to act."""
    acting = game.to_act(state)
    return me if me in acting else acting[0]


def _sort_children(
    node: _Node, legal: Sequence[object]
) -> tuple[list[object], list[tuple[object, _Node]]]:
    """Returns the legal actions without a child yet and the (action, child) pairs of the
    others, counting each of those children as available once more."""
    untried: list[object] = []
    tried: list[tuple[object, _Node]] = []
    children = node.children
    for action in legal:
        child = children.get(action)
        if child is None:
            untried.append(action)
        else:
            child.available += 1
            tried.append((action, child))
    return untried, tried


def _select(tried: Sequence[tuple[object, _Node]], exploration: float) -> tuple[object, _Node]:
    """UCB1 over the available children (availability counts replace the parent's visits)."""
    best = tried[0]
    best_score = -math.inf
    for pair in tried:
        child = pair[1]
        score = child.reward / child.visits + exploration * math.sqrt(
            math.log(child.available) / child.visits
        )
        if score > best_score:
            best, best_score = pair, score
    return best


def _seed_root(
    game: AnyGame,
    support: AnySupport,
    config: Any,
    root: _Node,
    view: Any,
    visible_history: Sequence[object],
    prior: int,
    rng: Rng,
) -> Rng:
    """Gives each root action `prior` visits worth its one-step value on a determinization."""
    me: int = view.player
    state, rng = support.determinize(view, visible_history, config, rng)
    _seed_children(game, support, root, state, me, game.legal_actions(state, me), prior)
    return rng


def _seed_children(
    game: AnyGame,
    support: AnySupport,
    node: _Node,
    state: Any,
    mover: int,
    actions: Sequence[object],
    prior: int,
) -> None:
    """Gives `node` a child per action of `mover` in `state`, with `prior` visits worth the
    action's one-step value for `mover` (its value less the best other player's, as the
    greedy bot values it)."""
    players = len(game.scores(state))
    for action in actions:
        after = game.view(game.apply(state, action), mover)
        values = [support.evaluate(after, q) for q in range(players)]
        child = _Node(mover)
        child.visits = child.available = prior
        child.reward = prior * squash(advantages(values)[mover], support.scale)
        node.children[action] = child


def _standing(root: _Node, action: object) -> tuple[int, float]:
    """Ranks a root action by visits, then by mean reward (a prior leaves visits even)."""
    child = root.children.get(action)
    if child is None or child.visits == 0:
        return (0, 0.0)
    return (child.visits, child.reward / child.visits)
