"""The integer research API every game offers: fixed action spaces, masks and observations.

Each game's `<game>/encoding.py` lays its actions out as named blocks of integers, end to
end: a block is one action kind (or one variant of it) and its index is the mixed-radix
number of the action's fields in their fixed domains. `decode` goes back through the legal
actions of the state, so an index means the same action wherever it is legal, and an index
that is not legal now is refused like any illegal action. Besides the dense float
observation, each game writes an entity observation: the view as tables of small integers
(`EntityLayout`). See docs/research.md.
"""

from __future__ import annotations

import importlib
from array import array
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, Final, Generic, Protocol, TypeVar

import attrs

from birdgames.core import (
    IllegalActionError,
    InvalidConfigError,
    PlayerId,
    registered_game,
    registered_modules,
)

ConfigT_contra = TypeVar("ConfigT_contra", contravariant=True)
StateT_contra = TypeVar("StateT_contra", contravariant=True)
ActionT = TypeVar("ActionT")
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
DecodedStateT = TypeVar("DecodedStateT")
ItemT = TypeVar("ItemT")
HashableT = TypeVar("HashableT", bound=Hashable)


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


KNOWN_ACTIONS: Final = 16384


class Layout:
    """Blocks laid end to end: the whole fixed action space of one config."""

    __slots__ = ("_known", "blocks", "offsets", "size")

    def __init__(self, blocks: Iterable[Block]) -> None:
        # id(action) -> (the action, its index): see `indices`.
        self._known: dict[int, tuple[object, int]] = {}
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

    def indices(
        self, actions: Iterable[ActionT], encode: Callable[[ActionT], int]
    ) -> dict[int, ActionT]:
        """Returns `actions` by their indices, where `encode` gives an action's index in this
        layout from the action alone. Each index is remembered per action object (the last
        `KNOWN_ACTIONS`): actions are values, and the engines hand out the same objects
        again from their tables, so a listing mostly costs a lookup per action. The action
        is held with its index, so its id stays its own."""
        # Measured (callgrind, per step of random 2-player games, a second listing of the
        # legal actions included): a mask by `encode` per action 228k instructions (Perch),
        # 366k (Peacock), 245k (Rookery); by remembered indices 108k, 140k, 161k.
        known = self._known
        found: dict[int, ActionT] = {}
        for action in actions:
            hit = known.get(id(action))
            if hit is not None and hit[0] is action:
                found[hit[1]] = action
                continue
            index = encode(action)
            if len(known) >= KNOWN_ACTIONS:
                known.clear()
            known[id(action)] = (action, index)
            found[index] = action
        return found

    def fields(self) -> tuple[Field, ...]:
        """Returns the blocks as data: name, first index, size, and their fields' domains."""
        return tuple(
            Field(name, self.offsets[name], block.size, _domains(block))
            for name, block in self.blocks.items()
        )

    def meaning(self, index: int) -> str:
        """Returns what action `index` means without a state: its block and field values,
        e.g. `place(colour=1, location=great_ash, nest=True)`; an index outside the space
        raises IndexError."""
        if not 0 <= index < self.size:
            raise IndexError(f"action {index} is outside 0..{self.size - 1}")
        for name, block in self.blocks.items():
            number = index - self.offsets[name]
            if number < block.size:
                values = []
                for domain in reversed(block.domains):
                    number, position = divmod(number, len(domain))
                    values.append(domain[position])
                shown = ", ".join(
                    f"{field}={_shown(value)}"
                    for field, value in zip(block.fields, reversed(values), strict=True)
                )
                return f"{name}({shown})"
        raise AssertionError("blocks cover the space")  # pragma: no cover

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


def _domains(block: Block) -> str:
    parts = [f"{f} ({len(d)})" for f, d in zip(block.fields, block.domains, strict=True)]
    return " x ".join(parts) or "no fields"


def _shown(value: Hashable) -> str:
    return str(getattr(value, "value", value))


class StateWriter(Protocol[StateT_contra]):
    """One seat's observations written straight from States (an encoding's
    `state_writer(config, seat)`): the numbers of `observe(view(state, seat))` without
    building the view, each written over the last in one float32 buffer."""

    def write(self, state: StateT_contra) -> array[float]:
        """Writes the seat's observation of `state` over the last one; returns the buffer."""
        ...


@attrs.frozen
class Column:
    """One column of an entity table: what its numbers say and how many values it takes."""

    name: str
    """The column's name, e.g. `island` or `size`."""
    vocabulary: int
    """Its numbers lie in 0 to `vocabulary - 1` (a card column's 0: no card, or not shown)."""
    meaning: str
    """What its numbers say."""


