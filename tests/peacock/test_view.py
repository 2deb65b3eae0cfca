"""Views (K4): own hand and pick for the player, sizes for the rest, the table for all."""

from birdgames import codec
from birdgames.peacock import GAME, LiftBird, Phase, PlaceIsland, Season, Slot, render
from birdgames.peacock.state import MOVES_PER_MIGRATION
from tests.peacock.adapter import perturb_hidden
from tests.peacock.scenarios import flock, fresh, group, position, seat, solo, starting
from tests.rules import rule

pytestmark = rule("peacock", "K4")


def test_player_sees_own_hand_and_only_sizes_of_others() -> None:
    """A player's view holds their hand; other seats show a hand size only."""
    state = fresh(3)
    view = GAME.view(state, 1)
    assert view.seats[1].hand_birds == state.seats[1].hand.birds
    assert view.seats[1].hand_islands == state.seats[1].hand.islands
    for other in (0, 2):
        assert view.seats[other].hand_birds is None and view.seats[other].hand_islands is None
        assert view.seats[other].hand_size == 7


def test_spectator_sees_no_hand_and_no_deck_order() -> None:
    """The spectator sees sizes, the season and the tableaux, nothing hidden."""
    state = fresh(4)
    view = GAME.view(state, None)
    assert all(s.hand_birds is None and s.pick is None for s in view.seats)
    assert view.bird_deck_size == len(state.bird_deck) == 72 - 20
    assert view.season is Season.BLUE and view.direction == 1
    text = codec.dumps(view)
    assert "rng" not in text
    assert 'deck"' not in text


def test_view_shows_each_group_with_its_active_resources() -> None:
    """Group views carry the resources active this season, tucks included."""
    state = GAME.apply(solo(seat(drafted_islands=["reef"])), PlaceIsland(0, "reef"))
    groups = GAME.view(state, 1).seats[0].groups
    assert [(g.plant, g.fish, g.meat) for g in groups] == [
        (1, 1, 0),
        (0, 1, 1),
        (1, 0, 1),
        (0, 1, 0),
    ]
    assert GAME.view(state, 1).seats[0].drafted_islands == ()


def test_hidden_changes_leave_the_view_and_legal_actions_alone() -> None:
    """perturb_hidden changes the state but not what the player sees or may do."""
    state = fresh(3, 4)
    state = GAME.apply(state, GAME.legal_actions(state, 2)[0])
    for player in range(3):
        other = perturb_hidden(state, player, 99)
        assert other != state
        assert GAME.view(other, player) == GAME.view(state, player)
        assert GAME.legal_actions(other, player) == GAME.legal_actions(state, player)


@rule("peacock", "K2.3")
def test_every_seat_sees_each_seats_moves_left_in_migration() -> None:
    """K2.3: moves left are public, counted down by moves and lifts, 0 outside migration."""
    tableau = starting(start_2=group("start_2", flock("vulture", 2)))
    state = position((seat(tableau, moves=MOVES_PER_MIGRATION - 2), seat()))
    state = GAME.apply(state, LiftBird(0, "vulture", 1, Slot.LEFT))
    for viewer in (0, 1, None):
        view = GAME.view(state, viewer)
        assert [s.moves_left for s in view.seats] == [1, MOVES_PER_MIGRATION]
    assert "p0: 0 points, 0 cards in hand, 1 move left" in render(GAME.view(state, 1))
    assert f"p1: 0 points, 0 cards in hand, {MOVES_PER_MIGRATION} moves left" in render(
        GAME.view(state, 1)
    )
    draft = fresh(2)
    assert draft.phase is Phase.DRAFT
    assert [s.moves_left for s in GAME.view(draft, 0).seats] == [0, 0]
    assert "moves left" not in render(GAME.view(draft, 0))
