"""Writes each engine's `thawed.py`: the mutable mirrors its working copy edits, generated
from the State's fields.

`python scripts/write_thawed.py` writes, per engine in SPECS, from its State class and the
classes of the parts it thaws:

- a class per thawed part (`WLoc` for a Location...): the part's fields, each tuple as a
  list, built from the frozen part and frozen again by `freeze`;
- `Held`, the base of the engine's `Work`: every State field the working copy keeps as it
  is, typed as State declares it (a field edited in place as a list until the next freeze
  where the spec says so, with its `edit_<field>`), the fields of the parts it holds field
  by field (the flow: `freeze_<part>` builds the part again), and `state(...)`, the State
  of those and the parts the working copy thawed;
- a function per copy the rules build without the working copy (`with_turn`...): the State
  with some fields replaced, the rest as they were.

So a field added to a State or a part is carried through every step, read and built field
by field (plain code the compiled build compiles to direct reads and stores). `--check`
writes nothing and exits 1 when a committed file differs from what it would write
(tests/core/test_thawed.py runs the same comparison).
"""

from __future__ import annotations

import ast
import re
import sys
import textwrap
from collections.abc import Iterable
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.generated_files import out_of_date, write_or_check  # noqa: E402

PACKAGE = ROOT / "src" / "birdgames"

_NAME = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
_TUPLE_OF = re.compile(r"^tuple\[(.+), \.\.\.\]$")
_BUILTIN_NAMES = frozenset({"tuple", "list", "int", "str", "bool", "None", "float"})


@attrs.frozen
class Part:
    """A frozen class the working copy thaws: its mirror's name and the fields it lists."""

    cls: str
    mirror: str
    lists: tuple[str, ...] = ()


@attrs.frozen
class Spec:
    """What one engine's thawed.py holds."""

    game: str
    thawed: tuple[str, ...]
    """The State fields the working copy holds in working parts (not in `Held`)."""
    edited: tuple[str, ...]
    """Held State fields (tuples) edited in place as lists until the next freeze."""
    copies: dict[str, tuple[str, ...]]
    """Copy functions by name: the State fields each replaces."""
    parts: tuple[Part, ...]
    flattened: dict[str, str] = attrs.field(factory=dict)
    """Thawed State fields held field by field in `Held`, with their classes."""


SPECS: tuple[Spec, ...] = (
    Spec(
        game="perch_bop",
        thawed=("flow", "locations", "seats", "creatures"),
        edited=("supply", "bag", "fountain", "plaza"),
        copies={
            "with_turn": ("flow", "locations", "seats", "tick", "feeders"),
            "with_ponds": ("ponds",),
        },
        parts=(
            Part("Location", "WLoc", ("birds", "nested", "housed")),
            Part("Seat", "WSeat", ("hand",)),
            Part("Creature", "WCreature"),
        ),
        flattened={"flow": "Flow"},
    ),
)


def _path(spec: Spec) -> Path:
    return PACKAGE / spec.game / "thawed.py"


@attrs.frozen
class Source:
    """A state module read from its file: its classes' fields as written, and where each
    name it uses comes from."""

    module: str
    classes: dict[str, list[tuple[str, str]]]
    origins: dict[str, str]


def _is_class_var(annotation: ast.expr) -> bool:
    target = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    return ast.unparse(target) in ("ClassVar", "typing.ClassVar")


def read_source(game: str) -> Source:
    """Reads `birdgames.<game>.state` from its file, not by importing it: the field list and
    annotations as written, whichever build is installed."""
    module = f"birdgames.{game}.state"
    tree = ast.parse((PACKAGE / game / "state.py").read_text(encoding="utf-8"))
    classes: dict[str, list[tuple[str, str]]] = {}
    origins: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            for alias in node.names:
                origins[alias.asname or alias.name] = node.module
        elif isinstance(node, ast.ClassDef):
            origins[node.name] = module
            classes[node.name] = [
                (statement.target.id, ast.unparse(statement.annotation))
                for statement in node.body
                if isinstance(statement, ast.AnnAssign)
                and isinstance(statement.target, ast.Name)
                and not _is_class_var(statement.annotation)
            ]
    return Source(module, classes, origins)


def _listed(kind: str, where: str) -> str:
    match = _TUPLE_OF.match(kind)
    if match is None:
        raise ValueError(f"{where}: {kind} is not a tuple[X, ...] to edit as a list")
    return f"list[{match.group(1)}]"


