"""src/birdgames does no I/O and reads no clock, environment or global randomness.

A static check over the AST of every module: forbidden calls, imports and attributes are
reported with file and line. Lazy `importlib.import_module` (the engine registry) is allowed.
The research adapters (`birdgames.adapters`) may import their extras' packages, and only
those; no other module imports them or the adapters.
"""

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest

SRC: Final = Path(__file__).resolve().parents[2] / "src" / "birdgames"

# Builtins that read or write the outside world, or run code.
FORBIDDEN_CALLS: Final = frozenset(
    {
        "print",
        "open",
        "input",
        "exec",
        "eval",
        "compile",
        "breakpoint",
        "__import__",
        "exit",
        "quit",
        "help",
        "id",
        "hash",
    }
)  # id() and hash() differ between processes (addresses, PYTHONHASHSEED)

# Modules for I/O, clocks, environment, processes or global randomness (and their submodules).
FORBIDDEN_MODULES: Final = frozenset(
    {
        "random",
        "time",
        "datetime",
        "calendar",
        "secrets",
        "uuid",
        "subprocess",
        "socket",
        "pathlib",
        "io",
        "os",
        "shutil",
        "tempfile",
        "glob",
        "fileinput",
        "logging",
        "warnings",
        "threading",
        "multiprocessing",
        "concurrent",
        "asyncio",
        "signal",
        "urllib",
        "http",
        "ssl",
        "select",
        "selectors",
        "pickle",
        "shelve",
        "sqlite3",
        "ctypes",
        "numpy",
        "pyspiel",
        "open_spiel",
        "pettingzoo",
        "gymnasium",
    }
)

# What the adapters' extras bring, and so what only the adapters may import.
ADAPTER_MODULES: Final = frozenset({"pyspiel", "pettingzoo", "gymnasium", "numpy"})
ADAPTERS: Final = "adapters"

# sys is harmless for constants; these of its attributes are the process's I/O and state.
FORBIDDEN_SYS: Final = frozenset(
    {
        "stdin",
        "stdout",
        "stderr",
        "__stdin__",
        "__stdout__",
        "__stderr__",
        "argv",
        "exit",
        "environ",
        "setrecursionlimit",
        "settrace",
        "setprofile",
    }
)

ALLOWED_IMPORTLIB: Final = frozenset({"import_module"})

# Generated code, as attrs and cattrs make theirs: the codec's text writers and structure hooks
# are compiled from source written from a class's field names and types (never from a
# document), in this one function only.
ALLOWED_BUILTINS: Final = {
    ("codec/generation.py", "_run_generated"): frozenset({"compile", "exec"}),
    # Identity memos: id() keys a dict entry that holds the object itself, and a hit is
    # checked with `is`, so no result depends on an address (the research encoders' masks,
    # and the memo the bots' evaluations and determinizers keep their answers in).
    ("encoding.py", "indices"): frozenset({"id"}),
    ("identity.py", "__call__"): frozenset({"id"}),
}


def _top(module: str) -> str:
    return module.split(".", 1)[0]


