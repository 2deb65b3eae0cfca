"""The codec loads and writes exactly what its reference (tests/codec/_reference_codec.py) does.

The reference is the codec as it was before its fast structure hooks were generated from each
class's fields. Over every conformance document of every game (configs, states, views,
actions, events, records), the hostile cases of tests/conformance/hostile.py, documents edited
once (tests/conformance/mutations.py) and every nested object of a state with one field
replaced by a value a careless type test confuses, both codecs must give the same outcome:
equal objects written to the same text, or the same error class with the same message.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterator
from typing import Any, Final

import pytest

import birdgames
from birdgames import codec
from tests.codec import _reference_codec as reference
from tests.codec.test_codec import SAMPLE
from tests.conformance import hostile
from tests.conformance.mutations import mutate, vocabulary
from tests.profile import PROFILE

GAMES: Final = sorted(birdgames.games().items())
MUTATIONS: Final = {"quick": 2, "ci": 4, "dev": 20, "soak": 60}[PROFILE]  # per document
# How many states have their nested objects edited field by field (`_covering` picks them),
# and one hostile case in this many.
EDITED_STATES: Final = {"quick": 1, "ci": 2, "dev": 8, "soak": 16}[PROFILE]
HOSTILE_STRIDE: Final = {"quick": 4, "ci": 2}.get(PROFILE, 1)

# Values of every JSON type, with the ones a careless type test confuses: true and 1, 1.0 and
# 1, a number and its string, an array of mixed items, a long string and a lone surrogate.
TRICKY: Final[tuple[Any, ...]] = (
    None,
    True,
    False,
    0,
    1,
    -1,
    1.0,
    "",
    "1",
    "perch",
    "blue",
    "cell",
    "x" * (codec.MAX_STRING_LENGTH + 1),
    "\ud800",
    "caf\u00e9",
    [],
    [0],
    [True],
    [0, True],
    [1, 1.0],
    [None],
    ["a"],
    ["a", 1],
    ["caf\u00e9"],
    ["x" * (codec.MAX_STRING_LENGTH + 1)],
    [0, 0],
    {},
    {"kind": "peacock.flock", "species": "crow", "size": 1},
    {"where": "cell", "index": 0},
    {"island": "reef", "half": "blue"},
)

Load = Callable[[Any], object]


def _outcome(load: Load, text: str | bytes, write: Callable[[object], str]) -> tuple[Any, ...]:
    """Returns what loading did: the object and its text, or the error's class and message."""
    try:
        loaded = load(text)
    except Exception as exc:  # compared by class and message
        return ("refused", type(exc).__name__, str(exc))
    return ("loaded", loaded, write(loaded))


def _loaders(tag: str, many: bool, module: Any) -> list[Load]:
    registration = codec.registrations.BY_TAG[tag]
    cls = registration.cls
    if many:
        return [lambda text: module.loads_many(cls, text)]
    loaders: list[Load] = [lambda text: module.loads(cls, text)]
    if registration.role == "action":
        loaders.append(module.loads_action)
    if registration.role == "event":
        loaders.append(module.loads_event)
    return loaders


def _same(tag: str, text: str | bytes, many: bool = False, what: str = "") -> str:
    """Loads `text` with both codecs; returns the outcome's kind (asserting they agree)."""
    kind = ""
    for new, old in zip(_loaders(tag, many, codec), _loaders(tag, many, reference), strict=True):
        got = _outcome(new, text, codec.dumps)
        expected = _outcome(old, text, reference.dumps)
        assert got == expected, (tag, what, str(text)[:300])
        kind = got[0]
    return kind


