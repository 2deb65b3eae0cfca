"""Self-play and replay: policies choose from views, records are save files."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar, cast

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
    registered_game,
)
from birdgames.fields import describe
from birdgames.rng import Rng, below, fork, next_u64

A = TypeVar("A")
ActionT = TypeVar("ActionT", bound=ActionLike)
ConfigT = TypeVar("ConfigT", bound=Tagged)
StateT = TypeVar("StateT")
ViewT = TypeVar("ViewT")
EventT = TypeVar("EventT")
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
# The type parameters of Match's constructors, of their own: pyright leaves the class's own
# unsolved (Unknown) in a classmethod called on the bare class, `sim.Match.start(...)`.
_C = TypeVar("_C", bound=Tagged)
_S = TypeVar("_S")
_A = TypeVar("_A", bound=ActionLike)
_V = TypeVar("_V")
_E = TypeVar("_E")
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
        if not isinstance(rng, Rng):
            raise InvalidConfigError(f"rng must be an Rng, not {describe(rng)}")
        if not isinstance(legal_actions, Sequence) or not legal_actions:
            raise InvalidConfigError(
                f"legal_actions must be a non-empty sequence, not {describe(legal_actions)}"
            )
        index, rng = below(rng, len(legal_actions))
        return legal_actions[index], rng


@attrs.frozen
class Record:
    """A whole game: enough to replay it exactly; the save file format.

    Its seed fixes every shuffle, so it tells every hand and deck: publish it only once the
    game is over (a game in progress is a `LiveRecord`, kept on the server).
    """

    kind: ClassVar[str] = "birdgames.record"

    game: str
    """The engine's registered name, as `get_game` takes it."""
    config: Tagged
    """The game's config, tagged with its kind so any engine's loads back."""
    seed: int = attrs.field(metadata=codec.HEX)
    """The seed of `new_game`; it fixes every shuffle, hence every hidden card."""
    actions: tuple[ActionLike, ...]
    """Every action of the game, in the order they were applied."""
    scores: tuple[int, ...]
    """Each seat's final score."""
    winners: tuple[int, ...]
    """The winning seats (more than one on a tie)."""


codec.register(Record)


# --- arguments: wrongly typed ones are refused with the library's own errors -------------
# Untyped callers exist (notebooks, other languages through bindings): a str for a step
# count or None for a record must be named in an InvalidConfigError or CodecError, never
# surface as a TypeError from deep inside. A bool is no int here.


def _count(value: object, what: str, least: int = 0) -> int:
    if type(value) is not int or value < least:
        raise InvalidConfigError(
            f"{what} must be an int of at least {least}, not {describe(value)}"
        )
    return value


def _engine(game: object) -> None:
    if not isinstance(getattr(game, "name", None), str) or not callable(
        getattr(game, "new_game", None)
    ):
        raise InvalidConfigError(f"game must be a birdgames engine, not {describe(game)}")


def _policies(policies: object) -> None:
    if not isinstance(policies, Sequence) or isinstance(policies, str):
        raise InvalidConfigError(
            f"policies must be a sequence of policies, not {describe(policies)}"
        )
    for policy in policies:
        if not callable(getattr(policy, "choose", None)):
            raise InvalidConfigError(f"{describe(policy)} is no policy: it has no choose method")


def _saved(saved: object, kinds: tuple[type, ...], what: str) -> None:
    if not isinstance(saved, kinds):
        names = " or ".join(kind.__name__ for kind in kinds)
        raise CodecError(f"{what} must be a {names}, not {describe(saved)}")


def policy_rng(seed: int, player: int) -> Rng:
    """Returns the generator `play` gives `player`'s policy for a game seeded `seed`."""
    return fork(Rng.from_seed(check_seed(seed)), _count(player, "player") + 1)


@attrs.frozen
class Step(Generic[StateT, ActionT, EventT]):
    """One move of a self-played game: the action, what happened, and the state after it."""

    action: ActionT
    """The action applied."""
    events: tuple[EventT, ...]
    """What the action caused, for every player; filter with `visible_events`."""
    state: StateT
    """The state after the action."""


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
    _engine(game)
    _policies(policies)
    if max_actions is not None:
        _count(max_actions, "max_actions")
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
    _engine(game)
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
    _engine(game)
    _saved(record, (Record, LiveRecord), "record")
    if upto is not None:
        _count(upto, "upto")
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
    _saved(record, (Record,), "record")
    if type(finished) is not bool:
        raise InvalidConfigError(f"finished must be True or False, not {describe(finished)}")
    if game is None:
        try:
            game = registered_game(record.game)
        except InvalidConfigError:
            raise CodecError(f"the record is of an unknown game {_cut(record.game)}") from None
    else:
        _engine(game)
        if record.game != game.name:
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


