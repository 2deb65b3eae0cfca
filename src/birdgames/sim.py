"""Self-play and replay: policies choose from views, records are save files."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar, Generic, Protocol, TypeVar, cast

import attrs

from birdgames import codec
from birdgames.core import (
    ActionLike,
    AnyGame,
    BirdgamesError,
    CodecError,
    Game,
    IllegalActionError,
    InvalidConfigError,
    Tagged,
    check_seed,
    get_game,
)
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
    """Returns the state after the first `upto` actions of `record` (all by default).

    It trusts the record's scores and winners and stops at the first illegal action with
    `IllegalActionError`; `verify` checks a record from an untrusted source against itself.
    """
    if record.game != game.name:
        raise InvalidConfigError(f"this record is of {record.game}, not {game.name}")
    # The record's config and actions were loaded by tag; the engine refuses foreign ones.
    state = game.new_game(cast(ConfigT, record.config), record.seed)
    for action in record.actions[:upto]:
        state = game.apply(state, cast(ActionT, action))
    return state


def _cut(value: object, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def verify(record: Record, game: AnyGame | None = None, *, finished: bool = True) -> None:
    """Raises `CodecError` unless replaying `record` gives exactly the game it describes.

    Checks the game's name, that config and seed start a game, the number of actions against
    `max_actions`, every action's legality in turn, that the game is over after the last one
    (unless `finished` is False, for a game stopped early) and the recorded scores and
    winners. `game` defaults to the registered engine that `record.game` names.
    """
    if game is None:
        try:
            game = get_game(record.game)
        except InvalidConfigError:
            raise CodecError(f"the record is of an unknown game {_cut(record.game)}") from None
    elif record.game != game.name:
        raise CodecError(f"the record is of {_cut(record.game)}, not {game.name}")
    try:
        limit = game.max_actions(record.config)
        state = game.new_game(record.config, record.seed)
    except BirdgamesError as error:
        raise CodecError(f"the record's config and seed start no game: {error}") from None
    if len(record.actions) > limit:
        raise CodecError(
            f"the record has {len(record.actions)} actions, more than any game of its config "
            f"({limit})"
        )
    for index, action in enumerate(record.actions):
        if game.is_terminal(state):
            raise CodecError(f"action {index} comes after the end of the game")
        try:
            state = game.apply(state, action)
        except IllegalActionError as error:
            raise CodecError(f"action {index} is illegal: {error.reason}") from None
    if finished and not game.is_terminal(state):
        raise CodecError(f"the game is not over after the record's {len(record.actions)} actions")
    for name, recorded, replayed in (
        ("scores", record.scores, game.scores(state)),
        ("winners", record.winners, game.winners(state)),
    ):
        if recorded != replayed:
            raise CodecError(f"record says {name} {_cut(recorded)}, replay gives {_cut(replayed)}")
