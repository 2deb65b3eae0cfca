"""Whether a State can be real: the checks every loaded State passes (`codec.loads`).

Compiled in the mypyc build: the codec has proved every field's type before these run.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

import attrs

from birdgames.core import InvalidConfigError, RulesAnswers, stuck_problem
from birdgames.perch_bop import creatures, rules, setup
from birdgames.perch_bop.cards import (
    BIRDFEEDER_POINTS,
    BIRDS_PER_COLOUR,
    BREAD_FOR_PLAYERS,
    CREATURE,
    CREATURE_POINTS,
    EAGLE_OF_JUSTICE,
    GOLDEN_EGG_BONUS,
    GOLDEN_GOOSE,
    LARGEST_FLOCK_POINTS,
    LAYOUTS,
    MOON_VALUES,
    OBJECTIVE,
    POINTS_IN_THE_SKY,
    POND_EMONIUM,
    POND_TILE,
    ROUNDS,
    SEEDS_THE_DAY,
    SUN_VALUES,
    TILE,
    TILES_FOR_PLAYERS,
    YETI,
    Ability,
    Movement,
)
from birdgames.perch_bop.endgame import final_scores, winners_of
from birdgames.perch_bop.flow import creature_pond
from birdgames.perch_bop.geometry import geometry_for
from birdgames.perch_bop.promos import holder
from birdgames.perch_bop.setup import placement_problem
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
    UPKEEP_SKY,
    Activation,
    Await,
    Config,
    Phase,
    Spot,
    Stage,
    State,
    Where,
)

_BIRDBATH: Final = Await.BIRDBATH
_CREATURE: Final = Await.CREATURE
_EAGLE: Final = Await.EAGLE
_EARLY_BIRD: Final = Await.EARLY_BIRD
_FEEDER: Final = Await.FEEDER
_GOLDEN_EGG: Final = Await.GOLDEN_EGG
_NOTHING: Final = Await.NOTHING
_OBJECTIVE: Final = Await.OBJECTIVE
_ROOKERY: Final = Await.ROOKERY
_SCARECROW: Final = Await.SCARECROW
_TURN: Final = Await.TURN
_MIGRATION: Final = Phase.MIGRATION
_OBJECTIVES: Final = Phase.OBJECTIVES
_OVER: Final = Phase.OVER
_PERCH: Final = Phase.PERCH
_RECRUIT: Final = Phase.RECRUIT
_UPKEEP: Final = Phase.UPKEEP
_CELL: Final = Where.CELL
_INTERSECTION: Final = Where.INTERSECTION
_POND: Final = Where.POND


def invariant_violation(state: State) -> str | None:
    """Returns a broken invariant of a State (every bird in exactly one place), or None."""
    config = state.config
    try:
        setup.validate(config)
    except InvalidConfigError as exc:
        return str(exc)
    n, colours = config.players, config.colours
    size = TILES_FOR_PLAYERS[n]
    if len(state.locations) != size:
        return f"{n} players need {size} Locations, not {len(state.locations)}"
    for name, seq in (("supply", state.supply), ("bag", state.bag), ("plaza", state.plaza)):
        if len(seq) != colours or min(seq) < 0:
            return f"{name} must hold {colours} non-negative counts"
    if len(state.seats) != n or sorted(state.turn_order) != list(range(n)):
        return "seats or turn order do not match the player count"
    slots = geometry_for(n).layout.fountain
    if len(state.fountain) != len(slots):
        return f"the fountain has {len(slots)} slots, not {len(state.fountain)}"
    fountain = state.fountain
    if fountain.count(None) != len(fountain):  # an empty fountain needs no look
        for i, c in enumerate(fountain):
            if c is not None:
                if not 0 <= c < colours:
                    return f"fountain slot {i} holds an impossible bird"
                for s in slots[i].supports:  # a bird rests on the birds under it
                    if fountain[s] is None:
                        return f"fountain slot {i} holds an impossible bird"
    problem = _check_parts(state)
    if problem is not None:
        return problem
    for loc in state.locations:
        birds, nested, housed = loc.birds, loc.nested, loc.housed
        if len(birds) != colours or len(nested) != colours or len(housed) != colours:
            return f"{loc.tile} has the wrong number of colours"
        if min(birds) < 0 or loc.free_nests < 0:
            return f"{loc.tile} holds a negative count"
        # Only a Location with an empty stack and a nest or birdhouse needs a closer look.
        if 0 in birds and (True in nested or True in housed):
            for b, nest, house in zip(birds, nested, housed, strict=True):
                if (nest or house) and b == 0:
                    return f"{loc.tile}: an empty stack cannot hold a nest or birdhouse"
    problem = pond_problem(state) or bird_count_problem(state)
    if problem is not None:
        return problem
    if not 1 <= state.round <= ROUNDS:
        return f"round {state.round} is out of range"
    return (
        _flow_problem(state)
        or _creature_problem(state)
        or _feeder_problem(state)
        or _sky_problem(state)
        or _promo_problem(state)
        or _score_problem(state)
        # Last: the checks above keep the rules from reading impossible values.
        or progress_problem(state)
    )


def progress_problem(state: State) -> str | None:
    """`birdgames.core.stuck_problem` for a state that passed the checks above.

    A turn's decision (§2.3) has a legal action in plain sight, so nothing is listed: once the
    bird is placed the turn can end (a turn with its bonus action also taken is refused
    above), and before, a colour in hand can go to any Location in play whose stack of that
    colour has no birdhouse (a new stack takes a free nest or not, an old one grows). Every
    other decision asks the rules, but a creature decision: `_check_activation` listed its
    options already, once.
    """
    awaiting = state.flow.awaiting
    if not state.arrivals and (
        awaiting is _CREATURE or (awaiting is _TURN and _turn_action_in_sight(state))
    ):
        return None
    return stuck_problem(_BY_THE_RULES, state)


def _is_over(state: State) -> bool:
    return state.flow.phase is _OVER


def _winners(state: State) -> tuple[int, ...]:
    return winners_of(state) if state.flow.phase is _OVER else ()


# The questions `stuck_problem` asks, answered by the rules as the engine does (the engine's
# module imports this one).
_BY_THE_RULES: Final = RulesAnswers(rules.to_act, rules.legal_actions, _is_over, _winners)


def _turn_action_in_sight(state: State) -> bool:
    """Whether the turn player visibly has a legal action, fountain choices aside (see
    `progress_problem`); False means the rules must be asked."""
    flow = state.flow
    if flow.placed:
        return True
    hand = state.seats[flow.actor].hand
    for loc in state.locations:
        if not loc.removed:
            for k, housed in zip(hand, loc.housed, strict=True):
                if k and not housed:
                    return True
    return False


def _flow_problem(state: State) -> str | None:
    """The driver's bookmark is one `flow.run` can stop at: a step of its phase (§2)."""
    flow, n = state.flow, state.config.players
    phase, stage, cursor, awaiting = flow.phase, flow.stage, flow.cursor, flow.awaiting
    if not 0 <= stage <= _LAST_STAGE[phase]:
        return f"stage {stage} is no step of the {phase.value} phase"
    if not 0 <= cursor <= max(len(state.locations), len(state.creatures), n):
        return f"cursor {cursor} points past the board"
    if awaiting not in _AWAITED_IN[phase]:
        return f"the {phase.value} phase does not wait for {awaiting.value}"
    if (phase is _OBJECTIVES) != (awaiting is _OBJECTIVE) or (
        phase is _OBJECTIVES and (state.round != 1 or stage or cursor)
    ):
        return "objectives are kept before round 1 starts, and only then"
    if awaiting in (_NOTHING, _OBJECTIVE) and flow.actor != -1:
        return f"p{flow.actor} is awaited for no decision"
    if (awaiting is _ROOKERY) != bool(flow.pending):
        return "players still to answer the Rookery only while it waits for them"
    if flow.pending and (
        flow.actor != flow.pending[0]
        or list(flow.pending) != [p for p in state.turn_order if p in flow.pending]
    ):
        return "the Rookery's answers come in turn order"
    if (flow.placed or flow.bonus_used) and awaiting not in (_TURN, _CREATURE):
        return "a turn's bird or bonus action outside a turn"
    tile = TILE[state.locations[cursor].tile] if cursor < len(state.locations) else None
    rookery_stage = phase is _MIGRATION and stage == MIGRATION_ROOKERY
    if rookery_stage and (tile is None or tile.ability is not Ability.ROOKERY):
        # §2.1 the Rookery's second step sends a bird from the Location the cursor is on
        return "the migration cursor is not on the rookery tile"
    if awaiting is _EARLY_BIRD or awaiting is _ROOKERY:
        ability = Ability.EARLY_BIRD if awaiting is _EARLY_BIRD else Ability.ROOKERY
        if (
            stage != (MIGRATION_ABILITIES if awaiting is _EARLY_BIRD else MIGRATION_ROOKERY)
            or tile is None
            or (tile.ability is not ability)
        ):
            return f"the migration cursor is not on the {ability.value} tile"
    elif awaiting is _BIRDBATH or awaiting is _FEEDER:
        if stage != (RECRUIT_DRAW if awaiting is _BIRDBATH else RECRUIT_DONE) or cursor:
            return f"recruit waits for the {awaiting.value} at stage {stage}"
    elif awaiting is _TURN or awaiting is _CREATURE:
        # §2.3 turns go round in turn order from the cursor; §3 an activation is the
        # bonus action of the turn under way
        if stage != PERCH_TURNS or cursor >= n or flow.actor != state.turn_order[cursor]:
            return f"the turn is not p{flow.actor}'s: turn order {state.turn_order}"
        if awaiting is _TURN and flow.placed and flow.bonus_used:
            return "a turn with its bird placed and its bonus action taken is over"
        # §2.3 a player with no birds left is skipped, and nothing refills a hand mid-turn
        if not flow.placed and not any(state.seats[flow.actor].hand):
            return f"p{flow.actor} has a bird still to place but none in hand"
    elif awaiting is _SCARECROW:
        scarecrow = state.creatures[cursor - 1] if 0 < cursor <= len(state.creatures) else None
        if (
            stage != UPKEEP_CONTROL
            or scarecrow is None
            or scarecrow.id != "scarecrow"
            or (scarecrow.controller != flow.actor)
        ):
            return "the Scarecrow is placed by its new controller as control is assigned"
    elif awaiting is _GOLDEN_EGG:
        # P8: before Migration, by the promos' holder, once a round
        promos = state.promos
        if (
            stage != MIGRATION_TO_BAG
            or cursor
            or promos is None
            or promos.egg_moved
            or promos.controller != flow.actor
        ):
            return "the Golden Egg is moved before Migration by the promos' holder"
    elif awaiting is _EAGLE:
        # P8: as Upkeep begins, before its scoring, by the promos' holder, once a round
        promos = state.promos
        if (
            stage != UPKEEP_SCORE_LOCATIONS
            or cursor != 1
            or promos is None
            or promos.eagle_used
            or promos.controller != flow.actor
        ):
            return "the Eagle of Justice rules as Upkeep begins, by the promos' holder"
    if phase is _UPKEEP and stage == UPKEEP_SCORE_LOCATIONS and cursor > 1:
        return "the Upkeep's scoring has no such step"
    if phase is _OVER and (stage or cursor):
        return "a finished game has no step left"
    if (
        state.arrivals
        and awaiting not in (_NOTHING, _OBJECTIVE)
        and not (awaiting is _TURN and _turn_action_in_sight(state))
    ):
        # U5 fountain choices come first; the decision behind them must be one to take.
        settled = attrs.evolve(state, arrivals=())
        if not rules.legal_actions(settled, flow.actor):
            return f"p{flow.actor} awaits a {awaiting.value} decision with nothing to do"
    return None


