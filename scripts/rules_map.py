"""Builds the rules coverage map: every rule and DECISION, its code sites and its tests.

    python scripts/rules_map.py [--check]

Rules are declared in the rules pages (docs/rules/*.md): a heading that starts with an id
(`## R6 Predators`), a bold id (`**R6.4**`) or a numbered DECISION (`**DECISION RD12**`).
Code cites ids in comments and docstrings (`# R6.4`); a test proves ids with the `rule`
marker (`@rule("rookery", "R6.4")`, or a module's `pytestmark`). The script writes one
coverage page per game (docs/rules/<game>_coverage.md); `--check` writes nothing and exits 1
on any problem: a rule or DECISION without a test, an id cited that no page declares, or a
committed page that differs from what the script writes (tests/docs/test_rules_map.py runs
the same check).

A rule counts as tested when a test marks it or one of its sub-rules (`R6` by `R6.4`).
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
import unicodedata
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class GameRules:
    """Where one game's rules, code and tests live, and what its ids look like."""

    name: str
    title: str
    pages: tuple[str, ...]
    code: str
    tests: str
    # One alternative per id family; a DECISION's id is the family letter, `D` and a number.
    id_pattern: str


GAMES: dict[str, GameRules] = {
    game.name: game
    for game in (
        GameRules(
            "peacock",
            "Peacock",
            ("docs/rules/peacock.md",),
            "src/birdgames/peacock",
            "tests/peacock",
            r"KD\d+|K\d+(?:\.\d+)*",
        ),
        GameRules(
            "rookery",
            "Rookery",
            ("docs/rules/rookery.md",),
            "src/birdgames/rookery",
            "tests/rookery",
            r"RD\d+|R\d+(?:\.\d+)*",
        ),
        GameRules(
            "perch_bop",
            "Perch and Birds of Play",
            ("docs/rules/perch_bop.md", "docs/rules/perch_base.md"),
            "src/birdgames/perch_bop",
            "tests/perch_bop",
            r"PD\d+|P\d+(?:\.\d+)*|U\d+|§\d+(?:\.\d+)*",
        ),
    )
}

# Rules still waiting for a test: listed here, they do not fail the check. Empty is the goal.
WAITING: dict[str, frozenset[str]] = {name: frozenset() for name in GAMES}


def _ids(game: GameRules) -> re.Pattern[str]:
    # Not part of a longer word or number: `P5` but not `MP5` or `P5x`; `§4.1.` ends at `1`.
    return re.compile(rf"(?<![\w.§])(?:{game.id_pattern})(?![\w§]|\.\d)")


@dataclass(frozen=True)
class Rule:
    """One declared rule or DECISION."""

    id: str
    page: str
    line: int
    text: str
    decision: bool
    # The anchor of the section holding it on its page ("" at the top of the page).
    section: str = ""


@dataclass(frozen=True)
class Site:
    """A place that cites or proves ids: a code function, or a test."""

    path: str
    name: str
    line: int

    @property
    def label(self) -> str:
        return f"{self.path}::{self.name}" if self.name else self.path


@dataclass
class GameMap:
    """One game's map: rules in page order, and the sites citing each id."""

    game: GameRules
    rules: dict[str, Rule] = field(default_factory=dict)
    code: dict[str, list[Site]] = field(default_factory=lambda: defaultdict(list))
    tests: dict[str, list[Site]] = field(default_factory=lambda: defaultdict(list))
    problems: list[str] = field(default_factory=list)

    def tested(self, rule_id: str) -> bool:
        """Whether a test marks the rule or one of its sub-rules."""
        return any(
            sites and (cited == rule_id or cited.startswith(rule_id + "."))
            for cited, sites in self.tests.items()
        )


def _plain(text: str, rule_id: str) -> str:
    """A rule's declaring line as readable plain text for a table cell, without its id."""
    text = text.replace("**", "").replace("|", "/")
    text = re.sub(r"^\s*(?:#+|[-*]|\d+\.)\s+", "", text)
    text = re.sub(rf"^(?:DECISION\s+)?{re.escape(rule_id)}[:,]?\s*", "", text).strip(" /")
    return text if len(text) <= 110 else text[:107].rstrip() + "..."


