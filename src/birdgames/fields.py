"""Exact field types of every game's actions, checked before any rule reads a field.

Actions reach an engine from untyped callers too: a server decoding a client's move by hand,
another language, an attacker. Each engine's `check` starts with `ActionTypes.problem`,
which refuses an object that is not exactly one of the game's action classes, or a field
whose value is not exactly of its annotated type, so no rule compares, indexes or prints a
value of a type it was not written for. The accepted types come from the attrs fields'
annotations, read once per class when the game builds its `ActionTypes`.

Every text here stays short whatever the value: a refusal never copies a whole value.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable, Iterable
from typing import Any, Final, TypeAlias

import attrs

# A str field holds an id or a name (the longest is 21 characters); longer text is refused
# before a rule hashes it or quotes it in a reason.
MAX_TEXT: Final = 64
# A tuple field holds at most this many items.
MAX_ITEMS: Final = 64
# Int fields hold seats, ids, slots and counts: 64-bit signed, as every JSON client can send.
MIN_INT: Final = -(2**63)
MAX_INT: Final = 2**63 - 1
# How much of a value a description shows.
SHOWN_CHARS: Final = 60
_SHOWN_ITEMS: Final = 4


@attrs.frozen
class FieldType:
    """What one field accepts: exactly these types, and for a tuple, what its items accept."""

    name: str
    types: tuple[type, ...]
    expected: str  # "an int", "a Zone or None"
    items: tuple[FieldType, ...] | None = None  # tuple[X, ...] has one; tuple[X, Y] one each
    variadic: bool = False


# Every class an ActionTypes was built for; IllegalActionError asks it how to print an action.
_FIELD_TYPES: dict[type, tuple[FieldType, ...]] = {}

# Per field: name, accepted types, whether a size bound applies.
_Check: TypeAlias = tuple[str, tuple[type, ...], bool, FieldType]
_SIZED: Final = (int, str, tuple)


class ActionTypes:
    """One game's action classes and the exact type each of their fields accepts."""

    def __init__(self, game: str, classes: Iterable[type]) -> None:
        self.game = game
        self._checks: dict[type, tuple[_Check, ...]] = {}
        for cls in classes:
            fields = _FIELD_TYPES.get(cls)
            if fields is None:
                fields = field_types(cls)
                _FIELD_TYPES[cls] = fields
            self._checks[cls] = tuple(
                (f.name, f.types, any(t in _SIZED for t in f.types), f) for f in fields
            )

    def problem(self, action: object) -> str | None:
        """Returns why `action` is not a well-typed action of this game, or None."""
        checks = self._checks.get(type(action))
        if checks is None:
            return f"{describe(action)} is not a {self.game} action"
        for name, accepted, sized, field in checks:
            value: Any = getattr(action, name, _MISSING)
            kind = type(value)
            if kind not in accepted:
                return _refusal(field, value)
            if sized:
                if kind is int:
                    if not MIN_INT <= value <= MAX_INT:
                        return _refusal(field, value)
                elif kind is str:
                    if len(value) > MAX_TEXT:
                        return _refusal(field, value)
                elif kind is tuple and not _items_within(value, field):
                    return _refusal(field, value)
        return None


# What an action built without its __init__ (`object.__new__`) holds in a field it lacks.
_MISSING: Final = object()


def _refusal(field: FieldType, value: object) -> str:
    if value is _MISSING:
        return f"{field.name} is missing; it must be {field.expected}"
    return f"{field.name} must be {field.expected}, not {describe(value)}"


def _within(value: object, field: FieldType) -> bool:
    """Whether a value of an accepted type also has an accepted size (and accepted items)."""
    kind = type(value)
    if kind is int:
        return MIN_INT <= value <= MAX_INT  # type: ignore[operator]
    if kind is str:
        return len(value) <= MAX_TEXT  # type: ignore[arg-type]
    if kind is tuple:
        return _items_within(value, field)  # type: ignore[arg-type]
    return True