def _creature_problem(state: State) -> str | None:
    """One creature per creature tile, in board order, then one per creature Pond (P5),
    each standing where it may (§5.2, U7)."""
    expected = tuple([c for loc in state.locations if (c := TILE[loc.tile].creature) is not None])
    ponds = state.ponds.ponds if state.ponds is not None else ()
    expected += tuple([c for p in ponds if (c := POND_TILE[p.tile].creature) is not None])
    if tuple([cr.id for cr in state.creatures]) != expected:
        return f"the creatures must be those of the board's tiles and Ponds: {expected}"
    for creature in state.creatures:
        if (
            creature.id != "scarecrow"
            and creature.controller is not None
            and (creature.position is None)
        ):
            return f"the {creature.id} has a controller but no standee out"
    return None


def bird_count_problem(state: State) -> str | None:
    """Every colour's 28 birds are somewhere: supply, bag, hands, board, Ponds, fountain,
    plaza or on the way to the fountain."""
    colours = state.config.colours
    # Every place's counts summed colour by colour (their lengths were checked before).
    places = [state.supply, state.bag, state.plaza]
    places += [s.hand for s in state.seats]
    places += [loc.birds for loc in state.locations]
    if state.ponds is not None:
        places += [pond.birds for pond in state.ponds.ponds]
    totals = list(map(sum, zip(*places, strict=True)))
    for f in state.fountain:
        if f is not None and 0 <= f < colours:
            totals[f] += 1
    for a in state.arrivals:
        if 0 <= a.colour < colours:
            totals[a.colour] += 1
    for c, total in enumerate(totals):
        if total != BIRDS_PER_COLOUR:
            return f"colour {c} has {total} birds, not {BIRDS_PER_COLOUR}"
    return None


