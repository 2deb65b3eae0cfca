"""to_act, legal_actions, check and step: `check` is the single source of legality."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final, assert_never, cast

import attrs

from birdgames.core import check_player
from birdgames.offered import offer, offered, require_legal
from birdgames.perch_bop import creatures, flow, promos
from birdgames.perch_bop.actions import (
    ACTION_TYPES,
    Action,
    ActivateCreature,
    AddBird,
    BuildBirdhouse,
    ChooseBird,
    ChooseDestination,
    ChooseFountainBird,
    ChooseSlot,
    Decline,
    EndTurn,
    FeedBirds,
    KeepObjective,
    MoveCreature,
    MoveGoldenEgg,
    MoveYeti,
    OrderTie,
    Place,
    PlaceScarecrow,
    ReturnBird,
    SkipEffect,
    SwapBirds,
    UseEffect,
    Zap,
    ZapNest,
    colour_name,
)
from birdgames.perch_bop.build import turn_successor
from birdgames.perch_bop.cards import (
    BIRDFEEDER_POINTS,
    BIRDHOUSE_FROM_ROUND,
    CREATURE,
    ZAP_ROUND,
    Effect,
)
from birdgames.perch_bop.events import (
    BirdhouseBuilt,
    BirdPlaced,
    BirdsFed,
    BirdsSwapped,
    BirdsToBag,
    Event,
    GoldenEggMoved,
    NestRemoved,
    ObjectiveKept,
    TieOrdered,
    TurnEnded,
    YetiMoved,
)
from birdgames.perch_bop.geometry import Geometry, geometry_for
from birdgames.perch_bop.state import (
    Await,
    Birdfeeders,
    Creature,
    Flow,
    Location,
    Phase,
    Pond,
    Ponds,
    Seat,
    Spot,
    State,
    TieOrder,
    Where,
)
from birdgames.perch_bop.thawed import WCreature, WLoc, WSeat, with_ponds
from birdgames.perch_bop.work import Work

_NOTHING: Final = Await.NOTHING
_OBJECTIVE: Final = Await.OBJECTIVE
_TURN: Final = Await.TURN
_PERCH: Final = Phase.PERCH

# --- who acts -------------------------------------------------------------------------------


def to_act(state: State) -> tuple[int, ...]:
    """Returns the players with a decision now (empty iff the game is over)."""
    if state.arrivals:
        return (state.arrivals[0].chooser,)
    awaiting = state.flow.awaiting
    if awaiting is _NOTHING:
        return ()
    if awaiting is _OBJECTIVE:
        return tuple(p for p, s in enumerate(state.seats) if s.objective is None)
    return (state.flow.actor,)


def _location_index(state: State, tile: object) -> int | None:
    for i, loc in enumerate(state.locations):
        if loc.tile == tile:
            return i
    return None


def _bonus_tokens(round_: int, birdhouse: bool, zap: bool) -> tuple[bool, bool]:
    """Returns whether the birdhouse and the lightning token may be used this round (§3, U17)."""
    return round_ >= BIRDHOUSE_FROM_ROUND and birdhouse, round_ == ZAP_ROUND and zap


# --- legal actions --------------------------------------------------------------------------


def legal_actions(state: State, player: int) -> tuple[Action, ...]:
    """Returns every legal action of `player` now, in a fixed order."""
    acts = _legal_actions(state, player)
    offer(state, acts)
    return acts


def _legal_actions(state: State, player: int) -> tuple[Action, ...]:
    flow_ = state.flow
    # Most decisions are the turn player's: a shortcut past the seat check and the match.
    turn = flow_.awaiting is _TURN and not state.arrivals
    if turn and type(player) is int and player == flow_.actor:
        return _turn_actions(state, player)
    check_player(player, state.config.players)
    if player not in to_act(state):
        return ()
    if state.arrivals:
        return tuple([_choose_slot(player, s) for s in _free_slots(state)])
    seat = state.seats[player]
    match state.flow.awaiting:
        case Await.OBJECTIVE:
            return tuple(KeepObjective(player, o) for o in sorted(set(seat.dealt)))
        case Await.EARLY_BIRD | Await.ROOKERY:
            return (_add_bird(player), _decline(player))
        case Await.BIRDBATH:
            return tuple([_return_bird(player, c) for c, k in enumerate(seat.hand) if k])
        case Await.FEEDER:
            swaps: list[Action] = [
                SwapBirds(player, c, q, d)
                for c, k in enumerate(seat.hand)
                if k
                for q, other in enumerate(state.seats)
                if q != player
                for d, m in enumerate(other.hand)
                if m and d != c  # a same-colour swap changes nothing: it equals declining
            ]
            swaps.append(_decline(player))
            return tuple(swaps)
        case Await.SCARECROW:
            return tuple(PlaceScarecrow(player, k) for k in _scarecrow_options(state))
        case Await.TURN:
            return _turn_actions(state, player)
        case Await.CREATURE:
            return creatures.legal(state, player)
        case Await.GOLDEN_EGG:
            egg = state.promos.egg if state.promos is not None else None
            cells = promos.egg_options(state.locations, egg)
            return tuple(MoveGoldenEgg(player, state.locations[i].tile) for i in cells)
        case Await.EAGLE:
            orders: list[Action] = [
                OrderTie(player, _spot_name(state, t.place), t.order) for t in _tie_orders(state)
            ]
            orders.append(_decline(player))
            return tuple(orders)
        case Await.NOTHING:
            return ()
        case _:
            assert_never(state.flow.awaiting)


def _turn_actions(state: State, player: int) -> tuple[Action, ...]:
    flow_ = state.flow
    if flow_.placed:
        if flow_.bonus_used:
            return ()
        # The placement's step offered the bonus actions left in this very state
        # (birdgames.offered); empty if another seat asked since: only the actor has any.
        found = offered(state)
        if found:
            return cast("tuple[Action, ...]", found)
        bonus = _bonus_actions(state, player, state.seats[player], state.locations)
        bonus.append(_end_turn(player))
        return tuple(bonus)
    seat = state.seats[player]
    result: list[Action] = []
    optional = state.config.optional_nests
    locs = state.locations
    for c, k in enumerate(seat.hand):
        if not k:
            continue
        pairs = _PLACES.get((player, c)) or _PLACES.setdefault((player, c), {})
        for loc in locs:
            if loc.removed or loc.housed[c]:
                continue
            tile = loc.tile
            nest, plain = pairs.get(tile) or pairs.setdefault(tile, _place_pair(player, c, tile))
            if loc.birds[c] or loc.free_nests <= 0:
                result.append(plain)
            elif optional:  # §2.3 a new stack takes a free nest, or may leave it
                result.append(nest)
                result.append(plain)
            else:  # §2.3 a new stack takes a free nest
                result.append(nest)
    if not flow_.bonus_used:
        result += _bonus_actions(state, player, seat, locs)
    return tuple(result)


def _bonus_actions(
    src: State | Work, player: int, seat: Seat | WSeat, locs: Sequence[Location | WLoc]
) -> list[Action]:
    """Returns the bonus actions `player` may take now, in order: birdhouse builds and zaps
    (§3, P5), Feed the Birds (P5), creature activations (§3), Yeti moves (P8).

    Reads a State or a working copy alike, with `locs` for the Locations: the placement's
    step lists them once, on the Locations after it, and offers them for the next state.
    """
    result: list[Action] = []
    build, zap = _bonus_tokens(src.round, seat.birdhouse, seat.zap)
    if build or zap:
        _token_actions(src, locs, player, build, zap, result)
    ponds = src.ponds
    if ponds is not None and ponds.bread[player] > 0:
        yeti = src.promos.yeti if src.promos is not None else None
        _feeds(player, geometry_for(src.config.players), ponds, locs, yeti, result)
    crs: Sequence[Creature | WCreature] = (
        src.peek_creatures() if isinstance(src, Work) else src.creatures
    )
    mine = [cr for cr in crs if cr.controller == player and not cr.used]
    if mine:  # §3 a creature with something to do (U8), in catalog order
        g = creatures.work_ground(src) if isinstance(src, Work) else creatures.ground(src, locs)
        result += [_activate_action(player, cr.id) for cr in mine if creatures.can_activate(g, cr)]
    p = src.promos
    if p is not None and p.controller == player and not p.yeti_used and p.yeti is not None:
        result += [
            MoveYeti(player, locs[i].tile)
            for i in promos.yeti_options(src.config.players, locs, p.yeti)
        ]
    return result


def _listed_bonus(state: State) -> tuple[Action, ...] | None:
    """Returns the bonus actions the turn's listing offered in this state, before its
    placement (what follows the Places), or None if no listing was offered."""
    listed = offered(state)
    if not listed:  # not listed, or only asked for another seat's (none)
        return None
    k = len(listed)
    while k and type(listed[k - 1]) is not Place:
        k -= 1
    return cast("tuple[Action, ...]", listed[k:])


# Per seat and colour, by tile: the Place with a nest and the one without, each made once
# (actions are values): a turn's listing reads them without building a key of the board.
# Bounded by the catalog: seats x colours x tiles.
_PLACES: Final[dict[tuple[int, int], dict[str, tuple[Place, Place]]]] = {}


def _place_pair(player: int, colour: int, tile: str) -> tuple[Place, Place]:
    """Returns the Place with a nest and the one without on one stack (kept in _PLACES)."""
    return Place(player, colour, tile, True), Place(player, colour, tile, False)


def _token_actions(
    src: State | Work,
    locs: Sequence[Location | WLoc],
    player: int,
    build: bool,
    zap: bool,
    result: list[Action],
) -> None:
    """Appends the birdhouse builds (§3), then the zaps: of a bird or a free nest on each
    Location in board order, then of a Pond bird (P5)."""
    builds: list[Action] = []
    zaps: list[Action] = []
    zap_nests = zap and src.config.zap_nests
    colours = src.config.colours
    rows = _STACKS.get((player, colours)) or _STACKS.setdefault((player, colours), {})
    for loc in locs:
        if loc.removed:
            continue
        tile, housed = loc.tile, loc.housed
        row = rows.get(tile) or _stack_row(rows, player, tile, colours)
        for c, b in enumerate(loc.birds):
            if b and not housed[c]:  # §3 a birdhouse closes its stack to both
                if build:
                    builds.append(row[c][0])
                if zap:
                    zaps.append(row[c][1])
        if zap_nests and loc.free_nests > 0:
            zaps.append(ZapNest(player, tile))
    result += builds
    result += zaps
    if zap and src.ponds is not None:
        for pond in src.ponds.ponds:
            # P5: a zap may hit a Pond bird
            row = rows.get(pond.tile) or _stack_row(rows, player, pond.tile, colours)
            result += [row[c][1] for c, k in enumerate(pond.birds) if k]


# Per seat and number of colours, by Location or Pond tile: each colour's birdhouse build and
# zap, made once (actions are values). Bounded by the catalog: seats x colour counts x tiles.
_STACKS: Final[dict[tuple[int, int], dict[str, tuple[tuple[BuildBirdhouse, Zap], ...]]]] = {}


def _stack_row(
    rows: dict[str, tuple[tuple[BuildBirdhouse, Zap], ...]], player: int, tile: str, colours: int
) -> tuple[tuple[BuildBirdhouse, Zap], ...]:
    """Returns (and keeps in `rows`) each colour's birdhouse build and zap on one tile."""
    made = tuple((BuildBirdhouse(player, tile, c), Zap(player, tile, c)) for c in range(colours))
    return rows.setdefault(tile, made)


