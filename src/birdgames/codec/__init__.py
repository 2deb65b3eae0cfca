"""JSON documents for every config, state, action, view, event and record.

A document is a JSON object with an integer ``"format"`` version and a permanent namespaced
``"kind"`` tag, then the object's fields. Loading is strict: no coercion, no extra keys, and
every failure is a `CodecError` naming the path of the field at fault. Hard limits
(`MAX_DOCUMENT_BYTES` and the others below) bound what one document can cost, so text from an
untrusted client is safe to load.

The rooms: `limits` (parsing within the limits), `errors` (the words of a CodecError),
`registrations` (tags, formats, validators), `converters` (the cattrs converters, the only
place cattrs is configured), `generation` (the structure hooks generated per class) and
`writers` (the text writers `dumps` writes through).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, get_args, overload

from birdgames.codec.converters import CONVERTER, FAST
from birdgames.codec.errors import MAX_ITEM_ERRORS, cut, describe, show, type_name
from birdgames.codec.generation import is_union
from birdgames.codec.limits import (
    MAX_ARRAY_LENGTH,
    MAX_DEPTH,
    MAX_DOCUMENT_BYTES,
    MAX_INTEGER,
    MAX_OBJECT_KEYS,
    MAX_STRING_LENGTH,
    MAX_VALUES,
    check_limits,
    parse,
    parse_any,
)
from birdgames.codec.registrations import (
    BY_CLASS,
    BY_TAG,
    HEX,
    VALIDATORS,
    Role,
    WireFormat,
    ensure_engines_registered,
    register,
    register_validator,
    registration_of,
    wire_format,
)
from birdgames.codec.writers import document_text, to_primitive
from birdgames.core import ActionLike, CodecError, Tagged

if TYPE_CHECKING:
    from typing_extensions import TypeForm

__all__ = [
    "HEX",
    "MAX_ARRAY_LENGTH",
    "MAX_DEPTH",
    "MAX_DOCUMENT_BYTES",
    "MAX_INTEGER",
    "MAX_ITEM_ERRORS",
    "MAX_OBJECT_KEYS",
    "MAX_STRING_LENGTH",
    "MAX_VALUES",
    "Role",
    "WireFormat",
    "dumps",
    "loads",
    "loads_action",
    "loads_event",
    "loads_many",
    "register",
    "register_validator",
    "to_primitive",
    "wire_format",
]

T = TypeVar("T")


def dumps(obj: object) -> str:
    """Returns the JSON text of a registered config, state, action, view, event or record; of
    a tuple or list of them (a legal-action list, say), the array `loads_many` reads back."""
    if isinstance(obj, tuple | list):
        return "[" + ",".join(map(document_text, obj)) + "]"
    return document_text(obj)


class _NotFast(Exception):
    pass  # the fast load met something it does not vouch for: the full load decides


def _load_document(data: dict[str, Any], registration: WireFormat, fast: bool = False) -> Any:
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
        obj = FAST.structure(data, cls)  # its checked "format" is dropped there
    except (CodecError, MemoryError):
        raise  # the limits keep a document's cost small: a MemoryError is the host's
    except Exception:  # the detailed converter says what is wrong, with its path
        if fast:
            raise _NotFast from None
        try:
            obj = CONVERTER.structure(data, cls)
        except (CodecError, MemoryError):
            raise
        except Exception as exc:  # every failure becomes a CodecError
            raise CodecError(cut(f"invalid {cls.__qualname__}: {describe(exc)}")) from None
    validate = VALIDATORS.get(cls)
    if validate is not None:
        try:
            problem = validate(obj)
        except MemoryError:
            raise
        except Exception as exc:  # a broken state may break its checker
            problem = f"its invariants cannot be checked ({type(exc).__name__}: {exc})"
        if problem is not None:
            raise CodecError(cut(f"invalid {cls.__qualname__}: {problem}"))
    return obj


def _registrations(form: object) -> dict[str, WireFormat]:
    """Returns the registrations `form` (a registered class or a union of them) admits, by tag."""
    registration = BY_CLASS.get(form) if isinstance(form, type) else None
    if registration is not None:  # the usual form, found with no look at unions
        return {registration.tag: registration}
    members = get_args(form) if is_union(form) else (form,)
    found: dict[str, WireFormat] = {}
    for member in members:
        if not isinstance(member, type):
            raise CodecError(f"{show(member)} is not a registered birdgames document type")
        registration = registration_of(member)
        found[registration.tag] = registration
    return found


def _load_form(data: dict[str, Any], allowed: Mapping[str, WireFormat], fast: bool = False) -> Any:
    if len(allowed) == 1:
        (only,) = allowed.values()
        return _load_document(data, only, fast)
    tag = data.get("kind")
    registration = allowed.get(tag) if isinstance(tag, str) else None
    if registration is None:
        if fast:
            raise _NotFast
        known = ", ".join(sorted(allowed)[:12])
        raise CodecError(f"kind {show(tag)} is not one of {known} @ $.kind")
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
    data = parse(text, limits=False)
    loaded: T
    try:  # the fast hooks refuse what breaks a limit, so `check_limits` can wait
        loaded = _load_form(data, allowed, fast=True)
    except _NotFast:
        check_limits(data)
        loaded = _load_form(data, allowed)
    return loaded


def loads_many(cls: TypeForm[T], text: str | bytes) -> tuple[T, ...]:
    """Returns the objects of a JSON array of documents of `cls` (as for `loads`), as `dumps`
    writes a tuple of them."""
    allowed = _registrations(cls)
    data = parse_any(text)
    if not isinstance(data, list):
        raise CodecError(f"expected a JSON array of documents, got {type_name(data)}")
    loaded: list[T] = []
    for index, item in enumerate(data):
        if not isinstance(item, dict):
            raise CodecError(f"item {index} is not a JSON object @ $[{index}]")
        try:
            loaded.append(_load_form(item, allowed))
        except CodecError as exc:
            raise CodecError(cut(f"item {index} @ $[{index}]: {exc}")) from None
    return tuple(loaded)


def _load_by_role(text: str | bytes, role: Role) -> Any:
    data = parse(text)
    ensure_engines_registered()
    tag = data.get("kind")
    registration = BY_TAG.get(tag) if isinstance(tag, str) else None
    if registration is None or registration.role != role:
        raise CodecError(f"{show(tag)} is not the kind of any registered {role} @ $.kind")
    return _load_document(data, registration)


def loads_action(text: str | bytes) -> ActionLike:
    """Returns any game's action from its document, chosen by its kind tag."""
    action: ActionLike = _load_by_role(text, "action")
    return action


def loads_event(text: str | bytes) -> Tagged:
    """Returns any game's event from its document, chosen by its kind tag."""
    event: Tagged = _load_by_role(text, "event")
    return event
