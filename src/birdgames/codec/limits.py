"""Parsing within the limits, which bound what one document can cost, so text from an untrusted
client is safe to load. Every document the package writes stays far inside them; docs/codec.md
has the measured cost of the worst document each one admits."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from typing import Any, Final

from birdgames.codec.errors import cut, show, type_name
from birdgames.core import CodecError

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

_MAX_NUMBER_CHARS: Final = 32  # a float literal longer than this is never one birdgames wrote
SURROGATE: Final = re.compile("[\ud800-\udfff]")


class _Refused(Exception):
    """Raised from inside the JSON parser when the text breaks a limit or cannot round trip."""


def object_from_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    if len(pairs) > MAX_OBJECT_KEYS:
        raise _Refused(
            f"an object of {len(pairs)} keys has more than documents allow ({MAX_OBJECT_KEYS})"
        )
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"an object names the key {show(key)} twice")
            seen.add(key)
    return obj


def _integer(digits: str) -> int:
    # The length test comes first, so no wide literal is ever converted.
    if len(digits.lstrip("-")) > len(str(MAX_INTEGER)) or abs(int(digits)) > MAX_INTEGER:
        raise _Refused(
            f"the integer {show(digits)[1:-1]} is wider than documents allow "
            f"(at most 2**53 - 1 in magnitude)"
        )
    return int(digits)


def _number(literal: str) -> float:
    # A float is never valid in a document; parsed (when short and finite) so the field at
    # fault is named, like any other value of the wrong type.
    value = float(literal) if len(literal) <= _MAX_NUMBER_CHARS else math.inf
    if not math.isfinite(value):
        raise _Refused(f"the number {show(literal)[1:-1]} is too long or too large")
    return value


def _constant(literal: str) -> Any:
    raise _Refused(f"{literal} is not a JSON number")


def _check_string(text: str, what: str) -> None:
    if len(text) > MAX_STRING_LENGTH:
        raise CodecError(
            f"a {what} of {len(text)} characters is longer than documents allow "
            f"({MAX_STRING_LENGTH})"
        )
    if not text.isascii() and SURROGATE.search(text):
        raise CodecError(f"a {what} holds a lone surrogate {show(text)}, which is not Unicode")


# Only a text with a run of digits as long as MAX_INTEGER's is parsed through the guarded
# `_integer` (int() of a huge literal is quadratic): found with every digit byte made "0".
_DIGITS_TO_ZERO: Final = bytes(0x30 if 0x30 <= b <= 0x39 else 0x20 for b in range(256))
_WIDE_RUN: Final = b"0" * len(str(MAX_INTEGER))


def check_limits(data: Any) -> None:
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


# The longest text `quick_parse` tries, so a text it cannot vouch for costs at most two parses.
_QUICK_PARSE_CHARS: Final = 64 * 1024


def quick_parse(text: str) -> tuple[Any] | None:
    """Returns the parsed `text` (in a 1-tuple) when it holds as many ":" as its objects hold
    keys, so none repeats a key (the parser's dicts keep the last); else None, and the guarded
    parse decides and says what is wrong. Loads take 8-14% less time than through
    `object_from_pairs` (benchmarks/codec_loads.py, every engine)."""
    keys = 0

    def count(obj: dict[str, Any]) -> dict[str, Any]:
        nonlocal keys
        if len(obj) > MAX_OBJECT_KEYS:
            raise _Refused
        keys += len(obj)
        return obj

    decoder = json.JSONDecoder(object_hook=count, parse_float=_number, parse_constant=_constant)
    try:
        data, end = decoder.raw_decode(text)
    except MemoryError:
        raise
    except Exception:  # a JSON error, RecursionError, _Refused: the guarded parse says which
        return None
    if end != len(text) or text.count(":") != keys:
        return None
    return (data,)


def parse_any(text: object, *, limits: bool = True) -> Any:
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
        raise CodecError(f"expected JSON text, got {type_name(text)}")
    # The count below is of characters, so never more than the text's length: a text no
    # longer than MAX_VALUES cannot break the limit and is not counted.
    if len(text) > MAX_VALUES:
        values = text.count(",") + text.count("[") + text.count("{")
        if values > MAX_VALUES:
            raise CodecError(f"the text holds up to {values} values, more than {MAX_VALUES}")
    wide = _WIDE_RUN in raw.translate(_DIGITS_TO_ZERO)
    if not wide and len(text) <= _QUICK_PARSE_CHARS:
        quick = quick_parse(text)
        if quick is not None:
            if limits:
                check_limits(quick[0])
            return quick[0]
    try:
        data = json.loads(
            text,
            object_pairs_hook=object_from_pairs,
            parse_int=_integer if wide else None,
            parse_float=_number,
            parse_constant=_constant,
        )
    except _Refused as exc:
        raise CodecError(cut(str(exc))) from None
    except RecursionError:
        raise CodecError(f"the document is nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:
        raise CodecError(cut(f"not valid JSON: {exc}")) from None
    if limits:
        check_limits(data)
    return data


def parse(text: object, *, limits: bool = True) -> dict[str, Any]:
    data = parse_any(text, limits=limits)
    if not isinstance(data, dict):
        raise CodecError(f"expected a JSON object, got {type_name(data)}")
    return data
