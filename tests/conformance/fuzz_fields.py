"""Any value in any field of any action, and any player given to legal_actions.

Untyped callers build actions by hand, so every field of every action class may hold
anything: an int out of range, a bool, a float, a huge or odd string, None, a container,
another action, another game's enum, an object equal to everything. For each of them
`check` never raises: it returns None only for an action `legal_actions` lists with the same
field types, otherwise a short reason, and then `step` and `apply` raise a printable
IllegalActionError and leave the state as it was.

An engine's action classes are the members of the union its `apply` annotates, so a new
engine is fuzzed without listing them anywhere.
"""

from __future__ import annotations

import copy
import enum
import functools
import random
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs
from hypothesis import assume
from hypothesis import strategies as st

from birdgames import AnyGame, IllegalActionError, InvalidConfigError, games
from birdgames.fields import describe
from tests.conformance.adapters import EngineAdapter

MAX_REASON: Final = 500  # characters of a refusal: a sentence, never a whole value
MAX_MESSAGE: Final = 1200  # characters of str(IllegalActionError)
HUGE_TEXT: Final = "x" * 1_000_000
ODD_TEXTS: Final = ("", " ", "\x00", "\ud800", "\udfff\ud800", "\u202e0", "🐦" * 3, "0", "-1")
BIG_INTS: Final = (2**31, 2**63 - 1, 2**63, -(2**63) - 1, 10**30, 10**5000, -(10**5000))
# Values of a type never valid where a value of another type is: the cheap mistyped probe.
MISTYPED: Final[tuple[object, ...]] = (True, 1.5, "0", (0,))