# --- Live games -----------------------------------------------------------------------------


@attrs.frozen
class LiveRecord:
    """A game in progress as a save file: config, seed and every action so far.

    It holds secrets: the seed fixes every shuffle, so whoever holds it can replay the game
    and read every hand and deck. Keep it on the server; send each client its view and its
    visible events instead.
    """

    kind: ClassVar[str] = "birdgames.live_record"

    game: str
    """The engine's registered name, as `get_game` takes it."""
    config: Tagged
    """The game's config, tagged with its kind so any engine's loads back."""
    seed: int = attrs.field(metadata=codec.HEX)
    """The seed of `new_game`; it fixes every shuffle, hence every hidden card."""
    actions: tuple[ActionLike, ...]
    """Every action taken so far, in order."""


codec.register(LiveRecord)


@attrs.frozen
class Match(Generic[ConfigT, StateT, ActionT, ViewT, EventT]):
    """A game in progress: its engine, config, seed, every action so far and the state now.

    Immutable: `play` and `undo` return a new Match. `save` writes a `LiveRecord` and
    `Match.resume` reads one back; `record` exports the finished game as a `Record`. Like
    a State, a Match holds every secret of the game (see `LiveRecord`): show a player only
    `view(player)` and the events `visible_events` gives them.
    """

    game: Game[ConfigT, StateT, ActionT, ViewT, EventT]
    """The engine that plays the game."""
    config: ConfigT
    """The game's config."""
    seed: int
    """The seed of `new_game`; it fixes every shuffle, hence every hidden card."""
    actions: tuple[ActionT, ...]
    """Every action taken so far, in order; replaying them from the seed gives `state`."""
    state: StateT
    """The state now, holding every secret of the game."""

    @classmethod
    def start(
        cls, game: Game[_C, _S, _A, _V, _E], config: _C, seed: int
    ) -> Match[_C, _S, _A, _V, _E]:
        """Returns a new game of `config` dealt from `seed`, no action taken yet."""
        seed = check_seed(seed)
        _engine(game)
        return Match(game, config, seed, (), game.new_game(config, seed))

    @property
    def steps(self) -> int:
        """How many actions have been taken."""
        return len(self.actions)

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.game.is_terminal(self.state)

    def to_act(self) -> tuple[int, ...]:
        """Returns the players with a decision now."""
        return self.game.to_act(self.state)

    def legal_actions(self, player: int) -> tuple[ActionT, ...]:
        """Returns the legal actions of `player` now."""
        return self.game.legal_actions(self.state, player)

    def view(self, player: int | None) -> ViewT:
        """Returns what `player` (None: a spectator) sees now: what to send a client."""
        return self.game.view(self.state, player)

    def play(
        self, action: ActionT
    ) -> tuple[Match[ConfigT, StateT, ActionT, ViewT, EventT], tuple[EventT, ...]]:
        """Returns the match after `action` and every event of the step (omniscient: pass
        them through `game.visible_events` before showing them). An illegal action raises
        `IllegalActionError` and leaves this match as it was."""
        state, events = self.game.step(self.state, action)
        return attrs.evolve(self, actions=(*self.actions, action), state=state), events

    def rewind(self, steps: int) -> Match[ConfigT, StateT, ActionT, ViewT, EventT]:
        """Returns the match as it was after its first `steps` actions, rebuilt by replay.

        Going back across a draw and playing on deals the same cards again: the seed fixes
        them, so an undo shows a player what the deck held.
        """
        if type(steps) is not int or not 0 <= steps <= len(self.actions):
            raise InvalidConfigError(
                f"this match has {len(self.actions)} steps; cannot rewind to step {describe(steps)}"
            )
        state = self.game.new_game(self.config, self.seed)
        for action in self.actions[:steps]:
            state = self.game.apply(state, action)
        return attrs.evolve(self, actions=self.actions[:steps], state=state)

    def undo(self, steps: int = 1) -> Match[ConfigT, StateT, ActionT, ViewT, EventT]:
        """Returns the match without its last `steps` actions (see `rewind`)."""
        if type(steps) is not int or steps < 0:
            raise InvalidConfigError(f"cannot undo {describe(steps)} steps")
        return self.rewind(len(self.actions) - steps)

    def save(self) -> LiveRecord:
        """Returns the save file of this match (`codec.dumps` it); it holds every secret."""
        return LiveRecord(self.game.name, self.config, self.seed, self.actions)

    @classmethod
    def resume(
        cls,
        game: Game[_C, _S, _A, _V, _E],
        saved: LiveRecord | Record,
    ) -> Match[_C, _S, _A, _V, _E]:
        """Returns the match a save file (or a finished game's Record) describes, replayed.

        Raises `CodecError` when the file is of another game, its config and seed start no
        game, or an action is foreign, illegal or comes after the end.
        """
        _engine(game)
        _saved(saved, (LiveRecord, Record), "the save")
        if saved.game != game.name:
            raise CodecError(f"the save is of {_cut(saved.game)}, not {game.name}")
        config = saved.config
        if not isinstance(config, game.config_type):
            raise CodecError(f"the save's config is not a {game.name} config")
        try:
            limit = game.max_actions(config)
            match = Match.start(game, config, saved.seed)
        except BirdgamesError as error:
            raise CodecError(f"the save's config and seed start no game: {error}") from None
        if len(saved.actions) > limit:
            raise CodecError(f"the save has {len(saved.actions)} actions, more than {limit}")
        for index, action in enumerate(saved.actions):
            if not isinstance(action, game.action_types):
                raise CodecError(f"action {index} is not a {game.name} action")
            if match.is_terminal:
                raise CodecError(f"action {index} comes after the end of the game")
            try:
                match = match.play(action)[0]
            except IllegalActionError as error:
                raise CodecError(f"action {index} is illegal: {error.reason}") from None
        return match

    def record(self) -> Record:
        """Returns the finished game's Record; a game not over raises `InvalidConfigError`."""
        if not self.is_terminal:
            raise InvalidConfigError(
                f"the game is not over after {len(self.actions)} steps; save() keeps it instead"
            )
        return Record(
            game=self.game.name,
            config=self.config,
            seed=self.seed,
            actions=self.actions,
            scores=self.game.scores(self.state),
            winners=self.game.winners(self.state),
        )