def _imports(source: Source, annotations: Iterable[str], names: Iterable[str]) -> list[str]:
    """Returns the import lines of the names the generated code uses, from their modules."""
    used = set(names)
    for kind in annotations:
        used.update(_NAME.findall(kind))
    by_module: dict[str, list[str]] = {}
    for name in sorted(used - _BUILTIN_NAMES):
        by_module.setdefault(source.origins[name], []).append(name)
    lines = []
    for module in sorted(by_module):
        listed = by_module[module]
        if len(listed) == 1:
            lines.append(f"from {module} import {listed[0]}")
        else:
            lines += [f"from {module} import (", *(f"    {n}," for n in listed), ")"]
    return lines


def _slots(names: Iterable[str]) -> list[str]:
    return ["    __slots__ = (", *(f'        "{n}",' for n in sorted(names)), "    )"]


def _signature(indent: str, name: str, parameters: list[str], returns: str) -> list[str]:
    """A def line split one parameter a line, with a trailing comma: what ruff keeps."""
    return [
        f"{indent}def {name}(",
        *(f"{indent}    {parameter}," for parameter in parameters),
        f"{indent}) -> {returns}:",
    ]


def _call(indent: str, name: str, arguments: list[str]) -> list[str]:
    return [f"{indent}return {name}(", *(f"{indent}    {a}," for a in arguments), f"{indent})"]


def _docstring(indent: str, text: str) -> list[str]:
    """A docstring wrapped to the project's line length."""
    width = 100 - len(indent) - 3
    lines = textwrap.wrap(text, width)
    if len(lines) == 1 and len(lines[0]) + 6 <= width + 3:
        return [f'{indent}"""{lines[0]}"""']
    lines[0] = '"""' + lines[0]
    lines[-1] += '"""'
    return [f"{indent}{line}" for line in lines]


def _mirror(source: Source, part: Part) -> list[str]:
    cls = part.cls
    fields = source.classes[cls]
    unknown = set(part.lists) - {name for name, _ in fields}
    if unknown:
        raise ValueError(f"{cls} has no fields {sorted(unknown)}")
    typed = [
        (name, _listed(kind, f"{cls}.{name}") if name in part.lists else kind)
        for name, kind in fields
    ]
    return [
        f"class {part.mirror}:",
        *_docstring("    ", f"A {cls} to edit{_lists_said(part.lists)}."),
        "",
        *_slots(name for name, _ in fields),
        "",
        *(f"    {name}: {kind}" for name, kind in typed),
        "",
        f"    def __init__(self, part: {cls}) -> None:",
        *(
            f"        self.{name} = list(part.{name})"
            if name in part.lists
            else f"        self.{name} = part.{name}"
            for name, _ in fields
        ),
        "",
        f"    def freeze(self) -> {cls}:",
        f'        """Returns the {cls} this one holds now."""',
        *_call(
            "        ",
            cls,
            [f"tuple(self.{n})" if n in part.lists else f"self.{n}" for n, _ in fields],
        ),
    ]


def _lists_said(lists: tuple[str, ...]) -> str:
    if not lists:
        return ""
    return ": " + ", ".join(lists) + (" as lists" if len(lists) > 1 else " as a list")


def _flat_fields(source: Source, spec: Spec) -> list[tuple[str, str, str]]:
    """Returns (State field, name, annotation) of every field held flat, part by part."""
    state_names = {name for name, _ in source.classes["State"]}
    found = []
    for field, cls in spec.flattened.items():
        if field not in spec.thawed:
            raise ValueError(f"{field} is held flat, so it must be among the thawed fields")
        for name, kind in source.classes[cls]:
            if name in state_names:
                raise ValueError(f"{cls}.{name} would hide State.{name} once held flat")
            found.append((field, name, kind))
    return found


