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
import pickle
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import hatch_native
from birdgames import perch_bop
from birdgames.offered import _OFFERED
from birdgames.perch_bop import rules as perch_rules
from birdgames.perch_bop import state as perch_state
from birdgames.perch_bop.config import Config
from birdgames.rng import Rng, below

ROOT = Path(__file__).resolve().parents[2]
MODULE = "birdgames/perch_bop/state.py"
NATIVE_NAME = "birdgames.perch_bop.native_state_probe"


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


@pytest.fixture(scope="module")
def native() -> Iterator[types.ModuleType]:
    """Perch's state module as the compiled build rewrites it, run as pure Python."""
    text = hatch_native.native_source((ROOT / "src" / MODULE).read_text(), _native_table()[MODULE])
    module = types.ModuleType(NATIVE_NAME)
    sys.modules[NATIVE_NAME] = module  # pickle finds the rewritten classes by module name
    exec(compile(text, f"<{NATIVE_NAME}>", "exec"), module.__dict__)
    yield module
    del sys.modules[NATIVE_NAME]


def _classes() -> list[type]:
    return [
        value
        for value in vars(perch_state).values()
        if isinstance(value, type) and value.__module__ == perch_state.__name__ and attrs.has(value)
    ]


def _shown(kind: object) -> str:
    return repr(kind).replace(NATIVE_NAME, perch_state.__name__)


def _to_native(native: types.ModuleType, value: Any) -> Any:
    """Returns `value` with every value of a Perch state class remade as the rewritten class."""
    kind = type(value)
    if kind.__module__ != perch_state.__name__:
        if kind is tuple:
            return tuple(_to_native(native, item) for item in value)
        return value
    remade = getattr(native, kind.__name__)
    if isinstance(value, enum.Enum):
        return remade[value.name]
    return remade(*(_to_native(native, getattr(value, f.name)) for f in attrs.fields(kind)))


def _mid_game(
    players: int, expansions: frozenset[str], promos: frozenset[str], seed: int
) -> perch_state.State:
    game = perch_bop.GAME
    state = game.new_game(Config(players, expansions=expansions, promos=promos), seed)
    rng = Rng.from_seed(seed)
    for _ in range(150):
        if game.is_terminal(state):
            break
        legal = game.legal_actions(state, game.to_act(state)[0])
        index, rng = below(rng, len(legal))
        state = game.apply(state, legal[index])
    return state


ALL_EXPANSIONS = frozenset({"seeds_the_day", "points_in_the_sky", "pond_emonium"})
ALL_PROMOS = frozenset({"golden_goose", "eagle_of_justice", "yeti"})
STATES = [
    (2, ALL_EXPANSIONS, ALL_PROMOS, 1),
    (5, ALL_EXPANSIONS, frozenset(), 2),
    (3, frozenset(), ALL_PROMOS, 3),
]


def test_every_state_class_is_rewritten_with_its_fields_types_and_defaults(
    native: types.ModuleType,
) -> None:
    classes = _classes()
    assert {c.__name__ for c in classes} >= {"State", "Location", "Seat", "Flow", "Promos"}
    for cls in classes:
        remade = getattr(native, cls.__name__)
        assert attrs.has(remade) and remade is not cls
        # The source's annotations, or in the compiled build its rewrite's own types.
        attrs.resolve_types(cls, vars(perch_state))
        ours = [(f.name, _shown(f.type), _to_native(native, f.default)) for f in attrs.fields(cls)]
        theirs = [(f.name, _shown(f.type), f.default) for f in attrs.fields(remade)]
        assert theirs == ours, cls.__name__
        assert "__init__" in remade.__dict__ and "__reduce__" in remade.__dict__
        assert remade.__doc__ == cls.__doc__


def test_the_config_stays_the_interpreted_one(native: types.ModuleType) -> None:
    assert native.Config is Config
    assert native.State.__attrs_attrs__.config.type is Config


@pytest.mark.parametrize(("players", "expansions", "promos", "seed"), STATES)
def test_rewritten_values_print_compare_copy_pickle_and_evolve_as_the_originals(
    native: types.ModuleType,
    players: int,
    expansions: frozenset[str],
    promos: frozenset[str],
    seed: int,
) -> None:
    state = _mid_game(players, expansions, promos, seed)
    remade = _to_native(native, state)
    assert type(remade) is native.State
    assert repr(remade) == repr(state)
    twin = _to_native(native, state)
    assert remade == twin and hash(remade) == hash(twin)
    assert copy.copy(remade) == remade and copy.deepcopy(remade) == remade
    assert pickle.loads(pickle.dumps(remade)) == remade
    moved = attrs.evolve(state, tick=state.tick + 1)
    assert attrs.evolve(remade, tick=state.tick + 1) == _to_native(native, moved) != remade
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        remade.tick = 0
    with pytest.raises(TypeError):
        _ = remade.seats[0] < remade.seats[0]  # no order, as attrs.frozen makes none


def test_every_class_keyword_and_default_reaches_the_rewritten_init(
    native: types.ModuleType,
) -> None:
    """Built by keywords with defaults left out, each rewritten class equals the original."""
    location = perch_state.Location("t1", (1, 0), (False, True), (False, False), 2)
    assert _to_native(native, location) == native.Location(
        tile="t1", birds=(1, 0), nested=(False, True), housed=(False, False), free_nests=2
    )
    flow = perch_state.Flow(perch_state.Phase.PERCH, actor=1)
    assert repr(native.Flow(native.Phase.PERCH, actor=1)) == repr(flow)
    promos = perch_state.Promos(controller=None)
    assert repr(native.Promos(controller=None)) == repr(promos)


def test_the_notes_declared_for_the_native_state_are_the_ones_the_engine_writes(
    native: types.ModuleType,
) -> None:
    assert set(_native_table()[MODULE]) == {_OFFERED, perch_rules._BONUS_NOTE}
    declared = native.State.__annotations__
    assert all(note in declared for note in _native_table()[MODULE])
    assert not any(note in attrs.fields_dict(native.State) for note in declared)


@pytest.mark.parametrize(
    "source",
    [
        "import attrs\n@attrs.frozen\nclass A:\n    x: int = attrs.field(default=1)\n",
        "import attrs\nimport functools\n@functools.total_ordering\n@attrs.frozen\nclass A:\n"
        "    x: int\n",
        "import attrs\n@attrs.frozen(True)\nclass A:\n    x: int\n",
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