def _block(lines: list[str], index: int) -> str:
    """The list item or paragraph holding a declaring line, as one line."""
    if lines[index].startswith("#"):
        return lines[index]

    def starts_item(line: str) -> bool:
        return not line.startswith(" ") or bool(re.match(r"\s*(?:[-*]|\d+\.)\s", line))

    first = index
    while first > 0 and not starts_item(lines[first]) and lines[first - 1].strip():
        first -= 1
    last = index + 1
    while last < len(lines) and lines[last].strip() and not starts_item(lines[last]):
        last += 1
    return " ".join(line.strip() for line in lines[first:last])


def _statement(block: str, rule_id: str, decision: bool) -> str:
    """What a rule says: from its id on; for a DECISION, the sentence holding its id."""
    marker = f"**DECISION {rule_id}**" if decision else f"**{rule_id}"
    start = block.find(marker)
    if start < 0:
        return block
    if not decision:
        return block[start:]
    sentences = re.split(r"(?<=[.!?])\s+(?=[A-Z*`(])", block)
    sentence = next(s for s in sentences if marker in s)
    return sentence


def _slug(heading: str, seen: dict[str, int]) -> str:
    """A heading's anchor as the docs' table of contents makes it (Python-Markdown's toc:
    ASCII letters, digits, `_` and `-`; a repeated heading gets `_1`, `_2`...)."""
    text = unicodedata.normalize("NFKD", heading).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    slug = re.sub(r"[-\s]+", "-", text)
    count = seen.get(slug, 0)
    seen[slug] = count + 1
    return f"{slug}_{count}" if count else slug


def parse_rules(game: GameRules, root: Path = ROOT) -> tuple[dict[str, Rule], list[str]]:
    """The rules declared in a game's pages, in page order, and any duplicate declaration."""
    ids = game.id_pattern
    heading = re.compile(rf"^#+\s+({ids})(?=\s)")
    bold = re.compile(rf"\*\*(?:DECISION\s+)?({ids})(?=[\s*,:])")
    rules: dict[str, Rule] = {}
    problems: list[str] = []
    for page in game.pages:
        lines = (root / page).read_text().splitlines()
        slugs: dict[str, int] = {}
        section = ""
        for number, line in enumerate(lines, start=1):
            if re.match(r"#{2,6}\s", line):
                section = _slug(line.lstrip("#").strip(), slugs)
            found = [m.group(1) for m in heading.finditer(line)]
            found += [m.group(1) for m in bold.finditer(line)]
            for rule_id in found:
                if rule_id in rules:
                    problems.append(f"{page}:{number}: {rule_id} is declared twice")
                    continue
                decision = rule_id[1:2] == "D" and rule_id[0] != "§"
                text = _statement(_block(lines, number - 1), rule_id, decision)
                rules[rule_id] = Rule(
                    rule_id, page, number, _plain(text, rule_id), decision, section
                )
    return rules, problems


def _functions(tree: ast.AST) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node


def _enclosing(tree: ast.Module) -> list[str]:
    """For each line of a module, the innermost function or class around it ('' outside)."""
    last = max((getattr(node, "end_lineno", 0) or 0 for node in ast.walk(tree)), default=0)
    names = [""] * (last + 2)
    spans = sorted(
        ((node.lineno, node.end_lineno or node.lineno, node.name) for node in _functions(tree)),
        key=lambda span: span[1] - span[0],
        reverse=True,
    )
    for start, end, name in spans:  # outermost first, so inner names overwrite
        for line in range(start, end + 1):
            names[line] = name
    return names


def _python_files(root: Path, folder: str) -> list[Path]:
    return sorted((root / folder).rglob("*.py"))


