"""Results kept for the objects a function was last called with, found by identity.

Search bots ask the same question of the same objects again and again (every seat's value
of one position, many samples of one view); values are immutable, so the answer for the very
same objects stays right. A memo here is keyed by the objects' `id()` but holds the objects
themselves and checks a hit with `is`, so no result depends on an address, and an object's
id cannot be reused while its entry lives.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class Remembered(Generic[P, R]):
    """`function` with its results kept for its last `size` or fewer keys, a key being its
    first `key` positional arguments (all of them when None): the caller passes after them
    only what they determine. A call with keywords is not kept."""

    def __init__(self, function: Callable[P, R], size: int, key: int | None = None) -> None:
        self.function = function
        self.size = size
        self.key = key
        self._kept: dict[tuple[int, ...], tuple[tuple[object, ...], R]] = {}
        self.__doc__ = function.__doc__

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        if kwargs:
            return self.function(*args, **kwargs)
        keyed = args if self.key is None else args[: self.key]
        key = tuple([id(arg) for arg in keyed])
        found = self._kept.get(key)
        if found is not None and all(a is b for a, b in zip(found[0], keyed, strict=True)):
            return found[1]
        result = self.function(*args, **kwargs)
        if len(self._kept) >= self.size:
            self._kept.clear()  # a search moves on to new objects: the old ones rarely return
        self._kept[key] = (keyed, result)
        return result

    def forget(self) -> None:
        """Drops every kept result."""
        self._kept.clear()


def remembered(size: int, key: int | None = None) -> Callable[[Callable[P, R]], Remembered[P, R]]:
    """Returns a decorator keeping a function's results for its last `size` keys, each found
    by identity (`Remembered`)."""

    def decorate(function: Callable[P, R]) -> Remembered[P, R]:
        return Remembered(function, size, key)

    return decorate
