"""Hostile documents: what an attacker sends a server, each refused at a bounded cost.

For one game, `hostile_cases` builds documents of every registered document type of the game
(and its `sim.Record`): over every limit of `birdgames.codec`, huge arrays of bad items, wide
and non-finite numbers, deep nesting, huge strings and seeds, duplicate keys, lone
surrogates, UTF-16 and UTF-32 bytes. Each must be refused with `CodecError`, with a short
message, building at most a few item errors. A second set puts the widest integer the codec
admits into every number of real documents, where a validator might count or build with it:
those must be refused or load, never anything else.

`python -m tests.conformance.hostile <game>` runs them all in a process capped at 1 GiB of
address space and prints one JSON line per case; `tests/conformance/test_hostile.py` drives
it. `<game>` is a registered game's name or `module:attribute` of a callable returning
sample objects (the test-only variants use that).
"""

from __future__ import annotations

import importlib
import json
import random
import re
import resource
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

import attrs
from cattrs.errors import IterableValidationNote

from birdgames import AnyGame, CodecError, codec, get_game, sim
from birdgames.core import SEED_BITS
from tests.profile import PROFILE

ADDRESS_SPACE: Final = 1 << 30
CPU_SECONDS: Final = 600  # a safety net against a hang, never a measure of speed
MESSAGE_BYTES: Final = 1024
RECORD_TAG: Final = "birdgames.record"
# How many paths of each document get each path-wise damage (all int paths for wide ones).
PATHS_PER_DOCUMENT: Final = 3
# The whole-document cases (size, depth, encodings: the parser and limits every type shares)
# are loaded for every fourth type in the quick reruns, every second in the full run, and for
# each type in the dev and soak profiles.
WHOLE_DOCUMENT_STRIDE: Final = {"quick": 4, "ci": 2}.get(PROFILE, 1)
# Item errors one load may build: MAX_ITEM_ERRORS in the damaged array, and one for each
# array around it in the document's type.
ITEM_ERRORS: Final = 2 * codec.MAX_ITEM_ERRORS


@attrs.frozen
class Case:
    """One hostile document and how it is loaded."""

    name: str
    tag: str  # the registered type it claims to be
    text: str | bytes
    # "refuse": must be a CodecError; "bounded": a CodecError or a loaded object.
    expect: str = "refuse"
    many: bool = False  # an array of documents, for loads_many


@attrs.frozen
class Outcome:
    """What loading one case did."""

    name: str
    tag: str
    expect: str
    result: str  # "refused", "loaded" or the name of the exception that escaped
    message_bytes: int
    item_errors: int


# ------------------------------------------------------------------ samples


