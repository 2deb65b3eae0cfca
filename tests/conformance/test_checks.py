"""The suite's own helpers flag what they are meant to flag."""

import random
from typing import ClassVar

import attrs
import pytest

from birdgames import codec, core, games
from tests.conformance.checks import check_frozen, damaged_documents, first_difference
from tests.toy.game import GAME


@attrs.define
class Mutable:
    kind: ClassVar[str] = "conformance.mutable"
    value: int


@attrs.frozen
class Holder:
    kind: ClassVar[str] = "conformance.holder"
    items: object


def test_toy_game_is_never_registered() -> None:
    """The toy game lives in tests only."""
    assert "toy" not in games() and "toy" not in core.registered_modules()


def test_check_frozen_accepts_a_toy_state() -> None:
    """A state of frozen classes, tuples and leaves passes."""
    check_frozen(GAME.new_game(GAME.default_config(3), seed=0))


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (Holder([1, 2]), r"state.items is a list"),
        (Holder({"a": 1}), r"state.items is a dict"),
        (Holder((1, {2})), r"state.items\[1\] is a set"),
        (Holder(Mutable(1)), r"state.items \(Mutable\) is not a frozen class"),
        (Holder(1.5), r"state.items is a float"),
    ],
)
def test_check_frozen_flags_mutable_parts(value: object, message: str) -> None:
    """Lists, dicts, sets, floats and non-frozen classes anywhere in a state are flagged."""
    with pytest.raises(AssertionError, match=message):
        check_frozen(value)


def test_first_difference_names_the_path() -> None:
    """The report points at the first differing attribute or index."""
    assert first_difference(Holder((1, 2)), Holder((1, 2))) is None
    assert first_difference(Holder((1, 2)), Holder((1, 3))) == "state.items[1]: 2 != 3"


def test_damaged_documents_cover_every_kind_of_damage() -> None:
    """Truncation, wrong types, floats, extra keys, tags and versions are all produced."""
    text = codec.dumps(GAME.new_game(GAME.default_config(2), seed=0))
    kinds = {what.split(" at ")[0] for what, _ in damaged_documents(text, random.Random(0), 5)}
    assert {"truncated", "float", "wrong type", "extra key", "newer format"} <= kinds
    assert {"unknown kind", "another kind", "format as text", "no format"} <= kinds
