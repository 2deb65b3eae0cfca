"""The conformance checks of core-contract.md rules 1-7, as plain functions.

Each check raises AssertionError (with the game, state and action involved) on a breach and
returns normally otherwise, so tests can run them on the registered engines and on broken
variants of the toy game alike. `check_game` plays one seeded game and runs them all; the
costly ones (codec, perturbations, interleavings) on sampled steps only.
"""

from __future__ import annotations

import copy
import enum
import json
import os
import random
import subprocess
import sys
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar, Final

import attrs

import birdgames
from birdgames import AnyGame, CodecError, IllegalActionError, InvalidConfigError, codec, sim
from birdgames.fields import describe_action
from birdgames.rng import Rng
from tests.conformance.adapters import EngineAdapter
from tests.conformance.fuzz_fields import check_bad_seats, check_mistyped
from tests.conformance.reasons import check_reasons_hide_secrets

# Picks one of the legal actions (of every player in to_act) for the next step.
Chooser = Callable[[Sequence[Any]], Any]

MAX_STEPS_PER_TURN: Final = 60  # a player's own steps in one simultaneous phase, at most
REPO_ROOT: Final = Path(__file__).resolve().parents[2]


@attrs.frozen
class Sampling:
    """How much of each costly check a run does."""

    heavy_rate: float = 0.12  # share of steps that get codec, leak and frozen-ness checks
    legal_apply_limit: int = 6  # legal actions applied on an ordinary step (all on heavy ones)
    illegal_limit: int = 8  # illegal candidates tried on an ordinary step (all on heavy ones)
    round_trips: int = 6  # actions per player round-tripped through the codec on a heavy step
    perturbations: int = 2  # perturbations per player on a heavy step
    damages: int = 2  # rounds of damaged documents per heavy step
    simultaneous_rate: float = 0.3  # share of multi-player steps whose interleavings are tried
    mutated_states: int = 2  # saves of the game's states edited once (and one of its record)


@attrs.define
class RunReport:
    """What one checked game covered."""

    actions: list[Any] = attrs.Factory(list)
    heavy_steps: int = 0
    simultaneous_checks: int = 0
    illegal_checked: int = 0
    perturbations: int = 0
    perturbations_changed: int = 0
    events_compared: int = 0
    reason_probes: int = 0  # probe actions whose refusals were compared across perturbations
    kinds_seen: set[str] = attrs.Factory(set)


@attrs.frozen
class Alien:
    """An action-shaped object no engine knows."""

    kind: ClassVar[str] = "conformance.alien"
    player: int


def _short(obj: object, limit: int = 300) -> str:
    try:
        text = repr(obj)
    except Exception:  # an action built without its fields has no repr
        text = describe_action(obj)
    return text if len(text) <= limit else text[:limit] + "..."


def first_difference(a: object, b: object, path: str = "state") -> str | None:
    """Returns where two values first differ (an attribute/index path), or None if equal."""
    if a == b:
        return None
    cls = type(a)
    if cls is type(b):
        if attrs.has(cls):
            for field in attrs.fields(cls):
                found = first_difference(
                    getattr(a, field.name), getattr(b, field.name), f"{path}.{field.name}"
                )
                if found is not None:
                    return found
        elif isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
            for index, (x, y) in enumerate(zip(a, b, strict=True)):
                found = first_difference(x, y, f"{path}[{index}]")
                if found is not None:
                    return found
    return f"{path}: {_short(a, 150)} != {_short(b, 150)}"


# ------------------------------------------------------------------ turn shape (rules 1, 7)


def check_turn_shape(game: AnyGame, state: Any, players: int) -> None:
    """to_act is ascending seats, empty iff terminal; scores and winners have their shape."""
    to_act = game.to_act(state)
    assert isinstance(to_act, tuple), f"to_act returned {type(to_act).__name__}, not a tuple"
    assert all(type(p) is int and 0 <= p < players for p in to_act), (
        f"to_act {to_act} has a non-seat"
    )
    assert list(to_act) == sorted(set(to_act)), f"to_act {to_act} is not strictly ascending"
    terminal = game.is_terminal(state)
    assert terminal == (not to_act), f"is_terminal is {terminal} but to_act is {to_act}"
    scores = game.scores(state)
    assert isinstance(scores, tuple) and len(scores) == players, f"scores {scores!r}"
    assert all(type(s) is int for s in scores), f"scores {scores!r} are not all ints"
    winners = game.winners(state)
    assert isinstance(winners, tuple), f"winners returned {type(winners).__name__}"
    if terminal:
        assert winners, "the game is over but winners() is empty"
        assert list(winners) == sorted(set(winners)), f"winners {winners} not ascending"
        assert all(type(p) is int and 0 <= p < players for p in winners), f"winners {winners}"
    else:
        assert winners == (), f"winners {winners} before the game is over"


