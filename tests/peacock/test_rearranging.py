"""Free rearranging in migration (K2.3, DECISION): lifts, a full tableau, the move budget."""

from __future__ import annotations

from collections import Counter

import attrs
from hypothesis import given
from hypothesis import strategies as st

from birdgames.peacock import (
    GAME,
    Action,
    BirdLifted,
    Config,
    EndMigration,
    LiftBird,
    Phase,
    PlaceBird,
    Slot,
    Source,
    State,
)
from birdgames.peacock.invariants import invariant_violation
from birdgames.peacock.scoring import season_score
from birdgames.peacock.state import MOVES_PER_MIGRATION, SLOTS, Flock, Group, Seat
from birdgames.rng import Rng, below
from tests.peacock.scenarios import BLUE, flock, group, position, seat, solo, starting
from tests.rules import rule

pytestmark = rule("peacock", "K2.3")

L, R = Slot.LEFT, Slot.RIGHT
T = Source.TABLEAU


def _full_crow_and_puffin_scene() -> State:
    """The crows-and-puffins swap with no free slot: the grove holds two hummingbirds."""
    crows_home = group("start_1", flock("crow", 3), flock("kingfisher"))  # plant, fish
    puffins_home = group("start_2", flock("vulture"), flock("puffin", 2))  # fish, meat
    owls = group("start_3", flock("owl"), flock("owl"))
    grove = group("grove", flock("hummingbird"), flock("hummingbird"))  # plant
    return solo(seat(starting(grove, start_1=crows_home, start_2=puffins_home, start_3=owls)))


def _play(state: State, steps: list[Action]) -> State:
    for step in steps:
        legal = GAME.legal_actions(state, step.player)
        assert step in legal, f"{step} is not offered"
        state = GAME.apply(state, step)
    return state


@rule("peacock", "KD5")
def test_crows_and_puffins_swap_in_a_full_tableau() -> None:
    """K2.3 (DECISION): every slot full, the crows lift, the puffins move, the crows land.

    The crows (buddy: a vulture) trade places with the puffins: 28 -> 31 points in five
    moves, where moving only from slot to slot finds no free slot to pass through.
    """
    state = _full_crow_and_puffin_scene()
    tableau = state.seats[0].groups
    assert all(g.left is not None and g.right is not None for g in tableau)
    assert (
        not [  # no slot is free for a crow or a puffin to move to
            a
            for a in GAME.legal_actions(state, 0)
            if isinstance(a, PlaceBird) and a.source is T and a.bird in ("crow", "puffin")
        ]
    )
    assert season_score(state.seats[0], BLUE)[0] == 28
    steps: list[Action] = [LiftBird(0, "crow", 0, L)] * 3
    steps += [PlaceBird(0, "puffin", T, 0, L, 1, R)] * 2
    steps += [PlaceBird(0, "crow", Source.ASIDE, 1, R)] * 3
    after = _play(state, steps).seats[0]
    assert after.groups[0].left == flock("puffin", 2)
    assert after.groups[1].right == flock("crow", 3)
    assert after.pool.aside == ()
    assert season_score(after, BLUE)[0] == 31
    assert after.moves == 5


@rule("peacock", "KD5")
def test_a_lift_costs_one_move_and_sets_the_bird_aside() -> None:
    """A lifted bird leaves its flock for the set-aside birds; its event says so."""
    state = solo(seat(starting(start_2=group("start_2", flock("vulture", 2)))))
    after, events = GAME.step(state, LiftBird(0, "vulture", 1, L))
    assert after.seats[0].groups[1].left == flock("vulture", 1)
    assert after.seats[0].pool.aside == ("vulture",)
    assert after.seats[0].moves == 1
    assert events == (BirdLifted(0, "vulture", 1, L),)
    assert GAME.view(after, None).seats[0].moves_left == MOVES_PER_MIGRATION - 1


@rule("peacock", "KD5")
def test_lifts_are_refused_with_a_reason() -> None:
    """Lifting names a flock of that species; none in additional migration."""
    state = solo(seat(starting(start_2=group("start_2", flock("vulture")))))
    assert GAME.check(state, LiftBird(0, "owl", 1, L)) == ("group 1 left holds vulture, not 'owl'")
    assert GAME.check(state, LiftBird(0, "owl", 0, R)) == "group 0 right is empty, not 'owl'"
    assert GAME.check(state, LiftBird(0, "owl", 9, R)) == (
        "there is no group 9; your groups are 0 to 2"
    )
    additional = attrs.evolve(state, phase=Phase.ADDITIONAL)
    assert GAME.check(additional, LiftBird(0, "vulture", 1, L)) == (
        "in additional migration only received birds are placed; nothing else moves"
    )


