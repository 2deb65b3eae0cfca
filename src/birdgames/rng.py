"""A small, pure, portable PRNG (splitmix64) whose state lives inside game states."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

import attrs

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_WORD_SPAN: Final = 1 << 64


@attrs.frozen
class Rng:
    """An immutable splitmix64 generator; every draw returns a new Rng."""

    state: int
    """The splitmix64 state, a 64-bit unsigned value."""

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """Returns the generator for any int seed (negative and huge seeds fold in)."""
        folded = 0
        magnitude = -seed if seed < 0 else seed
        # Fold every 64-bit limb so distinct big seeds give distinct streams.
        while True:
            folded = _mix((folded ^ (magnitude & _MASK)) & _MASK)
            magnitude >>= 64
            if magnitude == 0:
                break
        if seed < 0:
            folded = _mix(folded ^ _GAMMA)
        return cls(folded)


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def next_u64(rng: Rng) -> tuple[int, Rng]:
    """Returns a uniform 64-bit value and the advanced generator."""
    state = (rng.state + _GAMMA) & _MASK
    return _mix(state), Rng(state)


def below(rng: Rng, n: int) -> tuple[int, Rng]:
    """Returns a uniform int in [0, n) and the advanced generator."""
    if n <= 0:
        raise ValueError(f"below() needs n >= 1, not {n}")
    value, state = _below(rng.state, n)
    return value, Rng(state)


def _below(state: int, n: int) -> tuple[int, int]:
    """`below` on the bare state: the same draws, one Rng built by the caller, not per word."""
    if n <= _WORD_SPAN:
        # One 64-bit word covers n; rejection keeps the draw unbiased.
        limit = _WORD_SPAN - _WORD_SPAN % n
        while True:
            state = (state + _GAMMA) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                return z % n, state
    # Enough 64-bit words to cover n, most significant first.
    words = (n.bit_length() + 63) // 64
    span = 1 << (64 * words)
    limit = span - span % n
    while True:
        value = 0
        for _ in range(words):
            state = (state + _GAMMA) & _MASK
            value = (value << 64) | _mix(state)
        if value < limit:
            return value % n, state


def choice(rng: Rng, seq: Sequence[T]) -> tuple[T, Rng]:
    """Returns a uniform element of a non-empty sequence and the advanced generator."""
    index, rng = below(rng, len(seq))
    return seq[index], rng


def shuffle(rng: Rng, seq: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
    """Returns a uniformly shuffled copy (Fisher-Yates) and the advanced generator."""
    items = list(seq)
    state = rng.state
    for i in range(len(items) - 1, 0, -1):
        j, state = _below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return tuple(items), Rng(state) if len(items) > 1 else rng


def fork(rng: Rng, stream: int) -> Rng:
    """Returns an independent generator for a numbered sub-stream, leaving `rng` usable."""
    return Rng(_mix((rng.state ^ _mix((stream * _GAMMA + 1) & _MASK)) & _MASK))