@attrs.frozen
class Table:
    """One table of an entity observation: a fixed number of rows (unused rows all zeros),
    each an object of the game, and the same columns in every row."""

    name: str
    """The table's name, e.g. `groups`."""
    rows: int
    """How many rows it holds."""
    columns: tuple[Column, ...]
    """Its columns, in order."""
    meaning: str
    """What a row is, and in what order rows come."""

    @property
    def width(self) -> int:
        """Numbers a row."""
        return len(self.columns)

    @property
    def size(self) -> int:
        """Numbers in the table."""
        return self.rows * len(self.columns)


@attrs.frozen
class EntityLayout:
    """An entity observation's tables, laid end to end in order (`birdgames.encoding`'s
    `entities`): one flat run of small non-negative integers."""

    tables: tuple[Table, ...]
    """The tables, in the order they lie in."""

    @property
    def size(self) -> int:
        """Numbers in the whole observation."""
        return sum(table.size for table in self.tables)

    def offset(self, name: str) -> int:
        """Returns where the table called `name` starts."""
        at = 0
        for table in self.tables:
            if table.name == name:
                return at
            at += table.size
        raise KeyError(name)

    def table(self, name: str) -> Table:
        """Returns the table called `name`."""
        for table in self.tables:
            if table.name == name:
                return table
        raise KeyError(name)

    def pack(self, rows: Mapping[str, Sequence[Sequence[int]]]) -> tuple[int, ...]:
        """Returns the observation of every table's `rows` (a table not given: all zeros),
        each padded with zero rows. A row of the wrong width, a value outside its column's
        vocabulary or more rows than a table holds raises EncodingBoundError."""
        unknown = set(rows) - {table.name for table in self.tables}
        if unknown:
            raise EncodingBoundError(f"no table called {sorted(unknown)[0]!r}")
        out: list[int] = []
        for table in self.tables:
            given = rows.get(table.name, ())
            if len(given) > table.rows:
                raise EncodingBoundError(f"{len(given)} {table.name} where {table.rows} fit")
            for row in given:
                if len(row) != table.width:
                    raise EncodingBoundError(
                        f"a row of {len(row)} numbers in {table.name}, not {table.width}"
                    )
                for column, value in zip(table.columns, row, strict=True):
                    if type(value) is not int or not 0 <= value < column.vocabulary:
                        raise EncodingBoundError(
                            f"{table.name}.{column.name} of {value!r}, outside 0 to "
                            f"{column.vocabulary - 1}"
                        )
                out += row
            out += [0] * ((table.rows - len(given)) * table.width)
        return tuple(out)


def entity_ids(domain: Sequence[HashableT]) -> dict[HashableT, int]:
    """Returns each value of `domain` by its id in an entity column: its position plus one,
    as 0 means none (or not shown)."""
    return {value: i + 1 for i, value in enumerate(domain)}


def id_run(ids: Mapping[HashableT, int], items: Sequence[HashableT], size: int) -> list[int]:
    """Returns the ids of `items` padded with zeros to `size`. An item without an id, or
    more items than fit, raises EncodingBoundError."""
    if len(items) > size:
        raise EncodingBoundError(f"{len(items)} items where {size} fit")
    try:
        found = [ids[item] for item in items]
    except KeyError as missing:
        raise EncodingBoundError(f"{missing.args[0]!r} has no id") from None
    return found + [0] * (size - len(found))


class EntityWriter(Protocol[StateT_contra]):
    """One seat's entity observations written straight from States (an encoding's
    `entity_writer(config, seat)`): the numbers of `entities(view(state, seat))` without
    building the view, each written over the last in one int32 buffer."""

    def write(self, state: StateT_contra) -> array[int]:
        """Writes the seat's entity observation of `state` over the last; returns the buffer."""
        ...


