"""The heuristic value search bots maximise orders built positions sensibly."""

from __future__ import annotations

import attrs

from birdgames.rookery import GAME, State
from birdgames.rookery.evaluate import WIN_VALUE, evaluate
from birdgames.rookery.state import Phase
from tests.rookery.scenarios import MID, B, F, L, M, R, S, build
from tests.rules import rule


def _value(state: State, player: int = 0) -> float:
    return evaluate(GAME.view(state, player), player)


def test_the_end_is_a_win_a_loss_or_a_draw() -> None:
    """A finished game is worth the win value to its winner, minus that to the loser, and 0
    to both on a draw."""
    over = attrs.evolve(build(prizes=(3, 1)), phase=Phase.OVER, winners=(0,))
    assert _value(over, 0) == WIN_VALUE
    assert _value(over, 1) == -WIN_VALUE
    drawn = attrs.evolve(build(prizes=(2, 2)), phase=Phase.OVER, winners=(0, 1))
    assert _value(drawn, 0) == 0 == _value(drawn, 1)


def test_a_prize_is_worth_more_than_anything_on_the_field() -> None:
    """One more Prize outweighs a zone held with a flock."""
    prize = build(prizes=(1, 0))
    flock = build(birds=[B(MID, 0, "gull"), B(MID, 0, "gull"), B(MID, 0, "tern")])
    assert GAME.view(flock, 0).zones[1].controller == 0
    assert _value(prize) > _value(flock) > _value(build())


def test_holding_a_zone_beats_the_same_birds_spread_out() -> None:
    """Three birds in one zone make a flock that holds it; one in each zone holds nothing."""
    held = build(birds=[B(MID, 0, "gull"), B(MID, 0, "gull"), B(MID, 0, "tern")])
    spread = build(birds=[B(MID, 0, "gull"), B(L, 0, "robin"), B(R, 0, "lark")])
    assert _value(held) > _value(spread)


def test_the_value_is_zero_sum() -> None:
    """What one player gains the other loses: the two values are opposite."""
    state = build(
        birds=[B(MID, 0, "gull"), B(MID, 1, "tern")],
        prizes=(1, 0),
        song=(3, 0),
        hands=(("robin",), ()),
    )
    for viewer in (0, 1):
        view = GAME.view(state, viewer)
        assert evaluate(view, 0) == -evaluate(view, 1)


@rule("rookery", "R5.3")
def test_a_bird_at_home_is_worth_more_than_the_same_bird_away() -> None:
    """A gull (Shore) in the Shore middle zone survives a flip to Shore and meets At Home; in
    a Meadow zone it does neither (R5.3)."""
    home = build(birds=[B(MID, 0, "gull")], habitats=(F, S, M))
    away = build(birds=[B(MID, 0, "gull")], habitats=(F, M, M))
    assert GAME.view(home, 0).zones[1].habitat is S
    assert _value(home) > _value(away)
