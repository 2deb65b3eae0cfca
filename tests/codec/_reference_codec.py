"""The codec as it was before its structure hooks were generated: the reference of
tests/codec/test_differential.py (and of benchmarks/codec_loads.py's `--codec`).

A frozen copy of that `birdgames/codec.py`, importable from the tests only, sharing the live
codec's registrations; do not edit it but to follow a change of what it imports.
"""
# ruff: noqa

from __future__ import annotations

import enum
import functools
import json
import json.scanner as json_scanner
import math
import operator
import re
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from itertools import repeat
from typing import TYPE_CHECKING, Any, Final, Literal, TypeVar, cast, get_args, get_origin, overload

import attrs
import cattrs
import cattrs.v
from cattrs.errors import (
    BaseValidationError,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.fns import identity
from cattrs.gen import (
    make_dict_structure_fn,
    make_dict_structure_fn_from_attrs,
    make_dict_unstructure_fn,
    override,
)

from birdgames.core import SEED_BITS, ActionLike, CodecError, Tagged, games
from birdgames.fields import CACHED_HASH, init_only_stores, slot_setter
from birdgames.rng import Rng
from birdgames.codec import registrations as _live

if TYPE_CHECKING:
    from typing_extensions import TypeForm

T = TypeVar("T")

Role = Literal["action", "event", "document"]

# Field metadata marking a seed: an int of at most SEED_BITS bits written as a hex string, so
# JavaScript keeps it exact.
HEX: Final[Mapping[str, bool]] = types.MappingProxyType({"birdgames.hex": True})

# --- limits -------------------------------------------------------------------------------
# Every document the package writes stays far inside these; see docs/codec.md for the
# measured cost of the worst document each one admits.

MAX_DOCUMENT_BYTES: Final = 2 * 1024 * 1024
"""The longest text `loads` reads, in UTF-8 bytes (whitespace included)."""
MAX_VALUES: Final = 2**17
"""The most JSON values in one document, counted before parsing as its commas and opening
brackets (an upper bound): this is what bounds the cost of parsing."""
MAX_DEPTH: Final = 32
"""The deepest nesting of arrays and objects, the document itself being depth 1."""
MAX_INTEGER: Final = 2**53 - 1
"""The largest magnitude of a JSON number: what JavaScript holds exactly."""
MAX_STRING_LENGTH: Final = 256
"""The longest string, key or value, in characters."""
MAX_ARRAY_LENGTH: Final = 10_000
"""The most items of one array (a Record's actions are the longest)."""
MAX_OBJECT_KEYS: Final = 128
"""The most keys of one object."""
MAX_ITEM_ERRORS: Final = 3
"""How many bad items of one array are reported before loading stops looking."""

_MAX_NUMBER_CHARS: Final = 32  # a float literal longer than this is never one birdgames wrote
_MAX_MESSAGE: Final = 600  # characters of a CodecError's message, all ASCII
_SHOWN: Final = 40  # characters of a bad value quoted in a message

_HEX_INT = re.compile(rf"-?0x[0-9a-f]{{1,{SEED_BITS // 4}}}")
_RNG_STATE = re.compile(r"[0-9a-f]{16}")
_SURROGATE = re.compile("[\ud800-\udfff]")


@attrs.frozen
class _Registration:
    cls: type
    version: int
    role: Role
    oldest: int  # the oldest format still read: its documents lack only defaulted fields
    tag: str  # the class's kind, found once (`_tag_of` lists the class's fields)


# The registrations are birdgames.codec's own: the engines register with it.
_BY_TAG: dict[str, _Registration] = _live.BY_TAG  # type: ignore[assignment]
_BY_CLASS: dict[type, _Registration] = _live.BY_CLASS  # type: ignore[assignment]
_VALIDATORS: dict[type, Callable[[Any], str | None]] = _live.VALIDATORS
_READ_AS_FORMAT_1: set[type] = _live.READ_AS_FORMAT_1


def _tag_of(cls: type) -> str | None:
    """Returns the class's wire tag when it is a ClassVar, not a field."""
    tag = getattr(cls, "kind", None)
    if not isinstance(tag, str):
        return None
    if attrs.has(cls) and "kind" in attrs.fields_dict(cls):
        return None
    return tag


def _infer_role(cls: type) -> Role:
    module = cls.__module__.rsplit(".", 1)[-1]
    if module == "actions":
        return "action"
    if module == "events":
        return "event"
    return "document"


def register(
    *classes: type, version: int = 1, role: Role | None = None, oldest: int | None = None
) -> None:
    """Registers tagged attrs classes as documents; role defaults from the module name.

    Classes defined in an ``actions`` module are actions, in an ``events`` module events.
    `oldest` (default: `version`) is the oldest format still read, for a format that only
    added fields with defaults. Registering the same class again is harmless; reusing a tag
    for another class, or registering a class at a format above 1 after documents holding it
    were read at format 1, is an error.
    """
    for cls in classes:
        tag = _tag_of(cls)
        if tag is None or not attrs.has(cls):
            raise TypeError(f"{cls.__qualname__} needs to be an attrs class with a ClassVar kind")
        if version != 1 and cls in _READ_AS_FORMAT_1:
            raise TypeError(
                f"{cls.__qualname__} was read at format 1 before it was registered at format "
                f"{version}"
            )
        first = version if oldest is None else oldest
        registration = _Registration(cls, version, role or _infer_role(cls), first, tag)
        existing = _BY_TAG.get(tag)
        if existing is not None and existing.cls is not cls:
            raise TypeError(
                f"tag {tag!r} of {cls.__qualname__} is already used by {existing.cls.__qualname__}"
            )
        _BY_TAG[tag] = registration
        _BY_CLASS[cls] = registration


def register_validator(cls: type[T], validate: Callable[[T], str | None]) -> None:
    """Makes `loads(cls, ...)` refuse documents whose object breaks `validate`."""
    _VALIDATORS[cls] = validate


@attrs.frozen
class WireFormat:
    """How the documents of one tagged class are written and read: what a schema states."""

    tag: str
    """The permanent `"kind"` tag."""
    version: int
    """The format written (1 for a tagged class nested in documents and not registered)."""
    oldest: int
    """The oldest format still read."""
    role: Role
    """"action", "event" or "document"."""
    registered: bool
    """Whether the class is loaded as a document of its own (else only nested in one)."""
    validated: bool
    """Whether a loaded object is also checked by a validator (a game's invariants)."""


def wire_format(cls: type) -> WireFormat | None:
    """Returns how `cls` is written as a tagged object, or None for an untagged class."""
    tag = _tag_of(cls)
    if tag is None:
        return None
    registration = _BY_CLASS.get(cls)
    validated = cls in _VALIDATORS
    if registration is None:
        return WireFormat(tag, 1, 1, "document", registered=False, validated=validated)
    return WireFormat(
        tag,
        registration.version,
        registration.oldest,
        registration.role,
        registered=True,
        validated=validated,
    )


def _ensure_engines_registered() -> None:
    # Importing the engines registers their classes, so any game's tag can be loaded.
    games()


# --- strict primitives -----------------------------------------------------------------


def _type_name(value: object) -> str:
    return "null" if value is None else type(value).__name__


def _show(value: object) -> str:
    """Returns an ASCII repr of `value`, cut so a message never copies a long bad value."""
    if isinstance(value, list | tuple):
        return f"an array of {len(value)} items"
    if isinstance(value, dict):
        return f"an object of {len(value)} keys"
    if type(value) is int and value.bit_length() > 64:
        return f"an int of {value.bit_length()} bits"
    text = ascii(value)
    return text if len(text) <= _SHOWN else f"{text[: _SHOWN - 3]}..."


def _got(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, list | tuple | dict):
        return _show(value)
    return f"{type(value).__name__} {_show(value)}"


def _structure_int(value: object, _: type) -> int:
    if type(value) is not int:
        raise TypeError(f"expected an integer, got {_got(value)}")
    return value


def _fast_structure_str(value: object, _: type) -> str:
    # The fast converter vouches for the string limits, which the full load checks by a walk.
    if type(value) is not str or len(value) > MAX_STRING_LENGTH:
        raise TypeError
    if not value.isascii() and _SURROGATE.search(value):
        raise TypeError
    return value


def _structure_str(value: object, _: type) -> str:
    if type(value) is not str:
        raise TypeError(f"expected a string, got {_got(value)}")
    return value


def _structure_bool(value: object, _: type) -> bool:
    if type(value) is not bool:
        raise TypeError(f"expected true or false, got {_got(value)}")
    return value


def _structure_none(value: object, _: type) -> None:
    if value is not None:
        raise TypeError(f"expected null, got {_got(value)}")


def _structure_float(value: object, _: type) -> float:
    if type(value) not in (int, float):
        raise TypeError(f"expected a number, got {_got(value)}")
    return float(cast(float, value))


def _unstructure_hex(value: int) -> str:
    return hex(value)


def _structure_hex(value: object, _: type) -> int:
    if type(value) is not str or not _HEX_INT.fullmatch(value):
        raise TypeError(
            f"expected a hex string of at most {SEED_BITS} bits such as '0x2a' (a seed), "
            f"got {_got(value)}"
        )
    return int(value, 16)


def _unstructure_rng(rng: Rng) -> str:
    return f"{rng.state:016x}"


def _structure_rng(value: object, _: type) -> Rng:
    if type(value) is not str or not _RNG_STATE.fullmatch(value):
        raise TypeError(f"expected a 16-digit lowercase hex rng state, got {_got(value)}")
    return Rng(int(value, 16))


def _enum_structure_factory(cls: type[enum.Enum]) -> Callable[[object, Any], enum.Enum]:
    values = [member.value for member in cls]
    value_types = frozenset(type(v) for v in values)
    members: dict[object, enum.Enum] = {member.value: member for member in cls}

    def structure(value: object, _: Any) -> enum.Enum:
        # The type test first: True == 1 and 1.0 == 1, and no unhashable value is looked up.
        if type(value) not in value_types or value not in members:
            raise ValueError(f"expected one of {values}, got {_got(value)}")
        return members[value]

    return structure


# --- containers -----------------------------------------------------------------------


def _items(value: object, elem_types: Callable[[int], Any], container: Any) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise TypeError(f"expected a JSON array, got {_type_name(value)}")
    items: list[Any] = []
    errors: list[Exception] = []
    for index, item in enumerate(value):
        elem_type = elem_types(index)
        try:
            items.append(_converter.get_structure_hook(elem_type)(item, elem_type))
        except MemoryError:
            raise
        except Exception as exc:  # collected with its path, for the message
            exc.__notes__ = [
                *getattr(exc, "__notes__", []),
                IterableValidationNote(
                    f"Structuring {elem_type} @ index {index}", index, elem_type
                ),
            ]
            errors.append(exc)
            if len(errors) == MAX_ITEM_ERRORS:
                break  # a few paths say enough; a huge array of bad items costs no more
    if errors:
        raise IterableValidationError(f"While structuring {container!r}", errors, container)
    return tuple(items)


def _is_tuple(t: Any) -> bool:
    return t is tuple or get_origin(t) is tuple


class _Hook:
    """One type's structure hook in the fast converter, looked up on first use."""

    __slots__ = ("hook", "t")

    def __init__(self, t: Any) -> None:
        self.t = t
        self.hook: Callable[[Any, Any], Any] | None = None

    def get(self) -> Callable[[Any, Any], Any]:
        hook = self.hook
        if hook is None:
            hook = self.hook = _fast.get_structure_hook(self.t)
        return hook


def _tuple_structure_factory(t: Any) -> Callable[[object, Any], tuple[Any, ...]]:
    args = get_args(t)
    if not args or (len(args) == 2 and args[1] is Ellipsis):
        elem: Any = args[0] if args else Any

        def structure_homogeneous(value: object, _: Any) -> tuple[Any, ...]:
            return _items(value, lambda _i: elem, t)

        return structure_homogeneous
    if args == ((),):
        args = ()

    def structure_fixed(value: object, _: Any) -> tuple[Any, ...]:
        if isinstance(value, list) and len(value) != len(args):
            raise ValueError(f"expected {len(args)} items, got {len(value)}")
        return _items(value, lambda i: args[i], t)

    return structure_fixed


def _is_primitive_tuple(t: Any) -> bool:
    """A tuple[X, ...] of str, int or bool: written as a list of the same values."""
    args = get_args(t)
    return (
        get_origin(t) is tuple
        and len(args) == 2
        and args[1] is Ellipsis
        and args[0] in (str, int, bool)
    )


def _is_enum(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, enum.Enum)


# `_value_` is what the `value` property returns, read without the descriptor call and, by
# attrgetter, without a Python frame.
_unstructure_enum: Final[Callable[[enum.Enum], Any]] = operator.attrgetter("_value_")


# Item types are tested by `issuperset` on a map of `type`: no set is built for the test.
_STR_TYPE: Final = frozenset({str})
_INT_TYPE: Final = frozenset({int})


def _refuse_untyped(value: object, t: Any) -> Any:
    raise TypeError(f"{t} is untyped")


_SCALARS: Final = frozenset({int, bool, str, type(None)})


def _scalar_types(t: Any) -> frozenset[type] | None:
    """The JSON scalar types a value of `t` is written as (int, bool, str, None and unions of
    them, never an Enum), or None for any other type."""
    if t is None:
        return frozenset({type(None)})
    if t in _SCALARS:
        return frozenset({t})
    if _is_union(t):
        members = get_args(t)
        if all(m in _SCALARS for m in members):
            return frozenset(members)
    return None


def _is_scalar_union(t: Any) -> bool:
    return _is_union(t) and _scalar_types(t) is not None


def _fast_scalar_union_factory(t: Any) -> Callable[[object, Any], Any]:
    accepted = _scalar_types(t)
    assert accepted is not None

    def structure_scalar(value: object, _: Any) -> Any:
        # What the hooks of int, bool, str and None accept, in one call.
        kind = type(value)
        if kind not in accepted:
            raise TypeError
        if kind is str:
            _fast_structure_str(value, str)
        return value

    return structure_scalar


def _is_scalar_tuple(t: Any) -> bool:
    """A tuple of scalars (`_scalar_types`), of any or fixed length: written as a list of
    the same values."""
    if get_origin(t) is not tuple:
        return False
    args = get_args(t)
    if len(args) == 2 and args[1] is Ellipsis:
        return _scalar_types(args[0]) is not None
    return bool(args) and args != ((),) and all(_scalar_types(a) is not None for a in args)


def _is_optional_scalar_tuple(t: Any) -> bool:
    """A tuple of scalars or None (`tuple[str, ...] | None`): written as it is."""
    if not _is_union(t):
        return False
    members = get_args(t)
    return (
        len(members) == 2
        and type(None) in members
        and all(m is type(None) or _is_scalar_tuple(m) for m in members)
    )


def _fast_tuple_structure_factory(t: Any) -> Callable[[object, Any], tuple[Any, ...]]:
    args = get_args(t)
    if not args or (len(args) == 2 and args[1] is Ellipsis):
        item = _Hook(args[0] if args else Any)
        if item.t is str:

            def structure_strings(value: object, _: Any) -> tuple[Any, ...]:
                # Every test at C speed, no call per item: joining fails on any item that is
                # not a string (a JSON string is an exact str), and the joined text is ASCII
                # and short when every item is; only a long one needs the longest item.
                if type(value) is not list or len(value) > MAX_ARRAY_LENGTH:
                    raise TypeError("expected a JSON array of short ASCII strings")
                if not value:
                    return ()
                joined = "".join(value)
                if not joined.isascii() or (
                    len(joined) > MAX_STRING_LENGTH and max(map(len, value)) > MAX_STRING_LENGTH
                ):
                    raise TypeError("expected a JSON array of short ASCII strings")
                return tuple(value)

            return structure_strings
        if item.t is int:

            def structure_ints(value: object, _: Any) -> tuple[Any, ...]:
                if type(value) is not list or len(value) > MAX_ARRAY_LENGTH:
                    raise TypeError("expected a JSON array of integers")
                if not _INT_TYPE.issuperset(map(type, value)):
                    raise TypeError("expected a JSON array of integers")
                return tuple(value)

            return structure_ints
        scalars = _scalar_types(item.t)
        if scalars is not None:
            strings = str in scalars

            def structure_scalars(value: object, _: Any) -> tuple[Any, ...]:
                # bool and int are told apart: type() is exact.
                if type(value) is not list or len(value) > MAX_ARRAY_LENGTH:
                    raise TypeError("expected a JSON array of scalars of the item type")
                if not value:
                    return ()
                if not scalars.issuperset(map(type, value)):
                    raise TypeError("expected a JSON array of scalars of the item type")
                if strings:
                    for x in value:
                        if type(x) is str:
                            _fast_structure_str(x, str)
                return tuple(value)

            return structure_scalars

        def structure_homogeneous(value: object, _: Any) -> tuple[Any, ...]:
            if type(value) is not list or len(value) > MAX_ARRAY_LENGTH:
                raise TypeError("expected a JSON array within the limit")
            if not value:
                return ()
            return tuple(map(item.hook or item.get(), value, repeat(item.t)))  # no frame

        return structure_homogeneous
    if args == ((),):
        args = ()
    if args and all(arg is int or arg is bool for arg in args):
        expected = tuple(args)

        def structure_fixed_numbers(value: object, _: Any) -> tuple[Any, ...]:
            if type(value) is not list or tuple(map(type, value)) != expected:
                raise TypeError("expected a JSON array of the item types")
            return tuple(value)

        return structure_fixed_numbers
    items = [_Hook(arg) for arg in args]

    def structure_fixed(value: object, _: Any) -> tuple[Any, ...]:
        if type(value) is not list or len(value) != len(items):
            raise TypeError("expected a JSON array of the right length")
        return tuple([h.get()(x, h.t) for x, h in zip(value, items, strict=True)])

    return structure_fixed


def _fast_frozenset_structure_factory(t: Any) -> Callable[[object, Any], frozenset[Any]]:
    (elem,) = get_args(t) or (Any,)
    item = _Hook(elem)
    if elem is str:

        def structure_strings(value: object, _: Any) -> frozenset[Any]:
            # No call per item: as the hook of tuple[str, ...] tests its list.
            if type(value) is not list or len(value) > MAX_ARRAY_LENGTH:
                raise TypeError("expected a JSON array of short ASCII strings")
            if not value:
                return frozenset()
            _check_strings(value)
            result = frozenset(value)
            if len(result) != len(value):
                raise ValueError("a set holds each item once")
            return result

        return structure_strings

    def structure(value: object, _: Any) -> frozenset[Any]:
        if type(value) is not list:
            raise TypeError("expected a JSON array")
        if len(value) > MAX_ARRAY_LENGTH:
            raise TypeError("an array beyond the limit")
        hook = item.get()
        result = frozenset([hook(x, elem) for x in value])
        if len(result) != len(value):
            raise ValueError("a set holds each item once")
        return result

    return structure


def _is_frozenset(t: Any) -> bool:
    return t is frozenset or get_origin(t) is frozenset


def _frozenset_structure_factory(t: Any) -> Callable[[object, Any], frozenset[Any]]:
    (elem,) = get_args(t) or (Any,)

    def structure(value: object, _: Any) -> frozenset[Any]:
        items = _items(value, lambda _i: elem, t)
        result = frozenset(items)
        if len(result) != len(items):
            raise ValueError("a set holds each item once; this array repeats one")
        return result

    return structure


def _sort_key(item: object) -> tuple[int, Any]:
    if isinstance(item, bool) or item is None:
        return (2, json.dumps(item))
    if isinstance(item, int):
        return (0, item)
    if isinstance(item, str):
        return (1, item)
    return (2, json.dumps(item, sort_keys=True))


def _frozenset_unstructure_factory(t: Any) -> Callable[[frozenset[Any]], list[Any]]:
    (elem,) = get_args(t) or (Any,)

    def unstructure(value: frozenset[Any]) -> list[Any]:
        items = [_converter.unstructure(item, elem) for item in value]
        # Sorted, so hash order (PYTHONHASHSEED) never reaches the text.
        return sorted(items, key=_sort_key)

    if elem is not str:
        return unstructure

    def unstructure_strings(value: frozenset[Any]) -> list[Any]:
        # Strings are written as they are and sort by `_sort_key` as they sort by themselves.
        if set(map(type, value)) <= _STR_TYPE:
            return sorted(value)
        return unstructure(value)

    return unstructure_strings


# --- tagged classes and unions ------------------------------------------------------------


def _is_union(t: Any) -> bool:
    return get_origin(t) in (typing.Union, types.UnionType)


def _is_tagged_union(t: Any) -> bool:
    if not _is_union(t):
        return False
    members = [m for m in get_args(t) if m is not type(None)]
    return bool(members) and any(attrs.has(m) for m in members)


def _structure_by_tag(
    value: object, allowed: Mapping[str, type], what: str, converter: cattrs.Converter
) -> Any:
    if not isinstance(value, dict):
        raise TypeError(f"expected a JSON object for {what}, got {_type_name(value)}")
    tag = value.get("kind")
    if not isinstance(tag, str):
        raise ValueError(f"{what} needs a string 'kind' tag")
    cls = allowed.get(tag)
    if cls is None:
        known = ", ".join(sorted(allowed)[:12])
        raise ValueError(f"unknown kind {_show(tag)} for {what} (expected one of: {known})")
    return converter.structure(value, cls)


def _tagged_union_structure_factory(
    t: Any, converter: cattrs.Converter
) -> Callable[[object, Any], Any]:
    members = [m for m in get_args(t) if m is not type(None)]
    optional = len(members) != len(get_args(t))
    if len(members) == 1:
        # X | None needs no tag: null or an X.
        (only,) = members

        if converter is _converter:

            def structure_optional(value: object, _: Any) -> Any:
                return None if value is None else converter.structure(value, only)

            return structure_optional
        hook = _Hook(only)

        def structure_optional_fast(value: object, _: Any) -> Any:
            if value is None:
                return None
            found = hook.hook  # looked up once, on first use
            return (found or hook.get())(value, only)

        return structure_optional_fast
    allowed: dict[str, type] = {}
    for member in members:
        tag = _tag_of(member)
        if tag is None:
            raise TypeError(f"union member {member.__qualname__} of {t} has no ClassVar kind")
        allowed[tag] = member

    def structure(value: object, _: Any) -> Any:
        if value is None and optional:
            return None
        return _structure_by_tag(value, allowed, "this field", converter)

    return structure


def _structure_protocol(value: object, t: Any, converter: cattrs.Converter) -> Any:
    _ensure_engines_registered()
    if t is ActionLike:
        allowed = {tag: r.cls for tag, r in _BY_TAG.items() if r.role == "action"}
        return _structure_by_tag(value, allowed, "an action", converter)
    allowed = {tag: r.cls for tag, r in _BY_TAG.items()}
    return _structure_by_tag(value, allowed, "a tagged object", converter)


def _is_tag_protocol(t: Any) -> bool:
    return t is Tagged or t is ActionLike


def _unstructure_runtime(value: object) -> Any:
    return _converter.unstructure(value, type(value))


def _field_overrides(cls: type, structuring: bool) -> dict[str, Any]:
    overrides: dict[str, Any] = {}
    for field in attrs.fields(cls):
        if field.metadata.get("birdgames.hex"):
            if structuring:
                overrides[field.name] = override(struct_hook=_structure_hex)
            else:
                overrides[field.name] = override(unstruct_hook=_unstructure_hex)
    return overrides


def _attrs_structure_factory(
    cls: Any, converter: cattrs.Converter, detailed: bool, shaped: bool = True
) -> Callable[[object, Any], Any]:
    """Returns the hook of an attrs class; `shaped=False` leaves out the hand-written hooks
    (the tests compare them with what cattrs generates)."""
    tag = _tag_of(cls)
    inner: Callable[[Any, Any], Any]
    # The fast hook of a tagged class tests the keys itself, "kind" and "format" among them,
    # so the document is read as it is, not copied without those two.
    forbid_extra_keys = detailed or tag is None
    required = None if detailed else _all_required(cls)
    hand = None if required is None or not shaped else _shaped_hook(cls, required, tag)
    if hand is not None:
        return cast(Callable[[object, Any], Any], hand)
    if required is None:
        inner = make_dict_structure_fn(
            cls,
            converter,
            _cattrs_forbid_extra_keys=forbid_extra_keys,
            _cattrs_detailed_validation=detailed,
            **_field_overrides(cls, structuring=True),
        )
    else:
        inner = make_dict_structure_fn_from_attrs(
            required,
            cls,
            converter,
            _cattrs_forbid_extra_keys=forbid_extra_keys,
            _cattrs_detailed_validation=False,
            **_field_overrides(cls, structuring=True),
        )
    if not detailed:
        if tag is None:
            # The generated function raises on anything but a JSON object (it reads the keys),
            # and any failure hands the document to the detailed converter.
            return cast(Callable[[object, Any], Any], inner)
        known = frozenset(field.name for field in attrs.fields(cls)) | {"kind", "format"}

        def structure_fast(value: object, _: Any) -> Any:
            if type(value) is not dict or value.get("kind") != tag or not value.keys() <= known:
                raise TypeError
            version = value.get("format", 1)
            # The type test first: true and 1.0 equal 1, and the detailed converter refuses them.
            if type(version) is not int:
                raise TypeError
            registration = _BY_CLASS.get(cls)
            if version != (1 if registration is None else registration.version):
                raise TypeError
            return inner(value, cls)

        return structure_fast

    def structure(value: object, _: Any) -> Any:
        if not isinstance(value, dict):
            raise TypeError(
                f"expected a JSON object for {cls.__qualname__}, got {_type_name(value)}"
            )
        if tag is not None:
            if value.get("kind") != tag:
                raise ValueError(f"expected kind {tag!r}, got {_show(value.get('kind'))}")
            _check_nested_format(tag, cls, value)
            value = {k: v for k, v in value.items() if k not in ("kind", "format")}
        return inner(value, cls)

    return structure


# --- hand-written fast hooks ----------------------------------------------------------------
# A state holds many small objects of a few classes (13 Locations in a 5-player Perch state,
# 40-odd flocks, tucks and groups in a Peacock one). cattrs' generated hook calls one hook per
# field; a hook written for the class's shape tests its fields in line, as their own fast
# hooks test them, in one Python frame. A shape is the kinds of the fields in order (names are
# read from the class), so a class whose fields change simply gets cattrs' hook again.

_BOOL_TYPE: Final = frozenset({bool})
_OPTIONAL_STR: Final[frozenset[type]] = frozenset({str, type(None)})
_OPTIONAL_INT: Final[frozenset[type]] = frozenset({int, type(None)})


def _field_kind(field: attrs.Attribute[Any]) -> str:
    """Returns the kind of a field's type that the hand-written hooks know, or "?"."""
    t: Any = field.type
    if field.metadata.get("birdgames.hex"):
        return "?"
    if t is str or t is int or t is bool:
        name: str = t.__name__
        return name
    scalars = _scalar_types(t)
    if scalars is not None and scalars == _OPTIONAL_STR:
        return "str?"
    if scalars is not None and scalars == _OPTIONAL_INT:
        return "int?"
    if _is_enum(t):
        return "enum"
    if attrs.has(t) and t is not Rng:
        return "obj"
    if _optional_object(t) is not None:
        return "obj?"
    args = get_args(t)
    if get_origin(t) is tuple and len(args) == 2 and args[1] is Ellipsis:
        kinds = {str: "strs", int: "ints", bool: "bools"}
        if args[0] in kinds:
            return kinds[args[0]]
        if _is_object_tuple(t):
            return "objs"
    return "?"


def _optional_object(t: Any) -> Any:
    """Returns X for X | None where X is an attrs class (not Rng), else None."""
    if not _is_union(t):
        return None
    members = get_args(t)
    if len(members) != 2 or type(None) not in members:
        return None
    (only,) = [m for m in members if m is not type(None)]
    return only if attrs.has(only) and only is not Rng else None


def _object_type(t: Any) -> Any:
    """Returns the attrs class of an "obj", "obj?" or "objs" field's type."""
    if _is_union(t):
        return _optional_object(t)
    if get_origin(t) is tuple:
        return get_args(t)[0]
    return t


_Shaped = Callable[
    [type, tuple[str, ...], tuple[Any, ...], str | None], Callable[[object, Any], Any]
]


def _keys_ok(o: dict[str, Any], n: int, tag: str | None, cls: type) -> bool:
    """Whether a JSON object of `n` fields read as required holds no other key but, for a
    tagged class, its "kind" and a "format" this version reads (as `structure_fast` tests)."""
    if tag is None:
        return len(o) == n
    if o.get("kind") != tag:
        return False
    registration = _BY_CLASS.get(cls)
    version = 1 if registration is None else registration.version
    if len(o) == n + 1:  # the fields and the tag: format 1
        return version == 1
    fmt = o.get("format")
    return len(o) == n + 2 and type(fmt) is int and fmt == version


def _written_size(cls: type, n: int, tag: str | None) -> tuple[int, str | None]:
    """Returns the key count and "kind" of the JSON object `dumps` writes for a class of `n`
    fields, for a hook's test in line; -1 where only `_keys_ok` can tell (a "format" key)."""
    if tag is None:
        return n, None
    registration = _BY_CLASS.get(cls)
    if registration is not None and registration.version != 1:
        return -1, tag
    # Format 1, registered or not (a tagged class nested in documents, such as Peacock's Flock,
    # is read at format 1 unregistered, as `_keys_ok` reads it): `register` refuses to change
    # the format of a class once a hook relies on it.
    _READ_AS_FORMAT_1.add(cls)
    return n + 1, tag


def _hooks(types: tuple[Any, ...], *indices: int) -> list[_Hook]:
    return [_Hook(_object_type(types[i])) for i in indices]


def _builder(cls: type, names: tuple[str, ...]) -> Callable[..., Any]:
    """Returns what builds `cls` from its fields' values in order: a function that sets the
    slots directly (birdgames.fields.slot_setter) when `init_only_stores` proves attrs'
    __init__ does nothing else, else `cls` itself."""
    make = _SLOT_BUILDERS.get(len(names))
    if make is None or not init_only_stores(cls, names):
        return cls
    hashed = CACHED_HASH in cls.__dict__
    return make(
        cls,
        [slot_setter(cls, name) for name in names],
        slot_setter(cls, CACHED_HASH) if hashed else None,
    )


# The objects of a few classes of two scalar fields recur from state to state and document to
# document (a Peacock flock of one species and size, a tucked island's half, a Perch Spot):
# each distinct one is built once and shared, as immutable values may be (a hashable class
# is one). The cache is bounded, so no document can grow it.
_SHARED_OBJECTS: Final = 1024


def _shared(cls: type, build: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """Returns `build` answering each pair of values (exact types, tested before) with one
    object, or `build` itself for a class whose objects could change."""
    if cls.__hash__ is None:
        return build
    return functools.lru_cache(maxsize=_SHARED_OBJECTS)(build)


_NEW: Final = object.__new__
_Setter = Callable[[object, object], None]


# One builder per field count in use, each setting its slots one by one: a loop over the
# setters costs more than attrs' __init__, and the loaders build thousands of these a second.
def _build1(cls: type, s: list[_Setter], h: _Setter | None) -> Callable[..., Any]:
    (s0,) = s

    def build(v0: Any) -> Any:
        o: Any = _NEW(cls)
        s0(o, v0)
        if h is not None:
            h(o, None)
        return o

    return build


def _build2(cls: type, s: list[_Setter], h: _Setter | None) -> Callable[..., Any]:
    s0, s1 = s

    def build(v0: Any, v1: Any) -> Any:
        o: Any = _NEW(cls)
        s0(o, v0)
        s1(o, v1)
        if h is not None:
            h(o, None)
        return o

    return build


def _build3(cls: type, s: list[_Setter], h: _Setter | None) -> Callable[..., Any]:
    s0, s1, s2 = s

    def build(v0: Any, v1: Any, v2: Any) -> Any:
        o: Any = _NEW(cls)
        s0(o, v0)
        s1(o, v1)
        s2(o, v2)
        if h is not None:
            h(o, None)
        return o

    return build


def _build4(cls: type, s: list[_Setter], h: _Setter | None) -> Callable[..., Any]:
    s0, s1, s2, s3 = s

    def build(v0: Any, v1: Any, v2: Any, v3: Any) -> Any:
        o: Any = _NEW(cls)
        s0(o, v0)
        s1(o, v1)
        s2(o, v2)
        s3(o, v3)
        if h is not None:
            h(o, None)
        return o

    return build


def _build6(cls: type, s: list[_Setter], h: _Setter | None) -> Callable[..., Any]:
    s0, s1, s2, s3, s4, s5 = s

    def build(v0: Any, v1: Any, v2: Any, v3: Any, v4: Any, v5: Any) -> Any:
        o: Any = _NEW(cls)
        s0(o, v0)
        s1(o, v1)
        s2(o, v2)
        s3(o, v3)
        s4(o, v4)
        s5(o, v5)
        if h is not None:
            h(o, None)
        return o

    return build


def _build7(cls: type, s: list[_Setter], h: _Setter | None) -> Callable[..., Any]:
    s0, s1, s2, s3, s4, s5, s6 = s

    def build(v0: Any, v1: Any, v2: Any, v3: Any, v4: Any, v5: Any, v6: Any) -> Any:
        o: Any = _NEW(cls)
        s0(o, v0)
        s1(o, v1)
        s2(o, v2)
        s3(o, v3)
        s4(o, v4)
        s5(o, v5)
        s6(o, v6)
        if h is not None:
            h(o, None)
        return o

    return build


def _build9(cls: type, s: list[_Setter], h: _Setter | None) -> Callable[..., Any]:
    s0, s1, s2, s3, s4, s5, s6, s7, s8 = s

    def build(
        v0: Any, v1: Any, v2: Any, v3: Any, v4: Any, v5: Any, v6: Any, v7: Any, v8: Any
    ) -> Any:
        o: Any = _NEW(cls)
        s0(o, v0)
        s1(o, v1)
        s2(o, v2)
        s3(o, v3)
        s4(o, v4)
        s5(o, v5)
        s6(o, v6)
        s7(o, v7)
        s8(o, v8)
        if h is not None:
            h(o, None)
        return o

    return build


_SLOT_BUILDERS: Final[
    Mapping[int, Callable[[type, list[_Setter], _Setter | None], Callable[..., Any]]]
] = {1: _build1, 2: _build2, 3: _build3, 4: _build4, 6: _build6, 7: _build7, 9: _build9}


def _shape_cell(cls: type, names: tuple[str, ...], types: tuple[Any, ...], tag: str | None) -> Any:
    """(str, ints, bools, bools, int, bool): Perch's Location."""
    n, read = len(names), operator.itemgetter(*names)
    size, kind = _written_size(cls, n, tag)
    make = _builder(cls, names)

    def structure(o: Any, _: Any) -> Any:
        if type(o) is not dict or (
            (len(o) != size or (kind is not None and o.get("kind") != kind))
            and not _keys_ok(o, n, tag, cls)
        ):
            raise TypeError
        s, ints, bools1, bools2, i, b = read(o)
        if (
            type(s) is not str
            or type(ints) is not list
            or type(bools1) is not list
            or type(bools2) is not list
            or type(i) is not int
            or type(b) is not bool
            or len(s) > MAX_STRING_LENGTH
            or (not s.isascii() and _SURROGATE.search(s))
            or len(ints) > MAX_ARRAY_LENGTH
            or len(bools1) > MAX_ARRAY_LENGTH
            or len(bools2) > MAX_ARRAY_LENGTH
            or not _INT_TYPE.issuperset(map(type, ints))
            or not _BOOL_TYPE.issuperset(map(type, bools1 + bools2))
        ):
            raise TypeError
        return make(s, tuple(ints), tuple(bools1), tuple(bools2), i, b)

    return structure


def _shape_hand(cls: type, names: tuple[str, ...], types: tuple[Any, ...], tag: str | None) -> Any:
    """(ints, int, int, strs, str?, bool, bool): Perch's Seat."""
    n, read = len(names), operator.itemgetter(*names)
    size, kind = _written_size(cls, n, tag)
    make = _builder(cls, names)

    def structure(o: Any, _: Any) -> Any:
        if type(o) is not dict or (
            (len(o) != size or (kind is not None and o.get("kind") != kind))
            and not _keys_ok(o, n, tag, cls)
        ):
            raise TypeError
        ints, i1, i2, strs, s, b1, b2 = read(o)
        if (
            type(ints) is not list
            or type(i1) is not int
            or type(i2) is not int
            or type(strs) is not list
            or type(b1) is not bool
            or type(b2) is not bool
            or len(ints) > MAX_ARRAY_LENGTH
            or not _INT_TYPE.issuperset(map(type, ints))
            or len(strs) > MAX_ARRAY_LENGTH
        ):
            raise TypeError
        joined = "".join(strs)  # a TypeError when an item is no string
        if (
            not joined.isascii()
            or (len(joined) > MAX_STRING_LENGTH and max(map(len, strs)) > MAX_STRING_LENGTH)
            or (
                s is not None
                and (
                    type(s) is not str
                    or len(s) > MAX_STRING_LENGTH
                    or (not s.isascii() and _SURROGATE.search(s))
                )
            )
        ):
            raise TypeError
        return make(tuple(ints), i1, i2, tuple(strs), s, b1, b2)

    return structure


def _shape_piece(cls: type, names: tuple[str, ...], types: tuple[Any, ...], tag: str | None) -> Any:
    """(str, int?, obj?, bool): Perch's Creature."""
    n, read = len(names), operator.itemgetter(*names)
    size, kind = _written_size(cls, n, tag)
    make = _builder(cls, names)
    (item,) = _hooks(types, 2)

    def structure(o: Any, _: Any) -> Any:
        if type(o) is not dict or (
            (len(o) != size or (kind is not None and o.get("kind") != kind))
            and not _keys_ok(o, n, tag, cls)
        ):
            raise TypeError
        s, i, obj, b = read(o)
        if (
            type(s) is not str
            or (i is not None and type(i) is not int)
            or type(b) is not bool
            or len(s) > MAX_STRING_LENGTH
            or (not s.isascii() and _SURROGATE.search(s))
        ):
            raise TypeError
        return make(s, i, None if obj is None else (item.hook or item.get())(obj, item.t), b)

    return structure


def _shape_place(cls: type, names: tuple[str, ...], types: tuple[Any, ...], tag: str | None) -> Any:
    """(enum, int): Perch's Spot."""
    n, read = len(names), operator.itemgetter(*names)
    size, kind = _written_size(cls, n, tag)
    make = _builder(cls, names)
    members, value_types = _enum_members(types[0])
    # Keyed by the JSON values: an Enum member hashes in Python code.
    build = _shared(cls, lambda e, i: make(members[e], i))  # a KeyError for no member's value

    def structure(o: Any, _: Any) -> Any:
        if type(o) is not dict or (
            (len(o) != size or (kind is not None and o.get("kind") != kind))
            and not _keys_ok(o, n, tag, cls)
        ):
            raise TypeError
        e, i = read(o)
        # The type test first: True == 1 and 1.0 == 1, and no unhashable value is looked up.
        if type(e) not in value_types or type(i) is not int:
            raise TypeError
        return build(e, i)

    return structure


def _shape_tuck(cls: type, names: tuple[str, ...], types: tuple[Any, ...], tag: str | None) -> Any:
    """(str, enum): Peacock's Tuck."""
    n, read = len(names), operator.itemgetter(*names)
    size, kind = _written_size(cls, n, tag)
    make = _builder(cls, names)
    members, value_types = _enum_members(types[1])
    build = _shared(cls, lambda s, e: make(s, members[e]))  # keyed by the JSON values

    def structure(o: Any, _: Any) -> Any:
        if type(o) is not dict or (
            (len(o) != size or (kind is not None and o.get("kind") != kind))
            and not _keys_ok(o, n, tag, cls)
        ):
            raise TypeError
        s, e = read(o)
        if (
            type(s) is not str
            or type(e) not in value_types
            or len(s) > MAX_STRING_LENGTH
            or (not s.isascii() and _SURROGATE.search(s))
        ):
            raise TypeError
        return build(s, e)

    return structure


def _shape_count(cls: type, names: tuple[str, ...], types: tuple[Any, ...], tag: str | None) -> Any:
    """(str, int): Peacock's Flock."""
    n, read = len(names), operator.itemgetter(*names)
    size, kind = _written_size(cls, n, tag)
    make = _shared(cls, _builder(cls, names))

    def structure(o: Any, _: Any) -> Any:
        if type(o) is not dict or (
            (len(o) != size or (kind is not None and o.get("kind") != kind))
            and not _keys_ok(o, n, tag, cls)
        ):
            raise TypeError
        s, i = read(o)
        if (
            type(s) is not str
            or type(i) is not int
            or len(s) > MAX_STRING_LENGTH
            or (not s.isascii() and _SURROGATE.search(s))
        ):
            raise TypeError
        return make(s, i)

    return structure


def _shape_group(cls: type, names: tuple[str, ...], types: tuple[Any, ...], tag: str | None) -> Any:
    """(str, objs, obj?, obj?): Peacock's Group."""
    n, read = len(names), operator.itemgetter(*names)
    size, kind = _written_size(cls, n, tag)
    make = _builder(cls, names)
    items, left, right = _hooks(types, 1, 2, 3)

    def structure(o: Any, _: Any) -> Any:
        if type(o) is not dict or (
            (len(o) != size or (kind is not None and o.get("kind") != kind))
            and not _keys_ok(o, n, tag, cls)
        ):
            raise TypeError
        s, objs, obj1, obj2 = read(o)
        if (
            type(s) is not str
            or type(objs) is not list
            or len(objs) > MAX_ARRAY_LENGTH
            or len(s) > MAX_STRING_LENGTH
            or (not s.isascii() and _SURROGATE.search(s))
        ):
            raise TypeError
        return make(
            s,
            tuple(map(items.hook or items.get(), objs, repeat(items.t))) if objs else (),
            None if obj1 is None else (left.hook or left.get())(obj1, left.t),
            None if obj2 is None else (right.hook or right.get())(obj2, right.t),
        )

    return structure


def _shape_two_lists(
    cls: type, names: tuple[str, ...], types: tuple[Any, ...], tag: str | None
) -> Any:
    """(strs, strs): Peacock's Hand."""
    n, read = len(names), operator.itemgetter(*names)
    size, kind = _written_size(cls, n, tag)
    make = _builder(cls, names)

    def structure(o: Any, _: Any) -> Any:
        if type(o) is not dict or (
            (len(o) != size or (kind is not None and o.get("kind") != kind))
            and not _keys_ok(o, n, tag, cls)
        ):
            raise TypeError
        a, b = read(o)
        if (
            type(a) is not list
            or type(b) is not list
            or len(a) > MAX_ARRAY_LENGTH
            or len(b) > MAX_ARRAY_LENGTH
        ):
            raise TypeError
        if a or b:
            _check_strings(a + b)
        return make(tuple(a), tuple(b))

    return structure


def _shape_four_lists(
    cls: type, names: tuple[str, ...], types: tuple[Any, ...], tag: str | None
) -> Any:
    """(strs, strs, strs, strs): Peacock's Pool."""
    n, read = len(names), operator.itemgetter(*names)
    size, kind = _written_size(cls, n, tag)
    make = _builder(cls, names)

    def structure(o: Any, _: Any) -> Any:
        if type(o) is not dict or (
            (len(o) != size or (kind is not None and o.get("kind") != kind))
            and not _keys_ok(o, n, tag, cls)
        ):
            raise TypeError
        a, b, c, d = read(o)
        if (
            type(a) is not list
            or type(b) is not list
            or type(c) is not list
            or type(d) is not list
            or len(a) > MAX_ARRAY_LENGTH
            or len(b) > MAX_ARRAY_LENGTH
            or len(c) > MAX_ARRAY_LENGTH
            or len(d) > MAX_ARRAY_LENGTH
        ):
            raise TypeError
        if a or b or c or d:
            _check_strings(a + b + c + d)
        return make(tuple(a), tuple(b), tuple(c), tuple(d))

    return structure


def _check_strings(items: list[Any]) -> None:
    """Refuses, as the hook of tuple[str, ...] refuses each list, items of lists that are not
    all short ASCII strings."""
    joined = "".join(items)  # a TypeError when an item is no string
    if not joined.isascii() or (
        len(joined) > MAX_STRING_LENGTH and max(map(len, items)) > MAX_STRING_LENGTH
    ):
        raise TypeError


def _shape_player(
    cls: type, names: tuple[str, ...], types: tuple[Any, ...], tag: str | None
) -> Any:
    """(obj, str?, obj, objs, bool, ints, int): Peacock's Seat."""
    n, read = len(names), operator.itemgetter(*names)
    size, kind = _written_size(cls, n, tag)
    make = _builder(cls, names)
    first, second, items = _hooks(types, 0, 2, 3)

    def structure(o: Any, _: Any) -> Any:
        if type(o) is not dict or (
            (len(o) != size or (kind is not None and o.get("kind") != kind))
            and not _keys_ok(o, n, tag, cls)
        ):
            raise TypeError
        obj1, s, obj2, objs, b, ints, i = read(o)
        if (
            type(objs) is not list
            or type(b) is not bool
            or type(ints) is not list
            or type(i) is not int
            or len(objs) > MAX_ARRAY_LENGTH
            or len(ints) > MAX_ARRAY_LENGTH
            or not _INT_TYPE.issuperset(map(type, ints))
            or (
                s is not None
                and (
                    type(s) is not str
                    or len(s) > MAX_STRING_LENGTH
                    or (not s.isascii() and _SURROGATE.search(s))
                )
            )
        ):
            raise TypeError
        return make(
            (first.hook or first.get())(obj1, first.t),
            s,
            (second.hook or second.get())(obj2, second.t),
            tuple(map(items.hook or items.get(), objs, repeat(items.t))) if objs else (),
            b,
            tuple(ints),
            i,
        )

    return structure


def _shape_bookmark(
    cls: type, names: tuple[str, ...], types: tuple[Any, ...], tag: str | None
) -> Any:
    """(enum, int, int, enum, int, ints, bool, bool, obj?): Perch's Flow."""
    n, read = len(names), operator.itemgetter(*names)
    size, kind = _written_size(cls, n, tag)
    make = _builder(cls, names)
    members1, value_types1 = _enum_members(types[0])
    members2, value_types2 = _enum_members(types[3])
    (item,) = _hooks(types, 8)

    def structure(o: Any, _: Any) -> Any:
        if type(o) is not dict or (
            (len(o) != size or (kind is not None and o.get("kind") != kind))
            and not _keys_ok(o, n, tag, cls)
        ):
            raise TypeError
        e1, i1, i2, e2, i3, ints, b1, b2, obj = read(o)
        if (
            type(e1) not in value_types1
            or type(i1) is not int
            or type(i2) is not int
            or type(e2) not in value_types2
            or type(i3) is not int
            or type(ints) is not list
            or type(b1) is not bool
            or type(b2) is not bool
            or len(ints) > MAX_ARRAY_LENGTH
            or not _INT_TYPE.issuperset(map(type, ints))
        ):
            raise TypeError
        return make(
            members1[e1],
            i1,
            i2,
            members2[e2],
            i3,
            tuple(ints),
            b1,
            b2,
            None if obj is None else (item.hook or item.get())(obj, item.t),
        )

    return structure


def _shape_pond(cls: type, names: tuple[str, ...], types: tuple[Any, ...], tag: str | None) -> Any:
    """(str, int, ints, int?): Perch's Pond."""
    n, read = len(names), operator.itemgetter(*names)
    size, kind = _written_size(cls, n, tag)
    make = _builder(cls, names)

    def structure(o: Any, _: Any) -> Any:
        if type(o) is not dict or (
            (len(o) != size or (kind is not None and o.get("kind") != kind))
            and not _keys_ok(o, n, tag, cls)
        ):
            raise TypeError
        s, i1, ints, i2 = read(o)
        if (
            type(s) is not str
            or type(i1) is not int
            or type(ints) is not list
            or (i2 is not None and type(i2) is not int)
            or len(s) > MAX_STRING_LENGTH
            or (not s.isascii() and _SURROGATE.search(s))
            or len(ints) > MAX_ARRAY_LENGTH
            or not _INT_TYPE.issuperset(map(type, ints))
        ):
            raise TypeError
        return make(s, i1, tuple(ints), i2)

    return structure


def _shape_pair(cls: type, names: tuple[str, ...], types: tuple[Any, ...], tag: str | None) -> Any:
    """(int, int): Perch's Sky and Arrival."""
    n, read = len(names), operator.itemgetter(*names)
    size, kind = _written_size(cls, n, tag)
    make = _shared(cls, _builder(cls, names))

    def structure(o: Any, _: Any) -> Any:
        if type(o) is not dict or (
            (len(o) != size or (kind is not None and o.get("kind") != kind))
            and not _keys_ok(o, n, tag, cls)
        ):
            raise TypeError
        i1, i2 = read(o)
        if type(i1) is not int or type(i2) is not int:
            raise TypeError
        return make(i1, i2)

    return structure


def _shape_feeders(
    cls: type, names: tuple[str, ...], types: tuple[Any, ...], tag: str | None
) -> Any:
    """(bools, ints, int, int): Perch's Birdfeeders."""
    n, read = len(names), operator.itemgetter(*names)
    size, kind = _written_size(cls, n, tag)
    make = _builder(cls, names)

    def structure(o: Any, _: Any) -> Any:
        if type(o) is not dict or (
            (len(o) != size or (kind is not None and o.get("kind") != kind))
            and not _keys_ok(o, n, tag, cls)
        ):
            raise TypeError
        bools, ints, i1, i2 = read(o)
        if (
            type(bools) is not list
            or type(ints) is not list
            or type(i1) is not int
            or type(i2) is not int
            or len(bools) > MAX_ARRAY_LENGTH
            or len(ints) > MAX_ARRAY_LENGTH
            or not _BOOL_TYPE.issuperset(map(type, bools))
            or not _INT_TYPE.issuperset(map(type, ints))
        ):
            raise TypeError
        return make(tuple(bools), tuple(ints), i1, i2)

    return structure


def _shape_pools(cls: type, names: tuple[str, ...], types: tuple[Any, ...], tag: str | None) -> Any:
    """(objs, ints, ints): Perch's Ponds."""
    n, read = len(names), operator.itemgetter(*names)
    size, kind = _written_size(cls, n, tag)
    make = _builder(cls, names)
    (items,) = _hooks(types, 0)

    def structure(o: Any, _: Any) -> Any:
        if type(o) is not dict or (
            (len(o) != size or (kind is not None and o.get("kind") != kind))
            and not _keys_ok(o, n, tag, cls)
        ):
            raise TypeError
        objs, ints1, ints2 = read(o)
        if (
            type(objs) is not list
            or type(ints1) is not list
            or type(ints2) is not list
            or len(objs) > MAX_ARRAY_LENGTH
            or len(ints1) > MAX_ARRAY_LENGTH
            or len(ints2) > MAX_ARRAY_LENGTH
            or not _INT_TYPE.issuperset(map(type, ints1 + ints2))
        ):
            raise TypeError
        return make(
            tuple(map(items.hook or items.get(), objs, repeat(items.t))) if objs else (),
            tuple(ints1),
            tuple(ints2),
        )

    return structure


def _enum_members(t: type[enum.Enum]) -> tuple[dict[object, enum.Enum], frozenset[type]]:
    """Returns an Enum's members by value and the types of their values."""
    return {m.value: m for m in t}, frozenset(type(m.value) for m in t)


_LIST_TYPE: Final = frozenset({list})
_SHAPES: Final[Mapping[tuple[str, ...], _Shaped]] = {
    ("str", "ints", "bools", "bools", "int", "bool"): _shape_cell,
    ("ints", "int", "int", "strs", "str?", "bool", "bool"): _shape_hand,
    ("str", "int?", "obj?", "bool"): _shape_piece,
    ("enum", "int"): _shape_place,
    ("str", "enum"): _shape_tuck,
    ("str", "int"): _shape_count,
    ("str", "objs", "obj?", "obj?"): _shape_group,
    ("strs", "strs"): _shape_two_lists,
    ("strs", "strs", "strs", "strs"): _shape_four_lists,
    ("obj", "str?", "obj", "objs", "bool", "ints", "int"): _shape_player,
    ("enum", "int", "int", "enum", "int", "ints", "bool", "bool", "obj?"): _shape_bookmark,
    ("str", "int", "ints", "int?"): _shape_pond,
    ("int", "int"): _shape_pair,
    ("bools", "ints", "int", "int"): _shape_feeders,
    ("objs", "ints", "ints"): _shape_pools,
}


def _shaped_hook(cls: type, fields: list[attrs.Attribute[Any]], tag: str | None) -> Any:
    """Returns the hand-written fast hook of the shape of `cls`'s fields, or None."""
    shape = _SHAPES.get(tuple(_field_kind(f) for f in fields))
    if shape is None:
        return None
    names = tuple(f.name for f in fields)
    return shape(cls, names, tuple(f.type for f in fields), tag)


def _all_required(cls: type) -> list[attrs.Attribute[Any]] | None:
    """Returns the fields of `cls` with no defaults, for the fast hook, or None when a field
    is not a plain positional one.

    Every document `dumps` writes holds every field, so the fast hook reads each key as
    required: a document leaving a defaulted field out is read by the detailed converter,
    which fills the default. The hook then calls the class with every field in order, with no
    dict of the defaulted ones on the side.
    """
    attrs.resolve_types(cls)
    fields = attrs.fields(cls)
    if any(not f.init or f.kw_only or f.alias != f.name for f in fields):
        return None
    return [f.evolve(default=attrs.NOTHING) for f in fields]


def _nested_version(cls: type) -> int:
    registration = _BY_CLASS.get(cls)
    return 1 if registration is None else registration.version


def _nested_oldest(cls: type) -> int:
    registration = _BY_CLASS.get(cls)
    return 1 if registration is None else registration.oldest


def _check_nested_format(tag: str, cls: type, value: Mapping[str, Any]) -> None:
    """Refuses a nested object written in another format than this version reads.

    A nested object carries `"format"` once its kind is past format 1; without one it is
    format 1, so a record saved before a game's rules changed is refused, not misreplayed.
    """
    expected = _nested_version(cls)
    got = value.get("format", 1)
    if type(got) is not int or not _nested_oldest(cls) <= got <= expected:
        raise ValueError(
            f"{tag} has format {_show(got)}, but this birdgames reads format {expected} of it"
        )


def _attrs_unstructure_factory(
    cls: Any, converter: cattrs.Converter
) -> Callable[[Any], dict[str, Any]]:
    inner = make_dict_unstructure_fn(cls, converter, **_field_overrides(cls, structuring=False))
    tag = _tag_of(cls)
    if tag is None:
        return inner

    def unstructure(value: Any) -> dict[str, Any]:
        registration = _BY_CLASS.get(cls)
        if registration is not None and registration.version != 1:
            return {"format": registration.version, "kind": tag, **inner(value)}
        return {"kind": tag, **inner(value)}

    return unstructure


def _is_object_tuple(t: Any) -> bool:
    """A tuple[X, ...] of one attrs class."""
    args = get_args(t)
    return (
        get_origin(t) is tuple
        and len(args) == 2
        and args[1] is Ellipsis
        and attrs.has(args[0])
        and args[0] is not Rng
    )


def _object_tuple_unstructure_factory(
    t: Any, converter: cattrs.Converter
) -> Callable[[tuple[Any, ...]], list[Any]]:
    handler = converter.get_unstructure_hook(get_args(t)[0])

    def unstructure_objects(value: tuple[Any, ...]) -> list[Any]:
        return list(map(handler, value))  # no frame of a comprehension

    return unstructure_objects


def _make_converter(detailed: bool, writer: bool = False) -> cattrs.Converter:
    """Returns the converter; `detailed` collects every failure with its path (for messages).

    Loading runs the fast converter first and, only when it fails, the detailed one on the
    same data for the message: both accept exactly the same documents. The `writer` leaves
    tuples of scalars as tuples, which the JSON encoder writes as it writes lists: `dumps`
    uses it, `to_primitive` keeps returning lists.
    """
    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=detailed)
    converter.register_structure_hook(int, _structure_int)
    converter.register_structure_hook(str, _structure_str if detailed else _fast_structure_str)
    converter.register_structure_hook(bool, _structure_bool)
    converter.register_structure_hook(float, _structure_float)
    converter.register_structure_hook(type(None), _structure_none)
    converter.register_structure_hook(Rng, _structure_rng)
    converter.register_unstructure_hook(Rng, _unstructure_rng)
    # Predicates, not singledispatch: from Python 3.12 a Protocol registered by class also
    # matches every concrete class that satisfies it, and the runtime hook then calls itself.
    converter.register_structure_hook_func(
        _is_tag_protocol, lambda value, t: _structure_protocol(value, t, converter)
    )
    converter.register_unstructure_hook_func(_is_tag_protocol, _unstructure_runtime)
    converter.register_structure_hook_factory(
        lambda t: isinstance(t, type) and issubclass(t, enum.Enum), _enum_structure_factory
    )
    if not detailed:
        # An untyped value could hold anything: only the full load vouches for it.
        converter.register_structure_hook_func(lambda t: t is Any or t is object, _refuse_untyped)
    if detailed:
        converter.register_structure_hook_factory(_is_tuple, _tuple_structure_factory)
        converter.register_structure_hook_factory(_is_frozenset, _frozenset_structure_factory)
    else:
        converter.register_structure_hook_factory(_is_tuple, _fast_tuple_structure_factory)
        converter.register_structure_hook_factory(_is_frozenset, _fast_frozenset_structure_factory)
    converter.register_unstructure_hook_factory(_is_frozenset, _frozenset_unstructure_factory)
    if writer:
        # The identity hook: the generated code writes the tuple as it is, with no call.
        converter.register_unstructure_hook_func(_is_scalar_tuple, identity)
        converter.register_unstructure_hook_func(_is_optional_scalar_tuple, identity)
    else:
        converter.register_unstructure_hook_factory(_is_primitive_tuple, lambda _t: list)
        converter.register_unstructure_hook_factory(_is_scalar_tuple, lambda _t: list)
    converter.register_unstructure_hook_factory(
        _is_object_tuple, lambda t: _object_tuple_unstructure_factory(t, converter)
    )
    # The identity hook: cattrs then writes such a field as it is, with no call.
    converter.register_unstructure_hook_func(_is_scalar_union, identity)
    if not detailed:
        converter.register_structure_hook_factory(_is_scalar_union, _fast_scalar_union_factory)
    converter.register_unstructure_hook_func(_is_enum, _unstructure_enum)
    converter.register_structure_hook_factory(
        _is_tagged_union, lambda t: _tagged_union_structure_factory(t, converter)
    )
    converter.register_structure_hook_factory(
        lambda t: attrs.has(t) and t is not Rng,
        lambda t: _attrs_structure_factory(t, converter, detailed),
    )
    converter.register_unstructure_hook_factory(
        lambda t: attrs.has(t) and t is not Rng,
        lambda t: _attrs_unstructure_factory(t, converter),
    )
    return converter


_converter: Final = _make_converter(detailed=True)
_fast: Final = _make_converter(detailed=False)
_writer: Final = _make_converter(detailed=True, writer=True)


# --- documents ----------------------------------------------------------------------------


def _registration(cls: type) -> _Registration:
    registration = _BY_CLASS.get(cls)
    if registration is None:
        _ensure_engines_registered()
        registration = _BY_CLASS.get(cls)
    if registration is None:
        raise CodecError(f"{cls.__qualname__} is not a registered birdgames document type")
    return registration


def to_primitive(obj: object) -> dict[str, Any]:
    """Returns the JSON-ready dict of a registered object (what `dumps` writes)."""
    registration = _registration(type(obj))
    body = _converter.unstructure(obj, type(obj))
    return {"format": registration.version, **body}


# What json.dumps(separators=(",", ":"), ensure_ascii=False) builds on every call, built once.
# The converter unstructures immutable values into a fresh tree, which holds no cycle: the
# encoder's cycle bookkeeping (a dict entry per container) would buy nothing.
_ENCODER: Final = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False)


