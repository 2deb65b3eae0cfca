"""The API reference documents every field of every public class.

mkdocstrings shows an attribute's docstring (a string literal right after the field), never a
`#` comment, so a public field without one appears in the reference with no meaning.
"""

import ast
import importlib
import inspect
import re
import textwrap
from pathlib import Path
from types import ModuleType

import pytest

# The modules whose public names the API reference (docs/api.md) renders.
PUBLIC_MODULES = (
    "birdgames",
    "birdgames.rng",
    "birdgames.codec",
    "birdgames.encoding",
    "birdgames.sim",
    "birdgames.bots",
    "birdgames.perch_bop",
    "birdgames.peacock",
    "birdgames.rookery",
)


def public_names(module: ModuleType) -> list[str]:
    names: list[str] | None = getattr(module, "__all__", None)
    if names is None:
        names = [name for name in vars(module) if not name.startswith("_")]
    return names


def public_classes() -> dict[str, type]:
    found: dict[str, type] = {}
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in public_names(module):
            value = getattr(module, name)
            if inspect.isclass(value) and value.__module__.startswith("birdgames"):
                found.setdefault(f"{value.__module__}.{value.__qualname__}", value)
    return found


def class_node(cls: type) -> ast.ClassDef:
    """The class's definition in its source."""
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except OSError:  # compiled: the module's source sits beside its extension module
        module = importlib.import_module(cls.__module__)
        path = Path(module.__file__ or "")
        tree = ast.parse(path.with_name(path.name.split(".")[0] + ".py").read_text())
        return next(
            s for s in tree.body if isinstance(s, ast.ClassDef) and s.name == cls.__qualname__
        )
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.ClassDef), cls
    return node


def undocumented_fields(cls: type) -> list[str]:
    """Names of the annotated fields in `cls`'s own body with no docstring after them.

    Class variables (a wire tag's `kind`) are constants, not fields, and stay out.
    """
    body = class_node(cls).body
    missing = []
    for index, statement in enumerate(body):
        if not isinstance(statement, ast.AnnAssign) or not isinstance(statement.target, ast.Name):
            continue
        name = statement.target.id
        if name.startswith("_") or "ClassVar" in ast.unparse(statement.annotation):
            continue
        following = body[index + 1] if index + 1 < len(body) else None
        documented = (
            isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
            and following.value.value.strip() != ""
        )
        if not documented:
            missing.append(name)
    return missing


def class_docstrings(cls: type) -> list[str]:
    """The class docstring and every docstring in its own body (fields' included)."""
    return [
        statement.value.value
        for statement in class_node(cls).body
        if isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    ]


RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"
CITATION = re.compile(r'\(rules: ((?:"[^"]+"(?:, )?)+)\)')
BARE_CODE = re.compile(r"§\d|\b[RKPU]\d+(?:\.\d+)?\b")


def rule_sections(game: str) -> set[str]:
    """The headings of docs/rules/<game>.md, also without a trailing parenthesis of codes or
    a leading rule id (`## K2 A season` is cited as "A season")."""
    sections = set()
    for line in (RULES / f"{game}.md").read_text().splitlines():
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
            sections.add(heading)
            sections.add(re.sub(r" \([^()]*\)$", "", heading))
            sections.add(re.sub(r"^K\d+ ", "", heading))
    return sections


def citations(text: str) -> tuple[list[str], str]:
    """The sections `text` cites, and `text` without its citations."""
    flat = " ".join(text.split())
    cited = [
        name for match in CITATION.finditer(flat) for name in re.findall(r'"([^"]+)"', match[1])
    ]
    return cited, CITATION.sub("", flat)


CLASSES = public_classes()
GAME_CLASSES = {
    name: cls
    for name, cls in CLASSES.items()
    if name.split(".")[1] in ("perch_bop", "peacock", "rookery")
}


def test_the_reference_covers_the_classes_of_every_game() -> None:
    games = {name.split(".")[1] for name in CLASSES}
    assert {"perch_bop", "peacock", "rookery", "sim", "bots", "core"} <= games
    assert len(CLASSES) > 100


@pytest.mark.parametrize("qualified_name", sorted(CLASSES))
def test_every_public_class_has_a_docstring(qualified_name: str) -> None:
    cls = CLASSES[qualified_name]
    assert "__doc__" in vars(cls) and (cls.__doc__ or "").strip(), qualified_name


@pytest.mark.parametrize("qualified_name", sorted(CLASSES))
def test_every_public_field_has_a_docstring(qualified_name: str) -> None:
    assert undocumented_fields(CLASSES[qualified_name]) == []


def test_a_commented_field_counts_as_undocumented() -> None:
    class Commented:
        """A class whose field meaning sits in a comment."""

        seat: int  # the seat viewed
        score: int
        """The seat's score."""

    assert undocumented_fields(Commented) == ["seat"]


@pytest.mark.parametrize("qualified_name", sorted(GAME_CLASSES))
def test_docstrings_cite_rules_by_their_section(qualified_name: str) -> None:
    game = qualified_name.split(".")[1]
    sections = rule_sections(game)
    for text in class_docstrings(GAME_CLASSES[qualified_name]):
        cited, rest = citations(text)
        assert [name for name in cited if name not in sections] == [], text
        assert BARE_CODE.findall(rest) == [], text


def test_a_bare_rule_code_or_an_unknown_section_is_caught() -> None:
    cited, rest = citations('Taps a bird (rules: "R3 Birds", "No such section"); see R6.4.')
    assert cited == ["R3 Birds", "No such section"]
    assert "No such section" not in rule_sections("rookery")
    assert "R3 Birds" in rule_sections("rookery")
    assert BARE_CODE.findall(rest) == ["R6.4"]