# --- Tournaments ----------------------------------------------------------------------------

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)

Z_95: Final = 1.959963984540054  # the normal quantile of a two-sided 95% interval


class FutureLike(Protocol[T_co]):
    """A pending result, as `concurrent.futures.Future` and Dask's `Future` are."""

    def result(self) -> T_co: ...


class Executor(Protocol):
    """Runs a function elsewhere: `concurrent.futures.Executor`, a Dask `Client` and the like.

    Only `submit(fn, *args)` and the returned future's `result()` are used; everything
    submitted is a module-level function and picklable arguments.
    """

    def submit(self, fn: Callable[..., T], /, *args: Any) -> FutureLike[T]: ...


@attrs.frozen
class Estimate:
    """A mean over `count` observations with its 95% interval [low, high]."""

    mean: float
    """The mean of the observations."""
    low: float
    """The low end of the 95% interval."""
    high: float
    """The high end of the 95% interval."""
    count: int
    """How many observations the mean is over."""


def _mean_interval(values: Sequence[float]) -> Estimate:
    """Returns the mean and its normal-approximation 95% interval (0 wide below 2 values)."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = math.fsum(values) / n
    if n < 2:
        return Estimate(mean, mean, mean, n)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z_95 * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half, n)


def _rate_interval(values: Sequence[float]) -> Estimate:
    """Returns the share of wins (values in [0, 1]) and its Wilson 95% interval."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = math.fsum(values) / n
    z2 = Z_95 * Z_95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z_95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)


