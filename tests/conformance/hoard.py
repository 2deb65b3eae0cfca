"""A test-only document whose validator builds from a number it read: the fault the
hostile-document check must catch."""

from __future__ import annotations

from typing import ClassVar

import attrs

from birdgames import codec


@attrs.frozen
class Hoard:
    """A count and the cards it counts."""

    kind: ClassVar[str] = "hoardtest.hoard"
    count: int
    cards: tuple[int, ...]


def unbounded_problem(hoard: Hoard) -> str | None:
    """Checks the count by building that many slots: unbounded work."""
    slots = tuple(range(hoard.count))
    return None if len(slots) == len(hoard.cards) else "the count is wrong"


codec.register(Hoard)
codec.register_validator(Hoard, unbounded_problem)
