"""Contract rule 7: every game ends within max_actions, at most 10,000 (R2.2, R7)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest

from birdgames.rookery import GAME, EndTurn, PassAmbush, State, TapBird
from birdgames.rookery.actions import Action, Ambush
from birdgames.rookery.bounds import (
    chain_facts,
    creates_decision,
    max_actions,
    max_answers,
    max_turns,
)
from birdgames.rookery.cards import ABILITIES, CARD_TYPE, CATALOG, PREDATORS, CardType, Trigger
from birdgames.rookery.setup import MAX_COPIES
from birdgames.rookery.state import FRESH_TURN, TURN_ACTION_LIMIT, AmbushWindow, Config
from tests.rookery.scenarios import MID, B, L, P, build, uid
from tests.rules import rule

pytestmark = rule("rookery", "R2.2", "R7")

LIMIT = 10_000


def test_default_bound_is_small_and_derived() -> None:
    """3 draft actions, then 108 turns of at most 60 actions, 6 answers and EndTurn."""
    config = GAME.default_config(2)
    assert max_turns() == 108
    assert max_answers(config) == 6
    assert GAME.max_actions(config) == 3 + 108 * (60 + 6 + 1) == 7_239


def test_catalog_keeps_the_facts_the_bound_needs() -> None:
    """No on_defeat decision and no triggered move in the whole catalog."""
    assert chain_facts(CATALOG) is None


def test_no_legal_config_exceeds_ten_thousand_actions() -> None:
    """The worst decks allowed: the most decisions per card, every predator thrice."""
    most = max(sum(map(creates_decision, ABILITIES[c])) for c in CATALOG)
    hunt_decisions = sum(
        creates_decision(a) for c in PREDATORS for a in ABILITIES[c] if a.trigger is Trigger.ON_HUNT
    )
    worst = most + MAX_COPIES * (len(PREDATORS) + hunt_decisions)
    assert 3 + max_turns() * (TURN_ACTION_LIMIT + worst + 1) <= LIMIT
    predators = tuple(c for c in sorted(PREDATORS) for _ in range(MAX_COPIES))
    fillers = tuple(c for c in sorted(CATALOG) if CARD_TYPE[c] is CardType.EVENT)
    deck = predators + tuple(c for c in fillers for _ in range(MAX_COPIES))[: 40 - len(predators)]
    config = Config(decks=(deck, deck), deck_min=20, deck_max=40)
    assert max_answers(config) == worst
    assert max_actions(config) <= LIMIT


def _capped(state: State) -> State:
    return attrs.evolve(state, turn=attrs.evolve(state.turn, actions=TURN_ACTION_LIMIT))


@rule("rookery", "RD6")
def test_a_turn_of_sixty_actions_can_only_end() -> None:
    """R2.2 DECISION past 60 actions only EndTurn is legal, with the reason given."""
    state = build(birds=[B(L, 0, "wren")], song=(3, 0))
    assert TapBird(0, uid(state, "wren")) in GAME.legal_actions(state, 0)
    capped = _capped(state)
    assert GAME.legal_actions(capped, 0) == (EndTurn(0),)
    reason = GAME.check(capped, TapBird(0, uid(state, "wren")))
    assert reason == "this turn has had 60 actions and a turn holds at most 60; you can only end it"
    after = GAME.apply(capped, EndTurn(0))
    assert after.active == 1 and after.turn == FRESH_TURN


@rule("rookery", "RD6")
def test_answers_count_and_are_still_taken_past_the_cap() -> None:
    """A pending decision is answered past the cap, and each answer counts as an action."""
    state = build(
        birds=[B(L, 0, "wren"), B(MID, 1, "sandpiper")],
        predators=[P(L, 1, "owl", face_up=False)],
    )
    window = AmbushWindow(1, uid(state, "owl"), uid(state, "wren"))
    pending = attrs.evolve(_capped(state), pending=(window,))
    assert GAME.legal_actions(pending, 1) == (
        Ambush(1, window.predator),
        PassAmbush(1, window.predator),
    )
    after = GAME.apply(pending, PassAmbush(1, window.predator))
    assert after.turn.actions == TURN_ACTION_LIMIT + 1
    assert GAME.legal_actions(after, 0) == (EndTurn(0),)
    tapped = GAME.apply(state, TapBird(0, uid(state, "wren")))
    assert tapped.turn.actions == 1


def _progress(state: State) -> tuple[int, int, int]:
    """Lower is further from the end: checkpoints held, turns begun, turns left (negated)."""
    return (state.wheel.checkpoints, state.turn_number, -state.wheel.turns_left)


def _stall(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """The action whose result is least advanced, by one step of lookahead; EndTurn last.

    Actions are tried in random order and the first that advances nothing is taken, so a
    turn goes on as long as anything but EndTurn is legal.
    """
    now = _progress(state)
    order = sorted(actions, key=lambda a: (isinstance(a, EndTurn), rng.random()))
    best: tuple[tuple[int, int, int], Action] | None = None
    for action in order:
        after = GAME.apply(state, action)
        key = (1 << 20, 0, 0) if GAME.is_terminal(after) else _progress(after)
        if key == now:
            return action
        if best is None or key < best[0]:
            best = (key, action)
    assert best is not None
    return best[1]


@pytest.mark.parametrize("seed", range(4))
def test_stalling_games_end_within_max_actions(seed: int) -> None:
    """A player who always delays the end most still finishes within the bound."""
    config = GAME.default_config(2)
    limit = GAME.max_actions(config)
    assert limit <= LIMIT
    rng = random.Random(seed)
    state = GAME.new_game(config, seed)
    steps = 0
    while not GAME.is_terminal(state):
        assert steps < limit, f"seed {seed}: not over after max_actions={limit}"
        (player,) = GAME.to_act(state)
        state = GAME.apply(state, _stall(state, GAME.legal_actions(state, player), rng))
        assert state.turn.actions <= TURN_ACTION_LIMIT + max_answers(config)
        steps += 1
    assert steps <= limit
    assert state.turn_number <= max_turns()
