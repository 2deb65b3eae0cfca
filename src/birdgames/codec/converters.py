"""The two cattrs converters, the only place cattrs is configured. Both accept exactly the same
documents: the fast one (hooks from `birdgames.codec.generation`) refuses without words, and
only then the detailed one reads the same data to name every failure with its path."""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Callable, Mapping
from itertools import repeat
from typing import Any, Final, cast, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import IterableValidationError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from birdgames.codec.errors import MAX_ITEM_ERRORS, got, show, type_name
from birdgames.codec.generation import (
    LazyHook,
    generated_hook,
    is_object_class,
    is_union,
    plain_fields,
)
from birdgames.codec.limits import MAX_ARRAY_LENGTH, MAX_STRING_LENGTH, SURROGATE
from birdgames.codec.registrations import (
    BY_CLASS,
    BY_TAG,
    ensure_engines_registered,
    structure_hex,
    tag_of,
    written_format,
)
from birdgames.core import ActionLike, Tagged
from birdgames.rng import Rng

# --- strict primitives ---------------------------------------------------------------------

_RNG_STATE: Final = re.compile(r"[0-9a-f]{16}")


def _exactly(kind: type, expected: str) -> Callable[[object, Any], Any]:
    def structure(value: object, _: Any) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {expected}, got {got(value)}")
        return value

    return structure


def _fast_structure_str(value: object, _: type) -> str:
    # The fast converter vouches for the string limits, which the full load checks by a walk.
    if type(value) is not str or len(value) > MAX_STRING_LENGTH:
        raise TypeError
    if not value.isascii() and SURROGATE.search(value):
        raise TypeError
    return value


def rng_text(rng: Rng) -> str:
    return f"{rng.state:016x}"


def _structure_rng(value: object, _: type) -> Rng:
    if type(value) is not str or not _RNG_STATE.fullmatch(value):
        raise TypeError(f"expected a 16-digit lowercase hex rng state, got {got(value)}")
    return Rng(int(value, 16))


def _enum_structure_factory(cls: type[enum.Enum]) -> Callable[[object, Any], enum.Enum]:
    values = [member.value for member in cls]
    value_types = frozenset(type(v) for v in values)
    members: dict[object, enum.Enum] = {member.value: member for member in cls}

    def structure(value: object, _: Any) -> enum.Enum:
        # The type test first: True == 1 and 1.0 == 1, and no unhashable value is looked up.
        if type(value) not in value_types or value not in members:
            raise ValueError(f"expected one of {values}, got {got(value)}")
        return members[value]

    return structure


def _refuse(value: object, t: Any) -> Any:
    raise TypeError(f"the full load reads {t}")


# --- containers ----------------------------------------------------------------------------


def _items(value: object, elem_types: Callable[[int], Any], container: Any) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise TypeError(f"expected a JSON array, got {type_name(value)}")
    items: list[Any] = []
    errors: list[Exception] = []
    for index, item in enumerate(value):
        elem_type = elem_types(index)
        try:
            items.append(CONVERTER.get_structure_hook(elem_type)(item, elem_type))
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


def _tuple_args(t: Any) -> tuple[Any, ...] | None:
    args = get_args(t)
    if not args or (len(args) == 2 and args[1] is Ellipsis):
        return None
    return () if args == ((),) else args


def _tuple_structure_factory(t: Any) -> Callable[[object, Any], tuple[Any, ...]]:
    args = _tuple_args(t)
    if args is None:
        elem: Any = get_args(t)[0] if get_args(t) else Any

        def structure_homogeneous(value: object, _: Any) -> tuple[Any, ...]:
            return _items(value, lambda _i: elem, t)

        return structure_homogeneous

    def structure_fixed(value: object, _: Any) -> tuple[Any, ...]:
        if isinstance(value, list) and len(value) != len(args):
            raise ValueError(f"expected {len(args)} items, got {len(value)}")
        return _items(value, lambda i: args[i], t)

    return structure_fixed


