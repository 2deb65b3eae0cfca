"""The compiled build's rewrite of Perch's state classes (hatch_native.py) keeps each class what
it is: the same fields, types and defaults, and values that print, compare, copy, pickle and
evolve as the originals do.

The rewrite runs here in pure Python on the checkout's source; the compiled build's suite runs
every other test on the compiled rewrite.
"""

from __future__ import annotations

import ast
import copy
import enum
import importlib
import inspect
import itertools
import pickle
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import birdgames
import hatch_native
from birdgames.offered import _OFFERED
from birdgames.perch_bop import state as perch_state
from birdgames.perch_bop.config import Config as PerchConfig
from birdgames.rng import Rng, below

ROOT = Path(__file__).resolve().parents[2]
PERCH = "birdgames/perch_bop/state.py"


def _native_table() -> dict[str, tuple[str, ...]]:
    """Returns hatch_build.py's NATIVE (read from its source: importing it needs hatchling)."""
    for statement in ast.parse((ROOT / "hatch_build.py").read_text()).body:
        if (
            isinstance(statement, ast.AnnAssign)
            and isinstance(statement.target, ast.Name)
            and statement.target.id == "NATIVE"
            and statement.value is not None
        ):
            table: dict[str, tuple[str, ...]] = ast.literal_eval(statement.value)
            return table
    raise AssertionError("hatch_build.py has no NATIVE")


MODULES = sorted(_native_table())
STATE_MODULES = [path for path in MODULES if path.endswith("/state.py")]


@attrs.frozen
class Rewritten:
    """A state module and its rewrite, run as pure Python under a name of its own."""

    path: str  # under src/
    source: types.ModuleType
    native: types.ModuleType

    def remade(self, value: Any) -> Any:
        """Returns `value` with every value of a class of the source remade as its rewrite."""
        kind = type(value)
        if kind.__module__ != self.source.__name__:
            if kind is tuple:
                return tuple(self.remade(item) for item in value)
            return value
        remade = getattr(self.native, kind.__name__)
        if isinstance(value, enum.Enum):
            return remade[value.name]
        return remade(*(self.remade(getattr(value, f.name)) for f in attrs.fields(kind)))

    def shown(self, kind: object) -> str:
        return repr(kind).replace(self.native.__name__, self.source.__name__)


_PROBES = itertools.count()


def _rewrite(path: str) -> Iterator[Rewritten]:
    source = importlib.import_module(path.removesuffix(".py").replace("/", "."))
    text = hatch_native.native_source((ROOT / "src" / path).read_text(), _native_table()[path])
    name = f"{source.__name__}_native_probe{next(_PROBES)}"  # one module per rewrite
    native = types.ModuleType(name)
    sys.modules[name] = native  # pickle finds the rewritten classes by module name
    exec(compile(text, f"<{name}>", "exec"), native.__dict__)
    yield Rewritten(path, source, native)
    del sys.modules[name]


@pytest.fixture(scope="module", params=MODULES)
def rewritten(request: pytest.FixtureRequest) -> Iterator[Rewritten]:
    """Each module the compiled build rewrites, with its rewrite."""
    yield from _rewrite(request.param)


@pytest.fixture(scope="module", params=STATE_MODULES)
def rewritten_state(request: pytest.FixtureRequest) -> Iterator[Rewritten]:
    """Each engine's state module, with its rewrite."""
    yield from _rewrite(request.param)


@pytest.fixture(scope="module")
def perch() -> Iterator[Rewritten]:
    yield from _rewrite(PERCH)


def _classes(module: types.ModuleType) -> list[type]:
    return [
        value
        for value in vars(module).values()
        if isinstance(value, type) and value.__module__ == module.__name__ and attrs.has(value)
    ]


ALL_EXPANSIONS = frozenset({"seeds_the_day", "points_in_the_sky", "pond_emonium"})
ALL_PROMOS = frozenset({"golden_goose", "eagle_of_justice", "yeti"})
PERCH_CONFIGS = [
    PerchConfig(2, expansions=ALL_EXPANSIONS, promos=ALL_PROMOS),
    PerchConfig(5, expansions=ALL_EXPANSIONS),
    PerchConfig(3, promos=ALL_PROMOS),
]


def _mid_games(source: types.ModuleType) -> Iterator[Any]:
    """States well into random games of the engine whose state module `source` is."""
    engine = source.__name__.split(".")[1]
    game = birdgames.games()[engine]
    configs: list[Any] = (
        PERCH_CONFIGS
        if engine == "perch_bop"
        else [game.default_config(n) for n in game.player_counts]
    )
    for seed, config in enumerate(configs):
        state = game.new_game(config, seed)
        rng = Rng.from_seed(seed)
        for _ in range(120):
            if game.is_terminal(state):
                break
            legal = game.legal_actions(state, game.to_act(state)[0])
            index, rng = below(rng, len(legal))
            state = game.apply(state, legal[index])
        yield state


def test_every_state_class_is_rewritten_with_its_fields_types_and_defaults(
    rewritten: Rewritten,
) -> None:
    classes = _classes(rewritten.source)
    assert classes
    for cls in classes:
        remade = getattr(rewritten.native, cls.__name__)
        assert attrs.has(remade) and remade is not cls
        # The source's annotations, or in the compiled build its rewrite's own types.
        attrs.resolve_types(cls, vars(rewritten.source))
        ours = [
            (f.name, rewritten.shown(f.type), rewritten.remade(f.default))
            for f in attrs.fields(cls)
        ]
        theirs = [(f.name, rewritten.shown(f.type), f.default) for f in attrs.fields(remade)]
        assert theirs == ours, cls.__name__
        assert "__init__" in remade.__dict__ and "__reduce__" in remade.__dict__
        # As help() shows them (Python 3.13 strips a docstring's indentation as it compiles).
        assert inspect.getdoc(remade) == inspect.getdoc(cls)


