"""The codec's document format and its strictness, on small test-only classes."""

from __future__ import annotations

import contextlib
import enum
import json
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from birdgames import CodecError, codec
from birdgames.core import ActionLike
from birdgames.rng import Rng


class Colour(enum.Enum):
    BLUE = "blue"
    ORANGE = "orange"


@attrs.frozen
class Nudge:
    kind: ClassVar[str] = "codectest.nudge"
    player: int
    target: str


@attrs.frozen
class Pass:
    kind: ClassVar[str] = "codectest.pass"
    player: int
    times: int | None = None


@attrs.frozen
class Nudged:
    kind: ClassVar[str] = "codectest.nudged"
    player: int


@attrs.frozen
class Pile:
    cards: tuple[str, ...]
    marks: frozenset[int]


@attrs.frozen
class Position:
    kind: ClassVar[str] = "codectest.position"
    colour: Colour
    rng: Rng
    seed: int = attrs.field(metadata=codec.HEX)
    piles: tuple[Pile, ...] = ()
    pending: Nudge | Pass | None = None
    pair: tuple[int, str] = (0, "")
    history: tuple[ActionLike, ...] = ()
    tags: frozenset[str] = frozenset()
    spare: Pile | None = None


codec.register(Nudge, Pass, role="action")
codec.register(Nudged, role="event")
codec.register(Position)


def _no_negative_seed_with_blue(position: Position) -> str | None:
    if len(position.piles) > 3:
        return f"at most 3 piles, found {len(position.piles)}"
    return None


codec.register_validator(Position, _no_negative_seed_with_blue)

SAMPLE = Position(
    colour=Colour.ORANGE,
    rng=Rng(0xDEADBEEF),
    seed=-(2**70),
    piles=(Pile(("heron", "owl"), frozenset({10, 2, 33})),),
    pending=Pass(1, 2),
    pair=(3, "x"),
    history=(Nudge(0, "owl"), Pass(1)),
    tags=frozenset({"b", "a", "c"}),
    spare=Pile(("crow",), frozenset()),
)


def _mutated(mutate: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(codec.dumps(SAMPLE))
    mutate(data)
    return json.dumps(data)


def test_round_trip_gives_an_equal_object() -> None:
    """A document loads back into an equal object."""
    assert codec.loads(Position, codec.dumps(SAMPLE)) == SAMPLE


def test_document_starts_with_format_and_kind() -> None:
    """Every document carries its integer format and its namespaced tag first."""
    data = json.loads(codec.dumps(SAMPLE))
    assert list(data)[:2] == ["format", "kind"]
    assert data["format"] == 1
    assert data["kind"] == "codectest.position"


def test_seed_and_rng_are_hex_strings_other_ints_are_numbers() -> None:
    """Seeds and the rng state are hex strings; every other int is a JSON number."""
    data = json.loads(codec.dumps(SAMPLE))
    assert data["seed"] == "-0x400000000000000000"
    assert data["rng"] == "00000000deadbeef"
    assert data["pair"] == [3, "x"]
    assert data["pending"] == {"kind": "codectest.pass", "player": 1, "times": 2}


def test_an_optional_untagged_class_needs_no_tag() -> None:
    """X | None with an untagged X is written plainly and loads back, null too."""
    data = json.loads(codec.dumps(SAMPLE))
    assert data["spare"] == {"cards": ["crow"], "marks": []}
    empty = attrs.evolve(SAMPLE, spare=None)
    assert codec.loads(Position, codec.dumps(empty)) == empty
    with pytest.raises(CodecError, match=r"@ \$\.spare\.cards"):
        codec.loads(Position, _mutated(lambda d: d["spare"].__setitem__("cards", 3)))


def test_sets_are_written_sorted() -> None:
    """Frozensets are written sorted, numbers numerically."""
    data = json.loads(codec.dumps(SAMPLE))
    assert data["tags"] == ["a", "b", "c"]
    assert data["piles"][0]["marks"] == [2, 10, 33]


def test_dumps_is_identical_under_another_hash_seed() -> None:
    """PYTHONHASHSEED changes nothing in the text."""
    program = (
        "from tests.codec.test_codec import SAMPLE; from birdgames import codec; "
        "print(codec.dumps(SAMPLE))"
    )
    texts = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        result = subprocess.run(
            [sys.executable, "-c", program], env=env, capture_output=True, text=True, check=True
        )
        texts.add(result.stdout.strip())
    assert texts == {codec.dumps(SAMPLE)}


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["pair"].__setitem__(0, "5"), "expected an integer, got str '5' @ $.pair[0]"),
        (lambda d: d["pair"].__setitem__(0, 1.7), "expected an integer, got float 1.7 @ $.pair[0]"),
        (lambda d: d["pair"].__setitem__(0, None), "expected an integer, got null @ $.pair[0]"),
        (
            lambda d: d["pair"].__setitem__(0, True),
            "expected an integer, got bool True @ $.pair[0]",
        ),
        (lambda d: d["pair"].__setitem__(1, None), "expected a string, got null @ $.pair[1]"),
        (lambda d: d["piles"][0].__setitem__("cards", "owl"), "@ $.piles[0].cards"),
        (lambda d: d["piles"][0]["marks"].append(2), "repeats"),
        (lambda d: d.__setitem__("pair", [1]), "expected 2 items, got 1 @ $.pair"),
        (lambda d: d.__setitem__("colour", "green"), "@ $.colour"),
        (lambda d: d.__setitem__("seed", 17), "expected a hex string"),
        (lambda d: d.__setitem__("rng", "0x5"), "rng state"),
        (lambda d: d.__setitem__("surprise", 1), "extra fields found (surprise)"),
        (lambda d: d.pop("rng"), "required field missing @ $.rng"),
        (lambda d: d["pending"].__setitem__("kind", "codectest.nudged"), "@ $.pending"),
        (lambda d: d["pending"].__setitem__("times", True), "got bool True @ $.pending.times"),
        (lambda d: d["pending"].__setitem__("times", "2"), "got str '2' @ $.pending.times"),
        # A nested object's format is an integer too: true and 1.0 equal 1 but are refused.
        (lambda d: d["pending"].__setitem__("format", True), "has format True"),
        (lambda d: d["pending"].__setitem__("format", 1.0), "has format 1.0"),
        (lambda d: d["history"][0].__setitem__("kind", "codectest.nudged"), "@ $.history[0]"),
        (lambda d: d.__setitem__("kind", "codectest.pile"), "expected kind 'codectest.position'"),
        (lambda d: d.__setitem__("format", 2), "newer than this birdgames reads"),
        (lambda d: d.__setitem__("format", 0), "unknown format 0"),
        (lambda d: d.__setitem__("format", "1"), "integer 'format'"),
        (lambda d: d.__setitem__("piles", [d["piles"][0]] * 4), "at most 3 piles, found 4"),
    ],
)
def test_bad_documents_raise_codec_error_naming_the_problem(
    mutate: Callable[[dict[str, Any]], None], message: str
) -> None:
    """Each kind of damage is a CodecError whose message names the field."""
    with pytest.raises(CodecError) as caught:
        codec.loads(Position, _mutated(mutate))
    assert message in str(caught.value)


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "5", '"x"', "{}", "[" * 100_000])
def test_text_that_is_no_document_raises_codec_error(text: str) -> None:
    """Text that is not a JSON object document is a CodecError."""
    with pytest.raises(CodecError):
        codec.loads(Position, text)