def check_config_errors(game: AnyGame, players: int, state: Any) -> None:
    """Bad player counts and bad viewers raise InvalidConfigError."""
    for count in (0, 1, max(game.player_counts) + 1, 99):
        if count in game.player_counts:
            continue
        try:
            game.default_config(count)
        except InvalidConfigError:
            pass
        except Exception as exc:
            raise AssertionError(
                f"default_config({count}) raised {type(exc).__name__}, not InvalidConfigError"
            ) from exc
        else:
            raise AssertionError(f"default_config({count}) accepted an unsupported count")
    bad_viewers: tuple[Any, ...] = (-1, players, "0", 1.0)
    for viewer in bad_viewers:
        try:
            game.view(state, viewer)
        except InvalidConfigError:
            pass
        except Exception as exc:
            raise AssertionError(
                f"view(state, {viewer!r}) raised {type(exc).__name__}, not InvalidConfigError"
            ) from exc
        else:
            raise AssertionError(f"view(state, {viewer!r}) accepted a bad player")
    check_bad_seats(game, state, players)


# ------------------------------------------------------------------ legality (rules 3, 4)


def check_legal_actions(
    game: AnyGame,
    state: Any,
    legal: dict[int, tuple[Any, ...]],
    rng: random.Random,
    apply_limit: int | None,
) -> None:
    """Players in to_act have legal actions, others none; each is unique, passes check, applies.

    `apply_limit` caps how many of each player's actions are applied (None: all).
    """
    to_act = game.to_act(state)
    for player, actions in legal.items():
        assert isinstance(actions, tuple), f"legal_actions(p{player}) is not a tuple"
        if player not in to_act:
            assert actions == (), f"p{player} is not in to_act {to_act} but has {_short(actions)}"
            continue
        assert actions, f"p{player} is in to_act {to_act} but has no legal action"
        assert len(set(actions)) == len(actions), f"p{player} has duplicate legal actions"
        for action in actions:
            assert action.player == player, f"{action!r} listed for p{player}"
            assert isinstance(action.kind, str), f"{action!r} has no kind tag"
        sample = list(actions)
        if apply_limit is not None and len(sample) > apply_limit:
            sample = rng.sample(sample, apply_limit)
        for action in sample:
            reason = game.check(state, action)
            assert reason is None, f"check refuses legal action {action!r}: {reason}"
            try:
                game.apply(state, action)
            except Exception as exc:
                raise AssertionError(
                    f"apply raised {type(exc).__name__} on legal action {action!r}: {exc}"
                ) from exc


def expect_illegal(game: AnyGame, state: Any, action: object) -> None:
    """check gives a reason; apply and step raise IllegalActionError with .action and .reason."""
    try:
        reason = game.check(state, action)
    except Exception as exc:
        raise AssertionError(
            f"check raised {type(exc).__name__} on {_short(action)} instead of giving a reason"
        ) from exc
    assert isinstance(reason, str) and reason.strip(), (
        f"check accepts {_short(action)}, which legal_actions does not list (returned {reason!r})"
    )
    for method in (game.apply, game.step):
        try:
            method(state, action)
        except IllegalActionError as exc:
            assert exc.action is action or exc.action == action, (
                f"IllegalActionError.action is {_short(exc.action)}, not {_short(action)}"
            )
            assert isinstance(exc.reason, str) and exc.reason.strip(), (
                f"IllegalActionError for {_short(action)} has no reason"
            )
        except Exception as exc:
            raise AssertionError(
                f"{method.__name__} raised {type(exc).__name__} on {_short(action)}, "
                f"not IllegalActionError: {exc}"
            ) from exc
        else:
            raise AssertionError(
                f"{method.__name__} accepted {_short(action)} although check says: {reason}"
            )