def _items_within(value: tuple[object, ...], field: FieldType) -> bool:
    items = field.items
    if items is None:
        return True
    if field.variadic:
        if len(value) > MAX_ITEMS:
            return False
        checks = (items[0],) * len(value)
    elif len(value) != len(items):
        return False
    else:
        checks = items
    return all(
        type(item) in check.types and _within(item, check)
        for item, check in zip(value, checks, strict=True)
    )


def field_types(cls: type) -> tuple[FieldType, ...]:
    """Returns what each attrs field of `cls` accepts, from its annotations.

    Supported: int, bool, str, None, Enum subclasses, unions of these and tuples of them.
    Anything else raises TypeError when the game is built, so a new field type is handled
    here before an engine can ship it unchecked.
    """
    hints = typing.get_type_hints(cls)
    return tuple(_field_type(field.name, hints[field.name]) for field in attrs.fields(cls))


def _field_type(name: str, hint: object) -> FieldType:
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        members = [_field_type(name, arg) for arg in typing.get_args(hint)]
        tuples = [m for m in members if m.items is not None]
        if len(tuples) > 1:
            raise TypeError(f"field {name}: a union of several tuple types is not supported")
        accepted = tuple(t for m in members for t in m.types)
        expected = " or ".join(m.expected for m in members)
        item = tuples[0] if tuples else None
        return FieldType(
            name,
            accepted,
            expected,
            None if item is None else item.items,
            False if item is None else item.variadic,
        )
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _field_type(name, args[0])
            return FieldType(name, (tuple,), f"a tuple of {item.expected}", (item,), True)
        items = tuple(_field_type(name, arg) for arg in args)
        shown = ", ".join(i.expected for i in items)
        return FieldType(name, (tuple,), f"a tuple ({shown})", items, False)
    if hint is None or hint is type(None):
        return FieldType(name, (type(None),), "None")
    if hint is bool:
        return FieldType(name, (bool,), "a bool")
    if hint is int:
        return FieldType(name, (int,), "an int of 64 bits")
    if hint is str:
        return FieldType(name, (str,), f"a str of at most {MAX_TEXT} characters")
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return FieldType(name, (hint,), f"a {hint.__name__}")
    raise TypeError(f"field {name}: cannot check values against {hint!r}")


def _cut(text: str, limit: int = SHOWN_CHARS) -> str:
    return text if len(text) <= limit else f"{text[:limit]}..."


def describe(value: object, depth: int = 2) -> str:
    """Returns a short text naming any value, without calling its own str or repr.

    Plain data is shown (cut to a few dozen characters, small tuples item by item); any
    other object by its type.
    """
    kind = type(value)
    if value is None or kind is bool or kind is float:
        return repr(value)
    if kind is int:
        number: int = value  # type: ignore[assignment]
        if -(10**30) < number < 10**30:
            return repr(number)
        return f"an int of {number.bit_length()} bits"
    if kind is str:
        text: str = value  # type: ignore[assignment]
        if len(text) <= SHOWN_CHARS:
            return repr(text)
        return f"{text[:SHOWN_CHARS]!r}... ({len(text)} characters)"
    if issubclass(kind, enum.Enum):
        member: enum.Enum = value  # type: ignore[assignment]
        return _cut(f"{kind.__name__}.{member.name}")
    if kind is tuple and depth > 0:
        items: tuple[object, ...] = value  # type: ignore[assignment]
        if len(items) <= _SHOWN_ITEMS:
            inner = ", ".join(describe(item, depth - 1) for item in items)
            return f"({inner},)" if len(items) == 1 else f"({inner})"
        return f"a tuple of {len(items)} items"
    name = _cut(kind.__name__, 40)
    article = "an" if name[:1].lower() in ("a", "e", "i", "o", "u") else "a"
    return f"{article} {name}"