def _fast_tuple_structure_factory(t: Any) -> Callable[[object, Any], tuple[Any, ...]]:
    args = _tuple_args(t)
    if args is None:
        item = LazyHook(get_args(t)[0] if get_args(t) else Any, FAST)

        def structure_homogeneous(value: object, _: Any) -> tuple[Any, ...]:
            if type(value) is not list or len(value) > MAX_ARRAY_LENGTH:
                raise TypeError("expected a JSON array within the limit")
            if not value:
                return ()
            return tuple(map(item.hook or item.get(), value, repeat(item.t)))

        return structure_homogeneous
    items = [LazyHook(arg, FAST) for arg in args]

    def structure_fixed(value: object, _: Any) -> tuple[Any, ...]:
        if type(value) is not list or len(value) != len(items):
            raise TypeError("expected a JSON array of the right length")
        return tuple([h.get()(x, h.t) for x, h in zip(value, items, strict=True)])

    return structure_fixed


def _is_frozenset(t: Any) -> bool:
    return t is frozenset or get_origin(t) is frozenset


def _frozenset_structure_factory(
    t: Any, converter: cattrs.Converter
) -> Callable[[object, Any], frozenset[Any]]:
    (elem,) = get_args(t) or (Any,)
    items_type: Any = tuple[elem, ...]  # type: ignore[valid-type]
    items = LazyHook(items_type, converter)  # the converter's own limits and messages

    def structure(value: object, _: Any) -> frozenset[Any]:
        found = items.get()(value, items.t)
        result = frozenset(found)
        if len(result) != len(found):
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
        items = [CONVERTER.unstructure(item, elem) for item in value]
        # Sorted, so hash order (PYTHONHASHSEED) never reaches the text.
        return sorted(items, key=_sort_key)

    return unstructure


# --- tagged classes and unions -------------------------------------------------------------


def _is_tagged_union(t: Any) -> bool:
    if not is_union(t):
        return False
    members = [m for m in get_args(t) if m is not type(None)]
    return bool(members) and any(attrs.has(m) for m in members)


def _structure_by_tag(
    value: object, allowed: Mapping[str, type], what: str, converter: cattrs.Converter
) -> Any:
    if not isinstance(value, dict):
        raise TypeError(f"expected a JSON object for {what}, got {type_name(value)}")
    tag = value.get("kind")
    if not isinstance(tag, str):
        raise ValueError(f"{what} needs a string 'kind' tag")
    cls = allowed.get(tag)
    if cls is None:
        known = ", ".join(sorted(allowed)[:12])
        raise ValueError(f"unknown kind {show(tag)} for {what} (expected one of: {known})")
    return converter.structure(value, cls)


def _tagged_union_structure_factory(
    t: Any, converter: cattrs.Converter
) -> Callable[[object, Any], Any]:
    members = [m for m in get_args(t) if m is not type(None)]
    optional = len(members) != len(get_args(t))
    if len(members) == 1:
        # X | None needs no tag: null or an X.
        hook = LazyHook(members[0], converter)

        def structure_optional(value: object, _: Any) -> Any:
            return None if value is None else (hook.hook or hook.get())(value, hook.t)

        return structure_optional
    allowed: dict[str, type] = {}
    for member in members:
        tag = tag_of(member)
        if tag is None:
            raise TypeError(f"union member {member.__qualname__} of {t} has no ClassVar kind")
        allowed[tag] = member

    def structure(value: object, _: Any) -> Any:
        if value is None and optional:
            return None
        return _structure_by_tag(value, allowed, "this field", converter)

    return structure


def _structure_protocol(value: object, t: Any, converter: cattrs.Converter) -> Any:
    ensure_engines_registered()
    if t is ActionLike:
        allowed = {tag: r.cls for tag, r in BY_TAG.items() if r.role == "action"}
        return _structure_by_tag(value, allowed, "an action", converter)
    allowed = {tag: r.cls for tag, r in BY_TAG.items()}
    return _structure_by_tag(value, allowed, "a tagged object", converter)


def _is_tag_protocol(t: Any) -> bool:
    return t is Tagged or t is ActionLike


def _unstructure_runtime(value: object) -> Any:
    return CONVERTER.unstructure(value, type(value))


# --- attrs classes -------------------------------------------------------------------------


def _hex_overrides(cls: type, **hook: Any) -> dict[str, Any]:
    """Returns cattrs' overrides reading or writing each seed field of `cls` as hex text."""
    fields = attrs.fields(cls)
    return {f.name: override(**hook) for f in fields if f.metadata.get("birdgames.hex")}


