"""The codec's hard limits, loading by a game's Action union, and lists of documents."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, assert_type

import pytest
from cattrs.errors import IterableValidationNote

from birdgames import CodecError, InvalidConfigError, codec, peacock, perch_bop, rookery, sim
from birdgames.core import SEED_BITS, check_seed, games
from tests.codec.test_codec import SAMPLE, Position

ROOT = Path(__file__).resolve().parents[2]
ONE_GIB = 1 << 30

ROOKERY_RECORD = sim.play(rookery.GAME, rookery.GAME.default_config(2), 1, [sim.RandomPolicy()] * 2)


def _record_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(codec.dumps(ROOKERY_RECORD))
    return data


def _refused(text: str | bytes, cls: Any = sim.Record) -> str:
    with pytest.raises(CodecError) as caught:
        codec.loads(cls, text)
    message = str(caught.value)
    assert len(message.encode("utf-8")) < 1024
    return message


def _run_capped(program: str) -> str:
    """Runs `program` in a fresh process limited to 1 GiB of address space; returns stdout."""
    code = (
        "import resource\n"
        f"resource.setrlimit(resource.RLIMIT_AS, ({ONE_GIB}, {ONE_GIB}))\n"
        + textwrap.dedent(program)
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


# --- loading by a game's Action union -----------------------------------------------------


def test_loads_a_rookery_action_by_the_game_union() -> None:
    """codec.loads(rookery.Action, text) gives that action, typed as rookery.Action."""
    action = rookery.GAME.legal_actions(rookery.GAME.new_game(rookery.GAME.default_config(2), 3), 0)
    text = codec.dumps(action[0])
    loaded = assert_type(codec.loads(rookery.Action, text), rookery.Action)
    assert loaded == action[0]


@pytest.mark.parametrize("name", ["perch_bop", "peacock", "rookery"])
def test_a_union_loads_only_its_own_members(name: str) -> None:
    """Every game's union loads its own actions and refuses another game's."""
    # Chosen at run time, so typed Any: a server picks the union by the game's name.
    unions: dict[str, Any] = {
        "perch_bop": perch_bop.Action,
        "peacock": peacock.Action,
        "rookery": rookery.Action,
    }
    game = games()[name]
    state = game.new_game(game.default_config(min(game.player_counts)), 0)
    action = game.legal_actions(state, game.to_act(state)[0])[0]
    assert codec.loads(unions[name], codec.dumps(action)) == action
    for other, union in unions.items():
        if other != name:
            with pytest.raises(CodecError, match="not one of"):
                codec.loads(union, codec.dumps(action))


def test_a_union_member_that_is_not_registered_is_refused() -> None:
    """A union naming a class the codec does not know cannot be loaded."""
    mixed: Any = rookery.Action | int
    with pytest.raises(CodecError, match="not a registered"):
        codec.loads(mixed, "{}")


def test_lists_of_documents_round_trip() -> None:
    """dumps of a tuple writes a JSON array of documents; loads_many reads it back."""
    state = peacock.GAME.new_game(peacock.GAME.default_config(3), 2)
    legal = peacock.GAME.legal_actions(state, 0)
    text = codec.dumps(legal)
    assert json.loads(text) == [json.loads(codec.dumps(action)) for action in legal]
    back = assert_type(codec.loads_many(peacock.Action, text), tuple[peacock.Action, ...])
    assert back == legal
    assert codec.dumps(()) == "[]"
    assert codec.loads_many(peacock.Action, "[]") == ()
    with pytest.raises(CodecError, match=r"\[1\]"):
        codec.loads_many(peacock.Action, json.dumps([json.loads(text)[0], {"kind": "x"}]))
    with pytest.raises(CodecError, match="JSON array"):
        codec.loads_many(peacock.Action, codec.dumps(legal[0]))


# --- bounded work -------------------------------------------------------------------------


def test_a_record_of_many_bad_actions_stops_at_the_first_few(monkeypatch: Any) -> None:
    """A huge array of bad items builds at most a few item errors and a short message."""
    built: list[object] = []
    real_note = IterableValidationNote

    def counting_note(*args: Any) -> Any:
        built.append(args)
        return real_note(*args)

    monkeypatch.setattr(codec.converters, "IterableValidationNote", counting_note)
    data = _record_data()
    data["actions"] = [0] * codec.MAX_ARRAY_LENGTH
    message = _refused(json.dumps(data))
    assert len(built) <= codec.MAX_ITEM_ERRORS
    assert "$.actions[0]" in message
    assert f"$.actions[{codec.MAX_ITEM_ERRORS}]" not in message


def test_a_million_bad_actions_is_refused_under_a_memory_cap() -> None:
    """[0] * 10**6 as a Record's actions is a CodecError in a process capped at 1 GiB."""
    out = _run_capped(
        """
        import json
        from birdgames import CodecError, codec, sim
        text = '{"format":1,"kind":"birdgames.record","game":"rookery","config":null,'
        text += '"seed":"0x1","actions":[' + ",".join(["0"] * 10**6) + '],"scores":[],"winners":[]}'
        try:
            codec.loads(sim.Record, text)
        except CodecError as exc:
            print(len(str(exc)))
        """
    )
    assert 0 < int(out) < 1024