def _c_encoder() -> Callable[[Any, int], list[str]] | None:
    """Returns the C encoder `_ENCODER.encode` makes on every call, made once, or None where
    the json module has none (then `_ENCODER.encode` writes the same text)."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return None
    try:
        encoder: Callable[[Any, int], list[str]] = make(
            None,  # no cycle bookkeeping, as check_circular=False
            _ENCODER.default,
            json.encoder.encode_basestring,  # ensure_ascii=False
            None,  # no indent
            ":",
            ",",
            False,  # sort_keys
            False,  # skipkeys
            True,  # allow_nan: as JSONEncoder's default; dumps never meets a float
        )
    except TypeError:  # another signature: the encoder's own call decides
        return None
    return encoder


_C_ENCODER: Final = _c_encoder()


def dumps(obj: object) -> str:
    """Returns the JSON text of a registered config, state, action, view, event or record.

    A tuple or list of registered objects (a legal-action list, say) is written as a JSON
    array of their documents, which `loads_many` reads back.
    """
    if isinstance(obj, tuple | list):
        return "[" + ",".join(map(_document_text, obj)) + "]"
    return _document_text(obj)


def _document_text(obj: object) -> str:
    """Returns the text of one registered object: its class's text writer, else the encoder."""
    cls = type(obj)
    write = _TOP_WRITERS.get(cls)
    if write is None:
        registration = _registration(cls)  # refuses an unregistered class first
        write = _TOP_WRITERS[cls] = _text_writer(cls, registration.version, top=True)
    return write(obj)


