"""Perch turns (§2.3, §3) and turn order (§2.4, U1, U2)."""

import attrs
import pytest

from birdgames.perch_bop import GAME, BuildBirdhouse, EndTurn, Place, Zap, ZapNest
from birdgames.perch_bop.events import TurnEnded, TurnOrderSet
from birdgames.perch_bop.state import Await, Phase
from tests.perch_bop import scenarios as sc
from tests.rules import rule

pytestmark = rule("perch_bop", "§2.3")


@rule("perch_bop", "U1")
def test_initial_turn_order_comes_from_the_seed_or_the_config() -> None:
    """U1: a random seat order from the seed, or the Config's fixed order."""
    orders = {GAME.new_game(GAME.default_config(4), seed).turn_order for seed in range(20)}
    assert len(orders) > 3 and all(sorted(o) == [0, 1, 2, 3] for o in orders)
    fixed = attrs.evolve(sc.config(4), turn_order=(2, 0, 3, 1))
    assert GAME.new_game(fixed, 5).turn_order == (2, 0, 3, 1)


@rule("perch_bop", "§2.4", "§4.2")
def test_turn_order_by_score_highest_first() -> None:
    """The next round's order is by score, highest first."""
    state = sc.board(sc.fresh(3), {"great_ash": {2: 3, 1: 2, 0: 1}})
    _, events = sc.start(state, Phase.UPKEEP)
    assert TurnOrderSet(2, (2, 1, 0)) in events


@rule("perch_bop", "U2")
def test_score_tie_goes_to_who_reached_it_first() -> None:
    """U2: among tied scores the player who reached that total earliest goes first."""
    state = sc.scores(sc.board(sc.fresh(3), {}), {0: 5, 1: 5, 2: 1}, reached={0: 7, 1: 3, 2: 1})
    _, events = sc.start(state, Phase.UPKEEP)
    assert TurnOrderSet(2, (1, 0, 2)) in events


@rule("perch_bop", "U2")
def test_tie_reached_in_the_same_upkeep_follows_scoring_order() -> None:
    """U2: scores applied in board order decide who reached a shared total first."""
    # p1 scores 5 on the Great Ash (board index 0) before p0 scores 5 on the Lonely Elm.
    state = sc.board(sc.fresh(3), {"great_ash": {1: 1}, "lonely_elm": {0: 1}})
    _, events = sc.start(state, Phase.UPKEEP)
    assert TurnOrderSet(2, (1, 0, 2)) in events


@rule("perch_bop", "U2")
def test_full_tie_keeps_the_previous_order() -> None:
    """U2: players who never scored keep the previous round's order."""
    state = attrs.evolve(sc.board(sc.fresh(3), {}), turn_order=(2, 0, 1))
    _, events = sc.start(state, Phase.UPKEEP)
    assert TurnOrderSet(2, (2, 0, 1)) in events


def test_placing_a_bird_ends_the_turn_when_no_bonus_exists() -> None:
    """Rounds 1-3 have no bonus action: placing the bird ends the turn."""
    state = sc.perch_turn(sc.hands(sc.board(sc.fresh(3), {}), {0: {0: 1}, 1: {1: 1}}), 0, 1)
    after = GAME.apply(state, Place(0, 0, "owl_barn", False))
    assert after.flow.awaiting is Await.TURN and after.flow.actor == 1


@rule("perch_bop", "PD4")
@rule("perch_bop", "U4")
def test_new_stack_must_take_a_free_nest() -> None:
    """U4: a new stack takes the free nest; declining it is refused."""
    state = sc.perch_turn(sc.hands(sc.board(sc.fresh(3), {}), {0: {0: 1}}), 0)
    assert Place(0, 0, "great_ash", True) in GAME.legal_actions(state, 0)
    assert Place(0, 0, "great_ash", False) not in GAME.legal_actions(state, 0)
    reason = GAME.check(state, Place(0, 0, "great_ash", False))
    assert reason == "a new red stack on great_ash must take a free nest (1 free)"
    after = GAME.apply(state, Place(0, 0, "great_ash", True))
    ash = sc.loc(after, "great_ash")
    assert ash.nested[0] and ash.free_nests == 0


def test_optional_nests_flag_lets_a_new_stack_decline() -> None:
    """With optional_nests a new stack may leave the nest free."""
    state = sc.fresh(3, optional_nests=True)
    state = sc.perch_turn(sc.hands(sc.board(state, {}), {0: {0: 1}}), 0)
    legal = GAME.legal_actions(state, 0)
    assert Place(0, 0, "great_ash", True) in legal and Place(0, 0, "great_ash", False) in legal


def test_existing_stack_never_takes_a_nest() -> None:
    """An existing stack never moves onto a nest freed or left over."""
    state = sc.board(sc.fresh(3), {"great_ash": {0: 1}})
    state = sc.perch_turn(sc.hands(state, {0: {0: 1}}), 0)
    assert Place(0, 0, "great_ash", False) in GAME.legal_actions(state, 0)
    assert GAME.check(state, Place(0, 0, "great_ash", True)) is not None


def test_any_colour_may_be_placed_from_hand() -> None:
    """A player places any colour they hold, another player's or the dummy's."""
    state = sc.perch_turn(sc.hands(sc.board(sc.fresh(2), {}), {0: {2: 1}}), 0)
    after = GAME.apply(state, Place(0, 2, "owl_barn", False))
    assert sc.loc(after, "owl_barn").birds == (0, 0, 1)