# Decisions made once per distinct value (actions are values), as _end_turn and the rest.
_choose_slot: Final = lru_cache(maxsize=1024)(ChooseSlot)
_add_bird: Final = lru_cache(maxsize=16)(AddBird)
_decline: Final = lru_cache(maxsize=16)(Decline)
_return_bird: Final = lru_cache(maxsize=256)(ReturnBird)


@lru_cache(maxsize=16)
def _end_turn(player: int) -> EndTurn:
    """Returns a player's EndTurn, made once: the last of every open turn's options."""
    return EndTurn(player)


@lru_cache(maxsize=1024)
def _activate_action(player: int, creature: str) -> ActivateCreature:
    """Returns one creature activation, made once."""
    return ActivateCreature(player, creature)


@lru_cache(maxsize=4096)
def _feed_action(player: int, pond: str, tile: str, colour: int) -> FeedBirds:
    """Returns one Feed the Birds action, made once."""
    return FeedBirds(player, pond, tile, colour)


def _feeds(
    player: int,
    geo: Geometry,
    ponds: Ponds,
    locs: Sequence[Location | WLoc],
    yeti: int | None,
    result: list[Action],
) -> None:
    """Appends every Feed the Birds the player may take, Bread aside (P5): a bird beside a
    Pond, on a stack with no birdhouse, by Pond, then Location, then colour."""
    intersections = geo.intersections
    for pond in ponds.ponds:
        for i in intersections[pond.intersection]:
            loc = locs[i]
            if loc.removed or i == yeti:  # P8: the Yeti's birds stay put
                continue
            housed = loc.housed
            for c, b in enumerate(loc.birds):
                if b and not housed[c]:
                    result.append(_feed_action(player, pond.tile, loc.tile, c))


