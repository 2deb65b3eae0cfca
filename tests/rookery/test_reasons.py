"""Refusal reasons tell a seat only what its view shows (core contract rule 5)."""

from __future__ import annotations

import pytest

from birdgames.core import IllegalActionError
from birdgames.rookery import GAME, Hunt, Mob, MoveBird, TapBird
from birdgames.rookery.actions import Action
from birdgames.rookery.state import State
from tests.rookery.adapter import perturb_hidden
from tests.rookery.scenarios import MID, B, L, P, build, uid
from tests.rules import rule

# p1 owns one face-down predator among p0's probes; the perturbation deals it again.
_HIDDEN = "owl"


def _table(hidden: str = _HIDDEN) -> State:
    return build(
        birds=[B(L, 0, "wren"), B(L, 1, "sandpiper"), B(MID, 1, "tern")],
        predators=[P(L, 0, "fox"), P(L, 1, hidden, face_up=False), P(MID, 1, "weasel")],
        hands=((), ("goshawk", "otter")),
        decks=((), ("harrier",)),
        song=(5, 5),
    )


def _refusals(state: State, action: Action) -> tuple[str | None, str]:
    with pytest.raises(IllegalActionError) as caught:
        GAME.apply(state, action)
    return GAME.check(state, action), str(caught.value)


def _probes(state: State) -> list[Action]:
    down = uid(state, _HIDDEN, 1)
    return [
        Hunt(0, down, uid(state, "wren", 0)),
        Hunt(0, down, uid(state, "sandpiper", 1)),
        Hunt(0, uid(state, "weasel", 1), uid(state, "sandpiper", 1)),
        TapBird(0, down),
        MoveBird(0, down, MID),
        Mob(0, down),
    ]


@rule("rookery", "R6.3")
def test_hunt_with_a_face_down_opposing_predator_does_not_name_it() -> None:
    """R6.3 a face-down card's identity is its owner's secret, refusals included."""
    state = _table()
    action = Hunt(0, uid(state, _HIDDEN, 1), uid(state, "sandpiper", 1))
    reason, message = _refusals(state, action)
    assert reason == f"#{action.predator} is not one of your predators"
    assert _HIDDEN not in message and "p1" not in message


@pytest.mark.parametrize("other", ["goshawk", "otter", "harrier"])
def test_refusals_are_the_same_whatever_the_face_down_card_is(other: str) -> None:
    """Two tables that differ only in p1's face-down card get the same refusals for p0."""
    state, swapped = _table(), _table(other)
    assert GAME.view(state, 0) == GAME.view(swapped, 0)
    for action in _probes(state):
        assert _refusals(state, action) == _refusals(swapped, action), action


@pytest.mark.parametrize("seed", range(6))
def test_refusals_survive_perturbing_what_the_seat_cannot_see(seed: int) -> None:
    """check and str(IllegalActionError) agree across perturb_hidden for p0."""
    state = _table()
    other = perturb_hidden(state, 0, seed)
    for action in _probes(state):
        assert _refusals(state, action) == _refusals(other, action), action
