"""The driver between decisions: R2 Dawn and EndTurn, R7 the season wheel, checkpoints,
Prizes and the end of the game."""

from __future__ import annotations

from typing import Final

from birdgames.rookery import build
from birdgames.rookery.cards import DAWN_CHORUS, SEASON_ORDER, Season
from birdgames.rookery.events import (
    CardDrawn,
    CheckpointHeld,
    GameEnded,
    SeasonBegan,
    TurnBegan,
    TurnEnded,
)
from birdgames.rookery.scoring import controllers, leader_of
from birdgames.rookery.state import (
    FRESH_TURN,
    Bird,
    Phase,
    Predator,
    TurnState,
)
from birdgames.rookery.work import Work, rested_bird, rested_predator, shared_wheel

SEASON_TURNS: Final = 4  # R7.1
PRIZES_TO_WIN: Final = 3  # R7.4
YEAR_CHECKPOINTS: Final = 8  # R7.5 two years
SUDDEN_DEATH_CHECKPOINTS: Final = 4  # R7.5 DECISION: then the game is drawn
# R2.1 the Dawn Chorus in wheel order
_CHORUS: Final = tuple(DAWN_CHORUS[season] for season in SEASON_ORDER)


def dawn(work: Work) -> None:
    """R2.1 draw, untap, roosting birds nest, counters reset, the Dawn Chorus."""
    p = work.active
    work.turn_number += 1
    w = work.wheel
    song = _CHORUS[SEASON_ORDER.index(w.season)]
    if work.log:
        work.events.append(TurnBegan(p, work.turn_number, w.season, w.turns_left, song))
    player = work.seats[p]
    deck = player.deck
    if deck:
        # R2.4 the usual draw and the Dawn Chorus in one update of the player
        card = deck[0]
        work.seats[p] = build.seat(
            (*player.hand, card), deck[1:], player.discard, song, player.prizes
        )
        if work.log:
            work.events.append(CardDrawn(p, card))
    else:
        work.draw(p, 1)
        work.set_song(p, song)
    for zi, zone in enumerate(work.zones):
        # Only the cards the dawn changes are rebuilt, only the zones holding one: a card
        # already nested, untapped and fresh stays the same value.
        birds: list[Bird] | None = None
        for i, b in enumerate(zone.birds):
            if b.owner == p and (not b.nested or b.tapped or b.has_tapped or b.moved or b.untapped):
                if birds is None:
                    birds = list(zone.birds)
                birds[i] = rested_bird(b.uid, b.card, p, b.damage)
        preds: list[Predator] | None = None
        for i, q in enumerate(zone.predators):
            if q.owner == p and (q.hunts or q.readied):
                if preds is None:
                    preds = list(zone.predators)
                preds[i] = rested_predator(q.uid, q.card, p, q.face_up, q.damage)
        if birds is not None or preds is not None:
            work.zones[zi] = build.zone_state(
                zone.habitat,
                zone.birds if birds is None else tuple(birds),
                zone.predators if preds is None else tuple(preds),
                zone.pile,
            )
    work.turn = FRESH_TURN


def end_turn(work: Work) -> None:
    """R2.3 R7.2 Song is lost, the counter goes down, maybe the wheel turns; next Dawn."""
    p = work.active
    lost = work.seats[p].song
    work.set_song(p, 0)
    w = work.wheel
    if not work.turn.hold_countdown:  # R7.3 the Season card's own turn keeps the counter
        w = shared_wheel(
            w.season, w.turns_left - 1, w.turns_played + 1, w.checkpoints, w.sudden_death
        )
        work.wheel = w
    if work.log:
        work.events.append(TurnEnded(p, lost, max(0, w.turns_left)))
    if w.turns_left <= 0:
        checkpoint(work)
        if work.over:
            return
        following = SEASON_ORDER[(SEASON_ORDER.index(w.season) + 1) % 4]
        begin_season(work, following, SEASON_TURNS)
    work.active = 1 - p
    dawn(work)


def begin_season(work: Work, season: Season, duration: int) -> None:
    """R7.2 R7.3 `season` begins with `duration` turns left."""
    w = work.wheel
    work.wheel = shared_wheel(season, duration, 0, w.checkpoints, w.sudden_death)
    if work.log:
        work.events.append(SeasonBegan(season, duration))


def play_season(work: Work, season: Season, duration: int) -> None:
    """R7.3 a checkpoint, then the card's season for its duration, from the next turn."""
    t = work.turn
    work.turn = TurnState(t.habitats_played, True, t.mobbed, True, t.actions)
    checkpoint(work)
    if not work.over:
        begin_season(work, season, duration)


def checkpoint(work: Work) -> None:
    """R7.4 R7.5 the zone leader claims a Prize; the game may end here."""
    w = work.wheel
    number = w.checkpoints + 1
    held = controllers(work.zones)
    lead = leader_of(held)
    if lead is not None:
        work.set_seat(lead, prizes=work.seats[lead].prizes + 1)
    prizes = (work.seats[0].prizes, work.seats[1].prizes)
    sudden = w.sudden_death + (1 if number > YEAR_CHECKPOINTS else 0)
    work.wheel = shared_wheel(w.season, w.turns_left, w.turns_played, number, sudden)
    if work.log:
        work.events.append(CheckpointHeld(number, lead, held, prizes))
    if lead is not None and prizes[lead] >= PRIZES_TO_WIN:
        finish(work, (lead,))  # R7.4 at once, even mid-turn
    elif number == YEAR_CHECKPOINTS and prizes[0] != prizes[1]:
        finish(work, (0 if prizes[0] > prizes[1] else 1,))  # R7.5 more Prizes wins
    elif number > YEAR_CHECKPOINTS:
        if lead is not None:
            finish(work, (lead,))  # R7.5 sudden death
        elif sudden >= SUDDEN_DEATH_CHECKPOINTS:
            finish(work, (0, 1))  # R7.5 DECISION bounded sudden death: a draw


def finish(work: Work, winners: tuple[int, ...]) -> None:
    """R7.4 R7.5 ends the game; no decision stays pending."""
    work.phase = Phase.OVER
    work.winners = winners
    work.pending = []
    work.new_pending = []
    if work.log:
        work.events.append(GameEnded(winners, (work.seats[0].prizes, work.seats[1].prizes)))
