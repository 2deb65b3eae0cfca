"""R2 turn structure, R3 birds, refusals, legality both ways, termination, the State hook."""

from __future__ import annotations

import json
import random

import attrs
import pytest

from birdgames import CodecError, IllegalActionError, codec
from birdgames.rookery import (
    GAME,
    EndTurn,
    Hunt,
    Mob,
    MoveBird,
    NestBird,
    PlayEvent,
    PlayHabitat,
    PlayPredator,
    PlaySeason,
    State,
    TapBird,
)
from birdgames.rookery.actions import Action
from birdgames.rookery.cards import BIRDS, CATALOG
from birdgames.rookery.invariants import invariant_violation
from birdgames.rookery.state import ZONES, Bird
from birdgames.rookery.work import without
from tests.rookery.scenarios import MID, B, L, P, R, build, in_play, run, started, uid
from tests.rules import rule


@rule("rookery", "RD9")
@rule("rookery", "R3.2", "R3.3")
def test_nested_bird_enters_roosting_and_nests_at_its_owners_dawn() -> None:
    """R3.2 R3.3 a nested bird roosts (cannot tap) until its owner's next Dawn."""
    state = build(hands=(("heron",), ()), song=(3, 0))
    after, _ = run(state, NestBird(0, "heron", L))
    heron = after.zones[0].birds[0]
    assert not heron.nested
    assert GAME.check(after, TapBird(0, heron.uid)) == (
        f"heron #{heron.uid} is roosting and cannot tap before your next dawn"
    )
    after, _ = run(after, EndTurn(0))
    still = in_play(after, heron.uid)
    assert isinstance(still, Bird) and not still.nested  # the opponent's Dawn changes nothing
    after, _ = run(after, EndTurn(1))
    nested = in_play(after, heron.uid)
    assert isinstance(nested, Bird) and nested.nested


@rule("rookery", "R2.1")
def test_dawn_untaps_and_resets_then_pays_the_chorus() -> None:
    """R2.1 Dawn: draw, untap, nest, reset counters, Song becomes the Dawn Chorus."""
    state = build(
        birds=[B(L, 1, "wren", tapped=True)],
        predators=[P(L, 1, "fox", hunts=1)],
        decks=((), ("lark",)),
        song=(3, 0),
    )
    after, _ = run(state, EndTurn(0))
    assert after.seats[0].song == 0  # R2.3 unspent Song is lost
    assert after.active == 1 and after.seats[1].hand == ("lark",)
    wren = in_play(after, uid(state, "wren"))
    fox = in_play(after, uid(state, "fox"))
    assert isinstance(wren, Bird) and not wren.tapped
    assert fox is not None and fox.hunts == 0  # type: ignore[union-attr]
    assert after.seats[1].song == 2


@rule("rookery", "R3.2")
def test_not_enough_song_names_card_cost_and_pool() -> None:
    """Refusals name the card and numbers: heron costs 3, you have 2."""
    state = build(hands=(("heron",), ()), song=(2, 0))
    assert (
        GAME.check(state, NestBird(0, "heron", L)) == "not enough Song: heron costs 3, you have 2"
    )
    with pytest.raises(IllegalActionError) as caught:
        GAME.apply(state, NestBird(0, "heron", L))
    assert caught.value.reason == "not enough Song: heron costs 3, you have 2"


@rule("rookery", "RD4")
@rule("rookery", "R1.2")
def test_full_zone_refuses_a_seventh_bird() -> None:
    """R1.2 DECISION a zone holds 6 birds of both players, roosting included."""
    birds = [B(L, i % 2, "wren", nested=i < 3) for i in range(6)]
    state = build(birds=birds, hands=(("robin",), ()), song=(1, 0))
    assert GAME.check(state, NestBird(0, "robin", L)) == "the left zone is full (6 birds)"
    assert GAME.check(state, NestBird(0, "robin", MID)) is None


@rule("rookery", "R1.2")
def test_predators_do_not_fill_a_zone() -> None:
    """R1.2 predators do not count toward the 6 birds."""
    birds = [B(L, i % 2, "wren") for i in range(5)]
    state = build(birds=birds, predators=[P(L, 1, "fox")], hands=(("robin",), ()), song=(1, 0))
    assert GAME.check(state, NestBird(0, "robin", L)) is None


@rule("rookery", "RD11")
@rule("rookery", "R3.5")
def test_migratory_bird_moves_but_then_cannot_tap() -> None:
    """R3.5 a nested Migratory bird moves to any zone with room; tap or move, not both."""
    state = build(birds=[B(L, 0, "sandpiper"), B(MID, 0, "wren")])
    sandpiper, wren = uid(state, "sandpiper"), uid(state, "wren")
    assert GAME.check(state, MoveBird(0, wren, L)) == f"wren #{wren} is not Migratory"
    after, _ = run(state, MoveBird(0, sandpiper, R))
    assert [b.uid for b in after.zones[2].birds] == [sandpiper]
    assert after.pending == ()
    assert GAME.check(after, TapBird(0, sandpiper)) is not None
    tapped, _ = run(state, TapBird(0, sandpiper))
    assert GAME.check(tapped, MoveBird(0, sandpiper, R)) is not None


