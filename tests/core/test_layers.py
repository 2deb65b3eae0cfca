"""The floors of src/birdgames: games sit on top of core, codec, encoding, bots and the adapters,
which name no game (neither by import nor in a string their code reads); only the games and
`birdgames.registry` import a game package; and no import goes round in a circle,
type-checking imports included.

Every module's imports are read from its AST, wherever they stand: at the top, under `if
TYPE_CHECKING:`, inside a function, and `importlib.import_module` with a literal name. An
edge points at the module imported (`from birdgames import codec` at `birdgames.codec`,
`from birdgames.core import games` at `birdgames.core`); importing a submodule also runs its
parent packages' `__init__`, which Python allows to be under way, so that is not an edge.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping, Set
from pathlib import Path
from typing import Final

from birdgames.registry import BUNDLED

SRC: Final = Path(__file__).resolve().parents[2] / "src"
PACKAGE: Final = "birdgames"
# The one module besides the games that may import them: it says where each game lives.
REGISTERING_MODULE: Final = "birdgames.registry"
# The floors every game stands on, which reach a game only through its registration.
FLOORS: Final = (
    "birdgames.core",
    "birdgames.codec",
    "birdgames.encoding",
    "birdgames.bots",
    "birdgames.adapters",
)

Graph = Mapping[str, Set[str]]


def _module_names(root: Path, package: str) -> dict[str, tuple[Path, bool]]:
    """Returns each module of `package` under `root` by dotted name: its file, whether a package."""
    found: dict[str, tuple[Path, bool]] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        found[".".join(parts)] = (path, is_package)
    return found


def _imported(tree: ast.AST, module: str, is_package: bool) -> Iterable[tuple[str, str | None]]:
    """Yields (module, name or None) for every import in `tree`, relative ones resolved."""
    here = module.split(".") if is_package else module.split(".")[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            for alias in node.names:
                yield target, alias.name
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id)
            == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.args[0].value, None


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    """Returns, for each module of `package` under `root`, the modules of it that it imports."""
    modules = _module_names(root, package)
    graph: dict[str, set[str]] = {}
    for module, (path, is_package) in modules.items():
        edges: set[str] = set()
        for target, name in _imported(ast.parse(path.read_text(), str(path)), module, is_package):
            if name is not None and f"{target}.{name}" in modules:
                edges.add(f"{target}.{name}")  # `from package import submodule`
            elif target in modules:
                edges.add(target)
        graph[module] = edges
    return graph


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(f"{package}.")


def forbidden_imports(
    graph: Graph, games: Iterable[str], allowed: Iterable[str]
) -> list[tuple[str, str]]:
    """Returns each (importer, imported) where a module imports a game package it may not:
    only the game's own modules and the `allowed` modules may."""
    games, allowed = tuple(games), frozenset(allowed)
    found = []
    for importer, imported in sorted((a, b) for a, targets in graph.items() for b in targets):
        for game in games:
            if _within(imported, game) and not _within(importer, game) and importer not in allowed:
                found.append((importer, imported))
    return found


