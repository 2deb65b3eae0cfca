"""Every birdgames engine as an OpenSpiel Python game (extra `birdgames[openspiel]`).

Importing this module registers, for each engine `<name>`, the OpenSpiel game
`birdgames_<name>` (load it with `pyspiel.load_game("birdgames_peacock", {"players": 3})`),
and for each engine registered with one-commit simultaneous turns (its `GameModules`'
`simultaneous_commit`, such as Peacock's draft) `birdgames_<name>_simultaneous`, where each
such turn is a simultaneous node.

Modelling choices (docs/research.md says why):

- Chance: one explicit chance node at the root deals the game: outcome `d` (of `deals`,
  equally likely) is the seed of `new_game`. Every later random event (draws, the bag)
  comes from the engine's own rng inside the state, which no observation shows.
- Turns: the seat that acts is the lowest one in the engine's `to_act`. Peacock's draft
  picks are hidden, so in `birdgames_peacock` they are taken in seat order with nothing
  revealed until all have picked; its many-step migrations are serialized in seat order
  (each seat migrates until its `EndMigration`). `birdgames_peacock_simultaneous` makes each
  draft pick a simultaneous node instead.
- Returns (zero-sum): with n players and k winners, a winner gets n/k - 1, anyone else -1.
- Actions are the engine's `encoding` indices; observations its `observe` (tensor) and its
  view's JSON (string); `information_state_string` adds the seat's visible event log.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import pyspiel

from birdgames import AnyGame, codec, games, get_game
from birdgames.adapters import arrays
from birdgames.bots.support import support_for
from birdgames.core import game_modules, registered_modules
from birdgames.encoding import AnyEncoding, EntityWriter, get_encoding

# Bits of the seed that deals a game, and of the seed of each draw: drawn a byte per
# chance node, so a chance node has at most 256 outcomes.
DEAL_BITS: Final = 64
DRAW_BITS: Final = 16
PREFIX: Final = "birdgames_"


def game_name(engine: str, simultaneous: bool = False) -> str:
    """Returns the OpenSpiel short name of an engine's game."""
    return f"{PREFIX}{engine}{'_simultaneous' if simultaneous else ''}"


# Characters that split or nest OpenSpiel's `name(key=value,...)` game strings, and "%",
# which starts their escapes.
_UNSAFE: Final = frozenset(",()=% \t\r\n")


_ESCAPE: Final = re.compile("%([0-9A-Fa-f]{2})")


def _unescape(match: re.Match[str]) -> str:
    return chr(int(match.group(1), 16))


def config_parameter(config: Any) -> str:
    """Returns `config` as the value of the `config` parameter: its JSON with every character
    that would split a game string percent-escaped (`,` is `%2C`)."""
    return "".join(f"%{ord(c):02X}" if c in _UNSAFE else c for c in codec.dumps(config))


def _bits(params: dict[str, Any], name: str, default: int, least: int) -> int:
    bits = int(params.get(name, default))
    if not least <= bits <= 64:
        raise pyspiel.SpielError(f"{name} must be from {least} to 64, not {bits}")
    return bits


def _digits(bits: int) -> int:
    return (bits + 7) // 8


def _config(engine: AnyGame, params: dict[str, Any]) -> Any:
    text = str(params.get("config", ""))
    if not text:
        return engine.default_config(int(params.get("players", engine.player_counts[0])))
    config_type = type(engine.default_config(engine.player_counts[0]))
    # The JSON as it stands (codec.dumps) or escaped (config_parameter): JSON text holds no
    # "%" outside strings, and no config string holds one.
    return codec.loads(config_type, _ESCAPE.sub(_unescape, text))