@rule("peacock", "KD6")
@rule("peacock", "K2.4")
def test_a_lifted_bird_left_unplaced_passes_on() -> None:
    """K2.4 (DECISION): a lifted bird is an unplaced bird at the end of the migration."""
    seats = (seat(starting(start_2=group("start_2", flock("vulture")))), seat())
    state = position(seats, BLUE)
    state = _play(state, [LiftBird(0, "vulture", 1, L), EndMigration(0), EndMigration(1)])
    assert state.phase is Phase.ADDITIONAL
    assert state.seats[1].pool.received == ("vulture",)
    assert state.seats[0].groups[1].left is None


# --- any arrangement is reachable within the budget ---------------------------------------


def _random_migration(players: int, seed: int, steps: int) -> State:
    """Returns a state of random play in a migration (or the game's end, if it comes first)."""
    state = GAME.new_game(Config(players), seed)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        acting = GAME.to_act(state)
        if not acting:
            break
        index, rng = below(rng, len(acting))
        legal = GAME.legal_actions(state, acting[index])
        pick, rng = below(rng, len(legal))
        state = GAME.apply(state, legal[pick])
    return state


def _arrangement(groups: tuple[Group, ...]) -> dict[tuple[int, Slot], Flock]:
    return {
        (g, slot): found
        for g, group in enumerate(groups)
        for slot in SLOTS
        if (found := group.flock(slot)) is not None
    }


def _by_slot(item: tuple[tuple[int, Slot], Flock]) -> tuple[int, str]:
    return item[0][0], item[0][1].value


def _emptied(state: State, player: int) -> State:
    """Returns `state` with every bird of `player`'s tableau set aside, no move made."""
    seat_ = state.seats[player]
    birds = [f.species for f in _arrangement(seat_.groups).values() for _ in range(f.size)]
    groups = tuple(Group(g.island, g.tucks) for g in seat_.groups)
    pool = attrs.evolve(seat_.pool, aside=tuple(sorted((*seat_.pool.aside, *birds))))
    return _with_seat(state, player, attrs.evolve(seat_, groups=groups, pool=pool, moves=0))


def _with_seat(state: State, player: int, new: Seat) -> State:
    seats = (*state.seats[:player], new, *state.seats[player + 1 :])
    return attrs.evolve(state, seats=seats)


@rule("peacock", "KD5")
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 400),
    data=st.data(),
)
def test_any_arrangement_is_reachable_within_the_budget(
    players: int, seed: int, steps: int, data: st.DataObject
) -> None:
    """K2.3 (DECISION): from any migration position, every arrangement of the seat's birds
    (placed, drafted, set aside) over its slots is reached within the move budget.

    A target is drawn by placing the birds one by one, through the engine's own placements,
    onto the tableau emptied; the plan lifts each bird that must leave its slot (one move
    each) and places the pool's birds, and every step of it must be legal.
    """
    state = _random_migration(players, seed, steps)
    open_seats = [p for p in GAME.to_act(state) if state.phase is Phase.MIGRATION]
    if not open_seats:
        state = _random_migration(players, seed, 0)  # the deal: draft to the first migration
        while state.phase is not Phase.MIGRATION:
            acting = GAME.to_act(state)
            state = GAME.apply(state, GAME.legal_actions(state, acting[0])[0])
        open_seats = list(GAME.to_act(state))
    player = data.draw(st.sampled_from(open_seats), label="player")
    start = _with_seat(state, player, attrs.evolve(state.seats[player], moves=0))

    # Draw a target arrangement by legal placements onto the emptied tableau.
    target_state = _emptied(start, player)
    while True:
        places = [
            a
            for a in GAME.legal_actions(target_state, player)
            if isinstance(a, PlaceBird) and a.source is not T
        ]
        if not places or data.draw(st.booleans(), label="stop placing"):
            break
        target_state = GAME.apply(target_state, data.draw(st.sampled_from(places)))
    target = _arrangement(target_state.seats[player].groups)
    assert invariant_violation(target_state) is None

    # The plan: lift what must leave, then place from the pool.
    plan: list[Action] = []
    current = _arrangement(start.seats[player].groups)
    for (g, slot), here in sorted(current.items(), key=_by_slot):
        goal = target.get((g, slot))
        keep = goal.size if goal is not None and goal.species == here.species else 0
        plan += [LiftBird(player, here.species, g, slot)] * max(0, here.size - keep)
    drafted = Counter(start.seats[player].pool.drafted_birds)
    for (g, slot), wanted in sorted(target.items(), key=_by_slot):
        was = current.get((g, slot))
        kept = was.size if was is not None and was.species == wanted.species else 0
        for _ in range(wanted.size - min(kept, wanted.size)):
            source = Source.DRAFTED if drafted[wanted.species] else Source.ASIDE
            drafted[wanted.species] -= source is Source.DRAFTED
            plan.append(PlaceBird(player, wanted.species, source, g, slot))
    after = _play(start, plan)
    assert _arrangement(after.seats[player].groups) == target
    assert after.seats[player].moves <= MOVES_PER_MIGRATION
    assert invariant_violation(after) is None