class Encoding(Protocol[ConfigT_contra, StateT_contra, ActionT, ViewT_contra]):
    """What each game's encoding module offers (one object per game, `ENCODING`)."""

    def num_actions(self, config: ConfigT_contra) -> int: ...

    def encode(self, state: StateT_contra, action: ActionT) -> int: ...

    def decode(self, state: StateT_contra, player: PlayerId, index: int) -> ActionT: ...

    def legal_mask(self, state: StateT_contra, player: PlayerId) -> tuple[bool, ...]: ...

    def legal_index(self, state: StateT_contra, player: PlayerId) -> dict[int, ActionT]: ...

    def observation_size(self, config: ConfigT_contra) -> int: ...

    def observe(self, view: ViewT_contra) -> tuple[float, ...]: ...

    def fill_observation(self, out: Features, view: ViewT_contra) -> None: ...

    def observation_string(self, view: ViewT_contra) -> str: ...

    def summary_size(self, config: ConfigT_contra) -> int: ...

    def summarize(
        self, view: ViewT_contra, seen: Sequence[object], start: Sequence[float] = ()
    ) -> tuple[float, ...]: ...

    def unseen(self, state: StateT_contra) -> tuple[object, ...]: ...

    def shuffle_unseen(self, state: StateT_contra, seed: int) -> Any: ...

    def state_writer(
        self, config: ConfigT_contra, seat: PlayerId
    ) -> StateWriter[StateT_contra]: ...

    def entity_layout(self, config: ConfigT_contra) -> EntityLayout: ...

    def entities(self, view: ViewT_contra) -> tuple[int, ...]: ...

    def entity_writer(
        self, config: ConfigT_contra, seat: PlayerId
    ) -> EntityWriter[StateT_contra]: ...


AnyEncoding = Encoding[Any, Any, Any, Any]


def _encoding_module(name: str) -> Any:
    modules = registered_modules()
    found = modules.get(name)
    if found is None or found.encoding is None:
        known = ", ".join(n for n, m in modules.items() if m.encoding is not None)
        raise InvalidConfigError(f"unknown game {name!r}; games with an encoding: {known}")
    return importlib.import_module(found.encoding)


