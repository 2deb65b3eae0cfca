"""Loading refuses states the game cannot reach, so every loaded state plays on legally."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from birdgames import codec
from birdgames.rookery import GAME, State
from birdgames.rookery.state import (
    AmbushWindow,
    DiscardChoice,
    Phase,
    Predator,
    Seat,
    TargetChoice,
)
from tests.load_validation import check_refused, find_state
from tests.rules import rule


def _find(found: Callable[[State], bool]) -> State:
    state: State = find_state(GAME, 2, 40, found)
    return state


def _refused(state: State, message: str) -> None:
    check_refused(State, state, message)


def _quiet_turn(state: State) -> bool:
    """A turn in play with no decision pending and birds of both players in play."""
    owners = {b.owner for z in state.zones for b in z.birds}
    return state.phase is Phase.PLAY and not state.pending and owners == {0, 1}


def _predator_in_play(state: State) -> bool:
    return _quiet_turn(state) and any(z.predators for z in state.zones)


def _with_player(state: State, seat: int, player: Seat) -> State:
    seats = (player, state.seats[1]) if seat == 0 else (state.seats[0], player)
    return attrs.evolve(state, seats=seats)


def test_an_ambush_window_of_no_predator_is_refused() -> None:
    """A window naming predator #9999 would be answered 'legally', then crash the step."""
    state = _find(_quiet_turn)
    active = state.active
    bird = next(b for z in state.zones for b in z.birds if b.owner == active)
    window = AmbushWindow(1 - active, 9999, bird.uid)
    _refused(attrs.evolve(state, pending=(window,)), "ambush")


def test_an_ambush_window_of_the_wrong_owner_is_refused() -> None:
    """The window is the decision of the face-down predator's owner, about an opposing bird."""
    state = _find(
        lambda s: (
            _quiet_turn(s)
            and any(
                not q.face_up and any(b.owner != q.owner for b in z.birds)
                for z in s.zones
                for q in z.predators
            )
        )
    )
    zone = next(
        z
        for z in state.zones
        if any(not q.face_up and any(b.owner != q.owner for b in z.birds) for q in z.predators)
    )
    predator = next(q for q in zone.predators if not q.face_up)
    bird = next(b for b in zone.birds if b.owner != predator.owner)
    sound = AmbushWindow(predator.owner, predator.uid, bird.uid)
    assert codec.loads(State, codec.dumps(attrs.evolve(state, pending=(sound,)))).pending == (
        sound,
    )
    _refused(
        attrs.evolve(state, pending=(AmbushWindow(bird.owner, predator.uid, bird.uid),)),
        "ambush",
    )


def test_a_discard_choice_with_an_empty_hand_is_refused() -> None:
    """Nobody could answer it: the game would wait forever on a player with no action."""
    state = _find(_quiet_turn)
    victim = 1 - state.active
    me = state.seats[victim]
    emptied = attrs.evolve(me, hand=(), discard=(*me.discard, *me.hand))
    stuck = attrs.evolve(
        _with_player(state, victim, emptied), pending=(DiscardChoice(victim, "owl"),)
    )
    _refused(stuck, "discard")


def test_a_pending_decision_naming_an_unknown_card_is_refused() -> None:
    """A discard's source and a target choice's card are Rookery cards."""
    state = _find(_quiet_turn)
    victim = 1 - state.active
    _refused(attrs.evolve(state, pending=(DiscardChoice(victim, "dragon"),)), "dragon")
    _refused(attrs.evolve(state, pending=(TargetChoice(victim, 1, "dragon", 0),)), "dragon")


def test_negative_habitats_played_is_refused() -> None:
    """A habitat card costs habitats_played Song: a negative count would pay the player."""
    state = _find(_quiet_turn)
    _refused(attrs.evolve(state, turn=attrs.evolve(state.turn, habitats_played=-1000)), "habitat")


def test_winners_that_are_not_seats_are_refused() -> None:
    """A finished game's winners are one seat, or both on a draw."""
    state = _find(GAME.is_terminal)
    _refused(attrs.evolve(state, winners=(7, 7, -1)), "winners")
    loser = 1 - state.winners[0] if len(state.winners) == 1 else 0
    if len(state.winners) == 1:
        _refused(attrs.evolve(state, winners=(loser,)), "winners")


def test_negative_turn_numbers_and_ids_are_refused() -> None:
    """The turn number and the id counter only count up from their start."""
    state = _find(_quiet_turn)
    _refused(attrs.evolve(state, turn_number=-3), "turn")
    _refused(attrs.evolve(state, turn_number=10**9), "turn")
    draft = GAME.new_game(GAME.default_config(2), 1)
    _refused(attrs.evolve(draft, next_uid=-5), "id")
    bird = next(b for z in state.zones for b in z.birds)
    queued = (
        AmbushWindow(1 - bird.owner, -1, bird.uid),
        AmbushWindow(1 - bird.owner, 10**15, bird.uid),
    )
    for window in queued:
        _refused(attrs.evolve(state, pending=(DiscardChoice(0, "owl"), window)), "#")


@rule("rookery", "R6.2")
def test_negative_or_huge_hunt_counts_are_refused() -> None:
    """A predator hunts a bounded number of times a turn (R6.2), never fewer than none."""
    state = _find(_predator_in_play)
    zi = next(i for i, z in enumerate(state.zones) if z.predators)
    zone = state.zones[zi]
    for hunts in (-1, 10**15):
        predator: Predator = attrs.evolve(zone.predators[0], hunts=hunts)
        hunted = attrs.evolve(zone, predators=(predator, *zone.predators[1:]))
        zones = tuple(hunted if i == zi else z for i, z in enumerate(state.zones))
        _refused(attrs.evolve(state, zones=(zones[0], zones[1], zones[2])), "hunt")


@rule("rookery", "R7.4")
def test_song_and_prizes_beyond_the_game_are_refused() -> None:
    """Song is bounded by what one turn can gain; Prizes end the game at 3 (R7.4)."""
    state = _find(_quiet_turn)
    me = state.seats[state.active]
    _refused(_with_player(state, state.active, attrs.evolve(me, song=10**15)), "Song")
    _refused(_with_player(state, state.active, attrs.evolve(me, prizes=3)), "Prize")


@rule("rookery", "R2.2")
def test_a_turn_s_action_count_stays_within_the_turn_limit() -> None:
    """R2.2 the count that ends a long turn cannot start below zero or above the limit."""
    state = _find(_quiet_turn)
    for actions in (-(10**6), 10**6):
        _refused(attrs.evolve(state, turn=attrs.evolve(state.turn, actions=actions)), "actions")


@rule("rookery", "R5")
def test_a_flip_pile_card_of_seat_minus_one_is_refused() -> None:
    """R5: a habitat card on a flip pile belongs to seat 0 or 1; -1 is not read as seat 1."""
    state = _find(lambda s: any(z.pile for z in s.zones))
    zi = next(i for i, z in enumerate(state.zones) if z.pile)
    zone = state.zones[zi]
    pile = (attrs.evolve(zone.pile[0], owner=-1), *zone.pile[1:])
    z = [attrs.evolve(zone, pile=pile) if i == zi else zone for i, zone in enumerate(state.zones)]
    _refused(attrs.evolve(state, zones=(z[0], z[1], z[2])), "flip pile holds a card of no seat")
