"""Writes the layout tables of docs/research.md from the encodings' own layout data.

    python scripts/research_tables.py [--check]

Each section between a `<!-- layout: KIND GAME PLAYERS -->` marker and the next
`<!-- end of the layout -->` is this script's output for that kind (actions, observation,
summary or entities), game and player count with the default config, never edited by hand;
`--check`
exits 1 when the page differs (a test runs the same comparison).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from birdgames import get_game
from birdgames.encoding import (
    Field,
    action_fields,
    get_encoding,
    observation_fields,
    summary_fields,
)

PAGE = Path(__file__).resolve().parents[1] / "docs" / "research.md"
BEGIN = re.compile(r"<!-- layout: (actions|observation|summary|entities) (\w+) (\d+) -->")
END = "<!-- end of the layout -->"
HEADERS = {
    "actions": ("block", "first index", "size", "fields (domain sizes)"),
    "observation": ("block", "first index", "size", "meaning"),
    "summary": ("block", "first index (after the observation)", "size", "meaning"),
    "entities": ("table (rows): what a row is", "column", "values", "meaning"),
}


def fields(kind: str, game: str, players: int) -> tuple[Field, ...]:
    """Returns the layout of that kind of `game`'s default config at `players` players."""
    config = get_game(game).default_config(players)
    match kind:
        case "actions":
            return action_fields(game, config)
        case "observation":
            return observation_fields(game, config)
        case _:
            return summary_fields(game, config)


def entity_rows(game: str, players: int) -> list[str]:
    """Returns one markdown row per column of `game`'s entity tables, the table named on its
    first column's row."""
    layout = get_encoding(game).entity_layout(get_game(game).default_config(players))
    lines = []
    for table in layout.tables:
        for k, column in enumerate(table.columns):
            named = f"{table.name} ({table.rows}): {table.meaning}" if k == 0 else ""
            values = f"0-{column.vocabulary - 1}"
            lines.append(f"| {named} | {column.name} | {values} | {column.meaning} |")
    return lines


def table(kind: str, game: str, players: int) -> str:
    """Returns the markdown table of one layout."""
    header = HEADERS[kind]
    lines = [
        "| " + " | ".join(header) + " |",
        "| " + " | ".join("---" for _ in header) + " |",
    ]
    if kind == "entities":
        return "\n".join(lines + entity_rows(game, players))
    for field in fields(kind, game, players):
        lines.append(f"| {field.name} | {field.offset} | {field.size} | {field.meaning} |")
    return "\n".join(lines)


def page_with_tables(page: str) -> str:
    """Returns `page` with every marked section rewritten from the layouts."""
    out = []
    position = 0
    for begin in BEGIN.finditer(page):
        end = page.index(END, begin.end())
        kind, game, players = begin.group(1), begin.group(2), int(begin.group(3))
        out.append(page[position : begin.end()])
        out.append("\n" + table(kind, game, players) + "\n")
        position = end
    out.append(page[position:])
    return "".join(out)


def main() -> int:
    """Rewrites the page, or with --check reports whether it is up to date."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="exit 1 if the page is stale")
    check = parser.parse_args().check
    page = PAGE.read_text(encoding="utf-8")
    fresh = page_with_tables(page)
    if check:
        if fresh != page:
            print(f"{PAGE} is stale: run python scripts/research_tables.py")
            return 1
        return 0
    PAGE.write_text(fresh, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
