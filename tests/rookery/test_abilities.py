"""R9 one test per ability kind, plus targets as parameters and choices as decisions."""

from __future__ import annotations

from birdgames.rookery import (
    GAME,
    ChooseTarget,
    DiscardCard,
    Hunt,
    NestBird,
    PlayEvent,
    TapBird,
)
from birdgames.rookery.abilities import cost_of, hp_of, hunt_limit
from birdgames.rookery.events import (
    BirdTapped,
    CardDefeated,
    CardSearched,
    HuntResolved,
    SongGained,
)
from birdgames.rookery.hunting import is_exposed
from birdgames.rookery.scoring import controller
from birdgames.rookery.state import AmbushWindow, Bird, DiscardChoice, Predator, TargetChoice
from tests.rookery.scenarios import MID, B, F, L, M, P, R, S, W, build, in_play, run, uid
from tests.rules import rule

pytestmark = rule("rookery", "R9")


@rule("rookery", "R9.1", "R10")
def test_cost_mod_lowers_costs_but_never_below_one() -> None:
    """R9.1 puffin At Home makes Shore birds cost 1 less, never under 1 (R10)."""
    home = build(birds=[B(MID, 0, "puffin")])
    assert cost_of(home.zones, 0, "tern") == 1
    assert cost_of(home.zones, 0, "sandpiper") == 1
    assert cost_of(home.zones, 0, "wren") == 1
    assert cost_of(home.zones, 1, "tern") == 2  # only its owner's cards
    away = build(birds=[B(L, 0, "puffin")], hands=(("tern",), ()), song=(1, 0))
    assert GAME.check(away, NestBird(0, "tern", L)) == ("not enough Song: tern costs 2, you have 1")


@rule("rookery", "R9.2")
def test_stat_mod_song_evasion_and_hp() -> None:
    """R9.2 robin At Home taps for 2; heron At Home has evasion 6; bustard gives hp +1."""
    state = build(birds=[B(L, 0, "robin"), B(MID, 0, "robin")])
    at_home, events = run(state, TapBird(0, uid(state, "robin", 0, 0)))
    assert next(e for e in events if isinstance(e, BirdTapped)).song == 2
    _, events = run(state, TapBird(0, uid(state, "robin", 0, 1)))
    assert next(e for e in events if isinstance(e, BirdTapped)).song == 1
    assert at_home.seats[0].song == 2
    heron = build(
        birds=[B(L, 1, "heron"), B(L, 1, "moorhen")],
        predators=[P(L, 0, "sparrowhawk")],
        habitats=(W, S, M),
    )
    _, events = run(heron, Hunt(0, uid(heron, "sparrowhawk"), uid(heron, "heron")))
    assert next(e for e in events if isinstance(e, HuntResolved)).evasion == 6
    bustard = build(birds=[B(R, 1, "bustard"), B(R, 1, "lark")])
    zone = bustard.zones[2]
    assert [hp_of(bustard.zones, 2, b) for b in zone.birds] == [6, 3]


@rule("rookery", "R6.6")
@rule("rookery", "R9.2")
def test_losing_an_hp_bonus_defeats_a_bird_whose_damage_now_reaches_hp() -> None:
    """R9.2 when bustard falls, a lark with 2 damage (hp 3 with the bonus, 2 without) falls."""
    state = build(
        birds=[B(R, 1, "bustard", damage=5), B(R, 1, "lark", damage=2)],
        hands=(("downpour",), ()),
        song=(2, 0),
    )
    after, events = run(state, PlayEvent(0, "downpour", target=uid(state, "bustard")))
    defeated = [e.card for e in events if isinstance(e, CardDefeated)]
    assert defeated == ["bustard", "lark"]
    assert after.zones[2].birds == ()


