"""Writes the JSON Schemas and TypeScript declarations of every engine's documents.

`python scripts/write_schemas.py` writes, from `birdgames.schema`:

- `src/birdgames/_field_docs.py`: the field docstrings the schemas describe fields with, read
  from the package's source here, so the package itself never reads a file;
- `docs/schema/<game>/<kind>.schema.json` and `docs/schema/<game>.d.ts`, downloadable from
  the docs' Schemas page;
- `examples/web/static/types/<game>.d.ts`, what the web example's JSDoc types refer to.

`--check` writes nothing and exits 1 when a committed file differs from what it would write
(tests/schema/test_generated.py runs the same comparison).
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.generated_files import out_of_date, write_or_check  # noqa: E402

PACKAGE = ROOT / "src" / "birdgames"
FIELD_DOCS = PACKAGE / "_field_docs.py"
DOCS = ROOT / "docs" / "schema"
WEB_TYPES = ROOT / "examples" / "web" / "static" / "types"


def field_docs() -> dict[str, str]:
    """Returns each class's docstring, keyed `module.Class`, and each class field's (the
    string right after its annotation), keyed `module.Class.field`, for every class of the
    package's source: the compiled build replaces some classes' docstrings at run time."""
    found: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == FIELD_DOCS:
            continue
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(node, ast.ClassDef):
                continue
            class_doc = ast.get_docstring(node)
            if class_doc:
                found[f"{module}.{node.name}"] = " ".join(class_doc.split())
            for field, doc in zip(node.body, node.body[1:], strict=False):
                if (
                    isinstance(field, ast.AnnAssign)
                    and isinstance(field.target, ast.Name)
                    and isinstance(doc, ast.Expr)
                    and isinstance(doc.value, ast.Constant)
                    and isinstance(doc.value.value, str)
                ):
                    text = " ".join(doc.value.value.split())
                    found[f"{module}.{node.name}.{field.target.id}"] = text
    return found


def field_docs_module() -> str:
    """Returns the text of `birdgames._field_docs`."""
    lines = [
        '"""Class and field docstrings by `module.Class` and `module.Class.field`: generated',
        "by scripts/write_schemas.py from the package's source, for birdgames.schema; do not",
        'edit by hand."""',
        "",
        "from typing import Final",
        "",
        "FIELD_DOCS: Final[dict[str, str]] = {",
        *[f"    {json.dumps(key)}: {json.dumps(text)}," for key, text in field_docs().items()],
        "}",
    ]
    return "\n".join(lines) + "\n"


def generated() -> dict[Path, str]:
    """Returns every file this script writes, by path, with its text."""
    files = {FIELD_DOCS: field_docs_module()}
    # Imported after the docs module's text is known: the schema module reads it.
    from birdgames import games, schema

    for name in games():
        for kind in schema.KINDS:
            text = json.dumps(schema.json_schema(name, kind), indent=2, ensure_ascii=False)
            files[DOCS / name / f"{kind}.schema.json"] = text + "\n"
        declarations = schema.typescript(name)
        files[DOCS / f"{name}.d.ts"] = declarations
        files[WEB_TYPES / f"{name}.d.ts"] = declarations
    return files


def stale() -> list[Path]:
    """Returns the files whose text on disk differs from what this script writes."""
    return out_of_date(generated())


def _write_field_docs() -> None:
    # The docs module first: the schemas' descriptions come from it.
    FIELD_DOCS.write_text(field_docs_module(), encoding="utf-8")


def main() -> int:
    """Writes the files, or with --check reports those out of date."""
    description = __doc__.splitlines()[0] if __doc__ else None
    return write_or_check(description, ROOT, generated, first=_write_field_docs)


if __name__ == "__main__":
    sys.exit(main())
