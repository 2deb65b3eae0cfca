"""Events: each kind's visibility (K4), log lines, and what the views confirm."""

import pytest

from birdgames import codec
from birdgames.peacock import (
    GAME,
    BirdLifted,
    BirdMoved,
    BirdPlaced,
    BirdsPassed,
    BirdsRemoved,
    BirdsSetAside,
    Event,
    FlockScore,
    GameOver,
    HandDealt,
    HandPassed,
    IslandPlaced,
    IslandTucked,
    MigrationEnded,
    Phase,
    PhaseBegan,
    PickCommitted,
    PickRevealed,
    Season,
    SeasonChanged,
    SeasonScored,
    Slot,
    Source,
)
from birdgames.peacock.events import EVENT_CLASSES
from birdgames.rng import Rng, below
from tests.peacock.scenarios import fresh
from tests.rules import rule

pytestmark = rule("peacock", "K4")

B, L = Season.BLUE, Slot.LEFT
PUBLIC: list[Event] = [
    PickRevealed(0, "heron"),
    PhaseBegan(Phase.MIGRATION, 1, B),
    IslandPlaced(0, "reef", 3),
    IslandTucked(0, "reef", 1, B),
    BirdPlaced(0, "heron", Source.DRAFTED, 1, L),
    BirdMoved(0, "heron", 1, L, 2, Slot.RIGHT),
    BirdLifted(0, "heron", 2, Slot.RIGHT),
    MigrationEnded(0),
    BirdsPassed(0, 1, ("heron", "owl")),
    BirdsRemoved(1, ("heron",)),
    BirdsSetAside(0, "owl", 1, 2, L, "an owl flock holds at most 1 in blue"),
    SeasonScored(0, 1, B, 12, 12, (FlockScore(3, L, "vulture", 3, 2, 2, 12),)),
    SeasonChanged(2, Season.ORANGE),
    GameOver((100, 90), ("Fancy", "Fair"), (0,)),
]


def test_every_event_kind_is_covered_here() -> None:
    """This file lists every event class (public ones above, hidden ones below)."""
    covered = {type(e) for e in PUBLIC} | {HandDealt, PickCommitted, HandPassed}
    assert covered == set(EVENT_CLASSES)


@pytest.mark.parametrize("event", PUBLIC, ids=lambda e: type(e).__name__)
def test_public_event_is_seen_whole_by_everyone(event: Event) -> None:
    """Reveals, tableau changes, passes of unplaced birds, scores are public."""
    for player in (0, 1, None):
        assert GAME.visible_events((event,), player) == (event,)
    assert codec.loads_event(codec.dumps(event)) == event
    assert str(event)


def test_hand_dealt_shows_cards_to_their_owner_only() -> None:
    """A deal shows its cards to the player dealt and a count to others."""
    event = HandDealt(1, 8, ("heron", "owl", "owl", "puffin", "seagull", "vulture"), ("reef",) * 2)
    assert GAME.visible_events((event,), 1) == (event,)
    for player in (0, 2, None):
        assert GAME.visible_events((event,), player) == (HandDealt(1, 8, None, None),)
    assert str(HandDealt(1, 8, None, None)) == "p1 is dealt 8 cards"


def test_pick_committed_shows_the_card_to_its_owner_only() -> None:
    """A face-down pick is a card for its player and 'a card' for the others."""
    event = PickCommitted(2, "eagle")
    assert GAME.visible_events((event,), 2) == (event,)
    assert GAME.visible_events((event,), 0) == (PickCommitted(2, None),)
    assert str(PickCommitted(2, None)) == "p2 picks a card face down"


def test_hand_passed_shows_cards_to_giver_and_receiver_only() -> None:
    """A passed hand's cards are known to who held it and who receives it."""
    event = HandPassed(0, 1, 3, ("crow", "heron"), ("crag",))
    assert GAME.visible_events((event,), 0) == (event,)
    assert GAME.visible_events((event,), 1) == (event,)
    for player in (2, None):
        assert GAME.visible_events((event,), player) == (HandPassed(0, 1, 3, None, None),)


def test_views_confirm_what_hidden_events_tell() -> None:
    """Over a game, dealt and received cards equal the hand the player's view shows next."""
    state = fresh(3, 11)
    rng = Rng.from_seed(11)
    seen_kinds: set[type] = set()
    while not GAME.is_terminal(state):
        player = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, player)
        index, rng = below(rng, len(legal))
        state, events = GAME.step(state, legal[index])
        seen_kinds.update(type(e) for e in events)
        for p in range(3):
            hand = GAME.view(state, p).seats[p]
            for e in GAME.visible_events(events, p):
                if isinstance(e, HandDealt) and e.player == p:
                    assert (e.birds, e.islands) == (hand.hand_birds, hand.hand_islands)
                if isinstance(e, HandPassed) and e.to == p:
                    assert (e.birds, e.islands) == (hand.hand_birds, hand.hand_islands)
                if isinstance(e, HandPassed | HandDealt) and p not in (
                    e.player,
                    getattr(e, "to", e.player),
                ):
                    assert e.birds is None
    assert {HandDealt, PickCommitted, HandPassed, PickRevealed, SeasonScored} <= seen_kinds
    assert {GameOver, SeasonChanged, IslandPlaced, BirdPlaced, MigrationEnded} <= seen_kinds