# Public docstrings cite a section by its heading: (rules: "A season (three in a game)").
SECTION_CITATION = re.compile(r'\(rules: ((?:"[^"]+"(?:, )?)+)\)')


def section_ids(game: GameRules, root: Path = ROOT) -> dict[str, str]:
    """Each heading that starts with an id, by the names a docstring may cite it by: whole,
    without the id, and without a trailing parenthesis."""
    heading = re.compile(rf"^#+\s+({game.id_pattern})\s+(.+)$")
    names: dict[str, str] = {}
    for page in game.pages:
        for line in (root / page).read_text().splitlines():
            if match := heading.match(line):
                rule_id, title = match.groups()
                for name in (f"{rule_id} {title}", title, re.sub(r" \([^()]*\)$", "", title)):
                    names.setdefault(name, rule_id)
    return names


def code_citations(game: GameRules, root: Path = ROOT) -> list[tuple[str, Site]]:
    """Every id a game's source cites, by id or by its section's heading, with the function
    it sits in."""
    pattern = _ids(game)
    sections = section_ids(game, root)
    found: list[tuple[str, Site]] = []
    for path in _python_files(root, game.code):
        source = path.read_text()
        names = _enclosing(ast.parse(source))
        relative = path.relative_to(root / "src" / "birdgames").as_posix()
        lines = source.splitlines()
        for number, line in enumerate(lines, start=1):
            site = Site(relative, names[number] if number < len(names) else "", number)
            found += [(match.group(0), site) for match in pattern.finditer(line)]
            # A citation may wrap onto the next line.
            joined = " ".join(part.strip() for part in lines[number - 1 : number + 1])
            for match in SECTION_CITATION.finditer(joined):
                if match.start() >= len(line.strip()):
                    continue
                for name in re.findall(r'"([^"]+)"', match[1]):
                    if name in sections and not pattern.fullmatch(name.split(" ")[0]):
                        found.append((sections[name], site))
    return found


