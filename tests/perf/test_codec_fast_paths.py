"""The codec's fast paths give exactly what its guarded paths give.

`loads` parses a text into plain dicts first and proves no object repeated a key by counting
colons (`codec._quick_parse`), and structures with the fast converter before the detailed one.
These tests compare each fast path with the guarded one on real documents and on documents
edited once, so a fast path that accepted more, or built something else, would fail here.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import birdgames
from birdgames import CodecError, codec, sim
from tests.conformance.mutations import mutate, vocabulary

GAMES = sorted(birdgames.games().items())


def _guarded_parse(text: str) -> Any:
    """What `loads` parsed before the quick parse: every object built from its pairs."""
    return json.loads(text, object_pairs_hook=codec._object)


def _documents(game: birdgames.AnyGame, seed: int) -> list[str]:
    """Documents of one random game: states along the way, views, actions and the record."""
    players = max(game.player_counts)
    config = game.default_config(players)
    steps = list(sim.iter_play(game, config, seed, [sim.RandomPolicy()] * players))
    texts = [codec.dumps(config), codec.dumps(game.new_game(config, seed))]
    for step in steps[:: max(1, len(steps) // 6)]:
        texts.append(codec.dumps(step.state))
        texts.append(codec.dumps(game.view(step.state, 0)))
        texts.append(codec.dumps(step.action))
    texts.append(codec.dumps(sim.play(game, config, seed, [sim.RandomPolicy()] * players)))
    return texts


@pytest.mark.parametrize(("name", "game"), GAMES, ids=[name for name, _ in GAMES])
def test_quick_parse_gives_the_guarded_parse_of_every_written_document(
    name: str, game: birdgames.AnyGame
) -> None:
    """Same dicts, same key order, for every kind of document a game writes."""
    for text in _documents(game, 1):
        quick = codec._quick_parse(text)
        assert quick is not None, text[:80]
        (data,) = quick
        guarded = _guarded_parse(text)
        assert data == guarded
        assert json.dumps(data) == json.dumps(guarded)  # key order too


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"a":1,"a":2}', "names the key 'a' twice"),
        # A colon inside a string cannot make up for a repeated key: the count goes up.
        ('{"a":1,"b":{"a":":","a":2}}', "names the key 'a' twice"),
        ('{"a":":","a":"x"}', "names the key 'a' twice"),
        ('{"x":[{"k":1,"k":1}]}', "names the key 'k' twice"),
        ("{" + ",".join(f'"k{i}":0' for i in range(codec.MAX_OBJECT_KEYS + 1)) + "}", "keys"),
        ('{"a":1} x', "not valid JSON"),
        ('{"a":NaN}', "NaN is not a JSON number"),
        ('{"a":1e999}', "too long or too large"),
    ],
)
def test_quick_parse_declines_what_the_guarded_parse_refuses(text: str, message: str) -> None:
    """A text the quick parse cannot vouch for is refused by the guarded parse, same words."""
    assert codec._quick_parse(text) is None
    with pytest.raises(CodecError, match=message):
        codec.loads(sim.Record, text)


def test_quick_parse_keeps_colons_inside_strings_to_the_guarded_parse() -> None:
    """A ':' in a string makes the count differ: the guarded parse reads the text instead."""
    text = '{"a":"x:y","b":1}'
    assert codec._quick_parse(text) is None
    assert codec._parse(text) == {"a": "x:y", "b": 1}


@pytest.mark.parametrize(("name", "game"), GAMES, ids=[name for name, _ in GAMES])
def test_fast_converter_builds_what_the_detailed_one_builds_or_declines(
    name: str, game: birdgames.AnyGame
) -> None:
    """On states edited once, the fast converter never accepts what the detailed converter
    refuses, and what it accepts it builds equal, down to the written text."""
    texts = [t for t in _documents(game, 2) if json.loads(t)["kind"].endswith(".state")]
    cls = type(game.new_game(game.default_config(min(game.player_counts)), 0))
    words = vocabulary(texts)
    rng = random.Random(name)
    accepted = 0
    for text in texts:
        for _ in range(25):
            _, where, edited = mutate(text, words, rng)
            data = codec._parse(edited)
            try:
                fast = codec._fast.structure(data, cls)
            except Exception:  # declined: the detailed converter decides
                continue
            detailed = codec._converter.structure(data, cls)
            assert fast == detailed, where
            assert codec.dumps(fast) == codec.dumps(detailed), where
            accepted += 1
    assert accepted > 0