def foreign_objects(game: AnyGame, players: int) -> list[object]:
    """Returns objects that are no action of `game`, and each of its action classes built
    without its fields (`object.__new__`, as untyped callers and unpicklers can)."""
    objects: list[object] = [object(), None, "end_turn", 0, Alien(0), Alien(players - 1)]
    objects += [object.__new__(cls) for cls in game.action_types]
    if game.name != "toy":
        from tests.toy import game as toy

        objects += [toy.Pick(0, 1), toy.EndBuild(players - 1)]
    return objects


def _variant(action: Any, changes: dict[str, Any]) -> Any | None:
    try:
        return attrs.evolve(action, **changes)
    except Exception:  # an engine may validate fields on construction
        return None


def near_misses(action: Any) -> list[Any]:
    """Returns `action` with one int field (other than the player) off by one."""
    variants = []
    for field in attrs.fields(type(action))[1:]:
        value = getattr(action, field.name)
        if type(value) is int:
            for delta in (-1, 1):
                variants.append(_variant(action, {field.alias: value + delta}))
    return [v for v in variants if v is not None]


def illegal_candidates(
    legal: dict[int, tuple[Any, ...]], stale: Sequence[Any], players: int, rng: random.Random
) -> list[Any]:
    """Returns actions worth trying now: stale ones, others' actions given another player,
    and legal actions with a number off by one (a card id, slot or count next to a legal one).
    """
    candidates = list(stale)
    pool = [action for actions in legal.values() for action in actions]
    for action in rng.sample(pool, min(4, len(pool))):
        for player in (*range(players), -1, players):
            if player != action.player:
                candidates.append(_variant(action, {"player": player}))
        candidates += near_misses(action)
    return [c for c in candidates if c is not None]


def check_illegal_actions(
    game: AnyGame,
    state: Any,
    legal: dict[int, tuple[Any, ...]],
    candidates: Sequence[Any],
    players: int,
    thorough: bool,
) -> int:
    """check agrees with legal_actions on every candidate; illegal ones are refused cleanly.

    When `thorough`, also the state is unchanged and as usable as before. Returns how many
    illegal candidates were tried.
    """
    snapshot = copy.deepcopy(state) if thorough else None
    tried = 0
    for candidate in candidates:
        player = candidate.player
        listed = player in legal and candidate in legal[player]
        if listed:
            reason = game.check(state, candidate)
            assert reason is None, f"check refuses listed action {candidate!r}: {reason}"
            continue
        expect_illegal(game, state, candidate)
        tried += 1
    for thing in foreign_objects(game, players):
        expect_illegal(game, state, thing)
    if snapshot is not None:
        diff = first_difference(snapshot, state)
        assert diff is None, f"refusing illegal actions changed the old state: {diff}"
        after = {p: game.legal_actions(state, p) for p in legal}
        assert after == legal, "the state's legal actions changed after refusing illegal input"
    return tried


# ------------------------------------------------------------------ simultaneous turns


def _own_sequence(game: AnyGame, state: Any, player: int, rng: random.Random) -> list[Any]:
    """Returns random actions of `player` alone from `state` until they leave to_act."""
    sequence: list[Any] = []
    while player in game.to_act(state) and len(sequence) < MAX_STEPS_PER_TURN:
        action = rng.choice(game.legal_actions(state, player))
        sequence.append(action)
        state = game.apply(state, action)
    return sequence


def check_simultaneous(game: AnyGame, state: Any, rng: random.Random) -> None:
    """With several players in to_act, any interleaving of their own moves gives one state.

    Each player's moves (a single commit, or steps then a closing action) are drawn playing
    that player alone; they are then applied by seat, by reverse seat, round robin and in a
    random interleaving. Each must stay legal and all orders must end in equal states.
    """
    to_act = game.to_act(state)
    if len(to_act) < 2:
        return
    sequences = {player: _own_sequence(game, state, player, rng) for player in to_act}
    slots = [(player, i) for player in to_act for i in range(len(sequences[player]))]
    reverse = [(player, i) for player in reversed(to_act) for i in range(len(sequences[player]))]
    robin = [
        (player, i)
        for i in range(max(len(s) for s in sequences.values()))
        for player in to_act
        if i < len(sequences[player])
    ]
    shuffled = [player for player, _ in slots]
    rng.shuffle(shuffled)
    counters = dict.fromkeys(to_act, 0)
    mixed = []
    for player in shuffled:
        mixed.append((player, counters[player]))
        counters[player] += 1
    orders = {"seat": slots, "reverse seat": reverse, "round robin": robin, "random": mixed}
    results: dict[str, Any] = {}
    for name, order in orders.items():
        current = state
        for player, index in order:
            action = sequences[player][index]
            reason = game.check(current, action)
            assert reason is None, (
                f"simultaneous phase with to_act {to_act}: {action!r} is legal when p{player} "
                f"moves alone but refused in {name} order after other players moved: {reason}"
            )
            current = game.apply(current, action)
        results[name] = current
    for name, result in results.items():
        diff = first_difference(results["seat"], result)
        assert diff is None, (
            f"simultaneous phase with to_act {to_act}: {name} order and seat order of the "
            f"same moves {_short(sequences, 400)} give different states: {diff}"
        )


