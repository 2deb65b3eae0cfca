"""Rookery's rules and DECISIONs not proved elsewhere, each a scenario from its text."""

from __future__ import annotations

import pytest

from birdgames import InvalidConfigError
from birdgames.rookery import (
    GAME,
    EndTurn,
    Hunt,
    NestBird,
    PlayEvent,
    PlaySeason,
    TapBird,
)
from birdgames.rookery.abilities import holds
from birdgames.rookery.cards import (
    BIRDS,
    DECK_A,
    DECK_B,
    Ability,
    Condition,
    Effect,
    Season,
    Stat,
    Trigger,
)
from birdgames.rookery.config import Config
from birdgames.rookery.events import HuntResolved
from birdgames.rookery.state import Phase
from tests.rookery.scenarios import MID, B, F, L, M, P, S, W, build, in_play, run, started, uid
from tests.rules import rule


@rule("rookery", "RD2")
def test_deck_a_is_seat_0s_and_deck_b_seat_1s_unless_the_config_says() -> None:
    """RD2: by default seat 0 plays deck A and seat 1 deck B; `Config.decks` swaps them."""
    state = GAME.new_game(GAME.default_config(2), 3)
    for seat, deck in ((0, DECK_A), (1, DECK_B)):
        player = state.seats[seat]
        assert sorted(player.hand + player.deck) == sorted(deck)
    swapped = GAME.new_game(Config(decks=(DECK_B, DECK_A)), 3)
    assert sorted(swapped.seats[0].hand + swapped.seats[0].deck) == sorted(DECK_B)


@rule("rookery", "RD3")
def test_the_opening_hand_is_five_unless_the_config_says_0_to_10() -> None:
    """RD3: `Config.opening_hand` sets the opening hand, 0 to 10; 11 is refused."""
    assert [len(p.hand) for p in GAME.new_game(GAME.default_config(2), 1).seats] == [5, 5]
    for size in (0, 10):
        state = GAME.new_game(Config(opening_hand=size), 1)
        assert [len(p.hand) for p in state.seats] == [size, size]
    with pytest.raises(InvalidConfigError, match="opening"):
        GAME.new_game(Config(opening_hand=11), 1)


@rule("rookery", "R1.5", "R7.1", "RD19")
def test_play_starts_in_spring_with_four_turns_each_a_players_turn() -> None:
    """R1.5: Spring, 4 turns, after the draft (RD19: the draft is no turn). R7.1: each
    `EndTurn` is one of the 4; after four, Summer follows."""
    state = started()
    assert (state.wheel.season, state.wheel.turns_left) == (Season.SPRING, 4)
    seasons = []
    for _ in range(4):
        seasons.append((state.wheel.season, state.wheel.turns_left))
        state = GAME.apply(state, EndTurn(state.active))
    assert seasons == [(Season.SPRING, n) for n in (4, 3, 2, 1)]
    assert (state.wheel.season, state.wheel.turns_left) == (Season.SUMMER, 4)


@rule("rookery", "RD5")
def test_the_first_players_first_turn_begins_with_a_draw() -> None:
    """RD5: the first player draws at their first Dawn too: 6 cards after the draft."""
    state = started()
    assert state.phase is Phase.PLAY
    assert len(state.seats[state.active].hand) == 6
    assert len(state.seats[1 - state.active].hand) == 5


@rule("rookery", "R2.3")
def test_end_turn_loses_unspent_song_and_lowers_the_counter() -> None:
    """R2.3: unspent Song is lost, the counter goes down by one, the other player's Dawn."""
    state = build(song=(3, 0), turns_left=3, decks=(("lark",), ("wren",)))
    after, _ = run(state, EndTurn(0))
    assert after.seats[0].song == 0
    assert after.wheel.turns_left == 2
    assert after.active == 1
    assert after.seats[1].hand == ("wren",)  # p1's Dawn drew
    assert after.seats[1].song == 2  # the Spring chorus


@rule("rookery", "R2.5", "RD7")
def test_no_hand_limit_and_discard_piles_are_public() -> None:
    """RD7: a hand of twelve is kept through the turn's end; R2.5: each view shows both
    discard piles."""
    hand = ("lark", "wren", "robin", "jay") * 3
    state = build(hands=(hand, ()), discards=(("gale",), ("litter",)), decks=((), ("fox",)))
    after, _ = run(state, EndTurn(0))
    assert after.seats[0].hand == hand
    for viewer in (0, 1):
        view = GAME.view(after, viewer)
        assert [tuple(seat.discard) for seat in view.seats] == [("gale",), ("litter",)]


@rule("rookery", "R3.1", "RD8")
def test_a_birds_cost_is_apart_from_its_song_evasion_and_hp() -> None:
    """RD8: the printed line is song / evasion / hp; the cost is its own number. The
    woodpecker costs 3 and sings 2; its evasion 2 and hp 4 are what a hunt meets."""
    woodpecker = BIRDS["woodpecker"]
    assert (woodpecker.cost, woodpecker.song, woodpecker.evasion, woodpecker.hp) == (3, 2, 2, 4)
    state = build(birds=[B(MID, 0, "woodpecker")], hands=(("woodpecker",), ()), song=(3, 0))
    after, _ = run(state, NestBird(0, "woodpecker", L))
    assert after.seats[0].song == 0  # paid its cost, 3
    tapped, _ = run(state, TapBird(0, uid(state, "woodpecker")))
    assert tapped.seats[0].song == 3 + 2  # sang its song, 2 (no At Home gain in Shore)


