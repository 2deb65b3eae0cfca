"""Determinization: a full State consistent with everything one seat knows (for search bots).

Perch hides little: the objectives the other players were dealt and kept (P2), the bonus
tokens still set aside (§3), and the rng that draws from the bag. The driver's bookmark
(stage, cursor, awaited player) is not in the view but follows from it and, during a Perch
turn that sent birds to the fountain, from whose turn the visible events show.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from birdgames.core import BirdgamesError
from birdgames.perch_bop.cards import BIRDHOUSE_FROM_ROUND, TILE, ZAP_ROUND, Ability, Category
from birdgames.perch_bop.events import (
    BirdhouseBuilt,
    BirdMoved,
    BirdPlaced,
    BirdRemoved,
    CreatureActivated,
    CreatureMoved,
    EffectSkipped,
    Event,
    NestRemoved,
    PhaseStarted,
    TurnEnded,
)
from birdgames.perch_bop.geometry import geometry_for
from birdgames.perch_bop.scoring import leader, location_strengths
from birdgames.perch_bop.setup import eligible_objectives
from birdgames.perch_bop.state import (
    MIGRATION_ABILITIES,
    MIGRATION_ROOKERY,
    MIGRATION_TO_BAG,
    PERCH_TURNS,
    RECRUIT_DONE,
    RECRUIT_DRAW,
    UPKEEP_CONTROL,
    UPKEEP_LOCATIONS,
    UPKEEP_SCORE_LOCATIONS,
    Await,
    Config,
    Flow,
    Location,
    Phase,
    Seat,
    State,
)
from birdgames.perch_bop.view import View
from birdgames.rng import Rng, below, fork, shuffle

# Events only the player whose Perch turn it is causes (§2.3, §3, §6).
_TURN_EVENTS = (
    BirdPlaced,
    BirdhouseBuilt,
    NestRemoved,
    CreatureActivated,
    CreatureMoved,
    BirdMoved,
    EffectSkipped,
    TurnEnded,
    BirdRemoved,
)


def _tile_index(locations: Sequence[Location], ability: Ability) -> int:
    for i, loc in enumerate(locations):
        if TILE[loc.tile].ability is ability:
            return i
    raise BirdgamesError(f"the view waits on a {ability.value} tile the board does not have")


def _controller(view: View, ability: Ability) -> int:
    """Returns the seat controlling the tile with `ability` (the one its decision awaits)."""
    loc = view.locations[_tile_index(view.locations, ability)]
    who = leader(location_strengths(loc))
    if who is None or who >= view.players:
        raise BirdgamesError(f"nobody controls the {ability.value} tile the view waits on")
    return who


def _turn_player(view: View, history: Sequence[Event]) -> int:
    """Returns whose Perch turn the latest turn event of this phase belongs to."""
    for event in reversed(history):
        if isinstance(event, PhaseStarted):
            break
        if isinstance(event, _TURN_EVENTS) and event.player is not None:
            return event.player
    raise BirdgamesError("the history does not fit the view: no turn is under way")


def _creature_index(view: View, creature: str) -> int:
    for k, cr in enumerate(view.creatures):
        if cr.id == creature:
            return k
    raise BirdgamesError(f"the view awaits the {creature}, which is not in play")


def _flow(view: View, history: Sequence[Event]) -> Flow:
    """Returns the driver's bookmark at the decision the view shows (flow.run's stops)."""
    phase = Phase(view.phase)
    awaiting = Await(view.awaiting)
    pending = view.pending
    placed, bonus = view.placed, view.bonus_used
    stage, cursor, actor = 0, 0, -1  # 0: the phase's first stage
    match awaiting:
        case Await.NOTHING | Await.OBJECTIVE:
            if view.arrivals and phase is Phase.MIGRATION:  # §2.1 the Rookery's leader bird
                stage = MIGRATION_ABILITIES
                cursor = _tile_index(view.locations, Ability.ROOKERY) + 1
            elif view.arrivals and phase is Phase.UPKEEP:  # Power Lines during Upkeep
                stage = UPKEEP_LOCATIONS
                cursor = _tile_index(view.locations, Ability.POWER_LINES) + 1
            elif view.arrivals and phase is Phase.PERCH:  # a turn ended with a zap or effect
                ended = view.turn_order.index(_turn_player(view, history))
                stage, cursor = PERCH_TURNS, (ended + 1) % view.players
        case Await.EARLY_BIRD:
            stage, cursor = MIGRATION_ABILITIES, _tile_index(view.locations, Ability.EARLY_BIRD)
            actor = _controller(view, Ability.EARLY_BIRD)
        case Await.ROOKERY:
            stage, cursor = MIGRATION_ROOKERY, _tile_index(view.locations, Ability.ROOKERY)
            actor = pending[0]
        case Await.BIRDBATH:
            stage, actor = RECRUIT_DRAW, _controller(view, Ability.HAPPY_BIRDBATH)
        case Await.FEEDER:
            stage, actor = RECRUIT_DONE, _controller(view, Ability.FULL_BIRD_FEEDER)
        case Await.TURN | Await.CREATURE:
            if view.activation is not None:
                index = _creature_index(view, view.activation.creature)
                controller = view.creatures[index].controller
                actor = -1 if controller is None else controller
            elif view.arrivals:
                actor = _turn_player(view, history)
            else:
                actor = view.to_act[0]
            if actor not in view.turn_order:
                raise BirdgamesError("the history does not fit the view: whose turn is unclear")
            stage, cursor = PERCH_TURNS, view.turn_order.index(actor)
        case Await.GOLDEN_EGG | Await.EAGLE:
            # P8: before Migration (the Egg) or Upkeep's scoring (the Eagle), by the holder
            holder = view.promo_state.controller if view.promo_state is not None else None
            if holder is None:
                raise BirdgamesError("the view awaits a promo with nobody holding the promos")
            if awaiting is Await.GOLDEN_EGG:
                stage, cursor = MIGRATION_TO_BAG, 0
            else:
                stage, cursor = UPKEEP_SCORE_LOCATIONS, 1
            actor = holder
        case Await.SCARECROW:
            index = _creature_index(view, "scarecrow")
            controller = view.creatures[index].controller
            stage, cursor = UPKEEP_CONTROL, index + 1
            actor = -1 if controller is None else controller
    return Flow(phase, stage, cursor, awaiting, actor, pending, placed, bonus, view.activation)


def _config(view: View, config: Config | None) -> Config:
    """Returns the game's config without what it would tell of others' objectives."""
    if config is not None and config.players == view.players:
        return attrs.evolve(config, objective_deals=None)
    # A board of another mix than the standard one keeps its mix (max_actions counts creatures).
    counts = tuple(
        sum(1 for loc in view.locations if TILE[loc.tile].category is category)
        for category in (Category.TREE, Category.CREATURE, Category.SPECIAL)
    )
    standard = geometry_for(view.players).layout.mix
    tile_mix = None if counts == standard else (counts[0], counts[1], counts[2])
    return Config(view.players, view.expansions, view.promos, tile_mix=tile_mix)


def sample_state(
    view: View, history: Sequence[Event], seed: int, config: Config | None = None
) -> State:
    """Returns a State the seat of `view` cannot tell from the real one, hidden parts at random.

    Every objective the seat was not dealt and has not seen revealed is dealt uniformly at
    random (from `seed`) to the other players, each keeping one of its pair at random once
    the view shows they have chosen; bonus tokens still set aside are unused (nobody can use
    them before their round); the rng is fresh. `history` is the seat's visible events, as
    `sim` gives a policy: it tells whose turn it is while fountain choices interrupt one.
    `config` is the game's config if known (its fixed objective deals are not used); None
    means the standard rules for the view's players and expansions. Raises BirdgamesError
    when the history does not fit the view.
    """
    rng = Rng.from_seed(seed)
    config = _config(view, config)
    me = view.player
    over = view.phase is Phase.OVER
    revealed = view.revealed if over else (None,) * view.players
    known = {o for o in (*view.dealt, *revealed) if o is not None}
    unseen = [o for o in eligible_objectives(config) if o not in known]
    deck, deal_rng = shuffle(fork(rng, 1), unseen)
    pool = list(deck)
    seats: list[Seat] = []
    houses_aside = view.round < BIRDHOUSE_FROM_ROUND
    zaps_aside = view.round < ZAP_ROUND
    for q in range(view.players):
        if q == me:
            dealt, kept = view.dealt, view.objective
        else:
            shown = revealed[q]
            hidden = 1 if shown is not None else 2
            if len(pool) < hidden:
                raise BirdgamesError("the view shows more objectives than the game deals")
            drawn = [pool.pop() for _ in range(hidden)]
            if shown is not None:
                pair = [shown, *drawn]
                first, deal_rng = below(deal_rng, 2)
                dealt = (pair[first], pair[1 - first])
                kept = shown
            else:
                dealt = (drawn[0], drawn[1])
                kept = None
                if view.objectives_kept[q]:
                    which, deal_rng = below(deal_rng, 2)
                    kept = dealt[which]
        seats.append(
            Seat(
                view.hands[q],
                view.scores[q],
                view.reached[q],
                tuple(dealt),
                kept,
                True if houses_aside else view.birdhouses[q],
                True if zaps_aside else view.zaps[q],
            )
        )
    return State(
        config,
        fork(rng, 2),
        view.round,
        _flow(view, history),
        view.turn_order,
        view.locations,
        view.supply,
        view.bag,
        tuple(seats),
        view.fountain,
        view.plaza,
        view.arrivals,
        view.creatures,
        max(view.reached, default=0),  # U2: the latest score change set the tick
        view.final,
        feeders=view.birdfeeders,
        sky=view.sky,
        ponds=view.ponds,
        promos=view.promo_state,
    )
