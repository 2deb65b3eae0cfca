"""What one player (or a spectator) sees: built from allowed fields only (K4)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from birdgames.core import check_spectator_or_player
from birdgames.peacock.cards import Season
from birdgames.peacock.rules import to_act
from birdgames.peacock.scoring import group_counts
from birdgames.peacock.state import Flock, Phase, State, Tuck, direction


@attrs.frozen
class GroupView:
    """A group as everyone sees it, with the resources it offers this season."""

    island: str
    tucks: tuple[Tuck, ...]
    left: Flock | None
    right: Flock | None
    plant: int
    fish: int
    meat: int


@attrs.frozen
class SeatView:
    """One player's area; hand contents and pick only for that player themself."""

    hand_size: int
    hand_birds: tuple[str, ...] | None
    hand_islands: tuple[str, ...] | None
    committed: bool
    pick: str | None
    drafted_birds: tuple[str, ...]
    drafted_islands: tuple[str, ...]
    aside: tuple[str, ...]
    received: tuple[str, ...]
    groups: tuple[GroupView, ...]
    done: bool
    season_scores: tuple[int, ...]
    total: int


@attrs.frozen
class View:
    """A snapshot of the table for `player` (None: a spectator)."""

    kind: ClassVar[str] = "peacock.view"

    player: int | None
    players: int
    round: int
    season: Season
    direction: int
    phase: Phase
    to_act: tuple[int, ...]
    seats: tuple[SeatView, ...]
    bird_deck_size: int
    island_deck_size: int
    boxed_birds: tuple[str, ...]
    boxed_islands: tuple[str, ...]
    gone: tuple[str, ...]
    scores: tuple[int, ...]  # each seat's running total
    is_terminal: bool
    decision: None  # Peacock never waits on one player's answer to another's move


def view(state: State, player: int | None) -> View:
    """Returns what `player` can see now; a bad player raises InvalidConfigError."""
    me = check_spectator_or_player(player, len(state.seats))
    season = state.season
    seats: list[SeatView] = []
    for i, seat in enumerate(state.seats):
        hand = seat.hand
        mine = i == me
        groups = tuple(
            GroupView(g.island, g.tucks, g.left, g.right, *group_counts(g, season))
            for g in seat.groups
        )
        pool = seat.pool
        seats.append(
            SeatView(
                len(hand.birds) + len(hand.islands),
                hand.birds if mine else None,
                hand.islands if mine else None,
                seat.pick is not None,
                seat.pick if mine else None,
                pool.drafted_birds,
                pool.drafted_islands,
                pool.aside,
                pool.received,
                groups,
                seat.done,
                seat.season_scores,
                sum(seat.season_scores),
            )
        )
    acting = to_act(state)  # empty exactly when the game is over (GAME.is_terminal)
    return View(
        me,
        len(state.seats),
        state.round,
        season,
        direction(season),
        state.phase,
        acting,
        tuple(seats),
        len(state.bird_deck),
        len(state.island_deck),
        state.boxed_birds,
        state.boxed_islands,
        state.gone,
        tuple(s.total for s in seats),
        not acting,
        None,
    )
