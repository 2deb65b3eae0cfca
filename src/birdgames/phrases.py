"""Small English helpers the games' words share: articles and counted nouns."""

from __future__ import annotations

from typing import Final

_VOWELS: Final = frozenset("aeiouAEIOU")


def a(noun: str) -> str:
    """Returns the noun with its indefinite article: `"an Owl"`, `"a Vulture"`."""
    return f"{'an' if noun[:1] in _VOWELS else 'a'} {noun}"


def plural(noun: str) -> str:
    """Returns the regular English plural of a noun: `"Ostriches"`, `"nests"`."""
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        return f"{noun}es"
    if noun.endswith("y") and noun[-2:-1] not in _VOWELS:
        return f"{noun[:-1]}ies"
    return f"{noun}s"


def count(number: int, noun: str, many: str | None = None) -> str:
    """Returns `"1 free nest"` or `"2 free nests"`; `many` overrides the plural."""
    if number == 1:
        return f"1 {noun}"
    return f"{number} {many if many is not None else plural(noun)}"