def _yeti_moves(state: State, player: int) -> list[int]:
    """Returns where `player` may move the Yeti as the turn's bonus action (P8), or []."""
    p = state.promos
    if p is None or p.controller != player or p.yeti_used or p.yeti is None:
        return []
    return promos.yeti_options(state.config.players, state.locations, p.yeti)


def _tie_orders(state: State) -> list[TieOrder]:
    ponds = state.ponds.ponds if state.ponds is not None else ()
    return promos.tie_orders(state.config.players, state.locations, ponds)


def _spot_name(state: State, spot: Spot) -> str:
    if spot.where is Where.POND:
        assert state.ponds is not None
        return state.ponds.ponds[spot.index].tile
    return state.locations[spot.index].tile


def _free_slots(state: State) -> list[int]:
    return flow.free_slots(state.config.players, state.fountain)


def _scarecrow_options(state: State) -> list[int]:
    return flow.scarecrow_options(
        state.config.players, state.locations, state.creatures, state.ponds
    )


# --- check ----------------------------------------------------------------------------------


_EXPECTED = {
    Await.OBJECTIVE: "keep one of your two objectives",
    Await.EARLY_BIRD: "answer the Early Bird (add a bird or decline)",
    Await.ROOKERY: "answer the Rookery (add a bird or decline)",
    Await.BIRDBATH: "return one of the three birds you drew to the bag",
    Await.FEEDER: "swap birds with the Full Bird Feeder or decline",
    Await.SCARECROW: "place the Scarecrow on an intersection",
    Await.TURN: "take your Perch turn",
    Await.CREATURE: "go on with the creature you activated",
    Await.GOLDEN_EGG: "move the Golden Egg (MoveGoldenEgg)",
    Await.EAGLE: "order a tie with the Eagle of Justice (OrderTie) or decline",
}