class _Shared:
    """Immutable data a cloned OpenSpiel state shares instead of copying: OpenSpiel clones a
    Python state by deep-copying its attributes, and engine states never change."""

    __slots__ = (
        "_outcomes",
        "config",
        "deal_bits",
        "draw_bits",
        "encoding",
        "engine",
        "parameters",
        "players",
        "sampler",
        "simultaneous",
        "simultaneous_commit",
    )

    def __init__(self, engine_name: str, simultaneous: bool, params: dict[str, Any]) -> None:
        self.engine: AnyGame = get_game(engine_name)
        self.encoding: AnyEncoding = get_encoding(engine_name)
        self.sampler = support_for(self.engine).sample_state
        self.config = _config(self.engine, params)
        self.deal_bits = _bits(params, "deal_bits", DEAL_BITS, 1)
        self.draw_bits = _bits(params, "draw_bits", DRAW_BITS, 0)
        self.players = int(self.config.players)
        self.simultaneous = simultaneous
        self.simultaneous_commit = game_modules(engine_name).simultaneous_commit
        # The game's parameters as OpenSpiel keeps them: every value string-safe, and
        # `players` the config's.
        config = config_parameter(self.config) if params.get("config") else ""
        self.parameters = {
            "players": self.players,
            "deal_bits": self.deal_bits,
            "draw_bits": self.draw_bits,
            "config": config,
        }
        self._outcomes: dict[int, list[tuple[int, float]]] = {}

    def outcomes(self, bits: int, drawn: int) -> list[tuple[int, float]]:
        """Returns the outcomes of byte `drawn` of a seed of `bits` bits, equally likely."""
        size = 1 << min(8, bits - 8 * drawn)
        found = self._outcomes.get(size)
        if found is None:
            found = self._outcomes[size] = [(d, 1.0 / size) for d in range(size)]
        return found

    def __deepcopy__(self, memo: object) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Shared, (self.engine.name, self.simultaneous, self.parameters))

    def simultaneous_node(self, state: Any, to_act: tuple[int, ...]) -> bool:
        """Returns whether the engine's to_act is one simultaneous commit of every seat."""
        commit = self.simultaneous_commit
        return (
            self.simultaneous
            and commit is not None
            and len(to_act) == self.players
            and commit(state)
        )


class _Chance:
    """A chance node under way: the bytes of a seed drawn so far, and what the seed is for
    (the deal when `pending` is None, else the players' actions waiting for their draw)."""

    __slots__ = ("digits", "pending")

    def __init__(
        self, digits: tuple[int, ...], pending: tuple[tuple[int, int], ...] | None
    ) -> None:
        self.digits = digits
        self.pending = pending

    def __deepcopy__(self, memo: object) -> _Chance:
        return self


class _Log:
    """What happened up to a position: the step that led to it on top of the log before it.
    A step is played with the engine's `apply`, which builds no events; its events are worked
    out by playing it again with `step` when a seat's events are first asked for (an
    information state, `resample_from_infostate`), so a pipeline that never reads them does
    not pay for them. Each seat's visible events are kept once worked out, so reading them
    costs the same however long the game has run."""

    __slots__ = ("_events", "_lines", "_seen", "_step", "before")

    def __init__(
        self,
        before: _Log | None,
        step: _Step | None = None,
        seen: dict[int, tuple[Any, ...]] | None = None,
        events: tuple[Any, ...] = (),
    ) -> None:
        self.before = before
        self._step = step
        self._events: tuple[Any, ...] | None = None if step is not None else events
        self._seen: dict[int, tuple[Any, ...]] = seen or {}
        self._lines: dict[int, tuple[str, ...]] = {}

    @classmethod
    def known(cls, seen: tuple[Any, ...], lines: tuple[str, ...], players: int) -> _Log:
        """Returns a log whose every seat has seen the events `seen`, whose text is `lines`."""
        log = cls(None, seen=dict.fromkeys(range(players), seen))
        log._lines = dict.fromkeys(range(players), lines)
        return log

    def events(self) -> tuple[Any, ...]:
        """Returns the events of the step that led here."""
        events = self._events
        if events is None:
            assert self._step is not None
            events = self._events = self._step.events()
            self._step = None  # its states are no longer needed
        return events

    def leads_from(self, earlier: _Log) -> bool:
        """Whether this log is `earlier` or continues it."""
        log: _Log | None = self
        while log is not None and log is not earlier:
            log = log.before
        return log is earlier

    def seen(self, engine: AnyGame, player: int) -> tuple[Any, ...]:
        """Returns the events `player` has seen up to here."""
        found = self._seen.get(player)
        if found is not None:
            return found
        unread: list[_Log] = []
        log: _Log | None = self
        while log is not None and player not in log._seen:
            unread.append(log)
            log = log.before
        seen = [] if log is None else list(log._seen[player])
        for step in reversed(unread):
            if events := step.events():
                seen += engine.visible_events(events, player)
        found = self._seen[player] = tuple(seen)
        return found

    def lines(self, engine: AnyGame, player: int) -> tuple[str, ...]:
        """Returns the text of each event `player` has seen up to here: each event's text is
        made once, where it is first asked for, and shared by the positions after it (an
        information state string reads them all; a search asks at every position)."""
        found = self._lines.get(player)
        if found is not None:
            return found
        seen = self.seen(engine, player)
        log = self.before
        while log is not None and player not in log._lines:
            log = log.before
        # What a seat saw up to an earlier position begins what it has seen here.
        known = () if log is None else log._lines[player]
        lines = (*known, *map(str, seen[len(known) :]))
        self._lines[player] = lines
        return lines

    def __deepcopy__(self, memo: object) -> _Log:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Flat, oldest step first: pickling the chain link by link would recurse once a step.
        steps: list[tuple[Any, ...]] = []
        log: _Log | None = self
        root = self
        while log is not None:
            steps.append(log.events())
            root = log
            log = log.before
        return (_rebuilt_log, (root._seen, tuple(reversed(steps))))