@rule("rookery", "R3.6")
def test_at_home_is_the_zone_having_the_birds_native_habitat() -> None:
    """R3.6: the robin (Forest) is At Home in the Forest middle zone only."""
    at_home = Ability(Effect.STAT_MOD, Trigger.STATIC, Condition.AT_HOME, 1, Stat.SONG)
    state = build(habitats=(F, F, F))
    assert holds(state.zones, 1, "robin", 0, at_home)
    shore = build()  # Forest, Shore, Meadow
    assert holds(shore.zones, 0, "robin", 0, at_home)
    assert not holds(shore.zones, 1, "robin", 0, at_home)


@rule("rookery", "RD26")
def test_a_predator_is_never_at_home() -> None:
    """RD26: no predator has a native habitat, so `at_home` never holds for one."""
    at_home = Ability(Effect.STAT_MOD, Trigger.STATIC, Condition.AT_HOME, 1, Stat.THREAT)
    for habitat in (F, S, M, W):
        state = build(habitats=(habitat, habitat, habitat))
        assert not any(holds(state.zones, zi, "fox", 0, at_home) for zi in range(3))


@rule("rookery", "RD16")
def test_a_predator_hunts_on_the_turn_it_is_played() -> None:
    """RD16: a predator played face up may hunt at once, that same turn."""
    from birdgames.rookery import PlayPredator

    state = build(birds=[B(L, 1, "wren")], hands=(("fox",), ()), song=(3, 0))
    played, _ = run(state, PlayPredator(0, "fox", L, True))
    fox, wren = uid(played, "fox"), uid(played, "wren")
    assert Hunt(0, fox, wren) in GAME.legal_actions(played, 0)
    after, events = run(played, Hunt(0, fox, wren))
    assert any(isinstance(e, HuntResolved) for e in events)
    assert in_play(after, wren) is None  # threat 3 + 3 (alone) > evasion 3: 6 damage, hp 1


@rule("rookery", "RD27")
def test_on_hunt_fires_on_a_miss_too() -> None:
    """RD27: the stoat draws its card after a hunt that misses."""
    state = build(
        birds=[B(MID, 1, "heron"), B(MID, 1, "lark"), B(MID, 1, "wren")],
        predators=[P(MID, 0, "stoat")],
        decks=(("gale",), ()),
    )
    heron = uid(state, "heron")
    after, events = run(state, Hunt(0, uid(state, "stoat"), heron))
    resolved = next(e for e in events if isinstance(e, HuntResolved))
    assert resolved.damage == 0
    assert after.seats[0].hand == ("gale",)


@rule("rookery", "RD29")
def test_a_search_that_finds_nothing_still_shuffles() -> None:
    """RD29: field_guide finds no bird, and the deck is shuffled all the same."""
    deck = ("fox", "gale", "downpour", "litter", "feeder", "thaw", "stoat", "owl")
    orders = set()
    for seed in range(8):
        state = build(hands=(("field_guide",), ()), decks=(deck, ()), song=(1, 0), seed=seed)
        after, _ = run(state, PlayEvent(0, "field_guide"))
        assert after.seats[0].hand == ()
        assert sorted(after.seats[0].deck) == sorted(deck)
        orders.add(after.seats[0].deck)
    assert len(orders) > 1


@rule("rookery", "R8", "R8.1")
def test_an_event_costs_song_resolves_then_goes_to_the_discard_pile() -> None:
    """R8.1: feeder costs 2, gains 1 Song and draws 1, then lies in its owner's discard."""
    state = build(hands=(("feeder",), ()), decks=(("lark",), ()), song=(3, 0))
    after, _ = run(state, PlayEvent(0, "feeder"))
    assert after.seats[0].song == 3 - 2 + 1
    assert after.seats[0].hand == ("lark",)
    assert after.seats[0].discard == ("feeder",)


@rule("rookery", "R8.2", "RD25")
def test_an_instant_card_is_played_on_its_owners_turn_only() -> None:
    """RD25: thaw and field_guide say Instant, yet a player holding them on the opponent's
    turn, or in the opponent's ambush window, has nothing to play."""
    state = build(hands=(("thaw", "field_guide"), ("lark",)), song=(3, 3), active=1)
    assert GAME.to_act(state) == (1,)
    assert GAME.legal_actions(state, 0) == ()
    assert GAME.check(state, PlayEvent(0, "field_guide")) is not None
    own_turn = build(hands=(("thaw", "field_guide"), ()), song=(3, 0))
    assert PlayEvent(0, "field_guide") in GAME.legal_actions(own_turn, 0)


@rule("rookery", "RD23", "R7.3")
def test_a_season_card_jumps_the_wheel_and_the_order_goes_on_from_it() -> None:
    """RD23: long_winter played in Spring rushes to Winter for 6 turns; Spring follows it."""
    state = build(hands=(("long_winter",), ()), song=(2, 0), decks=(("lark",) * 9, ("wren",) * 9))
    state, _ = run(state, PlaySeason(0, "long_winter"))
    assert (state.wheel.season, state.wheel.turns_left) == (Season.WINTER, 6)
    for _ in range(7):
        state = GAME.apply(state, EndTurn(state.active))
    assert state.wheel.season is Season.SPRING


@rule("rookery", "R7.6")
def test_scores_are_the_prizes() -> None:
    """R7.6: `scores(state)` reads each player's Prizes."""
    assert GAME.scores(build(prizes=(2, 1))) == (2, 1)
    assert GAME.scores(build()) == (0, 0)
