"""The generic probe builder of the reason-leak check reaches other seats' hidden cards."""

import random

from birdgames.rookery import GAME as ROOKERY
from birdgames.rookery import Hunt
from tests.conformance.reasons import changed_values, check_reasons_hide_secrets, probe_actions
from tests.rookery.adapter import ADAPTER as ROOKERY_ADAPTER
from tests.rookery.scenarios import B, L, P, build, uid
from tests.toy.adapter import ADAPTER as TOY
from tests.toy.game import GAME as TOY_GAME
from tests.toy.game import Pick


def test_probes_name_cards_in_other_hands() -> None:
    """In the toy's pick phase p0's probes pick cards only p1 holds."""
    state = TOY_GAME.new_game(TOY_GAME.default_config(2), 3)
    others = [TOY.perturb_hidden(state, 0, seed) for seed in range(2)]
    probes = probe_actions(TOY_GAME, [state, *others], 0, 2, (), random.Random(0), 64)
    theirs = set(state.seats[1].hand)
    assert all(probe.player == 0 for probe in probes)
    assert any(isinstance(p, Pick) and p.card in theirs for p in probes)


def test_probes_name_a_face_down_predator_no_legal_action_names() -> None:
    """p0's probes hunt with p1's face-down predator, whose id only the state holds."""
    state = build(
        birds=[B(L, 0, "wren"), B(L, 1, "sandpiper")],
        predators=[P(L, 0, "fox"), P(L, 1, "owl", face_up=False)],
        hands=((), ("goshawk",)),
        song=(5, 0),
    )
    down = uid(state, "owl", 1)
    named = {getattr(a, "predator", None) for p in (0, 1) for a in ROOKERY.legal_actions(state, p)}
    assert down not in named
    others = [ROOKERY_ADAPTER.perturb_hidden(state, 0, seed) for seed in range(3)]
    hidden: set[int | str] = set()
    for other in others:
        changed_values(state, other, hidden)
    assert {down, "owl", "goshawk"} <= hidden
    probes = probe_actions(ROOKERY, [state, *others], 0, 2, (), random.Random(1), 200)
    assert any(isinstance(p, Hunt) and p.predator == down for p in probes)
    assert check_reasons_hide_secrets(ROOKERY_ADAPTER, state, 2, random.Random(2)) > 0
