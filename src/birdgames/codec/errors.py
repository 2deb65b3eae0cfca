"""The words of a `CodecError`: ASCII, short, naming the path at fault, never copying a long
bad value."""

from __future__ import annotations

from typing import Final

import cattrs
import cattrs.v
from cattrs.errors import BaseValidationError, ClassValidationError, ForbiddenExtraKeysError

MAX_ITEM_ERRORS: Final = 3
"""How many bad items of one array are reported before loading stops looking."""

_MAX_MESSAGE: Final = 600  # characters of a CodecError's message, all ASCII
_SHOWN: Final = 40  # characters of a bad value quoted in a message


def type_name(value: object) -> str:
    return "null" if value is None else type(value).__name__


def show(value: object) -> str:
    """Returns an ASCII repr of `value`, cut so a message never copies a long bad value."""
    if isinstance(value, list | tuple):
        return f"an array of {len(value)} items"
    if isinstance(value, dict):
        return f"an object of {len(value)} keys"
    if type(value) is int and value.bit_length() > 64:
        return f"an int of {value.bit_length()} bits"
    text = ascii(value)
    return text if len(text) <= _SHOWN else f"{text[: _SHOWN - 3]}..."


def got(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, list | tuple | dict):
        return show(value)
    return f"{type(value).__name__} {show(value)}"


def cut(message: str) -> str:
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
        shown = ", ".join(show(key)[1:-1] for key in extra[:MAX_ITEM_ERRORS])
        more = f" and {len(extra) - MAX_ITEM_ERRORS} more" if len(extra) > MAX_ITEM_ERRORS else ""
        return f"extra fields found ({shown}{more})"
    return cattrs.v.format_exception(exc, t)


def describe(exc: BaseException) -> str:
    """Returns what the detailed converter found wrong, with the paths at fault."""
    if isinstance(exc, BaseValidationError | ClassValidationError):
        lines = cattrs.transform_error(exc, format_exception=_format_exception)
        return "; ".join(lines[:MAX_ITEM_ERRORS])
    return f"{exc} @ $"