def check(state: State, action: object) -> str | None:
    """Returns None if the action is legal now, else the reason."""
    problem = ACTION_TYPES.problem(action)  # every field exactly typed before a rule reads it
    if problem is not None:
        return problem
    act: Action = action  # type: ignore[assignment]
    player = act.player
    n = state.config.players
    if type(player) is not int or not 0 <= player < n:
        return f"player must be a seat from 0 to {n - 1}, not {player!r}"
    if state.flow.phase is Phase.OVER:
        return "the game is over"
    actors = to_act(state)
    if player not in actors:
        who = ", ".join(f"p{p}" for p in actors)
        return f"it is not p{player}'s decision; waiting for {who}"
    if state.arrivals:
        arrival = state.arrivals[0]
        if not isinstance(act, ChooseSlot):
            return (
                f"p{player} must first choose a fountain slot for the "
                f"{colour_name(arrival.colour)} bird"
            )
        free = _free_slots(state)
        if type(act.slot) is not int or act.slot not in free:
            return f"fountain slot {act.slot} is not free and supported; free: {free}"
        return None
    awaiting = state.flow.awaiting
    seat = state.seats[player]
    match act:
        case KeepObjective():
            if awaiting is not Await.OBJECTIVE:
                return f"objectives are already chosen; now {_EXPECTED[awaiting]}"
            if type(act.objective) is not str or act.objective not in seat.dealt:
                return f"{act.objective!r} is not one of the objectives dealt to p{player}"
            return None
        case AddBird():
            if awaiting not in (Await.EARLY_BIRD, Await.ROOKERY):
                return f"no ability lets p{player} add a bird now; {_wanted(awaiting)}"
            if state.supply[player] <= 0:
                return f"p{player} has no bird left in their supply"
            return None
        case Decline():
            if awaiting not in (Await.EARLY_BIRD, Await.ROOKERY, Await.FEEDER, Await.EAGLE):
                return f"there is nothing to decline now; {_wanted(awaiting)}"
            return None
        case ReturnBird():
            if awaiting is not Await.BIRDBATH:
                return f"no Happy Birdbath return is due; {_wanted(awaiting)}"
            return _hand_reason(state, player, act.colour)
        case SwapBirds():
            if awaiting is not Await.FEEDER:
                return f"no Full Bird Feeder swap is due; {_wanted(awaiting)}"
            reason = _hand_reason(state, player, act.colour)
            if reason is not None:
                return reason
            if type(act.target) is not int or not 0 <= act.target < n or act.target == player:
                return f"the swap needs another player's seat, not {act.target!r}"
            reason = _hand_reason(state, act.target, act.target_colour)
            if reason is None and act.target_colour == act.colour:
                name = colour_name(act.colour)
                return f"swapping a {name} bird for a {name} bird changes nothing; Decline instead"
            return reason
        case PlaceScarecrow():
            if awaiting is not Await.SCARECROW:
                return f"the Scarecrow is not to be placed now; {_wanted(awaiting)}"
            options = _scarecrow_options(state)
            if type(act.intersection) is not int or act.intersection not in options:
                return f"intersection {act.intersection!r} is not available; choose from {options}"
            return None
        case ChooseSlot():
            return "no bird is waiting for a fountain slot"
        case MoveGoldenEgg():
            if awaiting is not Await.GOLDEN_EGG:
                return f"the Golden Egg moves only before Migration; {_wanted(awaiting)}"
            return _check_egg(state, act)
        case OrderTie():
            if awaiting is not Await.EAGLE:
                return f"the Eagle of Justice rules only as Upkeep begins; {_wanted(awaiting)}"
            return _check_order(state, act)
        case MoveYeti():
            return _outside_turn(state, "the Yeti moves in Perch turns") or _check_yeti(state, act)
        case FeedBirds():
            feeding = "the birds are fed in Perch turns"
            return _outside_turn(state, feeding) or _check_feed(state, act)
        case Place() | BuildBirdhouse() | Zap() | ZapNest() | EndTurn():
            return _outside_turn(state, "it is not a Perch turn") or _check_turn(state, act)
        case ActivateCreature():
            activating = "creatures are activated in Perch turns"
            return _outside_turn(state, activating) or _check_activate(state, act)
        case (
            MoveCreature()
            | UseEffect()
            | SkipEffect()
            | ChooseBird()
            | ChooseDestination()
            | ChooseFountainBird()
        ):
            if awaiting is not Await.CREATURE:
                return f"no creature activation is under way; {_wanted(awaiting)}"
            return creatures.check(state, act)
        case _:
            assert_never(act)


def _check_activate(state: State, act: ActivateCreature) -> str | None:
    player = act.player
    if state.flow.bonus_used:
        return f"p{player} has already taken a bonus action this turn"
    found = [cr for cr in state.creatures if cr.id == act.creature]
    if not found:
        return f"{act.creature!r} is not a creature in this game"
    cr = found[0]
    if cr.controller != player:
        return f"p{player} does not control the {cr.id}"
    if cr.used:
        return f"the {cr.id} has already been activated this round"
    if not creatures.can_activate(creatures.ground(state), cr):
        return _nothing_to_do(cr.id)
    return None


def _nothing_to_do(creature: str) -> str:
    """Says why a creature that cannot be activated has nothing to do (U8, P5)."""
    match CREATURE[creature].effect:
        case Effect.POND_PULL:
            return f"the {creature} has no bird beside its Pond to pull onto it"
        case Effect.POND_PUSH:
            return f"the {creature} has no bird on its Pond to move to a Location beside it"
        case _ if creatures.steps_of(creature) == 0:
            return f"the {creature} has no bird to remove at its intersection"
    return f"the {creature} has no legal move"
    return None


def _check_egg(state: State, act: MoveGoldenEgg) -> str | None:
    """P8: the Egg goes to a Location in play other than last round's."""
    i = _location_index(state, act.location)
    if i is None:
        return f"{act.location!r} is not a Location on this board (a Pond takes no Egg)"
    if state.locations[i].removed:
        return f"{state.locations[i].tile} has been removed from the game"
    if state.promos is not None and state.promos.egg == i:
        return f"the Golden Egg lay on {state.locations[i].tile} last round: it must move on"
    return None


def _check_order(state: State, act: OrderTie) -> str | None:
    """P8: one tied group at one Location or Pond, every colour of it once."""
    orders = _tie_orders(state)
    named = [t for t in orders if _spot_name(state, t.place) == act.place]
    if not named:
        return f"there is no tie to order on {act.place!r}"
    if any(t.order == act.order for t in named):
        return None
    groups = sorted({tuple(sorted(t.order)) for t in named})
    shown = "; ".join(", ".join(colour_name(c) for c in g) for g in groups)
    return f"on {act.place} the Eagle may order only a tied group, each colour once: {shown}"


def _check_yeti(state: State, act: MoveYeti) -> str | None:
    """P8: the Yeti moves to an adjacent Location as the turn's bonus action, once a round."""
    player = act.player
    p = state.promos
    if p is None or p.yeti is None:
        return "the Yeti is not in this game"
    if p.controller != player:
        return f"p{player} does not hold the Yeti this round"
    if state.flow.bonus_used:
        return f"p{player} has already taken a bonus action this turn"
    if p.yeti_used:
        return "the Yeti has already moved this round"
    i = _location_index(state, act.location)
    if i is None or i not in _yeti_moves(state, player):
        here = state.locations[p.yeti].tile
        return f"the Yeti moves from {here} only to an adjacent Location in play"
    return None


