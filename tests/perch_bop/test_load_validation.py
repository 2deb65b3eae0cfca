"""Loading refuses states the game cannot reach, so every loaded state plays on legally."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from birdgames import codec
from birdgames.perch_bop import GAME, State, creatures, invariants
from birdgames.perch_bop.cards import TILE, Ability
from birdgames.perch_bop.state import Await, Phase, Spot, Stage, Where
from tests.load_validation import check_refused, find_state
from tests.rules import rule


def _find(players: int, found: Callable[[State], bool]) -> State:
    state: State = find_state(GAME, players, 20, found)
    return state


def _refused(state: State, message: str) -> None:
    check_refused(State, state, message)


def _turn(state: State) -> bool:
    return state.flow.awaiting is Await.TURN and not state.arrivals


@pytest.mark.parametrize("players", GAME.player_counts)
def test_a_turn_waits_only_on_the_player_whose_turn_it_is(players: int) -> None:
    """Moving flow.actor to another seat leaves a turn nobody can take, or the wrong one."""
    state = _find(players, _turn)
    for actor in range(players):
        if actor != state.flow.actor:
            _refused(attrs.evolve(state, flow=attrs.evolve(state.flow, actor=actor)), "turn")


def test_stage_and_cursor_stay_within_their_phase() -> None:
    """The driver's bookmark names a step of its phase and a board index."""
    state = _find(3, _turn)
    for value in (999, -7):
        _refused(attrs.evolve(state, flow=attrs.evolve(state.flow, stage=value)), "stage")
        _refused(attrs.evolve(state, flow=attrs.evolve(state.flow, cursor=value)), "cursor")


@rule("perch_bop", "§2.1")
@pytest.mark.parametrize("players", GAME.player_counts)
def test_the_rookery_step_of_migration_stands_on_the_rookery(players: int) -> None:
    """Migration's second step sends a bird from the Rookery the cursor is on (§2.1): a
    bookmark at that step on any other cursor is refused, the end of the board included."""

    def migrating(state: State) -> bool:
        flow = state.flow
        return flow.phase is Phase.MIGRATION and flow.stage == 1 and bool(state.arrivals)

    state = _find(players, migrating)
    for cursor in range(len(state.locations) + 1):
        tile = TILE[state.locations[cursor].tile] if cursor < len(state.locations) else None
        if tile is None or tile.ability is not Ability.ROOKERY:
            flow = attrs.evolve(state.flow, stage=2, cursor=cursor)
            _refused(attrs.evolve(state, flow=flow), "rookery")


@rule("perch_bop", "§6")
def test_an_activation_path_is_a_move_the_creature_made() -> None:
    """§6: a finished move's path leads, step by step as the creature moves, to where its
    standee stands: any other landing, a Pond included, is refused."""

    def moved(state: State) -> bool:
        act = state.flow.activation
        return act is not None and act.stage is not Stage.MOVE and bool(act.path)

    state = _find(5, moved)
    act = state.flow.activation
    assert act is not None and state.ponds is not None
    for place in range(len(state.locations) + len(state.ponds.ponds)):
        if place != act.path[-1]:
            path = (*act.path[:-1], place)
            flow = attrs.evolve(state.flow, activation=attrs.evolve(act, path=path))
            _refused(attrs.evolve(state, flow=flow), "activation")


def test_creatures_are_the_board_s_own_each_once_where_they_can_stand() -> None:
    """One creature per creature tile on the board; a standee stands on a cell (or crossing)."""
    state = _find(4, _turn)
    assert state.creatures
    creatures = state.creatures
    _refused(attrs.evolve(state, creatures=(*creatures, creatures[0])), "creature")
    _refused(attrs.evolve(state, creatures=creatures[1:]), "creature")
    for position in (10**15, len(state.locations), -7):
        moved = attrs.evolve(creatures[0], position=Spot(Where.CELL, position))
        _refused(attrs.evolve(state, creatures=(moved, *creatures[1:])), "creature|stands")
    # P9: a standee's place is typed; a cell index passed as an intersection or a Pond is
    # refused even where the number would fit
    first = creatures[0]
    own = Where.INTERSECTION if first.id == "scarecrow" else Where.CELL
    for where in (w for w in Where if w is not own):
        moved = attrs.evolve(first, position=Spot(where, 0))
        _refused(attrs.evolve(state, creatures=(moved, *creatures[1:])), "creature|stands")


def test_a_final_breakdown_only_at_the_end_and_as_scored() -> None:
    """`final` is empty until the game is over; then it is what end-game scoring gives."""
    end = _find(2, GAME.is_terminal)
    mid = _find(2, _turn)
    _refused(attrs.evolve(mid, final=end.final), "final")
    first = end.final[0]
    tampered = attrs.evolve(first, total=first.total + 5)
    seats = (attrs.evolve(end.seats[0], score=first.total + 5), *end.seats[1:])
    _refused(attrs.evolve(end, final=(tampered, *end.final[1:]), seats=seats), "final")


def test_scores_beyond_what_the_game_can_give_are_refused() -> None:
    """A score is bounded by every place and end-game point there is."""
    state = _find(2, _turn)
    seats = (attrs.evolve(state.seats[0], score=10**9), *state.seats[1:])
    _refused(attrs.evolve(state, seats=seats), "score")


def test_the_objective_phase_is_round_one_and_waits_for_objectives() -> None:
    """Before round 1 the game waits only for the objectives still to keep."""
    start = GAME.new_game(GAME.default_config(3), 1)
    assert start.flow.phase is Phase.OBJECTIVES
    _refused(attrs.evolve(start, round=3), "round")
    _refused(
        attrs.evolve(start, flow=attrs.evolve(start.flow, awaiting=Await.TURN, actor=0)),
        "objectives",
    )


def test_a_turn_behind_fountain_choices_can_go_on() -> None:
    """A turn with its bird placed and bonus used is over; birds heading for the fountain
    do not hide that the awaited player would have nothing left to do."""
    state = _find(
        3, lambda s: s.flow.awaiting is Await.TURN and bool(s.arrivals) and s.flow.bonus_used
    )
    _refused(attrs.evolve(state, flow=attrs.evolve(state.flow, placed=True)), "turn")


@pytest.mark.parametrize("players", GAME.player_counts)
def test_loading_a_state_mid_activation_lists_its_decisions_once(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The load check asks for the decisions of the activation under way once: the activation
    check's listing also shows the player to act can go on."""

    def mid_activation(state: State) -> bool:
        return state.flow.activation is not None and not state.arrivals

    state = _find(players, mid_activation)
    text = codec.dumps(state)
    listed = creatures.legal
    calls: list[int] = []

    def counted(state: State, player: int) -> tuple[object, ...]:
        calls.append(player)
        return listed(state, player)

    monkeypatch.setattr(creatures, "legal", counted)
    assert codec.loads(State, text) == state
    # The compiled build's load check calls `creatures.legal` directly, past the patch: the
    # pure build counts the calls.
    compiled = not str(invariants.__file__).endswith(".py")
    assert calls == ([] if compiled else [state.flow.actor])