# Pond placements repeat from state to state of a game: each is judged once (a small value key).
_placement_problem: Final = lru_cache(maxsize=64)(placement_problem)


def pond_problem(state: State) -> str | None:
    """Pond-emonium (P5): the Ponds lie on their own intersections, no two sharing two
    Locations, in intersection order; Bread held plus spent is what was dealt."""
    ponds, config = state.ponds, state.config
    if (ponds is not None) != (POND_EMONIUM in config.expansions):
        return "Ponds are in play exactly when Pond-emonium is"
    if ponds is None:
        return None
    n = config.players
    placed = tuple([(p.tile, p.intersection) for p in ponds.ponds])
    for t, k in placed:
        if type(t) is not str or type(k) is not int:
            return f"a Pond is a tile id on an intersection index, not {placed}"
    reason = _placement_problem(n, placed)
    if reason is not None:
        return reason
    if config.ponds is not None and sorted(config.ponds, key=lambda p: p[1]) != list(placed):
        return f"the Ponds must be those the Config fixes: {config.ponds}"
    intersections = [k for _, k in placed]
    if intersections != sorted(intersections):
        return "Ponds are kept in the order of their intersections (P9)"
    colours = config.colours
    for pond in ponds.ponds:
        if len(pond.birds) != colours or min(pond.birds) < 0:
            return f"Pond {pond.tile} needs a bird count per colour, not {pond.birds}"
        # The leader is noted at Pond scoring; a later zap may take its last bird there.
        if pond.leader is not None and not 0 <= pond.leader < colours:
            return f"Pond {pond.tile}'s leader {pond.leader} is no colour in this game"
    if len(ponds.bread) != n or len(ponds.spent) != n:
        return "Bread is counted per player"
    dealt = BREAD_FOR_PLAYERS[n]
    for p, (held, spent) in enumerate(zip(ponds.bread, ponds.spent, strict=True)):
        if held < 0 or spent < 0 or held + spent != dealt:
            return f"p{p} holds {held} Bread and spent {spent}, but was dealt {dealt}"
    return None