class _Finder(ast.NodeVisitor):
    def __init__(self, filename: str, allowed: frozenset[str] = frozenset()) -> None:
        self.filename = filename
        self.allowed = allowed
        self.problems: list[str] = []
        self.function = ""  # the top-level function being read

    def _allowed_builtin(self, name: str) -> bool:
        """Whether this function may use the builtin `name` (generated code, identity memos)."""
        return name in ALLOWED_BUILTINS.get((self.filename, self.function), frozenset())

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        outer = self.function
        self.function = outer or node.name
        self.generic_visit(node)
        self.function = outer

    def _flag(self, node: ast.AST, what: str) -> None:
        self.problems.append(f"{self.filename}:{getattr(node, 'lineno', '?')}: {what}")

    def _check_module(self, node: ast.AST, module: str, names: tuple[str, ...] = ()) -> None:
        if (module.startswith("birdgames.adapters") and not self.allowed) or (
            _top(module) in FORBIDDEN_MODULES and _top(module) not in self.allowed
        ):
            self._flag(node, f"imports {module}")
        elif module == "sys":
            for name in names:
                if name in FORBIDDEN_SYS:
                    self._flag(node, f"imports sys.{name}")
        elif _top(module) == "importlib":
            if module != "importlib":
                self._flag(node, f"imports {module}")
            for name in names:
                if name not in ALLOWED_IMPORTLIB:
                    self._flag(node, f"imports importlib.{name}")

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._check_module(node, alias.name)
        self.generic_visit(node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level == 0 and node.module is not None:
            self._check_module(node, node.module, tuple(alias.name for alias in node.names))
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        if (
            isinstance(node.func, ast.Name)
            and node.func.id in FORBIDDEN_CALLS
            and not self._allowed_builtin(node.func.id)
        ):
            self._flag(node, f"calls {node.func.id}()")
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if isinstance(node.value, ast.Name):
            owner = node.value.id
            if owner == "sys" and node.attr in FORBIDDEN_SYS:
                self._flag(node, f"uses sys.{node.attr}")
            elif owner == "importlib" and node.attr not in ALLOWED_IMPORTLIB:
                self._flag(node, f"uses importlib.{node.attr}")
            elif owner == "os":
                self._flag(node, f"uses os.{node.attr}")
            elif owner == "builtins" and node.attr in FORBIDDEN_CALLS:
                self._flag(node, f"uses builtins.{node.attr}")
        self.generic_visit(node)

    def visit_Name(self, node: ast.Name) -> None:
        # A builtin passed around (e.g. `map(print, ...)`) is as bad as a call.
        # (Not `open`/`input`: those are fair names for a parameter.)
        if (
            isinstance(node.ctx, ast.Load)
            and node.id in {"print", "eval", "exec", "breakpoint"}
            and not self._allowed_builtin(node.id)
        ):
            self._flag(node, f"refers to {node.id}")
        self.generic_visit(node)


def find_impurities(source: str, filename: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """Returns one line per forbidden call, import or attribute in `source`; `allowed`
    names the top-level modules this file may import although others may not."""
    finder = _Finder(filename, allowed)
    finder.visit(ast.parse(source, filename))
    return sorted(set(finder.problems))


def _modules() -> Iterator[Path]:
    yield from sorted(SRC.rglob("*.py"))


def test_the_package_has_modules_to_check() -> None:
    """The walk finds the core modules, so an empty walk cannot pass silently."""
    names = {path.relative_to(SRC).as_posix() for path in _modules()}
    assert {"__init__.py", "core.py", "rng.py", "codec/__init__.py", "sim.py"} <= names


@pytest.mark.parametrize("path", list(_modules()), ids=lambda p: p.relative_to(SRC).as_posix())
def test_module_does_no_io_and_reads_no_clock_environment_or_global_randomness(
    path: Path,
) -> None:
    """No forbidden call, import or attribute appears in this module."""
    relative = path.relative_to(SRC)
    allowed = ADAPTER_MODULES if relative.parts[0] == ADAPTERS else frozenset()
    assert find_impurities(path.read_text(encoding="utf-8"), str(relative), allowed) == []


BAD_SNIPPET: Final = """
import random
import time as clock
from datetime import datetime
from os import environ
import os.path
import sys
from sys import stdout
import importlib.resources
import importlib

def leak(state):
    print(state)
    with open("save.json", "w") as f:
        f.write(str(state))
    sys.stdout.write("x")
    os.getenv("HOME")
    eval("1 + 1")
    importlib.reload(sys)
    return hash("seed") + clock.time() + random.random()
"""


def test_the_checker_flags_each_kind_of_impurity() -> None:
    """A snippet with one of each forbidden thing is flagged at each of them."""
    found = find_impurities(BAD_SNIPPET, "bad.py")
    expected = [
        "bad.py:2: imports random",
        "bad.py:3: imports time",
        "bad.py:4: imports datetime",
        "bad.py:5: imports os",
        "bad.py:6: imports os.path",
        "bad.py:8: imports sys.stdout",
        "bad.py:9: imports importlib.resources",
        "bad.py:13: calls print()",
        "bad.py:14: calls open()",
        "bad.py:16: uses sys.stdout",
        "bad.py:17: uses os.getenv",
        "bad.py:18: calls eval()",
        "bad.py:19: uses importlib.reload",
        "bad.py:20: calls hash()",
    ]
    for line in expected:
        assert line in found, line


def test_generated_code_is_allowed_only_in_the_codec_s_runner() -> None:
    """exec and compile pass in codec/generation.py's `_run_generated` alone: elsewhere in that
    module, or in a function of that name in another module, they are flagged."""
    source = (
        "def _run_generated(cls):\n"
        "    def inner():\n"
        "        return exec\n"
        "    exec(compile('x = 1', '<w>', 'exec'), {})\n"
        "def other():\n"
        "    exec('x = 1')\n"
    )
    assert find_impurities(source, "codec/generation.py") == [
        "codec/generation.py:6: calls exec()",
        "codec/generation.py:6: refers to exec",
    ]
    assert "rules.py:4: calls exec()" in find_impurities(source, "rules.py")


def test_the_checker_allows_the_registry_and_pure_code() -> None:
    """importlib.import_module, sys constants and methods named like builtins pass."""
    source = (
        "import importlib\n"
        "from importlib import import_module\n"
        "import sys\n"
        "module = importlib.import_module('birdgames.peacock')\n"
        "limit = sys.maxsize\n"
        "door.open()\n"
        "log.print('x')\n"
        "def place(open: bool, input: int) -> bool:\n"
        "    return open and input > 0\n"
    )
    assert find_impurities(source, "good.py") == []


def test_the_adapters_may_import_their_extras_and_nothing_else_forbidden() -> None:
    """An adapter importing numpy or pyspiel passes; one importing os or torch's kin does not,
    and a core module importing the adapters or an extra is flagged."""
    adapter = "import numpy as np\nimport pyspiel\nfrom pettingzoo import AECEnv\nimport os\n"
    assert find_impurities(adapter, "a.py", ADAPTER_MODULES) == ["a.py:4: imports os"]
    core = "import numpy\nimport gymnasium\nfrom birdgames.adapters import openspiel\n"
    assert find_impurities(core, "c.py") == [
        "c.py:1: imports numpy",
        "c.py:2: imports gymnasium",
        "c.py:3: imports birdgames.adapters",
    ]


FRAMEWORKS: Final = ("numpy", "pyspiel", "open_spiel", "pettingzoo", "gymnasium")


def test_importing_the_package_and_every_engine_loads_no_research_framework() -> None:
    """A fresh interpreter importing birdgames, each engine and its encoding loads none of
    numpy, OpenSpiel, PettingZoo or Gymnasium."""
    script = (
        "import sys, birdgames, birdgames.encoding\n"
        "for name in birdgames.games(): __import__(f'birdgames.{name}.encoding')\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FRAMEWORKS!r}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"