def test_a_huge_peacock_flock_is_refused_under_a_memory_cap() -> None:
    """A flock size of 10**8 or 10**15 in a Peacock save is refused without building a list."""
    out = _run_capped(
        """
        import json
        from birdgames import CodecError, codec, peacock, sim
        game = peacock.GAME
        record = sim.play(game, game.default_config(2), 4, [sim.RandomPolicy()] * 2)
        data = json.loads(codec.dumps(sim.replay(game, record)))
        flock = next(
            g[slot] for seat in data["seats"] for g in seat["groups"]
            for slot in ("left", "right") if g[slot] is not None
        )
        for size in (10**8, 10**15):
            flock["size"] = size
            try:
                codec.loads(peacock.State, json.dumps(data))
            except CodecError as exc:
                print(str(exc)[:300])
        """
    )
    assert len(out.splitlines()) == 2


@pytest.mark.parametrize(
    "number", ["1000000000000000000", "-1000000000000000000", "9007199254740992", "1" * 5000]
)
def test_integers_wider_than_the_limit_are_refused(number: str) -> None:
    """JSON numbers beyond 2**53 - 1 in magnitude (JavaScript's exact range) are refused."""
    text = json.dumps(_record_data()).replace('"scores": [', f'"scores": [{number}, ', 1)
    assert "integer" in _refused(text)


def test_the_widest_integer_loads_where_any_integer_may_be() -> None:
    """2**53 - 1 is within the limit (the record itself does not check its scores)."""
    data = _record_data()
    data["scores"] = [codec.MAX_INTEGER, -codec.MAX_INTEGER]
    assert codec.loads(sim.Record, json.dumps(data)).scores == (2**53 - 1, -(2**53 - 1))


