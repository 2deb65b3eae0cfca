"""Writes each engine's `thawed.py`: the mutable mirrors its working copy edits, generated
from the State's fields.

`python scripts/write_thawed.py` writes, per engine in SPECS, from its State class and the
classes of the parts it thaws:

- a class per thawed part (`WLoc` for a Location...): the part's fields, each tuple as a
  list, built from the frozen part and frozen again by `freeze`;
- `Held`, the base of the engine's `Work`: every State field the working copy keeps as it
  is, typed as State declares it (a field edited in place as a list until the next freeze
  where the spec says so, with its `edit_<field>`), and `state(...)`, the State of those and
  the parts the working copy thawed;
- a function per copy the rules build without the working copy (`with_turn`...): the State
  with some fields replaced, the rest as they were.

So a field added to a State or a part is carried through every step, read and built field
by field (plain code the compiled build compiles to direct reads and stores). `--check`
writes nothing and exits 1 when a committed file differs from what it would write
(tests/core/test_thawed.py runs the same comparison).
"""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

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
    ),
)


def _path(spec: Spec) -> Path:
    return PACKAGE / spec.game / "thawed.py"


def _fields(cls: type) -> list[tuple[str, str]]:
    """Returns the class's fields as (name, annotation as written)."""
    # As written in the class (postponed annotations), not the field's type, which a
    # converter may have resolved in this process.
    written = cls.__annotations__
    return [(field.name, written[field.name]) for field in attrs.fields(cls)]


def _listed(kind: str, where: str) -> str:
    match = _TUPLE_OF.match(kind)
    if match is None:
        raise ValueError(f"{where}: {kind} is not a tuple[X, ...] to edit as a list")
    return f"list[{match.group(1)}]"


def _imports(module: Any, annotations: Iterable[str], classes: Iterable[str]) -> list[str]:
    """Returns the import lines of the names the generated code uses, from their modules."""
    by_module: dict[str, set[str]] = {}
    names = set(classes)
    for kind in annotations:
        names.update(_NAME.findall(kind))
    for name in sorted(names - _BUILTIN_NAMES):
        value = vars(module)[name]
        by_module.setdefault(value.__module__, set()).add(name)
    lines = []
    for source in sorted(by_module):
        listed = ", ".join(sorted(by_module[source]))
        lines.append(f"from {source} import {listed}")
    return lines


def _mirror(cls: type, part: Part) -> list[str]:
    fields = _fields(cls)
    unknown = set(part.lists) - {name for name, _ in fields}
    if unknown:
        raise ValueError(f"{cls.__name__} has no fields {sorted(unknown)}")
    typed = [
        (name, _listed(kind, f"{cls.__name__}.{name}") if name in part.lists else kind)
        for name, kind in fields
    ]
    slots = ", ".join(f'"{name}"' for name in sorted(n for n, _ in fields))
    lines = [
        f"class {part.mirror}:",
        f'    """A {cls.__name__} to edit{_lists_said(part.lists)}."""',
        "",
        f"    __slots__ = ({slots},)",
        "",
        *(f"    {name}: {kind}" for name, kind in typed),
        "",
        f"    def __init__(self, part: {cls.__name__}) -> None:",
        *(
            f"        self.{name} = list(part.{name})"
            if name in part.lists
            else f"        self.{name} = part.{name}"
            for name, _ in fields
        ),
        "",
        f"    def freeze(self) -> {cls.__name__}:",
        f'        """Returns the {cls.__name__} this one holds now."""',
        f"        return {cls.__name__}(",
        *(
            f"            tuple(self.{name}),"
            if name in part.lists
            else f"            self.{name},"
            for name, _ in fields
        ),
        "        )",
    ]
    return lines


def _lists_said(lists: tuple[str, ...]) -> str:
    if not lists:
        return ""
    return ": " + ", ".join(lists) + (" as lists" if len(lists) > 1 else " as a list")


def _held(state: type, spec: Spec) -> list[str]:
    fields = _fields(state)
    names = [name for name, _ in fields]
    for name in (*spec.thawed, *spec.edited):
        if name not in names:
            raise ValueError(f"State has no field {name}")
    held = [(name, kind) for name, kind in fields if name not in spec.thawed]
    rebuilt = [(name, kind) for name, kind in fields if name in spec.thawed or name in spec.edited]
    slots = ", ".join(f'"{name}"' for name in sorted(n for n, _ in held))
    lines = [
        "class Held:",
        '    """The State fields a working copy keeps as they are: every one but',
        f"    {', '.join(spec.thawed)}. {', '.join(spec.edited)}",
        '    stay the State\'s tuples until an edit makes a list of one (`edit_<field>`)."""',
        "",
        f"    __slots__ = ({slots},)",
        "",
    ]
    for name, kind in held:
        wider = f" | {_listed(kind, f'State.{name}')}" if name in spec.edited else ""
        lines.append(f"    {name}: {kind}{wider}")
    lines += [
        "",
        "    def __init__(self, state: State) -> None:",
        *(f"        self.{name} = state.{name}" for name, _ in held),
    ]
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
    parameters = ", ".join(f"{name}: {kind}" for name, kind in rebuilt if name in spec.thawed)
    lines += [
        "",
        f"    def state(self, {parameters}) -> State:",
        '        """Returns the State of the held fields and these."""',
        "        return State(",
    ]
    for name, _ in fields:
        if name in spec.thawed:
            lines.append(f"            {name},")
        elif name in spec.edited:
            lines.append(f"            tuple(self.{name}),")
        else:
            lines.append(f"            self.{name},")
    lines.append("        )")
    return lines


def _copy(state: type, name: str, replaced: tuple[str, ...]) -> list[str]:
    fields = _fields(state)
    kinds = dict(fields)
    for field in replaced:
        if field not in kinds:
            raise ValueError(f"{name}: State has no field {field}")
    parameters = ", ".join(f"{field}: {kinds[field]}" for field in replaced)
    return [
        f"def {name}(before: State, {parameters}) -> State:",
        f'    """Returns `before` with another {", ".join(replaced)}, the rest as it was."""',
        "    return State(",
        *(
            f"        {field}," if field in replaced else f"        before.{field},"
            for field, _ in fields
        ),
        "    )",
    ]


def thawed_module(spec: Spec) -> str:
    """Returns the text of one engine's thawed.py."""
    module = importlib.import_module(f"birdgames.{spec.game}.state")
    state = module.State
    classes = [part.cls for part in spec.parts]
    annotations = [kind for _, kind in _fields(state)]
    for part in spec.parts:
        annotations += [kind for _, kind in _fields(vars(module)[part.cls])]
    blocks = [_mirror(vars(module)[part.cls], part) for part in spec.parts]
    blocks.append(_held(state, spec))
    blocks += [_copy(state, name, replaced) for name, replaced in spec.copies.items()]
    header = [
        '"""The mutable mirrors the working copy (work.py) edits, and copies of a State with',
        "some fields replaced: generated by scripts/write_thawed.py from the State's fields and",
        "its parts' (tests/core/test_thawed.py fails when this file is out of date). Do not edit.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        *_imports(module, annotations, [*classes, "State"]),
    ]
    text = "\n".join(header)
    for block in blocks:
        text += "\n\n\n" + "\n".join(block)
    return _formatted(text + "\n", _path(spec))


def _formatted(text: str, path: Path) -> str:
    """Returns `text` as `ruff format` writes it (the project's style, line length included)."""
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--stdin-filename", str(path), "-"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return done.stdout


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
