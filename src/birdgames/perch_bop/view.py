"""View and view(state, player): built from public fields plus the viewer's own secrets."""

from __future__ import annotations

from typing import ClassVar

import attrs

from birdgames.core import check_spectator_or_player
from birdgames.perch_bop.cards import BIRDHOUSE_FROM_ROUND, ZAP_ROUND
from birdgames.perch_bop.rules import to_act
from birdgames.perch_bop.state import (
    Activation,
    Arrival,
    Await,
    Birdfeeders,
    Creature,
    FinalScore,
    Location,
    Phase,
    Ponds,
    Promos,
    Sky,
    State,
)

# Views are dict classes (slots=False): a view then costs 17-30% fewer instructions than with
# slots (callgrind, Perch 4p, Peacock 3p, Rookery; Python 3.11), and bots build one a decision.


@attrs.frozen(slots=False)
class SeatView:
    """One player's side as the viewer sees it: the same facts as the View's per-seat tuples."""

    hand: tuple[int, ...]
    """Hands are open (ASSUMED; rules: "Recruit")."""
    score: int
    """The seat's score."""
    reached: int
    """When the score was reached (rules: "Upkeep")."""
    birdhouse: bool
    """An unused birdhouse, once in play (round 4 on)."""
    zap: bool
    """An unused lightning token, once in play (round 5)."""
    objective_kept: bool
    """Whether the seat has chosen (not what)."""
    objective: str | None
    """The kept objective: the viewer's own, everyone's once revealed."""

    @property
    def hand_size(self) -> int:
        """How many birds the seat holds in hand (`SeatLike`)."""
        return sum(self.hand)


@attrs.frozen(slots=False)
class Decision:
    """The choice asked beyond an ordinary Perch turn: a bird's fountain slot first, else the
    awaited ability, objective, Scarecrow or creature step."""

    awaiting: Await | None
    """None: the choice is the slot of `arrival`."""
    arrival: Arrival | None
    """The bird heading for the fountain, when its slot is asked."""


@attrs.frozen(slots=False)
class View:
    """What one player (or a spectator, player=None) sees at the table (rules: "Hidden
    information").
    """

    kind: ClassVar[str] = "perch_bop.view"

    player: int | None
    """The seat viewed; None for a spectator."""
    players: int
    """The player count."""
    expansions: frozenset[str]
    """The expansions in play."""
    round: int
    """The round, 1 to 5."""
    phase: Phase
    """Where the round stands."""
    awaiting: str
    """The decision the game waits for (an `Await` value), apart from fountain slots."""
    to_act: tuple[int, ...]
    """The seats that may act now."""
    turn_order: tuple[int, ...]
    """The seats in this round's turn order."""
    placed: bool
    """The current Perch turn's bird is placed."""
    bonus_used: bool
    """The current Perch turn's bonus is taken."""
    pending: tuple[int, ...]
    """Players still to answer the Rookery."""
    locations: tuple[Location, ...]
    """The board's Locations in board order (column, then row)."""
    supply: tuple[int, ...]
    """Birds left in each flock's supply, per colour."""
    bag: tuple[int, ...]
    """The bag's contents as a multiset; it has no visible order."""
    hands: tuple[tuple[int, ...], ...]
    """Hands are open (ASSUMED; rules: "Recruit")."""
    scores: tuple[int, ...]
    """Each seat's score."""
    reached: tuple[int, ...]
    """When each score was reached (rules: "Upkeep"), public on the score track."""
    birdhouses: tuple[bool, ...]
    """Unused birdhouse per player, once in play (round 4 on)."""
    zaps: tuple[bool, ...]
    """Unused lightning token per player, once in play (round 5)."""
    fountain: tuple[int | None, ...]
    """The colour in each fountain slot; None: empty."""
    plaza: tuple[int, ...]
    """Birds in the plaza, per colour."""
    arrivals: tuple[Arrival, ...]
    """Birds waiting for a fountain slot, oldest first."""
    creatures: tuple[Creature, ...]
    """The creatures in play, with controller and standee place."""
    activation: Activation | None
    """The creature activation under way (public)."""
    objectives_kept: tuple[bool, ...]
    """Who has chosen (not what)."""
    dealt: tuple[str, ...]
    """The viewer's own two dealt objectives."""
    objective: str | None
    """The viewer's own kept objective."""
    revealed: tuple[str | None, ...]
    """Everyone's kept objective, once the game is over."""
    final: tuple[FinalScore, ...]
    """Each seat's end-game breakdown, once the game is over."""
    birdfeeders: Birdfeeders | None
    """Seeds the Day: all public (rules: "Hidden information")."""
    sky: Sky | None
    """Points in the Sky: the cells under the Sun and Moon."""
    ponds: Ponds | None = None
    """Pond-emonium: the Ponds, their birds and the Bread, all public."""
    promos: frozenset[str] = frozenset()
    """The promos in play (rules: "Promos")."""
    promo_state: Promos | None = None
    """Their holder, the Golden Egg, the Yeti: all public."""
    # The common part of every game's View (birdgames.core.ViewLike), keyword-only so the
    # fields above keep their places.
    seats: tuple[SeatView, ...] = attrs.field(kw_only=True)
    """Each seat's side, in seat order (the per-seat tuples above, by seat)."""
    is_terminal: bool = attrs.field(kw_only=True)
    """Whether the game is over."""
    decision: Decision | None = attrs.field(kw_only=True)
    """None on an ordinary turn."""


