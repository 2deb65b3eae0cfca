"""The fast converter's structure hooks, generated per class from its fields' types as attrs
and cattrs generate theirs (the text writers in `birdgames.codec.writers` likewise): each field
of a common type is tested in line as its type's fast hook tests it, any other read by its
type's hook. tests/codec/test_generated_hooks.py compares each with cattrs' generated hook."""

from __future__ import annotations

import enum
import itertools
import linecache
import operator
import types
import typing
from collections.abc import Callable, Mapping
from itertools import repeat
from typing import Any, Final, get_args, get_origin

import attrs
import cattrs

from birdgames.codec.limits import MAX_ARRAY_LENGTH, MAX_STRING_LENGTH, SURROGATE
from birdgames.codec.registrations import READ_AS_FORMAT_1, structure_hex, written_format
from birdgames.rng import Rng

_SCALARS: Final = frozenset({int, bool, str, type(None)})


def is_union(t: Any) -> bool:
    return get_origin(t) in (typing.Union, types.UnionType)


def is_enum(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, enum.Enum)


def is_object_class(t: Any) -> bool:
    """Whether `t` is an attrs class read by a hook of its own (Rng is read as a string)."""
    return isinstance(t, type) and attrs.has(t) and t is not Rng


def scalar_types(t: Any) -> frozenset[type] | None:
    """The JSON types of `t`, one of int, bool, str, None or a union of them; else None."""
    if t is None:
        return frozenset({type(None)})
    if t in _SCALARS:
        return frozenset({t})
    if is_union(t):
        members = get_args(t)
        if all(m in _SCALARS for m in members):
            return frozenset(members)
    return None


class LazyHook:
    """One type's structure hook in a converter, looked up on first use."""

    __slots__ = ("converter", "hook", "t")

    def __init__(self, t: Any, converter: cattrs.Converter) -> None:
        self.t = t
        self.converter = converter
        self.hook: Callable[[Any, Any], Any] | None = None

    def get(self) -> Callable[[Any, Any], Any]:
        hook = self.hook
        if hook is None:
            hook = self.hook = self.converter.get_structure_hook(self.t)
        return hook


class Source:
    """The source of one generated function and the values its names stand for."""

    def __init__(self, names: Mapping[str, Any]) -> None:
        self.names: dict[str, Any] = dict(names)
        self.lines: list[str] = []

    def bind(self, value: Any, hint: str = "v") -> str:
        name = f"_{hint}{len(self.names)}"
        self.names[name] = value
        return name

    def compile(self, what: str, cls: type, function: str) -> Any:
        """Compiles the lines, with a line cache for tracebacks, and returns `function`."""
        filename = f"<birdgames {what} {cls.__module__}.{cls.__qualname__} {next(_SERIALS)}>"
        text = "\n".join(self.lines) + "\n"
        linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
        _run_generated(text, filename, self.names)
        return self.names[function]


_SERIALS: Final = itertools.count()  # each generated source's file name is unique


def _run_generated(text: str, filename: str, names: dict[str, Any]) -> None:
    # Written from a class's field names and types alone (literals by repr), never from a
    # document: the one exec of the package.
    exec(compile(text, filename, "exec"), names)


def plain_fields(cls: type) -> tuple[attrs.Attribute[Any], ...] | None:
    """Returns the fields of `cls` when `__init__` takes each under its own name, else None
    (the detailed converter reads the class). A generated hook reads every field as required,
    as `dumps` writes them; the detailed converter fills a defaulted one left out."""
    attrs.resolve_types(cls)
    fields = attrs.fields(cls)
    if any(not f.init or f.alias != f.name for f in fields):
        return None
    return tuple(fields)


def _keys_ok(o: dict[str, Any], n: int, tag: str, cls: type) -> bool:
    """Whether `o` holds, besides `n` fields, only the tag and a "format" this version reads."""
    if o.get("kind") != tag:
        return False
    version = written_format(cls)
    if len(o) == n + 1:  # the fields and the tag: format 1
        return version == 1
    fmt = o.get("format")
    return len(o) == n + 2 and type(fmt) is int and fmt == version


def _check_strings(items: list[Any]) -> None:
    """Refuses, as the hook of str would, items that are not all strings within the limits."""
    joined = "".join(items)  # a TypeError when an item is no string
    if len(joined) > MAX_STRING_LENGTH and max(map(len, items)) > MAX_STRING_LENGTH:
        raise TypeError
    if not joined.isascii() and SURROGATE.search(joined) is not None:
        raise TypeError


_MAKING: set[type] = set()  # classes whose hook is being generated
_GENERATED: Final[Mapping[str, Any]] = types.MappingProxyType(
    {
        "_SURROGATE": SURROGATE,
        "_INT_TYPE": frozenset({int}),
        "_BOOL_TYPE": frozenset({bool}),
        "_keys_ok": _keys_ok,
        "_check_strings": _check_strings,
        "_structure_hex": structure_hex,
        "_repeat": repeat,
    }
)
_STRING_BAD: Final = (
    "len({v}) > {max} or (not {v}.isascii() and _SURROGATE.search({v}) is not None)"
)


def _hook(t: Any, space: Source, converter: cattrs.Converter) -> str:
    """Returns the name in `space` of the converter's hook of `t` (looked up on first use for a
    class whose hook is being made)."""
    if t in _MAKING:
        hook = space.bind(LazyHook(t, converter), "h")
        return f"({hook}.hook or {hook}.get())"
    return space.bind(converter.get_structure_hook(t), "h")


