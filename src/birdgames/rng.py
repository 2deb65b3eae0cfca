"""A small, pure, portable PRNG (splitmix64) whose state lives inside game states."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

import attrs

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15


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
    # Enough 64-bit words to cover n; rejection keeps the draw unbiased for every n.
    words = 1 if n <= 1 << 64 else (n.bit_length() + 63) // 64
    span = 1 << (64 * words)
    limit = span - span % n
    while True:
        value = 0
        for _ in range(words):
            word, rng = next_u64(rng)
            value = (value << 64) | word
        if value < limit:
            return value % n, rng


def choice(rng: Rng, seq: Sequence[T]) -> tuple[T, Rng]:
    """Returns a uniform element of a non-empty sequence and the advanced generator."""
    index, rng = below(rng, len(seq))
    return seq[index], rng


def shuffle(rng: Rng, seq: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
    """Returns a uniformly shuffled copy (Fisher-Yates) and the advanced generator."""
    items = list(seq)
    for i in range(len(items) - 1, 0, -1):
        j, rng = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
    return tuple(items), rng


def fork(rng: Rng, stream: int) -> Rng:
    """Returns an independent generator for a numbered sub-stream, leaving `rng` usable."""
    return Rng(_mix((rng.state ^ _mix((stream * _GAMMA + 1) & _MASK)) & _MASK))