def describe_action(action: object) -> str:
    """Returns a short text naming `action`: its own log line when it is a well-typed action
    of a game, else its class and fields described one by one."""
    fields = _FIELD_TYPES.get(type(action))
    if fields is None:
        return describe(action)
    values = [(field, getattr(action, field.name, _MISSING)) for field in fields]
    if all(type(v) in f.types and _within(v, f) for f, v in values):
        try:
            return _cut(str(action), 4 * SHOWN_CHARS)
        except Exception:  # an error message must not fail on a faulty log line
            pass
    shown = ", ".join(f"{f.name}={'missing' if v is _MISSING else describe(v)}" for f, v in values)
    return f"{type(action).__name__}({shown})"


# --- frozen values built without their class's __init__ ---------------------------------------
# A reducer or the codec may build a frozen value by setting its slots one by one
# (`slot_setter`) or, for a class without slots (a game's State), by setting its `__dict__` to
# a new dict of its fields in order. That equals calling the class only while attrs' __init__
# does nothing else (`init_only_stores`, `init_only_fills_dict`): the codec asks before building
# a class this way, and the tests ask it of every class the engines build this way.

_SET: Final = object.__setattr__


def slot_setter(cls: type, name: str) -> Callable[[object, object], None]:
    """Returns the function that sets slot `name` of an instance of the slotted class `cls`."""
    setter: Callable[[object, object], None] = cls.__dict__[name].__set__
    return setter


# Where attrs keeps the hash of a class made with cache_hash=True.
CACHED_HASH: Final = "_attrs_cached_hash"

# What attrs runs around an __init__ it generates.
_INIT_HOOKS: Final = ("__attrs_pre_init__", "__attrs_post_init__")


def _plain_attrs_init(cls: type, names: tuple[str, ...]) -> bool:
    """Whether `cls` is an attrs class whose generated __init__ takes `names`, in order, with
    no metaclass or __new__ of its own, no pre- or post-init hook, and for every field no
    validator, converter or setattr hook."""
    init = getattr(cls.__dict__.get("__init__"), "__code__", None)
    return (
        type(cls) is type
        and attrs.has(cls)
        and cls.__new__ is object.__new__
        and not any(hasattr(cls, hook) for hook in _INIT_HOOKS)
        and isinstance(init, types.CodeType)
        and init.co_filename.startswith("<attrs generated")
        and tuple(f.name for f in attrs.fields(cls)) == names
        and all(
            f.init
            and f.validator is None
            and f.converter is None
            and f.on_setattr in (None, attrs.setters.NO_OP)
            for f in attrs.fields(cls)
        )
    )


def init_only_stores(cls: type, names: tuple[str, ...]) -> bool:
    """Whether calling `cls` with `names`' values does nothing but store them in the class's
    own slots (and empty a cached hash): an attrs-made __init__ of a slotted class with nothing
    else in it (`_plain_attrs_init`)."""
    return (
        _plain_attrs_init(cls, names)
        and "__slots__" in cls.__dict__
        and all(type(cls.__dict__.get(name)) is types.MemberDescriptorType for name in names)
    )


def init_only_fills_dict(cls: type, names: tuple[str, ...]) -> bool:
    """Whether calling `cls` with `names`' values does nothing but put them, in order, in the
    instance's `__dict__`: attrs' __init__ of a class without slots and without a cached
    hash (which that __init__ would also reset), with nothing else in it (`_plain_attrs_init`).

    Such an instance can be made as `object.__new__(cls)` with its `__dict__` set to a new dict
    of the same keys in the same order.
    """
    init = cls.__dict__["__init__"].__code__ if _plain_attrs_init(cls, names) else None
    return (
        init is not None
        and "__slots__" not in cls.__dict__
        and all(name not in cls.__dict__ for name in names)
        and CACHED_HASH not in init.co_consts
        and CACHED_HASH not in init.co_names
    )