def find_circle(graph: Graph) -> list[str] | None:
    """Returns one circle of imports as modules in order (the first repeated at the end), or
    None when the graph has none."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path: list[str] = [start]
        on_path = {start}
        stack = [iter(sorted(graph.get(start, ())))]
        while stack:
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                done.add(path[-1])
                on_path.discard(path.pop())
            elif step in on_path:
                return [*path[path.index(step) :], step]
            elif step not in done:
                path.append(step)
                on_path.add(step)
                stack.append(iter(sorted(graph.get(step, ()))))
    return None


def _game_packages() -> list[str]:
    return sorted({modules.engine.rsplit(".", 1)[0] for modules in BUNDLED.values()})


def game_names_in_code(tree: ast.AST, names: Iterable[str]) -> list[tuple[int, str]]:
    """Returns (line, text) of each string in `tree`, docstrings aside, that holds one of
    `names` between non-alphanumerics (`birdgames_peacock` too): a game named in code rather
    than found through the registry."""
    docstrings: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    alternatives = "|".join(map(re.escape, names))
    pattern = re.compile(rf"(?<![A-Za-z0-9])(?:{alternatives})(?![A-Za-z0-9])")
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and pattern.search(node.value)
    ]


# --- the rules, over src/birdgames -----------------------------------------------------------


def test_every_package_with_an_engine_is_a_registered_game() -> None:
    """A new game package (one with a `game` module) is registered, so the checks below
    treat it as a game."""
    modules = _module_names(SRC, PACKAGE)
    with_engine = {
        m for m, (_, is_package) in modules.items() if is_package and f"{m}.game" in modules
    }
    assert with_engine == set(_game_packages())


def test_no_module_outside_the_games_imports_a_game() -> None:
    """core, codec, encoding, bots, sim, schema and the adapters reach a game only by name
    through the registry; a game imports no other game."""
    graph = import_graph(SRC, PACKAGE)
    assert forbidden_imports(graph, _game_packages(), {REGISTERING_MODULE}) == []


def test_the_floors_name_no_game_in_their_code() -> None:
    """A floor reads what a game declares (its `GameModules`, its engine) instead of naming
    it: a docstring may cite a game as an example, a string the code reads may not."""
    names = [*BUNDLED, *(package.rsplit(".", 1)[-1] for package in _game_packages())]
    found = {}
    for module, (path, _) in _module_names(SRC, PACKAGE).items():
        if any(_within(module, floor) for floor in FLOORS):
            named = game_names_in_code(ast.parse(path.read_text()), names)
            if named:
                found[module] = named
    assert found == {}


def test_no_import_goes_round_in_a_circle() -> None:
    """Not even through type-checking or function-level imports."""
    graph = import_graph(SRC, PACKAGE)
    assert len(graph) > 80  # every module was read
    assert find_circle(graph) is None


def test_the_registry_imports_each_game_for_its_types_only() -> None:
    """The registering module imports the games under TYPE_CHECKING, and the package's
    `__init__` imports the registry, so importing birdgames registers every game."""
    graph = import_graph(SRC, PACKAGE)
    assert {m.split(".")[1] for m in graph[REGISTERING_MODULE] if m != "birdgames.core"} == {
        g.split(".")[1] for g in _game_packages()
    }
    assert REGISTERING_MODULE in graph[PACKAGE]


# --- the checks themselves can fail ----------------------------------------------------------


def test_the_reader_sees_type_checking_function_level_relative_and_by_name_imports(
    tmp_path: Path,
) -> None:
    """Each way of importing a game, in a floor module, is an edge the rules see."""
    package = tmp_path / "pkg"
    (package / "game").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "game" / "__init__.py").write_text("from pkg.game import state\n")
    (package / "game" / "state.py").write_text("from .. import core\n")
    (package / "game" / "rules.py").write_text("from . import state\n")
    (package / "core.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from pkg.game.state import State\n"
        "def rules():\n"
        "    from pkg.game import rules\n"
        "    return rules\n"
    )
    (package / "codec.py").write_text(
        "import importlib\nGAME = importlib.import_module('pkg.game')\n"
    )
    graph = import_graph(tmp_path, "pkg")
    assert graph == {
        "pkg": set(),
        "pkg.game": {"pkg.game.state"},
        "pkg.game.state": {"pkg.core"},
        "pkg.game.rules": {"pkg.game.state"},
        "pkg.core": {"pkg.game.state", "pkg.game.rules"},
        "pkg.codec": {"pkg.game"},
    }
    assert forbidden_imports(graph, ["pkg.game"], []) == [
        ("pkg.codec", "pkg.game"),
        ("pkg.core", "pkg.game.rules"),
        ("pkg.core", "pkg.game.state"),
    ]
    assert forbidden_imports(graph, ["pkg.game"], ["pkg.core", "pkg.codec"]) == []
    assert find_circle(graph) == ["pkg.game.state", "pkg.core", "pkg.game.rules", "pkg.game.state"]


def test_a_circle_is_found_wherever_it_starts() -> None:
    """A long circle behind an acyclic part is reported whole; an acyclic graph has none."""
    acyclic = {"a": {"b", "c"}, "b": {"c"}, "c": set(), "d": {"a"}}
    assert find_circle(acyclic) is None
    circle = {**acyclic, "c": {"e"}, "e": {"f"}, "f": {"b"}}
    assert find_circle(circle) == ["b", "c", "e", "f", "b"]
    assert find_circle({"a": {"a"}}) == ["a", "a"]


def test_a_game_named_in_code_is_found_and_one_in_a_docstring_is_not() -> None:
    """Only whole names count (joined by "_" too), in any string but a docstring."""
    tree = ast.parse(
        '"""A module on rookery."""\n'
        "def f():\n"
        '    """Like rookery\'s."""\n'
        '    return ["crookery", "rookery", f"{1}_peacock x", "peacocks"]\n'
    )
    assert game_names_in_code(tree, ["rookery", "peacock"]) == [(4, "rookery"), (4, "_peacock x")]


def test_a_game_importing_another_game_is_forbidden() -> None:
    """Games sit side by side on the floors: neither imports the other."""
    graph = {"g.one.rules": {"g.two.state", "g.one.state"}, "g.one.state": set()}
    assert forbidden_imports(graph, ["g.one", "g.two"], []) == [("g.one.rules", "g.two.state")]