def _outside_turn(state: State, what: str) -> str | None:
    """Returns why a turn action cannot be taken now (an activation to finish, or no Perch
    turn: `what` says so), or None in a Perch turn."""
    awaiting = state.flow.awaiting
    if awaiting is Await.CREATURE:
        return f"first finish the activation: {creatures.expected(state)}"
    if awaiting is not Await.TURN:
        return f"{what}; {_wanted(awaiting)}"
    return None


def _wanted(awaiting: Await) -> str:
    return f"the game waits for you to {_EXPECTED.get(awaiting, 'do nothing')}"


def _colour_ok(colour: object, state: State) -> bool:
    return type(colour) is int and 0 <= colour < state.config.colours


def _hand_reason(state: State, player: int, colour: int) -> str | None:
    """Returns why `player` holds no `colour` bird in hand, or None if they hold one."""
    if _colour_ok(colour, state) and state.seats[player].hand[colour] > 0:
        return None
    return f"p{player} has no {_cname(colour)} bird in hand"


def _cname(colour: object) -> str:
    return colour_name(colour) if type(colour) is int else repr(colour)


def _check_turn(state: State, act: Place | BuildBirdhouse | Zap | ZapNest | EndTurn) -> str | None:
    flow_ = state.flow
    player = act.player
    seat = state.seats[player]
    if isinstance(act, EndTurn):
        if not flow_.placed:
            return f"p{player} must place a bird before ending the turn"
        return None
    i = _location_index(state, act.location)
    if i is None:
        if isinstance(act, Zap) and _pond_index(state, act.location) is not None:
            return _check_pond_zap(state, act)
        return f"{act.location!r} is not a Location on this board"
    loc = state.locations[i]
    if loc.removed:
        return f"{loc.tile} has been removed from the game"
    if isinstance(act, Place):
        if flow_.placed:
            return f"p{player} has already placed a bird this turn"
        reason = _hand_reason(state, player, act.colour)
        if reason is not None:
            return reason
        c = act.colour
        if loc.housed[c]:
            return f"the {colour_name(c)} stack on {loc.tile} is closed by a birdhouse"
        return _check_nest(state, loc, c, act.nest)
    if flow_.bonus_used:
        return f"p{player} has already taken a bonus action this turn"
    if isinstance(act, BuildBirdhouse):
        if state.round < BIRDHOUSE_FROM_ROUND:
            return f"birdhouses come in round {BIRDHOUSE_FROM_ROUND}; this is round {state.round}"
        if not seat.birdhouse:
            return f"p{player} has already used their birdhouse"
        if not _colour_ok(act.colour, state) or loc.birds[act.colour] <= 0:
            return f"there is no {_cname(act.colour)} stack on {loc.tile}"
        if loc.housed[act.colour]:
            return f"the {colour_name(act.colour)} stack on {loc.tile} already has a birdhouse"
        return None
    if state.round != ZAP_ROUND:
        return f"zaps are only allowed in round {ZAP_ROUND}; this is round {state.round}"
    if not seat.zap:
        return f"p{player} has already used their lightning token"
    if isinstance(act, ZapNest):
        if not state.config.zap_nests:
            return "zapping a nest is not allowed in this game (zap_nests is off)"
        if loc.free_nests <= 0:
            return f"{loc.tile} has no free nest"
        return None
    if not _colour_ok(act.colour, state) or loc.birds[act.colour] <= 0:
        return f"there is no {_cname(act.colour)} bird on {loc.tile}"
    if loc.housed[act.colour]:
        return f"the {colour_name(act.colour)} stack on {loc.tile} is protected by a birdhouse"
    return None


def _check_feed(state: State, act: FeedBirds) -> str | None:
    """Feed the Birds (P5, P9): the turn's one bonus action, for a Bread."""
    player = act.player
    ponds = state.ponds
    if ponds is None:
        return "there are no Ponds: Pond-emonium is not in play"
    if state.flow.bonus_used:
        return f"p{player} has already taken a bonus action this turn"
    if ponds.bread[player] <= 0:
        return f"p{player} has no Bread left to feed the birds"
    pond = next((p for p in ponds.ponds if p.tile == act.pond), None)
    if pond is None:
        names = ", ".join(p.tile for p in ponds.ponds)
        return f"{act.pond!r} is not a Pond on this board; the Ponds are {names}"
    i = _location_index(state, act.location)
    if i is None:
        return f"{act.location!r} is not a Location on this board"
    loc = state.locations[i]
    if loc.removed:
        return f"{loc.tile} has been removed from the game"
    if i not in geometry_for(state.config.players).intersections[pond.intersection]:
        return f"{loc.tile} does not adjoin the Pond {pond.tile}"
    if state.promos is not None and state.promos.yeti == i:
        return f"the Yeti on {loc.tile} keeps its birds from flying to a Pond"
    if not _colour_ok(act.colour, state) or loc.birds[act.colour] <= 0:
        return f"there is no {_cname(act.colour)} bird on {loc.tile}"
    if loc.housed[act.colour]:
        return (
            f"the {colour_name(act.colour)} stack on {loc.tile} carries a birdhouse: "
            f"its birds cannot fly to a Pond"
        )
    return None


def _pond_index(state: State | Work, tile: object) -> int | None:
    ponds = state.ponds
    if ponds is None:
        return None
    return next((k for k, p in enumerate(ponds.ponds) if p.tile == tile), None)


def _check_pond_zap(state: State, act: Zap) -> str | None:
    """A zap may hit a Pond bird (P5), under the same round and token rules."""
    player = act.player
    if state.flow.bonus_used:
        return f"p{player} has already taken a bonus action this turn"
    if state.round != ZAP_ROUND:
        return f"zaps are only allowed in round {ZAP_ROUND}; this is round {state.round}"
    if not state.seats[player].zap:
        return f"p{player} has already used their lightning token"
    k = _pond_index(state, act.location)
    assert k is not None and state.ponds is not None
    pond = state.ponds.ponds[k]
    if not _colour_ok(act.colour, state) or pond.birds[act.colour] <= 0:
        return f"there is no {_cname(act.colour)} bird on the Pond {pond.tile}"
    return None