def _rule_call(node: ast.expr) -> tuple[str, list[str]] | None:
    """`rule("game", "ID", ...)` as (game, ids); None for anything else."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
        return None
    if node.func.id != "rule":
        return None
    values = [arg.value for arg in node.args if isinstance(arg, ast.Constant)]
    if len(values) != len(node.args) or not values or not all(isinstance(v, str) for v in values):
        return None
    return str(values[0]), [str(v) for v in values[1:]]


def _module_marks(tree: ast.Module) -> list[tuple[str, list[str]]]:
    marks: list[tuple[str, list[str]]] = []
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "pytestmark"
            for target in statement.targets
        ):
            values = (
                statement.value.elts
                if isinstance(statement.value, ast.List | ast.Tuple)
                else [statement.value]
            )
            marks += [call for value in values if (call := _rule_call(value))]
    return marks


def _tests(tree: ast.Module) -> Iterator[tuple[str, int, list[tuple[str, list[str]]]]]:
    """Every test function (name, line, its own and its class's rule marks)."""
    for statement in tree.body:
        if isinstance(statement, ast.ClassDef) and statement.name.startswith("Test"):
            outer = [c for d in statement.decorator_list if (c := _rule_call(d))]
            for member in statement.body:
                if isinstance(member, ast.FunctionDef) and member.name.startswith("test"):
                    own = [c for d in member.decorator_list if (c := _rule_call(d))]
                    yield f"{statement.name}::{member.name}", member.lineno, outer + own
        elif isinstance(statement, ast.FunctionDef) and statement.name.startswith("test"):
            own = [c for d in statement.decorator_list if (c := _rule_call(d))]
            yield statement.name, statement.lineno, own


def test_marks(root: Path = ROOT) -> list[tuple[str, str, Site]]:
    """Every (game, id, test) the suite's `rule` marks declare."""
    found: list[tuple[str, str, Site]] = []
    for path in _python_files(root, "tests"):
        if not path.name.startswith("test_"):
            continue
        tree = ast.parse(path.read_text())
        module = _module_marks(tree)
        relative = path.relative_to(root).as_posix()
        for name, line, own in _tests(tree):
            for game, ids in module + own:
                found += [(game, rule_id, Site(relative, name, line)) for rule_id in ids]
    return found


def test_citations(game: GameRules, root: Path = ROOT) -> list[tuple[str, str, int]]:
    """Every id the game's test files cite in their text (docstrings, comments, marks)."""
    pattern = _ids(game)
    found: list[tuple[str, str, int]] = []
    for path in _python_files(root, game.tests):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            found += [
                (m.group(0), path.relative_to(root).as_posix(), number)
                for m in pattern.finditer(line)
            ]
    return found


def page_citations(game: GameRules, root: Path = ROOT) -> list[tuple[str, str, int]]:
    """Every id the game's rules pages cite (outside code spans: `P2` in a log line is text)."""
    pattern = _ids(game)
    found: list[tuple[str, str, int]] = []
    for page in game.pages:
        for number, line in enumerate((root / page).read_text().splitlines(), start=1):
            prose = re.sub(r"`[^`]*`", "", line)
            found += [(m.group(0), page, number) for m in pattern.finditer(prose)]
    return found


def build(root: Path = ROOT) -> dict[str, GameMap]:
    """Every game's map, with its problems."""
    maps: dict[str, GameMap] = {}
    marks = test_marks(root)
    for name, game in GAMES.items():
        rules, problems = parse_rules(game, root)
        game_map = GameMap(game, rules, problems=problems)
        for rule_id, site in code_citations(game, root):
            if rule_id in rules:
                game_map.code[rule_id].append(site)
            else:
                game_map.problems.append(
                    f"src/birdgames/{site.path}:{site.line}: cites {rule_id}, which no "
                    f"{name} rules page declares"
                )
        for rule_id, path, line in [*test_citations(game, root), *page_citations(game, root)]:
            if rule_id not in rules:
                game_map.problems.append(
                    f"{path}:{line}: cites {rule_id}, which no {name} rules page declares"
                )
        maps[name] = game_map
    for game_name, rule_id, site in marks:
        if game_name not in maps:
            known = ", ".join(GAMES)
            for game_map in maps.values():
                game_map.problems.append(
                    f"{site.label}: marks game {game_name!r}, not one of {known}"
                )
                break
            continue
        game_map = maps[game_name]
        if rule_id in game_map.rules:
            game_map.tests[rule_id].append(site)
        else:
            game_map.problems.append(
                f"{site.label}: marks {rule_id}, which no {game_name} rules page declares"
            )
    for name, game_map in maps.items():
        for rule_id, rule in game_map.rules.items():
            if not game_map.tested(rule_id) and rule_id not in WAITING[name]:
                kind = "DECISION" if rule.decision else "rule"
                game_map.problems.append(
                    f"{rule.page}:{rule.line}: {kind} {rule_id} has no test marked "
                    f'@rule("{name}", "{rule_id}")'
                )
        for rule_id in sorted(WAITING[name]):
            if rule_id not in game_map.rules:
                game_map.problems.append(f"WAITING lists {rule_id}, which {name} does not declare")
            elif game_map.tested(rule_id):
                game_map.problems.append(f"WAITING lists {rule_id}, which now has a test")
    return maps


def page_path(name: str, root: Path = ROOT) -> Path:
    return root / "docs" / "rules" / f"{name}_coverage.md"


def _labels(sites: list[Site], prefix: str) -> str:
    labels = sorted({site.label.removeprefix(prefix) for site in sites})
    return " · ".join(f"`{label}`" for label in labels)


def _anchor(rule_id: str) -> str:
    return "rule-" + rule_id.replace(".", "-").replace("§", "s")


def render(game_map: GameMap) -> str:
    """The coverage page of one game, as Markdown."""
    game = game_map.game
    rules = list(game_map.rules.values())
    decisions = sum(rule.decision for rule in rules)
    untested = [rule for rule in rules if not game_map.tested(rule.id)]
    pages = " and ".join(f"[{_title(page)}]({Path(page).name})" for page in game.pages)
    tests_prefix = game.tests + "/"
    lines = [
        f"# {game.title}: rules coverage",
        "",
        "<!-- written by scripts/rules_map.py: do not edit by hand -->",
        "",
        f"Every rule and DECISION of {pages}, the engine functions that cite it (in",
        f"`birdgames/{Path(game.code).name}`) and the tests that prove it (marked",
        f'`@rule("{game.name}", ...)`, in `{game.tests}` unless said). A rule counts as tested',
        "through its sub-rules too. The check (`tests/docs/test_rules_map.py`) fails when a rule",
        "has no test, when code or a test cites an id no rules page declares, or when this page",
        "is not what `scripts/rules_map.py` writes.",
        "",
        f"{len(rules) - decisions} rules and {decisions} DECISIONs: "
        f"{len(rules) - len(untested)} tested, {len(untested)} waiting for a test.",
        "",
    ]
    if untested:
        waiting = ", ".join(f"[{r.id}](#{_anchor(r.id)})" for r in untested)
        lines += ["!!! warning", f"    Waiting for a test: {waiting}", ""]
    lines += ["| id | rule | code | tests |", "| --- | --- | --- | --- |"]
    for rule in rules:
        tests = {site.label for site in game_map.tests.get(rule.id, [])}
        code = {site.label for site in game_map.code.get(rule.id, [])}
        count = str(len(tests)) if tests else "(sub-rules)"
        if not game_map.tested(rule.id):
            count = "**none**"
        link = f"[{rule.id}](#{_anchor(rule.id)})"
        lines.append(f"| {link} | {rule.text} | {len(code) or '-'} | {count} |")
    lines += ["", "## Rule by rule", ""]
    for rule in rules:
        page = Path(rule.page).name
        lines += [
            f'<a id="{_anchor(rule.id)}"></a>**{rule.id}** {rule.text}'
            f" ([{_title(rule.page)}]({page}{'#' + rule.section if rule.section else ''}))",
            "",
        ]
        code_sites = game_map.code.get(rule.id, [])
        test_sites = game_map.tests.get(rule.id, [])
        if code_sites:
            lines.append(f"- code: {_labels(code_sites, '')}")
        if test_sites:
            lines.append(f"- tests: {_labels(test_sites, tests_prefix)}")
        elif game_map.tested(rule.id):
            lines.append("- tests: through its sub-rules")
        else:
            lines.append("- tests: **none**")
        lines.append("")
    by_file: dict[str, set[str]] = defaultdict(set)
    for sites_by_id in (game_map.code, game_map.tests):
        for rule_id, sites in sites_by_id.items():
            for site in sites:
                by_file[site.path].add(rule_id)
    order = {rule_id: index for index, rule_id in enumerate(game_map.rules)}
    lines += ["## The other way: each file and the rules it cites", ""]
    lines += ["| file | rules |", "| --- | --- |"]
    for path in sorted(by_file, key=lambda path: (path.startswith("tests/"), path)):
        cited = sorted(by_file[path], key=order.__getitem__)
        links = ", ".join(f"[{rule_id}](#{_anchor(rule_id)})" for rule_id in cited)
        lines.append(f"| `{path}` | {links} |")
    return "\n".join(lines) + "\n"


def _title(page: str) -> str:
    """A rules page's title: its first heading."""
    first = (ROOT / page).read_text().splitlines()[0]
    return first.removeprefix("# ").strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 on problems")
    args = parser.parse_args(argv)
    maps = build()
    problems = [problem for game_map in maps.values() for problem in game_map.problems]
    for name, game_map in maps.items():
        path = page_path(name)
        text = render(game_map)
        if args.check:
            if not path.exists() or path.read_text() != text:
                problems.append(f"{path.relative_to(ROOT)} is stale: run scripts/rules_map.py")
        else:
            path.write_text(text)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
