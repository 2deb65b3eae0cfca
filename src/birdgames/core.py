"""The Game protocol, the error family and the registry games join (`register_game`).

This module names no game: `birdgames.registry` registers the bundled ones.
"""

from __future__ import annotations

import enum
import importlib
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Final, Generic, Protocol, TypeAlias, TypeVar

import attrs

from birdgames.fields import describe, describe_action

PlayerId: TypeAlias = int

ConfigT = TypeVar("ConfigT")
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ViewT_co = TypeVar("ViewT_co", covariant=True)
EventT = TypeVar("EventT")
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
ActionT_contra = TypeVar("ActionT_contra", contravariant=True)
EventT_contra = TypeVar("EventT_contra", contravariant=True)
StateT_contra = TypeVar("StateT_contra", contravariant=True)


class BirdgamesError(ValueError):
    """Base of every error birdgames raises on purpose."""


_SHOWN_REASON: Final = 500


class IllegalActionError(BirdgamesError):
    """An action the rules do not allow now; `.reason` says why in a sentence.

    The message names the action safely: a wrongly typed or huge field is shown cut, and
    the action's own str is only used when every field has its declared type.
    """

    def __init__(self, action: object, reason: str) -> None:
        shown = reason if len(reason) <= _SHOWN_REASON else f"{reason[:_SHOWN_REASON]}..."
        super().__init__(f"illegal action {describe_action(action)}: {shown}")
        self.action = action
        self.reason = reason


class InvalidConfigError(BirdgamesError):
    """A config, player count, player id or game name that cannot be used."""


class CodecError(BirdgamesError):
    """Text that is not a valid birdgames document for the requested type."""


class Tagged(Protocol):
    """Anything with a permanent namespaced wire tag, such as `"peacock.state"`."""

    # A ClassVar, as every tagged class declares it: pyright does not let a ClassVar
    # satisfy a protocol property.
    kind: ClassVar[str]


ConfigLike: TypeAlias = Tagged
"""What generic code bounds a game's Config type by: `TypeVar("C", bound=ConfigLike)`.

`sim.Match` and `sim.play` need it (a config is written into save files by its tag).
"""


class SeatLike(Protocol):
    """The common part of every game's per-seat view (`ViewLike.seats`): what a generic
    frontend shows for any seat of any game. Anything else needs the game's own SeatView, and
    the type checkers reject a member that not every game's seat has."""

    @property
    def score(self) -> int:
        """The seat's running score (its entry of `ViewLike.scores`)."""
        ...

    @property
    def hand_size(self) -> int:
        """How many cards (or birds) the seat holds in hand; public in every game."""
        ...


class ActionLike(Tagged, Protocol):
    """What every action of every game offers: the acting seat and its wire tag."""

    @property
    def player(self) -> PlayerId: ...


class ViewLike(Tagged, Protocol):
    """The common part of every game's View: what any frontend needs, in the same names.

    Each game's View adds its own detail (board, hands, decks) beside these members.
    """

    @property
    def player(self) -> PlayerId | None:
        """The seat this view is for; None for a spectator."""
        ...

    @property
    def players(self) -> int:
        """How many players sit at the table."""
        ...

    @property
    def seats(self) -> Sequence[SeatLike]:
        """One game-specific part per seat, indexed by seat: what the viewer sees of it."""
        ...

    @property
    def to_act(self) -> tuple[PlayerId, ...]:
        """The seats that have a decision now, ascending; empty once the game is over.

        Several seats at once is a simultaneous phase: each may act in any order.
        """
        ...

    @property
    def phase(self) -> enum.Enum:
        """Where the game stands; each game's own Phase enum (its `OVER` member at the end)."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """The running scores, one per seat (final once the game is over)."""
        ...

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        ...

    @property
    def decision(self) -> object:
        """The pending decision `to_act` must answer before play goes on, or None.

        A game-specific value (Rookery's ambush window, Perch's fountain slot or awaited
        choice); the game's `words.render` says it in words.
        """
        ...


@attrs.frozen
class ScoreLine:
    """Points one seat scored from one source, and the rule they score under."""

    seat: PlayerId
    """The seat the points belong to."""
    points: int
    """How many points."""
    source: str
    """Where they came from, in words a player reads (`"The Mighty Oak Tree: 1st place with
    strength 3, round 2"`)."""
    rule: str
    """The rule id they score under, as the game's rules page cites it (`"§4.1"`, `"R7.4"`)."""


class UnknownIdError(BirdgamesError, KeyError):
    """An id no catalog of the game holds (`Words.rules_text`)."""

    def __str__(self) -> str:
        # KeyError would quote the message; it is a sentence.
        return str(self.args[0]) if self.args else ""


class HistoryMismatchError(BirdgamesError):
    """A history of events that cannot lead to the view it is read with."""


