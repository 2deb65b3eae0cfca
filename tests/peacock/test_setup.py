"""Setup (K1), the deal (K2.1) and config validation."""

import pytest

from birdgames import InvalidConfigError
from birdgames.peacock import GAME, Config, Phase, Season, State
from birdgames.peacock.cards import DEAL_BIRDS, DEAL_ISLANDS
from birdgames.peacock.setup import bird_deck_cards, island_deck_cards
from tests.peacock.scenarios import fresh
from tests.rules import rule

pytestmark = rule("peacock", "K1")


@rule("peacock", "K2.1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_deal_gives_five_birds_and_two_islands(players: int) -> None:
    """Season 1 deals each player 5 birds and 2 islands as one hand."""
    state = fresh(players)
    assert state.phase is Phase.DRAFT and state.round == 1
    for seat in state.seats:
        assert (len(seat.hand.birds), len(seat.hand.islands)) == (5, 2)
        assert [g.island for g in seat.groups] == ["start_1", "start_2", "start_3"]


def _dealt_over_game(players: int) -> tuple[int, int]:
    return players * sum(DEAL_BIRDS), players * sum(DEAL_ISLANDS)


def test_four_players_use_the_whole_deck() -> None:
    """At 4 players the three deals use all 72 birds and all 24 islands."""
    assert _dealt_over_game(4) == (72, 24)
    assert len(bird_deck_cards(4)) == 72 and len(island_deck_cards(4)) == 24


@rule("peacock", "K2.1")
def test_two_players_use_36_birds_and_12_islands() -> None:
    """At 2 players 36 of the 58 birds and 12 of the 18 islands are dealt."""
    assert _dealt_over_game(2) == (36, 12)
    state = fresh(2)
    assert len(state.bird_deck) == 58 - 10 and len(state.island_deck) == 18 - 4
    assert len(state.boxed_birds) == 14 and len(state.boxed_islands) == 6


def test_starting_season_comes_from_the_seed_unless_fixed() -> None:
    """Without a fixed season both colours occur over seeds; a fixed one is kept."""
    seasons = {GAME.new_game(Config(3), seed).season for seed in range(20)}
    assert seasons == {Season.BLUE, Season.ORANGE}
    assert GAME.new_game(Config(3, Season.ORANGE), 5).season is Season.ORANGE


def test_same_seed_same_game_and_decks_differ_by_seed() -> None:
    """Setup depends on the seed alone."""
    assert fresh(3, 7) == fresh(3, 7)
    assert fresh(3, 7).bird_deck != fresh(3, 8).bird_deck


@rule("peacock", "K2.1")
def test_fixed_deck_orders_deal_from_the_top() -> None:
    """A fixed bird and island order deals its first cards to seat 0, then seat 1."""
    birds = tuple(sorted(bird_deck_cards(2)))
    islands = tuple(sorted(island_deck_cards(2)))
    state = GAME.new_game(Config(2, Season.BLUE, birds, islands), 3)
    assert state.seats[0].hand.birds == tuple(sorted(birds[:5]))
    assert state.seats[1].hand.birds == tuple(sorted(birds[5:10]))
    assert state.seats[0].hand.islands == islands[:2]
    assert state.bird_deck == birds[10:]


@pytest.mark.parametrize(
    ("config", "words"),
    [
        (Config(5), "2 to 4 players, not 5"),
        (Config(1), "2 to 4 players, not 1"),
        (Config(True), "2 to 4 players"),  # a bool is not a player count
        (Config(2, bird_order=("heron",)), "bird_order must hold the 58 cards in play"),
        (Config(3, island_order=("reef",) * 24), "unexpected reef"),
        (Config(2, starting_season="blue"), "starting_season must be blue, orange or None"),  # type: ignore[arg-type]
    ],
)
def test_invalid_config_says_what_is_wrong(config: Config, words: str) -> None:
    """A bad config raises InvalidConfigError naming the problem."""
    with pytest.raises(InvalidConfigError, match=words):
        GAME.new_game(config, 1)
    with pytest.raises(InvalidConfigError, match=words):
        GAME.max_actions(config)


def test_default_config_refuses_bad_counts() -> None:
    """default_config accepts 2-4 players only."""
    assert GAME.default_config(4).players == 4
    with pytest.raises(InvalidConfigError):
        GAME.default_config(6)


def _play_to_last_deal(players: int, seed: int) -> State:
    state = GAME.new_game(Config(players), seed)
    while state.round < 3:
        player = GAME.to_act(state)[0]
        state = GAME.apply(state, GAME.legal_actions(state, player)[-1])
    return state


@rule("peacock", "K2.1")
def test_four_players_deal_out_both_decks_by_season_three() -> None:
    """K2.1: at 4 players the season-3 deal empties both decks."""
    state = _play_to_last_deal(4, 5)
    assert state.bird_deck == () and state.island_deck == ()
    assert all(len(s.hand.birds) == 7 for s in state.seats)


@rule("peacock", "K2.1")
def test_two_players_leave_22_birds_and_6_islands_undealt() -> None:
    """K2.1: at 2 players 36 birds and 12 islands are dealt over the game."""
    state = _play_to_last_deal(2, 5)
    assert len(state.bird_deck) == 58 - 36 and len(state.island_deck) == 18 - 12