def _feeder_problem(state: State) -> str | None:
    """Seeds the Day (P3): every Birdfeeder set out is on the board, taken, discarded or
    removed, never on a removed Location; each taken one scored its taker 3."""
    feeders, config = state.feeders, state.config
    if (feeders is not None) != (SEEDS_THE_DAY in config.expansions):
        return "Birdfeeders are in play exactly when Seeds the Day is"
    if feeders is None:
        return None
    size = len(state.locations)
    if len(feeders.on) != size or len(feeders.taken) != config.players:
        return f"Birdfeeders need one flag per Location and a count per player, not {feeders}"
    if min(feeders.taken) < 0 or feeders.discarded < 0 or feeders.removed < 0:
        return "Birdfeeder counts cannot be negative"
    if config.dummy is None and feeders.discarded:
        return "only the dummy's birds discard Birdfeeders"
    on = feeders.on.count(True)
    accounted = on + sum(feeders.taken) + feeders.discarded + feeders.removed
    if accounted != size:
        return f"{accounted} Birdfeeders accounted for, but {size} were set out"
    removed = [loc.removed for loc in state.locations].count(True)
    if feeders.removed > removed:
        return f"{feeders.removed} Birdfeeders left with {removed} removed Locations"
    if on and removed:  # only then can a Birdfeeder lie on a removed Location
        for loc, lies in zip(state.locations, feeders.on, strict=True):
            if lies and loc.removed:
                return f"a Birdfeeder lies on the removed {loc.tile}"
    for p, (seat, taken) in enumerate(zip(state.seats, feeders.taken, strict=True)):
        if seat.score < BIRDFEEDER_POINTS * taken:
            return f"p{p} took {taken} Birdfeeders but has only {seat.score} points"
    return None