def view(state: State, player: int | None) -> View:
    """Returns what `player` can see now; None is a spectator."""
    n = state.config.players
    who = check_spectator_or_player(player, n)
    seats = state.seats
    own = seats[who] if who is not None else None
    over = state.flow.phase is Phase.OVER
    flow = state.flow
    # §1.4, §3: the tokens stay aside until round 4 (birdhouse) and round 5 (lightning).
    houses_in = state.round >= BIRDHOUSE_FROM_ROUND
    zaps_in = state.round == ZAP_ROUND
    # One pass over the seats fills every per-seat column.
    hands: list[tuple[int, ...]] = []
    scores: list[int] = []
    reached: list[int] = []
    houses: list[bool] = []
    zaps: list[bool] = []
    kept: list[bool] = []
    sides: list[SeatView] = []
    for i, s in enumerate(seats):
        house = houses_in and s.birdhouse
        zap = zaps_in and s.zap
        has_objective = s.objective is not None
        hands.append(s.hand)
        scores.append(s.score)
        reached.append(s.reached)
        houses.append(house)
        zaps.append(zap)
        kept.append(has_objective)
        sides.append(
            SeatView(
                s.hand,
                s.score,
                s.reached,
                house,
                zap,
                has_objective,
                s.objective if over or i == who else None,
            )
        )
    return View(
        who,
        n,
        state.config.expansions,
        state.round,
        flow.phase,
        flow.awaiting.value,
        to_act(state),
        state.turn_order,
        flow.placed,
        flow.bonus_used,
        flow.pending,
        state.locations,
        state.supply,
        state.bag,
        tuple(hands),
        tuple(scores),
        tuple(reached),
        tuple(houses),
        tuple(zaps),
        state.fountain,
        state.plaza,
        state.arrivals,
        state.creatures,
        flow.activation,
        tuple(kept),
        own.dealt if own is not None else (),
        own.objective if own is not None else None,
        tuple([s.objective for s in seats]) if over else (),
        state.final,
        state.feeders,
        state.sky,
        state.ponds,
        state.config.promos,
        state.promos,
        seats=tuple(sides),
        is_terminal=over,
        decision=_decision(state),
    )


def _decision(state: State) -> Decision | None:
    if state.arrivals:
        return Decision(None, state.arrivals[0])
    if state.flow.awaiting in (Await.NOTHING, Await.TURN):
        return None
    return Decision(state.flow.awaiting, None)