def settle_breakdown(
    scores: Sequence[int], lines: Sequence[ScoreLine], source: str, rule: str
) -> tuple[ScoreLine, ...]:
    """Returns `lines` in seat order, with one line per seat for the points they leave out.

    A breakdown read from a shortened history (or none) still sums to each seat's score: the
    points the lines do not explain become one line saying `source`. Lines that explain more
    than a seat's score cannot come from events that led to these scores.
    """
    result: list[ScoreLine] = []
    for seat, score in enumerate(scores):
        own = [line for line in lines if line.seat == seat]
        explained = sum(line.points for line in own)
        if explained > score:
            raise HistoryMismatchError(
                f"the history gives p{seat} {explained} points but the view shows {score}"
            )
        if explained < score:
            own.insert(0, ScoreLine(seat, score - explained, source, rule))
        result.extend(own)
    return tuple(result)


class Words(Protocol[ViewT_contra, ActionT_contra, EventT_contra]):
    """A game's words: sentences and pictures a player reads, from a view only.

    They take the viewer's view, never the State, so they cannot tell more than the viewer
    may see. Each game's `<game>.words` module offers these as functions and as `WORDS`.
    """

    def card_name(self, card: str) -> str:
        """Returns the display name of a catalog card id (`"Barn Owl"` for `"owl_barn"`)."""
        ...

    def describe_action(self, view: ViewT_contra, action: ActionT_contra) -> str:
        """Returns the action as a sentence naming its cards and places."""
        ...

    def describe_event(self, view: ViewT_contra, event: EventT_contra) -> str:
        """Returns the event as a sentence for the reader of `view`."""
        ...

    def render(self, view: ViewT_contra) -> str:
        """Returns the table as text: the board, the hands the viewer sees, the scores."""
        ...

    def score_breakdown(
        self, view: ViewT_contra, history: Sequence[EventT_contra] = ()
    ) -> tuple[ScoreLine, ...]:
        """Returns each seat's points by source, in seat order; each seat's lines sum to its
        entry of `view.scores`.

        `history` is what `visible_events` told the viewer since the game began, oldest
        first: each scoring event becomes its own line. Points no given event explains (all
        of them with no history) are one line per seat, from what the view shows.
        """
        ...

    def rules_text(self, card: str) -> str:
        """Returns what a catalog id (card, tile, objective, creature, promo) does and how
        it scores, in words; an id no catalog holds raises `UnknownIdError` naming it."""
        ...


class Game(Protocol[ConfigT, StateT, ActionT, ViewT_co, EventT]):
    """The interface every birdgames engine implements (see docs/contract.md)."""

    @property
    def name(self) -> str: ...

    @property
    def player_counts(self) -> tuple[int, ...]: ...

    @property
    def config_type(self) -> type[ConfigT]:
        """The game's Config class: `codec.loads(game.config_type, text)` loads one."""
        ...

    @property
    def state_type(self) -> type[StateT]:
        """The game's State class: `codec.loads(game.state_type, text)` loads a saved state."""
        ...

    @property
    def view_type(self) -> type[ViewT_co]:
        """The game's View class."""
        ...

    @property
    def action_types(self) -> tuple[type[ActionT], ...]:
        """Every action class of the game: `isinstance(codec.loads_action(text), ...)`."""
        ...

    @property
    def event_types(self) -> tuple[type[EventT], ...]:
        """Every event class of the game."""
        ...

    def default_config(self, players: int) -> ConfigT: ...

    def new_game(self, config: ConfigT, seed: int) -> StateT: ...

    def max_actions(self, config: ConfigT) -> int: ...

    def to_act(self, state: StateT) -> tuple[PlayerId, ...]: ...

    def legal_actions(self, state: StateT, player: PlayerId) -> tuple[ActionT, ...]: ...

    def check(self, state: StateT, action: ActionT) -> str | None: ...

    def apply(self, state: StateT, action: ActionT) -> StateT: ...

    def step(self, state: StateT, action: ActionT) -> tuple[StateT, tuple[EventT, ...]]: ...

    def visible_events(
        self, events: tuple[EventT, ...], player: PlayerId | None
    ) -> tuple[EventT, ...]: ...

    def is_terminal(self, state: StateT) -> bool: ...

    def scores(self, state: StateT) -> tuple[int, ...]: ...

    def winners(self, state: StateT) -> tuple[PlayerId, ...]: ...

    def view(self, state: StateT, player: PlayerId | None) -> ViewT_co: ...


AnyGame: TypeAlias = Game[Any, Any, Any, Any, Any]
RegisteredGame: TypeAlias = Game[Any, Any, Any, ViewLike, Any]
"""Any engine, as `get_game` returns it for a name known only at run time: its views are
typed `ViewLike` (the View parameter is covariant), the rest is Any (the Config, State,
Action and Event parameters are invariant, so no one type covers every engine's)."""

AnyWords: TypeAlias = Words[Any, Any, Any]


@attrs.frozen
class GameModules:
    """Where a registered game's parts live (module paths, each imported when first needed)
    and what adapters need to know of its turns."""

    engine: str
    """The module defining the engine as `GAME`."""
    words: str
    """The module defining the game's words as `WORDS`."""
    encoding: str | None = None
    """The module of the game's integer research API: its `ENCODING` and layouts (see
    `birdgames.encoding`); None: the game has none."""
    bots: str | None = None
    """The module defining the game's `BOT_SUPPORT` (see `birdgames.bots`); None: bots cannot
    play it."""
    simultaneous_commit: Callable[[Any], bool] | None = None
    """Whether a state is at a one-commit simultaneous turn ("Turns" in the contract: every
    seat in `to_act` commits one action, resolved together); adapters that model such turns
    as simultaneous moves offer a variant of the game for it. None: the game has none."""