def _sky_problem(state: State) -> str | None:
    """Points in the Sky (P4): the Sun and Moon stand on distinct ring Locations, on a
    removed one only between its removal and their move (or for good after round 5)."""
    sky, config = state.sky, state.config
    if (sky is not None) != (POINTS_IN_THE_SKY in config.expansions):
        return "the Sun and Moon are in play exactly when Points in the Sky is"
    if sky is None:
        return None
    ring = geometry_for(config.players).edge
    if sky.sun not in ring or sky.moon not in ring:
        return f"the Sun and Moon must stand on the outer edge, not on cells {sky.sun}/{sky.moon}"
    if sky.sun == sky.moon:
        return "the Sun and Moon never share a Location"
    flow = state.flow
    settled = flow.phase is _OVER or (flow.phase is _UPKEEP and flow.stage >= UPKEEP_LOCATIONS)
    for body, cell in (("Sun", sky.sun), ("Moon", sky.moon)):
        if state.locations[cell].removed and not settled:
            return f"the {body} stands on the removed {state.locations[cell].tile}"
    return None


def _promo_problem(state: State) -> str | None:
    """The promos (P8): held by one seat from round 1's start, the Golden Egg and the Yeti on
    Locations, each used at most once a round, the Eagle's order a real tie's."""
    promos, config = state.promos, state.config
    if (promos is not None) != bool(config.promos):
        return "the promos' state is there exactly when promos are in play"
    if promos is None:
        return None
    started = state.flow.phase is not _OBJECTIVES
    if (promos.controller is not None) != started:
        return "the promos are held by a seat from the start of round 1"
    if promos.controller is not None and not 0 <= promos.controller < config.players:
        return f"the promos' holder p{promos.controller} is no seat"
    size = len(state.locations)
    goose, yeti = GOLDEN_GOOSE in config.promos, YETI in config.promos
    if not goose and (promos.egg is not None or promos.egg_moved):
        return "a Golden Egg without the Golden Goose"
    if promos.egg is not None and not 0 <= promos.egg < size:
        return f"the Golden Egg lies on no Location (cell {promos.egg})"
    if promos.egg_moved and promos.egg is None:
        return "the Golden Egg moved nowhere"
    if (promos.yeti is not None) != yeti or (promos.yeti_used and not yeti):
        return "the Yeti stands on the board exactly when it is in play"
    if promos.yeti is not None and (
        not 0 <= promos.yeti < size or state.locations[promos.yeti].removed
    ):
        return f"the Yeti stands on no Location in play (cell {promos.yeti})"
    if EAGLE_OF_JUSTICE not in config.promos and (promos.eagle_used or promos.ruling):
        return "an Eagle of Justice ruling without the Eagle"
    ruling = promos.ruling
    if ruling is not None:
        ponds = len(state.ponds.ponds) if state.ponds is not None else 0
        limit = size if ruling.place.where is _CELL else ponds
        if ruling.place.where is _INTERSECTION or not 0 <= ruling.place.index < limit:
            return f"the Eagle's order is for no Location or Pond ({ruling.place})"
        order = ruling.order
        if (
            len(order) < 2
            or len(set(order)) != len(order)
            or any(not 0 <= c < config.colours for c in order)
        ):
            return f"the Eagle's order {order} is no tied group's"
        if not promos.eagle_used:
            return "the Eagle's order stands only once the Eagle has ruled"
    if promos.eagle_used and state.flow.phase not in (_UPKEEP, _OVER):
        # A round's start clears the Eagle: a ruling left over would still decide control.
        return "the Eagle of Justice rules only in an Upkeep"
    return _promo_round_problem(state)


def _promo_round_problem(state: State) -> str | None:
    """The promos' round (P8): held by the last player when it started, the Golden Egg moved
    once before Migration, the Yeti moved only from the Perch phase on."""
    promos, flow = state.promos, state.flow
    if promos is None or promos.controller is None:
        return None
    if flow.phase in (_MIGRATION, _RECRUIT):
        # No score changes before the Perch phase: the holder is still the round start's.
        expected = holder(state.round, state.turn_order, [s.score for s in state.seats])
        if promos.controller != expected:
            return f"the promos belong to p{expected}, last when round {state.round} started"
        if promos.yeti_used:
            return "the Yeti moves only in Perch turns"
    if GOLDEN_GOOSE in state.config.promos and promos.egg_moved != (
        flow.awaiting is not _GOLDEN_EGG
    ):
        return "the Golden Egg moves once a round, before Migration"
    return None