@rule("rookery", "RD28")
@rule("rookery", "R9.3")
def test_hunt_mod_twice_habitat_threat_and_never_exposed() -> None:
    """R9.3 harrier hunts twice; otter +2 threat in Wetland; bittern At Home is never Exposed."""
    state = build(birds=[B(L, 1, "capercaillie"), B(L, 1, "wren")], predators=[P(L, 0, "harrier")])
    harrier = state.zones[0].predators[0]
    assert hunt_limit(state.zones, 0, harrier) == 2
    target = uid(state, "capercaillie")
    after, _ = run(state, Hunt(0, harrier.uid, target), Hunt(0, harrier.uid, target))
    assert GAME.check(after, Hunt(0, harrier.uid, target)) is not None
    otter = build(
        birds=[B(L, 1, "moorhen"), B(L, 1, "coot")],
        predators=[P(L, 0, "otter")],
        habitats=(W, S, M),
    )
    _, events = run(otter, Hunt(0, uid(otter, "otter"), uid(otter, "coot")))
    assert next(e for e in events if isinstance(e, HuntResolved)).threat == 5
    bittern = build(birds=[B(L, 1, "bittern")], habitats=(W, S, M))
    assert not is_exposed(bittern.zones, 0, bittern.zones[0].birds[0])
    away = build(birds=[B(L, 1, "bittern")], habitats=(F, S, M))
    assert is_exposed(away.zones, 0, away.zones[0].birds[0])


@rule("rookery", "RD12")
@rule("rookery", "R9.4")
def test_claim_mod_counts_as_more_birds() -> None:
    """R9.4 capercaillie At Home counts as 2 birds for control; away it counts as 1."""
    state = build(
        birds=[B(L, 0, "capercaillie"), B(L, 1, "bustard"), B(L, 1, "lark")],
        habitats=(F, S, M),
    )
    assert controller(state.zones, 0) is None  # 2 against 2
    away = build(
        birds=[B(L, 0, "capercaillie"), B(L, 1, "bustard"), B(L, 1, "lark")],
        habitats=(S, S, M),
    )
    assert controller(away.zones, 0) == 1


@rule("rookery", "R9.5")
def test_draw_on_enter() -> None:
    """R9.5 nuthatch draws a card when it enters."""
    state = build(hands=(("nuthatch",), ()), decks=(("wren", "lark"), ()), song=(2, 0))
    after, _ = run(state, NestBird(0, "nuthatch", L))
    assert after.seats[0].hand == ("wren",)
    assert after.seats[0].deck == ("lark",)


@rule("rookery", "R9.6")
def test_discard_opponent_chooses_as_a_pending_decision() -> None:
    """R9.6 jay At Home makes the opponent discard a card of their choice, alone in to_act."""
    state = build(hands=(("jay",), ("fox", "wren", "fox")), song=(2, 0))
    after, _ = run(state, NestBird(0, "jay", L))
    assert after.pending == (DiscardChoice(1, "jay"),)
    assert GAME.to_act(after) == (1,)
    assert GAME.legal_actions(after, 1) == (DiscardCard(1, "fox"), DiscardCard(1, "wren"))
    done, _ = run(after, DiscardCard(1, "wren"))
    assert done.seats[1].hand == ("fox", "fox") and done.seats[1].discard == ("wren",)
    assert GAME.to_act(done) == (0,)


@rule("rookery", "R8.3")
@rule("rookery", "R9.6")
def test_discard_for_effect_names_the_card_as_a_parameter() -> None:
    """R9.6 swap_meet needs a card of the hand to discard, then draws 2."""
    state = build(hands=(("swap_meet", "fox"), ()), decks=(("wren", "lark"), ()), song=(1, 0))
    assert GAME.check(state, PlayEvent(0, "swap_meet")) == (
        "swap_meet needs a card of your hand to discard"
    )
    assert GAME.legal_actions(state, 0)[:1] == (PlayEvent(0, "swap_meet", discard="fox"),)
    after, _ = run(state, PlayEvent(0, "swap_meet", discard="fox"))
    assert after.seats[0].hand == ("wren", "lark")
    assert after.seats[0].discard == ("fox", "swap_meet")


