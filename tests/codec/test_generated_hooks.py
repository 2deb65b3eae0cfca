"""The fast converter's generated hooks accept what cattrs' generated hooks accept.

The fast converter reads every attrs class of plain positional fields with a hook generated
from its fields' types (`codec.generation.generated_hook`). Each must accept exactly the objects the
hook cattrs generates for the same class accepts, and build them equal; anything it refuses
goes to the detailed converter, which says why.
"""

from __future__ import annotations

import inspect
import json
import linecache
import random
import traceback
from typing import Any

import attrs
import pytest
from cattrs.gen import make_dict_structure_fn_from_attrs, override

import birdgames
from birdgames import codec, sim
from birdgames.peacock import state as peacock_state
from birdgames.perch_bop import state as perch_state
from tests.codec.test_differential import TRICKY

GAMES = sorted(birdgames.games().items())


def _objects(value: Any, data: Any, found: list[tuple[type, dict[str, Any]]]) -> None:
    """Collects every attrs object of `value` with its JSON object `data`."""
    if attrs.has(type(value)) and isinstance(data, dict):
        found.append((type(value), data))
        for field in attrs.fields(type(value)):
            _objects(getattr(value, field.name), data.get(field.name), found)
    elif isinstance(value, tuple) and isinstance(data, list):
        for item, item_data in zip(value, data, strict=True):
            _objects(item, item_data, found)


def _cattrs_hook(cls: type) -> Any:
    """Returns the hook cattrs generates for `cls` in the fast converter, every field read as
    required, behind the test of a tagged object's keys, kind and format."""
    fields = attrs.fields(cls)
    tag = codec.registrations.tag_of(cls)
    hex_hook = override(struct_hook=codec.registrations.structure_hex)
    (hex_key,) = codec.HEX
    overrides: dict[str, Any] = {f.name: hex_hook for f in fields if f.metadata.get(hex_key)}
    inner: Any = make_dict_structure_fn_from_attrs(
        [f.evolve(default=attrs.NOTHING) for f in fields],
        cls,
        codec.converters.FAST,
        _cattrs_forbid_extra_keys=tag is None,
        _cattrs_detailed_validation=False,
        **overrides,
    )
    if tag is None:
        return inner
    known = frozenset(f.name for f in fields) | {"kind", "format"}

    def structure(value: object, _: Any) -> Any:
        if type(value) is not dict or value.get("kind") != tag or not value.keys() <= known:
            raise TypeError
        version = value.get("format", 1)
        if type(version) is not int or version != codec.registrations.written_format(cls):
            raise TypeError
        return inner(value, cls)

    return structure


def _hooks(cls: type) -> tuple[Any, Any]:
    """Returns the fast converter's hook of `cls` and the hook cattrs generates instead."""
    return codec.converters.FAST.get_structure_hook(cls), _cattrs_hook(cls)


def _outcome(hook: Any, value: Any, cls: type) -> Any:
    try:
        return ("built", hook(value, cls))
    except Exception:  # refused: the detailed converter says why
        return ("refused", None)


