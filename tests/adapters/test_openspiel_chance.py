"""The OpenSpiel games' chance model: a deal of 2^64 seeds, and a chance node before every
step that draws at random, so no state holds its own future draws."""

from __future__ import annotations

import math
from typing import Any

import pyspiel
import pytest

from birdgames import games
from birdgames.adapters import openspiel as adapter


def _load(name: str, players: int = 2, **params: Any) -> Any:
    return pyspiel.load_game(adapter.game_name(name), {"players": players, **params})


def _to_first_draw(state: Any) -> int:
    """Plays first legal actions (chance: outcome 0) up to the first draw's chance node
    after the deal; returns how many steps that took."""
    steps = 0
    dealt = False
    while not state.is_terminal():
        if state.is_chance_node() and dealt:
            return steps
        dealt = dealt or not state.is_chance_node()
        state.apply_action(state.legal_actions()[0])
        steps += 1
    raise AssertionError("no draw in the whole game")


@pytest.mark.parametrize("name", sorted(games()))
def test_the_deal_has_two_to_the_64_outcomes_a_byte_at_a_time(name: str) -> None:
    """The deal's chance nodes have 256 outcomes each, 2^64 deals in all."""
    state = _load(name).new_initial_state()
    deals = 1
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 256
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
        deals *= len(outcomes)
        state.apply_action(outcomes[-1][0])
    assert deals == 2**64
    assert state.engine_state is not None


@pytest.mark.parametrize("name", sorted(games()))
def test_a_step_that_draws_waits_for_a_chance_node(name: str) -> None:
    """Every engine draws at random at some point after the deal (a reshuffle, a bag draw);
    that step is a chance node, and different outcomes draw differently."""
    game = _load(name)
    state = game.new_initial_state()
    _to_first_draw(state)
    before = state.engine_state
    results = set()
    for first in range(0, 256, 17):
        branch = state.clone()
        while branch.is_chance_node():
            branch.apply_action(first)
        assert branch.engine_state != before
        results.add(pyspiel.serialize_game_and_state(game, branch))
    assert len(results) > 1


def test_perch_bag_draws_are_chance_outcomes_not_fixed_by_the_state() -> None:
    """A clone taken before a Perch bag draw does not know what the draw will bring: the
    same decision gives different bags under different chance outcomes."""
    game = _load("perch_bop")
    state = game.new_initial_state()
    _to_first_draw(state)
    bags = set()
    for outcome in range(0, 256, 5):
        branch = state.clone()
        while branch.is_chance_node():
            branch.apply_action(outcome)
        bags.add(tuple(branch.engine_state.bag))
    assert len(bags) > 1


def test_draw_bits_zero_leaves_draws_to_the_engine_rng() -> None:
    """draw_bits=0: no chance node after the deal; the engine's rng draws as before."""
    state = _load("perch_bop", draw_bits=0).new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    while not state.is_terminal():
        assert not state.is_chance_node()
        state.apply_action(state.legal_actions()[0])


@pytest.mark.parametrize("bits", [0, 65])
def test_a_deal_of_no_bits_or_too_many_is_refused(bits: int) -> None:
    """deal_bits is from 1 to 64."""
    with pytest.raises(pyspiel.SpielError, match="deal_bits"):
        _load("rookery", deal_bits=bits)
