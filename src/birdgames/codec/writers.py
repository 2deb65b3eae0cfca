"""Text writers, generated per attrs class from its fields' types: one expression joining the
keys' literal text with each field's text, where the JSON encoder would first unstructure the
value. A field of another type goes through the converter and the encoder;
tests/codec/test_text_writers.py compares the writers' text with the encoder's."""

from __future__ import annotations

import functools
import json
import types
from collections.abc import Callable
from typing import Any, Final, get_args, get_origin

import attrs

from birdgames.codec.converters import CONVERTER, rng_text
from birdgames.codec.generation import Source, is_enum, is_union
from birdgames.codec.registrations import registration_of, tag_of, written_format
from birdgames.rng import Rng

TOP_WRITERS: dict[type, Callable[[Any], str]] = {}
NESTED_WRITERS: dict[type, Callable[[Any], str]] = {}
_MAKING: set[type] = set()  # classes whose writer is being made
_BOOL_TEXT: Final = {False: "false", True: "true"}
_encode_str: Final[Callable[[str], str]] = json.encoder.encode_basestring
encoded: Final[Callable[[Any], str]] = functools.partial(
    json.dumps, separators=(",", ":"), ensure_ascii=False
)
"""Returns the text the JSON encoder writes for an unstructured value."""

# The texts of tuples of ints and of bools written lately (a few hundred in a game), one table
# per item type as (1, 0) == (True, False); emptied at TUPLE_TEXTS entries.
TUPLE_TEXTS: Final = 4096


class TupleTexts(dict[tuple[Any, ...], str]):
    """A tuple's text by its value; a missing one is written, then kept."""

    def __init__(self, item_text: Callable[[Any], str]) -> None:
        super().__init__()
        self.item_text = item_text

    def __missing__(self, value: tuple[Any, ...]) -> str:
        text = "[" + ",".join(map(self.item_text, value)) + "]"
        if len(self) >= TUPLE_TEXTS:
            self.clear()
        self[value] = text
        return text


INT_TUPLES: Final = TupleTexts(str)
BOOL_TUPLES: Final = TupleTexts(_BOOL_TEXT.__getitem__)


def document_text(obj: object) -> str:
    """Returns the text of one registered object, through its class's text writer."""
    cls = type(obj)
    write = TOP_WRITERS.get(cls)
    if write is None:
        version = registration_of(cls).version  # refuses an unregistered class first
        write = TOP_WRITERS[cls] = text_writer(cls, version, top=True)
    return write(obj)


def to_primitive(obj: object) -> dict[str, Any]:
    """Returns the JSON-ready dict of a registered object (what `dumps` writes)."""
    version = registration_of(type(obj)).version
    # A tagged class past format 1 is unstructured with its "format" first already.
    return {"format": version, **CONVERTER.unstructure(obj, type(obj))}


def _writer_of(cls: type) -> Callable[[Any], str]:
    """Returns the writer of a nested `cls` (looked up when called while it is being made)."""
    if cls in _MAKING:

        def write_later(value: Any) -> str:
            return _writer_of(cls)(value)

        return write_later
    write = NESTED_WRITERS.get(cls)
    if write is None:
        write = NESTED_WRITERS[cls] = text_writer(cls, written_format(cls), top=False)
    return write


def _field_text(t: Any, value: str, space: Source, depth: int = 0) -> str | None:
    """Returns the expression writing `value`, an expression of type `t`, or None."""
    if t is int:
        return f"str({value})"
    if t is bool:
        return f"_BOOL_TEXT[{value}]"
    if t is str:
        return f"_encode_str({value})"
    if t is Rng:
        return f"_encode_str(_rng_text({value}))"
    if t is type(None):
        return '"null"'
    if is_enum(t):
        return f"{space.bind({member: encoded(member.value) for member in t})}[{value}]"
    if attrs.has(t):
        return f"{space.bind(_writer_of(t))}({value})"
    args = get_args(t)
    if is_union(t):
        others = [a for a in args if a is not type(None)]
        inner: str | None
        if len(others) == 1:
            inner = _field_text(others[0], value, space, depth)
        elif all(attrs.has(a) for a in others):
            # A union of classes: the writer of the value's own class, as the converter
            # unstructures a union member; any other value goes through the converter.
            by_class = space.bind({a: _writer_of(a) for a in others})
            other = space.bind(lambda x: _fallback_text(x, t))
            inner = f"{by_class}.get(type({value}), {other})({value})"
        else:
            return None
        if inner is None or len(args) == len(others):
            return inner
        return f'("null" if {value} is None else {inner})'
    if get_origin(t) is frozenset and args == (str,):
        # Sorted, as the converter writes a set.
        return f'"[" + ",".join(map(_encode_str, sorted({value}))) + "]"'
    if get_origin(t) is tuple and len(args) == 2 and args[1] is Ellipsis:
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
    elif get_origin(t) is tuple and args and args != ((),):  # tuple[A, B]: each item in order
        texts = [_field_text(a, f"{value}[{k}]", space, depth) for k, a in enumerate(args)]
        if all(text is not None for text in texts):
            return '"[" + ' + ' + "," + '.join(map(str, texts)) + ' + "]"'
    return None


def text_writer(cls: type, version: int, top: bool) -> Callable[[Any], str]:
    """Returns the function writing a `cls` value's document text (top: with its "format")."""
    _MAKING.add(cls)
    try:
        return _make_text_writer(cls, version, top)
    finally:
        _MAKING.discard(cls)


def _make_text_writer(cls: type, version: int, top: bool) -> Callable[[Any], str]:
    attrs.resolve_types(cls)
    tag = tag_of(cls)
    literal = "{"  # the text up to the next field's value
    if top or (tag is not None and version != 1):
        literal += f'"format":{version},'
    if tag is not None:
        literal += f'"kind":{encoded(tag)},'
    space = Source(_WRITING)
    pieces: list[str] = []  # Python expressions whose texts, joined, are the document
    for field in attrs.fields(cls):
        value = f"v.{field.name}"
        text: str | None = (
            f"_encode_str(hex({value}))"
            if field.metadata.get("birdgames.hex")
            else _field_text(field.type, value, space)
        )
        if text is None:  # through the converter and the encoder
            text = f"_fallback_text({value}, {space.bind(field.type)})"
        literal += ("" if literal.endswith(("{", ",")) else ",") + f"{encoded(field.name)}:"
        pieces += [repr(literal), text]
        literal = ""
    pieces.append(repr(literal.rstrip(",") + "}"))
    space.lines += ["def write(v):", f"    return {' + '.join(pieces)}"]
    write: Callable[[Any], str] = space.compile("text writer", cls, "write")
    return write


def _fallback_text(value: Any, t: Any) -> str:
    return encoded(CONVERTER.unstructure(value, t))


_WRITING: Final = types.MappingProxyType(
    {
        "_BOOL_TEXT": _BOOL_TEXT,
        "_INT_TUPLES": INT_TUPLES,
        "_BOOL_TUPLES": BOOL_TUPLES,
        "_encode_str": _encode_str,
        "_rng_text": rng_text,
        "_fallback_text": _fallback_text,
    }
)
