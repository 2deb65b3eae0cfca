"""The codec's fast paths give exactly what its guarded paths give.

`loads` parses a text into plain dicts first and proves no object repeated a key by counting
colons (`codec.limits.quick_parse`), and structures with the fast converter before the detailed one.
These tests compare each fast path with the guarded one on real documents and on documents
edited once, so a fast path that accepted more, or built something else, would fail here.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

import birdgames
from birdgames import CodecError, codec, perch_bop, sim
from birdgames.core import stuck_problem
from birdgames.perch_bop import invariants as perch_invariants
from birdgames.perch_bop.state import Arrival
from tests.conformance.mutations import mutate, vocabulary

GAMES = sorted(birdgames.games().items())


def _guarded_parse(text: str) -> Any:
    """What `loads` parsed before the quick parse: every object built from its pairs."""
    return json.loads(text, object_pairs_hook=codec.limits.object_from_pairs)


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
        quick = codec.limits.quick_parse(text)
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
    assert codec.limits.quick_parse(text) is None
    with pytest.raises(CodecError, match=message):
        codec.loads(sim.Record, text)


def test_quick_parse_keeps_colons_inside_strings_to_the_guarded_parse() -> None:
    """A ':' in a string makes the count differ: the guarded parse reads the text instead."""
    text = '{"a":"x:y","b":1}'
    assert codec.limits.quick_parse(text) is None
    assert codec.limits.parse(text) == {"a": "x:y", "b": 1}


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
            data = codec.limits.parse(edited)
            try:
                fast = codec.converters.FAST.structure(data, cls)
            except Exception:  # declined: the detailed converter decides
                continue
            detailed = codec.converters.CONVERTER.structure(data, cls)
            assert fast == detailed, where
            assert codec.dumps(fast) == codec.dumps(detailed), where
            accepted += 1
    assert accepted > 0


def test_perch_load_check_accepts_no_state_the_enumerating_check_finds_stuck() -> None:
    """Perch's loaded-state check sees a turn's legal action without listing them all
    (`progress_problem`); on turn states edited once, any state it accepts has legal actions
    for every player to act, as `birdgames.core.stuck_problem` finds by enumeration."""
    game = perch_bop.GAME
    accepted = turns = 0
    for players in game.player_counts:
        config = game.default_config(players)
        steps = list(sim.iter_play(game, config, 3, [sim.RandomPolicy()] * players))
        states = [s.state for s in steps if s.state.flow.awaiting is perch_bop.Await.TURN]
        texts = [codec.dumps(state) for state in states[:: max(1, len(states) // 8)]]
        words = vocabulary(texts)
        rng = random.Random(players)
        for text in texts:
            for _ in range(30):
                _, where, edited = mutate(text, words, rng)
                try:
                    state = codec.converters.CONVERTER.structure(
                        codec.limits.parse(edited), perch_bop.State
                    )
                except Exception:  # refused as a document: no state to check
                    continue
                try:
                    problem = perch_invariants.invariant_violation(state)
                except Exception:  # the codec refuses a state its check cannot read
                    continue
                turns += state.flow.awaiting is perch_bop.Await.TURN
                if problem is None:
                    accepted += 1
                    assert stuck_problem(game, state) is None, where
    assert accepted > 0 and turns > 0


def _perch_turn_with_every_stack_housed() -> perch_bop.State:
    """A turn (bird not placed, bonus action taken) where each colour in the actor's hand has
    a birdhouse at every Location in play: no bird can be placed, so no action is legal."""
    game = perch_bop.GAME
    config = game.default_config(3)
    for step in sim.iter_play(game, config, 5, [sim.RandomPolicy()] * 3):
        state, flow = step.state, step.state.flow
        if flow.awaiting is perch_bop.Await.TURN and not flow.placed and not state.arrivals:
            break
    hand = state.seats[flow.actor].hand
    supply = list(state.supply)
    locations = []
    for loc in state.locations:
        birds, housed = list(loc.birds), list(loc.housed)
        for c, k in enumerate(hand):
            if k and not loc.removed:
                housed[c] = True
                if not birds[c]:  # a birdhouse stands on a bird, taken from the supply
                    birds[c] = 1
                    supply[c] -= 1
        locations.append(attrs.evolve(loc, birds=tuple(birds), housed=tuple(housed)))
    return attrs.evolve(
        state,
        locations=tuple(locations),
        supply=tuple(supply),
        flow=attrs.evolve(flow, bonus_used=True),
    )


def test_perch_load_check_refuses_a_turn_with_no_place_for_any_bird() -> None:
    """The turn shortcut finds no place, so the enumerating check refuses the state."""
    stuck = _perch_turn_with_every_stack_housed()
    actor = stuck.flow.actor
    expected = f"p{actor} is to act but has no legal action"
    assert stuck_problem(perch_bop.GAME, stuck) == expected
    assert perch_invariants.invariant_violation(stuck) == expected
    with pytest.raises(CodecError, match=expected):
        codec.loads(perch_bop.State, codec.dumps(stuck))
    # One stack without a birdhouse is a place for a bird again.
    c = next(c for c, k in enumerate(stuck.seats[actor].hand) if k)
    i = next(i for i, loc in enumerate(stuck.locations) if not loc.removed)
    loc = stuck.locations[i]
    opened = attrs.evolve(loc, housed=tuple(h and j != c for j, h in enumerate(loc.housed)))
    free = attrs.evolve(stuck, locations=(*stuck.locations[:i], opened, *stuck.locations[i + 1 :]))
    assert perch_invariants.invariant_violation(free) is None
    assert stuck_problem(perch_bop.GAME, free) is None


def test_perch_load_check_refuses_fountain_choices_before_a_turn_with_nothing_to_do() -> None:
    """With a bird on its way to the fountain (U5), the turn behind it still needs a legal
    action: the shortcut finds no place, so the rules are asked and the state refused."""
    stuck = _perch_turn_with_every_stack_housed()
    actor = stuck.flow.actor
    supply = (stuck.supply[0] - 1, *stuck.supply[1:])  # the arriving bird leaves the supply
    arriving = attrs.evolve(stuck, supply=supply, arrivals=(Arrival(0, actor),))
    expected = f"p{actor} awaits a turn decision with nothing to do"
    assert perch_invariants.invariant_violation(arriving) == expected
    with pytest.raises(CodecError, match=expected):
        codec.loads(perch_bop.State, codec.dumps(arriving))


@pytest.mark.parametrize(("name", "game"), GAMES, ids=[name for name, _ in GAMES])
def test_dumps_writes_the_text_of_to_primitive(name: str, game: birdgames.AnyGame) -> None:
    """`dumps` leaves tuples of scalars as tuples; the text is the JSON of `to_primitive`."""
    players = max(game.player_counts)
    config = game.default_config(players)
    objects: list[object] = [config]
    for step in sim.iter_play(game, config, 4, [sim.RandomPolicy()] * players):
        objects += [step.state, step.action, *step.events]
        objects += [game.view(step.state, seat) for seat in (0, None)]
    objects.append(sim.play(game, config, 4, [sim.RandomPolicy()] * players))
    for obj in objects[:: max(1, len(objects) // 200)] + objects[-3:]:
        expected = json.dumps(codec.to_primitive(obj), separators=(",", ":"), ensure_ascii=False)
        assert codec.dumps(obj) == expected
    legal = game.legal_actions(game.new_game(config, 4), 0)
    listed = [codec.to_primitive(action) for action in legal]
    assert codec.dumps(legal) == json.dumps(listed, separators=(",", ":"), ensure_ascii=False)
