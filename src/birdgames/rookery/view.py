"""What one player (or a spectator) sees: built from allowed fields only."""

from __future__ import annotations

from typing import ClassVar

import attrs

from birdgames.core import check_spectator_or_player
from birdgames.rookery.cards import Habitat, Season
from birdgames.rookery.legality import to_act
from birdgames.rookery.scoring import controllers
from birdgames.rookery.state import (
    ZONES,
    Bird,
    Pending,
    Phase,
    PileCard,
    State,
    TurnState,
    Zone,
)


@attrs.frozen
class PredatorView:
    """A predator as the viewer sees it: `card` is None for another's face-down card."""

    uid: int
    owner: int
    card: str | None
    face_up: bool
    damage: int
    hunts: int
    readied: bool


@attrs.frozen
class ZoneView:
    """A zone: habitat, every bird's state, predators, flip pile, current controller."""

    zone: Zone
    habitat: Habitat | None
    birds: tuple[Bird, ...]
    predators: tuple[PredatorView, ...]
    pile: tuple[PileCard, ...]
    controller: int | None


@attrs.frozen
class SeatView:
    """One player's public side: sizes, discard pile, Song pool, Prizes."""

    hand_size: int
    deck_size: int
    discard: tuple[str, ...]
    song: int
    prizes: int


@attrs.frozen
class View:
    """A snapshot of what `player` may know (None: a spectator)."""

    kind: ClassVar[str] = "rookery.view"

    player: int | None
    players: int
    phase: Phase
    first_player: int
    active: int
    to_act: tuple[int, ...]
    turn_number: int
    hand: tuple[str, ...]  # the viewer's own hand; empty for a spectator
    seats: tuple[SeatView, SeatView]
    zones: tuple[ZoneView, ZoneView, ZoneView]
    season: Season
    turns_left: int
    turns_played: int
    checkpoints: int
    sudden_death: int
    turn: TurnState
    pending: tuple[Pending, ...]
    next_uid: int
    winners: tuple[int, ...]
    scores: tuple[int, ...]  # each seat's Prizes (R7.6)
    is_terminal: bool
    decision: Pending | None  # the front pending decision: to_act answers it first


# Deprecated alias of SeatView, kept for one release.
PlayerView = SeatView


def view(state: State, player: int | None) -> View:
    """Returns what `player` can see now; a bad player raises InvalidConfigError."""
    viewer = check_spectator_or_player(player, 2)
    held = controllers(state.zones)
    zones = tuple(
        ZoneView(
            ZONES[zi],
            zone.habitat,
            zone.birds,
            tuple(
                PredatorView(
                    q.uid,
                    q.owner,
                    q.card if q.face_up or q.owner == viewer else None,
                    q.face_up,
                    q.damage,
                    q.hunts,
                    q.readied,
                )
                for q in zone.predators
            ),
            zone.pile,
            held[zi],
        )
        for zi, zone in enumerate(state.zones)
    )
    sides = tuple(
        SeatView(len(p.hand), len(p.deck), p.discard, p.song, p.prizes) for p in state.players
    )
    w = state.wheel
    return View(
        viewer,
        2,
        state.phase,
        state.first_player,
        state.active,
        to_act(state),
        state.turn_number,
        state.players[viewer].hand if viewer is not None else (),
        (sides[0], sides[1]),
        (zones[0], zones[1], zones[2]),
        w.season,
        w.turns_left,
        w.turns_played,
        w.checkpoints,
        w.sudden_death,
        state.turn,
        state.pending,
        state.next_uid,
        state.winners if state.phase is Phase.OVER else (),
        (sides[0].prizes, sides[1].prizes),
        state.phase is Phase.OVER,
        state.pending[0] if state.pending else None,
    )