def get_encoding(name: str) -> AnyEncoding:
    """Returns the integer research API of the game called `name`."""
    encoding: AnyEncoding = _encoding_module(name).ENCODING
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
    With `record=True` it also notes where each named block starts (`mark`), so running an
    encoder once gives its layout as data (`fields`)."""

    __slots__ = ("marks", "values")

    def __init__(self, record: bool = False) -> None:
        self.values: list[float] = []
        self.marks: list[tuple[str, int, str]] | None = [] if record else None

    def mark(self, name: str, meaning: str) -> None:
        """Starts the block `name` here (noted only when recording)."""
        if self.marks is not None:
            self.marks.append((name, len(self.values), meaning))

    def fields(self) -> tuple[Field, ...]:
        """Returns the recorded blocks, each running up to the next one or the end."""
        marks = self.marks or []
        ends = [offset for _, offset, _ in marks[1:]] + [len(self.values)]
        return tuple(
            Field(name, offset, end - offset, meaning)
            for (name, offset, meaning), end in zip(marks, ends, strict=True)
        )

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

    def part(self, item: ItemT, write: Callable[[Features, ItemT], None]) -> None:
        """Appends `write`'s numbers for `item`, which depend on `item` alone, equal items
        giving equal numbers (an encoder binds what else they need into `write`, once per
        config): a sink may then keep the numbers where an equal item comes back
        (`DenseFeatures` does)."""
        write(self, item)

    def rows(
        self,
        items: Sequence[ItemT],
        count: int,
        size: int,
        write: Callable[[Features, ItemT], None],
        shared: bool = False,
    ) -> None:
        """Appends `count` rows of `size` numbers: `write` fills one per item, zeros the rest.
        `shared`: the items recur from view to view (each row is a `part`)."""
        if len(items) > count:
            raise EncodingBoundError(f"{len(items)} rows where {count} fit")
        for item in items:
            start = self.length()
            if shared:
                self.part(item, write)
            else:
                write(self, item)
            if self.length() - start != size:
                raise AssertionError(f"a row of {self.length() - start} numbers, not {size}")
        self.zeros(size * (count - len(items)))

    def length(self) -> int:
        """Returns how many numbers have been appended."""
        return len(self.values)

    def zeros(self, count: int) -> None:
        """Appends `count` zeros."""
        self.values.extend([0.0] * count)

    def done(self, size: int) -> tuple[float, ...]:
        """Returns the observation, checking it has the declared length."""
        if len(self.values) != size:
            raise AssertionError(f"observation of {len(self.values)} numbers, declared {size}")
        return tuple(self.values)


_ZERO_RUNS: dict[int, array[float]] = {}


def _zero_run(count: int) -> array[float]:
    run = _ZERO_RUNS.get(count)
    if run is None:
        run = _ZERO_RUNS[count] = array("f", bytes(4 * count))
    return run


# A part where it was written last time: (the part, its writer, its length, its own parts).
_Written = tuple[object, Callable[..., None], int, dict[int, Any]]


class DenseFeatures(Features):
    """The same numbers as `Features`, written in place into one float32 buffer that is kept
    from one observation to the next (`write_over`).

    A `part` equal to the one its writer wrote at the same place last time is left standing:
    its numbers depend on it alone, and every other number is written again. Engines hand
    the parts a step leaves alone to the next state and view, so an observation costs about
    what changed since the previous one. Every writer covers its whole range (zeros too), so
    no stale number survives."""

    __slots__ = ("_before", "_now", "buffer", "position")

    def __init__(self, size: int) -> None:
        super().__init__()
        self.buffer: array[float] = array("f", bytes(4 * size))
        self.position = 0
        self._before: dict[int, _Written] = {}
        self._now: dict[int, _Written] = {}

    def write_over(self, fill: Callable[[Features, ItemT], None], item: ItemT) -> None:
        """Writes `fill`'s numbers for `item` over the last ones; checks the length."""
        self.position = 0
        self._now = {}
        try:
            fill(self, item)
        except BaseException:
            self._before = {}  # the buffer is half written: reuse nothing
            raise
        if self.position != len(self.buffer):
            self._before = {}
            raise AssertionError(
                f"observation of {self.position} numbers, declared {len(self.buffer)}"
            )
        self._before = self._now

    def number(self, value: float, scale: float = 1.0) -> None:
        """Writes `value / scale`."""
        self.buffer[self.position] = value / scale
        self.position += 1

    def flag(self, value: bool) -> None:
        """Writes 1.0 for True, else 0.0."""
        self.buffer[self.position] = 1.0 if value else 0.0
        self.position += 1

    def one_hot(self, position: int | None, size: int) -> None:
        """Writes `size` numbers, 1.0 at `position` (none for None)."""
        start = self.position
        self.buffer[start : start + size] = _zero_run(size)
        if position is not None:
            if not 0 <= position < size:
                raise EncodingBoundError(f"one-hot position {position} outside 0 to {size - 1}")
            self.buffer[start + position] = 1.0
        self.position = start + size

    def counts(self, items: Iterable[Hashable], domain: Sequence[Hashable]) -> None:
        """Writes how many of each domain value `items` holds, in domain order."""
        start, buffer = self.position, self.buffer
        buffer[start : start + len(domain)] = _zero_run(len(domain))
        for item in items:
            try:
                where = domain.index(item)
            except ValueError:
                raise EncodingBoundError(f"{item!r} is not in the counted domain") from None
            buffer[start + where] += 1.0
        self.position = start + len(domain)

    def padded(self, numbers: Sequence[float], size: int) -> None:
        """Writes `numbers`, padded with zeros to `size`."""
        count = len(numbers)
        if count > size:
            raise EncodingBoundError(f"{count} numbers where {size} fit")
        start = self.position
        self.buffer[start : start + count] = array("f", numbers)
        self.buffer[start + count : start + size] = _zero_run(size - count)
        self.position = start + size

    def part(self, item: ItemT, write: Callable[[Features, ItemT], None]) -> None:
        """Writes `write`'s numbers for `item`, unless the same writer wrote an equal item
        here last time (its numbers still stand)."""
        start, before, now = self.position, self._before, self._now
        last = before.get(start)
        inner: dict[int, _Written] = {}
        if last is not None and last[1] is write:
            if last[0] is item or last[0] == item:
                now[start] = last
                self.position = start + last[2]
                return
            inner = last[3]
        self._before, self._now = inner, {}
        try:
            write(self, item)
        finally:
            written = self._now
            self._before, self._now = before, now
        now[start] = (item, write, self.position - start, written)

    def length(self) -> int:
        """Returns how many numbers have been written."""
        return self.position

    def zeros(self, count: int) -> None:
        """Writes `count` zeros."""
        start = self.position
        self.buffer[start : start + count] = _zero_run(count)
        self.position = start + count

    def done(self, size: int) -> tuple[float, ...]:
        """Returns the observation's numbers (float32 values), checking its length."""
        if self.position != size:
            raise AssertionError(f"observation of {self.position} numbers, declared {size}")
        return tuple(self.buffer)


# --- information states ---------------------------------------------------------------


@attrs.frozen
class Field:
    """One named run of numbers in a flat vector: where it starts, how long, what it means."""

    name: str
    """The block's name, e.g. `locations` or `place`."""
    offset: int
    """The index of its first number."""
    size: int
    """How many numbers it holds."""
    meaning: str
    """What its numbers say, in order (for an action block: its fields and their domain
    sizes)."""