def _encoded(data: Any) -> str:
    """Returns the text the JSON encoder writes for `data` (an unstructured value)."""
    if _C_ENCODER is None:
        return _ENCODER.encode(data)
    return "".join(_C_ENCODER(data, 0))


def _dumps_by_encoder(obj: object) -> str:
    """`dumps` through the converter and the JSON encoder alone: the text writers' reference."""
    data: Any = (
        [_writable(item) for item in obj] if isinstance(obj, tuple | list) else _writable(obj)
    )
    return _encoded(data)


# --- text writers -----------------------------------------------------------------------------
# The JSON encoder writes a document by first unstructuring it into dicts and lists, then
# making a string per value: most of `dumps`. A text writer, generated per attrs class from its
# fields' types, writes the same text straight from the value: one expression joining the
# keys' literal text with each field's text, a C call or two for the common types (int, bool,
# str, enums, nested classes; a tuple of ints or bools is looked up in a table of texts). A
# field of a type it has no expression for goes through the converter and the encoder, so
# every document is written; tests/codec/test_text_writers.py compares the writers' text with
# the encoder's.

_TOP_WRITERS: dict[type, Callable[[Any], str]] = {}
_NESTED_WRITERS: dict[type, Callable[[Any], str]] = {}
_MAKING: set[type] = set()
_BOOL_TEXT: Final = {False: "false", True: "true"}
_encode_str: Final[Callable[[str], str]] = json.encoder.encode_basestring
# Tables of the texts of the tuples of ints or of bools written lately (counts and flags per
# colour: a few hundred distinct values in a game), so a tuple's text is looked up, not
# written. One table per item type, as (1, 0) == (True, False) (a field's items are of its
# declared type, as in every state the engines make or load); each table is emptied when it
# reaches _TUPLE_TEXTS entries, so it stays small whatever is written.
_TUPLE_TEXTS: Final = 4096


