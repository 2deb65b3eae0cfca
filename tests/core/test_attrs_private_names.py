"""The attrs internals birdgames relies on, pinned to the attrs versions it supports.

`birdgames.fields` (and through it the codec's generated hooks and the engines' builders) and
hatch_native.py read two names attrs does not document: the slot where a class made with
`cache_hash=True` keeps its hash (`fields.CACHED_HASH`), and the file name attrs gives the
`__init__` it generates (how `fields.init_only_stores` tells attrs' own `__init__` from one
written by hand). These tests fail on an attrs release that moves either, and on an attrs
outside the versions they were checked with, before any engine builds a wrong object.
"""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path
from typing import Final

import attrs

import hatch_native
from birdgames.fields import (
    CACHED_HASH,
    init_only_fills_dict,
    init_only_stores,
    slot_setter,
)

ROOT: Final = Path(__file__).resolve().parents[2]
ATTRS_VERSION: Final = importlib.metadata.version("attrs")
# The attrs versions the names were checked with (23.1.0 and 26.1.0 read): from the lowest
# pyproject.toml admits up to, not including, the first release nobody has checked yet.
CHECKED: Final = ((23, 1), (27, 0))


def _version(text: str) -> tuple[int, int]:
    major, minor = text.split(".")[:2]
    return int(major), int(minor)


def test_the_installed_attrs_is_one_the_names_were_checked_with() -> None:
    """A newer attrs fails here until its names are checked and `CHECKED` moved on."""
    lowest, first_unchecked = CHECKED
    assert lowest <= _version(ATTRS_VERSION) < first_unchecked, (
        f"attrs {ATTRS_VERSION} is outside the versions whose private names "
        f"birdgames.fields and hatch_native.py were checked with ({CHECKED}): run this file's "
        "other tests on it, then move CHECKED"
    )
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    (requirement,) = [d for d in project["dependencies"] if d.startswith("attrs")]
    assert requirement == f"attrs>={lowest[0]}.{lowest[1]}"


def test_a_cached_hash_is_kept_in_the_slot_birdgames_names() -> None:
    """attrs keeps a cached hash in `CACHED_HASH`, empty until the first hash; hatch_native.py
    gives native classes the same name, which the builders set."""

    @attrs.frozen(cache_hash=True)
    class Cached:
        a: int

    value = Cached(1)
    assert CACHED_HASH in Cached.__dict__, (
        f"attrs {ATTRS_VERSION} no longer keeps a cached hash in the slot {CACHED_HASH!r}: "
        "birdgames.fields.CACHED_HASH and hatch_native._CACHED_HASH must follow it"
    )
    assert getattr(value, CACHED_HASH) is None
    assert hash(value) == getattr(value, CACHED_HASH) == hash(Cached(1))
    slot_setter(Cached, CACHED_HASH)(value, None)  # as a builder empties it
    assert getattr(value, CACHED_HASH) is None and hash(value) == hash(Cached(1))
    assert hatch_native._CACHED_HASH == CACHED_HASH


def test_attrs_own_init_is_told_from_one_written_by_hand() -> None:
    """attrs' generated `__init__` carries the file name `fields` looks for; an `__init__`
    written by hand does not, and is never skipped."""

    @attrs.frozen
    class Plain:
        a: int

    @attrs.frozen(init=False)
    class HandWritten:
        a: int

        def __init__(self, a: int) -> None:
            object.__setattr__(self, "a", abs(a))

    @attrs.frozen(slots=False)
    class Unslotted:
        a: int

    filename = Plain.__init__.__code__.co_filename
    assert filename.startswith("<attrs generated"), (
        f"attrs {ATTRS_VERSION} names its generated __init__'s file {filename!r}: "
        "birdgames.fields._plain_attrs_init must learn the new name"
    )
    assert init_only_stores(Plain, ("a",))
    assert not init_only_stores(HandWritten, ("a",))
    assert init_only_fills_dict(Unslotted, ("a",))
    assert not init_only_fills_dict(Plain, ("a",))