@given(st.text(max_size=200))
def test_arbitrary_text_raises_only_codec_error(text: str) -> None:
    """Whatever the text, loading either succeeds or raises CodecError."""
    with contextlib.suppress(CodecError):
        codec.loads(Position, text)


@given(st.integers(min_value=0, max_value=len(codec.dumps(SAMPLE)) - 1), st.characters())
def test_damaged_text_raises_only_codec_error(index: int, char: str) -> None:
    """A document with one character replaced loads or raises CodecError, nothing else."""
    text = codec.dumps(SAMPLE)
    with contextlib.suppress(CodecError):
        codec.loads(Position, text[:index] + char + text[index + 1 :])


def test_loads_action_and_loads_event_choose_by_tag() -> None:
    """loads_action finds an action class by its tag; loads_event an event class."""
    assert codec.loads_action(codec.dumps(Nudge(1, "heron"))) == Nudge(1, "heron")
    assert codec.loads_event(codec.dumps(Nudged(0))) == Nudged(0)


def test_loads_action_refuses_an_event_and_loads_event_an_action() -> None:
    """An event document is not an action, and the other way round."""
    with pytest.raises(CodecError, match="not the kind of any registered action"):
        codec.loads_action(codec.dumps(Nudged(0)))
    with pytest.raises(CodecError, match="not the kind of any registered event"):
        codec.loads_event(codec.dumps(Pass(0)))


def test_unregistered_class_is_refused() -> None:
    """Only registered document classes can be written or read."""
    with pytest.raises(CodecError, match="not a registered"):
        codec.dumps(Pile((), frozenset()))
    with pytest.raises(CodecError, match="not a registered"):
        codec.loads(Pile, "{}")


def test_a_tag_cannot_be_reused_by_another_class() -> None:
    """Two classes with one tag would make saved games ambiguous."""

    @attrs.frozen
    class Impostor:
        kind: ClassVar[str] = "codectest.nudge"
        player: int

    with pytest.raises(TypeError, match="already used"):
        codec.register(Impostor)


def test_a_class_without_a_tag_cannot_be_registered() -> None:
    """Documents need a permanent ClassVar kind."""
    with pytest.raises(TypeError, match="ClassVar kind"):
        codec.register(Pile)


def test_a_validator_that_crashes_still_gives_codec_error() -> None:
    """A state broken badly enough to crash its checker is refused, not raised through."""

    @attrs.frozen
    class Fragile:
        kind: ClassVar[str] = "codectest.fragile"
        size: int

    def crashing(obj: Fragile) -> str | None:
        return None if obj.size == 1 else f"size {10 // obj.size} is wrong"

    codec.register(Fragile)
    codec.register_validator(Fragile, crashing)
    assert codec.loads(Fragile, '{"format":1,"kind":"codectest.fragile","size":1}') == Fragile(1)
    with pytest.raises(CodecError, match="invariants cannot be checked"):
        codec.loads(Fragile, '{"format":1,"kind":"codectest.fragile","size":0}')
    with pytest.raises(CodecError, match="size -2 is wrong"):
        codec.loads(Fragile, '{"format":1,"kind":"codectest.fragile","size":-5}')