class _TupleTexts(dict[tuple[Any, ...], str]):
    """A tuple's text by its value; a missing one is written, then kept."""

    def __init__(self, item_text: Callable[[Any], str]) -> None:
        super().__init__()
        self.item_text = item_text

    def __missing__(self, value: tuple[Any, ...]) -> str:
        text = "[" + ",".join(map(self.item_text, value)) + "]"
        if len(self) >= _TUPLE_TEXTS:
            self.clear()
        self[value] = text
        return text


_INT_TUPLES: Final = _TupleTexts(str)
_BOOL_TUPLES: Final = _TupleTexts(_BOOL_TEXT.__getitem__)


def _nested_writer(cls: type) -> Callable[[Any], str]:
    write = _NESTED_WRITERS.get(cls)
    if write is None:
        registration = _BY_CLASS.get(cls)
        version = 1 if registration is None else registration.version
        write = _NESTED_WRITERS[cls] = _text_writer(cls, version, top=False)
    return write


def _deferred_writer(cls: type) -> Callable[[Any], str]:
    """Returns a writer of `cls` that looks it up when called: for a class whose writer is
    being made (a class holding itself)."""

    def write(value: Any) -> str:
        return _nested_writer(cls)(value)

    return write


class _Namespace:
    """The names a generated writer reads, each value bound once."""

    def __init__(self) -> None:
        self.names: dict[str, Any] = {
            "_BOOL_TEXT": _BOOL_TEXT,
            "_INT_TUPLES": _INT_TUPLES,
            "_BOOL_TUPLES": _BOOL_TUPLES,
            "_encode_str": _encode_str,
            "_unstructure_rng": _unstructure_rng,
            "_unstructure_hex": _unstructure_hex,
            "_fallback_text": _fallback_text,
        }

    def bind(self, value: Any) -> str:
        name = f"_v{len(self.names)}"
        self.names[name] = value
        return name


