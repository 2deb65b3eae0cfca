"""The heuristic value search bots maximise orders built positions sensibly."""

from __future__ import annotations

import attrs

from birdgames.peacock import GAME, Phase, State
from birdgames.peacock.evaluate import evaluate
from tests.peacock.scenarios import BLUE, flock, group, position, seat, starting
from tests.rules import rule


def _value(state: State, player: int = 0) -> float:
    return evaluate(GAME.view(state, player), player)


def test_banked_season_points_count_in_full() -> None:
    """Ten more points from a scored season are worth exactly ten more."""
    low = position([seat(scores=(10,)), seat(scores=(0,))], rnd=2)
    high = position([seat(scores=(20,)), seat(scores=(0,))], rnd=2)
    assert _value(high) - _value(low) == 10


@rule("peacock", "K2.4")
def test_a_bird_still_to_place_is_worth_its_planned_place_until_the_migration_ends() -> None:
    """A drafted puffin counts what it adds where the plan puts it, as much as the same puffin
    on its fish island; once the seat has ended its migration it is left out (K2.4) and
    counts for nothing."""
    placed = position([seat(starting(start_1=group("start_1", flock("puffin")))), seat()])
    unplaced = position([seat(drafted_birds=["puffin"]), seat()])
    ended = position([seat(drafted_birds=["puffin"], done=True), seat()])
    assert _value(unplaced) == _value(placed)
    assert _value(ended) < _value(unplaced)


def test_a_bird_the_tableau_can_feed_is_worth_more_than_one_it_cannot() -> None:
    """In blue no starting island has two plants: a drafted ostrich has nowhere to go and is
    worth less than a drafted puffin, though it prints more feathers."""
    puffin = position([seat(drafted_birds=["puffin"]), seat()], season=BLUE)
    ostrich = position([seat(drafted_birds=["ostrich"]), seat()], season=BLUE)
    assert _value(puffin) > _value(ostrich)


def test_a_drafted_island_is_worth_more_than_a_bird_with_no_home() -> None:
    """In blue no starting island feeds an ostrich: early in the first draft a drafted
    island, room and resources for the flocks still to draft, is worth more than that
    ostrich's share of its printed feathers."""
    hand = ["crow", "heron", "owl", "puffin", "seagull", "vulture"]
    island = position(
        [seat(drafted_islands=["crag"], hand_birds=hand), seat(hand_birds=hand)],
        season=BLUE,
        phase=Phase.DRAFT,
    )
    ostrich = position(
        [seat(drafted_birds=["ostrich"], hand_birds=hand), seat(hand_birds=hand)],
        season=BLUE,
        phase=Phase.DRAFT,
    )
    assert _value(island) > _value(ostrich)


def test_a_full_flock_is_worth_its_bonus() -> None:
    """A third vulture completes the flock: worth more than the two-bird flock by more than
    the third bird's printed feathers."""
    two = position([seat(starting(start_2=group("start_2", flock("vulture", 2)))), seat()])
    three = position([seat(starting(start_2=group("start_2", flock("vulture", 3)))), seat()])
    assert _value(three) - _value(two) > 2 * 1.5


def test_the_own_face_down_pick_counts_only_for_its_owner() -> None:
    """p0's committed pick adds to p0's value as p0 sees it, and to nothing p1 can see."""
    base = position(
        [seat(hand_birds=["puffin", "crow"]), seat(hand_birds=["owl", "heron"])], phase=Phase.DRAFT
    )
    picked = GAME.apply(base, GAME.legal_actions(base, 0)[1])
    assert _value(picked) > _value(base)
    assert evaluate(GAME.view(picked, 1), 0) == evaluate(GAME.view(base, 1), 0)


def test_a_finished_game_is_worth_its_total() -> None:
    """Once the game is over the value is the exact total."""
    over = position([seat(scores=(10, 20, 30)), seat(scores=(1, 2, 3))], rnd=3)
    over = attrs.evolve(over, phase=Phase.OVER)
    assert _value(over) == 60
    assert _value(over, 1) == 6


@rule("peacock", "K2.3")
def test_placing_a_drafted_island_keeps_its_worth() -> None:
    """A drafted island must be placed before the migration ends (K2.3): the plan already
    counts it as a new group, so placing it as one is worth what holding it is, and the best
    way of placing or tucking it at least that; else one step of lookahead would shuffle
    birds until the move budget ran out rather than place it."""
    held = position([seat(drafted_islands=["crag"]), seat()], season=BLUE)
    values = {
        action: _value(GAME.apply(held, action))
        for action in GAME.legal_actions(held, 0)
        if action.kind in ("peacock.place_island", "peacock.tuck_island")
    }
    assert len(values) > 1
    assert [v for a, v in values.items() if a.kind == "peacock.place_island"] == [_value(held)]
    assert max(values.values()) >= _value(held)


@rule("peacock", "K2.3")
def test_a_tableau_move_spent_is_worth_a_little() -> None:
    """A move of the budget spent is worth a little less than one kept, so a move that gains
    nothing (a flock shuffled to an equal slot) ranks below ending the migration; a move
    that gains a point still ranks above."""
    tableau = starting(start_1=group("start_1", flock("puffin")))
    kept = position([seat(tableau), seat()])
    spent = position([seat(tableau, moves=1), seat()])
    assert _value(kept) - 0.1 < _value(spent) < _value(kept)
