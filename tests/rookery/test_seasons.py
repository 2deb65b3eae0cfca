"""R7 the season wheel, Season cards, checkpoints, Prizes, winning and sudden death."""

from __future__ import annotations

from birdgames.rookery import GAME, EndTurn, PlaySeason
from birdgames.rookery.cards import Season
from birdgames.rookery.events import CheckpointHeld, DeckReshuffled, GameEnded, SeasonBegan
from birdgames.rookery.state import Phase
from tests.rookery.scenarios import B, L, build, run
from tests.rules import rule

pytestmark = rule("rookery", "R7")


@rule("rookery", "R7.2")
def test_wheel_turns_when_the_counter_runs_out() -> None:
    """R7.2 at EndTurn with the counter at 0: a checkpoint, then the next season for 4 turns."""
    state = build(birds=[B(L, 0, "woodpecker")], turns_left=1, turns_played=3)
    after, events = run(state, EndTurn(0))
    held = next(e for e in events if isinstance(e, CheckpointHeld))
    assert (held.number, held.leader, held.prizes) == (1, 0, (1, 0))
    assert after.wheel.season is Season.SUMMER and after.wheel.turns_left == 4
    assert after.seats[1].song == 4  # R2.1 p1's Dawn Chorus in Summer


@rule("rookery", "RD22")
@rule("rookery", "R7.3")
def test_season_card_checkpoint_and_duration() -> None:
    """R7.3 a Season card holds a checkpoint at once; its duration counts from next turn."""
    state = build(
        birds=[B(L, 0, "woodpecker")], hands=(("heatwave",), ()), song=(3, 0), turns_left=3
    )
    after, events = run(state, PlaySeason(0, "heatwave"))
    assert any(isinstance(e, CheckpointHeld) and e.leader == 0 for e in events)
    assert after.seats[0].prizes == 1
    assert (after.wheel.season, after.wheel.turns_left) == (Season.SUMMER, 5)
    after, _ = run(after, EndTurn(0))
    assert after.wheel.turns_left == 5  # the card's own turn does not count down
    after, _ = run(after, EndTurn(1))
    assert after.wheel.turns_left == 4


@rule("rookery", "RD21")
@rule("rookery", "R7.3")
def test_one_season_card_per_turn() -> None:
    """R7.3 DECISION a second Season card the same turn is refused."""
    state = build(hands=(("early_spring", "long_winter"), ()), song=(4, 0))
    after, _ = run(state, PlaySeason(0, "early_spring"))
    assert GAME.check(after, PlaySeason(0, "long_winter")) == (
        "you already played a Season card this turn; long_winter must wait"
    )
    assert PlaySeason(0, "long_winter") not in GAME.legal_actions(after, 0)


@rule("rookery", "R7.4")
def test_third_prize_wins_mid_turn() -> None:
    """R7.4 a player reaching 3 Prizes wins at once, in the middle of their turn."""
    state = build(
        birds=[B(L, 0, "woodpecker")], hands=(("early_spring",), ()), song=(2, 0), prizes=(2, 1)
    )
    after, events = run(state, PlaySeason(0, "early_spring"))
    assert GAME.is_terminal(after) and GAME.winners(after) == (0,)
    assert GAME.to_act(after) == ()
    assert isinstance(events[-1], GameEnded)
    assert GAME.scores(after) == (3, 1)


@rule("rookery", "R7.5")
def test_more_prizes_win_after_two_years() -> None:
    """R7.5 after the 8th checkpoint with nobody at 3, more Prizes wins."""
    state = build(prizes=(2, 1), checkpoints=7, turns_left=1)
    after, _ = run(state, EndTurn(0))
    assert after.phase is Phase.OVER and after.winners == (0,)


@rule("rookery", "R7.5")
def test_sudden_death_ends_at_the_first_claimed_prize() -> None:
    """R7.5 equal after two years: the next checkpoint with a Prize decides."""
    state = build(prizes=(1, 1), checkpoints=7, turns_left=1)
    after, _ = run(state, EndTurn(0))
    assert after.phase is Phase.PLAY  # 1-1 after 8: sudden death begins
    decided = build(birds=[B(L, 1, "woodpecker")], prizes=(1, 1), checkpoints=8, turns_left=1)
    after, _ = run(decided, EndTurn(0))
    assert after.winners == (1,) and after.seats[1].prizes == 2


@rule("rookery", "RD24")
@rule("rookery", "R7.5")
def test_sudden_death_is_drawn_after_four_empty_checkpoints() -> None:
    """R7.5 DECISION four sudden-death checkpoints without a Prize: both players share."""
    state = build(prizes=(2, 2), checkpoints=11, sudden_death=3, turns_left=1)
    after, events = run(state, EndTurn(0))
    assert after.phase is Phase.OVER and GAME.winners(after) == (0, 1)
    assert any(isinstance(e, GameEnded) for e in events)


@rule("rookery", "R2.4")
def test_empty_deck_reshuffles_the_discard_pile() -> None:
    """R2.4 drawing from an empty deck shuffles the discard pile into a new deck first."""
    state = build(discards=((), ("wren", "robin", "lark")))
    after, events = run(state, EndTurn(0))
    assert any(isinstance(e, DeckReshuffled) and e.cards == 3 for e in events)
    assert after.seats[1].discard == ()
    assert len(after.seats[1].deck) == 2 and len(after.seats[1].hand) == 1
    assert not any(isinstance(e, SeasonBegan) for e in events)
