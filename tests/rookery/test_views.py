"""Views and visible events: what each player may know (contract rule 5)."""

from __future__ import annotations

import pytest

from birdgames import InvalidConfigError
from birdgames.rookery import GAME, NestBird, PlayPredator
from birdgames.rookery import events as ev
from birdgames.rookery.cards import CardType, Habitat, Season
from birdgames.rookery.state import PileCard, Zone
from tests.rookery.scenarios import MID, B, L, P, build, run, started, uid
from tests.rules import rule

L_, M_ = Zone.LEFT, Zone.MIDDLE

# One sample of every event class; the hidden ones carry the secret field.
SAMPLES: tuple[ev.Event, ...] = (
    ev.HabitatDrafted(0, M_, Habitat.FOREST),
    ev.TurnBegan(0, 1, Season.SPRING, 4, 2),
    ev.CardDrawn(0, "heron"),
    ev.DeckReshuffled(0, 7),
    ev.BirdNested(0, 3, "wren", L_, 1),
    ev.BirdTapped(0, 3, "wren", 1),
    ev.BirdMoved(0, 3, "sandpiper", L_, M_),
    ev.PredatorPlayed(0, 4, "fox", L_, False, 2),
    ev.PredatorRevealed(0, 4, "fox", L_),
    ev.AmbushPassed(0, 4),
    ev.HuntResolved(0, 4, "fox", 3, "wren", L_, 6, 3, 6),
    ev.MobResolved(1, 4, "fox", L_, 8, 4, 3),
    ev.CardDefeated(1, 3, "wren", L_),
    ev.EventPlayed(0, "gale", 2),
    ev.SeasonCardPlayed(0, "heatwave", Season.SUMMER, 5, 3),
    ev.HabitatPlayed(0, "forest_habitat", L_, 0, 1),
    ev.ZoneFlipped(L_, Habitat.SHORE, (PileCard(1, "wren"),)),
    ev.CardDiscarded(1, "fox"),
    ev.CardSearched(0, CardType.BIRD, "lark", True),
    ev.SongGained(0, "tern", 1),
    ev.Damaged(0, "downpour", 3, "wren", 2),
    ev.Healed(0, "rescue_centre", 3, "wren", 2),
    ev.BirdUntapped(0, "thaw", 3, "wren"),
    ev.PredatorReadied(0, "tailwind", 4, "fox"),
    ev.SeasonShifted(0, "warm_spell", 2, 5),
    ev.TurnEnded(0, 1, 3),
    ev.CheckpointHeld(1, 0, (0, None, 1), (1, 0)),
    ev.SeasonBegan(Season.SUMMER, 4),
    ev.GameEnded((0,), (3, 1)),
)
HIDDEN: dict[type, ev.Event] = {
    ev.CardDrawn: ev.CardDrawn(0, None),
    ev.PredatorPlayed: ev.PredatorPlayed(0, 4, None, L_, False, 2),
    ev.CardSearched: ev.CardSearched(0, CardType.BIRD, None, True),
}


def test_samples_cover_every_event_class() -> None:
    """Every event class has a sample below, so each kind is tested."""
    assert {type(e) for e in SAMPLES} == set(ev.EVENT_CLASSES)


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: type(e).__name__)
def test_visible_events_per_kind(event: ev.Event) -> None:
    """Draws, face-down identities and searched cards are hidden from all but their owner."""
    assert GAME.visible_events((event,), 0) == (event,)
    blank = HIDDEN.get(type(event), event)
    assert GAME.visible_events((event,), 1) == (blank,)
    assert GAME.visible_events((event,), None) == (blank,)
    assert str(blank)


@rule("rookery", "R6.1")
def test_face_up_predator_play_is_public() -> None:
    """R6.1 a predator played face up names its card to everyone."""
    event = ev.PredatorPlayed(0, 4, "fox", L_, True, 3)
    assert GAME.visible_events((event,), 1) == (event,)


@rule("rookery", "R6.3")
def test_face_down_card_shows_to_its_owner_only() -> None:
    """R6.3 the opponent and spectators see only a face-down card; the owner sees the fox."""
    state = build(predators=[P(L, 0, "fox", face_up=False)], birds=[B(MID, 1, "tern")])
    mine = GAME.view(state, 0).zones[0].predators[0]
    theirs = GAME.view(state, 1).zones[0].predators[0]
    spectator = GAME.view(state, None).zones[0].predators[0]
    assert mine.card == "fox" and theirs.card is None and spectator.card is None
    assert theirs.uid == mine.uid and not theirs.face_up


def test_view_shows_own_hand_sizes_piles_and_bird_states() -> None:
    """A view: own hand, opponent's hand size, deck sizes, discards, birds' states, wheel."""
    state = build(
        birds=[B(L, 0, "wren", nested=False), B(L, 1, "robin", tapped=True, damage=1)],
        hands=(("heron", "fox"), ("lark",)),
        decks=(("gale",), ("tern", "gull")),
        discards=((), ("owl",)),
        song=(3, 0),
        prizes=(1, 0),
    )
    view = GAME.view(state, 1)
    assert view.hand == ("lark",)
    assert [p.hand_size for p in view.seats] == [2, 1]
    assert [p.deck_size for p in view.seats] == [1, 2]
    assert view.seats[1].discard == ("owl",)
    wren, robin = view.zones[0].birds
    assert not wren.nested and robin.tapped and robin.damage == 1
    assert (view.season, view.turns_left, view.seats[0].prizes) == (Season.SPRING, 4, 1)
    assert GAME.view(state, None).hand == ()


@rule("rookery", "R6.3")
def test_pending_reaction_is_in_the_view() -> None:
    """R6.3 both players see the ambush window (its opening reveals nothing)."""
    state = build(predators=[P(L, 1, "fox", face_up=False)], hands=(("wren",), ()), song=(1, 0))
    after, _ = run(state, NestBird(0, "wren", L))
    assert GAME.view(after, 0).pending == after.pending == GAME.view(after, 1).pending
    assert GAME.view(after, 0).to_act == (1,)


def test_ids_come_from_a_public_counter() -> None:
    """Cards in play take the next id of a public counter, whatever the deck order."""
    state = build(hands=(("fox", "fox"), ()), song=(4, 0))
    first = state.next_uid
    after, _events = run(state, PlayPredator(0, "fox", L, False), PlayPredator(0, "fox", L, False))
    assert [q.uid for q in after.zones[0].predators] == [first, first + 1]
    assert GAME.view(after, 1).next_uid == first + 2
    assert uid(after, "fox", 0, 1) == first + 1


def test_bad_viewer_is_refused() -> None:
    """view with a seat that does not exist raises InvalidConfigError."""
    state = started()
    for bad in (2, -1, "0"):
        with pytest.raises(InvalidConfigError):
            GAME.view(state, bad)  # type: ignore[arg-type]
