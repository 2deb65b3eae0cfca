"""JSON Schema and TypeScript declarations of every document, from the codec's registrations.

One source of truth: the schemas and declarations are generated from what the codec writes
and reads (each tagged class's `codec.wire_format`, its attrs fields and their types, the
codec's limits), so they cannot drift from it. `json_schema(game, kind)` returns a JSON Schema
(draft 2020-12) of one kind of a game's documents; `typescript(game)` returns TypeScript
declarations of all of them, with the actions and events as unions discriminated on `kind`.
Pure functions: `scripts/write_schemas.py` writes their output into the docs and the web
example.

A schema states every rule of the codec it can: tags, formats, field names and types, enum
values, optional (defaulted) fields, seeds and rng states as hex strings, the longest string
and array. What JSON Schema cannot state, each schema's description says (see `CANNOT_STATE`).
"""

from __future__ import annotations

import enum
import re
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal, TypeAlias, get_args, get_origin

import attrs

from birdgames import codec, sim
from birdgames._field_docs import FIELD_DOCS
from birdgames.core import SEED_BITS, ActionLike, AnyGame, Tagged, registered_game
from birdgames.rng import Rng

Kind: TypeAlias = Literal["config", "state", "view", "action", "event", "record", "live_record"]
KINDS: Final[tuple[Kind, ...]] = (
    "config",
    "state",
    "view",
    "action",
    "event",
    "record",
    "live_record",
)
"""Every kind of document `json_schema` describes."""

DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"
ID_PREFIX: Final = "urn:birdgames:schema"
"""Each schema's `$id` is `urn:birdgames:schema:<game>:<kind>:format-<n>`."""

CANNOT_STATE: Final = (
    "Beyond this schema the codec also refuses: an integer written with a fraction or an "
    "exponent (1.0, 1e2), a key named twice in one object, a string holding a lone "
    f"surrogate, nesting deeper than {codec.MAX_DEPTH} levels, a text over "
    f"{codec.MAX_DOCUMENT_BYTES} bytes or over {codec.MAX_VALUES} values, and any encoding "
    "but UTF-8."
)
"""The codec's rules a JSON Schema cannot state, written into every schema's description."""

VALIDATED: Final = (
    "A loaded object is also checked against its game's invariants (cards conserved, "
    "counters in range, someone able to act): a document this schema accepts may still be "
    "refused for breaking them."
)
_RECORD_NOTE: Final = (
    "The codec reads a record of any game; this schema admits only this game's, as "
    "`sim.verify` and `sim.Match.resume` do. A record's actions are checked by replay, not "
    "by loading."
)

_HEX_PATTERN: Final = f"^-?0x[0-9a-f]{{1,{SEED_BITS // 4}}}$"
_RNG_PATTERN: Final = "^[0-9a-f]{16}$"
_INTEGER: Final[Mapping[str, object]] = types.MappingProxyType(
    {"type": "integer", "minimum": -codec.MAX_INTEGER, "maximum": codec.MAX_INTEGER}
)
# The root classes of each kind of document, besides the game's own types.
_ROOT_NAMES: Final[Mapping[str, str]] = {"action": "Action", "event": "Event"}


def _game(game: str | AnyGame) -> AnyGame:
    return registered_game(game) if isinstance(game, str) else game


def _field_doc(cls: type, name: str) -> str | None:
    return FIELD_DOCS.get(f"{cls.__module__}.{cls.__qualname__}.{name}")


def _class_doc(cls: type) -> str | None:
    # From the source first: the compiled build gives some classes a filler docstring.
    found = FIELD_DOCS.get(f"{cls.__module__}.{cls.__qualname__}")
    if found is not None:
        return found
    doc = cls.__doc__
    if not doc or doc.startswith(f"{cls.__name__}("):  # attrs' generated signature
        return None
    return " ".join(doc.split())


def _is_union(t: object) -> bool:
    return get_origin(t) in (typing.Union, types.UnionType)


def _tuple_args(t: object) -> tuple[Any, ...] | None:
    if get_origin(t) is not tuple:
        return None
    return get_args(t)