@attrs.frozen
class GameResult:
    """One tournament game: its seed, who sat where (policy names), scores, winners, length."""

    seed: int
    """The game's seed."""
    seating: tuple[str, ...]
    """The name of the policy in each seat."""
    scores: tuple[int, ...]
    """Each seat's final score."""
    winners: tuple[int, ...]
    """The winning seats (more than one on a tie)."""
    actions: int
    """How many actions the game took."""

    def win_shares(self) -> tuple[float, ...]:
        """Returns each seat's share of the win: 1/k for each of k winners, else 0."""
        return tuple(
            1.0 / len(self.winners) if seat in self.winners else 0.0
            for seat in range(len(self.scores))
        )

    def ranks(self) -> tuple[float, ...]:
        """Returns each seat's rank by score, 1 the best; tied seats share the mean rank."""
        out: list[float] = []
        for score in self.scores:
            above = sum(1 for s in self.scores if s > score)
            level = sum(1 for s in self.scores if s == score)
            out.append(above + (level + 1) / 2)
        return tuple(out)


@attrs.frozen
class SeatStats:
    """How one seat fared over a tournament, whoever sat there."""

    seat: int
    """The seat, 0 first."""
    win_rate: Estimate
    """The seat's share of the wins (a tie shares a win)."""
    mean_score: Estimate
    """The seat's mean final score."""


@attrs.frozen
class PolicyStats:
    """How one policy fared over a tournament, over every seat it took (pooled by name)."""

    name: str
    """The policy's name in the tournament."""
    win_rate: Estimate
    """The policy's share of the wins (a tie shares a win)."""
    mean_score: Estimate
    """The policy's mean final score."""
    mean_rank: Estimate
    """The policy's mean rank by score, 1 the best."""


@attrs.frozen
class TournamentResult:
    """A tournament's table: per seat, per policy, game lengths, and every game's result."""

    game: str
    """The engine's registered name."""
    seats: tuple[SeatStats, ...]
    """How each seat fared, in seat order."""
    policies: tuple[PolicyStats, ...]
    """How each policy fared, pooled over the seats it took."""
    length: Estimate
    """The number of actions per game."""
    results: tuple[GameResult, ...]
    """Every game's result, in the order played."""

    def table(self) -> str:
        """Returns the table as aligned text, intervals in brackets."""

        def pct(e: Estimate) -> str:
            return f"{100 * e.mean:5.1f}% [{100 * e.low:5.1f}, {100 * e.high:5.1f}]"

        def num(e: Estimate) -> str:
            return f"{e.mean:6.2f} [{e.low:6.2f}, {e.high:6.2f}]"

        width = max(6, *(len(p.name) for p in self.policies))
        lines = [
            f"{self.game}: {len(self.results)} games, seats rotated, 95% intervals",
            f"{'policy':<{width}}  {'seats':>5}  {'win rate':<22}  {'mean score':<22}  mean rank",
        ]
        for p in self.policies:
            lines.append(
                f"{p.name:<{width}}  {p.win_rate.count:>5}  {pct(p.win_rate)}  "
                f"{num(p.mean_score)}  {num(p.mean_rank)}"
            )
        for s in self.seats:
            lines.append(
                f"{f'seat {s.seat}':<{width}}  {s.win_rate.count:>5}  {pct(s.win_rate)}  "
                f"{num(s.mean_score)}"
            )
        lines.append(f"game length (actions): {num(self.length)}")
        return "\n".join(lines)


def policy_name(policy: object) -> str:
    """Returns the name a tournament gives a policy by default: its class name."""
    return type(policy).__name__


def tournament_seeds(seed: int, games: int) -> tuple[int, ...]:
    """Returns the seeds of `games` games drawn from one tournament seed."""
    rng = Rng.from_seed(check_seed(seed))
    out: list[int] = []
    for _ in range(_count(games, "games")):
        value, rng = next_u64(rng)
        out.append(value)
    return tuple(out)


def play_result(
    game: Game[ConfigT, StateT, ActionT, ViewT, EventT],
    config: ConfigT,
    seed: int,
    policies: Sequence[Policy[ViewT, ActionT, EventT]],
    seating: tuple[str, ...],
) -> GameResult:
    """Plays one game and returns its result (what a tournament submits, once per game)."""
    if not isinstance(seating, tuple) or not all(isinstance(name, str) for name in seating):
        raise InvalidConfigError(f"seating must be a tuple of names, not {describe(seating)}")
    record = play(game, config, seed, policies)
    return GameResult(seed, seating, record.scores, record.winners, len(record.actions))