def _attrs_structure_factory(cls: Any, converter: cattrs.Converter) -> Callable[[object, Any], Any]:
    tag = tag_of(cls)
    if converter is FAST:
        if plain_fields(cls) is None:
            return _refuse
        return cast(Callable[[object, Any], Any], generated_hook(cls, tag, converter))
    inner = make_dict_structure_fn(
        cls,
        converter,
        _cattrs_forbid_extra_keys=True,
        _cattrs_detailed_validation=True,
        **_hex_overrides(cls, struct_hook=structure_hex),
    )

    def structure(value: object, _: Any) -> Any:
        if not isinstance(value, dict):
            raise TypeError(
                f"expected a JSON object for {cls.__qualname__}, got {type_name(value)}"
            )
        if tag is not None:
            if value.get("kind") != tag:
                raise ValueError(f"expected kind {tag!r}, got {show(value.get('kind'))}")
            _check_nested_format(tag, cls, value)
            value = {k: v for k, v in value.items() if k not in ("kind", "format")}
        return inner(value, cls)

    return structure


def _check_nested_format(tag: str, cls: type, value: Mapping[str, Any]) -> None:
    """Refuses a nested object of another format than this version reads (no "format": 1),
    so a record saved before a game's rules changed is refused, not misreplayed."""
    registered = BY_CLASS.get(cls)
    oldest, expected = (1, 1) if registered is None else (registered.oldest, registered.version)
    found = value.get("format", 1)
    if type(found) is not int or not oldest <= found <= expected:
        raise ValueError(
            f"{tag} has format {show(found)}, but this birdgames reads format {expected} of it"
        )


def _attrs_unstructure_factory(cls: Any) -> Callable[[Any], dict[str, Any]]:
    inner = make_dict_unstructure_fn(cls, CONVERTER, **_hex_overrides(cls, unstruct_hook=hex))
    tag = tag_of(cls)
    if tag is None:
        return inner

    def unstructure(value: Any) -> dict[str, Any]:
        version = written_format(cls)
        if version != 1:
            return {"format": version, "kind": tag, **inner(value)}
        return {"kind": tag, **inner(value)}

    return unstructure


def _make_converter(detailed: bool) -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=detailed)
    converter.register_structure_hook(int, _exactly(int, "an integer"))
    converter.register_structure_hook(bool, _exactly(bool, "true or false"))
    converter.register_structure_hook(type(None), _exactly(type(None), "null"))
    converter.register_structure_hook(
        str, _exactly(str, "a string") if detailed else _fast_structure_str
    )
    converter.register_structure_hook(Rng, _structure_rng)
    # Predicates, not singledispatch: from Python 3.12 a Protocol registered by class also
    # matches every concrete class that satisfies it, and the runtime hook then calls itself.
    converter.register_structure_hook_func(
        _is_tag_protocol, lambda value, t: _structure_protocol(value, t, converter)
    )
    converter.register_structure_hook_factory(
        lambda t: isinstance(t, type) and issubclass(t, enum.Enum), _enum_structure_factory
    )
    if detailed:
        converter.register_structure_hook_factory(_is_tuple, _tuple_structure_factory)
        converter.register_unstructure_hook(Rng, rng_text)
        converter.register_unstructure_hook_func(_is_tag_protocol, _unstructure_runtime)
        converter.register_unstructure_hook_factory(_is_frozenset, _frozenset_unstructure_factory)
        converter.register_unstructure_hook_factory(is_object_class, _attrs_unstructure_factory)
    else:
        # An untyped value could hold anything: only the full load vouches for it.
        converter.register_structure_hook_func(lambda t: t is Any or t is object, _refuse)
        converter.register_structure_hook_factory(_is_tuple, _fast_tuple_structure_factory)
    converter.register_structure_hook_factory(
        _is_frozenset, lambda t: _frozenset_structure_factory(t, converter)
    )
    converter.register_structure_hook_factory(
        _is_tagged_union, lambda t: _tagged_union_structure_factory(t, converter)
    )
    converter.register_structure_hook_factory(
        is_object_class, lambda t: _attrs_structure_factory(t, converter)
    )
    return converter


CONVERTER: Final = _make_converter(detailed=True)
FAST: Final = _make_converter(detailed=False)