@rule("rookery", "R9.7")
def test_search_takes_the_first_card_of_a_type_and_shuffles() -> None:
    """R9.7 field_guide takes the first bird of the deck into the hand."""
    state = build(
        hands=(("field_guide",), ()), decks=(("fox", "gale", "lark", "wren"), ()), song=(1, 0)
    )
    after, events = run(state, PlayEvent(0, "field_guide"))
    assert after.seats[0].hand == ("lark",)
    assert sorted(after.seats[0].deck) == ["fox", "gale", "wren"]
    searched = next(e for e in events if isinstance(e, CardSearched))
    assert searched.card == "lark"
    assert GAME.visible_events((searched,), 1)[0] == CardSearched(0, searched.card_type, None, True)


@rule("rookery", "RD30")
@rule("rookery", "R9.8", "R10")
def test_song_gain_stays_below_the_cost_paid() -> None:
    """R9.8 tern gains 1 Song on entering; when it cost only 1 it gains nothing (R10)."""
    state = build(hands=(("tern",), ()), song=(2, 0))
    after, events = run(state, NestBird(0, "tern", L))
    assert after.seats[0].song == 1
    assert any(isinstance(e, SongGained) for e in events)
    cheap = build(birds=[B(MID, 0, "puffin")], hands=(("tern",), ()), song=(1, 0))
    after, events = run(cheap, NestBird(0, "tern", L))
    assert after.seats[0].song == 0
    assert not any(isinstance(e, SongGained) for e in events)


@rule("rookery", "R8.3", "RD31")
@rule("rookery", "R9.9")
def test_damage_event_targets_an_opposing_face_up_card() -> None:
    """R9.9 downpour deals 2 to a target named in the action; face-down cards are no target."""
    state = build(
        birds=[B(L, 1, "capercaillie")],
        predators=[P(L, 1, "fox", face_up=False), P(MID, 1, "owl")],
        hands=(("downpour",), ()),
        song=(2, 0),
    )
    legal = [a for a in GAME.legal_actions(state, 0) if isinstance(a, PlayEvent)]
    assert {a.target for a in legal} == {uid(state, "capercaillie"), uid(state, "owl")}
    after, _ = run(state, PlayEvent(0, "downpour", target=uid(state, "capercaillie")))
    bird = in_play(after, uid(state, "capercaillie"))
    assert bird is not None and bird.damage == 2


@rule("rookery", "R9.9")
def test_damage_on_enter_asks_its_owner_for_a_target() -> None:
    """R9.9 lapwing At Home: its owner chooses the target as the next decision."""
    state = build(birds=[B(MID, 1, "tern")], hands=(("lapwing",), ()), song=(2, 0))
    after, _ = run(state, NestBird(0, "lapwing", R))
    assert isinstance(after.pending[0], TargetChoice)
    assert GAME.legal_actions(after, 0) == (ChooseTarget(0, uid(state, "tern")),)
    done, _ = run(after, ChooseTarget(0, uid(state, "tern")))
    tern = in_play(done, uid(state, "tern"))
    assert tern is not None and tern.damage == 1 and done.pending == ()


@rule("rookery", "R9.9")
def test_heal_removes_damage() -> None:
    """R9.9 rescue_centre removes 2 damage from a friendly card."""
    state = build(
        birds=[B(L, 0, "capercaillie", damage=3)], hands=(("rescue_centre",), ()), song=(1, 0)
    )
    after, _ = run(state, PlayEvent(0, "rescue_centre", target=uid(state, "capercaillie")))
    bird = in_play(after, uid(state, "capercaillie"))
    assert bird is not None and bird.damage == 1


@rule("rookery", "RD32")
@rule("rookery", "R9.10")
def test_move_relocates_a_bird_and_a_roosting_one_meets_ambushers() -> None:
    """R9.10 gale moves a bird to another zone with room; roosting, it opens windows there."""
    state = build(
        birds=[B(L, 1, "wren", nested=False)],
        predators=[P(MID, 0, "fox", face_up=False)],
        hands=(("gale",), ()),
        song=(2, 0),
    )
    wren = uid(state, "wren")
    after, _ = run(state, PlayEvent(0, "gale", target=wren, zone=MID))
    assert [b.uid for b in after.zones[1].birds] == [wren]
    assert after.pending == (AmbushWindow(0, uid(state, "fox"), wren),)