# ------------------------------------------------------------------ step and events


def check_step(game: AnyGame, state: Any, action: Any) -> tuple[Any, tuple[Any, ...]]:
    """step agrees with apply and reports tagged, printable events; returns step's result."""
    after, events = game.step(state, action)
    applied = game.apply(state, action)
    diff = first_difference(after, applied)
    assert diff is None, f"step and apply disagree on {action!r}: {diff}"
    assert isinstance(events, tuple), f"step returned events as {type(events).__name__}"
    for event in events:
        assert isinstance(event.kind, str) and "." in event.kind, f"event {event!r} has no tag"
        assert str(event).strip(), f"event {event!r} has an empty log line"
    return after, events


# ------------------------------------------------------------------ frozen states (rule 1)

_LEAVES: Final = (int, str, bool, type(None), enum.Enum, Rng)


def check_frozen(value: object, path: str = "state") -> None:
    """Every part of a state is immutable: frozen attrs classes, tuples, frozensets, leaves."""
    if isinstance(value, _LEAVES):
        return
    if isinstance(value, tuple | frozenset):
        for index, item in enumerate(value):
            check_frozen(item, f"{path}[{index}]")
        return
    cls = type(value)
    assert attrs.has(cls), f"{path} is a {cls.__name__}, not a frozen value"
    fields = attrs.fields(cls)
    if fields:
        name = fields[0].name
        try:
            setattr(value, name, getattr(value, name))
        except attrs.exceptions.FrozenInstanceError:
            pass
        else:
            raise AssertionError(f"{path} ({type(value).__name__}) is not a frozen class")
    for field in fields:
        check_frozen(getattr(value, field.name), f"{path}.{field.name}")


# ------------------------------------------------------------------ codec (rule 6)


def check_round_trip(obj: object) -> str:
    """dumps/loads gives back an equal object and the same text; returns the text."""
    try:
        text = codec.dumps(obj)
        back = codec.loads(type(obj), text)
    except Exception as exc:
        raise AssertionError(f"codec round trip of {_short(obj)} raised {exc!r}") from exc
    diff = first_difference(obj, back, type(obj).__name__)
    assert diff is None, f"codec round trip changed {type(obj).__name__}: {diff}"
    assert codec.dumps(back) == text, f"dumps of a loaded {type(obj).__name__} differs"
    data = json.loads(text)
    assert type(data.get("format")) is int, f"{type(obj).__name__} document has no int format"
    assert data.get("kind") == getattr(obj, "kind", None), f"{text[:80]} has the wrong kind"
    return text


def json_paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Yields the path of every value below the top of a JSON document."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield (*prefix, key)
            yield from json_paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield (*prefix, index)
            yield from json_paths(value, (*prefix, index))


def _dumps_with(data: Any, path: tuple[Any, ...], value: Any) -> str:
    """Returns the JSON of `data` with the value at `path` replaced (data is left as it was)."""
    target = data
    for key in path[:-1]:
        target = target[key]
    old = target[path[-1]]
    target[path[-1]] = value
    try:
        return json.dumps(data)
    finally:
        target[path[-1]] = old


def json_value(data: Any, path: tuple[Any, ...]) -> Any:
    """Returns the value at `path` in a JSON document."""
    for key in path:
        data = data[key]
    return data


def _wrong_type(value: Any) -> Any:
    """Returns a value of a JSON type never valid where `value` is."""
    if isinstance(value, bool):
        return 1 if not value else 0
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return 12345
    if isinstance(value, list):
        return {}
    if isinstance(value, dict):
        return []
    return 1.5