def _rebuilt_log(seen: dict[int, tuple[Any, ...]], steps: tuple[tuple[Any, ...], ...]) -> _Log:
    log = _Log(None, seen=seen, events=steps[0])
    for events in steps[1:]:
        log = _Log(log, events=events)
    return log


class _Step:
    """The actions a step applied, in order, from the state before it: enough to play it
    again for its events (engines are pure: the same state and action give the same step)."""

    __slots__ = ("actions", "engine", "state")

    def __init__(self, engine: AnyGame, state: Any, actions: tuple[Any, ...]) -> None:
        self.engine = engine
        self.state = state
        self.actions = actions

    def events(self) -> tuple[Any, ...]:
        state = self.state
        events: list[Any] = []
        for action in self.actions:
            state, happened = self.engine.step(state, action)
            events.extend(happened)
        return tuple(events)


class _Position:
    """An engine state (None before the deal), what has happened so far, and the chance node
    under way if any (immutable, shared by clones)."""

    __slots__ = ("_info", "_legal", "_player", "_views", "chance", "log", "state")

    def __init__(self, state: Any, log: _Log, chance: _Chance | None = None) -> None:
        self.state = state
        self.log = log
        self.chance = chance
        # Each seat's legal actions by index, listed once: for legal_actions() and for
        # decoding the action applied next (a cache of what the state determines).
        self._legal: dict[int, dict[int, Any]] = {}
        # The seat to act, worked out on first asking: OpenSpiel asks several times a step.
        self._player: int | None = None
        # Each seat's information state string, made on first asking: OpenSpiel's ISMCTS
        # asks two or three times at every node it visits.
        self._info: dict[int, str] = {}
        # Each seat's view, made on first asking: ISMCTS resamples one position many times.
        self._views: dict[int | None, Any] = {}

    def view(self, shared: _Shared, seat: int | None) -> Any:
        """Returns `seat`'s view of this position's engine state (None: the spectator's)."""
        found = self._views.get(seat)
        if found is None:
            found = self._views[seat] = shared.engine.view(self.state, seat)
        return found

    def observation_text(self, shared: _Shared, seat: int | None) -> str:
        """Returns `seat`'s view as JSON (None: the spectator's)."""
        if self.state is None:
            return "deal pending"
        return shared.encoding.observation_string(self.view(shared, seat))

    def information_state_string(self, shared: _Shared, seat: int) -> str:
        """Returns what `seat` has seen happen, then what it sees now."""
        found = self._info.get(seat)
        if found is None:
            log = "\n".join(self.log.lines(shared.engine, seat))
            now = self.observation_text(shared, seat)
            found = self._info[seat] = f"p{seat}\n{log}\n{now}"
        return found

    def legal(self, shared: _Shared, player: int) -> dict[int, Any]:
        """Returns `player`'s legal actions in this position's engine state, by index."""
        found = self._legal.get(player)
        if found is None:
            found = arrays.legal_index(shared.engine, shared.encoding, self.state, player)
            self._legal[player] = found
        return found

    def player(self, shared: _Shared) -> int:
        """Returns the seat to act, CHANCE (a deal or a draw), SIMULTANEOUS or TERMINAL."""
        if self._player is None:
            self._player = self._player_now(shared)
        return self._player

    def _player_now(self, shared: _Shared) -> int:
        if self.chance is not None:
            return int(pyspiel.PlayerId.CHANCE)
        to_act = shared.engine.to_act(self.state)
        if not to_act:
            return int(pyspiel.PlayerId.TERMINAL)
        if shared.simultaneous_node(self.state, to_act):
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return int(to_act[0])

    def __deepcopy__(self, memo: object) -> _Position:
        return self


