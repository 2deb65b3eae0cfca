"""Action field types read from annotations, checked exactly, and values described briefly."""

import enum
import re
from typing import Any, ClassVar

import attrs
import pytest

from birdgames.fields import (
    MAX_INT,
    MAX_ITEMS,
    MAX_TEXT,
    MIN_INT,
    ActionTypes,
    describe,
    describe_action,
    field_types,
)


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Shade(enum.Enum):
    RED = "red"


@attrs.frozen
class Paint:
    kind: ClassVar[str] = "fields.paint"
    player: int
    colour: Colour
    name: str
    wet: bool
    slot: int | None = None
    marks: tuple[int, ...] = ()
    pair: tuple[str, Colour] | None = None

    def __str__(self) -> str:
        return f"p{self.player} paints {self.name} {self.colour.value}"


@attrs.frozen
class Stamp:
    kind: ClassVar[str] = "fields.stamp"
    player: int


class Counter(int):
    """An int that is not exactly an int."""


TYPES = ActionTypes("Fields", (Paint, Stamp))
GOOD = Paint(0, Colour.RED, "sky", True)


def test_a_well_typed_action_passes() -> None:
    """Every field of its declared type, within bounds: no problem."""
    assert TYPES.problem(GOOD) is None
    assert TYPES.problem(attrs.evolve(GOOD, slot=3, marks=(1, 2), pair=("a", Colour.BLUE))) is None
    assert TYPES.problem(Stamp(MAX_INT)) is None
    assert TYPES.problem(Stamp(MIN_INT)) is None
    assert TYPES.problem(attrs.evolve(GOOD, name="x" * MAX_TEXT)) is None


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"player": True}, "player must be an int of 64 bits, not True"),
        ({"player": 1.0}, "player must be an int of 64 bits, not 1.0"),
        ({"player": "0"}, "player must be an int of 64 bits, not '0'"),
        ({"player": Counter(1)}, "player must be an int of 64 bits, not a Counter"),
        ({"player": MAX_INT + 1}, "player must be an int of 64 bits, not 9223372036854775808"),
        ({"player": 10**100}, "not an int of 333 bits"),
        ({"colour": "red"}, "colour must be a Colour, not 'red'"),
        ({"colour": Shade.RED}, "colour must be a Colour, not Shade.RED"),
        ({"colour": None}, "colour must be a Colour, not None"),
        ({"name": 7}, "name must be a str of at most 64 characters, not 7"),
        ({"name": "x" * (MAX_TEXT + 1)}, r"not 'x{60}'\.\.\. \(65 characters\)"),
        ({"wet": 1}, "wet must be a bool, not 1"),
        ({"slot": False}, "slot must be an int of 64 bits or None, not False"),
        ({"marks": [1]}, "marks must be a tuple of an int of 64 bits, not a list"),
        ({"marks": (1, "2")}, r"not \(1, '2'\)"),
        ({"marks": (1,) * (MAX_ITEMS + 1)}, "not a tuple of 65 items"),
        ({"pair": ("a",)}, r"pair must be a tuple \(a str .*, a Colour\) or None"),
        ({"pair": ("a", "red")}, r"not \('a', 'red'\)"),
    ],
)
def test_a_wrong_type_or_size_is_named_with_the_field(
    changes: dict[str, Any], message: str
) -> None:
    """Bools are not ints, subclasses are not their base, enums are their own class only."""
    problem = TYPES.problem(attrs.evolve(GOOD, **changes))
    assert problem is not None
    assert problem.startswith(next(iter(changes)))
    assert re.search(message, problem), problem


@pytest.mark.parametrize(
    ("thing", "name"),
    [(object(), "an object"), ("paint", "'paint'"), (None, "None"), ((1, 2), "(1, 2)")],
)
def test_an_object_of_another_class_is_no_action(thing: object, name: str) -> None:
    """Anything not exactly one of the game's classes is refused by its description."""
    assert TYPES.problem(thing) == f"{name} is not a Fields action"


def test_a_subclass_is_no_action() -> None:
    """A subclass could override a field with a property: only the classes themselves count."""
    sub = attrs.make_class("Sub", {}, bases=(Stamp,))
    assert TYPES.problem(sub(0)) == "a Sub is not a Fields action"


def test_unsupported_annotations_are_refused_when_the_game_is_built() -> None:
    """A field type the check cannot verify fails loudly at import, not silently later."""

    @attrs.frozen
    class Floaty:
        player: int
        weight: float

    with pytest.raises(TypeError, match="weight"):
        field_types(Floaty)


class Loud:
    def __repr__(self) -> str:
        raise RuntimeError("repr called")

    __str__ = __repr__


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (3, "3"),
        (-(10**17), "-100000000000000000"),
        (10**5000, "an int of 16610 bits"),
        (float("nan"), "nan"),
        ("\ud800", "'\\ud800'"),
        ("y" * 10_000_000, "'" + "y" * 60 + "'... (10000000 characters)"),
        (Colour.BLUE, "Colour.BLUE"),
        (Loud(), "a Loud"),
        ([1, 2], "a list"),
        ({"a": 1}, "a dict"),
        (((((1,),),),), "((a tuple,),)"),
        ((1, 2, 3, 4, 5), "a tuple of 5 items"),
    ],
    ids=lambda value: type(value).__name__,
)
def test_describe_is_short_and_never_calls_the_value(value: object, text: str) -> None:
    """Plain data is shown cut; other objects by their type; huge ints by their width."""
    assert describe(value) == text
    assert len(describe(value)) < 100


def test_describe_action_uses_the_log_line_only_when_every_field_is_sound() -> None:
    """A sound action reads as players see it; a broken one field by field, never raising."""
    assert describe_action(GOOD) == "p0 paints sky red"
    broken = attrs.evolve(GOOD, colour="red")  # type: ignore[arg-type]
    assert describe_action(broken) == (
        "Paint(player=0, colour='red', name='sky', wet=True, slot=None, marks=(), pair=None)"
    )
    assert describe_action(Loud()) == "a Loud"


def test_an_action_built_without_its_fields_is_refused_by_name() -> None:
    """`object.__new__(Paint)` has no fields: the first one is named missing, nothing raises."""
    hollow = object.__new__(Paint)
    assert TYPES.problem(hollow) == "player is missing; it must be an int of 64 bits"
    assert describe_action(hollow) == (
        "Paint(player=missing, colour=missing, name=missing, wet=missing, slot=missing, "
        "marks=missing, pair=missing)"
    )