def _read_field(
    t: Any, v: str, space: Source, lists: dict[str, list[str]], converter: cattrs.Converter
) -> tuple[str | None, str]:
    """Returns the test in line refusing the JSON value `v` of a field of type `t` (or None) and
    the expression of the field's value. Lists of scalars are tested together afterwards:
    `lists` gathers them by their items' test."""
    string_bad = _STRING_BAD.format(v=v, max=MAX_STRING_LENGTH)
    if t is int or t is bool:
        return f"type({v}) is not {t.__name__}", v
    if t is str:
        return f"type({v}) is not str or {string_bad}", v
    if t is None or t is type(None):
        return f"{v} is not None", v
    scalars = scalar_types(t)
    if scalars is not None:  # a union of scalars
        test = f"type({v}) not in {space.bind(scalars, 't')}"
        if str in scalars:
            test += f" or (type({v}) is str and ({string_bad}))"
        return test, v
    if is_enum(t):
        members = {member.value: member for member in t}
        kinds = frozenset(type(value) for value in members)
        # The type test first: true == 1 and 1.0 == 1, and no unhashable value is looked up;
        # a value of no member is a KeyError.
        return f"type({v}) not in {space.bind(kinds, 't')}", f"{space.bind(members, 'm')}[{v}]"
    if is_object_class(t):
        return None, f"{_hook(t, space, converter)}({v}, {space.bind(t, 'c')})"
    args = get_args(t)
    if is_union(t) and len(args) == 2 and type(None) in args:
        # X | None: null, or what X's own hook reads (as cattrs reads an optional type).
        (only,) = [a for a in args if a is not type(None)]
        read = f"{_hook(only, space, converter)}({v}, {space.bind(only, 't')})"
        return None, f"None if {v} is None else {read}"
    if get_origin(t) is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = args[0]
        listed = f"type({v}) is not list or len({v}) > {MAX_ARRAY_LENGTH}"
        item_types = scalar_types(item)
        if item is str or (item_types is not None and str not in item_types):
            known = {str: "_check_strings", int: "_INT_TYPE", bool: "_BOOL_TYPE"}.get(item)
            lists.setdefault(known or space.bind(item_types, "t"), []).append(v)
            return listed, f"tuple({v})"
        if is_object_class(item):
            hook, cls = _hook(item, space, converter), space.bind(item, "c")
            return listed, f"tuple(map({hook}, {v}, _repeat({cls}))) if {v} else ()"
    return None, f"{_hook(t, space, converter)}({v}, {space.bind(t, 't')})"


def generated_hook(cls: type, tag: str | None, converter: cattrs.Converter) -> Any:
    """Returns the fast `converter`'s hook of `cls` (whose fields are `plain_fields`),
    generated from its fields, each read as required."""
    _MAKING.add(cls)
    try:
        lines = _hook_lines(cls, tag, Source(_GENERATED), converter)
    finally:
        _MAKING.discard(cls)
    return lines.compile("structure", cls, "structure")


def _hook_lines(cls: type, tag: str | None, space: Source, converter: cattrs.Converter) -> Source:
    fields = attrs.fields(cls)
    names = tuple(f.name for f in fields)
    n = len(names)
    values = [f"f{i}" for i in range(n)]
    tests: list[str] = []
    reads: list[str] = []
    lists: dict[str, list[str]] = {}
    for field, v in zip(fields, values, strict=True):
        if field.metadata.get("birdgames.hex"):
            test, read = None, f"_structure_hex({v}, int)"
        else:
            test, read = _read_field(field.type, v, space, lists, converter)
        if test is not None:
            tests.append(test)
        reads.append(read)
    keys = f"type(o) is not dict or len(o) != {n}"
    if tag is not None:
        spelled = f"_keys_ok(o, {n}, {tag!r}, {space.bind(cls, 'c')})"
        keys = f"type(o) is not dict or not {spelled}"
        if written_format(cls) == 1:  # the usual object, told at once: its fields and the tag
            # `register` refuses to change the format of a class once a hook relies on it.
            READ_AS_FORMAT_1.add(cls)
            keys = f"type(o) is not dict or ((len(o) != {n + 1} or o.get('kind') != {tag!r}) "
            keys += f"and not {spelled})"
    lines = space.lines
    lines += ["def structure(o, _):", f"    if {keys}:", "        raise TypeError"]
    if n == 1:
        lines.append(f"    f0 = o[{names[0]!r}]")
    elif n:
        read = space.bind(operator.itemgetter(*names), "r")
        lines.append(f"    {', '.join(values)} = {read}(o)")
    if tests:
        lines += ["    if (", f"        {tests[0]}", *[f"        or {t}" for t in tests[1:]]]
        lines += ["    ):", "        raise TypeError"]
    for test, listed in lists.items():
        items = " + ".join(listed)
        if test == "_check_strings":
            lines += [f"    if {' or '.join(listed)}:", f"        _check_strings({items})"]
        else:
            lines += [
                f"    if not {test}.issuperset(map(type, {items})):",
                "        raise TypeError",
            ]
    args = [f"{f.name}={r}" if f.kw_only else r for f, r in zip(fields, reads, strict=True)]
    lines.append(f"    return {space.bind(cls, 'c')}({', '.join(args)})")
    return space