def _seed(digits: Sequence[int]) -> int:
    return sum(digit << (8 * i) for i, digit in enumerate(digits))


class BirdState(pyspiel.State):  # type: ignore[misc]
    """One position: the deal under way (chance nodes), an engine state and what each seat
    has seen happen, or a draw under way (chance nodes before the actions that draw)."""

    def __init__(self, game: Any, shared: _Shared, position: _Position | None = None) -> None:
        super().__init__(game)
        self._shared = shared
        self._position = position or _Position(None, _Log(None), _Chance((), None))

    @property
    def engine_state(self) -> Any:
        """Returns the engine's state (None before the deal; during a draw, the state
        before the actions that draw)."""
        return self._position.state

    def seen(self, player: int) -> tuple[Any, ...]:
        """Returns the events `player` has seen so far."""
        return self._position.log.seen(self._shared.engine, player)

    def current_player(self) -> int:
        """Returns the seat to act, CHANCE (a deal or a draw), SIMULTANEOUS or TERMINAL."""
        return self._position.player(self._shared)

    def _legal_actions(self, player: int) -> list[int]:
        position = self._position
        if position.chance is not None or player < 0:
            return []
        return sorted(position.legal(self._shared, player))

    # The two questions a loop asks at every step, answered here for a seat to act: through
    # pyspiel's C++ side, legal_actions() asks for the seat to act three more times and
    # carries the list across twice, and is_chance_node() asks for it once. Every other case
    # is the C++ answer. Measured (callgrind, random 2-player games with an entity observer,
    # per step): Perch 339k to 315k instructions, Peacock 315k to 285k, Rookery 344k to 326k.
    def legal_actions(self, player: int | None = None) -> list[int]:
        """Returns the legal actions of `player` (None: the player to act), as pyspiel."""
        position = self._position
        seat = position.player(self._shared)
        if seat >= 0 and (player is None or player == seat):
            return self._legal_actions(seat)
        if player is None:
            return list(super().legal_actions())
        return list(super().legal_actions(player))

    def is_chance_node(self) -> bool:
        """Returns whether a deal or a draw is under way."""
        return self._position.chance is not None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Returns the next byte of the seed under way, every value equally likely."""
        chance = self._position.chance
        if chance is None:
            return []
        bits = self._shared.deal_bits if chance.pending is None else self._shared.draw_bits
        return self._shared.outcomes(bits, len(chance.digits))

    def _apply_action(self, action: int) -> None:
        chance = self._position.chance
        if chance is not None:
            self._draw(chance, int(action))
            return
        self._play(((self.current_player(), int(action)),))

    def _apply_actions(self, actions: Sequence[int]) -> None:
        # A simultaneous node: every seat commits its pick; the engine resolves them together.
        to_act = self._shared.engine.to_act(self._position.state)
        self._play(tuple((player, int(actions[player])) for player in to_act))

    def _draw(self, chance: _Chance, digit: int) -> None:
        shared, position = self._shared, self._position
        digits = (*chance.digits, digit)
        bits = shared.deal_bits if chance.pending is None else shared.draw_bits
        if len(digits) < _digits(bits):
            self._position = _Position(
                position.state,
                position.log,
                _Chance(digits, None if chance.pending is None else chance.pending),
            )
            return
        seed = _seed(digits)
        if chance.pending is None:
            state = shared.engine.new_game(shared.config, seed)
            self._position = _Position(state, position.log)
            return
        # The draw: what no seat knows (deck orders, the rng) is reshuffled from the seed just
        # drawn, so what these actions draw is this chance node's outcome, not something the
        # state held before.
        self._resolve(shared.encoding.shuffle_unseen(position.state, seed), chance.pending)

    def _play(self, moves: tuple[tuple[int, int], ...]) -> None:
        position = self._position
        before = position.state
        state, step = self._played(before, moves, position)
        unseen = self._shared.encoding.unseen
        if self._shared.draw_bits and (state.rng != before.rng or unseen(state) != unseen(before)):
            # These actions draw at random: a chance node decides what they draw.
            self._position = _Position(before, position.log, _Chance((), moves))
            return
        self._position = _Position(state, _Log(position.log, step))

    def _resolve(self, state: Any, moves: tuple[tuple[int, int], ...]) -> None:
        state, step = self._played(state, moves, None)
        self._position = _Position(state, _Log(self._position.log, step))

    def _played(
        self, start: Any, moves: tuple[tuple[int, int], ...], listed: _Position | None
    ) -> tuple[Any, _Step]:
        """Plays `moves` in order from `start` with the engine's `apply`; returns the state
        reached and the step, to play again for its events. The first move is decided in
        `listed` when given (its legal actions listed already); the others are decoded."""
        shared = self._shared
        state = start
        actions: list[Any] = []
        for player, index in moves:
            known = listed.legal(shared, player) if listed is not None and state is start else {}
            action = known.get(index) or shared.encoding.decode(state, player, index)
            actions.append(action)
            state = shared.engine.apply(state, action)
        return state, _Step(shared.engine, start, tuple(actions))

    def _action_to_string(self, player: int, action: int) -> str:
        chance = self._position.chance
        if player == pyspiel.PlayerId.CHANCE or chance is not None:
            what = "deal" if chance is None or chance.pending is None else "draw"
            return f"{what} byte {action}"
        # The index keeps strings apart where the log form hides a choice ("keeps an objective").
        try:
            shown = self._shared.encoding.decode(self._position.state, player, int(action))
        except ValueError:
            return f"action #{action}"
        return f"{shown} #{action}"

    def is_terminal(self) -> bool:
        """Returns whether the game is over."""
        position = self._position
        return position.chance is None and bool(self._shared.engine.is_terminal(position.state))

    def returns(self) -> list[float]:
        """Returns n/k - 1 to each of k winners and -1 to the others once over; else zeros."""
        n = self._shared.players
        if not self.is_terminal():
            return [0.0] * n
        winners = self._shared.engine.winners(self.engine_state)
        share = n / len(winners) - 1.0
        return [share if p in winners else -1.0 for p in range(n)]

    def information_state_string(self, player: int | None = None) -> str:
        """Returns what `player` has seen happen, then what they see now."""
        return self._position.information_state_string(self._shared, self._seat(player))

    def observation_string(self, player: int | None = None) -> str:
        """Returns `player`'s view as JSON."""
        return self._position.observation_text(self._shared, self._seat(player))

    def _seat(self, player: int | None) -> int:
        # As OpenSpiel's C++ games: no seat given at a chance or terminal node, or a seat
        # out of range, is a SpielError.
        seat = self.current_player() if player is None else int(player)
        if not 0 <= seat < self._shared.players:
            raise pyspiel.SpielError(
                f"player {seat} is not a seat from 0 to {self._shared.players - 1}"
            )
        return seat

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BirdState:
        """Returns a state `player_id` cannot tell from this one, hidden parts at random
        (the engine's `sample_state`). Every seat's log becomes `player_id`'s: what the others
        saw of the true game is not known to them."""
        position = self._position
        if position.state is None:  # the deal under way: nothing dealt to know
            return BirdState(self.get_game(), self._shared)
        shared = self._shared
        seed = int(probability_sampler() * (1 << 53))
        # The same view and events each time: a sampler remembers what they tell by identity.
        view = position.view(shared, player_id)
        seen = position.log.seen(shared.engine, player_id)
        sample = shared.sampler(view, seen, seed, shared.config)
        # The events' text too: a search keys its nodes by information state strings, and
        # resamples one position once an iteration.
        lines = position.log.lines(shared.engine, player_id)
        log = _Log.known(seen, lines, shared.players)
        # A draw under way stays under way: its outcome is not known yet either.
        sampled = _Position(sample, log, position.chance)
        return BirdState(self.get_game(), shared, sampled)

    def __str__(self) -> str:
        if self._position.state is None:
            return "deal pending"
        return codec.dumps(self._shared.engine.view(self._position.state, None))