class EqualsAnything:
    """Equal to every value and hashed like 0: passes `in` tests it must not pass."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


class SlyInt(int):
    """An int subclass: equal to its value, but not exactly an int."""


class SlyStr(str):
    """A str subclass: equal to its value, but not exactly a str."""


class Unprintable:
    """An object whose str and repr raise."""

    def __repr__(self) -> str:
        raise RuntimeError("Unprintable has no text")

    __str__ = __repr__


def action_classes(game: AnyGame) -> tuple[type, ...]:
    """Returns the action classes of `game`: the members of the union `apply` accepts."""
    hints = typing.get_type_hints(type(game).apply)
    action = hints["action"]
    members = typing.get_args(action) or (action,)
    classes = tuple(m for m in members if isinstance(m, type) and attrs.has(m))
    assert classes, f"{game.name}.apply names no attrs action classes: {action!r}"
    return classes


def show(action: object) -> str:
    """Names an action by its class and described fields, never by its own str or repr."""
    cls = type(action)
    if not attrs.has(cls):
        return describe(action)
    fields = ", ".join(f"{f.name}={describe(getattr(action, f.name))}" for f in attrs.fields(cls))
    return f"{cls.__name__}({fields})"


def same_types(a: Any, b: Any) -> bool:
    """Whether two actions of one class hold values of the same types in every field."""
    return type(a) is type(b) and all(
        type(getattr(a, f.name)) is type(getattr(b, f.name)) for f in attrs.fields(type(a))
    )


def listed(game: AnyGame, state: Any, players: int, action: object) -> bool:
    """Whether legal_actions lists `action` itself: an equal action with the same types."""
    player = getattr(action, "player", None)
    if type(player) is not int or not 0 <= player < players:
        return False
    return any(a == action and same_types(a, action) for a in game.legal_actions(state, player))


def expect_refused(game: AnyGame, state: Any, action: object, what: str) -> None:
    """check gives a short reason; step and apply raise a printable IllegalActionError."""
    try:
        reason = game.check(state, action)
    except Exception as exc:
        raise AssertionError(
            f"check raised {type(exc).__name__} on {show(action)} ({what}) "
            "instead of giving a reason"
        ) from exc
    assert isinstance(reason, str) and reason.strip(), (
        f"check accepts {show(action)} ({what}), which legal_actions does not list"
    )
    assert len(reason) <= MAX_REASON, (
        f"the reason refusing {show(action)} ({what}) has {len(reason)} characters"
    )
    for method in (game.step, game.apply):
        try:
            method(state, action)
        except IllegalActionError as exc:
            assert exc.action is action, f"IllegalActionError.action is not {show(action)}"
            try:
                message = str(exc)
            except Exception as inner:
                raise AssertionError(
                    f"str() of the IllegalActionError for {show(action)} ({what}) raised "
                    f"{type(inner).__name__}"
                ) from inner
            assert len(message) <= MAX_MESSAGE, (
                f"the IllegalActionError for {show(action)} ({what}) says {len(message)} chars"
            )
        except Exception as exc:
            raise AssertionError(
                f"{method.__name__} raised {type(exc).__name__} on {show(action)} ({what}), "
                "not IllegalActionError"
            ) from exc
        else:
            raise AssertionError(f"{method.__name__} accepted {show(action)} ({what})")


def check_any_action(game: AnyGame, state: Any, players: int, action: object) -> None:
    """A listed action passes check; anything else is refused cleanly."""
    if listed(game, state, players, action):
        reason = game.check(state, action)
        assert reason is None, f"check refuses listed action {show(action)}: {reason}"
        return
    expect_refused(game, state, action, "a fuzzed field")


def mistyped_variants(action: Any) -> list[Any]:
    """Returns `action` with one field replaced by a value of another type, every way."""
    variants = []
    cls = type(action)
    for field in attrs.fields(cls):
        value = getattr(action, field.name)
        for wrong in MISTYPED:
            if type(wrong) is type(value):
                continue
            try:
                variants.append(attrs.evolve(action, **{field.alias: wrong}))
            except Exception:  # an engine may validate fields on construction
                continue
    return variants


def check_mistyped(
    game: AnyGame, state: Any, legal: Mapping[int, tuple[Any, ...]], step: int, thorough: bool
) -> int:
    """A legal action (the step number picks which) with each field mistyped in turn is
    refused; when `thorough`, the state is unchanged after. Returns how many were tried."""
    pool = [action for actions in legal.values() for action in actions]
    if not pool:
        return 0
    snapshot = copy.deepcopy(state) if thorough else None
    variants = mistyped_variants(pool[step * 7 % len(pool)])
    for variant in variants:
        expect_refused(game, state, variant, "a mistyped field")
    if snapshot is not None:
        assert state == snapshot, "refusing an action with a mistyped field changed the old state"
    return len(variants)


BAD_SEATS: Final[tuple[object, ...]] = (
    True,
    False,
    1.0,
    "0",
    None,
    (0,),
    -1,
    2**64,
    SlyInt(0),
    EqualsAnything(),
    HUGE_TEXT,
)


def check_bad_seats(game: AnyGame, state: Any, players: int) -> None:
    """legal_actions raises a short InvalidConfigError for anything that is not a seat."""
    seats: tuple[Any, ...] = (*BAD_SEATS, players)
    for seat in seats:
        try:
            game.legal_actions(state, seat)
        except InvalidConfigError as exc:
            assert len(str(exc)) <= MAX_REASON, f"legal_actions({describe(seat)}) error is long"
        except Exception as exc:
            raise AssertionError(
                f"legal_actions(state, {describe(seat)}) raised {type(exc).__name__}, "
                "not InvalidConfigError"
            ) from exc
        else:
            raise AssertionError(f"legal_actions(state, {describe(seat)}) accepted a non-seat")


# ------------------------------------------------------------------ the hypothesis fuzz


@attrs.frozen
class FuzzPool:
    """States of one engine to fuzz on, with the listed actions met there."""

    game: AnyGame
    classes: tuple[type, ...]
    # (state, player count, deep copy of the state) from seeded random games
    states: tuple[tuple[Any, int, Any], ...]
    # for each class, indexes into `states` where some player may take an action of it
    states_with: Mapping[type, tuple[int, ...]]
    # listed actions met, by class (capped)
    examples: Mapping[type, tuple[Any, ...]]


def build_pool(
    adapter: EngineAdapter, points: int = 5, games_per_count: int = 1, budget: int = 24
) -> FuzzPool:
    """Plays seeded random games; keeps `points` states spread over each, and for every
    action class a few states where it is legal, playing more games (up to `budget`) until
    every class has been met."""
    game = adapter.game
    classes = action_classes(game)
    states: list[tuple[Any, int, Any]] = []
    states_with: dict[type, list[int]] = {cls: [] for cls in classes}
    examples: dict[type, list[Any]] = {cls: [] for cls in classes}
    played = 0
    seed = 0
    # The default config first, then each variant in turn: some actions exist only in one
    # (a game's optional parts).
    configs = [adapter.config, *(config_for for _, config_for in adapter.variants)]
    while played < budget:
        config_for = configs[seed % len(configs)]
        for players in adapter.player_counts:
            trail = _random_game(adapter.game, config_for(players), players, seed)
            played += 1
            keep = {round(i * (len(trail) - 1) / max(1, points - 1)) for i in range(points)}
            for index, (state, legal) in enumerate(trail):
                kinds = {type(a) for a in legal}
                wanted = [c for c in kinds if c in states_with and len(states_with[c]) < 3]
                if index in keep or wanted:
                    for cls in kinds:
                        if cls in states_with and len(states_with[cls]) < 3:
                            states_with[cls].append(len(states))
                    states.append((state, players, copy.deepcopy(state)))
                for action in legal:
                    found = examples.get(type(action))
                    if found is not None and len(found) < 40:
                        found.append(action)
        seed += 1
        if seed >= games_per_count and all(states_with.values()):
            break
    return FuzzPool(
        game=game,
        classes=classes,
        states=tuple(states),
        states_with={cls: tuple(found) for cls, found in states_with.items()},
        examples={cls: tuple(found) for cls, found in examples.items()},
    )


def _random_game(
    game: AnyGame, config: Any, players: int, seed: int
) -> list[tuple[Any, list[Any]]]:
    """Returns every state of one seeded random game with the legal actions there."""
    rng = random.Random(seed * 7919 + players)
    state = game.new_game(config, seed)
    trail = []
    while True:
        legal = [a for p in game.to_act(state) for a in game.legal_actions(state, p)]
        trail.append((state, legal))
        if not legal:
            return trail
        state = game.apply(state, rng.choice(legal))


@functools.cache
def foreign_values() -> tuple[object, ...]:
    """Actions of every registered game and the toy game, and every enum member they use."""
    from tests.toy import game as toy

    values: list[object] = [toy.Pick(0, 1), toy.Build(1, 0), toy.EndBuild(0), toy.Phase.BUILD]
    enums: set[type[enum.Enum]] = set()
    for game in games().values():
        for cls in action_classes(game):
            for hint in typing.get_type_hints(cls).values():
                for member in (hint, *typing.get_args(hint)):
                    if isinstance(member, type) and issubclass(member, enum.Enum):
                        enums.add(member)
        state = game.new_game(game.default_config(min(game.player_counts)), 0)
        for player in game.to_act(state):
            values += game.legal_actions(state, player)[:2]
    for kind in sorted(enums, key=lambda e: f"{e.__module__}.{e.__qualname__}"):
        values += list(kind)
    return tuple(values)


def wild_values(examples: Sequence[Any]) -> st.SearchStrategy[object]:
    """Any value at all, weighted towards the ones that break careless rules code."""
    own = [v for a in examples for v in (a, *(getattr(a, f.name) for f in attrs.fields(type(a))))]
    texts = sorted({v for v in own if type(v) is str})
    strategies: list[st.SearchStrategy[object]] = [
        st.integers(-3, 12),
        st.integers(),
        st.sampled_from(BIG_INTS),
        st.booleans(),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=12),
        st.sampled_from(ODD_TEXTS),
        st.sampled_from((HUGE_TEXT, "y" * 65, "y" * 64, "y" * 257)),
        st.none(),
        st.tuples(st.integers(-1, 3)),
        st.lists(st.integers(-1, 3), max_size=3),
        st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
        st.builds(EqualsAnything),
        st.builds(Unprintable),
        st.integers(-1, 3).map(SlyInt),
        st.sampled_from(foreign_values()),
    ]
    if own:
        strategies.append(st.sampled_from(own))
    if texts:
        strategies.append(st.sampled_from(texts).map(SlyStr))
        strategies.append(st.sampled_from(texts).map(lambda t: t + " "))
        strategies.append(st.sampled_from(texts).map(str.upper))
    return st.one_of(strategies)


def fuzzed_action(data: st.DataObject, pool: FuzzPool, cls: type) -> tuple[int, Any]:
    """Draws a state index and an action of `cls`: a listed action of that class (or none)
    with at least one field, and maybe more, replaced by a wild value."""
    indexes = pool.states_with.get(cls) or tuple(range(len(pool.states)))
    spread = tuple(range(0, len(pool.states), max(1, len(pool.states) // 6)))
    index = data.draw(st.sampled_from(indexes + spread), label="state")
    examples = pool.examples.get(cls, ())
    base = data.draw(st.sampled_from(examples), label="base") if examples else None
    fields = attrs.fields(cls)
    wild = wild_values(pool.examples.get(cls, ()) or [a for v in pool.examples.values() for a in v])
    chosen = data.draw(st.integers(0, len(fields) - 1), label="wild field") if fields else -1
    values: dict[str, object] = {}
    for i, field in enumerate(fields):
        keep = base is not None and i != chosen and data.draw(st.booleans(), label="keep")
        values[field.alias] = getattr(base, field.name) if keep else data.draw(wild, label="value")
    try:
        action = cls(**values)
    except Exception:  # an engine may validate fields on construction
        assume(False)
    return index, action


def fuzz_one(data: st.DataObject, pool: FuzzPool, cls: type) -> None:
    """One example: a fuzzed action of `cls` on a pooled state, checked, state untouched."""
    index, action = fuzzed_action(data, pool, cls)
    state, players, snapshot = pool.states[index]
    check_any_action(pool.game, state, players, action)
    assert state == snapshot, f"checking {show(action)} changed the old state"