# The registered games in the order games() lists them, and the engines imported so far.
_REGISTERED: Final[dict[str, GameModules]] = {}
_ENGINES: Final[dict[str, RegisteredGame]] = {}
_ENGINES_READ_ONLY: Final = MappingProxyType(_ENGINES)


def register_game(name: str, modules: GameModules) -> None:
    """Makes `games()`, the codec, the encodings and the bots know the game called `name`.

    `birdgames.registry` registers the bundled engines whenever birdgames is imported; a
    name registered again must name the same modules.
    """
    known = _REGISTERED.get(name)
    if known is not None and known != modules:
        raise InvalidConfigError(f"the game {name!r} is already registered from {known.engine}")
    _REGISTERED[name] = modules


def game_modules(name: str) -> GameModules:
    """Returns where the parts of the game called `name` live; an unknown name raises."""
    modules = _REGISTERED.get(name)
    if modules is None:
        known = ", ".join(sorted(_REGISTERED)) or "none"
        raise InvalidConfigError(f"unknown game {name!r}; registered games: {known}")
    return modules


def registered_modules() -> Mapping[str, GameModules]:
    """Returns where the parts of every registered game live, by name."""
    return MappingProxyType(dict(_REGISTERED))


def games() -> Mapping[str, RegisteredGame]:
    """Returns every registered engine by name."""
    if len(_ENGINES) < len(_REGISTERED):
        for name, modules in _REGISTERED.items():
            if name not in _ENGINES:
                game: RegisteredGame = importlib.import_module(modules.engine).GAME
                _ENGINES[name] = game
    return _ENGINES_READ_ONLY


def registered_game(name: str) -> RegisteredGame:
    """Returns the engine called `name`, typed for any game (`birdgames.get_game` types a
    literal name precisely)."""
    engine = _ENGINES.get(name)
    if engine is None:
        game_modules(name)  # refuses an unknown name, listing the known ones
        engine = games()[name]
    return engine


def registered_words(name: str) -> AnyWords:
    """Returns the words of the game called `name`, typed for any game."""
    words: AnyWords = importlib.import_module(game_modules(name).words).WORDS
    return words


def check_player(player: object, players: int) -> PlayerId:
    """Returns `player` if it is a seat of a `players`-player game, else raises."""
    if type(player) is not int or not 0 <= player < players:
        shown = describe(player)
        raise InvalidConfigError(f"player must be a seat from 0 to {players - 1}, not {shown}")
    return player


def check_spectator_or_player(player: object, players: int) -> PlayerId | None:
    """Returns `player` (a seat or None for a spectator) if valid, else raises."""
    if player is None:
        return None
    return check_player(player, players)


# Seeds of up to 256 bits cover every hash digest a client may seed with; wider ones cost
# replay time and text for nothing.
SEED_BITS: Final = 256


def check_seed(seed: object) -> int:
    """Returns `seed` if it is an int of at most `SEED_BITS` bits (either sign), else raises."""
    if type(seed) is not int:
        raise InvalidConfigError(f"the seed must be an int, not {type(seed).__name__}")
    if seed.bit_length() > SEED_BITS:
        raise InvalidConfigError(
            f"the seed must have at most {SEED_BITS} bits, not {seed.bit_length()}"
        )
    return seed


class PlayQuestions(Protocol[StateT_contra]):
    """The questions `stuck_problem` asks about a state: every Game answers them, and so can a
    game's rules before its Game object exists."""

    def to_act(self, state: StateT_contra) -> tuple[PlayerId, ...]: ...

    def legal_actions(self, state: StateT_contra, player: PlayerId) -> Sequence[object]: ...

    def is_terminal(self, state: StateT_contra) -> bool: ...

    def winners(self, state: StateT_contra) -> tuple[PlayerId, ...]: ...


@attrs.frozen
class RulesAnswers(Generic[StateT]):
    """`PlayQuestions` answered by four functions: a game's rules, before its Game exists."""

    to_act: Callable[[StateT], tuple[PlayerId, ...]]
    legal_actions: Callable[[StateT, PlayerId], Sequence[object]]
    is_terminal: Callable[[StateT], bool]
    winners: Callable[[StateT], tuple[PlayerId, ...]]


def stuck_problem(game: PlayQuestions[StateT], state: StateT) -> str | None:
    """Returns why play cannot go on from `state`, or None (a check for loaded states).

    Until the end someone is to act and every player to act has a legal action; a state
    breaking this would leave the table waiting forever. At the end someone has won.
    """
    to_act = game.to_act(state)
    if game.is_terminal(state):
        if to_act:
            return f"the game is over but {to_act} are to act"
        return None if game.winners(state) else "the game is over without winners"
    if not to_act:
        return "the game is not over but nobody is to act"
    for player in to_act:
        if not game.legal_actions(state, player):
            return f"p{player} is to act but has no legal action"
    return None
