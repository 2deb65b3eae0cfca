"""R5 habitat cards: the shared flip pile, escalating cost and flips."""

from __future__ import annotations

from birdgames.rookery import GAME, PlayHabitat
from birdgames.rookery.events import ZoneFlipped
from birdgames.rookery.state import PileCard
from tests.rookery.scenarios import B, F, L, P, S, W, build, in_play, run, uid
from tests.rules import rule

pytestmark = rule("rookery", "R5")


@rule("rookery", "R5.1")
def test_habitat_cost_escalates_within_a_turn() -> None:
    """R5.1 the first habitat card a turn is free, then 1, then 2."""
    hand = ("shore_habitat", "meadow_habitat", "wetland_habitat")
    state = build(hands=(hand, ()), song=(3, 0))
    after, _events = run(
        state,
        PlayHabitat(0, "shore_habitat", L),
        PlayHabitat(0, "meadow_habitat", L),
    )
    assert after.seats[0].song == 2
    assert GAME.check(after, PlayHabitat(0, "wetland_habitat", L)) is None
    final, _ = run(after, PlayHabitat(0, "wetland_habitat", L))
    assert final.seats[0].song == 0
    short = build(hands=(hand, ()), song=(2, 0))
    short, _ = run(short, PlayHabitat(0, "shore_habitat", L), PlayHabitat(0, "meadow_habitat", L))
    assert GAME.check(short, PlayHabitat(0, "wetland_habitat", L)) == (
        "not enough Song: wetland_habitat as habitat card 3 this turn costs 2, you have 1"
    )


@rule("rookery", "RD13")
@rule("rookery", "R5.2")
def test_pile_is_shared_and_flips_to_the_third_card() -> None:
    """R5.2 both players' cards build one pile; the third card sets the new habitat."""
    pile = (PileCard(1, "shore_habitat"), PileCard(1, "meadow_habitat"))
    state = build(hands=(("wetland_habitat",), ()), piles=(pile, (), ()))
    after, events = run(state, PlayHabitat(0, "wetland_habitat", L))
    assert after.zones[0].habitat is W
    assert after.zones[0].pile == ()
    assert after.seats[1].discard == ("shore_habitat", "meadow_habitat")
    assert after.seats[0].discard == ("wetland_habitat",)
    assert any(isinstance(e, ZoneFlipped) for e in events)


@rule("rookery", "RD13")
@rule("rookery", "R5.2")
def test_same_habitat_flip_still_flips() -> None:
    """R5.2 a third card naming the current habitat flips anyway (pile cleared, birds kept)."""
    pile = (PileCard(0, "shore_habitat"), PileCard(0, "meadow_habitat"))
    state = build(
        birds=[B(L, 0, "wren"), B(L, 1, "sandpiper")],
        hands=(("forest_habitat",), ()),
        piles=(pile, (), ()),
    )
    after, events = run(state, PlayHabitat(0, "forest_habitat", L))
    flip = next(e for e in events if isinstance(e, ZoneFlipped))
    assert flip.habitat is F and after.zones[0].habitat is F
    assert after.zones[0].pile == ()
    assert [b.card for b in after.zones[0].birds] == ["wren"]
    assert flip.discarded == (PileCard(1, "sandpiper"),)


@rule("rookery", "RD14")
@rule("rookery", "R5.3")
def test_flip_discards_off_habitat_birds_of_both_players_and_keeps_predators() -> None:
    """R5.3 birds not native to the new habitat go to their owners' discard piles."""
    pile = (PileCard(0, "meadow_habitat"), PileCard(1, "forest_habitat"))
    state = build(
        birds=[B(L, 0, "wren"), B(L, 0, "sandpiper"), B(L, 1, "tern"), B(L, 1, "robin")],
        predators=[P(L, 1, "fox", damage=2), P(L, 0, "stoat", face_up=False)],
        hands=(("shore_habitat",), ()),
        piles=(pile, (), ()),
    )
    after, _ = run(state, PlayHabitat(0, "shore_habitat", L))
    assert after.zones[0].habitat is S
    assert sorted(b.card for b in after.zones[0].birds) == ["sandpiper", "tern"]
    assert "wren" in after.seats[0].discard and "robin" in after.seats[1].discard
    fox = in_play(after, uid(state, "fox"))
    assert fox is not None and fox.damage == 2
    assert in_play(after, uid(state, "stoat")) is not None