def _scalar_text(t: Any, value: str, space: _Namespace) -> str | None:
    """Returns the expression writing `value`, an expression of type `t`, or None."""
    if t is int:
        return f"str({value})"
    if t is bool:
        return f"_BOOL_TEXT[{value}]"
    if t is str:
        return f"_encode_str({value})"
    if t is Rng:
        return f"_encode_str(_unstructure_rng({value}))"
    if isinstance(t, type) and issubclass(t, enum.Enum):
        texts = {member: _encoded(_unstructure_enum(member)) for member in t}
        return f"{space.bind(texts)}[{value}]"
    if attrs.has(t):
        write = _deferred_writer(t) if t in _MAKING else _nested_writer(t)
        return f"{space.bind(write)}({value})"
    return None


def _field_text(t: Any, value: str, space: _Namespace, depth: int = 0) -> str | None:
    """Returns the expression writing `value`, an expression of type `t`, or None."""
    scalar = _scalar_text(t, value, space)
    if scalar is not None:
        return scalar
    if t is type(None):
        return '"null"'
    if _is_union(t):
        args = get_args(t)
        others = [a for a in args if a is not type(None)]
        inner: str | None
        if len(others) == 1:
            inner = _field_text(others[0], value, space, depth)
        elif all(attrs.has(a) for a in others):
            # A union of classes: the writer of the value's own class, as the converter
            # unstructures a union member; any other value goes through the converter.
            writers = {
                a: _deferred_writer(a) if a in _MAKING else _nested_writer(a) for a in others
            }
            by_class = space.bind(writers)
            other = space.bind(lambda x: _fallback_text(x, t))
            inner = f"{by_class}.get(type({value}), {other})({value})"
        else:
            return None
        if inner is None or len(args) == len(others):
            return inner
        return f'("null" if {value} is None else {inner})'

    if get_origin(t) is frozenset and get_args(t) == (str,):
        # Sorted, as the converter writes a set of strings (see _frozenset_unstructure_factory).
        return f'"[" + ",".join(map(_encode_str, sorted({value}))) + "]"'

    if get_origin(t) is tuple:
        args = get_args(t)
        if len(args) == 2 and args[1] is Ellipsis:
            if args[0] is int:
                return f"_INT_TUPLES[{value}]"
            if args[0] is bool:
                return f"_BOOL_TUPLES[{value}]"
            if args[0] is str:
                return f'"[" + ",".join(map(_encode_str, {value})) + "]"'
            item = f"_x{depth}"
            inner = _field_text(args[0], item, space, depth + 1)
            if inner is not None:
                return f'"[" + ",".join([{inner} for {item} in {value}]) + "]"'
        elif args and args != ((),):  # tuple[A, B]: one text per item, in order
            texts = [_field_text(a, f"{value}[{k}]", space, depth) for k, a in enumerate(args)]
            if all(text is not None for text in texts):
                return '"[" + ' + ' + "," + '.join(map(str, texts)) + ' + "]"'
    return None