def _check_nest(state: State, loc: Location, colour: int, nest: object) -> str | None:
    if type(nest) is not bool:
        return f"nest must be true or false, not {nest!r}"
    new_stack = loc.birds[colour] == 0
    name = colour_name(colour)
    if nest:
        if not new_stack:
            return f"the {name} stack on {loc.tile} already exists; only a new stack takes a nest"
        if loc.free_nests <= 0:
            return f"{loc.tile} has no free nest for the new {name} stack"
        return None
    if new_stack and loc.free_nests > 0 and not state.config.optional_nests:
        return f"a new {name} stack on {loc.tile} must take a free nest ({loc.free_nests} free)"
    return None


# --- step -----------------------------------------------------------------------------------


def step(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Returns the next state and everything that happened."""
    require_legal(state, action, check)
    w = _worked(state, action, True)
    return _frozen(w), tuple(w.events)


def advance(state: State, action: Action) -> State:
    """Returns the state `step` returns, without building the events."""
    require_legal(state, action, check)
    # The commonest steps, built directly (tests/perf/test_fast_paths.py): half of a game's
    # actions are placements.
    kind = type(action)
    if kind is Place:
        return _placed(state, cast("Place", action))
    if kind is EndTurn:
        return _turn_over(state, state.locations, state.seats, state.tick, state.feeders)
    if kind is FeedBirds:
        return _fed(state, cast("FeedBirds", action))
    return _frozen(_worked(state, action, False))


def _worked(state: State, action: Action, log: bool) -> Work:
    w = Work(state, log)
    _resolve(w, action)
    flow.run(w)
    return w


def _placed(state: State, act: Place) -> State:
    """Returns the state after a legal placement, built without the working copy: what
    `_resolve` and the driver make of it (§2.3: the bird joins its stack, a new stack may take
    a nest; the turn stays open for a bonus action, or the next player with birds takes
    theirs; a Birdfeeder there scores at once, P3). At the Perch phase's end the driver goes on
    from there. tests/perf/test_fast_paths.py compares it with the working copy on every
    placement of random games."""
    i = _location_index(state, act.location)
    assert i is not None  # the placement is legal
    player, colour = act.player, act.colour
    locs = state.locations
    loc = locs[i]
    birds = list(loc.birds)
    birds[colour] += 1
    nested, free_nests = loc.nested, loc.free_nests
    if act.nest:
        marked = list(nested)
        marked[colour] = True
        nested, free_nests = tuple(marked), free_nests - 1
    board = list(locs)
    board[i] = Location(loc.tile, tuple(birds), nested, loc.housed, free_nests, loc.removed)
    after_locs = tuple(board)
    seat = state.seats[player]
    hand = list(seat.hand)
    hand[colour] -= 1
    seats = list(state.seats)
    seats[player] = Seat(
        tuple(hand),
        seat.score,
        seat.reached,
        seat.dealt,
        seat.objective,
        seat.birdhouse,
        seat.zap,
    )
    feeders, tick = state.feeders, state.tick
    if feeders is not None and feeders.on[i]:  # flow.feed
        feeders, scorer = flow.feeder_taken(feeders, i, colour, state.config.players)
        if scorer is not None and BIRDFEEDER_POINTS > 0:  # flow.add_score, P9
            tick += 1
            scored = seats[scorer]
            seats[scorer] = Seat(
                scored.hand,
                scored.score + BIRDFEEDER_POINTS,
                tick,
                scored.dealt,
                scored.objective,
                scored.birdhouse,
                scored.zap,
            )
    after_seats = tuple(seats)
    flow_ = state.flow
    bonus: list[Action] = []
    if not flow_.bonus_used:  # what _after_turn_part asks
        # Joining a stack adds no stack and takes no nest: the bonus actions listed before
        # the placement stand (birdhouses and zaps, Feed the Birds, creatures, the Yeti).
        before = _listed_bonus(state) if loc.birds[colour] else None
        bonus = _bonus_actions(state, player, seat, after_locs) if before is None else [*before]
    if bonus:
        bonus.append(_end_turn(player))
        # The next state's legal actions: offered in advance (birdgames.offered).
        cursor, listed = flow_.cursor, tuple(bonus)
        return _turn_state(
            state, cursor, player, True, after_locs, after_seats, tick, feeders, listed
        )
    return _turn_over(state, after_locs, after_seats, tick, feeders)


def _turn_over(
    state: State,
    locs: tuple[Location, ...],
    seats: tuple[Seat, ...],
    tick: int,
    feeders: Birdfeeders | None,
) -> State:
    """Returns the state after the current Perch turn ends on these Locations and seats:
    flow.end_turn, then the next player in turn order with a bird takes a turn (flow._perch);
    with no such player, the driver goes on from the turn's end into the Upkeep."""
    flow_ = state.flow
    n = state.config.players
    after_end = (flow_.cursor + 1) % n
    for k in range(n):
        cursor = (after_end + k) % n
        actor = state.turn_order[cursor]
        if sum(seats[actor].hand) > 0:
            return _turn_state(state, cursor, actor, False, locs, seats, tick, feeders)
    ended = _turn_state(state, after_end, -1, False, locs, seats, tick, feeders, None, _NOTHING)
    w = Work(ended, False)
    flow.run(w)
    return _frozen(w)


def _turn_state(
    state: State,
    cursor: int,
    actor: int,
    placed: bool,
    locs: tuple[Location, ...],
    seats: tuple[Seat, ...],
    tick: int,
    feeders: Birdfeeders | None,
    offered_next: tuple[Action, ...] | None = None,
    awaiting: Await = _TURN,
    bonus_used: bool = False,
) -> State:
    """Returns `state` in the Perch phase with this turn, Locations, seats, tick and
    Birdfeeders (and whether its bonus action is used), the rest as it was, and `offered_next`
    offered in advance."""
    flow_ = state.flow
    # A turn's bookmark differs from the last only in the cursor, the actor, the placement,
    # the bonus action and whether a turn is awaited: one Flow per such value, made once and
    # shared.
    shared = (
        flow_.phase is _PERCH
        and flow_.activation is None
        and not flow_.pending
        and (awaiting is _TURN or awaiting is _NOTHING)
    )
    key = (flow_.stage, cursor, actor, placed, bonus_used, awaiting is _TURN)
    flow_after = _TURN_FLOWS.get(key) if shared else None
    if flow_after is None:
        flow_after = Flow(
            flow_.phase,
            flow_.stage,
            cursor,
            awaiting,
            actor,
            flow_.pending,
            placed,
            bonus_used,
            flow_.activation,
        )
        if shared:
            _TURN_FLOWS[key] = flow_after
    return turn_successor(state, flow_after, locs, seats, tick, feeders, offered_next)


# The Perch phase's turn bookmarks by (stage, cursor, actor, placed, bonus used, a turn
# awaited), the phase's only values that change from turn to turn (no activation, no pending
# answers). Flows are values; bounded by the seats: a few hundred at most.
_TURN_FLOWS: Final[dict[tuple[int, int, int, bool, bool, bool], Flow]] = {}


def _fed(state: State, act: FeedBirds) -> State:
    """Returns the state after a legal Feed the Birds, built without the working copy: what
    `_feed` and the driver make of it (P5: a Bread spent, the bird off its stack, freeing the
    stack's nest if it was the last, onto the Pond's stack of its colour; the bonus action
    taken, the turn ends if the bird is placed, else waits for it).
    tests/perf/test_fast_paths.py compares it with the working copy on every Feed the Birds
    of random games."""
    ponds = state.ponds
    assert ponds is not None  # the action is legal
    i = _location_index(state, act.location)
    assert i is not None
    player, colour = act.player, act.colour
    locs = state.locations
    loc = locs[i]
    birds = list(loc.birds)
    birds[colour] -= 1
    nested, housed, free_nests = loc.nested, loc.housed, loc.free_nests
    if not birds[colour]:  # flow.take_bird: an emptied stack frees its nest and birdhouse
        if nested[colour]:
            freed = list(nested)
            freed[colour] = False
            nested, free_nests = tuple(freed), free_nests + 1
        if housed[colour]:
            unhoused = list(housed)
            unhoused[colour] = False
            housed = tuple(unhoused)
    board = list(locs)
    board[i] = Location(loc.tile, tuple(birds), nested, housed, free_nests, loc.removed)
    fed = with_ponds(state, _ponds_fed(ponds, act))
    after_locs, flow_ = tuple(board), state.flow
    if flow_.placed:  # _after_turn_part: the bonus action was the turn's last part
        return _turn_over(fed, after_locs, state.seats, state.tick, state.feeders)
    return _turn_state(
        fed,
        flow_.cursor,
        player,
        False,
        after_locs,
        state.seats,
        state.tick,
        state.feeders,
        bonus_used=True,
    )


def _frozen(w: Work) -> State:
    after = w.freeze()
    bonus = w.bonus_left
    if bonus is not None and w.awaiting is _TURN and not w.arrivals:
        # The placement left the turn open and nothing has moved since the bonus actions
        # were listed: they are this state's legal actions (tests/perf/test_fast_paths.py).
        offer(after, bonus)
    return after


def _resolve(w: Work, act: Action) -> None:
    player = act.player
    match act:  # the commonest decisions first (random play): each case is an isinstance test
        case Place():
            i = _index(w, act.location)
            loc = w.loc(i)
            w.seat(player).hand[act.colour] -= 1
            loc.birds[act.colour] += 1
            if act.nest:
                loc.free_nests -= 1
                loc.nested[act.colour] = True
            if w.log:
                w.events.append(BirdPlaced(player, act.colour, loc.tile, act.nest))
            flow.feed(w, i, act.colour)
            w.placed = True
            _after_turn_part(w, player)
        case FeedBirds():
            _feed(w, act)
            _after_turn_part(w, player)
        case EndTurn():
            if w.log:
                w.events.append(TurnEnded(player))
            flow.end_turn(w)
        case ActivateCreature():
            creatures.activate(w, act)
        case ChooseSlot():
            flow.fill_slot(w, act.slot)
        case ChooseBird():
            creatures.choose_bird(w, act)
        case MoveCreature():
            creatures.move(w, act)
        case KeepObjective():
            w.seat(player).objective = act.objective
            if w.log:
                w.events.append(ObjectiveKept(player, act.objective))
            w.resume()  # the driver waits again while someone has not chosen
        case BuildBirdhouse():
            i = _index(w, act.location)
            w.loc(i).housed[act.colour] = True
            w.seat(player).birdhouse = False
            if w.log:
                w.events.append(BirdhouseBuilt(player, act.colour, w.loc(i).tile))
            w.bonus_used = True
            _after_turn_part(w, player)
        case Zap():
            w.seat(player).zap = False
            w.bonus_used = True
            k = _pond_index(w, act.location)
            if k is not None:
                flow.pond_to_fountain(w, k, act.colour, player, "zap")
            else:
                flow.remove_to_fountain(w, _index(w, act.location), act.colour, player, "zap")
            _after_turn_part(w, player)
        case UseEffect():
            creatures.use(w, player)
        case SkipEffect():
            creatures.skip(w, player)
        case ChooseDestination():
            creatures.choose_destination(w, act)
        case AddBird():
            cause = "early_bird" if w.awaiting is Await.EARLY_BIRD else "rookery"
            flow.add_extra_bird(w, player, cause)
            _answered(w)
        case Decline():
            _answered(w)
        case MoveGoldenEgg():
            assert w.promos is not None
            w.promos = attrs.evolve(w.promos, egg=_index(w, act.location), egg_moved=True)
            if w.log:
                w.events.append(GoldenEggMoved(player, act.location))
            w.resume()
        case OrderTie():
            assert w.promos is not None
            ruling = next(
                t
                for t in flow.eagle_orders(w)
                if t.order == act.order and _work_spot_name(w, t.place) == act.place
            )
            w.promos = attrs.evolve(w.promos, eagle_used=True, ruling=ruling)
            if w.log:
                w.events.append(TieOrdered(player, act.place, act.order))
            w.resume()
        case MoveYeti():
            assert w.promos is not None and w.promos.yeti is not None
            start = w.frozen_locs[w.promos.yeti].tile
            w.promos = attrs.evolve(w.promos, yeti=_index(w, act.location), yeti_used=True)
            if w.log:
                w.events.append(YetiMoved(player, start, act.location))
            w.bonus_used = True
            _after_turn_part(w, player)
        case ReturnBird():
            w.seat(player).hand[act.colour] -= 1
            w.edit_bag()[act.colour] += 1
            if w.log:
                w.events.append(BirdsToBag(player, act.colour, 1, "happy_birdbath"))
            w.resume()
        case SwapBirds():
            seat, other = w.seat(player), w.seat(act.target)
            seat.hand[act.colour] -= 1
            other.hand[act.colour] += 1
            other.hand[act.target_colour] -= 1
            seat.hand[act.target_colour] += 1
            if w.log:
                w.events.append(BirdsSwapped(player, act.colour, act.target, act.target_colour))
            w.resume()
        case PlaceScarecrow():
            flow.place_scarecrow(w, player, act.intersection)
            w.resume()
        case ZapNest():
            i = _index(w, act.location)
            w.seat(player).zap = False
            w.loc(i).free_nests -= 1
            if w.log:
                w.events.append(NestRemoved(player, w.loc(i).tile))
            w.bonus_used = True
            _after_turn_part(w, player)
        case ChooseFountainBird():
            creatures.choose_fountain_bird(w, act)
        case _:
            assert_never(act)


def _feed(w: Work, act: FeedBirds) -> None:
    """Spends a Bread and moves the bird onto the Pond, joining its colour's stack (P5)."""
    ponds = w.ponds
    assert ponds is not None  # check() refuses Feed the Birds without Ponds
    player = act.player
    i = _index(w, act.location)
    flow.take_bird(w.loc(i), act.colour)  # the last bird of a stack frees its nest
    w.ponds = _ponds_fed(ponds, act)
    if w.log:
        left = w.ponds.bread[player]
        w.events.append(BirdsFed(player, act.colour, act.location, act.pond, left))
    w.bonus_used = True


def _ponds_fed(ponds: Ponds, act: FeedBirds) -> Ponds:
    """Returns the Ponds once a Feed the Birds has spent its Bread and put its bird on the
    Pond's stack of its colour (P5)."""
    k = next(k for k, p in enumerate(ponds.ponds) if p.tile == act.pond)
    pond = ponds.ponds[k]
    birds = list(pond.birds)
    birds[act.colour] += 1
    bread, spent = list(ponds.bread), list(ponds.spent)
    bread[act.player] -= 1
    spent[act.player] += 1
    moved = Pond(pond.tile, pond.intersection, tuple(birds), pond.leader)
    return Ponds((*ponds.ponds[:k], moved, *ponds.ponds[k + 1 :]), tuple(bread), tuple(spent))


def _index(w: Work, tile: str) -> int:
    for i, loc in enumerate(w.frozen_locs):
        if loc.tile == tile:
            return i
    raise AssertionError(tile)


def _work_spot_name(w: Work, spot: Spot) -> str:
    if spot.where is Where.POND:
        assert w.ponds is not None
        return w.ponds.ponds[spot.index].tile
    return w.frozen_locs[spot.index].tile


def _answered(w: Work) -> None:
    """Moves past an Early Bird, Rookery, Full Bird Feeder or Eagle answer."""
    if w.awaiting is Await.EAGLE:
        assert w.promos is not None
        w.promos = attrs.evolve(w.promos, eagle_used=True)  # P8: declined for this round
        w.resume()
        return
    if w.awaiting is Await.EARLY_BIRD:
        w.resume()
        w.cursor += 1
        return
    if w.awaiting is not Await.ROOKERY:
        w.resume()
        return
    w.pending = w.pending[1:]
    if w.pending:
        w.actor = w.pending[0]
    else:
        w.resume()


def _after_turn_part(w: Work, player: int) -> None:
    """Ends the turn once the bird is placed and no bonus action remains."""
    if not w.placed:
        return
    if w.bonus_used or not _bonus_left(w, player):
        flow.end_turn(w)  # nothing left to do: the turn ends without an EndTurn


def _bonus_left(w: Work, player: int) -> bool:
    """Whether `player` still has a bonus action; lists them for the next state's note."""
    bonus = _bonus_actions(w, player, w.peek_seat(player), w.board)
    if not bonus:
        return False
    bonus.append(_end_turn(player))
    w.bonus_left = tuple(bonus)
    return True
