"""What a bot needs from a game beyond the Game protocol, per registered engine.

Each game ships its `BotSupport` as `BOT_SUPPORT` in the module its registration names
(`core.GameModules.bots`); `register` adds or replaces one by hand.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeAlias, TypeVar

import attrs

from birdgames.core import AnyGame, InvalidConfigError, registered_modules
from birdgames.rng import Rng, next_u64

ConfigT = TypeVar("ConfigT")
StateT = TypeVar("StateT")
ViewT = TypeVar("ViewT")
EventT = TypeVar("EventT")


@attrs.frozen
class BotSupport(Generic[ConfigT, StateT, ViewT, EventT]):
    """A game's determinizer and evaluation, and the scale of its evaluation's differences.

    `sample_state(view, history, seed, config)` returns a full State consistent with what the
    view's seat knows (config None: the game's standard one); `evaluate(view, player)` values
    the position for `player`; `scale` is a difference of values that matters about as much
    as a game's typical winning margin. The rest are ISMCTS's defaults for the game:
    `exploration` its UCB constant, `prior_visits` how many visits' worth of trust it gives
    the one-step evaluation of each root action before it searches (0: none),
    `node_prior_visits` the same for the actions of each node below the root when a line
    first reaches it, and `value_reached` whether a line is valued at the state the tree
    reached rather than after the one untried action that expands it; `replies` whether the
    other seats reply by one step of lookahead instead of having nodes of their own;
    `reuse_tree` whether a decision that follows the seat's last one starts from the subtree
    searched below the action taken; `worth_searching(view)` whether ISMCTS searches a
    decision at all (None: every one), the others taken by one step of lookahead as the greedy
    bot takes them; `playout(state)` whether a line a search plays out (`ISMCTSPolicy.playout`)
    goes on from `state`. `greedy_samples` is how many determinizations the greedy bot values
    each action on.
    """

    sample_state: Callable[[ViewT, Sequence[EventT], int, ConfigT | None], StateT]
    """`(view, history, seed, config)` to a full State consistent with what the view's seat knows.
    """
    evaluate: Callable[[ViewT, int], float]
    """`(view, player)` to the value of the position for `player`."""
    scale: float
    """A difference of values that matters about as much as a typical winning margin."""
    exploration: float = 0.7
    """ISMCTS's UCB constant for the game."""
    prior_visits: int = 0
    """How many visits' worth of trust ISMCTS gives each root action's one-step evaluation (0:
    none).
    """
    node_prior_visits: int = 0
    """How many visits' worth of trust ISMCTS gives the one-step evaluation of each action of a
    node below the root, when a line first reaches it (0: none).
    """
    value_reached: bool = False
    """Whether ISMCTS values a line at the state the tree reached, not after the expanding action.
    """
    replies: bool = False
    """Whether ISMCTS lets the other seats reply by one step of lookahead, not by search."""
    reuse_tree: bool = False
    """Whether ISMCTS starts a decision that follows its own last one from the subtree it
    searched below the action it took, and searches only what the budget has left."""
    greedy_samples: int = 2
    """How many determinizations the greedy bot values each legal action on."""
    worth_searching: Callable[[ViewT], bool] | None = None
    """`view` to whether ISMCTS searches the decision; one it does not is taken by one step of
    lookahead, as the greedy bot takes it. None: every decision is searched."""
    playout: Callable[[StateT], bool] | None = None
    """`state` to whether a line ISMCTS plays out goes on from it, every seat moving by one step
    of lookahead; None: to the game's end."""

    def determinize(
        self, view: ViewT, visible_history: Sequence[EventT], config: ConfigT | None, rng: Rng
    ) -> tuple[StateT, Rng]:
        """Returns a full State sampled, on a seed drawn from `rng`, from what `view` shows."""
        seed, rng = next_u64(rng)
        return self.sample_state(view, visible_history, seed, config), rng


AnySupport: TypeAlias = BotSupport[Any, Any, Any, Any]

# Supports registered by hand, and those of registered games once first asked for.
_SUPPORT: dict[str, AnySupport] = {}


def register(name: str, support: AnySupport) -> None:
    """Makes the bots play the engine called `name` with `support`."""
    _SUPPORT[name] = support


def _support_named(name: str) -> AnySupport | None:
    support = _SUPPORT.get(name)
    if support is None:
        modules = registered_modules().get(name)
        if modules is not None and modules.bots is not None:
            support = importlib.import_module(modules.bots).BOT_SUPPORT
            _SUPPORT[name] = support
    return support


def supports() -> Mapping[str, AnySupport]:
    """Returns the games bots can play, by name."""
    for name in registered_modules():
        _support_named(name)
    return dict(_SUPPORT)


def support_for(game: AnyGame, evaluate: Callable[[Any, int], float] | None = None) -> AnySupport:
    """Returns the bot support of `game`, with `evaluate` in place of the game's evaluation
    when given; a game without support raises InvalidConfigError."""
    support = _support_named(game.name)
    if support is None:
        names = ", ".join(sorted(supports()))
        raise InvalidConfigError(f"bots cannot play {game.name} yet; they play {names}")
    return support if evaluate is None else attrs.evolve(support, evaluate=evaluate)


def advantages(values: Sequence[float]) -> tuple[float, ...]:
    """Returns each player's value less the best of the others' (alone: the value itself)."""
    if len(values) == 1:
        return (values[0],)
    out: list[float] = []
    for player, value in enumerate(values):
        others = max(v for q, v in enumerate(values) if q != player)
        out.append(value - others)
    return tuple(out)


def squash(advantage: float, scale: float) -> float:
    """Returns a reward in (0, 1) that grows with `advantage`, 0.5 at even."""
    return 0.5 + 0.5 * math.tanh(advantage / scale)
