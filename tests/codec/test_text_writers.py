"""`codec.dumps` writes through generated text writers; every text equals what the converter
and the JSON encoder write (`_text_by_encoder`), the reference."""

from __future__ import annotations

import enum
import json
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import birdgames
from birdgames import codec, sim
from birdgames.rng import Rng

GAMES = sorted(birdgames.games().items())


def _text_by_encoder(obj: object) -> str:
    """`dumps` through the converter and the JSON encoder alone."""
    items = obj if isinstance(obj, tuple | list) else [obj]
    data = [codec.to_primitive(x) for x in items]
    shown = data if isinstance(obj, tuple | list) else data[0]
    return json.dumps(shown, separators=(",", ":"), ensure_ascii=False)


def _same_text(value: object) -> None:
    assert codec.dumps(value) == _text_by_encoder(value)


@pytest.mark.parametrize(("name", "game"), GAMES)
def test_every_document_of_random_games_is_written_as_the_encoder_writes_it(
    name: str, game: birdgames.AnyGame
) -> None:
    """States, every seat's and a spectator's view, events, legal-action lists, configs and
    records, along random games at every player count."""
    for players in game.player_counts:
        config = game.default_config(players)
        _same_text(config)
        policies = [sim.RandomPolicy()] * players
        steps = list(sim.iter_play(game, config, players, policies))
        assert steps
        for step in steps[:: max(1, len(steps) // 25)] + steps[-1:]:
            state = step.state
            _same_text(state)
            _same_text(step.events)
            _same_text(step.action)
            for seat in (*range(players), None):
                _same_text(game.view(state, seat))
            for player in game.to_act(state):
                _same_text(game.legal_actions(state, player))
        _same_text(sim.play(game, config, players, policies))


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@attrs.frozen
class Inner:
    """A nested class, untagged."""

    n: int
    flags: tuple[bool, ...]


@attrs.frozen
class Deal:
    """A tagged class, one member of a union."""

    kind: ClassVar[str] = "test.text_writer_deal"

    cards: tuple[str, ...]


@attrs.frozen
class Pass:
    """Another tagged class of the union, past format 1."""

    kind: ClassVar[str] = "test.text_writer_pass"

    seat: int


codec.register(Deal)
codec.register(Pass, version=2)


@attrs.frozen
class Sample:
    """One field of each kind the writers have an expression for, and some they have not."""

    kind: ClassVar[str] = "test.text_writer_sample"

    count: int
    flag: bool
    text: str
    colour: Colour
    rng: Rng
    inner: Inner
    maybe_count: int | None
    maybe_inner: Inner | None
    counts: tuple[int, ...]
    flags: tuple[bool, ...]
    texts: tuple[str, ...]
    inners: tuple[Inner, ...]
    maybe_counts: tuple[int | None, ...]
    pairs: tuple[tuple[str, int], ...]
    decks: tuple[tuple[str, ...], tuple[int | None, ...]]
    names: frozenset[str]
    maybe_texts: tuple[str, ...] | None
    maybe_pairs: tuple[tuple[str, int], ...] | None
    moves: tuple[Deal | Pass, ...]
    maybe_move: Deal | Pass | None
    nothing: None
    numbers: frozenset[int]  # no expression: the encoder writes it (sorted)
    sets: tuple[frozenset[int], ...]  # no expression either (an empty one is written as [])
    seed: int = attrs.field(metadata=codec.HEX)


codec.register(Sample)

_TEXT = st.text(max_size=12)  # any characters: quotes, backslashes, controls, surrogates' kin
_INTS = st.integers(min_value=-(2**53) + 1, max_value=2**53 - 1)
_INNER = st.builds(Inner, _INTS, st.lists(st.booleans(), max_size=5).map(tuple))
_MOVE = st.builds(Deal, st.lists(_TEXT, max_size=3).map(tuple)) | st.builds(Pass, _INTS)


@given(
    st.builds(
        Sample,
        _INTS,
        st.booleans(),
        _TEXT,
        st.sampled_from(Colour),
        st.integers(0, 2**64 - 1).map(Rng),
        _INNER,
        st.none() | _INTS,
        st.none() | _INNER,
        st.lists(_INTS, max_size=6).map(tuple),
        st.lists(st.booleans(), max_size=6).map(tuple),
        st.lists(_TEXT, max_size=4).map(tuple),
        st.lists(_INNER, max_size=3).map(tuple),
        st.lists(st.none() | _INTS, max_size=4).map(tuple),
        st.lists(st.tuples(_TEXT, _INTS), max_size=3).map(tuple),
        st.tuples(
            st.lists(_TEXT, max_size=3).map(tuple),
            st.lists(st.none() | _INTS, max_size=3).map(tuple),
        ),
        st.frozensets(_TEXT, max_size=4),
        st.none() | st.lists(_TEXT, max_size=3).map(tuple),
        st.none() | st.lists(st.tuples(_TEXT, _INTS), max_size=3).map(tuple),
        st.lists(_MOVE, max_size=3).map(tuple),
        st.none() | _MOVE,
        st.none(),
        st.frozensets(_INTS, max_size=4),
        st.lists(st.frozensets(_INTS, max_size=3), max_size=3).map(tuple),
        st.integers(0, 2**64 - 1),
    )
)
def test_a_value_of_every_field_kind_is_written_as_the_encoder_writes_it(sample: Sample) -> None:
    _same_text(sample)
    _same_text([sample, sample])
    assert codec.loads(Sample, codec.dumps(sample)) == sample


def test_the_engines_documents_go_through_the_encoder_for_no_field() -> None:
    """Every field of every class in the engines' documents (states, views, events, actions,
    configs) has an expression of its own: none goes through the converter and the encoder,
    which cost several times as much."""
    for _, game in GAMES:
        for players in game.player_counts:
            config = game.default_config(players)
            codec.dumps(config)
            policies = [sim.RandomPolicy()] * players
            for step in list(sim.iter_play(game, config, players, policies))[::5]:
                codec.dumps(step.state)
                codec.dumps(step.events)
                for seat in (*range(players), None):
                    codec.dumps(game.view(step.state, seat))
                for player in game.to_act(step.state):
                    codec.dumps(game.legal_actions(step.state, player))
    writers = {**codec.writers.NESTED_WRITERS, **codec.writers.TOP_WRITERS}
    assert len(writers) > 60
    slow = [cls for cls, write in writers.items() if "_fallback_text" in write.__code__.co_names]
    engines = tuple(f"birdgames.{name}." for name, _ in GAMES)
    assert [cls for cls in slow if cls.__module__.startswith(engines)] == []


def test_an_unregistered_object_is_refused_as_before() -> None:
    with pytest.raises(birdgames.CodecError, match="not a registered"):
        codec.dumps(Inner(1, ()))


def test_the_tuple_tables_stay_small_and_keep_ints_and_bools_apart() -> None:
    for k in range(codec.writers.TUPLE_TEXTS + 10):
        assert codec.writers.INT_TUPLES[(k, -k)] == f"[{k},{-k}]"
    assert len(codec.writers.INT_TUPLES) <= codec.writers.TUPLE_TEXTS
    assert codec.writers.INT_TUPLES[(1, 0)] == "[1,0]"
    assert codec.writers.BOOL_TUPLES[(True, False)] == "[true,false]"


def test_an_empty_list_and_a_class_without_fields_are_written_too() -> None:
    assert codec.dumps([]) == _text_by_encoder([]) == "[]"

    @attrs.frozen
    class Empty:
        pass

    write: Any = codec.writers.text_writer(Empty, 1, top=False)
    assert write(Empty()) == "{}"
    assert codec.writers.text_writer(Empty, 1, top=True)(Empty()) == '{"format":1}'