def _text_writer(cls: type, version: int, top: bool) -> Callable[[Any], str]:
    """Returns the function writing a `cls` value's document text (top: with its "format")."""
    _MAKING.add(cls)
    try:
        return _make_text_writer(cls, version, top)
    finally:
        _MAKING.discard(cls)


def _make_text_writer(cls: type, version: int, top: bool) -> Callable[[Any], str]:
    attrs.resolve_types(cls)
    tag = _tag_of(cls)
    literal = "{"  # the text up to the next field's value
    if top or (tag is not None and version != 1):
        literal += f'"format":{version},'
    if tag is not None:
        literal += f'"kind":{_encoded(tag)},'
    space = _Namespace()
    pieces: list[str] = []  # Python expressions whose texts, joined, are the document
    for field in attrs.fields(cls):
        value = f"v.{field.name}"
        text: str | None = (
            f"_encode_str(_unstructure_hex({value}))"
            if field.metadata.get("birdgames.hex")
            else _field_text(field.type, value, space)
        )
        if text is None:  # through the converter and the encoder
            text = f"_fallback_text({value}, {space.bind(field.type)})"
            if get_origin(field.type) is tuple:  # an empty tuple is written as []
                text = f'("[]" if {value} == () else {text})'
        literal += ("" if literal.endswith(("{", ",")) else ",") + f"{_encoded(field.name)}:"
        pieces += [repr(literal), text]
        literal = ""
    pieces.append(repr(literal.rstrip(",") + "}"))
    # Generated code, as attrs and cattrs generate theirs: from the class's field names and
    # types alone (every literal written with repr), never from a document.
    source = f"def write(v):\n    return {' + '.join(pieces)}\n"
    exec(compile(source, f"<birdgames text writer {cls.__qualname__}>", "exec"), space.names)
    write: Callable[[Any], str] = space.names["write"]
    return write