def damaged_documents(text: str, rng: random.Random, count: int) -> list[tuple[str, str]]:
    """Returns (what was damaged, damaged text) pairs, each of which must be refused."""
    data = json.loads(text)
    damaged: list[tuple[str, str]] = [
        ("empty text", ""),
        ("a JSON array", "[]"),
        ("deep nesting", "[" * 5000),
        ("newer format", json.dumps({**data, "format": data["format"] + 1})),
        ("format as text", json.dumps({**data, "format": str(data["format"])})),
        ("no format", json.dumps({k: v for k, v in data.items() if k != "format"})),
        ("unknown kind", json.dumps({**data, "kind": "conformance.no_such_kind"})),
        ("another kind", json.dumps({**data, "kind": "birdgames.record"})),
        ("extra key", json.dumps({**data, "unexpected": 1})),
    ]
    if data.get("kind") == "birdgames.record":
        damaged.pop()
    paths = list(json_paths(data))
    objects = [p for p in paths if isinstance(json_value(data, p), dict)]
    for _ in range(count):
        cut = rng.randrange(len(text))
        damaged.append((f"truncated at {cut}", text[:cut]))
        if paths:
            path = rng.choice(paths)
            value = json_value(data, path)
            damaged.append((f"float at {path}", _dumps_with(data, path, 1.5)))
            damaged.append((f"wrong type at {path}", _dumps_with(data, path, _wrong_type(value))))
        if objects:
            path = rng.choice(objects)
            inner = {**json_value(data, path), "unexpected": 0}
            damaged.append((f"extra key at {path}", _dumps_with(data, path, inner)))
    return damaged


def check_damaged(cls: type[Any], text: str, rng: random.Random, count: int) -> None:
    """Damaged documents of `cls` raise CodecError and nothing else."""
    for what, bad in damaged_documents(text, rng, count):
        try:
            codec.loads(cls, bad)
        except CodecError as exc:
            assert str(exc), f"CodecError without a message for {what}"
            continue
        except Exception as exc:
            raise AssertionError(
                f"{cls.__name__} document with {what} raised {type(exc).__name__} "
                f"instead of CodecError: {exc}"
            ) from exc
        raise AssertionError(f"{cls.__name__} document with {what} loaded: {bad[:200]}")


def check_codec_step(
    game: AnyGame,
    state: Any,
    legal: dict[int, tuple[Any, ...]],
    events: tuple[Any, ...],
    players: int,
    rng: random.Random,
    damages: int,
    round_trips: int,
) -> None:
    """State, views, actions, events and visible events round trip; damage is refused."""
    documents: list[tuple[type[Any], str]] = [(type(state), check_round_trip(state))]
    for viewer in (*range(players), None):
        view = game.view(state, viewer)
        documents.append((type(view), check_round_trip(view)))
        for event in game.visible_events(events, viewer):
            check_round_trip(event)
            assert codec.loads_event(codec.dumps(event)) == event, f"loads_event({event!r})"
    for actions in legal.values():
        for action in rng.sample(actions, min(round_trips, len(actions))):
            text = check_round_trip(action)
            assert codec.loads_action(text) == action, f"loads_action of {action!r} differs"
            documents.append((type(action), text))
    for event in events:
        text = check_round_trip(event)
        assert codec.loads_event(text) == event, f"loads_event of {event!r} differs"
        documents.append((type(event), text))
    cls, text = rng.choice(documents)
    check_damaged(cls, text, rng, damages)
    if documents[0] != (cls, text) and rng.random() < 0.3:
        check_damaged(type(state), documents[0][1], rng, 1)


# ------------------------------------------------------------------ no leaks (rule 5)