@rule("perch_bop", "U17")
@pytest.mark.parametrize(("round_", "available"), [(1, False), (3, False), (4, True), (5, True)])
def test_birdhouse_available_from_round_four(round_: int, available: bool) -> None:
    """A birdhouse can be built in rounds 4 and 5 only."""
    state = sc.board(sc.fresh(3), {"great_ash": {1: 2}})
    state = sc.perch_turn(sc.hands(state, {0: {0: 1}}), 0, round_)
    action = BuildBirdhouse(0, "great_ash", 1)
    assert (action in GAME.legal_actions(state, 0)) is available
    reason = GAME.check(state, action)
    assert (reason is None) is available
    if not available:
        assert reason is not None and "round 4" in reason


@pytest.mark.parametrize(("round_", "available"), [(1, False), (4, False), (5, True)])
def test_zap_available_in_round_five_only(round_: int, available: bool) -> None:
    """The lightning token works in round 5 only."""
    state = sc.board(sc.fresh(3), {"great_ash": {1: 2}})
    state = sc.perch_turn(sc.hands(state, {0: {0: 1}}), 0, round_)
    assert (Zap(0, "great_ash", 1) in GAME.legal_actions(state, 0)) is available


@rule("perch_bop", "U16")
def test_birdhouse_closes_the_stack_and_is_used_once() -> None:
    """A birdhouse adds no placement there any more, and the player has no second one."""
    state = sc.board(sc.fresh(3), {"great_ash": {1: 2}})
    state = sc.perch_turn(sc.hands(state, {0: {1: 2}}), 0, 4)
    state = GAME.apply(state, BuildBirdhouse(0, "great_ash", 1))
    assert sc.loc(state, "great_ash").housed[1] and not state.seats[0].birdhouse
    legal = GAME.legal_actions(state, 0)
    assert Place(0, 1, "great_ash", False) not in legal
    assert not any(isinstance(a, BuildBirdhouse) for a in legal)
    reason = GAME.check(state, Place(0, 1, "great_ash", False))
    assert reason is not None and "birdhouse" in reason


def test_bonus_after_placing_or_end_turn() -> None:
    """After placing, a player with a bonus left may take it or end the turn."""
    state = sc.board(sc.fresh(3), {"great_ash": {1: 2}})
    state = sc.perch_turn(sc.hands(state, {0: {0: 2}}), 0, 4)
    state = GAME.apply(state, Place(0, 0, "owl_barn", False))
    legal = GAME.legal_actions(state, 0)
    assert EndTurn(0) in legal and BuildBirdhouse(0, "owl_barn", 0) in legal
    assert not any(isinstance(a, Place) for a in legal)
    after = GAME.apply(state, BuildBirdhouse(0, "owl_barn", 0))
    # p0 still holds a bird and nobody else does: p0's next turn starts afresh.
    assert after.flow.actor == 0 and not after.flow.placed and not after.flow.bonus_used
    ended, events = GAME.step(state, EndTurn(0))
    assert TurnEnded(0) in events and ended.seats[0].birdhouse


def test_one_bonus_per_turn() -> None:
    """After a bonus action the player must still place, but takes no second bonus."""
    state = sc.board(sc.fresh(3), {"great_ash": {1: 2}})
    state = sc.perch_turn(sc.hands(state, {0: {0: 2}}), 0, 5)
    state = GAME.apply(state, BuildBirdhouse(0, "great_ash", 1))
    legal = GAME.legal_actions(state, 0)
    assert legal and all(isinstance(a, Place) for a in legal)
    reason = GAME.check(state, Zap(0, "great_ash", 1))
    assert reason is not None and "bonus" in reason


def test_zap_spares_birdhouse_stacks() -> None:
    """A zap cannot hit a stack under a birdhouse."""
    state = sc.board(sc.fresh(3), {"great_ash": {1: 2}}, houses={"great_ash": [1]})
    state = sc.perch_turn(sc.hands(state, {0: {0: 1}}), 0, 5)
    reason = GAME.check(state, Zap(0, "great_ash", 1))
    assert reason is not None and "protected" in reason


@rule("perch_bop", "U6")
def test_zap_nest_only_with_the_option() -> None:
    """U6: zapping a free nest is refused unless zap_nests is on."""
    state = sc.perch_turn(sc.hands(sc.board(sc.fresh(3), {}), {0: {0: 1}}), 0, 5)
    assert ZapNest(0, "great_ash") not in GAME.legal_actions(state, 0)
    on = sc.perch_turn(sc.hands(sc.board(sc.fresh(3, zap_nests=True), {}), {0: {0: 1}}), 0, 5)
    assert ZapNest(0, "great_ash") in GAME.legal_actions(on, 0)
    after = GAME.apply(on, ZapNest(0, "great_ash"))
    assert sc.loc(after, "great_ash").free_nests == 0 and not after.seats[0].zap


def test_emptied_stack_frees_its_nest() -> None:
    """A zapped stack's last bird frees its nest for the next new stack."""
    state = sc.board(sc.fresh(3), {"great_ash": {1: 1}}, nests={"great_ash": [1]})
    state = sc.perch_turn(sc.hands(state, {0: {0: 1}}), 0, 5)
    state = GAME.apply(state, Zap(0, "great_ash", 1))
    while GAME.to_act(state) == (1,):
        state = GAME.apply(state, GAME.legal_actions(state, 1)[0])
    ash = sc.loc(state, "great_ash")
    assert ash.birds[1] == 0 and not ash.nested[1] and ash.free_nests == 1
    assert Place(0, 0, "great_ash", True) in GAME.legal_actions(state, 0)


def test_player_without_birds_is_skipped() -> None:
    """A player with an empty hand is skipped in the Perch phase."""
    state = sc.hands(sc.board(sc.fresh(3), {}), {1: {1: 1}})
    state, _ = sc.start(state, Phase.PERCH)
    assert state.flow.actor == 1
