"""The simultaneous draft (K2.2): hidden picks, reveal, passing direction."""

from itertools import permutations

from birdgames.peacock import (
    GAME,
    DraftCard,
    EndMigration,
    Phase,
    PickCommitted,
    PickRevealed,
    PlaceBird,
    PlaceIsland,
    Season,
    Slot,
    Source,
    State,
)
from tests.peacock.scenarios import fresh
from tests.rules import rule

pytestmark = rule("peacock", "K2.2")


def _picks(state: State, player: int) -> list[DraftCard]:
    return [a for a in GAME.legal_actions(state, player) if isinstance(a, DraftCard)]


def _first_cards(state: State, players: int) -> list[DraftCard]:
    return [_picks(state, p)[0] for p in range(players)]


def test_all_players_draft_at_once_and_leave_to_act_when_committed() -> None:
    """Everyone holding cards acts; a committed player leaves to_act."""
    state = fresh(3)
    assert GAME.to_act(state) == (0, 1, 2)
    state = GAME.apply(state, GAME.legal_actions(state, 1)[0])
    assert GAME.to_act(state) == (0, 2)
    assert GAME.legal_actions(state, 1) == ()


def test_legal_picks_are_the_distinct_cards_of_the_hand() -> None:
    """One DraftCard per distinct card in hand, birds then islands, sorted."""
    state = fresh(3)
    hand = state.seats[0].hand
    cards = [a.card for a in _picks(state, 0)]
    assert cards == list(dict.fromkeys(hand.birds)) + list(dict.fromkeys(hand.islands))


def test_committed_pick_is_hidden_from_others_until_the_reveal() -> None:
    """Others' views and legal actions do not change with someone's uncommitted choice."""
    state = fresh(3)
    choices = _picks(state, 0)
    assert len({a.card for a in choices}) > 1
    after = [GAME.apply(state, a) for a in choices]
    for p in (1, 2, None):
        assert len({GAME.view(s, p) for s in after}) == 1
    for p in (1, 2):
        assert len({GAME.legal_actions(s, p) for s in after}) == 1
    mine = GAME.view(after[0], 0)
    assert mine.seats[0].pick == choices[0].card and mine.seats[0].committed
    assert GAME.view(after[0], 1).seats[0].pick is None


def test_any_commit_order_gives_the_same_state() -> None:
    """The picks resolve when the last commits, whatever the order."""
    state = fresh(3)
    picks = _first_cards(state, 3)
    results = set()
    for order in permutations(picks):
        s = state
        for action in order:
            s = GAME.apply(s, action)
        results.add(s)
    assert len(results) == 1


@rule("peacock", "KD1")
def test_reveal_makes_picks_public_and_blue_passes_to_the_next_seat() -> None:
    """After the reveal picks are drafted (public) and blue hands go to seat i+1."""
    state = fresh(3, season=Season.BLUE)
    hands = [s.hand for s in state.seats]
    picks = _first_cards(state, 3)
    events: tuple[object, ...] = ()
    for action in picks:
        state, events = GAME.step(state, action)
    assert [e for e in events if isinstance(e, PickRevealed)] == [
        PickRevealed(p, picks[p].card) for p in range(3)
    ]
    for p in range(3):
        pool = state.seats[p].pool
        assert picks[p].card in pool.drafted_birds + pool.drafted_islands
        # Seat p now holds what seat p-1 had, minus its pick.
        before = hands[(p - 1) % 3]
        assert len(state.seats[p].hand.birds) + len(state.seats[p].hand.islands) == 6
        assert set(state.seats[p].hand.birds) <= set(before.birds)


@rule("peacock", "KD1")
def test_orange_passes_to_the_previous_seat() -> None:
    """DECISION: orange hands go to seat i-1."""
    state = fresh(3, season=Season.ORANGE)
    hands = [s.hand for s in state.seats]
    picks = _first_cards(state, 3)
    for action in picks:
        state = GAME.apply(state, action)
    for p in range(3):
        source = hands[(p + 1) % 3]
        assert set(state.seats[p].hand.birds + state.seats[p].hand.islands) <= set(
            source.birds + source.islands
        )


def test_draft_ends_in_migration_when_hands_are_empty() -> None:
    """Seven picks each in season 1, then migration begins."""
    state = fresh(2)
    for _ in range(7):
        assert state.phase is Phase.DRAFT
        for p in range(2):
            state = GAME.apply(state, GAME.legal_actions(state, p)[-1])
    assert state.phase is Phase.MIGRATION
    for seat in state.seats:
        assert len(seat.pool.drafted_birds) == 5 and len(seat.pool.drafted_islands) == 2


def test_draft_refusals() -> None:
    """A second pick, a card not in hand and a migration step are refused with reasons."""
    state = fresh(2)
    first = _picks(state, 0)[0]
    after = GAME.apply(state, first)
    assert GAME.check(after, first) == "p0 has already picked a card this turn"
    assert GAME.check(state, DraftCard(0, "dodo")) == "'dodo' is not in p0's hand"
    held = state.seats[1].hand
    assert all(card not in str(GAME.check(state, DraftCard(1, "dodo"))) for card in held.birds)
    assert GAME.check(state, EndMigration(0)) == "this is the draft: choose a card from your hand"


def test_commit_event_hides_the_card_from_others() -> None:
    """PickCommitted shows the card to its player only."""
    state = fresh(2)
    action = _picks(state, 0)[0]
    _, events = GAME.step(state, action)
    assert events == (PickCommitted(0, action.card),)
    assert GAME.visible_events(events, 1) == (PickCommitted(0, None),)
    assert GAME.visible_events(events, None) == (PickCommitted(0, None),)
    assert GAME.visible_events(events, 0) == events


@rule("peacock", "KD2")
def test_the_draft_offers_picks_only_and_placing_waits_for_migration() -> None:
    """KD2: nothing is placed during the draft; the picks wait, drafted, for the migration."""
    state = fresh(3)
    for action in _first_cards(state, 3):
        state = GAME.apply(state, action)
    assert state.phase is Phase.DRAFT
    for p in range(3):
        assert all(isinstance(a, DraftCard) for a in GAME.legal_actions(state, p))
    pool = state.seats[0].pool
    bird = (pool.drafted_birds or state.seats[0].hand.birds)[0]
    placing = PlaceBird(0, bird, Source.DRAFTED, 0, Slot.LEFT)
    assert GAME.check(state, placing) is not None
    island = (pool.drafted_islands or state.seats[0].hand.islands)[0]
    assert GAME.check(state, PlaceIsland(0, island)) is not None
    assert len(state.seats[0].groups) == 3
    assert all(g.left is None and g.right is None for g in state.seats[0].groups)
