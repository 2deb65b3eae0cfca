"""What a bot needs from a game beyond the Game protocol, per registered engine."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeAlias, TypeVar

import attrs

from birdgames.core import AnyGame, InvalidConfigError
from birdgames.peacock import evaluate as peacock_evaluate
from birdgames.peacock import sample as peacock_sample
from birdgames.perch_bop import evaluate as perch_evaluate
from birdgames.perch_bop import sample as perch_sample
from birdgames.rng import Rng, next_u64
from birdgames.rookery import evaluate as rookery_evaluate
from birdgames.rookery import sample as rookery_sample

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
    the one-step evaluation of each root action before it searches (0: none), and
    `value_reached` whether a line is valued at the state the tree reached rather than after
    the one untried action that expands it; `replies` whether the other seats reply by one
    step of lookahead instead of having nodes of their own. `greedy_samples` is how many
    determinizations the greedy bot values each action on.
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
    value_reached: bool = False
    """Whether ISMCTS values a line at the state the tree reached, not after the expanding action.
    """
    replies: bool = False
    """Whether ISMCTS lets the other seats reply by one step of lookahead, not by search."""
    greedy_samples: int = 2
    """How many determinizations the greedy bot values each legal action on."""

    def determinize(
        self, view: ViewT, visible_history: Sequence[EventT], config: ConfigT | None, rng: Rng
    ) -> tuple[StateT, Rng]:
        """Returns a full State sampled, on a seed drawn from `rng`, from what `view` shows."""
        seed, rng = next_u64(rng)
        return self.sample_state(view, visible_history, seed, config), rng


AnySupport: TypeAlias = BotSupport[Any, Any, Any, Any]

# Peacock offers 20-40 migration steps at a time, most worth within a point or two of each
# other: a few hundred iterations neither tell them apart under the usual exploration nor
# survive a random first try of the step after. A low constant and the one-step evaluation as
# a prior make a search that refines the greedy choice, with the seat's own migration steps
# searched first. Once greedy valued unplaced birds in full (93 per player), that search no
# longer beat it (201 games: mean rank 2.00 [1.89, 2.10] to greedy's 2.00): the others' moves
# in its tree got too few visits to be more than random. With them replying by one step of lookahead
# instead, a line shows what a pick leaves them to take; on 30 paired games (seed 7) the
# score against two greedy seats went from 2.2 points behind them to 2.8 ahead.
_PEACOCK = BotSupport(
    peacock_sample.sample_state,
    peacock_evaluate.evaluate,
    10.0,
    exploration=0.1,
    prior_visits=5,
    value_reached=True,
    replies=True,
    # Until the picks are revealed a seat's own action does not depend on what it cannot see,
    # and its view of the others holds nothing hidden: a second determinization mostly repeats
    # the first, at twice the cost.
    greedy_samples=1,
)

_SUPPORT: dict[str, AnySupport] = {
    "peacock": _PEACOCK,
    "perch_bop": BotSupport(perch_sample.sample_state, perch_evaluate.evaluate, 10.0),
    "rookery": BotSupport(rookery_sample.sample_state, rookery_evaluate.evaluate, 20.0),
}


def register(name: str, support: AnySupport) -> None:
    """Makes the bots play the engine called `name` with `support`."""
    _SUPPORT[name] = support


def supports() -> Mapping[str, AnySupport]:
    """Returns the games bots can play, by name."""
    return dict(_SUPPORT)


def support_for(game: AnyGame, evaluate: Callable[[Any, int], float] | None = None) -> AnySupport:
    """Returns the bot support of `game`, with `evaluate` in place of the game's evaluation
    when given; a game without support raises InvalidConfigError."""
    support = _SUPPORT.get(game.name)
    if support is None:
        names = ", ".join(sorted(_SUPPORT))
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
