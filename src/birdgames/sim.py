"""Self-play and replay: policies choose from views, records are save files."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar, Generic, Protocol, TypeVar, cast

import attrs

from birdgames import codec
from birdgames.core import ActionLike, Game, InvalidConfigError, Tagged, check_seed
from birdgames.rng import Rng, below, fork

A = TypeVar("A")
ActionT = TypeVar("ActionT", bound=ActionLike)
ConfigT = TypeVar("ConfigT", bound=Tagged)
StateT = TypeVar("StateT")
ViewT = TypeVar("ViewT")
EventT = TypeVar("EventT")
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
EventT_contra = TypeVar("EventT_contra", contravariant=True)


class Policy(Protocol[ViewT_contra, A, EventT_contra]):
    """Chooses one of `legal_actions` seeing only its player's view and visible events."""

    def choose(
        self,
        view: ViewT_contra,
        legal_actions: Sequence[A],
        visible_history: Sequence[EventT_contra],
        rng: Rng,
    ) -> tuple[A, Rng]: ...


class RandomPolicy:
    """Picks uniformly among the legal actions."""

    def choose(
        self,
        view: object,
        legal_actions: Sequence[A],
        visible_history: Sequence[object],
        rng: Rng,
    ) -> tuple[A, Rng]:
        index, rng = below(rng, len(legal_actions))
        return legal_actions[index], rng


@attrs.frozen
class Record:
    """A whole game: enough to replay it exactly; the save file format."""

    kind: ClassVar[str] = "birdgames.record"

    game: str
    config: Tagged
    seed: int = attrs.field(metadata=codec.HEX)
    actions: tuple[ActionLike, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]


codec.register(Record)


def policy_rng(seed: int, player: int) -> Rng:
    """Returns the generator `play` gives `player`'s policy for a game seeded `seed`."""
    return fork(Rng.from_seed(seed), player + 1)


@attrs.frozen
class Step(Generic[StateT, ActionT, EventT]):
    """One move of a self-played game: the action, what happened, and the state after it."""

    action: ActionT
    events: tuple[EventT, ...]
    state: StateT


def iter_play(
    game: Game[ConfigT, StateT, ActionT, ViewT, EventT],
    config: ConfigT,
    seed: int,
    policies: Sequence[Policy[ViewT, ActionT, EventT]],
    *,
    max_actions: int | None = None,
) -> Iterator[Step[StateT, ActionT, EventT]]:
    """Yields each step of a self-played game, in order, until it ends.

    When several players are to act (simultaneous phases) the lowest seat moves first.
    `max_actions` stops early (at most that many steps).
    """
    seed = check_seed(seed)  # every seed played is one a Record can hold
    state = game.new_game(config, seed)
    players = len(game.scores(state))
    if len(policies) != players:
        raise InvalidConfigError(f"{game.name} with {players} players needs {players} policies")
    rngs = [policy_rng(seed, player) for player in range(players)]
    histories: list[list[EventT]] = [[] for _ in range(players)]
    limit = game.max_actions(config) if max_actions is None else max_actions
    taken = 0
    while not game.is_terminal(state) and taken < limit:
        player = game.to_act(state)[0]
        legal = game.legal_actions(state, player)
        action, rngs[player] = policies[player].choose(
            game.view(state, player), legal, tuple(histories[player]), rngs[player]
        )
        state, events = game.step(state, action)
        taken += 1
        for seat in range(players):
            histories[seat].extend(game.visible_events(events, seat))
        yield Step(action, events, state)


def play(
    game: Game[ConfigT, StateT, ActionT, ViewT, EventT],
    config: ConfigT,
    seed: int,
    policies: Sequence[Policy[ViewT, ActionT, EventT]],
    *,
    max_actions: int | None = None,
) -> Record:
    """Plays one game to its end (or `max_actions` steps) and returns its record."""
    seed = check_seed(seed)
    state = game.new_game(config, seed)
    actions: list[ActionT] = []
    for step in iter_play(game, config, seed, policies, max_actions=max_actions):
        actions.append(step.action)
        state = step.state
    return Record(
        game=game.name,
        config=config,
        seed=seed,
        actions=tuple(actions),
        scores=game.scores(state),
        winners=game.winners(state),
    )


def replay(
    game: Game[ConfigT, StateT, ActionT, ViewT, EventT], record: Record, upto: int | None = None
) -> StateT:
    """Returns the state after the first `upto` actions of `record` (all by default)."""
    if record.game != game.name:
        raise InvalidConfigError(f"this record is of {record.game}, not {game.name}")
    # The record's config and actions were loaded by tag; the engine refuses foreign ones.
    state = game.new_game(cast(ConfigT, record.config), record.seed)
    for action in record.actions[:upto]:
        state = game.apply(state, cast(ActionT, action))
    return state
