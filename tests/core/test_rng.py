"""The splitmix64 generator: pinned outputs so saved games replay identically everywhere."""

from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from birdgames.rng import Rng, below, choice, fork, next_u64, shuffle

U64 = st.integers(0, (1 << 64) - 1)


def _draws(rng: Rng, count: int) -> list[int]:
    values = []
    for _ in range(count):
        value, rng = next_u64(rng)
        values.append(value)
    return values


def test_splitmix64_known_answers() -> None:
    """Rng(1234567) and Rng(0) give the reference splitmix64 outputs."""
    assert _draws(Rng(1234567), 3) == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]
    assert _draws(Rng(0), 1) == [0xE220A8397B1DCDAF]


def test_next_u64_advances_by_the_golden_gamma() -> None:
    """Each draw adds 0x9E3779B97F4A7C15 to the state, modulo 2**64."""
    _, rng = next_u64(Rng((1 << 64) - 1))
    assert rng == Rng(0x9E3779B97F4A7C14)


def test_from_seed_known_answers() -> None:
    """Seeds small, zero, negative and beyond 64 bits map to pinned states."""
    assert Rng.from_seed(0).state == 0
    assert Rng.from_seed(5).state == 13168350753275463132
    assert Rng.from_seed(42).state == 12058926934050108962
    assert Rng.from_seed(-1).state == 538020821241227815
    assert Rng.from_seed(2**64 + 5).state == 9738412416088536573


def test_below_known_answers() -> None:
    """below() draws pinned values for small, odd and huge bounds."""
    rng = Rng.from_seed(7)
    values = []
    for n in (1, 2, 3, 10, 100, 2**63 + 1, 2**64):
        value, rng = below(rng, n)
        values.append(value)
    assert values == [0, 1, 2, 5, 17, 6356872459430266104, 7350602455885783398]
    assert rng.state == 7364093708001690535


def test_shuffle_choice_and_fork_known_answers() -> None:
    """shuffle, choice and fork give pinned results."""
    assert shuffle(Rng.from_seed(2026), range(10)) == (
        (5, 8, 7, 4, 6, 0, 9, 3, 2, 1),
        Rng(11174758519954028556),
    )
    assert choice(Rng.from_seed(3), "abcdef") == ("c", Rng(13585909439338030341))
    assert fork(Rng.from_seed(9), 0).state == 18252049300149263365
    assert fork(Rng.from_seed(9), 1).state == 8694812612048360103


@given(state=U64, n=st.integers(1, 2**200))
def test_below_stays_in_range(state: int, n: int) -> None:
    """below(rng, n) is in [0, n) and returns a new generator."""
    value, after = below(Rng(state), n)
    assert 0 <= value < n
    assert after != Rng(state)


def test_below_covers_bounds_wider_than_one_word() -> None:
    """Bounds past 2**64 draw several words, so huge values are reachable."""
    values = set()
    rng = Rng.from_seed(5)
    for _ in range(20):
        value, rng = below(rng, 2**128)
        values.add(value)
    assert max(values) > 2**120
    assert below(Rng.from_seed(5), 2**64 + 1)[0] == 2205870624391809149


@pytest.mark.parametrize("n", [0, -1, -(2**64)])
def test_below_refuses_an_empty_range(n: int) -> None:
    """below() needs at least one value to choose from."""
    with pytest.raises(ValueError, match="n >= 1"):
        below(Rng(1), n)


def test_below_is_roughly_uniform() -> None:
    """3000 draws of below(rng, 3) fall near 1000 each."""
    rng = Rng.from_seed(11)
    counts: Counter[int] = Counter()
    for _ in range(3000):
        value, rng = below(rng, 3)
        counts[value] += 1
    assert set(counts) == {0, 1, 2}
    assert all(850 < count < 1150 for count in counts.values())


@given(state=U64, items=st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation(state: int, items: list[int]) -> None:
    """shuffle returns the same items in some order, and never touches its input."""
    original = list(items)
    shuffled, _ = shuffle(Rng(state), items)
    assert isinstance(shuffled, tuple)
    assert sorted(shuffled) == sorted(original)
    assert items == original


def test_shuffle_reaches_every_order() -> None:
    """All 6 orders of 3 items appear over 600 shuffles."""
    rng = Rng.from_seed(1)
    seen = set()
    for _ in range(600):
        order, rng = shuffle(rng, "abc")
        seen.add(order)
    assert len(seen) == 6


def test_from_seed_separates_nearby_and_negative_seeds() -> None:
    """Seeds -500..500 and large seeds differing above 64 bits give distinct generators."""
    states = {Rng.from_seed(seed).state for seed in range(-500, 501)}
    assert len(states) == 1001
    assert Rng.from_seed(2**64 + 1) != Rng.from_seed(1)
    assert Rng.from_seed(2**64) != Rng.from_seed(0)


@given(state=U64, stream=st.integers(0, 1000))
def test_fork_gives_a_stream_apart_from_its_parent(state: int, stream: int) -> None:
    """fork leaves the parent as it was and differs from the parent and the next stream."""
    parent = Rng(state)
    child = fork(parent, stream)
    assert parent == Rng(state)
    assert child != fork(parent, stream + 1)
    assert _draws(child, 2) != _draws(parent, 2)


def test_rng_is_an_immutable_value() -> None:
    """Rng is frozen, hashable and compared by state."""
    rng = Rng(5)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rng.state = 6  # type: ignore[misc]
    assert Rng(5) == rng and hash(Rng(5)) == hash(rng)


def _reference_below(rng: Rng, n: int) -> tuple[int, Rng]:
    """below() as its definition reads: whole next_u64 words, rejection sampling."""
    words = (n.bit_length() + 63) // 64 if n > 1 << 64 else 1
    span = 1 << (64 * words)
    while True:
        value = 0
        for _ in range(words):
            word, rng = next_u64(rng)
            value = (value << 64) | word
        if value < span - span % n:
            return value % n, rng


@given(state=U64, n=st.one_of(st.integers(1, 70), st.integers(1, 2**130)))
def test_below_draws_what_its_definition_says(state: int, n: int) -> None:
    """The inlined draw equals the word-by-word definition, value and generator."""
    assert below(Rng(state), n) == _reference_below(Rng(state), n)


def test_below_rejects_a_word_past_the_unbiased_limit() -> None:
    """A first word at or above the limit is drawn again (n = 2**63 + 1 rejects often)."""
    rng = Rng(0)
    rejected = 0
    for _ in range(64):
        value, after = below(rng, 2**63 + 1)
        assert (value, after) == _reference_below(rng, 2**63 + 1)
        rejected += after.state != (rng.state + 0x9E3779B97F4A7C15) % 2**64
        rng = after
    assert rejected > 0


@given(state=U64, size=st.integers(0, 40))
def test_shuffle_is_fisher_yates_over_below(state: int, size: int) -> None:
    """shuffle swaps item i with a below(i + 1) draw, from the last item down."""
    items, rng = list(range(size)), Rng(state)
    for i in range(size - 1, 0, -1):
        j, rng = _reference_below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
    assert shuffle(Rng(state), range(size)) == (tuple(items), rng)
