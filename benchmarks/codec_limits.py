"""The worst documents each codec limit admits: time and peak memory of loading them.

Run `python benchmarks/codec_limits.py`; it prints a Markdown table (the one in
docs/codec.md). Each document is built to cost the most a limit allows: the longest text,
the most values, the widest numbers, the longest strings, the deepest nesting, the longest
arrays of bad items, and real states with the widest numbers where validators read them.
Times are the slowest of several runs; memory is the peak Python allocation (tracemalloc).
"""

from __future__ import annotations

import functools
import json
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from birdgames import CodecError, codec, get_game, sim

RUNS = 5
SIZE = codec.MAX_DOCUMENT_BYTES


def _record_text(actions: str) -> str:
    game = get_game("rookery")
    record = sim.play(game, game.default_config(2), 1, [sim.RandomPolicy()] * 2)
    data = json.loads(codec.dumps(record))
    head = json.dumps({**data, "actions": "@"}, separators=(",", ":"))
    return head.replace('"@"', actions, 1)


def _longest_valid_record() -> str:
    game = get_game("rookery")
    record = sim.play(game, game.default_config(2), 1, [sim.RandomPolicy()] * 2)
    longest = max(record.actions, key=lambda action: len(codec.dumps(action)))
    body = {k: v for k, v in codec.to_primitive(longest).items() if k != "format"}
    action = json.dumps(body, separators=(",", ":"))
    return _record_text("[" + ",".join([action] * codec.MAX_ARRAY_LENGTH) + "]")


def _wide_state(name: str) -> tuple[type[Any], str]:
    game = get_game(name)
    players = min(game.player_counts)
    record = sim.play(game, game.default_config(players), 2, [sim.RandomPolicy()] * players)
    state = sim.replay(game, record, upto=len(record.actions) // 2)
    data = json.loads(codec.dumps(state))
    _widen(data)
    return type(state), json.dumps(data, separators=(",", ":"))


def _widen(data: Any) -> None:
    """Sets every number below the top (a count, id or score) to the widest admitted."""
    items = data.items() if isinstance(data, dict) else enumerate(data)
    for key, value in list(items):
        if type(value) is int and key != "format":
            data[key] = codec.MAX_INTEGER
        elif isinstance(value, dict | list):
            _widen(value)


def _cases() -> list[tuple[str, type[Any], str | bytes]]:
    cases: list[tuple[str, type[Any], str | bytes]] = []
    record = sim.Record
    values = codec.MAX_VALUES
    cases.append(("text over the size limit", record, '{"a":' + " " * SIZE + "1}"))
    cases.append(("values over the limit", record, "[" + "0," * values + "0]"))
    zeros = "[" + ",".join(["0"] * (values - 2)) + "]"
    cases.append(("flat array of 131,070 zeros", record, zeros))
    objects = "[" + ",".join(["{}"] * (values // 2 - 1)) + "]"
    cases.append(("65,535 empty objects", record, objects))
    width = codec.MAX_ARRAY_LENGTH
    block = "[" + ",".join(["0"] * (width - 1)) + "]"
    cases.append(
        (
            f"{values // width} arrays of {width - 1:,} zeros",
            record,
            "[" + ",".join([block] * (values // width - 1)) + "]",
        )
    )
    wide = str(codec.MAX_INTEGER)
    ints = "[" + ",".join([wide] * (SIZE // (len(wide) + 1) - 1)) + "]"
    cases.append(("123,000 integers of 16 digits", record, ints))
    too_wide = "[" + ",".join(["9" * 4300] * (SIZE // 4301 - 1)) + "]"
    cases.append(("487 integers of 4,300 digits", record, too_wide))
    text = '"' + "\u00e9" * codec.MAX_STRING_LENGTH + '"'
    strings = "[" + ",".join([text] * (SIZE // (2 * codec.MAX_STRING_LENGTH + 3) - 1)) + "]"
    cases.append(("4,000 strings of 256 non-ASCII", record, strings))
    cases.append(("nesting 100,000 deep", record, "[" * 100_000 + "]" * 100_000))
    deep = "[" * codec.MAX_DEPTH + "]" * codec.MAX_DEPTH
    cases.append(
        ("nesting at the depth limit, 3,000 times", record, "[" + ",".join([deep] * 3000) + "]")
    )
    keys = "{" + ",".join(f'"k{i}":0' for i in range(values - 2)) + "}"
    cases.append(("an object of 131,070 keys", record, keys))
    most = (
        "["
        + ",".join(
            ["{" + ",".join(f'"k{i}":0' for i in range(codec.MAX_OBJECT_KEYS)) + "}"]
            * (values // (codec.MAX_OBJECT_KEYS + 1) - 1)
        )
        + "]"
    )
    cases.append(("1,000 objects of 128 keys", record, most))
    bad = _record_text("[" + ",".join(["0"] * width) + "]")
    cases.append((f"Record: {width:,} bad actions", record, bad))
    unknown = _record_text("[" + ",".join(['{"kind":"x.y","player":0}'] * width) + "]")
    cases.append((f"Record: {width:,} actions of no kind", record, unknown))
    cases.append((f"Record: {width:,} valid actions (loads)", record, _longest_valid_record()))
    seed = _record_text("[]").replace('"seed":"', '"seed":"0x' + "f" * 250, 1)
    cases.append(("Record: a seed of 252 digits", record, seed))
    for name in ("perch_bop", "peacock", "rookery"):
        cls, state = _wide_state(name)
        cases.append((f"{name} State, every small number 2**53-1", cls, state))
        game = get_game(name)
        players = max(game.player_counts)
        played = sim.play(game, game.default_config(players), 3, [sim.RandomPolicy()] * players)
        real = codec.dumps(sim.replay(game, played, upto=len(played.actions) // 2))
        cases.append((f"{name} State, a real one (loads)", cls, real))
    return cases


def _load(cls: type[Any], text: str | bytes) -> str:
    try:
        codec.loads(cls, text)
    except CodecError as exc:
        return f"refused: {str(exc)[:60]}"
    return "loaded"


def _measure(load: Callable[[], str]) -> tuple[float, float, float, str]:
    times = []
    outcome = ""
    for _ in range(RUNS):
        start = time.perf_counter()
        outcome = load()
        times.append(time.perf_counter() - start)
    tracemalloc.start()
    load()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return max(times) * 1000, statistics.median(times) * 1000, peak / 2**20, outcome


def main() -> None:
    """Prints the table."""
    print(f"Python {sys.version.split()[0]}, {RUNS} runs each\n")
    print("| document | bytes | slowest ms | median ms | peak MiB | outcome |")
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    for name, cls, text in _cases():
        slowest, median, peak, outcome = _measure(functools.partial(_load, cls, text))
        size = len(text.encode() if isinstance(text, str) else text)
        print(f"| {name} | {size:,} | {slowest:.1f} | {median:.1f} | {peak:.1f} | {outcome} |")


if __name__ == "__main__":
    main()