def check_no_leaks(
    adapter: EngineAdapter,
    state: Any,
    action: Any,
    players: int,
    rng: random.Random,
    report: RunReport,
    tries: int,
) -> None:
    """What a player cannot see changes nothing they are shown.

    For states perturbed by the adapter in what `player` cannot see: that player's view and
    legal actions, and the spectator's view, are unchanged; the perturbed state is a valid
    document; and when `action` is legal in both and the player's views after the step are
    equal, their visible events of the step are equal too.
    """
    game = adapter.game
    after: tuple[Any, tuple[Any, ...]] | None = None
    for player in range(players):
        view = game.view(state, player)
        legal = game.legal_actions(state, player)
        spectator = game.view(state, None)
        for _ in range(tries):
            seed = rng.randrange(1 << 32)
            other = adapter.perturb_hidden(state, player, seed)
            report.perturbations += 1
            if other != state:
                report.perturbations_changed += 1
            check_round_trip(other)  # the adapter keeps the game's invariants
            diff = first_difference(view, game.view(other, player), "view")
            assert diff is None, (
                f"the view of p{player} changes when only what they cannot see changes "
                f"(perturbation seed {seed}): {diff}"
            )
            diff = first_difference(spectator, game.view(other, None), "view")
            assert diff is None, (
                f"the spectator's view changes when only what p{player} cannot see changes "
                f"(perturbation seed {seed}): {diff}"
            )
            other_legal = game.legal_actions(other, player)
            assert other_legal == legal, (
                f"legal actions of p{player} change when only what they cannot see changes "
                f"(perturbation seed {seed}): {_short(legal)} vs {_short(other_legal)}"
            )
            if game.check(other, action) is not None:
                continue
            if after is None:
                after = game.step(state, action)
            other_after, other_events = game.step(other, action)
            for viewer in (player, None):
                if game.view(after[0], viewer) != game.view(other_after, viewer):
                    continue  # the step revealed something that differs
                report.events_compared += 1
                seen = game.visible_events(after[1], viewer)
                other_seen = game.visible_events(other_events, viewer)
                assert seen == other_seen, (
                    f"visible events of {action!r} for {viewer} tell more than their views "
                    f"(perturbation seed {seed}): {_short(seen)} vs {_short(other_seen)}"
                )


# ------------------------------------------------------------------ whole games (rules 2, 7)


def check_determinism(
    game: AnyGame, config: Any, seed: int, actions: Sequence[Any], final: Any
) -> None:
    """The same config, seed and actions give an equal state and identical dumps."""
    state = game.new_game(config, seed)
    for action in actions:
        state = game.apply(state, action)
    diff = first_difference(final, state)
    assert diff is None, f"replaying the same {len(actions)} actions gives another state: {diff}"
    assert codec.dumps(state) == codec.dumps(final), "equal states give different dumps"


def check_sim(adapter: EngineAdapter, players: int, seed: int) -> tuple[sim.Record, Any]:
    """sim.play is reproducible, its Record round trips and sim.replay rebuilds its states."""
    game = adapter.game
    config = adapter.config(players)
    policies = [sim.RandomPolicy() for _ in range(players)]
    record = sim.play(game, config, seed, policies)
    limit = game.max_actions(config)
    assert len(record.actions) <= limit, f"{len(record.actions)} actions > max_actions {limit}"
    final = sim.replay(game, record)
    assert game.is_terminal(final), f"a random game is not over after max_actions={limit}"
    assert record.game == game.name
    assert record.scores == game.scores(final) and record.winners == game.winners(final)
    text = check_round_trip(record)
    again = sim.play(game, config, seed, policies)
    assert codec.dumps(again) == text, "sim.play with the same seed gives another record"
    back = codec.loads(sim.Record, text)
    diff = first_difference(final, sim.replay(game, back))
    assert diff is None, f"replaying a loaded record gives another state: {diff}"
    half = len(record.actions) // 2
    state = game.new_game(config, seed)
    for action in record.actions[:half]:
        state = game.apply(state, action)
    diff = first_difference(state, sim.replay(game, record, upto=half))
    assert diff is None, f"sim.replay(upto={half}) differs from applying {half} actions: {diff}"
    return record, final


_SUBPROCESS_SCRIPT: Final = """
import importlib, sys
from birdgames import codec, get_game, sim
ref, text = sys.argv[1], sys.stdin.read()
if ref == "-":
    record = codec.loads(sim.Record, text)
    game = get_game(record.game)
else:
    module, _, attribute = ref.partition(":")
    game = getattr(importlib.import_module(module), attribute)
    record = codec.loads(sim.Record, text)
policies = [sim.RandomPolicy() for _ in record.scores]
fresh = sim.play(game, record.config, record.seed, policies)
print(codec.dumps(fresh))
print(codec.dumps(sim.replay(game, record)))
"""