def _fallback_text(value: Any, t: Any) -> str:
    return _encoded(_writer.unstructure(value, t))


def _writable(obj: object) -> dict[str, Any]:
    """Returns what `to_primitive` returns, tuples of scalars left as tuples: the same text."""
    registration = _registration(type(obj))
    body: dict[str, Any] = _writer.unstructure(obj, type(obj))
    # The hook of a tagged class past format 1 writes its "format" first already.
    return body if registration.version != 1 else {"format": 1, **body}


def _cut(message: str) -> str:
    """Returns `message` as ASCII of at most `_MAX_MESSAGE` characters."""
    if not message.isascii():
        message = message.encode("ascii", "backslashreplace").decode("ascii")
    return message if len(message) <= _MAX_MESSAGE else f"{message[: _MAX_MESSAGE - 3]}..."


def _format_exception(exc: BaseException, t: type | None) -> str:
    # Our hooks raise plain TypeError/ValueError with a sentence worth keeping.
    if type(exc) in (TypeError, ValueError) and str(exc):
        return str(exc)
    if isinstance(exc, ForbiddenExtraKeysError):
        extra = sorted(exc.extra_fields)
        shown = ", ".join(_show(key)[1:-1] for key in extra[:MAX_ITEM_ERRORS])
        more = f" and {len(extra) - MAX_ITEM_ERRORS} more" if len(extra) > MAX_ITEM_ERRORS else ""
        return f"extra fields found ({shown}{more})"
    return cattrs.v.format_exception(exc, t)


def _describe(exc: BaseException) -> str:
    if isinstance(exc, BaseValidationError | ClassValidationError):
        lines = cattrs.transform_error(exc, format_exception=_format_exception)
        return "; ".join(lines[:MAX_ITEM_ERRORS])
    return f"{exc} @ $"


# --- parsing within the limits ---------------------------------------------------------------


class _Refused(Exception):
    """Raised from inside the JSON parser when the text breaks a limit or cannot round trip."""


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    if len(pairs) > MAX_OBJECT_KEYS:
        raise _Refused(
            f"an object of {len(pairs)} keys has more than documents allow ({MAX_OBJECT_KEYS})"
        )
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"an object names the key {_show(key)} twice")
            seen.add(key)
    return obj


def _integer(digits: str) -> int:
    # The length test comes first, so no wide literal is ever converted.
    if len(digits.lstrip("-")) > len(str(MAX_INTEGER)) or abs(int(digits)) > MAX_INTEGER:
        raise _Refused(
            f"the integer {_show(digits)[1:-1]} is wider than documents allow "
            f"(at most 2**53 - 1 in magnitude)"
        )
    return int(digits)


def _number(literal: str) -> float:
    # A float is never valid in a document; parsed (when short and finite) so the field at
    # fault is named, like any other value of the wrong type.
    value = float(literal) if len(literal) <= _MAX_NUMBER_CHARS else math.inf
    if not math.isfinite(value):
        raise _Refused(f"the number {_show(literal)[1:-1]} is too long or too large")
    return value


def _constant(literal: str) -> Any:
    raise _Refused(f"{literal} is not a JSON number")


def _check_string(text: str, what: str) -> None:
    if len(text) > MAX_STRING_LENGTH:
        raise CodecError(
            f"a {what} of {len(text)} characters is longer than documents allow "
            f"({MAX_STRING_LENGTH})"
        )
    if not text.isascii() and _SURROGATE.search(text):
        raise CodecError(f"a {what} holds a lone surrogate {_show(text)}, which is not Unicode")


# Only a text with a run of digits as long as MAX_INTEGER's can hold an integer wider than
# documents allow; only such a text is parsed through the guarded `_integer` hook (a plain
# int() of a huge literal is quadratic). Found on the UTF-8 bytes (no multi-byte sequence holds
# an ASCII digit) with every digit made "0" and the rest " ", at C speed.
_DIGITS_TO_ZERO: Final = bytes(0x30 if 0x30 <= b <= 0x39 else 0x20 for b in range(256))
_WIDE_RUN: Final = b"0" * len(str(MAX_INTEGER))