def _held(source: Source, spec: Spec) -> list[str]:
    fields = source.classes["State"]
    names = [name for name, _ in fields]
    for name in (*spec.thawed, *spec.edited):
        if name not in names:
            raise ValueError(f"State has no field {name}")
    held = [(name, kind) for name, kind in fields if name not in spec.thawed]
    flat = _flat_fields(source, spec)
    thawed = [name for name in spec.thawed if name not in spec.flattened]
    flat_said = "".join(
        f", and the {field}, whose fields it holds one by one" for field in spec.flattened
    )
    said = (
        "The State fields a working copy keeps as they are: every one but "
        f"{', '.join(thawed)}, which it thaws{flat_said}. {', '.join(spec.edited)} stay the "
        "State's tuples until an edit makes a list of one (`edit_<field>`)."
    )
    slots = [n for n, _ in held] + [n for _, n, _ in flat]
    lines = ["class Held:", *_docstring("    ", said), "", *_slots(slots), ""]
    for name, kind in held:
        wider = f" | {_listed(kind, f'State.{name}')}" if name in spec.edited else ""
        lines.append(f"    {name}: {kind}{wider}")
    lines += [f"    {name}: {kind}" for _, name, kind in flat]
    lines += [
        "",
        "    def __init__(self, state: State) -> None:",
        *(f"        self.{name} = state.{name}" for name, _ in held),
    ]
    for field in spec.flattened:
        lines.append(f"        {field} = state.{field}")
        lines += [f"        self.{name} = {field}.{name}" for f, name, _ in flat if f == field]
    for name, kind in held:
        if name not in spec.edited:
            continue
        listed = _listed(kind, f"State.{name}")
        lines += [
            "",
            f"    def edit_{name}(self) -> {listed}:",
            f'        """Returns the {name} as a list to edit, until the next freeze."""',
            f"        if isinstance(self.{name}, tuple):",
            f"            self.{name} = list(self.{name})",
            f"        return self.{name}",
        ]
    for field, cls in spec.flattened.items():
        lines += [
            "",
            f"    def freeze_{field}(self) -> {cls}:",
            f'        """Returns the {cls} the held fields make now."""',
            *_call("        ", cls, [f"self.{name}" for f, name, _ in flat if f == field]),
        ]
    parameters = ["self", *(f"{n}: {k}" for n, k in fields if n in thawed)]
    arguments = [
        f"self.freeze_{n}()"
        if n in spec.flattened
        else n
        if n in spec.thawed
        else f"tuple(self.{n})"
        if n in spec.edited
        else f"self.{n}"
        for n, _ in fields
    ]
    return [
        *lines,
        "",
        *_signature("    ", "state", parameters, "State"),
        '        """Returns the State of the held fields and these."""',
        *_call("        ", "State", arguments),
    ]


def _copy(source: Source, name: str, replaced: tuple[str, ...]) -> list[str]:
    fields = source.classes["State"]
    kinds = dict(fields)
    for field in replaced:
        if field not in kinds:
            raise ValueError(f"{name}: State has no field {field}")
    parameters = ["before: State", *(f"{field}: {kinds[field]}" for field in replaced)]
    said = f"Returns `before` with another {', '.join(replaced)}, the rest as it was."
    return [
        *_signature("", name, parameters, "State"),
        *_docstring("    ", said),
        *_call("    ", "State", [f if f in replaced else f"before.{f}" for f, _ in fields]),
    ]


def thawed_module(spec: Spec, source: Source | None = None) -> str:
    """Returns the text of one engine's thawed.py (from its state module's file, or from
    `source` as read from it)."""
    source = source or read_source(spec.game)
    annotations = [kind for _, kind in source.classes["State"]]
    for cls in [part.cls for part in spec.parts] + list(spec.flattened.values()):
        annotations += [kind for _, kind in source.classes[cls]]
    blocks = [_mirror(source, part) for part in spec.parts]
    blocks.append(_held(source, spec))
    blocks += [_copy(source, name, replaced) for name, replaced in spec.copies.items()]
    header = [
        '"""The mutable mirrors the working copy (work.py) edits, and copies of a State with',
        "some fields replaced: generated by scripts/write_thawed.py from the State's fields and",
        "its parts' (tests/core/test_thawed.py fails when this file is out of date). Do not edit.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        *_imports(
            source, annotations, [*(p.cls for p in spec.parts), *spec.flattened.values(), "State"]
        ),
    ]
    text = "\n".join(header)
    for block in blocks:
        text += "\n\n\n" + "\n".join(block)
    return text + "\n"


def generated() -> dict[Path, str]:
    """Returns every file this script writes, by path, with its text."""
    return {_path(spec): thawed_module(spec) for spec in SPECS}


def stale() -> list[Path]:
    """Returns the files whose text on disk differs from what this script writes."""
    return out_of_date(generated())


def main() -> int:
    """Writes the files, or with --check reports those out of date."""
    description = __doc__.splitlines()[0] if __doc__ else None
    return write_or_check(description, ROOT, generated)


if __name__ == "__main__":
    sys.exit(main())