def _nested_objects(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Yields the path of every JSON object below the top of `data`."""
    items = data.items() if isinstance(data, dict) else enumerate(data)
    for key, value in items:
        if isinstance(value, dict | list):
            if isinstance(value, dict):
                yield (*path, key)
            yield from _nested_objects(value, (*path, key))


def _edited(data: Any, path: tuple[Any, ...], edit: Callable[[dict[str, Any]], Any]) -> str:
    copy = json.loads(json.dumps(data))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = edit(target[path[-1]])
    return json.dumps(copy)


def _shapes(data: Any) -> dict[tuple[str, ...], list[tuple[Any, ...]]]:
    """Returns the paths of the objects nested in `data`, by their keys (their class)."""
    shapes: dict[tuple[str, ...], list[tuple[Any, ...]]] = {}
    for path in _nested_objects(data):
        value = data
        for key in path:
            value = value[key]
        shapes.setdefault(tuple(value), []).append(path)
    return shapes


def _covering(states: list[tuple[str, Any]], count: int) -> list[tuple[str, Any]]:
    """Returns up to `count` of `states`, each holding the most kinds of object the ones
    before it lack."""
    shapes = [set(_shapes(data)) for _, data in states]
    chosen: list[int] = []
    seen: set[tuple[str, ...]] = set()
    while len(chosen) < min(count, len(states)):
        best = max(
            (k for k in range(len(states)) if k not in chosen),
            key=lambda k: len(shapes[k] - seen),
        )
        chosen.append(best)
        seen |= shapes[best]
    return [states[k] for k in chosen]


def _field_edits(data: Any, rng: random.Random) -> Iterator[tuple[str, str]]:
    """Yields (what, text) for objects nested in `data` edited as a fast hook must judge."""
    shapes = _shapes(data)
    # An object of each set of keys (each class), every field edited with every tricky value.
    for path in [rng.choice(paths) for _, paths in sorted(shapes.items())]:
        yield f"{path} extra key", _edited(data, path, lambda o: {**o, "extra": 0})
        yield f"{path} as a list", _edited(data, path, lambda o: list(o.values()))
        yield f"{path} kind 1", _edited(data, path, lambda o: {**o, "kind": 1})
        yield f"{path} format 2", _edited(data, path, lambda o: {**o, "format": 2})
        yield f"{path} format true", _edited(data, path, lambda o: {**o, "format": True})
        obj = json.loads(json.dumps(data))
        for key in path:
            obj = obj[key]
        for name in obj:
            yield f"{path}.{name} left out", _edited(data, path, _without(name))
            for value in TRICKY:
                yield f"{path}.{name}={value!r}", _edited(data, path, _with(name, value))
            if isinstance(obj[name], list) and obj[name]:
                for value in rng.sample(TRICKY, 3):
                    last = [*obj[name][:-1], value]
                    yield f"{path}.{name}[-1]={value!r}", _edited(data, path, _with(name, last))


def _without(name: str) -> Callable[[dict[str, Any]], Any]:
    return lambda o: {k: v for k, v in o.items() if k != name}


def _with(name: str, value: Any) -> Callable[[dict[str, Any]], Any]:
    return lambda o: {**o, name: value}


@pytest.mark.parametrize(("name", "game"), GAMES, ids=[name for name, _ in GAMES])
def test_every_conformance_document_loads_and_writes_as_the_reference_does(
    name: str, game: birdgames.AnyGame
) -> None:
    """Real documents, documents edited once and nested objects edited field by field."""
    samples = hostile.game_samples(game, seed=3)
    samples += hostile.game_samples(game, seed=4)[1:]
    for players in game.player_counts[1:]:
        config = game.default_config(players)
        state = game.new_game(config, players)
        for _ in range(40):
            if game.is_terminal(state):
                break
            samples.append(state)
            samples.append(game.view(state, game.to_act(state)[0]))
            state = game.apply(state, game.legal_actions(state, game.to_act(state)[0])[0])
    texts = []
    for sample in samples:
        text = codec.dumps(sample)
        assert text == reference.dumps(sample)
        texts.append((type(sample).kind, text))  # type: ignore[attr-defined]
    words = vocabulary([text for _, text in texts])
    rng = random.Random(name)
    kinds: dict[str, int] = {}
    for tag, text in texts:
        kind = _same(tag, text)
        assert kind == "loaded", (tag, text[:200])
        for _ in range(MUTATIONS):
            _, where, edited = mutate(text, words, rng)
            kind = _same(tag, edited, what=where)
            kinds[kind] = kinds.get(kind, 0) + 1
    states = [(tag, json.loads(text)) for tag, text in texts if tag.endswith(".state")]
    assert states
    for tag, data in _covering(states, EDITED_STATES):
        for what, edited in _field_edits(data, rng):
            kind = _same(tag, edited, what=what)
            kinds[kind] = kinds.get(kind, 0) + 1
    assert kinds.get("loaded", 0) > 0 and kinds.get("refused", 0) > 0, kinds


@pytest.mark.parametrize("ref", [name for name, _ in GAMES])
def test_every_hostile_case_is_refused_as_the_reference_refuses_it(ref: str) -> None:
    """The hostile cases of tests/conformance/hostile.py (every other one in the quick
    profile), loaded in this process."""
    cases = 0
    all_cases = hostile.hostile_cases(hostile.game_samples(birdgames.get_game(ref)))
    for case in itertools.islice(all_cases, 0, None, HOSTILE_STRIDE):
        _same(case.tag, case.text, case.many, case.name)
        cases += 1
    assert cases > 200


def test_the_codec_test_classes_load_as_the_reference_loads_them() -> None:
    """The test-only classes of tests/codec/test_codec.py, each field edited as above."""
    text = codec.dumps(SAMPLE)
    assert text == reference.dumps(SAMPLE)
    tag = SAMPLE.kind
    assert _same(tag, text) == "loaded"
    rng = random.Random(0)
    data = json.loads(text)
    for what, edited in _field_edits({"top": data}, rng):
        _same(tag, json.dumps(json.loads(edited)["top"]), what=what)
