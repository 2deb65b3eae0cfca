"""Reason-leak perturbation (rule 5): a refusal tells a seat only what its view shows.

For a sampled state and each seat, a fixed set of that seat's probe actions gets the same
answer in the state and in states the adapter perturbed in what the seat cannot see: the
same `check` reason, and from `apply` the same `IllegalActionError.reason` and `str()`.

Probes need no per-game code. Templates are the legal actions of every seat in the state and
in the perturbed states, plus recent actions of the game; each is given to the seat and
varied in one field: an int off by one, a value of the same field in another template, or a
value from the parts of the state the perturbation changed (a face-down card's id and
identity, other seats' hands, dealt objectives). A probe naming another seat's hidden card
is thus tried whether or not that card ever appears in a legal action.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence
from typing import Any, Final

import attrs

from birdgames import AnyGame, IllegalActionError
from tests.conformance.adapters import EngineAdapter

PROBES_PER_SEAT: Final = 24  # probe actions per seat and sampled state
PERTURBATIONS: Final = 2  # perturbed states compared per seat and sampled state
_ID_LIMIT: Final = 1 << 20  # larger ints (rng states) name nothing an action could
_DRAWS_PER_PROBE: Final = 4  # draws allowed per probe wanted, duplicates included


def _is_scalar(value: object) -> bool:
    """Ints and strings are what actions name things by (bools and enums are not ids)."""
    if isinstance(value, bool | enum.Enum):
        return False
    if isinstance(value, int):
        return abs(value) < _ID_LIMIT
    return isinstance(value, str)


def _leaves(value: object, out: set[int | str]) -> None:
    """Adds every id-like int and every string inside `value` to `out`."""
    if _is_scalar(value):
        out.add(value)  # type: ignore[arg-type]
    elif isinstance(value, tuple | frozenset | list):
        for item in value:
            _leaves(item, out)
    else:
        cls = type(value)
        if attrs.has(cls):
            for field in attrs.fields(cls):
                _leaves(getattr(value, field.name), out)


def changed_values(a: object, b: object, out: set[int | str]) -> None:
    """Adds to `out` the ints and strings of the parts where `a` and `b` differ.

    A differing object also gives its scalar fields that did not change, so a face-down
    card whose identity changed gives its id as well.
    """
    if a == b:
        return
    cls = type(a)
    if cls is type(b) and attrs.has(cls):
        for field in attrs.fields(cls):
            x, y = getattr(a, field.name), getattr(b, field.name)
            if _is_scalar(x):
                out.add(x)
            if x != y:
                changed_values(x, y, out)
        return
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
        for x, y in zip(a, b, strict=True):
            changed_values(x, y, out)
        return
    _leaves(a, out)
    _leaves(b, out)


def _retarget(action: Any, changes: dict[str, Any]) -> Any | None:
    try:
        return attrs.evolve(action, **changes)
    except Exception:  # an engine may validate fields on construction
        return None


def _unique(actions: Iterable[Any]) -> list[Any]:
    seen: dict[Any, None] = {}
    for action in actions:
        try:
            seen.setdefault(action, None)
        except TypeError:  # an unhashable field: not a template worth varying
            continue
    return list(seen)


def _field_names(action: Any) -> list[str]:
    return [f.name for f in attrs.fields(type(action)) if f.name != "player"]


def _alias(action: Any, name: str) -> str:
    field = getattr(attrs.fields(type(action)), name)
    return str(field.alias or name)


def probe_actions(
    game: AnyGame,
    states: Sequence[Any],
    seat: int,
    players: int,
    recent: Sequence[Any],
    rng: random.Random,
    limit: int,
) -> list[Any]:
    """Returns up to `limit` distinct actions of `seat`, varied from every seat's legal ones.

    `states` holds the state first, then its perturbations for `seat`; what differs between
    them gives the hidden values the probes name.
    """
    templates = _unique(
        [a for s in states for p in range(players) for a in game.legal_actions(s, p)]
        + [a for a in recent if attrs.has(type(a))]
    )
    if not templates:
        return []
    hidden: set[int | str] = set()
    for other in states[1:]:
        changed_values(states[0], other, hidden)
    hidden_by_type: dict[type, list[Any]] = {
        kind: sorted(v for v in hidden if type(v) is kind) for kind in (int, str)
    }
    by_field: dict[str, set[Any]] = {}
    by_kind: dict[str, list[Any]] = {}
    for action in templates:
        by_kind.setdefault(action.kind, []).append(action)
        for name in _field_names(action):
            value = getattr(action, name)
            if _is_scalar(value) or isinstance(value, enum.Enum):
                by_field.setdefault(name, set()).add(value)
    same_field = {name: sorted(values, key=repr) for name, values in by_field.items()}
    # One group per action class and field varied (None: the template as it is), drawn in
    # turn so rare classes get probes as often as the many-variant ones.
    groups: list[tuple[str, str | None]] = [
        (kind, field)
        for kind in sorted(by_kind)
        for field in (None, *_field_names(by_kind[kind][0]))
    ]
    probes: dict[Any, None] = {}
    for draw in range(limit * _DRAWS_PER_PROBE):
        if len(probes) >= limit:
            break
        kind, varied = groups[draw % len(groups)] if draw < len(groups) else rng.choice(groups)
        template = rng.choice(by_kind[kind])
        changes: dict[str, Any] = {"player": seat}
        if varied is not None:
            value = getattr(template, varied)
            options: list[Any] = list(same_field.get(varied, ()))
            if _is_scalar(value):
                options += hidden_by_type[type(value)] * 2  # hidden values weigh double
            if type(value) is int:
                options += [value - 1, value + 1]
            if isinstance(value, enum.Enum):
                options += list(type(value))
            options = [v for v in options if v != value]
            if not options:
                continue
            changes[_alias(template, varied)] = rng.choice(options)
        probe = _retarget(template, changes)
        if probe is not None:
            probes.setdefault(probe, None)
    return list(probes)


Outcome = tuple[str | None, ...]


def answer(game: AnyGame, state: Any, action: Any) -> Outcome:
    """Returns what the engine tells the actor: (None,) if legal, else the three texts."""
    try:
        reason = game.check(state, action)
    except Exception as exc:
        raise AssertionError(
            f"check raised {type(exc).__name__} on {action!r} instead of giving a reason"
        ) from exc
    if reason is None:
        return (None,)
    try:
        game.apply(state, action)
    except IllegalActionError as exc:
        return (reason, exc.reason, str(exc))
    except Exception as exc:
        raise AssertionError(
            f"apply raised {type(exc).__name__} on {action!r}, not IllegalActionError"
        ) from exc
    raise AssertionError(f"apply accepted {action!r} although check says: {reason}")


def check_reasons_hide_secrets(
    adapter: EngineAdapter,
    state: Any,
    players: int,
    rng: random.Random,
    recent: Sequence[Any] = (),
    *,
    perturbations: int = PERTURBATIONS,
    limit: int = PROBES_PER_SEAT,
) -> int:
    """Every seat's probes get the same answers across perturbations of what it cannot see.

    Returns how many probe actions were checked (over all seats).
    """
    game = adapter.game
    checked = 0
    for seat in range(players):
        seeds = [rng.randrange(1 << 32) for _ in range(perturbations)]
        others = [adapter.perturb_hidden(state, seat, seed) for seed in seeds]
        probes = probe_actions(game, [state, *others], seat, players, recent, rng, limit)
        expected = [answer(game, state, probe) for probe in probes]
        for seed, other in zip(seeds, others, strict=True):
            for probe, told in zip(probes, expected, strict=True):
                now = answer(game, other, probe)
                assert now == told, (
                    f"the refusal of {probe!r} for p{seat} changes when only what p{seat} "
                    f"cannot see changes (perturbation seed {seed}): {told!r} vs {now!r}"
                )
        checked += len(probes)
    return checked