@rule("rookery", "R9.11")
def test_season_shift_does_all_it_says() -> None:
    """R9.11 warm_spell adds its 2 turns in full: 5 played and 1 left become 3 left."""
    state = build(hands=(("warm_spell",), ()), song=(1, 0), turns_left=1, turns_played=5)
    assert PlayEvent(0, "warm_spell") in GAME.legal_actions(state, 0)
    after, _ = run(state, PlayEvent(0, "warm_spell"))
    assert after.wheel.turns_left == 3


@rule("rookery", "RD20")
@rule("rookery", "R7.2")
def test_a_season_is_not_lengthened_past_eight_turns() -> None:
    """R7.2 DECISION a season lasts 8 turns at most: warm_spell with 5 played and 3 left would
    make it 10, so it is not offered and is refused with the length it would reach."""
    state = build(hands=(("warm_spell",), ()), song=(1, 0), turns_left=3, turns_played=5)
    assert PlayEvent(0, "warm_spell") not in GAME.legal_actions(state, 0)
    reason = GAME.check(state, PlayEvent(0, "warm_spell"))
    assert reason == "warm_spell would make this season last 10 turns, and a season lasts at most 8"
    exactly = build(hands=(("warm_spell",), ()), song=(1, 0), turns_left=1, turns_played=5)
    assert GAME.check(exactly, PlayEvent(0, "warm_spell")) is None


@rule("rookery", "R9.11")
def test_season_shift_keeps_one_turn_left() -> None:
    """R9.11 cold_snap removes 2 turns but leaves at least 1."""
    cold = build(hands=(("cold_snap",), ()), song=(1, 0), turns_left=2)
    after, _ = run(cold, PlayEvent(0, "cold_snap"))
    assert after.wheel.turns_left == 1
    cold = build(hands=(("cold_snap",), ()), song=(1, 0), turns_left=4)
    after, _ = run(cold, PlayEvent(0, "cold_snap"))
    assert after.wheel.turns_left == 2


@rule("rookery", "RD10")
@rule("rookery", "R9.12", "R3.4")
def test_untap_lets_a_bird_tap_twice_at_most() -> None:
    """R9.12 R3.4 thaw untaps a tapped bird once a turn, so it taps twice at most."""
    state = build(birds=[B(L, 0, "wren")], hands=(("thaw", "thaw"), ()), song=(2, 0))
    wren = uid(state, "wren")
    after, _ = run(state, TapBird(0, wren), PlayEvent(0, "thaw", target=wren), TapBird(0, wren))
    bird = in_play(after, wren)
    assert isinstance(bird, Bird) and bird.tapped and bird.untapped
    assert after.seats[0].song == 3
    assert not any(isinstance(a, PlayEvent) for a in GAME.legal_actions(after, 0))


@rule("rookery", "R9.12")
def test_ready_lets_a_predator_hunt_again() -> None:
    """R9.12 tailwind lets a predator that hunted hunt once more this turn."""
    state = build(
        birds=[B(L, 1, "capercaillie"), B(L, 1, "wren")],
        predators=[P(L, 0, "fox", hunts=1)],
        hands=(("tailwind",), ()),
        song=(1, 0),
    )
    fox = uid(state, "fox")
    hunt = Hunt(0, fox, uid(state, "capercaillie"))
    assert GAME.check(state, hunt) is not None
    after, _ = run(state, PlayEvent(0, "tailwind", target=fox))
    pred = in_play(after, fox)
    assert isinstance(pred, Predator) and pred.readied
    assert GAME.check(after, hunt) is None


@rule("rookery", "R9.6")
def test_discard_against_an_empty_hand_asks_nothing() -> None:
    """R9.6 with the opponent's hand empty no discard decision is pending."""
    state = build(hands=(("litter",), ()), song=(2, 0))
    after, _ = run(state, PlayEvent(0, "litter"))
    assert after.pending == () and GAME.to_act(after) == (0,)
