"""What one player (or a spectator) sees: built from allowed fields only."""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from birdgames.core import check_spectator_or_player
from birdgames.rookery.cards import Habitat, Season
from birdgames.rookery.rules import to_act
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
    ZoneState,
)

# Views are dict classes (slots=False): a view then costs 17-30% fewer instructions than with
# slots (callgrind, Perch 4p, Peacock 3p, Rookery; Python 3.11), and bots build one a decision.


@attrs.frozen(slots=False)
class PredatorView:
    """A predator as the viewer sees it: `card` is None for another's face-down card."""

    uid: int
    """The card's id in play."""
    owner: int
    """The seat that played it."""
    card: str | None
    """The predator's catalog id; None for another's face-down card."""
    face_up: bool
    """Whether it is face up."""
    damage: int
    """Damage marked on it."""
    hunts: int
    """Hunts this turn (rules: "R6 Predators, hunting, mobbing")."""
    readied: bool
    """Whether a ready ability let it hunt again this turn."""


@attrs.frozen(slots=False)
class ZoneView:
    """A zone: habitat, every bird's state, predators, flip pile, current controller."""

    zone: Zone
    """Which zone."""
    habitat: Habitat | None
    """The zone's habitat; None only during the draft."""
    birds: tuple[Bird, ...]
    """Its birds, in entry order, every state shown."""
    predators: tuple[PredatorView, ...]
    """Its predators, in entry order."""
    pile: tuple[PileCard, ...]
    """Its flip pile of habitat cards, oldest first."""
    controller: int | None
    """The seat that controls it now; None: nobody."""


@attrs.frozen(slots=False)
class SeatView:
    """One player's public side: sizes, discard pile, Song pool, Prizes."""

    hand_size: int
    """Cards in the seat's hand."""
    deck_size: int
    """Cards in the seat's deck."""
    discard: tuple[str, ...]
    """The seat's discard pile, oldest first (public)."""
    song: int
    """The seat's Song pool."""
    prizes: int
    """The seat's Prizes."""

    @property
    def score(self) -> int:
        """The seat's score: its Prizes (R7.6; `SeatLike`)."""
        return self.prizes


@attrs.frozen(slots=False)
class View:
    """A snapshot of what `player` may know (None: a spectator)."""

    kind: ClassVar[str] = "rookery.view"

    player: int | None
    """The seat viewed; None for a spectator."""
    players: int
    """The player count."""
    phase: Phase
    """The habitat draft, play, or over."""
    first_player: int
    """The seat that took the first turn."""
    active: int
    """The seat whose turn it is."""
    to_act: tuple[int, ...]
    """The seats that may act now: the one answering a pending decision, else the active one."""
    turn_number: int
    """Turns begun so far, 1 the first."""
    hand: tuple[str, ...]
    """The viewer's own hand; empty for a spectator."""
    seats: tuple[SeatView, SeatView]
    """Each seat's public side, in seat order."""
    zones: tuple[ZoneView, ZoneView, ZoneView]
    """The three zones, in `Zone` order."""
    season: Season
    """The season now on the wheel."""
    turns_left: int
    """Turns left in this season."""
    turns_played: int
    """Turns played in this season."""
    checkpoints: int
    """Checkpoints held so far."""
    sudden_death: int
    """Sudden-death checkpoints held (rules: "R7 Seasons, checkpoints, Prizes, winning")."""
    turn: TurnState
    """The active player's per-turn counters."""
    pending: tuple[Pending, ...]
    """The pending decisions; the first is the decision now."""
    next_uid: int
    """The next id a card entering play gets (public: ids reveal nothing)."""
    winners: tuple[int, ...]
    """The winning seats once the game is over; empty before."""
    scores: tuple[int, ...]
    """Each seat's Prizes (rules: "R7 Seasons, checkpoints, Prizes, winning")."""
    is_terminal: bool
    """Whether the game is over."""
    decision: Pending | None
    """The front pending decision: to_act answers it first."""


# Deprecated alias of SeatView, kept for one release.
PlayerView = SeatView


_OVER: Final = Phase.OVER


def _zone_view(zi: int, zone: ZoneState, controller: int | None, viewer: int | None) -> ZoneView:
    # R6.3 a face-down predator's card only for its owner
    predators = (
        tuple(
            [
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
            ]
        )
        if zone.predators
        else ()
    )
    return ZoneView(ZONES[zi], zone.habitat, zone.birds, predators, zone.pile, controller)


def view(state: State, player: int | None) -> View:
    """Returns what `player` can see now; a bad player raises InvalidConfigError."""
    viewer = check_spectator_or_player(player, 2)
    held = controllers(state.zones)
    z = state.zones
    zones = (
        _zone_view(0, z[0], held[0], viewer),
        _zone_view(1, z[1], held[1], viewer),
        _zone_view(2, z[2], held[2], viewer),
    )
    p0, p1 = state.seats
    sides = (
        SeatView(len(p0.hand), len(p0.deck), p0.discard, p0.song, p0.prizes),
        SeatView(len(p1.hand), len(p1.deck), p1.discard, p1.song, p1.prizes),
    )
    w = state.wheel
    over = state.phase is _OVER
    return View(
        viewer,
        2,
        state.phase,
        state.first_player,
        state.active,
        to_act(state),
        state.turn_number,
        state.seats[viewer].hand if viewer is not None else (),
        sides,
        zones,
        w.season,
        w.turns_left,
        w.turns_played,
        w.checkpoints,
        w.sudden_death,
        state.turn,
        state.pending,
        state.next_uid,
        state.winners if over else (),
        (sides[0].prizes, sides[1].prizes),
        over,
        state.pending[0] if state.pending else None,
    )