def _check_limits(data: Any) -> None:
    """Refuses nesting, arrays and strings beyond the limits, and lone surrogates."""
    if type(data) is str:
        _check_string(data, "string")
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise CodecError(f"the document is nested deeper than {MAX_DEPTH} levels")
        items: Iterable[Any]
        if type(value) is dict:
            for key in value:
                _check_string(key, "key")
            items = value.values()
        elif type(value) is list:
            if len(value) > MAX_ARRAY_LENGTH:
                raise CodecError(
                    f"an array of {len(value)} items is longer than documents allow "
                    f"({MAX_ARRAY_LENGTH})"
                )
            items = value
        else:
            continue
        for item in items:
            kind = type(item)
            if kind is str:
                _check_string(item, "string")
            elif kind is dict or kind is list:
                stack.append((item, depth + 1))


# The longest text `_quick_parse` tries: past it, a text it cannot vouch for costs no more than
# one parse again (the limits' worst documents are far longer).
_QUICK_PARSE_CHARS: Final = 64 * 1024


class _KeyCounter:
    """The settings the C scanner reads from a JSONDecoder, and an object hook that counts the
    keys of the objects parsed; made for each parse, for a fraction of a JSONDecoder's cost."""

    __slots__ = ("keys",)
    strict: Final = True
    object_pairs_hook: Final = None
    parse_float: Final = staticmethod(_number)
    parse_int: Final = int  # the type itself: the scanner then builds ints in C
    parse_constant: Final = staticmethod(_constant)

    def __init__(self) -> None:
        self.keys = 0

    def object_hook(self, obj: dict[str, Any]) -> dict[str, Any]:
        size = len(obj)
        if size > MAX_OBJECT_KEYS:
            raise _Refused
        self.keys += size
        return obj


# The C scanner, made for each parse from a `_KeyCounter` (no JSONDecoder in between); None
# where the json module has none (a JSONDecoder then reads the same settings).
_C_SCANNER: Final[Callable[[_KeyCounter], Callable[[str, int], tuple[Any, int]]] | None] = getattr(
    json_scanner, "c_make_scanner", None
)


def _quick_parse(text: str) -> tuple[Any] | None:
    """Returns the parsed `text` (in a 1-tuple) when plain JSON objects hold the same data as
    `_object` builds, else None and the guarded parse decides.

    A dict built by the parser itself is cheaper than one built from a list of key-value
    pairs, but it keeps only the last of repeated keys. Every key is followed by one ":"
    outside strings, so when the text holds exactly as many ":" as the dicts hold keys, no
    object repeated a key (and no string held a ":"). Any refusal here (bad JSON, a limit, a
    float too long) is left to the guarded parse, which says what is wrong.
    """
    counter = _KeyCounter()
    try:
        if _C_SCANNER is not None:
            data, end = _C_SCANNER(counter)(text, 0)
        else:
            decoder = json.JSONDecoder(
                object_hook=counter.object_hook, parse_float=_number, parse_constant=_constant
            )
            data, end = decoder.raw_decode(text)
    except MemoryError:
        raise
    except Exception:  # a JSON error, RecursionError, _Refused: the guarded parse says which
        return None
    if end != len(text) or text.count(":") != counter.keys:
        return None
    return (data,)


def _parse_any(text: object, *, limits: bool = True) -> Any:
    """Parses `text` within the size limits; `limits=False` leaves the walk of the parsed data
    (nesting, array and string limits) to the caller."""
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_DOCUMENT_BYTES:
            raise CodecError(f"the text has {len(text)} bytes, more than {MAX_DOCUMENT_BYTES}")
        try:
            # UTF-8 only: json.loads would guess UTF-16 or UTF-32, which dumps never writes.
            raw = bytes(text)
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise CodecError(f"the text is not UTF-8 (byte {exc.start})") from None
    elif isinstance(text, str):
        if len(text) > MAX_DOCUMENT_BYTES:
            raise CodecError(
                f"the text has {len(text)} characters, more than {MAX_DOCUMENT_BYTES} bytes"
            )
        try:
            raw = text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise CodecError(
                f"the text holds a lone surrogate at {exc.start}, which is not Unicode"
            ) from None
        size = len(raw)
        if size > MAX_DOCUMENT_BYTES:
            raise CodecError(f"the text has {size} bytes, more than {MAX_DOCUMENT_BYTES}")
    else:
        raise CodecError(f"expected JSON text, got {_type_name(text)}")
    # The count below is of characters, so never more than the text's length: a text no
    # longer than MAX_VALUES cannot break the limit and is not counted.
    if len(text) > MAX_VALUES:
        values = text.count(",") + text.count("[") + text.count("{")
        if values > MAX_VALUES:
            raise CodecError(f"the text holds up to {values} values, more than {MAX_VALUES}")
    wide = _WIDE_RUN in raw.translate(_DIGITS_TO_ZERO)
    if not wide and len(text) <= _QUICK_PARSE_CHARS:
        quick = _quick_parse(text)
        if quick is not None:
            if limits:
                _check_limits(quick[0])
            return quick[0]
    try:
        data = json.loads(
            text,
            object_pairs_hook=_object,
            parse_int=_integer if wide else None,
            parse_float=_number,
            parse_constant=_constant,
        )
    except _Refused as exc:
        raise CodecError(_cut(str(exc))) from None
    except RecursionError:
        raise CodecError(f"the document is nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:
        raise CodecError(_cut(f"not valid JSON: {exc}")) from None
    if limits:
        _check_limits(data)
    return data


def _parse(text: object, *, limits: bool = True) -> dict[str, Any]:
    data = _parse_any(text, limits=limits)
    if not isinstance(data, dict):
        raise CodecError(f"expected a JSON object, got {_type_name(data)}")
    return data


class _NotFast(Exception):
    """The fast load met something it does not vouch for: the full load decides."""


def _load_document(data: dict[str, Any], registration: _Registration, fast: bool = False) -> Any:
    cls = registration.cls
    version = data.get("format")
    if fast and version != registration.version:
        raise _NotFast
    if type(version) is not int:
        raise CodecError(f"{cls.__qualname__} document needs an integer 'format' @ $.format")
    if version > registration.version:
        raise CodecError(
            f"{cls.__qualname__} document has format {version}, newer than this birdgames "
            f"reads ({registration.version}); upgrade birdgames"
        )
    if not registration.oldest <= version <= registration.version:
        raise CodecError(f"{cls.__qualname__} document has unknown format {version} @ $.format")
    obj: Any
    try:
        obj = _fast.structure(data, cls)  # its checked "format" is dropped there
    except (CodecError, MemoryError):
        raise  # the limits keep a document's cost small: a MemoryError is the host's
    except Exception:  # the detailed converter says what is wrong, with its path
        if fast:
            raise _NotFast from None
        try:
            obj = _converter.structure(data, cls)
        except (CodecError, MemoryError):
            raise
        except Exception as exc:  # every failure becomes a CodecError
            raise CodecError(_cut(f"invalid {cls.__qualname__}: {_describe(exc)}")) from None
    # A game's State is no slotted class: built by attrs' __init__, its attributes would be
    # read on CPython's slow path, by the check below and by every step taken from it.
    validate = _VALIDATORS.get(cls)
    if validate is not None:
        try:
            problem = validate(obj)
        except MemoryError:
            raise
        except Exception as exc:  # a broken state may break its checker
            problem = f"its invariants cannot be checked ({type(exc).__name__}: {exc})"
        if problem is not None:
            raise CodecError(_cut(f"invalid {cls.__qualname__}: {problem}"))
    return obj


def _registrations(form: object) -> dict[str, _Registration]:
    """Returns the registrations `form` (a registered class or a union of them) admits, by tag."""
    registration = _BY_CLASS.get(form) if isinstance(form, type) else None
    if registration is not None:  # the usual form, found with no look at unions
        return {registration.tag: registration}
    members = get_args(form) if _is_union(form) else (form,)
    found: dict[str, _Registration] = {}
    for member in members:
        if not isinstance(member, type):
            raise CodecError(f"{_show(member)} is not a registered birdgames document type")
        registration = _registration(member)
        found[registration.tag] = registration
    return found


def _load_form(
    data: dict[str, Any], allowed: Mapping[str, _Registration], fast: bool = False
) -> Any:
    if len(allowed) == 1:
        (only,) = allowed.values()
        return _load_document(data, only, fast)
    tag = data.get("kind")
    registration = allowed.get(tag) if isinstance(tag, str) else None
    if registration is None:
        if fast:
            raise _NotFast
        known = ", ".join(sorted(allowed)[:12])
        raise CodecError(f"kind {_show(tag)} is not one of {known} @ $.kind")
    return _load_document(data, registration, fast)


@overload
def loads(cls: type[T], text: str | bytes) -> T: ...


@overload
def loads(cls: TypeForm[T], text: str | bytes) -> T: ...


def loads(cls: TypeForm[T], text: str | bytes) -> T:
    """Returns the object of class `cls` that `text` describes.

    `cls` may be a union of registered classes, such as a game's `Action`: the document's
    kind tag chooses the member, and a document of any other kind is refused.
    """
    allowed = _registrations(cls)
    data = _parse(text, limits=False)
    loaded: T
    try:
        # The fast converter's hooks refuse any string, array or nesting beyond the limits
        # (they hand such a document to the full load), so a document it structures keeps
        # every limit and the walk of `_check_limits` would find nothing.
        loaded = _load_form(data, allowed, fast=True)
    except _NotFast:
        _check_limits(data)
        loaded = _load_form(data, allowed)
    return loaded


def loads_many(cls: TypeForm[T], text: str | bytes) -> tuple[T, ...]:
    """Returns the objects of a JSON array of documents, as `dumps` writes a tuple of them.

    `cls` is a registered class or a union of them, as for `loads`.
    """
    allowed = _registrations(cls)
    data = _parse_any(text)
    if not isinstance(data, list):
        raise CodecError(f"expected a JSON array of documents, got {_type_name(data)}")
    loaded: list[T] = []
    for index, item in enumerate(data):
        if not isinstance(item, dict):
            raise CodecError(f"item {index} is not a JSON object @ $[{index}]")
        try:
            loaded.append(_load_form(item, allowed))
        except CodecError as exc:
            raise CodecError(_cut(f"item {index} @ $[{index}]: {exc}")) from None
    return tuple(loaded)


def _load_by_role(text: str | bytes, role: Role) -> Any:
    data = _parse(text)
    _ensure_engines_registered()
    tag = data.get("kind")
    registration = _BY_TAG.get(tag) if isinstance(tag, str) else None
    if registration is None or registration.role != role:
        raise CodecError(f"{_show(tag)} is not the kind of any registered {role} @ $.kind")
    return _load_document(data, registration)


def loads_action(text: str | bytes) -> ActionLike:
    """Returns any game's action from its document, chosen by its kind tag."""
    action: ActionLike = _load_by_role(text, "action")
    return action


def loads_event(text: str | bytes) -> Tagged:
    """Returns any game's event from its document, chosen by its kind tag."""
    event: Tagged = _load_by_role(text, "event")
    return event
