"""Optional mypyc build: BIRDGAMES_MYPYC=1 pip install . compiles the rules modules.

Pure Python stays the default and the reference. With the variable set, a wheel build
compiles the modules listed in COMPILED with mypyc (from the `mypy` package) and ships the
extension modules beside the sources, which they shadow at import. Data, codec and view
modules stay interpreted: cattrs reads their classes' annotations, and the public entry points
(each game's `game.py`) validate their arguments before any compiled code runs. Interpreted
too: code that judges a caller's values (Perch's `setup.py` checks a Config), since compiled
code rejects a value of the wrong type with TypeError where the pure code names the problem,
and every other module that defines attrs classes (Perch's `geometry.py` as well).

The state modules in NATIVE are compiled too, from a copy rewritten by hatch_native.py: their
attrs classes become mypyc-native classes (fields the compiled rules read and build directly)
that keep the fields, types, equality, hash and repr the sources give them. A Config stays in
an interpreted module of its own, so `setup.validate` still names what is wrong with one.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ENV: str = "BIRDGAMES_MYPYC"

# Rules logic only (paths under src/): no attrs data classes, no codec registration, no checks
# of a caller's values. Perch's and Peacock's evaluations too (an attrs class private to one
# of them): the bots' decisions take 16-33% less time (Perch 4p greedy 2.1 -> 1.4 ms, ISMCTS
# 100 iterations 96 -> 75; Peacock 3p 2.2 -> 1.6, 34 -> 29; the same values bit for bit);
# Rookery's gained 8% and stays interpreted.
COMPILED: tuple[str, ...] = (
    "birdgames/offered.py",
    "birdgames/peacock/build.py",
    "birdgames/peacock/evaluate.py",
    "birdgames/peacock/flow.py",
    "birdgames/peacock/rules.py",
    "birdgames/peacock/scoring.py",
    "birdgames/peacock/setup.py",
    "birdgames/peacock/invariants.py",
    "birdgames/perch_bop/build.py",
    "birdgames/perch_bop/creatures.py",
    "birdgames/perch_bop/evaluate.py",
    "birdgames/perch_bop/endgame.py",
    "birdgames/perch_bop/flow.py",
    "birdgames/perch_bop/invariants.py",
    "birdgames/perch_bop/objectives.py",
    "birdgames/perch_bop/ponds.py",
    "birdgames/perch_bop/promos.py",
    "birdgames/perch_bop/rules.py",
    "birdgames/perch_bop/scoring.py",
    "birdgames/perch_bop/thawed.py",
    "birdgames/perch_bop/work.py",
    "birdgames/rookery/abilities.py",
    "birdgames/rookery/build.py",
    "birdgames/rookery/effects.py",
    "birdgames/rookery/flow.py",
    "birdgames/rookery/hunting.py",
    "birdgames/rookery/invariants.py",
    "birdgames/rookery/rules.py",
    "birdgames/rookery/scoring.py",
    "birdgames/rookery/setup.py",
    "birdgames/rookery/work.py",
)

# Modules compiled as rewritten by hatch_native.py (their attrs classes made native), each with
# the notes its dict classes carry (birdgames.offered): every engine's
# states, and the Rng inside them, whose draws the rules make on most steps.
NATIVE: dict[str, tuple[str, ...]] = {
    "birdgames/peacock/state.py": ("_birdgames_offered",),
    "birdgames/perch_bop/state.py": ("_birdgames_offered",),
    "birdgames/rookery/state.py": ("_birdgames_offered",),
    "birdgames/rng.py": (),
}


def _load_native_rewrite(root: Path) -> Any:
    """Returns hatch_native.py as a module (hatchling loads this file by path, not as a
    package, so its neighbour is loaded the same way)."""
    spec = importlib.util.spec_from_file_location("hatch_native", root / "hatch_native.py")
    if spec is None or spec.loader is None:
        sys.exit("hatch_native.py is missing beside hatch_build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class MypycBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles COMPILED with mypyc into the wheel when BIRDGAMES_MYPYC=1."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        # mypy ships mypyc; only a compiled build installs it (and setuptools' build_ext).
        if os.environ.get(ENV) == "1":
            return ["mypy>=1.10", "setuptools>=68", "attrs>=23.1", "cattrs>=24.1"]
        return []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if os.environ.get(ENV) != "1" or self.target_name != "wheel" or version == "editable":
            return
        # Imported here: only a compiled build needs mypy and setuptools (the hook's deps).
        from mypyc.build import mypycify
        from setuptools import Distribution
        from setuptools.command.build_ext import build_ext

        work = Path(tempfile.mkdtemp(prefix="birdgames-mypyc-"))
        # mypyc compiles a copy of the sources, the state modules rewritten in it.
        src = work / "src"
        shutil.copytree(
            Path(self.root) / "src",
            src,
            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
        )
        native_source = _load_native_rewrite(Path(self.root)).native_source
        for module, notes in NATIVE.items():
            path = src / module
            path.write_text(native_source(path.read_text(), notes))
        here = Path.cwd()
        try:
            # mypyc names modules by their paths, so it runs from src/ (birdgames/...).
            os.chdir(src)
            extensions = mypycify(
                [*COMPILED, *NATIVE],
                opt_level="3",
                # One C file per module, compiled side by side below: the build takes about
                # a fifth less time, the compiled code runs the same (0.2-0.6% more
                # instructions per playout step).
                multi_file=True,
                target_dir=str(work / "c"),
                verbose=False,
            )
            dist = Distribution({"name": "birdgames", "ext_modules": extensions})
            command = build_ext(dist)
            command.build_temp = str(work / "temp")
            command.build_lib = str(work / "lib")
            command.inplace = False
            command.parallel = os.cpu_count() or 1
            command.ensure_finalized()
            command.run()
        finally:
            os.chdir(here)
        built = work / "lib"
        force_include = build_data.setdefault("force_include", {})
        for path in built.rglob("*"):
            if path.suffix in (".so", ".pyd"):
                force_include[str(path)] = str(path.relative_to(built))
        if not force_include:
            sys.exit(f"{ENV}=1 but mypyc built no extension module")
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self._work = work

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