@pytest.mark.parametrize(("name", "game"), GAMES, ids=[name for name, _ in GAMES])
def test_generated_hooks_accept_what_the_cattrs_hooks_accept(
    name: str, game: birdgames.AnyGame
) -> None:
    """On every object of a few states, with one value replaced, a key added or left out, or
    the tag or format changed, the generated hook and cattrs' hook accept the same objects
    and build them equal."""
    rng = random.Random(name)
    accepted = refused = 0
    for players in game.player_counts:
        config = game.default_config(players)
        steps = list(sim.iter_play(game, config, 6, [sim.RandomPolicy()] * players))
        objects: list[tuple[type, dict[str, Any]]] = []
        for step in steps[:: max(1, len(steps) // 4)]:
            _objects(step.state, json.loads(codec.dumps(step.state)), objects)
        for cls, obj in objects:
            if codec.generation.plain_fields(cls) is None:
                continue
            generated, reference = _hooks(cls)
            edits: list[Any] = [obj, {**obj, "extra": 0}, None, [], "x", list(obj.values())]
            edits += [{**obj, "kind": "peacock.flock"}, {**obj, "format": 1}]
            edits += [{**obj, "format": 2}, {**obj, "format": True}, {**obj, "kind": 1}]
            for key in obj:
                edits.append({k: v for k, v in obj.items() if k != key})
                edits += [{**obj, key: value} for value in rng.sample(TRICKY, 8)]
                if isinstance(obj[key], list) and obj[key]:
                    for value in rng.sample(TRICKY, 4):
                        edits.append({**obj, key: [*obj[key][:-1], value]})
            for edited in edits:
                got, expected = _outcome(generated, edited, cls), _outcome(reference, edited, cls)
                assert got == expected, (cls, edited)
                if got[0] == "built":
                    accepted += 1
                else:
                    refused += 1
    assert accepted > 0 and refused > 0


def _source(hook: Any) -> str:
    """Returns the whole generated source of a hook (its builder included)."""
    return "".join(linecache.getlines(hook.__code__.co_filename))


@pytest.mark.parametrize(
    "cls",
    [
        perch_state.State,
        perch_state.Location,
        perch_state.Seat,
        perch_state.Creature,
        perch_state.Spot,
        perch_state.Flow,
        perch_state.Pond,
        peacock_state.Group,
        peacock_state.Flock,
        peacock_state.Tuck,
        peacock_state.Seat,
        peacock_state.Hand,
        peacock_state.Pool,
    ],
    ids=lambda cls: f"{cls.__module__.split('.')[1]}.{cls.__qualname__}",
)
def test_the_engines_classes_have_generated_hooks(cls: type) -> None:
    """A class of plain positional fields is read by a hook generated from them, whatever
    they are: adding a field changes the hook, never the path it takes."""
    assert codec.generation.plain_fields(cls) is not None
    hook = codec.converters.FAST.get_structure_hook(cls)
    assert hook.__code__.co_filename.startswith("<birdgames structure ")
    assert inspect.getsource(hook).startswith("def structure(o, _):")


def test_a_generated_hook_shows_its_source_in_a_traceback() -> None:
    """The generated source has a line cache, as attrs' and cattrs' have: a traceback through
    a hook quotes the line that raised."""
    hook = codec.converters.FAST.get_structure_hook(perch_state.Spot)
    with pytest.raises(TypeError) as caught:
        hook({"where": "cell", "index": "4"}, perch_state.Spot)
    shown = "".join(traceback.format_exception(caught.value))
    assert "<birdgames structure birdgames.perch_bop.state.Spot" in shown
    assert "raise TypeError" in shown


def test_a_tagged_class_read_at_format_1_keeps_that_format() -> None:
    """A generated hook tests a tagged class's key count in line, at format 1 when the class is
    not registered (as cattrs' hook reads it): registering the class past format 1 later
    would change what its documents hold, so `register` refuses it."""

    @attrs.frozen
    class Late:
        kind = "codectest.late"
        species: str
        size: int

    attrs.resolve_types(Late)
    generated, reference = _hooks(Late)
    plain = {"kind": "codectest.late", "species": "crow", "size": 1}
    for value in (plain, {**plain, "format": 1}, {**plain, "format": 2}, {**plain, "kind": "x"}):
        assert _outcome(generated, value, Late) == _outcome(reference, value, Late)
    assert _outcome(generated, plain, Late) == ("built", Late("crow", 1))
    with pytest.raises(TypeError, match="Late was read at format 1 before it was registered"):
        codec.register(Late, version=2)
    assert Late not in codec.registrations.BY_CLASS
    codec.register(Late)  # at format 1, what the hook reads: harmless
    try:
        assert _outcome(generated, plain, Late) == _outcome(reference, plain, Late)
        assert _outcome(generated, plain, Late)[0] == "built"
    finally:
        del codec.registrations.BY_TAG["codectest.late"], codec.registrations.BY_CLASS[Late]


@pytest.mark.parametrize(("name", "game"), GAMES, ids=[name for name, _ in GAMES])
def test_states_load_through_the_generated_hooks(name: str, game: birdgames.AnyGame) -> None:
    """A written state loads back equal through the fast path, generated hooks and all."""
    config = game.default_config(max(game.player_counts))
    for step in list(sim.iter_play(game, config, 3, [sim.RandomPolicy()] * config.players))[::7]:
        text = codec.dumps(step.state)
        data = codec.limits.parse(text)
        assert codec.converters.FAST.structure(data, type(step.state)) == step.state
        assert codec.loads(type(step.state), text) == step.state


@attrs.frozen
class Tree:
    """A class that holds itself: its hook reads its children through itself."""

    label: str
    children: tuple[Tree, ...] = ()
    parent: Tree | None = None


def test_a_class_that_holds_itself_gets_a_generated_hook() -> None:
    """The hook being generated is found on first use, not while it is made."""
    data = {
        "label": "a",
        "children": [{"label": "b", "children": [], "parent": None}],
        "parent": {"label": "c", "children": [], "parent": None},
    }
    generated, reference = _hooks(Tree)
    assert _outcome(generated, data, Tree) == _outcome(reference, data, Tree)
    assert generated(data, Tree) == Tree("a", (Tree("b"),), Tree("c"))
    data["children"][0]["label"] = 1  # type: ignore[index]
    assert _outcome(generated, data, Tree) == ("refused", None)