# Each tile's best printed place value (§4.1).
_MOST_PRINTED: Final = {tile_id: max(tile.values) for tile_id, tile in TILE.items()}
# The best objective, and per board size every fountain slot's value.
_MOST_OBJECTIVE: Final = max(o.points for o in OBJECTIVE.values())
_SKY_MOST: Final = max(SUN_VALUES) + max(MOON_VALUES)
_MOST_POND: Final = {tile_id: max(tile.values) for tile_id, tile in POND_TILE.items()}
_FOUNTAIN_POINTS: Final = {
    size: sum(slot.value for slot in layout.fountain) for size, layout in LAYOUTS.items()
}


@lru_cache(maxsize=8)
def _place_bounds(colours: int) -> dict[str, int]:
    """Returns the most one place of each tile can score a round: its best printed value, or
    half the strongest stack when more (§4.1)."""
    strength = colours * (BIRDS_PER_COLOUR + 2)  # birds, a nest and a birdhouse each
    return {tile_id: max(most, 1 + strength // 2) for tile_id, most in _MOST_PRINTED.items()}


def _score_bound(state: State) -> int:
    """The most points a player can have: every place of every round and end-game bonus."""
    bounds = _place_bounds(state.config.colours)
    rounds = ROUNDS * sum([bounds[loc.tile] for loc in state.locations])
    fountain = _FOUNTAIN_POINTS[TILES_FOR_PLAYERS[state.config.players]]
    objective = _MOST_OBJECTIVE
    creatures = CREATURE_POINTS * len(state.creatures)
    feeders = BIRDFEEDER_POINTS * len(state.locations) if state.feeders is not None else 0
    sky = ROUNDS * _SKY_MOST if state.sky is not None else 0
    ponds = state.ponds.ponds if state.ponds is not None else ()
    pond_points = ROUNDS * sum([_MOST_POND[p.tile] for p in ponds])
    egg = ROUNDS * 3 * GOLDEN_EGG_BONUS if GOLDEN_GOOSE in state.config.promos else 0
    return (
        rounds
        + objective
        + LARGEST_FLOCK_POINTS
        + creatures
        + fountain
        + BIRDS_PER_COLOUR
        + feeders
        + sky
        + pond_points
        + egg
    )


def _score_problem(state: State) -> str | None:
    """Scores within reach; the final breakdown only at the end, as end-game scoring gives."""
    bound = _score_bound(state)
    for p, seat in enumerate(state.seats):
        if seat.score > bound:
            return f"p{p}'s score {seat.score} is more than the game can give ({bound})"
    # U2 the tick counts score changes: at most one per colour at each Location a round,
    # and at each Pond (P5), and one per Birdfeeder taken (P3)
    feeders = len(state.locations) if state.feeders is not None else 0
    ponds = len(state.ponds.ponds) if state.ponds is not None else 0
    if state.tick > ROUNDS * (len(state.locations) + ponds) * state.config.colours + feeders:
        return f"score tick {state.tick} is beyond what scoring can reach"
    if state.flow.phase is not _OVER:
        return "a final breakdown before the end" if state.final else None
    # §4.4 the breakdown adds end-game points to each player's round points
    before = tuple(
        attrs.evolve(s, score=f.round_points) for s, f in zip(state.seats, state.final, strict=True)
    )
    if final_scores(attrs.evolve(state, seats=before, final=())) != state.final or any(
        s.score != f.total for s, f in zip(state.seats, state.final, strict=True)
    ):
        return "the final breakdown is not what end-game scoring gives"
    return None


_LAST_STAGE: Final = {
    _OBJECTIVES: 0,
    _MIGRATION: MIGRATION_ROOKERY,
    _RECRUIT: RECRUIT_DONE,
    _PERCH: PERCH_TURNS,
    _UPKEEP: UPKEEP_SKY,
    _OVER: 0,
}
_AWAITED_IN: Final = {
    _OBJECTIVES: (_OBJECTIVE,),
    _MIGRATION: (_NOTHING, _EARLY_BIRD, _ROOKERY, _GOLDEN_EGG),
    _RECRUIT: (_NOTHING, _BIRDBATH, _FEEDER),
    _PERCH: (_NOTHING, _TURN, _CREATURE),
    _UPKEEP: (_NOTHING, _SCARECROW, _EAGLE),
    _OVER: (_NOTHING,),
}


def _eligible(config: Config) -> frozenset[str]:
    """Returns the objectives dealt in games of a config that `setup.validate` passed."""
    # Keyed on the two fields it depends on, exact types once validated.
    return _eligible_for(config.players, config.expansions)


@lru_cache(maxsize=64)
def _eligible_for(players: int, expansions: frozenset[str]) -> frozenset[str]:
    return frozenset(setup.eligible_objectives(Config(players=players, expansions=expansions)))


def _check_parts(state: State) -> str | None:
    """Returns a broken invariant of seats, tiles, flow, arrivals or creatures, or None."""
    n, colours = state.config.players, state.config.colours
    tiles = [loc.tile for loc in state.locations]
    distinct = set(tiles)
    if not TILE.keys() >= distinct or len(distinct) != len(tiles):
        return "the board holds unknown or repeated tiles"
    for loc in state.locations:
        if loc.free_nests + loc.nested.count(True) > TILE[loc.tile].nests:
            return f"{loc.tile} holds more nests than it has"
    eligible = _eligible(state.config)
    tick = state.tick
    for p, seat in enumerate(state.seats):
        hand, dealt, reached = seat.hand, seat.dealt, seat.reached
        if len(hand) != colours or min(hand) < 0:
            return f"p{p}'s hand must hold {colours} non-negative counts"
        if seat.score < 0 or reached < 0 or reached > tick:
            return f"p{p}'s score or score tick is out of range"
        if len(dealt) != 2:
            return f"p{p} must be dealt two known objectives"
        first, second = dealt
        # Every eligible objective is a known one: only a card outside them needs the
        # finer look, which says which of the two checks it fails.
        if first not in eligible or second not in eligible:
            if first not in OBJECTIVE or second not in OBJECTIVE:
                return f"p{p} must be dealt two known objectives"
            # §1.4, P6: only cards of this player count and of the expansions in play
            return f"p{p} was dealt an objective this game does not use: {dealt}"
        if seat.objective is not None and seat.objective not in dealt:
            return f"p{p} kept an objective they were not dealt"
    flow = state.flow
    if not -1 <= flow.actor < n or any(not 0 <= p < n for p in flow.pending):
        return "the awaited player is not a seat"
    waiting = flow.awaiting not in (_NOTHING, _OBJECTIVE)
    if waiting and flow.actor < 0:
        return f"a {flow.awaiting.value} decision needs a player"
    if (flow.phase is _OVER) != (flow.awaiting is _NOTHING and not state.arrivals):
        return "only a finished game waits for nobody"
    if flow.phase is _OVER and len(state.final) != n:
        return "a finished game needs every player's final score"
    for arrival in state.arrivals:
        if not 0 <= arrival.colour < colours or not 0 <= arrival.chooser < n:
            return "a bird heading for the fountain has a bad colour or chooser"
    for creature in state.creatures:
        if creature.id not in CREATURE:
            return f"unknown creature {creature.id!r}"
        if creature.controller is not None and not 0 <= creature.controller < n:
            return f"the {creature.id} has a bad controller"
        if creature.position is not None and not _standee_ok(state, creature.id, creature.position):
            return f"the {creature.id} stands nowhere valid"
    return _check_activation(state)


def _standee_ok(state: State, creature: str, position: Spot) -> bool:
    """Whether a standee may stand there: the Scarecrow on an intersection with no Pond, the
    Frog and the Perch on their own Pond, the Hawk on a Location or a Pond (P5), the others
    on a Location in play."""
    k = position.index
    if creature == "scarecrow":
        intersections = geometry_for(state.config.players).intersections
        wet = {p.intersection for p in state.ponds.ponds} if state.ponds is not None else set()
        return position.where is _INTERSECTION and 0 <= k < len(intersections) and (k not in wet)
    if CREATURE[creature].home is None:
        k_own = creature_pond(state.ponds, creature)
        # What Spot's equality compares, with no Spot built for it.
        return (
            k_own is not None
            and position.__class__ is Spot
            and position.where == _POND
            and position.index == k_own
        )
    if position.where is _POND:
        ponds = state.ponds.ponds if state.ponds is not None else ()
        return creature == "hawk" and 0 <= k < len(ponds)
    cells = state.locations
    return position.where is _CELL and 0 <= k < len(cells) and not cells[k].removed


def _path_ok(state: State, g: creatures.Ground, creature: str, act: Activation) -> bool:
    """Whether each place of the path is one the creature may enter from the one before
    (§6), and a finished move left the standee on its landing."""
    movement = CREATURE[creature].movement
    cells = len(state.locations)
    if movement is Movement.EDGE_1_TO_4:
        # §6 the Owl's landing fixes the tiles it passes over (P2)
        if act.path and (
            act.path[-1] not in creatures.move_options(g, creature, act.start, ())
            or act.path != creatures.owl_path(state.config.players, g.locs, act.start, act.path[-1])
        ):
            return False
    elif movement is Movement.STRONGEST_NEIGHBOUR:
        # The Cat's choice depended on the totals when it moved; a neighbour it stays.
        near = geometry_for(state.config.players).neighbours[act.start]
        if any(place not in near for place in act.path):
            return False
    else:
        for step, place in enumerate(act.path):
            if place not in creatures.move_options(g, creature, act.start, act.path[:step]):
                return False
    if act.stage is Stage.MOVE or not act.path:
        return True
    found = next(cr for cr in state.creatures if cr.id == creature)
    return found.position == creatures.spot_of(cells, act.path[-1])


def _check_activation(state: State) -> str | None:
    """Returns what is wrong with the creature activation under way, or None."""
    flow = state.flow
    act = flow.activation
    if (flow.awaiting is _CREATURE) != (act is not None):
        return "an activation in progress and the creature decision go together"
    if act is None:
        return None
    found = [cr for cr in state.creatures if cr.id == act.creature]
    if flow.phase is not _PERCH or not found:
        return f"no {act.creature!r} can be activated here"
    cr = found[0]
    if cr.controller != flow.actor or not cr.used or not flow.bonus_used:
        return f"the {cr.id} activation does not belong to the player deciding"
    g = creatures.ground(state)
    size = len(state.locations)
    places = range(size + len(g.ponds))
    if cr.id == "scarecrow":
        start = Spot(_INTERSECTION, act.start)
    else:
        start = creatures.spot_of(size, act.start)
    if not _standee_ok(state, cr.id, start):
        return f"the {cr.id} activation starts nowhere valid"
    if any(c not in places or (c < size and state.locations[c].removed) for c in act.path):
        return f"the {cr.id} activation passes a place not in play"
    if any(c not in range(size) or state.locations[c].removed for c in act.hit):
        return f"the {cr.id} activation took a bird from a tile not in play"
    if len(act.path) > creatures.OWL_MAX_STEPS:
        return f"the {cr.id} activation path is too long"
    # §6: the move is over once the path has every step (the Owl: its 1-4 cells at once)
    steps, owl = creatures.steps_of(cr.id), CREATURE[cr.id].movement is Movement.EDGE_1_TO_4
    moving = act.stage is Stage.MOVE
    if moving:
        ok = not act.path if owl else len(act.path) < steps
    else:
        ok = bool(act.path) if owl else len(act.path) == steps
    if not ok:
        move = "unfinished" if moving else "complete"
        return f"the {cr.id} activation path {act.path} is no {move} move"
    if not _path_ok(state, g, cr.id, act):
        return f"the {cr.id} activation path {act.path} is not the way it can move"
    if act.chosen is not None and (
        act.chosen[0] not in places or not 0 <= act.chosen[1] < state.config.colours
    ):
        return f"the {cr.id} activation holds an impossible bird"
    if act.stage in (Stage.DESTINATION, Stage.FOUNTAIN) and act.chosen is None:
        return f"the {cr.id} activation waits for a destination without a bird"
    if not 0 <= act.part < creatures.PARTS[CREATURE[cr.id].effect]:
        return f"the {cr.id} activation is past its effect"
    if act.chosen is not None and act.chosen not in creatures.bird_options(
        g, attrs.evolve(act, chosen=None), act.part
    ):
        # §6 a bird is held only once the effect chose it, and the board has not moved since
        return f"the {cr.id} activation holds a bird its effect cannot act on"
    if not creatures.legal(state, flow.actor):
        return f"the {cr.id} activation leaves p{flow.actor} no legal decision"
    return None