def tournament(
    game: Game[ConfigT, StateT, ActionT, ViewT, EventT],
    config: ConfigT,
    policies: Sequence[Policy[ViewT, ActionT, EventT]],
    games: int,
    seeds: int | Sequence[int],
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
    *,
    names: Sequence[str] | None = None,
) -> TournamentResult:
    """Plays `games` games and returns per-seat and per-policy win rates, mean scores and
    ranks, and game lengths, each with its 95% interval.

    `policies` lists one policy per seat; in game i policy j sits at seat (i + j) mod
    players, so over a multiple of the player count every policy takes every seat equally.
    `seeds` is one tournament seed (each game's seed drawn from it) or one seed per game.
    Policies are pooled by `names` (default: class names), so three `RandomPolicy` seats
    make one row. A shared win counts 1/k to each of its k winners. Games run one after the
    other unless an `executor` (a `concurrent.futures` pool, a Dask `Client`) is given; each
    is then submitted as `play_result` with picklable arguments. The table is the same for
    the same seeds whatever runs it. `progress(done, total)` is called after each game.
    """
    _engine(game)
    _policies(policies)
    players = len(policies)
    if names is not None and (
        not isinstance(names, Sequence) or not all(isinstance(name, str) for name in names)
    ):
        raise InvalidConfigError(f"names must be a sequence of names, not {describe(names)}")
    labels = tuple(policy_name(p) for p in policies) if names is None else tuple(names)
    if len(labels) != players:
        raise InvalidConfigError(f"{players} policies need {players} names, not {len(labels)}")
    games = _count(games, "a tournament's games", least=1)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise InvalidConfigError(f"executor must have a submit method, not {describe(executor)}")
    if progress is not None and not callable(progress):
        raise InvalidConfigError(f"progress must be callable, not {describe(progress)}")
    if type(seeds) is int:
        game_seeds = tournament_seeds(seeds, games)
    elif not isinstance(seeds, Sequence) or isinstance(seeds, str):
        raise InvalidConfigError(
            f"seeds must be an int or a sequence of ints, not {describe(seeds)}"
        )
    else:
        game_seeds = tuple(check_seed(s) for s in seeds)
        if len(game_seeds) != games:
            raise InvalidConfigError(f"{games} games need {games} seeds, not {len(game_seeds)}")
    jobs: list[tuple[int, tuple[Policy[ViewT, ActionT, EventT], ...], tuple[str, ...]]] = []
    for i, seed in enumerate(game_seeds):
        # Seat s holds policy (s - i) mod players: policy j sits at seat (i + j) mod players.
        order = [(seat - i) % players for seat in range(players)]
        jobs.append((seed, tuple(policies[j] for j in order), tuple(labels[j] for j in order)))
    results: list[GameResult] = []
    if executor is None:
        for seed, seated, seating in jobs:
            results.append(play_result(game, config, seed, seated, seating))
            if progress is not None:
                progress(len(results), games)
    else:
        futures = [
            executor.submit(play_result, game, config, seed, seated, seating)
            for seed, seated, seating in jobs
        ]
        for future in futures:
            results.append(future.result())
            if progress is not None:
                progress(len(results), games)
    return summarize(game.name, results)


def summarize(game: str, results: Sequence[GameResult]) -> TournamentResult:
    """Returns the tournament table of `results` (in their order)."""
    if not isinstance(game, str):
        raise InvalidConfigError(f"game must be a game's name, not {describe(game)}")
    if (
        not isinstance(results, Sequence)
        or not results
        or not all(isinstance(r, GameResult) for r in results)
    ):
        raise InvalidConfigError(
            f"results must be a non-empty sequence of GameResult, not {describe(results)}"
        )
    players = len(results[0].scores)
    seats = tuple(
        SeatStats(
            seat,
            _rate_interval([r.win_shares()[seat] for r in results]),
            _mean_interval([float(r.scores[seat]) for r in results]),
        )
        for seat in range(players)
    )
    names = sorted({name for r in results for name in r.seating})
    rows: list[PolicyStats] = []
    for name in names:
        wins: list[float] = []
        scores: list[float] = []
        ranks: list[float] = []
        for r in results:
            shares, order = r.win_shares(), r.ranks()
            for seat, sitting in enumerate(r.seating):
                if sitting == name:
                    wins.append(shares[seat])
                    scores.append(float(r.scores[seat]))
                    ranks.append(order[seat])
        rows.append(
            PolicyStats(name, _rate_interval(wins), _mean_interval(scores), _mean_interval(ranks))
        )
    length = _mean_interval([float(r.actions) for r in results])
    return TournamentResult(game, seats, tuple(rows), length, tuple(results))