def test_the_config_stays_the_interpreted_one(rewritten_state: Rewritten) -> None:
    config = rewritten_state.source.Config
    assert rewritten_state.native.Config is config and config.__module__.endswith(".config")
    assert rewritten_state.native.State.__attrs_attrs__.config.type is config


def test_rewritten_values_print_compare_copy_pickle_and_evolve_as_the_originals(
    rewritten_state: Rewritten,
) -> None:
    for state in _mid_games(rewritten_state.source):
        remade = rewritten_state.remade(state)
        assert type(remade) is rewritten_state.native.State
        assert repr(remade) == repr(state)
        twin = rewritten_state.remade(state)
        assert remade == twin and hash(remade) == hash(twin)
        # Hashes equal where values are: a cached one too, asked twice.
        for part in _parts(remade):
            assert hash(part) == hash(part) == hash(copy.deepcopy(part))
        assert copy.copy(remade) == remade and copy.deepcopy(remade) == remade
        assert pickle.loads(pickle.dumps(remade)) == remade
        moved = attrs.evolve(state, rng=Rng.from_seed(99))
        assert (
            attrs.evolve(remade, rng=Rng.from_seed(99)) == rewritten_state.remade(moved) != remade
        )
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            remade.rng = Rng.from_seed(0)
        with pytest.raises(TypeError):
            _ = remade < twin  # no order, as attrs.frozen makes none


def _parts(value: Any) -> Iterator[Any]:
    """Every attrs value inside `value`, itself included."""
    if attrs.has(type(value)):
        yield value
        for f in attrs.fields(type(value)):
            yield from _parts(getattr(value, f.name))
    elif type(value) is tuple:
        for item in value:
            yield from _parts(item)


def test_the_rewritten_rng_draws_as_the_original() -> None:
    rewritten = next(_rewrite("birdgames/rng.py"))
    native, source = rewritten.native, rewritten.source
    assert native.Rng.from_seed(-5) == native.Rng(source.Rng.from_seed(-5).state)
    mine, theirs = native.Rng.from_seed(7), source.Rng.from_seed(7)
    for n in (1, 6, 2**64 + 3):
        (a, mine), (b, theirs) = native.below(mine, n), source.below(theirs, n)
        assert a == b and mine.state == theirs.state and repr(mine) == repr(theirs)
    assert pickle.loads(pickle.dumps(mine)) == mine and hash(mine) == hash(copy.copy(mine))


def test_a_cached_hash_is_kept_by_the_rewrite_and_equal_values_hash_alike() -> None:
    rewritten = next(_rewrite("birdgames/peacock/state.py"))
    flock = rewritten.native.Flock("crane", 3)
    assert flock._attrs_cached_hash is None
    assert hash(flock) == flock._attrs_cached_hash == hash(rewritten.native.Flock("crane", 3))
    assert hash(flock) != hash(rewritten.native.Flock("crane", 4))


def test_every_class_keyword_and_default_reaches_the_rewritten_init(perch: Rewritten) -> None:
    """Built by keywords with defaults left out, each rewritten class equals the original."""
    location = perch_state.Location("t1", (1, 0), (False, True), (False, False), 2)
    native = perch.native
    assert perch.remade(location) == native.Location(
        tile="t1", birds=(1, 0), nested=(False, True), housed=(False, False), free_nests=2
    )
    flow = perch_state.Flow(perch_state.Phase.PERCH, actor=1)
    assert repr(native.Flow(native.Phase.PERCH, actor=1)) == repr(flow)
    promos = perch_state.Promos(controller=None)
    assert repr(native.Promos(controller=None)) == repr(promos)


def test_the_notes_declared_for_each_native_state_are_the_ones_its_engine_writes(
    rewritten_state: Rewritten,
) -> None:
    notes = _native_table()[rewritten_state.path]
    assert set(notes) == {_OFFERED}
    declared = rewritten_state.native.State.__annotations__
    assert all(note in declared for note in notes)
    assert not any(note in attrs.fields_dict(rewritten_state.native.State) for note in declared)


@pytest.mark.parametrize(
    "source",
    [
        "import attrs\n@attrs.frozen\nclass A:\n    x: int = attrs.field(default=1)\n",
        "import attrs\nimport functools\n@functools.total_ordering\n@attrs.frozen\nclass A:\n"
        "    x: int\n",
        "import attrs\n@attrs.frozen(True)\nclass A:\n    x: int\n",
        "import attrs\n@attrs.frozen(kw_only=True)\nclass A:\n    x: int\n",
        "import attrs\n@attrs.frozen\nclass B:\n    x: int\n@attrs.frozen\nclass A(B):\n"
        "    y: int\n",
    ],
)
def test_the_rewrite_refuses_a_class_it_cannot_keep(source: str) -> None:
    with pytest.raises(ValueError):
        hatch_native.native_source(source)


def test_a_class_without_a_docstring_is_rewritten_too() -> None:
    source = "import attrs\n@attrs.frozen\nclass A:\n    x: int\n"
    space: dict[str, Any] = {}
    exec(hatch_native.native_source(source), space)
    assert space["A"](3).x == 3 and "__init__" in space["A"].__dict__


def test_a_module_without_attrs_classes_is_left_as_it_reads() -> None:
    source = "import enum\n\n\nclass E(enum.Enum):\n    A = 1\n"
    assert ast.dump(ast.parse(hatch_native.native_source(source))) == ast.dump(ast.parse(source))
