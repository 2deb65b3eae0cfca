"""JSON documents for every config, state, action, view, event and record.

The only place cattrs is configured. A document is a JSON object with an integer
``"format"`` version and a permanent namespaced ``"kind"`` tag, then the object's fields.
Loading is strict: no coercion, no extra keys, and every failure is a `CodecError`
naming the path of the field at fault.
"""

from __future__ import annotations

import enum
import json
import re
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final, Literal, TypeVar, cast, get_args, get_origin

import attrs
import cattrs
import cattrs.v
from cattrs.errors import (
    BaseValidationError,
    ClassValidationError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from birdgames.core import ActionLike, CodecError, Tagged, games
from birdgames.rng import Rng

T = TypeVar("T")

Role = Literal["action", "event", "document"]

# Field metadata marking an int written as a hex string (seeds), so JavaScript keeps it exact.
HEX: Final[Mapping[str, bool]] = types.MappingProxyType({"birdgames.hex": True})

_HEX_INT = re.compile(r"-?0x[0-9a-f]+")
_RNG_STATE = re.compile(r"[0-9a-f]{16}")


@attrs.frozen
class _Registration:
    cls: type
    version: int
    role: Role


_BY_TAG: dict[str, _Registration] = {}
_BY_CLASS: dict[type, _Registration] = {}
_VALIDATORS: dict[type, Callable[[Any], str | None]] = {}


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


def register(*classes: type, version: int = 1, role: Role | None = None) -> None:
    """Registers tagged attrs classes as documents; role defaults from the module name.

    Classes defined in an ``actions`` module are actions, in an ``events`` module events.
    Registering the same class again is harmless; reusing a tag for another class is an error.
    """
    for cls in classes:
        tag = _tag_of(cls)
        if tag is None or not attrs.has(cls):
            raise TypeError(f"{cls.__qualname__} needs to be an attrs class with a ClassVar kind")
        registration = _Registration(cls, version, role or _infer_role(cls))
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


def _ensure_engines_registered() -> None:
    # Importing the engines registers their classes, so any game's tag can be loaded.
    games()


# --- strict primitives -----------------------------------------------------------------


def _type_name(value: object) -> str:
    return "null" if value is None else type(value).__name__


def _got(value: object) -> str:
    return "null" if value is None else f"{type(value).__name__} {value!r}"


def _structure_int(value: object, _: type) -> int:
    if type(value) is not int:
        raise TypeError(f"expected an integer, got {_got(value)}")
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
        raise TypeError(f"expected a hex string such as '0x2a', got {value!r}")
    return int(value, 16)


def _unstructure_rng(rng: Rng) -> str:
    return f"{rng.state:016x}"


def _structure_rng(value: object, _: type) -> Rng:
    if type(value) is not str or not _RNG_STATE.fullmatch(value):
        raise TypeError(f"expected a 16-digit lowercase hex rng state, got {value!r}")
    return Rng(int(value, 16))


def _structure_enum(value: object, cls: type[enum.Enum]) -> enum.Enum:
    values = [member.value for member in cls]
    if type(value) not in {type(v) for v in values} or value not in values:
        raise ValueError(f"expected one of {values}, got {value!r}")
    return cls(value)


# --- containers -----------------------------------------------------------------------


def _items(value: object, elem_types: Callable[[int], Any], container: Any) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise TypeError(f"expected a JSON array, got {_type_name(value)}")
    try:
        return tuple(
            _converter.get_structure_hook(elem_types(i))(item, elem_types(i))
            for i, item in enumerate(value)
        )
    except Exception as exc:  # redone item by item below to name the path at fault
        first = exc
    errors: list[Exception] = []
    for index, item in enumerate(value):
        elem_type = elem_types(index)
        try:
            _converter.structure(item, elem_type)
        except Exception as exc:  # collected with its path below
            exc.__notes__ = [
                *getattr(exc, "__notes__", []),
                IterableValidationNote(
                    f"Structuring {elem_type} @ index {index}", index, elem_type
                ),
            ]
            errors.append(exc)
    if not errors:
        raise first
    raise IterableValidationError(f"While structuring {container!r}", errors, container)


def _is_tuple(t: Any) -> bool:
    return t is tuple or get_origin(t) is tuple


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

    return unstructure


# --- tagged classes and unions ------------------------------------------------------------


def _is_union(t: Any) -> bool:
    return get_origin(t) in (typing.Union, types.UnionType)


def _is_tagged_union(t: Any) -> bool:
    if not _is_union(t):
        return False
    members = [m for m in get_args(t) if m is not type(None)]
    return bool(members) and any(attrs.has(m) for m in members)


def _structure_by_tag(value: object, allowed: Mapping[str, type], what: str) -> Any:
    if not isinstance(value, dict):
        raise TypeError(f"expected a JSON object for {what}, got {_type_name(value)}")
    tag = value.get("kind")
    if not isinstance(tag, str):
        raise ValueError(f"{what} needs a string 'kind' tag")
    cls = allowed.get(tag)
    if cls is None:
        known = ", ".join(sorted(allowed)[:12])
        raise ValueError(f"unknown kind {tag!r} for {what} (expected one of: {known})")
    return _converter.structure(value, cls)


def _tagged_union_structure_factory(t: Any) -> Callable[[object, Any], Any]:
    members = [m for m in get_args(t) if m is not type(None)]
    optional = len(members) != len(get_args(t))
    if len(members) == 1:
        # X | None needs no tag: null or an X.
        (only,) = members

        def structure_optional(value: object, _: Any) -> Any:
            return None if value is None else _converter.structure(value, only)

        return structure_optional
    allowed: dict[str, type] = {}
    for member in members:
        tag = _tag_of(member)
        if tag is None:
            raise TypeError(f"union member {member.__qualname__} of {t} has no ClassVar kind")
        allowed[tag] = member

    def structure(value: object, _: Any) -> Any:
        if value is None and optional:
            return None
        return _structure_by_tag(value, allowed, "this field")

    return structure


def _structure_protocol(value: object, t: Any) -> Any:
    _ensure_engines_registered()
    if t is ActionLike:
        allowed = {tag: r.cls for tag, r in _BY_TAG.items() if r.role == "action"}
        return _structure_by_tag(value, allowed, "an action")
    allowed = {tag: r.cls for tag, r in _BY_TAG.items()}
    return _structure_by_tag(value, allowed, "a tagged object")


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


def _attrs_structure_factory(cls: Any) -> Callable[[object, Any], Any]:
    inner = make_dict_structure_fn(
        cls,
        _converter,
        _cattrs_forbid_extra_keys=True,
        _cattrs_detailed_validation=True,
        **_field_overrides(cls, structuring=True),
    )
    tag = _tag_of(cls)

    def structure(value: object, _: Any) -> Any:
        if not isinstance(value, dict):
            raise TypeError(
                f"expected a JSON object for {cls.__qualname__}, got {_type_name(value)}"
            )
        if tag is not None:
            if value.get("kind") != tag:
                raise ValueError(f"expected kind {tag!r}, got {value.get('kind')!r}")
            _check_nested_format(tag, cls, value)
            value = {k: v for k, v in value.items() if k not in ("kind", "format")}
        return inner(value, cls)

    return structure


def _nested_version(cls: type) -> int:
    registration = _BY_CLASS.get(cls)
    return 1 if registration is None else registration.version


def _check_nested_format(tag: str, cls: type, value: Mapping[str, Any]) -> None:
    """Refuses a nested object written in another format than this version reads.

    A nested object carries `"format"` once its kind is past format 1; without one it is
    format 1, so a record saved before a game's rules changed is refused, not misreplayed.
    """
    expected = _nested_version(cls)
    got = value.get("format", 1)
    if got != expected:
        raise ValueError(
            f"{tag} has format {got!r}, but this birdgames reads format {expected} of it"
        )


def _attrs_unstructure_factory(cls: Any) -> Callable[[Any], dict[str, Any]]:
    inner = make_dict_unstructure_fn(cls, _converter, **_field_overrides(cls, structuring=False))
    tag = _tag_of(cls)
    if tag is None:
        return inner

    def unstructure(value: Any) -> dict[str, Any]:
        version = _nested_version(cls)
        if version != 1:
            return {"format": version, "kind": tag, **inner(value)}
        return {"kind": tag, **inner(value)}

    return unstructure


def _make_converter() -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    converter.register_structure_hook(int, _structure_int)
    converter.register_structure_hook(str, _structure_str)
    converter.register_structure_hook(bool, _structure_bool)
    converter.register_structure_hook(float, _structure_float)
    converter.register_structure_hook(type(None), _structure_none)
    converter.register_structure_hook(Rng, _structure_rng)
    converter.register_unstructure_hook(Rng, _unstructure_rng)
    # Predicates, not singledispatch: from Python 3.12 a Protocol registered by class also
    # matches every concrete class that satisfies it, and the runtime hook then calls itself.
    converter.register_structure_hook_func(_is_tag_protocol, _structure_protocol)
    converter.register_unstructure_hook_func(_is_tag_protocol, _unstructure_runtime)
    converter.register_structure_hook_func(
        lambda t: isinstance(t, type) and issubclass(t, enum.Enum), _structure_enum
    )
    converter.register_structure_hook_factory(_is_tuple, _tuple_structure_factory)
    converter.register_structure_hook_factory(_is_frozenset, _frozenset_structure_factory)
    converter.register_unstructure_hook_factory(_is_frozenset, _frozenset_unstructure_factory)
    converter.register_structure_hook_factory(_is_tagged_union, _tagged_union_structure_factory)
    converter.register_structure_hook_factory(
        lambda t: attrs.has(t) and t is not Rng, _attrs_structure_factory
    )
    converter.register_unstructure_hook_factory(
        lambda t: attrs.has(t) and t is not Rng, _attrs_unstructure_factory
    )
    return converter


_converter: Final = _make_converter()


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


def dumps(obj: object) -> str:
    """Returns the JSON text of a registered config, state, action, view, event or record."""
    return json.dumps(to_primitive(obj), separators=(",", ":"), ensure_ascii=False)


def _format_exception(exc: BaseException, t: type | None) -> str:
    # Our hooks raise plain TypeError/ValueError with a sentence worth keeping.
    if type(exc) in (TypeError, ValueError) and str(exc):
        return str(exc)
    return cattrs.v.format_exception(exc, t)


def _describe(exc: BaseException) -> str:
    if isinstance(exc, BaseValidationError | ClassValidationError):
        return "; ".join(cattrs.transform_error(exc, format_exception=_format_exception))
    return f"{exc} @ $"


def _parse(text: object) -> dict[str, Any]:
    if not isinstance(text, str | bytes | bytearray):
        raise CodecError(f"expected JSON text, got {_type_name(text)}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise CodecError(f"not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise CodecError(f"expected a JSON object, got {_type_name(data)}")
    return data


def _load_document(data: dict[str, Any], registration: _Registration) -> Any:
    cls = registration.cls
    version = data.get("format")
    if type(version) is not int:
        raise CodecError(f"{cls.__qualname__} document needs an integer 'format' @ $.format")
    if version > registration.version:
        raise CodecError(
            f"{cls.__qualname__} document has format {version}, newer than this birdgames "
            f"reads ({registration.version}); upgrade birdgames"
        )
    if version != registration.version:
        raise CodecError(f"{cls.__qualname__} document has unknown format {version} @ $.format")
    try:
        obj: Any = _converter.structure(data, cls)  # its checked "format" is dropped there
    except CodecError:
        raise
    except Exception as exc:  # every failure becomes a CodecError
        raise CodecError(f"invalid {cls.__qualname__}: {_describe(exc)}") from None
    validate = _VALIDATORS.get(cls)
    if validate is not None:
        try:
            problem = validate(obj)
        except Exception as exc:  # a broken state may break its checker
            problem = f"its invariants cannot be checked ({type(exc).__name__}: {exc})"
        if problem is not None:
            raise CodecError(f"invalid {cls.__qualname__}: {problem}")
    return obj


def loads(cls: type[T], text: str | bytes) -> T:
    """Returns the object of class `cls` that `text` describes."""
    registration = _registration(cls)
    loaded: T = _load_document(_parse(text), registration)
    return loaded


def _load_by_role(text: str | bytes, role: Role) -> Any:
    data = _parse(text)
    _ensure_engines_registered()
    tag = data.get("kind")
    registration = _BY_TAG.get(tag) if isinstance(tag, str) else None
    if registration is None or registration.role != role:
        raise CodecError(f"{tag!r} is not the kind of any registered {role} @ $.kind")
    return _load_document(data, registration)


def loads_action(text: str | bytes) -> ActionLike:
    """Returns any game's action from its document, chosen by its kind tag."""
    action: ActionLike = _load_by_role(text, "action")
    return action


def loads_event(text: str | bytes) -> Tagged:
    """Returns any game's event from its document, chosen by its kind tag."""
    event: Tagged = _load_by_role(text, "event")
    return event