class _Shapes:
    """The classes one game's documents hold, each with a unique declaration name."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.actions: tuple[type, ...] = tuple(game.action_types)
        self.events: tuple[type, ...] = tuple(game.event_types)
        self.record = sim.Record
        self.live_record = sim.LiveRecord
        roots: list[type] = [
            game.config_type,
            game.state_type,
            game.view_type,
            *self.actions,
            *self.events,
            sim.Record,
            sim.LiveRecord,
        ]
        self.classes: list[type] = []
        for root in roots:
            self._collect(root)
        self.names = self._name_classes()

    def _collect(self, t: Any) -> None:
        if t is Rng:
            return
        if attrs.has(t):
            if t in self.classes:
                return
            self.classes.append(t)
            for field in attrs.fields(attrs.resolve_types(t)):
                self._collect(field.type)
            return
        for arg in get_args(t):
            self._collect(arg)

    def _name_classes(self) -> dict[type, str]:
        """Names each class by its own name, or with its module's name before it where two
        classes share one (a `state.Seat` beside a `view.Seat`)."""
        taken: dict[str, int] = {}
        for cls in self.classes:
            taken[cls.__qualname__] = taken.get(cls.__qualname__, 0) + 1
        names: dict[type, str] = {}
        for cls in self.classes:
            name = cls.__qualname__.replace(".", "")
            if taken[cls.__qualname__] > 1:
                module = cls.__module__.rsplit(".", 1)[-1]
                name = "".join(part.capitalize() for part in module.split("_")) + name
            names[cls] = name
        for root in ("Action", "Event"):
            if root in names.values():
                raise TypeError(f"a class of {self.game.name} is named {root}, the union's name")
        return names


# ------------------------------------------------------------------ JSON Schema


class _SchemaWriter:
    def __init__(self, shapes: _Shapes) -> None:
        self.shapes = shapes
        self.defs: dict[str, dict[str, object]] = {}

    def ref(self, cls: type) -> dict[str, object]:
        name = self.shapes.names[cls]
        if name not in self.defs:
            self.defs[name] = {}  # a placeholder: a class may hold itself
            self.defs[name] = self.object_schema(cls)
        return {"$ref": f"#/$defs/{name}"}

    def union_ref(self, name: str, members: Sequence[type]) -> dict[str, object]:
        if name not in self.defs:
            self.defs[name] = {"oneOf": [self.ref(member) for member in members]}
        return {"$ref": f"#/$defs/{name}"}

    def object_schema(self, cls: type) -> dict[str, object]:
        properties: dict[str, object] = {}
        required: list[str] = []
        wire = codec.wire_format(cls)
        if wire is not None:
            properties["kind"] = {"const": wire.tag}
            properties["format"] = _format_schema(wire)
            required.append("kind")
            # Nested, a tagged object without "format" is read at format 1.
            if wire.oldest > 1:
                required.append("format")
        for field in attrs.fields(cls):
            schema = dict(self.field_schema(field))
            doc = _field_doc(cls, field.name)
            if doc is not None:
                schema["description"] = doc
            properties[field.name] = schema
            if field.default is attrs.NOTHING:
                required.append(field.name)
        shape: dict[str, object] = {"type": "object"}
        doc = _class_doc(cls)
        if doc is not None:
            shape["description"] = doc
        shape.update(properties=properties, required=required, additionalProperties=False)
        return shape

    def field_schema(self, field: attrs.Attribute[Any]) -> Mapping[str, object]:
        if field.metadata.get("birdgames.hex"):
            return {
                "type": "string",
                "pattern": _HEX_PATTERN,
                "description": f"An integer of at most {SEED_BITS} bits as a hex string.",
            }
        return self.type_schema(field.type)

    def type_schema(self, t: Any) -> Mapping[str, object]:
        if t is int:
            return dict(_INTEGER)
        if t is bool:
            return {"type": "boolean"}
        if t is str:
            return {"type": "string", "maxLength": codec.MAX_STRING_LENGTH}
        if t is None or t is type(None):
            return {"type": "null"}
        if t is Rng:
            return {"type": "string", "pattern": _RNG_PATTERN}
        if isinstance(t, type) and issubclass(t, enum.Enum):
            return {"enum": [member.value for member in t]}
        if t is Tagged:  # a record's config
            return self.ref(self.shapes.game.config_type)
        if t is ActionLike:
            return self.union_ref("Action", self.shapes.actions)
        if attrs.has(t):
            return self.ref(t)
        if _is_union(t):
            members = get_args(t)
            classes = [m for m in members if attrs.has(m)]
            if len(classes) > 1:
                options: list[object] = [{"oneOf": [self.ref(m) for m in classes]}]
                options += [self.type_schema(m) for m in members if not attrs.has(m)]
            else:
                options = [self.type_schema(m) for m in members]
            return {"anyOf": options}
        if get_origin(t) is frozenset:
            (item,) = get_args(t)
            return {
                "type": "array",
                "items": self.type_schema(item),
                "uniqueItems": True,
                "maxItems": codec.MAX_ARRAY_LENGTH,
            }
        args = _tuple_args(t)
        if args is not None:
            if len(args) == 2 and args[1] is Ellipsis:
                return {
                    "type": "array",
                    "items": self.type_schema(args[0]),
                    "maxItems": codec.MAX_ARRAY_LENGTH,
                }
            fixed = [] if args == ((),) else [self.type_schema(a) for a in args]
            return {
                "type": "array",
                "prefixItems": fixed,
                "items": False,
                "minItems": len(fixed),
                "maxItems": len(fixed),
            }
        raise TypeError(f"no JSON Schema for the type {t!r}")


def _format_schema(wire: codec.WireFormat) -> dict[str, object]:
    if wire.oldest == wire.version:
        return {"const": wire.version}
    return {"type": "integer", "minimum": wire.oldest, "maximum": wire.version}


def _roots(shapes: _Shapes, kind: Kind) -> tuple[type, ...]:
    game = shapes.game
    if kind == "config":
        return (game.config_type,)
    if kind == "state":
        return (game.state_type,)
    if kind == "view":
        return (game.view_type,)
    if kind == "action":
        return shapes.actions
    if kind == "event":
        return shapes.events
    if kind == "record":
        return (shapes.record,)
    if kind == "live_record":
        return (shapes.live_record,)
    raise ValueError(f"unknown kind {kind!r}; the kinds are {', '.join(KINDS)}")


def _wire(cls: type) -> codec.WireFormat:
    wire = codec.wire_format(cls)
    if wire is None:
        raise TypeError(f"{cls.__qualname__} is no tagged document class")
    return wire


def json_schema(game: str | AnyGame, kind: Kind) -> dict[str, object]:
    """Returns the JSON Schema (draft 2020-12) of one kind of the game's documents.

    `game` is a registered game's name or a Game; `kind` one of `KINDS`.
    """
    engine = _game(game)
    shapes = _Shapes(engine)
    roots = _roots(shapes, kind)
    writer = _SchemaWriter(shapes)
    notes: list[str] = []
    body: dict[str, object]
    if len(roots) == 1:
        (root,) = roots
        body = {"$ref": writer.ref(root)["$ref"]}
        doc = _class_doc(root)
        if doc is not None:
            notes.append(doc)
    else:
        body = {"$ref": writer.union_ref(_ROOT_NAMES[kind], roots)["$ref"]}
        notes.append(f"Any {engine.name} {kind}, told apart by its `kind`.")
    if kind in ("record", "live_record"):
        defs = writer.defs[shapes.names[roots[0]]]
        properties = defs["properties"]
        assert isinstance(properties, dict)
        properties["game"] = {**properties["game"], "const": engine.name}
        notes.append(_RECORD_NOTE)
    if any(_wire(root).validated for root in roots):
        notes.append(VALIDATED)
    notes.append("A document carries its integer `format` first.")
    notes.append(CANNOT_STATE)
    versions = sorted({_wire(cls).version for cls in roots})
    return {
        "$schema": DIALECT,
        "$id": f"{ID_PREFIX}:{engine.name}:{kind}:format-{'+'.join(map(str, versions))}",
        "title": f"{engine.name} {kind.replace('_', ' ')}",
        "description": " ".join(notes),
        **body,
        "required": ["format"],
        "$defs": dict(sorted(writer.defs.items())),
    }


# ------------------------------------------------------------------ TypeScript

_IDENTIFIER: Final = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def _comment(text: str | None, indent: str) -> list[str]:
    if not text:
        return []
    words = " ".join(text.split()).replace("*/", "* /")
    return [f"{indent}/** {words} */"]


def _literal(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{text}"'


class _TypeScriptWriter:
    def __init__(self, shapes: _Shapes) -> None:
        self.shapes = shapes
        self.enums: dict[type[enum.Enum], str] = {}

    def type_text(self, t: Any, hex_field: bool = False) -> str:
        if hex_field:
            return "HexInteger"
        if t is int:
            return "number"
        if t is bool:
            return "boolean"
        if t is str:
            return "string"
        if t is None or t is type(None):
            return "null"
        if t is Rng:
            return "RngState"
        if isinstance(t, type) and issubclass(t, enum.Enum):
            return self.enum_name(t)
        if t is Tagged:
            return self.shapes.names[self.shapes.game.config_type]
        if t is ActionLike:
            return "Action"
        if attrs.has(t):
            return self.shapes.names[t]
        if _is_union(t):
            return " | ".join(self.type_text(m) for m in get_args(t))
        if get_origin(t) is frozenset:
            return f"ReadonlyArray<{self.type_text(get_args(t)[0])}>"
        args = _tuple_args(t)
        if args is not None:
            if len(args) == 2 and args[1] is Ellipsis:
                return f"ReadonlyArray<{self.type_text(args[0])}>"
            if args == ((),):
                return "readonly []"
            return "readonly [" + ", ".join(self.type_text(a) for a in args) + "]"
        raise TypeError(f"no TypeScript type for {t!r}")

    def enum_name(self, t: type[enum.Enum]) -> str:
        name = self.enums.get(t)
        if name is None:
            name = t.__qualname__.replace(".", "")
            taken = set(self.enums.values()) | set(self.shapes.names.values())
            if name in taken:
                module = t.__module__.rsplit(".", 1)[-1]
                name = "".join(part.capitalize() for part in module.split("_")) + name
            self.enums[t] = name
        return name

    def interface(self, cls: type) -> list[str]:
        name = self.shapes.names[cls]
        lines = _comment(_class_doc(cls), "")
        lines.append(f"export interface {name} {{")
        wire = codec.wire_format(cls)
        if wire is not None:
            lines.append(f"  readonly kind: {_literal(wire.tag)};")
            versions = range(wire.oldest, wire.version + 1)
            optional = "?" if wire.oldest == 1 else ""
            lines.append(f"  readonly format{optional}: {' | '.join(map(str, versions))};")
        for field in attrs.fields(cls):
            lines += _comment(_field_doc(cls, field.name), "  ")
            text = self.type_text(field.type, bool(field.metadata.get("birdgames.hex")))
            if cls in (self.shapes.record, self.shapes.live_record) and field.name == "game":
                text = _literal(self.shapes.game.name)
            optional = "" if field.default is attrs.NOTHING else "?"
            key = field.name if _IDENTIFIER.match(field.name) else _literal(field.name)
            lines.append(f"  readonly {key}{optional}: {text};")
        lines.append("}")
        return lines


def typescript(game: str | AnyGame) -> str:
    """Returns TypeScript declarations of every document of the game.

    Each class is an interface (its tag a literal `kind`); `Action` and `Event` are unions
    discriminated on `kind`; `Documents` maps each kind of `KINDS` to its type, and the
    documents read at the top level carry their `format` (`TopLevel<T>`).
    """
    engine = _game(game)
    shapes = _Shapes(engine)
    writer = _TypeScriptWriter(shapes)
    body: list[str] = []
    for cls in sorted(shapes.classes, key=lambda c: shapes.names[c]):
        body += ["", *writer.interface(cls)]
    enums: list[str] = []
    for t, name in sorted(writer.enums.items(), key=lambda item: item[1]):
        enums += [
            "",
            *_comment(_class_doc(t), ""),
            f"export type {name} = {' | '.join(_literal(m.value) for m in t)};",
        ]
    unions: list[str] = []
    for name, members in (("Action", shapes.actions), ("Event", shapes.events)):
        unions += [
            "",
            f"/** Any {engine.name} {name.lower()}, told apart by its `kind`. */",
            f"export type {name} =",
            *[f"  | {shapes.names[m]}" for m in members[:-1]],
            f"  | {shapes.names[members[-1]]};",
        ]
    roots = {kind: " | ".join(shapes.names[c] for c in _roots(shapes, kind)) for kind in KINDS}
    roots["action"], roots["event"] = "Action", "Event"
    head = [
        f"// TypeScript declarations of every {engine.name} document, generated by",
        "// birdgames.schema.typescript from the codec's registrations: do not edit by hand.",
        "",
        '/** An integer of at most 256 bits as a hex string, such as a seed: `"0x2a"`. */',
        "export type HexInteger = string;",
        "/** A random generator's state: 16 lowercase hex digits. */",
        "export type RngState = string;",
        "",
        "/** A document as written at the top level: with its integer `format` first. */",
        "export type TopLevel<T> = T & { readonly format: number };",
        "",
        "/** The type of each kind of document `birdgames.schema.KINDS` names. */",
        "export interface Documents {",
        *[f"  readonly {kind}: TopLevel<{text}>;" for kind, text in roots.items()],
        "}",
    ]
    return "\n".join([*head, *enums, *unions, *body]) + "\n"