def game_samples(game: AnyGame, seed: int = 0) -> list[object]:
    """Returns real objects of one game: config, states, views, actions, events, a Record."""
    players = min(game.player_counts)
    config = game.default_config(players)
    samples: list[object] = [config]
    policies = [sim.RandomPolicy() for _ in range(players)]
    state = game.new_game(config, seed)
    steps = list(sim.iter_play(game, config, seed, policies))
    picked = {0, len(steps) // 3, 2 * len(steps) // 3, len(steps) - 1}
    for index, step in enumerate(steps):
        samples.append(step.action)
        samples.extend(step.events)
        if index in picked:
            samples.append(state)
            samples.extend(game.view(state, viewer) for viewer in (*range(players), None))
        state = step.state
    samples.append(state)
    samples.append(sim.play(game, config, seed, policies))
    return samples


def _samples_for(ref: str) -> list[object]:
    if ":" not in ref:
        return game_samples(get_game(ref))
    module, _, attribute = ref.partition(":")
    found = getattr(importlib.import_module(module), attribute)
    if callable(found):
        samples: list[object] = found()
        return samples
    return game_samples(found)


def documents(samples: Sequence[object]) -> dict[str, str]:
    """Returns one document per registered type the samples reach, by tag.

    Types of the samples' games with no sample (an event never seen, a nested tagged class)
    get a skeleton document: their kind and every field null.
    """
    by_tag: dict[str, list[object]] = {}
    for sample in samples:
        by_tag.setdefault(getattr(type(sample), "kind", ""), []).append(sample)
    # The middle sample of each type: a state or view in mid-game holds the most.
    found = {tag: codec.dumps(group[len(group) // 2]) for tag, group in by_tag.items()}
    prefixes = {tag.split(".", 1)[0] + "." for tag in by_tag if tag != RECORD_TAG}
    for tag, registration in sorted(codec.registrations.BY_TAG.items()):
        if tag not in found and tag.startswith(tuple(prefixes)):
            body = {field.name: None for field in attrs.fields(registration.cls)}
            found[tag] = json.dumps({"format": registration.version, "kind": tag, **body})
    return found


# ------------------------------------------------------------------ damage


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(data, dict):
        items: Iterator[tuple[Any, Any]] = iter(data.items())
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return
    for key, value in items:
        if key not in ("format", "kind"):
            yield (*prefix, key), value
            yield from _paths(value, (*prefix, key))


_MARK: Final = "\x00hostile\x00"


def _with(data: Any, path: tuple[Any, ...], raw: str) -> str:
    """Returns the JSON of `data` with the value at `path` replaced by the raw text `raw`."""
    target = data
    for key in path[:-1]:
        target = target[key]
    old = target[path[-1]]
    target[path[-1]] = _MARK
    try:
        return json.dumps(data, separators=(",", ":")).replace(json.dumps(_MARK), raw, 1)
    finally:
        target[path[-1]] = old


def _whole_document_cases(tag: str, text: str) -> Iterator[Case]:
    big = codec.MAX_DOCUMENT_BYTES
    body = text[:-1]
    yield Case("over the size limit (spaces)", tag, body + " " * big + "}")
    yield Case("over the size limit (bytes)", tag, (body + " " * big + "}").encode())
    yield Case("a 2 MB string", tag, body + ',"hostile":"' + "x" * (big - len(text) - 20) + '"}')
    yield Case("a string one over the limit", tag, body + ',"s":"' + "x" * 257 + '"}')
    yield Case("a key one over the limit", tag, body + ',"' + "k" * 257 + '":1}')
    yield Case(
        "50,000 extra keys", tag, body + "".join(f',"k{i}":{i}' for i in range(50_000)) + "}"
    )
    yield Case("deep arrays (100,000)", tag, body + ',"d":' + "[" * 100_000 + "]" * 100_000 + "}")
    yield Case(
        "deep objects (100,000)", tag, body + ',"d":' + '{"a":' * 100_000 + "1" + "}" * 100_001
    )
    depth = codec.MAX_DEPTH
    yield Case("nesting one over the limit", tag, body + ',"d":' + "[" * depth + "]" * depth + "}")
    yield Case("unclosed nesting", tag, "[" * 500_000)
    yield Case("duplicate kind", tag, body + f',"kind":{json.dumps(tag)}' + "}")
    yield Case("duplicate format", tag, body + ',"format":1}')
    yield Case("lone surrogate key", tag, body + ',"\\ud800":1}')
    yield Case("lone surrogate raw", tag, body + ',"\udfff":1}')
    for encoding in ("utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-8-sig"):
        yield Case(f"{encoding} bytes", tag, text.encode(encoding))
    yield Case("invalid UTF-8", tag, text.encode()[:-1] + b"\xff}")
    yield Case("kind of 256 characters", tag, text.replace(json.dumps(tag), '"' + "q" * 256 + '"'))
    yield Case("not an object", tag, "[" + ",".join(["0"] * 100_000) + "]")
    # The document's own format comes first in its text, whatever version it is.
    yield Case("format 10**18", tag, _FORMAT.sub('"format":1000000000000000000', text, count=1))
    yield Case("format of 5,000 digits", tag, _FORMAT.sub('"format":' + "9" * 5000, text, count=1))
    yield Case("many documents, the last bad", tag, "[" + ",".join([text] * 40) + ",0]", many=True)
    yield Case("many documents too many", tag, "[" + ",".join(["{}"] * 20_000) + "]", many=True)


_FORMAT: Final = re.compile(r'"format":[0-9]+')

_NUMBERS: Final = {
    "10**18": "1000000000000000000",
    "-10**18": "-1000000000000000000",
    "2**53": str(2**53),
    "5,000 digits": "7" * 5000,
    "NaN": "NaN",
    "Infinity": "Infinity",
    "-Infinity": "-Infinity",
    "1e999": "1e999",
    "long float": "1" * 400 + ".5",
}


def _path_cases(tag: str, data: Any, rng: random.Random) -> Iterator[Case]:
    paths = list(_paths(data))
    if not paths:
        return
    chosen = rng.sample(paths, min(PATHS_PER_DOCUMENT, len(paths)))
    for path, _ in chosen:
        where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
        for name, raw in _NUMBERS.items():
            yield Case(f"{name} at {where}", tag, _with(data, path, raw))
        yield Case(
            f"a string of 10**5 at {where}", tag, _with(data, path, '"' + "s" * 100_000 + '"')
        )
        yield Case(f"depth over the limit at {where}", tag, _with(data, path, "[" * 40 + "]" * 40))
    arrays = [(path, value) for path, value in paths if isinstance(value, list)]
    for path, _ in arrays[:PATHS_PER_DOCUMENT] + rng.sample(arrays, min(2, len(arrays))):
        where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
        # A float is never valid; the others may be, where the array holds them.
        for item, expect in (("1.5", "refuse"), ("0", "bounded"), ("{}", "bounded")):
            full = "[" + ",".join([item] * codec.MAX_ARRAY_LENGTH) + "]"
            name = f"{codec.MAX_ARRAY_LENGTH} items {item} at {where}"
            yield Case(name, tag, _with(data, path, full), expect=expect)
        over = "[" + ",".join(["0"] * (codec.MAX_ARRAY_LENGTH + 1)) + "]"
        yield Case(f"an array one over the limit at {where}", tag, _with(data, path, over))
    objects = [(path, value) for path, value in paths if isinstance(value, dict)]
    for path, value in objects[:PATHS_PER_DOCUMENT]:
        where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
        inner = json.dumps(value, separators=(",", ":"))
        yield Case(f"duplicate key at {where}", tag, _with(data, path, inner[:-1] + ',"kind":0}'))


def _record_cases(data: Any) -> Iterator[Case]:
    digits = SEED_BITS // 4
    for name, seed in (
        ("a seed of 10**6 digits", "0x" + "f" * 10**6),
        ("a seed one bit over", "0x1" + "0" * digits),
        ("a negative seed one bit over", "-0x1" + "0" * digits),
        ("a seed of 255 digits", "0x" + "f" * 253),
        ("a seed as a number", str(2**53 - 1)),
    ):
        yield Case(name, RECORD_TAG, _with(data, ("seed",), json.dumps(seed)))
    many = "[" + ",".join(["0"] * 10**6) + "]"
    yield Case("10**6 bad actions (2 MB)", RECORD_TAG, _with(data, ("actions",), many))
    bad = json.dumps({"kind": "no.such", "player": 0})
    actions = "[" + ",".join([bad] * codec.MAX_ARRAY_LENGTH) + "]"
    yield Case("16,384 actions of an unknown kind", RECORD_TAG, _with(data, ("actions",), actions))
    # A record's game is checked by sim.verify and sim.replay, not by loading.
    unknown = _with(data, ("game",), json.dumps("g" * 256))
    yield Case("an unknown game", RECORD_TAG, unknown, expect="bounded")


def _wide_count_cases(tag: str, data: Any) -> Iterator[Case]:
    """Every number set to the widest the codec admits, for a type with a validator."""
    for path, value in _paths(data):
        if type(value) is int:
            where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
            for raw in (str(codec.MAX_INTEGER), str(-codec.MAX_INTEGER)):
                yield Case(f"{raw} at {where}", tag, _with(data, path, raw), expect="bounded")


def hostile_cases(samples: Sequence[object]) -> Iterator[Case]:
    """Yields every hostile case for the registered types the samples reach.

    A generator: the cases hold megabytes of text each, and the memory cap is for loading.
    """
    rng = random.Random(0)
    for index, (tag, text) in enumerate(sorted(documents(samples).items())):
        data = json.loads(text)
        if index % WHOLE_DOCUMENT_STRIDE == 0 or tag == RECORD_TAG:
            yield from _whole_document_cases(tag, text)
        yield from _path_cases(tag, data, rng)
        if tag == RECORD_TAG:
            yield from _record_cases(data)
        if codec.registrations.BY_TAG[tag].cls in codec.registrations.VALIDATORS:
            yield from _wide_count_cases(tag, data)


# ------------------------------------------------------------------ running


def _loaders(tag: str, many: bool) -> list[Callable[[str | bytes], object]]:
    registration = codec.registrations.BY_TAG[tag]
    cls = registration.cls
    if many:
        return [lambda text: codec.loads_many(cls, text)]
    loaders: list[Callable[[str | bytes], object]] = [lambda text: codec.loads(cls, text)]
    if registration.role == "action":
        loaders.append(codec.loads_action)
    if registration.role == "event":
        loaders.append(codec.loads_event)
    return loaders


def run_case(case: Case) -> list[Outcome]:
    """Loads one case with every loader that reads its type; returns what each did."""
    outcomes: list[Outcome] = []
    for load in _loaders(case.tag, case.many):
        built: list[object] = []

        def counting_note(*args: Any, built: list[object] = built) -> Any:
            built.append(args)
            return IterableValidationNote(*args)

        # Every item error the codec builds gets one note: counting them bounds the work.
        setattr(codec, "IterableValidationNote", counting_note)  # noqa: B010
        message = ""
        try:
            load(case.text)
            result = "loaded"
        except CodecError as exc:
            result, message = "refused", str(exc)
        except Exception as exc:
            result = type(exc).__name__
        finally:
            setattr(codec, "IterableValidationNote", IterableValidationNote)  # noqa: B010
        outcomes.append(
            Outcome(case.name, case.tag, case.expect, result, len(message.encode()), len(built))
        )
    return outcomes


def problem(outcome: Outcome) -> str | None:
    """Returns what is wrong with an outcome, or None when it keeps the codec's promise."""
    allowed = {"refused"} if outcome.expect == "refuse" else {"refused", "loaded"}
    if outcome.result not in allowed:
        return f"{outcome.tag} {outcome.name}: {outcome.result}"
    if outcome.message_bytes >= MESSAGE_BYTES:
        return f"{outcome.tag} {outcome.name}: a message of {outcome.message_bytes} bytes"
    if outcome.item_errors > ITEM_ERRORS:
        return f"{outcome.tag} {outcome.name}: {outcome.item_errors} item errors built"
    return None


def main(ref: str) -> None:
    """Runs every hostile case of `ref` under the memory cap; prints one line per outcome."""
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
    for case in hostile_cases(_samples_for(ref)):
        for outcome in run_case(case):
            print(json.dumps(attrs.asdict(outcome)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