def check_replay_in_subprocess(adapter: EngineAdapter, players: int, seed: int) -> None:
    """Another process with another PYTHONHASHSEED plays and replays to identical dumps."""
    record, final = check_sim(adapter, players, seed)
    hash_seed = "271828" if os.environ.get("PYTHONHASHSEED") != "271828" else "314159"
    package_root = Path(birdgames.__file__).resolve().parent.parent
    env = {
        **os.environ,
        "PYTHONHASHSEED": hash_seed,
        "PYTHONPATH": os.pathsep.join([str(package_root), str(REPO_ROOT)]),
    }
    done = subprocess.run(
        [sys.executable, "-c", _SUBPROCESS_SCRIPT, adapter.game_ref or "-"],
        input=codec.dumps(record),
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO_ROOT,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, f"the subprocess failed:\n{done.stderr[-2000:]}"
    played, replayed = done.stdout.splitlines()
    assert played == codec.dumps(record), (
        f"with PYTHONHASHSEED={hash_seed} sim.play gives another record"
    )
    assert replayed == codec.dumps(final), (
        f"with PYTHONHASHSEED={hash_seed} replaying the record gives another state"
    )


def check_game(
    adapter: EngineAdapter,
    players: int,
    seed: int,
    *,
    choose: Chooser | None = None,
    sampling: Sampling | None = None,
) -> RunReport:
    """Plays one game (random moves unless `choose` is given) checking rules 1-7 as it goes."""
    if sampling is None:
        sampling = Sampling(heavy_rate=adapter.heavy_rate, mutated_states=adapter.mutated_states)
    game = adapter.game
    assert players in game.player_counts, f"{game.name} does not list {players} players"
    rng = random.Random(seed * 1000 + players)
    pick: Chooser = choose if choose is not None else rng.choice
    config = adapter.config(players)
    check_round_trip(config)
    state = game.new_game(config, seed)
    diff = first_difference(state, game.new_game(config, seed))
    assert diff is None, f"new_game with the same seed gives another state: {diff}"
    check_config_errors(game, players, state)
    limit = game.max_actions(config)
    assert type(limit) is int and limit > 0, f"max_actions is {limit!r}"
    report = RunReport()
    stale: deque[Any] = deque(maxlen=24)
    while True:
        check_turn_shape(game, state, players)
        if game.is_terminal(state):
            break
        assert len(report.actions) < limit, f"the game is not over after max_actions={limit}"
        heavy = not report.actions or rng.random() < sampling.heavy_rate
        legal = {p: game.legal_actions(state, p) for p in range(players)}
        check_legal_actions(game, state, legal, rng, None if heavy else sampling.legal_apply_limit)
        candidates = illegal_candidates(legal, stale, players, rng)
        if not heavy and len(candidates) > sampling.illegal_limit:
            candidates = rng.sample(candidates, sampling.illegal_limit)
        report.illegal_checked += check_illegal_actions(
            game, state, legal, candidates, players, heavy
        )
        report.illegal_checked += check_mistyped(game, state, legal, len(report.actions), heavy)
        if len(game.to_act(state)) > 1 and (heavy or rng.random() < sampling.simultaneous_rate):
            check_simultaneous(game, state, rng)
            report.simultaneous_checks += 1
        action = pick([a for p in game.to_act(state) for a in legal[p]])
        after, events = check_step(game, state, action)
        report.kinds_seen.update(event.kind for event in events)
        report.kinds_seen.add(action.kind)
        if heavy:
            report.heavy_steps += 1
            check_frozen(state)
            hash(state)
            check_codec_step(
                game, state, legal, events, players, rng, sampling.damages, sampling.round_trips
            )
            check_no_leaks(adapter, state, action, players, rng, report, sampling.perturbations)
            report.reason_probes += check_reasons_hide_secrets(adapter, state, players, rng, stale)
        for actions in legal.values():
            stale.extend(rng.sample(actions, min(2, len(actions))))
        report.actions.append(action)
        state = after
    check_round_trip(state)
    check_determinism(game, config, seed, report.actions, state)
    if sampling.mutated_states:
        # Imported here: the mutation fuzz builds on this module's checks.
        from tests.conformance.mutations import check_saved_game

        check_saved_game(game, config, seed, report.actions, rng, sampling.mutated_states, 1)
    assert report.perturbations == 0 or report.perturbations_changed > 0, (
        f"perturb_hidden never changed the state in {report.perturbations} tries"
    )
    return report