class BirdObserver:
    """OpenSpiel's observer: the engine's flat observation and its view as text; with the
    parameter `entities` True, a seat's entity observation (its numbers as floats, `dict`
    holding each table shaped rows by columns)."""

    def __init__(self, shared: _Shared, iig_obs_type: Any, params: Any) -> None:
        params = dict(params or {})
        entities = params.pop("entities", False)
        if params or type(entities) is not bool:
            raise ValueError(
                f"the only observation parameter is entities (True or False), not {params}"
                if params
                else f"entities must be True or False, not {entities!r}"
            )
        self._shared = shared
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        self._perfect_recall = bool(obs_type.perfect_recall)
        # A public observer (no private information) sees the spectator's view.
        self._public = obs_type.private_info == pyspiel.PrivateInfoType.NONE
        if self._public and self._perfect_recall:
            # The seats' event logs hold what each saw privately; no public log is kept.
            raise ValueError("a public information state (perfect recall) is not supported")
        # One observer per seat, reading states, and one for the public view (or one entity
        # writer per seat): each writes over its last.
        self._observers: dict[int, arrays.SeatObserver] = {}
        # Per seat, the last information state's summary: (its log, events seen, summary).
        self._summaries: dict[int, tuple[_Log, int, tuple[float, ...]]] = {}
        self._public_observer: arrays.Observer | None = None
        self._entity_writers: dict[int, EntityWriter[Any]] | None = None
        self.dict: dict[str, arrays.FloatArray]
        if entities:
            if self._public or self._perfect_recall:
                raise ValueError("entity observations are a seat's own observation only")
            layout = shared.encoding.entity_layout(shared.config)
            self.tensor = np.zeros(layout.size, np.float32)
            self.dict = arrays.entity_tables(layout, self.tensor)
            self._entity_writers = {}
        else:
            size = shared.encoding.observation_size(shared.config)
            if self._perfect_recall:
                size += shared.encoding.summary_size(shared.config)
            self.tensor = np.zeros(size, np.float32)
            self.dict = {"info_state" if self._perfect_recall else "observation": self.tensor}
            if self._public:
                self._public_observer = arrays.Observer(shared.encoding, size)

    def set_from(self, state: BirdState, player: int) -> None:
        """Fills `tensor` with `player`'s observation or information state of `state`."""
        engine_state = state.engine_state
        if engine_state is None:
            self.tensor.fill(0.0)
            return
        shared = self._shared
        if self._entity_writers is not None:
            writer = self._entity_writers.get(player)
            if writer is None:
                writer = self._entity_writers[player] = shared.encoding.entity_writer(
                    shared.config, player
                )
            self.tensor[:] = np.frombuffer(writer.write(engine_state), np.int32)
        elif self._public_observer is not None:
            self._public_observer.observe_into(shared.engine.view(engine_state, None), self.tensor)
        elif self._perfect_recall:
            # `information_state`'s numbers: the observation straight from the state, then
            # the summary of what the seat has seen.
            observation = self._seat_observer(player)
            observation.observe_into(engine_state, self.tensor[: observation.size])
            self.tensor[observation.size :] = self._summary(state, player)
        else:
            self._seat_observer(player).observe_into(engine_state, self.tensor)

    def _summary(self, state: BirdState, player: int) -> tuple[float, ...]:
        """Returns the summary of what `player` has seen in `state`: the one this observer
        made last for the seat, extended by the events since, when that position led to
        this one (a game played on, not another branch); else made from the first event."""
        shared, log = self._shared, state._position.log
        seen = state.seen(player)
        start: tuple[float, ...] = ()
        new = seen
        kept = self._summaries.get(player)
        if kept is not None and log.leads_from(kept[0]):
            start, new = kept[2], seen[kept[1] :]
        view = state._position.view(shared, player)
        summary = shared.encoding.summarize(view, new, start)
        self._summaries[player] = (log, len(seen), summary)
        return summary

    def _seat_observer(self, player: int) -> arrays.SeatObserver:
        observer = self._observers.get(player)
        if observer is None:
            shared = self._shared
            size = shared.encoding.observation_size(shared.config)
            observer = self._observers[player] = arrays.SeatObserver(
                shared.engine, shared.encoding, shared.config, player, size
            )
        return observer

    def string_from(self, state: BirdState, player: int) -> str:
        """Returns `player`'s information state or observation of `state` as text."""
        if self._perfect_recall:
            return state._position.information_state_string(self._shared, player)
        seat = None if self._public else player
        return state._position.observation_text(self._shared, seat)