def positions(domain: Sequence[HashableT]) -> dict[HashableT, int]:
    """Returns each value of `domain` by its position: where a writer puts its one-hot 1 or
    its count."""
    return {value: i for i, value in enumerate(domain)}


def add_counts(
    out: array[float], at: int, where: dict[HashableT, int], items: Iterable[HashableT]
) -> None:
    """Adds 1 at `at + where[item]` for each item: `Features.counts` for a writer that writes
    into a buffer straight (the block zeroed first). An item outside `where` raises
    EncodingBoundError, as there."""
    for item in items:
        found = where.get(item)
        if found is None:
            raise EncodingBoundError(f"{item!r} is not in the counted domain")
        out[at + found] += 1.0


def fields_end_to_end(parts: Iterable[tuple[str, int, str]], start: int = 0) -> tuple[Field, ...]:
    """Returns `(name, size, meaning)` parts laid end to end from `start`."""
    laid = []
    offset = start
    for name, size, meaning in parts:
        laid.append(Field(name, offset, size, meaning))
        offset += size
    return tuple(laid)


EVENT_SCALE: Final = 100.0


def event_count_size(kinds: Sequence[type], players: int) -> int:
    """Returns the length of `count_events`'s block."""
    return len(kinds) * (players + 1)


def count_events(
    values: list[float], seen: Iterable[object], kinds: Sequence[type], players: int
) -> None:
    """Adds to the first `event_count_size` of `values`, per event kind in `kinds` order, how
    many events of that kind are in `seen` per seat the event names as its `player`, then one
    count for events naming no seat; each / 100."""
    width = players + 1
    where = {kind: i for i, kind in enumerate(kinds)}
    for event in seen:
        kind = where.get(type(event))
        if kind is None:
            continue
        seat = getattr(event, "player", None)
        column = seat if type(seat) is int and 0 <= seat < players else players
        values[kind * width + column] += 1.0 / EVENT_SCALE


def summary_values(start: Sequence[float], size: int) -> list[float]:
    """Returns the numbers a summary of `size` numbers adds to: `start` (the summary of
    earlier events), or zeros when it is empty."""
    if not start:
        return [0.0] * size
    if len(start) != size:
        raise ValueError(f"a summary to extend has {size} numbers, not {len(start)}")
    return list(start)


class InformationStates(Protocol[ConfigT_contra, ViewT_contra]):
    """What each game's encoding offers for information states (see `information_state`)."""

    def summary_size(self, config: ConfigT_contra) -> int: ...

    def summarize(
        self, view: ViewT_contra, seen: Sequence[object], start: Sequence[float] = ()
    ) -> tuple[float, ...]: ...

    def observation_size(self, config: ConfigT_contra) -> int: ...

    def observe(self, view: ViewT_contra) -> tuple[float, ...]: ...


def information_state_size(encoding: InformationStates[Any, Any], config: object) -> int:
    """Returns the length of every information state of a game with `config`."""
    return encoding.observation_size(config) + encoding.summary_size(config)


def information_state(
    encoding: InformationStates[Any, Any], view: object, seen: Sequence[object]
) -> tuple[float, ...]:
    """Returns a seat's information state as numbers: its observation of `view`, then the
    game's fixed-size summary of `seen`, the events the seat has seen (`visible_events`)
    since the game began. Both parts read only what the seat may know."""
    return encoding.observe(view) + encoding.summarize(view, seen)


def action_fields(game: str, config: object) -> tuple[Field, ...]:
    """Returns the action layout of `game` (a name) with `config`: one Field per block."""
    layout: Layout = _encoding_module(game).layout(config)
    return layout.fields()


def action_meaning(game: str, config: object, index: int) -> str:
    """Returns what action `index` of `game` with `config` means, with no state: its block
    and the values of its fields (Rookery names cards in play by their place)."""
    layout: Layout = _encoding_module(game).layout(config)
    return layout.meaning(index)


def observation_fields(game: str, config: object) -> tuple[Field, ...]:
    """Returns the observation layout of `game` with `config`: one Field per block, in
    order (the encoder run once on a fresh game's spectator view, noting its blocks)."""
    module = _encoding_module(game)
    engine = registered_game(game)
    out = Features(record=True)
    module.fill_observation(out, engine.view(engine.new_game(config, 0), None))
    return out.fields()


def summary_fields(game: str, config: object) -> tuple[Field, ...]:
    """Returns the layout of `game`'s information-state summary with `config`."""
    fields: tuple[Field, ...] = _encoding_module(game).summary_fields(config)
    return fields
