"""The fountain (§4.3): slots fill bottom-up by their supports; the owner picks; the plaza."""

import attrs

from birdgames.perch_bop import GAME, ChooseSlot, State, Zap
from birdgames.perch_bop.events import FountainFilled
from tests.perch_bop import scenarios as sc
from tests.rules import rule

pytestmark = rule("perch_bop", "§4.3")


def zap_ready(players: int, fountain: dict[int, int]) -> State:
    """p0's round-5 turn with a p1 bird and a dummy-or-p2 bird on the Great Ash."""
    state = sc.board(sc.fresh(players), {"great_ash": {1: 2, 2: 2}})
    state = sc.hands(state, {0: {0: 1}})
    slots = list(state.fountain)
    supply = list(state.supply)
    for slot, colour in fountain.items():
        slots[slot] = colour
        supply[colour] -= 1
    state = attrs.evolve(state, fountain=tuple(slots), supply=tuple(supply))
    return sc.perch_turn(state, 0, 5)


def test_small_side_upper_slots_need_both_supports() -> None:
    """2-3p side: slot 4 opens only when slots 0 and 1 are full; slot 5 needs 1 and 2."""
    state = GAME.apply(zap_ready(3, {0: 0, 1: 0}), Zap(0, "great_ash", 1))
    assert GAME.to_act(state) == (1,)
    assert GAME.legal_actions(state, 1) == (ChooseSlot(1, 2), ChooseSlot(1, 3), ChooseSlot(1, 4))
    after = GAME.apply(state, ChooseSlot(1, 4))
    assert after.fountain[4] == 1


def test_large_side_columns_need_only_the_slot_below() -> None:
    """4-5p side: slot 4 sits on slot 0 alone; slot 12 needs 8 and 9."""
    filled = {0: 0, 4: 0, 8: 0, 1: 0, 5: 0, 9: 0}
    state = GAME.apply(zap_ready(4, filled), Zap(0, "great_ash", 1))
    options = {a.slot for a in GAME.legal_actions(state, 1) if isinstance(a, ChooseSlot)}
    assert options == {2, 3, 12}


def test_single_free_slot_is_taken_without_a_decision() -> None:
    """With one supported free slot, the bird takes it at once."""
    small = {i: 0 for i in range(11)}
    state, events = GAME.step(zap_ready(3, small), Zap(0, "great_ash", 1))
    assert state.fountain[11] == 1
    assert FountainFilled(1, 1, 11, 6) in events


def test_full_fountain_overflows_to_the_plaza() -> None:
    """Once every slot is full, further birds go to the plaza."""
    full = {i: 0 for i in range(12)}
    state, events = GAME.step(zap_ready(3, full), Zap(0, "great_ash", 1))
    assert state.plaza[1] == 1 and not state.arrivals
    assert FountainFilled(1, 1, None, 0) in events


@rule("perch_bop", "U5")
def test_dummy_bird_slot_is_chosen_by_the_acting_player() -> None:
    """2 players: a zapped dummy bird's slot is chosen by the player who zapped it (U5)."""
    state = GAME.apply(zap_ready(2, {}), Zap(0, "great_ash", 2))
    assert GAME.to_act(state) == (0,)
    assert GAME.legal_actions(state, 0) == tuple(ChooseSlot(0, s) for s in range(4))


def test_slot_choice_refused_when_unsupported() -> None:
    """Choosing a slot whose supports are empty is refused with the free slots named."""
    state = GAME.apply(zap_ready(3, {}), Zap(0, "great_ash", 1))
    reason = GAME.check(state, ChooseSlot(1, 7))
    assert reason is not None and "slot 7" in reason
