"""The integer research API every game offers: fixed action spaces, masks and observations.

Each game's `<game>/encoding.py` lays its actions out as named blocks of integers, end to
end: a block is one action kind (or one variant of it) and its index is the mixed-radix
number of the action's fields in their fixed domains. `decode` goes back through the legal
actions of the state, so an index means the same action wherever it is legal, and an index
that is not legal now is refused like any illegal action. See docs/research.md.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Final, Generic, Protocol, TypeVar

from birdgames.core import IllegalActionError, InvalidConfigError, PlayerId

ConfigT_contra = TypeVar("ConfigT_contra", contravariant=True)
StateT_contra = TypeVar("StateT_contra", contravariant=True)
ActionT = TypeVar("ActionT")
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
DecodedStateT = TypeVar("DecodedStateT")
ItemT = TypeVar("ItemT")


class Block:
    """One action kind's share of the space: the product of its fields' domains."""

    __slots__ = ("_lookups", "domains", "fields", "name", "size")

    def __init__(self, name: str, fields: Sequence[tuple[str, Sequence[Hashable]]]) -> None:
        self.name = name
        self.fields: tuple[str, ...] = tuple(field for field, _ in fields)
        self.domains: tuple[tuple[Hashable, ...], ...] = tuple(tuple(d) for _, d in fields)
        # Keyed by type too: True must not pass for 1, nor 1 for True (untyped callers exist).
        self._lookups = tuple(
            {(type(value), value): i for i, value in enumerate(d)} for d in self.domains
        )
        size = 1
        for domain in self.domains:
            size *= len(domain)
        self.size = size

    def number(self, values: Sequence[Hashable]) -> int | None:
        """Returns the mixed-radix number of `values` in this block, or None if one is foreign."""
        number = 0
        for lookup, domain, value in zip(self._lookups, self.domains, values, strict=True):
            try:
                position = lookup.get((type(value), value))
            except TypeError:  # an unhashable field from an untyped caller
                return None
            if position is None:
                return None
            number = number * len(domain) + position
        return number


class Layout:
    """Blocks laid end to end: the whole fixed action space of one config."""

    __slots__ = ("blocks", "offsets", "size")

    def __init__(self, blocks: Iterable[Block]) -> None:
        self.blocks: dict[str, Block] = {}
        self.offsets: dict[str, int] = {}
        size = 0
        for block in blocks:
            if block.size == 0:
                continue
            self.blocks[block.name] = block
            self.offsets[block.name] = size
            size += block.size
        self.size = size

    def index(self, action: object, block: str, values: Sequence[Hashable]) -> int:
        """Returns the integer of `action`, whose fields are `values` in block `block`."""
        found = self.blocks.get(block)
        number = None if found is None else found.number(values)
        if found is None or number is None:
            raise IllegalActionError(action, "this action has no place in this game's action space")
        return self.offsets[block] + number

    def describe(self) -> tuple[str, ...]:
        """Returns one line per block: its range, name and fields with their domain sizes."""
        lines = []
        for name, block in self.blocks.items():
            start = self.offsets[name]
            fields = " x ".join(
                f"{f}[{len(d)}]" for f, d in zip(block.fields, block.domains, strict=True)
            )
            lines.append(f"{start}..{start + block.size - 1}: {name} = {fields or '()'}")
        return tuple(lines)


class Encoding(Protocol[ConfigT_contra, StateT_contra, ActionT, ViewT_contra]):
    """What each game's encoding module offers (one object per game, `ENCODING`)."""

    def num_actions(self, config: ConfigT_contra) -> int: ...

    def encode(self, state: StateT_contra, action: ActionT) -> int: ...

    def decode(self, state: StateT_contra, player: PlayerId, index: int) -> ActionT: ...

    def legal_mask(self, state: StateT_contra, player: PlayerId) -> tuple[bool, ...]: ...

    def observation_size(self, config: ConfigT_contra) -> int: ...

    def observe(self, view: ViewT_contra) -> tuple[float, ...]: ...

    def observation_string(self, view: ViewT_contra) -> str: ...


AnyEncoding = Encoding[Any, Any, Any, Any]

ENCODING_MODULES: Final = ("perch_bop", "peacock", "rookery")


