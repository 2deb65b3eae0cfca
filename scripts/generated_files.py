"""What the scripts that write generated files share: which files are out of date, and the
command line that writes them or, with `--check`, only reports them."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path


def out_of_date(files: Mapping[Path, str]) -> list[Path]:
    """Returns the paths whose text on disk differs from the text given for them."""
    return [
        path
        for path, text in files.items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]


def write_or_check(
    description: str | None,
    root: Path,
    generated: Callable[[], Mapping[Path, str]],
    argv: Sequence[str] | None = None,
    first: Callable[[], None] | None = None,
) -> int:
    """Writes `generated()`'s files (after running `first`, when given), or with --check
    writes nothing and returns 1 if one is out of date, naming each."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if stale")
    args = parser.parse_args(argv)
    if args.check:
        stale = out_of_date(generated())
        for path in stale:
            print(f"out of date: {path.relative_to(root)}")
        return 1 if stale else 0
    if first is not None:
        first()
    for path, text in generated().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(root)}")
    return 0