@rule("rookery", "RD15")
@rule("rookery", "R6.1")
def test_face_down_costs_a_flat_two() -> None:
    """R6.1 DECISION face down costs 2 whatever the printed cost; face up the printed cost."""
    state = build(hands=(("goshawk",), ()), song=(2, 0))
    assert GAME.check(state, PlayPredator(0, "goshawk", L, True)) == (
        "not enough Song: goshawk costs 5, you have 2"
    )
    after, _events = run(state, PlayPredator(0, "goshawk", L, False))
    assert after.seats[0].song == 0
    assert after.zones[0].predators[0].card == "goshawk"


@rule("rookery", "R6.1")
def test_face_down_predator_abilities_are_inactive() -> None:
    """R6.1 a face-down owl gives no stealth; a face-down goshawk gains no Song on entering."""
    state = build(hands=(("goshawk",), ()), song=(5, 0))
    up, _ = run(state, PlayPredator(0, "goshawk", L, True))
    assert up.seats[0].song == 2  # 5 - 5 + 2
    down, _ = run(state, PlayPredator(0, "goshawk", L, False))
    assert down.seats[0].song == 3


def test_wrong_player_and_foreign_objects_get_reasons() -> None:
    """Contract rule 4: every refusal is a sentence; the old state stays usable."""
    state = build(song=(1, 0))
    assert GAME.check(state, EndTurn(1)) == "it is p0's turn"
    assert GAME.check(state, "end_turn") == "'end_turn' is not a Rookery action"  # type: ignore[arg-type]
    assert GAME.check(state, NestBird(0, "dodo", L)) == "'dodo' is not a Rookery card"
    assert GAME.check(state, NestBird(0, "fox", L)) == "fox is not a bird card"
    assert GAME.check(state, NestBird(0, "wren", L)) == "wren is not in your hand"
    assert GAME.legal_actions(state, 1) == ()


def _candidates(state: State, player: int) -> list[Action]:
    """Actions worth trying: every card and id in plausible shapes."""
    ids = list(range(1, state.next_uid + 1))
    cards = sorted(CATALOG)[::3]
    out: list[Action] = [EndTurn(player)]
    out += [TapBird(player, i) for i in ids]
    out += [Hunt(player, i, j) for i in ids for j in ids[:6]]
    out += [Mob(player, i) for i in ids]
    out += [MoveBird(player, i, z) for i in ids for z in ZONES]
    for card in (*cards, *state.seats[player].hand):
        out += [NestBird(player, card, z) for z in ZONES]
        out += [PlayPredator(player, card, ZONES[0], f) for f in (True, False)]
        out += [PlayEvent(player, card), PlaySeason(player, card)]
        out += [PlayHabitat(player, card, ZONES[1])]
    return out


@pytest.mark.parametrize("seed", range(3))
def test_check_and_legal_actions_agree_both_ways(seed: int) -> None:
    """check accepts exactly the listed actions, on random positions of real games."""
    chooser = random.Random(seed)
    state = started(seed)
    for _ in range(60):
        if GAME.is_terminal(state):
            break
        (player,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, player)
        assert len(set(legal)) == len(legal)
        for action in legal:
            assert GAME.check(state, action) is None, action
        for action in _candidates(state, player):
            if action not in legal:
                assert GAME.check(state, action) is not None, action
        state = GAME.apply(state, chooser.choice(legal))


def test_random_games_end_within_max_actions_conserving_cards() -> None:
    """Contract rule 7: games end within max_actions; the State hook holds at every step."""
    limit = GAME.max_actions(GAME.default_config(2))
    for seed in range(4):
        chooser = random.Random(seed)
        state = GAME.new_game(GAME.default_config(2), seed)
        steps = 0
        while not GAME.is_terminal(state):
            (player,) = GAME.to_act(state)
            state = GAME.apply(state, chooser.choice(GAME.legal_actions(state, player)))
            assert invariant_violation(state) is None
            steps += 1
        assert steps <= limit
        assert GAME.winners(state)


def test_loading_a_broken_state_is_refused() -> None:
    """The State invariant hook: a vanished card or damage at hp is a CodecError."""
    state = started(1)
    text = codec.dumps(state)
    assert codec.loads(State, text) == state
    data = json.loads(text)
    data["seats"][0]["hand"] = data["seats"][0]["hand"][1:]
    with pytest.raises(CodecError, match="conserved"):
        codec.loads(State, json.dumps(data))
    me = state.seats[0]
    card = next(c for c in me.hand if c in BIRDS)
    bird = Bird(state.next_uid, card, 0, True, False, BIRDS[card].hp, False, False, False)
    zone = state.zones[0]
    hurt = attrs.evolve(
        state,
        seats=(attrs.evolve(me, hand=without(me.hand, card)), state.seats[1]),
        zones=(attrs.evolve(zone, birds=(bird,)), state.zones[1], state.zones[2]),
        next_uid=state.next_uid + 1,
    )
    problem = invariant_violation(hurt)
    assert problem is not None and "not below its hp" in problem
    with pytest.raises(CodecError, match="not below its hp"):
        codec.loads(State, codec.dumps(hurt))
    healthy = attrs.evolve(
        hurt,
        zones=(
            attrs.evolve(zone, birds=(attrs.evolve(bird, damage=0),)),
            state.zones[1],
            state.zones[2],
        ),
    )
    assert invariant_violation(healthy) is None