def get_encoding(name: str) -> AnyEncoding:
    """Returns the integer research API of the game called `name`."""
    if name not in ENCODING_MODULES:
        known = ", ".join(ENCODING_MODULES)
        raise InvalidConfigError(f"unknown game {name!r}; games with an encoding: {known}")
    encoding: AnyEncoding = importlib.import_module(f"birdgames.{name}.encoding").ENCODING
    return encoding


class LegalDecoder(Generic[DecodedStateT, ActionT]):
    """decode and legal_mask from a game's legal actions and its encode."""

    __slots__ = ("_encode", "_legal", "_size")

    def __init__(
        self,
        legal: Callable[[DecodedStateT, PlayerId], Sequence[ActionT]],
        encode: Callable[[DecodedStateT, ActionT], int],
        size: Callable[[DecodedStateT], int],
    ) -> None:
        self._legal = legal
        self._encode = encode
        self._size = size

    def decode(self, state: DecodedStateT, player: PlayerId, index: int) -> ActionT:
        """Returns the legal action of `player` numbered `index`; else IllegalActionError."""
        if type(index) is not int or not 0 <= index < self._size(state):
            raise IllegalActionError(
                index, f"an action index is an int from 0 to {self._size(state) - 1}"
            )
        for action in self._legal(state, player):
            if self._encode(state, action) == index:
                return action
        raise IllegalActionError(index, f"action {index} is not legal for p{player} now")

    def legal_mask(self, state: DecodedStateT, player: PlayerId) -> tuple[bool, ...]:
        """Returns one flag per action index: True where that action is legal for `player`."""
        mask = [False] * self._size(state)
        for action in self._legal(state, player):
            mask[self._encode(state, action)] = True
        return tuple(mask)


class EncodingBoundError(AssertionError):
    """A legal position holds more than an encoding bound allows: that bound is wrong.

    The encoders refuse to drop what does not fit, so a wrong bound fails loudly.
    """


class Features:
    """A flat observation under construction: numbers appended in a documented order.

    Nothing is dropped: a position, item or row that has no place raises EncodingBoundError.
    """

    __slots__ = ("values",)

    def __init__(self) -> None:
        self.values: list[float] = []

    def number(self, value: float, scale: float = 1.0) -> None:
        """Appends `value / scale`."""
        self.values.append(value / scale)

    def flag(self, value: bool) -> None:
        """Appends 1.0 for True, else 0.0."""
        self.values.append(1.0 if value else 0.0)

    def one_hot(self, position: int | None, size: int) -> None:
        """Appends `size` numbers, 1.0 at `position` (none for None)."""
        start = len(self.values)
        self.values.extend([0.0] * size)
        if position is not None:
            if not 0 <= position < size:
                raise EncodingBoundError(f"one-hot position {position} outside 0 to {size - 1}")
            self.values[start + position] = 1.0

    def counts(self, items: Iterable[Hashable], domain: Sequence[Hashable]) -> None:
        """Appends how many of each domain value `items` holds, in domain order."""
        start = len(self.values)
        self.values.extend([0.0] * len(domain))
        where = {value: i for i, value in enumerate(domain)}
        for item in items:
            position = where.get(item)
            if position is None:
                raise EncodingBoundError(f"{item!r} is not in the counted domain")
            self.values[start + position] += 1.0

    def padded(self, numbers: Sequence[float], size: int) -> None:
        """Appends `numbers`, padded with zeros to `size`."""
        if len(numbers) > size:
            raise EncodingBoundError(f"{len(numbers)} numbers where {size} fit")
        self.values.extend([*numbers, *([0.0] * (size - len(numbers)))])

    def rows(
        self,
        items: Sequence[ItemT],
        count: int,
        size: int,
        write: Callable[[Features, ItemT], None],
    ) -> None:
        """Appends `count` rows of `size` numbers: `write` fills one per item, zeros the rest."""
        if len(items) > count:
            raise EncodingBoundError(f"{len(items)} rows where {count} fit")
        for item in items:
            start = len(self.values)
            write(self, item)
            if len(self.values) - start != size:
                raise AssertionError(f"a row of {len(self.values) - start} numbers, not {size}")
        self.values.extend([0.0] * (size * (count - len(items))))

    def done(self, size: int) -> tuple[float, ...]:
        """Returns the observation, checking it has the declared length."""
        if len(self.values) != size:
            raise AssertionError(f"observation of {len(self.values)} numbers, declared {size}")
        return tuple(self.values)
