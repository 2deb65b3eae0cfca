"""`codec.dumps` writes through generated text writers; every text equals what the converter
and the JSON encoder write (`codec._dumps_by_encoder`), the reference."""

from __future__ import annotations

import enum
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import birdgames
from birdgames import codec, sim
from birdgames.rng import Rng

GAMES = sorted(birdgames.games().items())


def _same_text(value: object) -> None:
    assert codec.dumps(value) == codec._dumps_by_encoder(value)


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
    names: frozenset[str]  # no expression: the encoder writes it (sorted)
    seed: int = attrs.field(metadata=codec.HEX)


codec.register(Sample)

_TEXT = st.text(max_size=12)  # any characters: quotes, backslashes, controls, surrogates' kin
_INTS = st.integers(min_value=-(2**53) + 1, max_value=2**53 - 1)
_INNER = st.builds(Inner, _INTS, st.lists(st.booleans(), max_size=5).map(tuple))


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
        st.integers(0, 2**64 - 1),
    )
)
def test_a_value_of_every_field_kind_is_written_as_the_encoder_writes_it(sample: Sample) -> None:
    _same_text(sample)
    _same_text([sample, sample])
    assert codec.loads(Sample, codec.dumps(sample)) == sample


def test_an_unregistered_object_is_refused_as_before() -> None:
    with pytest.raises(birdgames.CodecError, match="not a registered"):
        codec.dumps(Inner(1, ()))


def test_the_tuple_tables_stay_small_and_keep_ints_and_bools_apart() -> None:
    for k in range(codec._TUPLE_TEXTS + 10):
        assert codec._INT_TUPLES[(k, -k)] == f"[{k},{-k}]"
    assert len(codec._INT_TUPLES) <= codec._TUPLE_TEXTS
    assert codec._INT_TUPLES[(1, 0)] == "[1,0]"
    assert codec._BOOL_TUPLES[(True, False)] == "[true,false]"


def test_an_empty_list_and_a_class_without_fields_are_written_too() -> None:
    assert codec.dumps([]) == codec._dumps_by_encoder([]) == "[]"

    @attrs.frozen
    class Empty:
        pass

    write: Any = codec._text_writer(Empty, 1, top=False)
    assert write(Empty()) == "{}"
    assert codec._text_writer(Empty, 1, top=True)(Empty()) == '{"format":1}'