class BirdGame(pyspiel.Game):  # type: ignore[misc]
    """A birdgames engine as an OpenSpiel game; parameters: players, deals, config (JSON)."""

    ENGINE: str = ""
    SIMULTANEOUS: bool = False

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        shared = _Shared(self.ENGINE, self.SIMULTANEOUS, dict(params or {}))
        info = pyspiel.GameInfo(
            num_distinct_actions=shared.encoding.num_actions(shared.config),
            max_chance_outcomes=1 << min(8, max(shared.deal_bits, shared.draw_bits)),
            num_players=shared.players,
            min_utility=-1.0,
            max_utility=float(shared.players - 1),
            utility_sum=0.0,
            max_game_length=int(shared.engine.max_actions(shared.config)),
        )
        super().__init__(_game_type(self.ENGINE, self.SIMULTANEOUS), info, shared.parameters)
        self.shared = shared

    def __reduce__(self) -> tuple[Any, ...]:
        # The classes are made per engine at import, so pickle reloads the game by its
        # string instead (which imports this module, registering the games, first).
        return (load_game, (str(self),))

    def new_initial_state(self) -> BirdState:
        """Returns the chance node before the deal."""
        return BirdState(self, self.shared)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> BirdObserver:
        """Returns an observer of tensors and strings."""
        return BirdObserver(self.shared, iig_obs_type, params)


