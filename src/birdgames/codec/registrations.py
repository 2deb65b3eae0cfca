"""The registered document classes: each one's tag, format versions, role and validator."""

from __future__ import annotations

import re
import types
from collections.abc import Callable, Mapping
from typing import Any, Final, Literal, TypeVar

import attrs

from birdgames.codec.errors import got
from birdgames.core import SEED_BITS, CodecError, games

T = TypeVar("T")

Role = Literal["action", "event", "document"]

# Field metadata marking a seed: an int of at most SEED_BITS bits written as a hex string, so
# JavaScript keeps it exact.
HEX: Final[Mapping[str, bool]] = types.MappingProxyType({"birdgames.hex": True})
_HEX_INT: Final = re.compile(rf"-?0x[0-9a-f]{{1,{SEED_BITS // 4}}}")


def structure_hex(value: object, _: type) -> int:
    if type(value) is not str or not _HEX_INT.fullmatch(value):
        raise TypeError(
            f"expected a hex string of at most {SEED_BITS} bits such as '0x2a' (a seed), "
            f"got {got(value)}"
        )
    return int(value, 16)


@attrs.frozen
class WireFormat:
    """How the documents of one tagged class are written and read: what a schema states."""

    cls: type
    """The class."""
    tag: str
    """The permanent `"kind"` tag."""
    version: int
    """The format written (1 for a tagged class nested in documents and not registered)."""
    oldest: int
    """The oldest format still read."""
    role: Role
    """"action", "event" or "document"."""

    @property
    def registered(self) -> bool:
        """Whether the class is loaded as a document of its own (else only nested in one)."""
        return BY_CLASS.get(self.cls) is self

    @property
    def validated(self) -> bool:
        """Whether a loaded object is also checked by a validator (a game's invariants)."""
        return self.cls in VALIDATORS


BY_TAG: dict[str, WireFormat] = {}
BY_CLASS: dict[type, WireFormat] = {}
VALIDATORS: dict[type, Callable[[Any], str | None]] = {}
# Tagged classes whose hooks were built to read them at format 1.
READ_AS_FORMAT_1: set[type] = set()


def tag_of(cls: type) -> str | None:
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
    """Registers tagged attrs classes as documents: actions when defined in an ``actions``
    module, events in an ``events`` one, unless `role` says. `oldest` (default `version`) is
    the oldest format still read. Registering a class again is harmless; reusing a tag for
    another class, or registering at a format above 1 a class read at format 1, is an error."""
    for cls in classes:
        tag = tag_of(cls)
        if tag is None or not attrs.has(cls):
            raise TypeError(f"{cls.__qualname__} needs to be an attrs class with a ClassVar kind")
        if version != 1 and cls in READ_AS_FORMAT_1:
            raise TypeError(
                f"{cls.__qualname__} was read at format 1 before it was registered at format "
                f"{version}"
            )
        first = version if oldest is None else oldest
        registration = WireFormat(cls, tag, version, first, role or _infer_role(cls))
        existing = BY_TAG.get(tag)
        if existing is not None and existing.cls is not cls:
            raise TypeError(
                f"tag {tag!r} of {cls.__qualname__} is already used by {existing.cls.__qualname__}"
            )
        BY_TAG[tag] = registration
        BY_CLASS[cls] = registration


def register_validator(cls: type[T], validate: Callable[[T], str | None]) -> None:
    """Makes `loads(cls, ...)` refuse documents whose object breaks `validate`."""
    VALIDATORS[cls] = validate


def wire_format(cls: type) -> WireFormat | None:
    """Returns how `cls` is written as a tagged object, or None for an untagged class."""
    tag = tag_of(cls)
    if tag is None:
        return None
    return BY_CLASS.get(cls) or WireFormat(cls, tag, 1, 1, "document")


def ensure_engines_registered() -> None:
    # Importing the engines registers their classes, so any game's tag can be loaded.
    games()


def registration_of(cls: type) -> WireFormat:
    """Returns the registration of `cls`; an unregistered class raises CodecError."""
    found = BY_CLASS.get(cls)
    if found is None:
        ensure_engines_registered()
        found = BY_CLASS.get(cls)
    if found is None:
        raise CodecError(f"{cls.__qualname__} is not a registered birdgames document type")
    return found


def written_format(cls: type) -> int:
    """Returns the format a `cls` object is written in (1: a class nested, not registered)."""
    found = BY_CLASS.get(cls)
    return 1 if found is None else found.version
