"""R6.3 face-down predators and the ambush reaction window."""

from __future__ import annotations

from birdgames.rookery import (
    GAME,
    Ambush,
    ChooseTarget,
    EndTurn,
    Hunt,
    Mob,
    NestBird,
    PassAmbush,
    PlayEvent,
)
from birdgames.rookery.events import AmbushPassed, CardDefeated, HuntResolved, PredatorRevealed
from birdgames.rookery.state import AmbushWindow, Predator
from tests.rookery.scenarios import MID, B, L, P, R, build, in_play, run, uid
from tests.rules import rule

pytestmark = rule("rookery", "R6.3")


def test_nesting_next_to_a_face_down_predator_opens_a_window_for_its_owner() -> None:
    """R6.3 the reacting player alone is in to_act with ambush or pass."""
    state = build(predators=[P(L, 1, "fox", face_up=False)], hands=(("wren",), ()), song=(1, 0))
    fox = uid(state, "fox")
    after, _ = run(state, NestBird(0, "wren", L))
    wren = after.zones[0].birds[0].uid
    assert after.pending == (AmbushWindow(1, fox, wren),)
    assert GAME.to_act(after) == (1,)
    assert GAME.legal_actions(after, 1) == (Ambush(1, fox), PassAmbush(1, fox))
    assert GAME.legal_actions(after, 0) == ()
    assert GAME.check(after, EndTurn(0)) is not None


@rule("rookery", "RD17")
def test_ambush_taken_reveals_and_hunts_at_once() -> None:
    """R6.3 the predator turns face up and hunts the bird, then the active turn resumes."""
    state = build(predators=[P(L, 1, "fox", face_up=False)], hands=(("wren",), ()), song=(1, 0))
    fox = uid(state, "fox")
    after, events = run(state, NestBird(0, "wren", L), Ambush(1, fox))
    assert any(isinstance(e, PredatorRevealed) and e.card == "fox" for e in events)
    hunted = next(e for e in events if isinstance(e, HuntResolved))
    assert (hunted.threat, hunted.evasion, hunted.damage) == (6, 3, 6)
    assert any(isinstance(e, CardDefeated) and e.card == "wren" for e in events)
    revealed = in_play(after, fox)
    assert isinstance(revealed, Predator) and revealed.face_up and revealed.hunts == 0
    assert GAME.to_act(after) == (0,)
    assert after.pending == ()


def test_ambush_declined_keeps_the_card_face_down() -> None:
    """R6.3 passing leaves the predator face down and play resumes."""
    state = build(predators=[P(L, 1, "fox", face_up=False)], hands=(("wren",), ()), song=(1, 0))
    fox = uid(state, "fox")
    after, events = run(state, NestBird(0, "wren", L), PassAmbush(1, fox))
    assert any(isinstance(e, AmbushPassed) for e in events)
    card = in_play(after, fox)
    assert isinstance(card, Predator) and not card.face_up
    assert len(after.zones[0].birds) == 1
    assert GAME.to_act(after) == (0,)


def test_window_opens_even_when_the_ambush_is_useless() -> None:
    """R6.3 a stoat that cannot beat a flock's evasion still gets its window (no tell)."""
    state = build(
        birds=[B(L, 0, "wren"), B(L, 0, "robin")],
        predators=[P(L, 1, "stoat", face_up=False)],
        hands=(("jay",), ()),
        song=(2, 0),
    )
    after, _ = run(state, NestBird(0, "jay", L))
    assert len(after.pending) == 1 and isinstance(after.pending[0], AmbushWindow)


def test_one_window_per_face_down_predator_in_play_order_closing_on_defeat() -> None:
    """R6.3 each face-down predator decides in turn; the window closes once the bird falls."""
    state = build(
        predators=[P(L, 1, "fox", face_up=False), P(L, 1, "stoat", face_up=False)],
        hands=(("wren",), ()),
        song=(1, 0),
    )
    fox, stoat = uid(state, "fox"), uid(state, "stoat")
    after, _ = run(state, NestBird(0, "wren", L))
    assert [w.predator for w in after.pending if isinstance(w, AmbushWindow)] == [fox, stoat]
    passed, _ = run(after, PassAmbush(1, fox))
    assert GAME.legal_actions(passed, 1) == (Ambush(1, stoat), PassAmbush(1, stoat))
    ambushed, _ = run(after, Ambush(1, fox))
    assert ambushed.pending == ()
    assert GAME.to_act(ambushed) == (0,)


def test_no_window_for_own_predators_or_other_zones() -> None:
    """R6.3 only an opposing bird entering the predator's own zone opens a window."""
    state = build(
        predators=[P(L, 0, "fox", face_up=False), P(MID, 1, "stoat", face_up=False)],
        hands=(("wren",), ()),
        song=(1, 0),
    )
    after, _ = run(state, NestBird(0, "wren", L))
    assert after.pending == ()


@rule("rookery", "RD17")
def test_face_down_card_cannot_hunt_or_be_mobbed() -> None:
    """R6.3 a face-down predator only hunts by ambush and cannot be mobbed."""
    state = build(
        birds=[B(L, 0, "wren"), B(L, 0, "robin"), B(L, 0, "jay"), B(L, 1, "lark")],
        predators=[P(L, 0, "fox", face_up=False), P(L, 1, "stoat", face_up=False)],
    )
    fox, stoat = uid(state, "fox"), uid(state, "stoat")
    assert GAME.check(state, Hunt(0, fox, uid(state, "lark"))) == (
        f"fox #{fox} is face down; it hunts only by ambush"
    )
    assert GAME.check(state, Mob(0, stoat)) == (
        f"#{stoat} is a face-down card and cannot be mobbed"
    )
    legal = GAME.legal_actions(state, 0)
    assert not any(isinstance(a, Hunt | Mob) for a in legal)


def test_on_enter_ability_resolves_before_the_window_opens() -> None:
    """R6.3 order: the bird enters roosting, its on-enter choice comes first, then the window."""
    state = build(
        birds=[B(MID, 1, "tern")],
        predators=[P(R, 1, "fox", face_up=False)],
        hands=(("lapwing",), ()),
        song=(2, 0),
    )
    after, _ = run(state, NestBird(0, "lapwing", R))
    assert [type(p).__name__ for p in after.pending] == ["TargetChoice", "AmbushWindow"]
    assert GAME.to_act(after) == (0,)
    chosen, _ = run(after, ChooseTarget(0, uid(state, "tern")))
    assert GAME.to_act(chosen) == (1,)


@rule("rookery", "R6.2")
def test_ambush_on_its_owners_own_turn_is_that_turns_hunt() -> None:
    """R6.2 R6.3 a bird moved in by its owner's opponent's effect: the ambush uses the hunt."""
    state = build(
        birds=[B(MID, 1, "wren", nested=False), B(L, 1, "robin")],
        predators=[P(L, 0, "fox", face_up=False)],
        hands=(("gale",), ()),
        song=(2, 0),
    )
    fox, robin = uid(state, "fox"), uid(state, "robin")
    moved, _ = run(state, PlayEvent(0, "gale", uid(state, "wren"), L))
    after, events = run(moved, Ambush(0, fox))
    assert any(isinstance(e, HuntResolved) for e in events)
    revealed = in_play(after, fox)
    assert isinstance(revealed, Predator) and revealed.face_up and revealed.hunts == 1
    assert GAME.check(after, Hunt(0, fox, robin)) == (
        f"this predator already hunted this turn (fox #{fox}, once)"
    )
    assert not any(isinstance(a, Hunt) for a in GAME.legal_actions(after, 0))