class HeuristicEvaluator:
    """An evaluator for OpenSpiel's MCTS and ISMCTS bots without random rollouts: each
    seat's value is tanh of its lead in the engine's own evaluation (`bots.support`) over
    the best other seat, in units of the game's typical margin; the prior is uniform."""

    def evaluate(self, state: BirdState) -> np.ndarray[Any, np.dtype[np.float64]]:
        """Returns every seat's value of `state`, from -1 to 1 (the returns once over)."""
        if state.is_terminal():
            return np.array(state.returns(), dtype=np.float64)
        shared = state._shared
        engine_state = state.engine_state
        if engine_state is None:
            return np.zeros(shared.players, dtype=np.float64)
        support = support_for(shared.engine)
        position = state._position
        values = [support.evaluate(position.view(shared, p), p) for p in range(shared.players)]
        leads = [v - max(values[:p] + values[p + 1 :]) for p, v in enumerate(values)]
        return np.tanh(np.array(leads, dtype=np.float64) / support.scale)

    def prior(self, state: BirdState) -> list[tuple[int, float]]:
        """Returns every legal action, equally likely (chance nodes: their outcomes)."""
        if state.is_chance_node():
            outcomes: list[tuple[int, float]] = state.chance_outcomes()
            return outcomes
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


def load_game(text: str) -> Any:
    """Returns `pyspiel.load_game(text)` once the birdgames games are registered (pickle
    reloads a game through it)."""
    return pyspiel.load_game(text)


def _game_type(engine: str, simultaneous: bool) -> Any:
    game = get_game(engine)
    dynamics = pyspiel.GameType.Dynamics
    return pyspiel.GameType(
        short_name=game_name(engine, simultaneous),
        long_name=f"birdgames {engine}{' (simultaneous moves)' if simultaneous else ''}",
        dynamics=dynamics.SIMULTANEOUS if simultaneous else dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game.player_counts),
        min_num_players=min(game.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": min(game.player_counts),
            "deal_bits": DEAL_BITS,
            "draw_bits": DRAW_BITS,
            "config": "",
        },
    )


def _register() -> dict[str, type[BirdGame]]:
    registered: dict[str, type[BirdGame]] = {}
    variants = [(name, False) for name in games()]
    variants += [
        (name, True)
        for name, modules in registered_modules().items()
        if modules.simultaneous_commit is not None
    ]
    for engine, simultaneous in variants:
        short = game_name(engine, simultaneous)
        cls = type(
            f"BirdGame_{short}", (BirdGame,), {"ENGINE": engine, "SIMULTANEOUS": simultaneous}
        )
        if short not in pyspiel.registered_names():
            pyspiel.register_game(_game_type(engine, simultaneous), cls)
        registered[short] = cls
    return registered


GAMES: Final = _register()