@pytest.mark.parametrize(
    ("seed", "message"),
    [
        ("0x" + "f" * 10**6, "string of 1000002 characters"),
        ("0x1" + "0" * (SEED_BITS // 4), "(a seed)"),
        ("-0x1" + "0" * (SEED_BITS // 4), "(a seed)"),
    ],
    ids=["10**6 digits", "2**256", "-2**256"],
)
def test_seeds_wider_than_the_limit_are_refused(seed: str, message: str) -> None:
    """A Record's seed has at most SEED_BITS bits, like every seed new_game accepts."""
    data = _record_data()
    data["seed"] = seed
    assert message in _refused(json.dumps(data))


def test_the_widest_seed_loads_and_replays() -> None:
    """A seed of exactly SEED_BITS bits is one new_game accepts, so its record loads."""
    seed = -(2**SEED_BITS - 1)
    record = sim.play(rookery.GAME, rookery.GAME.default_config(2), seed, [sim.RandomPolicy()] * 2)
    back = codec.loads(sim.Record, codec.dumps(record))
    assert back == record
    assert sim.replay(rookery.GAME, back) == sim.replay(rookery.GAME, record)


@pytest.mark.parametrize("name", ["perch_bop", "peacock", "rookery"])
@pytest.mark.parametrize(
    "seed",
    [2**SEED_BITS, -(2**SEED_BITS), 10**5000, True],
    ids=["2**256", "-2**256", "10**5000", "True"],
)
def test_new_game_and_play_refuse_a_seed_beyond_the_limit(name: str, seed: int) -> None:
    """Every engine's new_game and sim.play refuse a seed the codec could not load."""
    game = games()[name]
    config = game.default_config(min(game.player_counts))
    with pytest.raises(InvalidConfigError, match="seed") as caught:
        game.new_game(config, seed)
    assert len(str(caught.value)) < 200
    with pytest.raises(InvalidConfigError, match="seed"):
        sim.play(game, config, seed, [sim.RandomPolicy()] * min(game.player_counts))


def test_check_seed_accepts_every_seed_within_the_limit() -> None:
    """check_seed returns seeds of up to SEED_BITS bits of either sign."""
    for seed in (0, -1, 2**64, 2**SEED_BITS - 1, -(2**SEED_BITS - 1)):
        assert check_seed(seed) == seed


def test_a_document_over_the_size_limit_is_refused_before_parsing() -> None:
    """Text longer than MAX_DOCUMENT_BYTES is refused, str or bytes."""
    text = codec.dumps(SAMPLE)
    padded = text[:-1] + " " * codec.MAX_DOCUMENT_BYTES + "}"
    assert "bytes" in _refused(padded, Position)
    assert "bytes" in _refused(padded.encode(), Position)
    # Characters that take several UTF-8 bytes count by their bytes.
    wide = text[:-1] + ',"x":"' + "\u20ac" * (codec.MAX_DOCUMENT_BYTES // 2) + '"}'
    assert "bytes" in _refused(wide, Position)


def test_nesting_deeper_than_the_limit_is_refused() -> None:
    """Arrays or objects nested beyond MAX_DEPTH are refused, however they are built."""
    data = json.loads(codec.dumps(SAMPLE))
    data["pair"] = json.loads("[" * codec.MAX_DEPTH + "]" * codec.MAX_DEPTH)
    assert "deep" in _refused(json.dumps(data), Position)
    assert "deep" in _refused('{"a":' * 100_000 + "1" + "}" * 100_000, Position)


def test_strings_and_arrays_beyond_their_limits_are_refused() -> None:
    """A string over MAX_STRING_LENGTH or an array over MAX_ARRAY_LENGTH is refused."""
    data = json.loads(codec.dumps(SAMPLE))
    data["pair"] = [0, "x" * (codec.MAX_STRING_LENGTH + 1)]
    assert "string" in _refused(json.dumps(data), Position)
    data["pair"] = [0] * (codec.MAX_ARRAY_LENGTH + 1)
    assert "array" in _refused(json.dumps(data), Position)
    data = json.loads(codec.dumps(SAMPLE))
    data["x" * (codec.MAX_STRING_LENGTH + 1)] = 1
    assert "key of 257 characters" in _refused(json.dumps(data), Position)


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e999", "1" * 100 + ".5"])
def test_non_finite_and_overlong_numbers_are_refused(literal: str) -> None:
    """NaN, Infinity and numbers that overflow or run long are not birdgames JSON."""
    text = codec.dumps(SAMPLE).replace('"pair":[3,', f'"pair":[{literal},', 1)
    _refused(text, Position)


def test_duplicate_keys_are_refused() -> None:
    """An object naming a key twice is ambiguous, so it is refused, at any depth."""
    text = codec.dumps(SAMPLE)
    assert "twice" in _refused(text[:-1] + ',"colour":"blue"}', Position)
    nested = text.replace('"times":2', '"times":2,"times":3', 1)
    assert nested != text
    assert "twice" in _refused(nested, Position)


def test_lone_surrogates_are_refused() -> None:
    """A lone surrogate (escaped or raw) cannot be written back as UTF-8, so it is refused."""
    text = codec.dumps(SAMPLE)
    assert "surrogate" in _refused(text.replace('"x"', '"\\ud800"', 1), Position)
    assert "surrogate" in _refused(text.replace('"x"', '"\ud800"', 1), Position)
    assert "surrogate" in _refused(text[:-1] + ',"\\udfff":1}', Position)
    # A surrogate pair is a character; that document is refused only for its extra key.
    assert "surrogate" not in _refused(text[:-1] + ',"\\ud83d\\ude00":1}', Position)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-8-sig"])
def test_bytes_that_are_not_plain_utf8_are_refused(encoding: str) -> None:
    """Documents are UTF-8 bytes without a byte-order mark; nothing else is guessed."""
    _refused(codec.dumps(SAMPLE).encode(encoding), Position)


def test_plain_utf8_bytes_load() -> None:
    """The bytes of a document load like its text."""
    assert codec.loads(Position, codec.dumps(SAMPLE).encode()) == SAMPLE


def test_error_messages_quote_at_most_a_short_piece_of_a_bad_value() -> None:
    """A long bad value is cut in the message, never copied whole."""
    data = json.loads(codec.dumps(SAMPLE))
    data["pair"] = ["y" * codec.MAX_STRING_LENGTH, "x"]
    message = _refused(json.dumps(data), Position)
    assert "expected an integer" in message
    assert "y" * 80 not in message
    data = json.loads(codec.dumps(SAMPLE))
    data.update({f"extra{i}": i for i in range(5000)})
    assert len(_refused(json.dumps(data), Position)) < 1024


def test_every_record_the_package_makes_fits_the_limits() -> None:
    """max_actions of the longest actions seen in a played game fits one Record document."""
    for game in games().values():
        for players in game.player_counts:
            config = game.default_config(players)
            limit = game.max_actions(config)
            assert limit <= codec.MAX_ARRAY_LENGTH, f"{game.name} {players}p: {limit} actions"
            texts = [
                codec.dumps(action)
                for step in sim.iter_play(game, config, 0, [sim.RandomPolicy()] * players)
                for player in game.to_act(step.state)
                for action in game.legal_actions(step.state, player)
            ]
            longest = max(len(text.encode()) for text in texts)
            values = max(text.count(",") + text.count("[") + text.count("{") for text in texts)
            # Each action in a record also gives a comma; twice the longest seen leaves room.
            size = len(codec.dumps(config)) + limit * 2 * (longest + 1)
            assert size < codec.MAX_DOCUMENT_BYTES, f"{game.name} {players}p: {size} bytes"
            counted = len(codec.dumps(config)) + limit * (values + 1)
            assert counted < codec.MAX_VALUES, f"{game.name} {players}p: {counted} values"
