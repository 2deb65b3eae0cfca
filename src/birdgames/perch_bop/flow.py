"""The round driver (§2): runs every automatic step until a player must decide.

Each call of a phase's step function does one unit of work and moves the bookmark
(phase, stage, cursor) on, or marks the decision awaited; each phase's stages are named in
state.py (`MIGRATION_TO_BAG`, ...). Birds heading for the fountain
(`arrivals`) are settled first, so a slot choice always happens right where it arises.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

import attrs

from birdgames.perch_bop.cards import (
    BIRDFEEDER_POINTS,
    CREATURE,
    EAGLE_OF_JUSTICE,
    GOLDEN_EGG_BONUS,
    GOLDEN_GOOSE,
    MOON_VALUES,
    POND_TILE,
    ROUNDS,
    SUN_VALUES,
    TILE,
    Ability,
)
from birdgames.perch_bop.endgame import final_scores, winners_of
from birdgames.perch_bop.events import (
    GOLDEN_EGG_ADDS,
    SKY_COVERS,
    BagEmptied,
    BirdfeederLost,
    BirdfeederTaken,
    BirdRemoved,
    BirdsDrawn,
    BirdsToBag,
    ControlChanged,
    FinalScored,
    FountainFilled,
    GameEnded,
    LocationScored,
    PhaseStarted,
    PondScored,
    PromosControlled,
    SkyMoved,
    StandeePlaced,
    TileEffect,
    TileRemoved,
    TurnOrderSet,
    YetiMoved,
)
from birdgames.perch_bop.geometry import full_intersections, geometry_for, ring_next
from birdgames.perch_bop.ponds import pond_counts, pond_points
from birdgames.perch_bop.promos import holder, ruled, tie_orders, yeti_start
from birdgames.perch_bop.scoring import leader, place_points, places
from birdgames.perch_bop.state import (
    MIGRATION_ABILITIES,
    MIGRATION_ROOKERY,
    MIGRATION_TO_BAG,
    PERCH_BEGIN,
    PERCH_TURNS,
    RECRUIT_BIRDBATH,
    RECRUIT_DONE,
    RECRUIT_DRAW,
    UPKEEP_CONTROL,
    UPKEEP_LOCATIONS,
    UPKEEP_SCORE_LOCATIONS,
    UPKEEP_SCORE_PONDS,
    UPKEEP_SKY,
    UPKEEP_TURN_ORDER,
    Await,
    Birdfeeders,
    Creature,
    Location,
    Phase,
    Pond,
    Ponds,
    Sky,
    Spot,
    TieOrder,
    Where,
)
from birdgames.perch_bop.thawed import WCreature, WLoc
from birdgames.perch_bop.work import Work, loc_power
from birdgames.rng import below

_NOTHING: Final = Await.NOTHING
_TURN: Final = Await.TURN
_OBJECTIVES: Final = Phase.OBJECTIVES
_MIGRATION: Final = Phase.MIGRATION
_RECRUIT: Final = Phase.RECRUIT
_PERCH: Final = Phase.PERCH
_UPKEEP: Final = Phase.UPKEEP
_CELL: Final = Where.CELL
_POND: Final = Where.POND
_EARLY_BIRD_TILE: Final = Ability.EARLY_BIRD
_ROOKERY_TILE: Final = Ability.ROOKERY

# --- small shared effects -----------------------------------------------------------------


def owner(w: Work, colour: int) -> int | None:
    """Returns the seat owning a colour; None for the dummy."""
    return colour if colour < w.config.players else None


def loc_controller(w: Work, i: int) -> int | None:
    """Returns the seat controlling Location i now; None if tied, empty or the dummy's."""
    who = loc_leader(w, i)
    return None if who is None else owner(w, who)


def loc_leader(w: Work, i: int) -> int | None:
    """Returns the colour alone in 1st place at Location i (the dummy included)."""
    if w.peek(i).removed:
        return None
    return leader(_ranked(w, w.power(i), _CELL, i))


def _ruling(w: Work) -> TieOrder | None:
    return w.promos.ruling if w.promos is not None else None


def _ranked(w: Work, power: tuple[int, ...], where: Where, index: int) -> tuple[int, ...]:
    """Returns the strengths that rank a place, the Eagle's order applied (P8)."""
    ruling = _ruling(w)
    if ruling is None:
        return power  # no order given this round: no Spot to build and compare
    return ruled(power, ruling, Spot(where, index))


def open_stacks(loc: Location | WLoc) -> list[int]:
    """Returns the colours with a stack here and no birdhouse on it (§3 a birdhouse closes it)."""
    housed = loc.housed
    return [c for c, b in enumerate(loc.birds) if b and not housed[c]]


def take_bird(loc: WLoc, colour: int) -> None:
    """Takes one bird off a stack; an emptied stack frees its nest (§2.3) and birdhouse."""
    loc.birds[colour] -= 1
    if loc.birds[colour] == 0:
        if loc.nested[colour]:
            loc.nested[colour] = False
            loc.free_nests += 1
        loc.housed[colour] = False


def free_slots(players: int, fountain: Sequence[int | None]) -> list[int]:
    """Returns the empty fountain slots whose supports are all filled (§4.3)."""
    return list(_free_slots(players, tuple(fountain)))


@lru_cache(maxsize=1024)
def _free_slots(players: int, fountain: tuple[int | None, ...]) -> tuple[int, ...]:
    # Cached: every arrival asks, and a fountain fills the same way in many games.
    slots = geometry_for(players).layout.fountain
    return tuple(
        [
            i
            for i, slot in enumerate(slots)
            if fountain[i] is None and all(fountain[s] is not None for s in slot.supports)
        ]
    )


def fill_slot(w: Work, slot: int) -> None:
    """Puts the head arrival into a slot."""
    arrival = w.arrivals[0]
    w.arrivals = w.arrivals[1:]
    w.edit_fountain()[slot] = arrival.colour
    value = geometry_for(w.config.players).layout.fountain[slot].value
    if w.log:
        w.events.append(FountainFilled(arrival.chooser, arrival.colour, slot, value))


def _settle_arrival(w: Work) -> bool:
    """Settles the head arrival when no choice exists; False when its chooser must pick."""
    options = free_slots(w.config.players, w.fountain)
    if not options:
        arrival = w.arrivals[0]
        w.arrivals = w.arrivals[1:]
        w.edit_plaza()[arrival.colour] += 1  # §4.3 a full fountain overflows to the plaza
        if w.log:
            w.events.append(FountainFilled(arrival.chooser, arrival.colour, None, 0))
        return True
    if len(options) == 1:
        fill_slot(w, options[0])
        return True
    return False


def add_score(w: Work, player: int, points: int) -> None:
    """Adds points now, recording when the total was reached (U2)."""
    if points <= 0:
        return
    w.tick += 1
    seat = w.seat(player)
    seat.score += points
    seat.reached = w.tick


def feed(w: Work, i: int, colour: int) -> None:
    """Seeds the Day (P3): a bird placed from a hand takes the Birdfeeder at Location i.

    The colour's owner scores at once, whoever placed it; a dummy bird sends it out of the
    game. Only a placement from a hand calls this: creature moves take nothing.
    """
    feeders = w.feeders
    if feeders is None or not feeders.on[i]:
        return
    w.feeders, seat = feeder_taken(feeders, i, colour, w.config.players)
    tile = w.peek(i).tile
    if seat is None:
        if w.log:
            w.events.append(BirdfeederLost(tile, "dummy"))
        return
    add_score(w, seat, BIRDFEEDER_POINTS)  # P9: before the Upkeep points, for U2 ties
    if w.log:
        w.events.append(BirdfeederTaken(seat, colour, tile, BIRDFEEDER_POINTS))


def feeder_taken(
    feeders: Birdfeeders, i: int, colour: int, players: int
) -> tuple[Birdfeeders, int | None]:
    """Returns the Birdfeeders once a bird of `colour` takes the one at Location i, and the
    seat that scores it: the colour's owner, or None for the dummy's, which sends it out of
    the game (P3)."""
    on = list(feeders.on)
    on[i] = False
    if colour >= players:  # the dummy (owner)
        return Birdfeeders(tuple(on), feeders.taken, feeders.discarded + 1, feeders.removed), None
    taken = list(feeders.taken)
    taken[colour] += 1
    return Birdfeeders(tuple(on), tuple(taken), feeders.discarded, feeders.removed), colour


def draw_from_bag(w: Work, player: int, count: int) -> list[int]:
    """Draws up to `count` birds at random from the bag into a hand (§2.2; fewer if short)."""
    drawn: list[int] = []
    total = sum(w.bag)
    if total == 0 or count <= 0:
        return drawn
    bag = w.edit_bag()
    hand = w.seat(player).hand
    for _ in range(min(count, total)):
        k, w.rng = below(w.rng, total)
        colour = 0
        while k >= bag[colour]:
            k -= bag[colour]
            colour += 1
        bag[colour] -= 1
        hand[colour] += 1
        total -= 1
        drawn.append(colour)
    return drawn


def remove_to_fountain(w: Work, i: int, colour: int, actor: int, cause: str) -> None:
    """Sends one bird from Location i to the fountain; its owner picks the slot (U5)."""
    loc = w.loc(i)
    take_bird(loc, colour)
    who = owner(w, colour)
    chooser = who if who is not None else actor  # U5 the actor places a dummy bird
    if w.log:
        w.events.append(BirdRemoved(actor, colour, loc.tile, "fountain", cause))
    w.arrive(colour, chooser)


def shift_pond_bird(w: Work, k: int, colour: int, delta: int) -> None:
    """Adds (or with a negative delta takes) birds of a colour on Pond k (P5)."""
    ponds = w.ponds
    assert ponds is not None  # only Pond-emonium moves birds to or from a Pond
    pond = ponds.ponds[k]
    birds = list(pond.birds)
    birds[colour] += delta
    moved = Pond(pond.tile, pond.intersection, tuple(birds), pond.leader)
    w.ponds = Ponds((*ponds.ponds[:k], moved, *ponds.ponds[k + 1 :]), ponds.bread, ponds.spent)


def pond_to_fountain(w: Work, k: int, colour: int, actor: int, cause: str) -> None:
    """Sends one bird from Pond k to the fountain (a zap, the Hawk, the Owl: P5); its owner
    picks the slot (U5)."""
    assert w.ponds is not None
    tile = w.ponds.ponds[k].tile
    shift_pond_bird(w, k, colour, -1)
    who = owner(w, colour)
    if w.log:
        w.events.append(BirdRemoved(actor, colour, tile, "fountain", cause))
    w.arrive(colour, who if who is not None else actor)


def remove_by_location(w: Work, i: int, colour: int, count: int, cause: str) -> None:
    """A Location effect removes birds: players' to the plaza, the dummy's to its supply."""
    loc = w.loc(i)
    for _ in range(count):
        take_bird(loc, colour)
        if owner(w, colour) is None:  # §2.5 dummy birds removed by a Location go home
            w.edit_supply()[colour] += 1
            if w.log:
                w.events.append(BirdRemoved(None, colour, loc.tile, "supply", cause))
        else:
            w.edit_plaza()[colour] += 1
            if w.log:
                w.events.append(BirdRemoved(None, colour, loc.tile, "plaza", cause))


def _leader_bird_out(w: Work, i: int, colour: int) -> None:
    """Rookery, Power Lines: the leader's own bird to the fountain; the dummy's home (§2.5)."""
    tile = w.peek(i).tile
    if owner(w, colour) is None:
        remove_by_location(w, i, colour, 1, tile)
    else:
        remove_to_fountain(w, i, colour, colour, tile)


# --- the driver -----------------------------------------------------------------------------


def run(w: Work) -> None:
    """Advances through automatic steps until a decision is needed or the game is over."""
    while True:
        if w.arrivals:
            if _settle_arrival(w):
                continue
            return
        if w.awaiting is not _NOTHING:
            return
        phase = w.phase
        if phase is _PERCH:
            _perch(w)
        elif phase is _UPKEEP:
            _upkeep(w)
        elif phase is _MIGRATION:
            _migration(w)
        elif phase is _RECRUIT:
            _recruit(w)
        elif phase is _OBJECTIVES:
            if any(w.peek_seat(p).objective is None for p in range(w.config.players)):
                w.wait(Await.OBJECTIVE, -1)
                return
            if w.log:
                w.events.append(TurnOrderSet(1, w.turn_order))
            _start_round(w)
        else:
            return  # Phase.OVER


def _start_round(w: Work) -> None:
    w.phase, w.stage, w.cursor = Phase.MIGRATION, MIGRATION_TO_BAG, 0
    for k, cr in enumerate(w.peek_creatures()):
        if cr.used:  # §3 each creature once per round: a new round frees them
            w.creature(k).used = False
    if w.promos is not None:
        # P8: the player in last place holds the promos, each once this round.
        scores = [w.peek_seat(p).score for p in range(w.config.players)]
        who = holder(w.round, w.turn_order, scores)
        w.promos = attrs.evolve(
            w.promos,
            controller=who,
            egg_moved=False,
            yeti_used=False,
            eagle_used=False,
            ruling=None,
        )
        if w.log:
            w.events.append(PromosControlled(w.round, who))


# --- Migration (§2.1) ---------------------------------------------------------------------


def _migration(w: Work) -> None:
    if w.stage == MIGRATION_TO_BAG:
        promos = w.promos
        if GOLDEN_GOOSE in w.config.promos and promos is not None and not promos.egg_moved:
            assert promos.controller is not None
            w.wait(Await.GOLDEN_EGG, promos.controller)  # P8: before Migration
            return
        if w.log:
            w.events.append(PhaseStarted(w.round, "migration"))
        for p in w.turn_order:
            _to_bag(w, p, p, 2, "migration")
        dummy = w.config.dummy
        if dummy is not None:
            count = (
                w.config.dummy_birds_first_round if w.round == 1 else w.config.dummy_birds_per_round
            )
            _to_bag(w, None, dummy, count, "migration")
        w.stage, w.cursor = MIGRATION_ABILITIES, 0
        return
    if w.stage == MIGRATION_ABILITIES:
        # Migration abilities in board order (U15 by analogy).
        while w.cursor < len(w.frozen_locs):
            i = w.cursor
            here = w.peek(i)
            ability = TILE[here.tile].ability
            if here.removed:
                w.cursor += 1
                continue
            if ability is _EARLY_BIRD_TILE:
                ctrl = loc_controller(w, i)
                if ctrl is not None and w.supply[ctrl] > 0:
                    w.wait(Await.EARLY_BIRD, ctrl)
                    return  # the answer moves the cursor on
            elif ability is _ROOKERY_TILE:
                strength = loc_power(here)
                w.pending = tuple([p for p in w.turn_order if strength[p] == 2 and w.supply[p] > 0])
                w.stage = MIGRATION_ROOKERY
                if w.pending:
                    w.wait(Await.ROOKERY, w.pending[0])
                return
            w.cursor += 1
        w.phase, w.stage, w.cursor = Phase.RECRUIT, RECRUIT_BIRDBATH, 0
        return
    # MIGRATION_ROOKERY: the Rookery's controller sends one of their own birds to the fountain.
    i = w.cursor
    top = loc_leader(w, i)
    if top is not None and not w.peek(i).housed[top]:
        _leader_bird_out(w, i, top)
    w.stage, w.cursor = MIGRATION_ABILITIES, i + 1


def _to_bag(w: Work, player: int | None, colour: int, count: int, cause: str) -> None:
    moved = min(count, w.supply[colour])
    if moved <= 0:
        return
    w.edit_supply()[colour] -= moved
    w.edit_bag()[colour] += moved
    if w.log:
        w.events.append(BirdsToBag(player, colour, moved, cause))


def add_extra_bird(w: Work, player: int, cause: str) -> None:
    """Early Bird / Rookery: one more own bird into the bag."""
    _to_bag(w, player, player, 1, cause)


# --- Recruit (§2.2) -----------------------------------------------------------------------


def _find(w: Work, ability: Ability) -> int | None:
    # A cell keeps its tile all game: the frozen board names it, the working one says
    # whether it is still in play.
    for i, loc in enumerate(w.frozen_locs):
        if TILE[loc.tile].ability is ability and not w.peek(i).removed:
            return i
    return None


def _controller_of(w: Work, ability: Ability) -> int | None:
    """Returns the seat controlling the Location with that ability, if any."""
    i = _find(w, ability)
    return None if i is None else loc_controller(w, i)


def _recruit(w: Work) -> None:
    if w.stage == RECRUIT_DONE:
        w.phase, w.stage, w.cursor = Phase.PERCH, PERCH_BEGIN, 0
        return
    # The board does not change during Recruit, so the Birdbath's controller stays the same.
    first = _controller_of(w, Ability.HAPPY_BIRDBATH)
    if w.stage == RECRUIT_BIRDBATH:
        if w.log:
            w.events.append(PhaseStarted(w.round, "recruit"))
        w.stage = RECRUIT_DRAW
        if first is not None:
            # Birdbath: its controller draws 3 before anyone, keeps 2.
            drawn = draw_from_bag(w, first, 3)
            if w.log:
                w.events.append(BirdsDrawn(first, tuple(sorted(drawn)), "bag"))
            if len(drawn) == 3:
                w.wait(Await.BIRDBATH, first)
        return
    # RECRUIT_DRAW: the others draw from the bag, then everyone takes 2 own birds.
    for p in w.turn_order:
        if p != first:
            drawn = draw_from_bag(w, p, 2)
            if w.log:
                w.events.append(BirdsDrawn(p, tuple(sorted(drawn)), "bag"))
    for p in w.turn_order:
        own = min(2, w.supply[p])
        w.edit_supply()[p] -= own
        w.seat(p).hand[p] += own
        if w.log:
            w.events.append(BirdsDrawn(p, (p,) * own, "supply"))
    w.stage = RECRUIT_DONE
    ctrl = _controller_of(w, Ability.FULL_BIRD_FEEDER)
    hands = [w.peek_seat(p).hand for p in range(w.config.players)]
    if ctrl is not None and can_swap(hands[ctrl], hands, ctrl):
        w.wait(Await.FEEDER, ctrl)


def can_swap(own: Sequence[int], hands: Sequence[Sequence[int]], player: int) -> bool:
    """Returns whether a Full Bird Feeder swap exists: birds of two different colours in
    the two hands (a same-colour swap changes nothing)."""
    mine = {c for c, k in enumerate(own) if k}
    theirs = {d for q, h in enumerate(hands) if q != player for d, k in enumerate(h) if k}
    return any(c != d for c in mine for d in theirs)


# --- Perch (§2.3) -------------------------------------------------------------------------


def _perch(w: Work) -> None:
    if w.stage == PERCH_BEGIN:
        if w.log:
            w.events.append(PhaseStarted(w.round, "perch"))
        w.stage, w.cursor = PERCH_TURNS, 0
    n = w.config.players
    for k in range(n):
        idx = (w.cursor + k) % n
        p = w.turn_order[idx]
        if sum(w.peek_seat(p).hand) > 0:  # §2.3 a player with no birds left is skipped
            w.cursor = idx
            w.placed = False
            w.bonus_used = False
            w.wait(_TURN, p)
            return
    w.phase, w.stage, w.cursor = Phase.UPKEEP, UPKEEP_SCORE_LOCATIONS, 0


def end_turn(w: Work) -> None:
    """Closes the current Perch turn; the next player in turn order follows."""
    w.resume()
    w.placed = False
    w.bonus_used = False
    w.cursor = (w.cursor + 1) % w.config.players


# --- Upkeep (§2.4, P2 order) ----------------------------------------------------------------


def _upkeep(w: Work) -> None:
    stage = w.stage
    if stage == UPKEEP_SCORE_LOCATIONS and w.cursor == 0:
        if w.log:
            w.events.append(PhaseStarted(w.round, "upkeep"))
        w.cursor = 1
        promos = w.promos
        if (
            EAGLE_OF_JUSTICE in w.config.promos
            and promos is not None
            and promos.controller is not None
            and not promos.eagle_used
            and eagle_orders(w)
        ):
            w.wait(Await.EAGLE, promos.controller)  # P8: before the Upkeep scoring
    elif stage == UPKEEP_SCORE_LOCATIONS:
        w.cursor = 0
        score_locations(w)
        w.stage = UPKEEP_SCORE_PONDS
    elif stage == UPKEEP_SCORE_PONDS:
        score_ponds(w)  # P2 step 2
        w.stage = UPKEEP_TURN_ORDER
    elif stage == UPKEEP_TURN_ORDER:
        if w.round < ROUNDS:
            _assign_turn_order(w)
        w.stage, w.cursor = UPKEEP_LOCATIONS, 0
    elif stage == UPKEEP_LOCATIONS:
        # One Location after another, stopping where a bird heads for the fountain or a
        # decision is awaited (the driver settles it first), as one call per Location would.
        cells = len(w.frozen_locs)
        while w.cursor < cells:
            i = w.cursor
            w.cursor += 1
            if not w.peek(i).removed:
                _during_upkeep(w, i)
                if w.arrivals or w.awaiting is not _NOTHING:
                    return
        w.stage, w.cursor = UPKEEP_CONTROL, 0
    elif stage == UPKEEP_CONTROL:
        count = len(w.frozen_creatures)
        while w.cursor < count:
            k = w.cursor
            w.cursor += 1
            _assign_control(w, k)
            if w.arrivals or w.awaiting is not _NOTHING:
                return
        w.stage = UPKEEP_SKY
    elif w.round >= ROUNDS:  # UPKEEP_SKY
        _finish(w)  # P2 step 7: the Sun and Moon do not move after round 5
    else:
        _move_sky(w)  # P2 step 7
        w.round += 1
        _start_round(w)


# Sorts after every place (a tied colour's place is 0).
_UNPLACED: Final = 1_000


def score_locations(w: Work) -> None:
    """Scores every Location in play, in board order: 1st, then 2nd, then 3rd, ties
    cancelling (§4.1, U2)."""
    promos, sky, log = w.promos, w.sky, w.log
    ruled_now = promos is not None and promos.ruling is not None  # P8 the Eagle's order
    egg_at = promos.egg if promos is not None else None  # P8 the Golden Egg
    players = w.config.players
    for i in range(len(w.frozen_locs)):
        loc = w.peek(i)
        if loc.removed:
            continue
        power = w.power(i)
        ranking = _ranked(w, power, _CELL, i) if ruled_now else power
        # P4 the Sun's or Moon's values
        values = _sky_values(w, i) if sky is not None and i in (sky.sun, sky.moon) else None
        awards = _location_awards(loc.tile, power, None if ranking is power else ranking, values)
        egg = egg_at == i
        if log and egg and any(1 <= r <= 3 for _, r, _ in awards):
            w.events.append(TileEffect(loc.tile, None, GOLDEN_EGG_ADDS))
        for c, rank, printed in awards:
            # P8 the Golden Egg adds to a place, over the Sun's or Moon's values too
            points = printed + GOLDEN_EGG_BONUS if egg and 1 <= rank <= 3 else printed
            seat = c if c < players else None  # owner(w, c)
            if seat is None:
                points = 0  # §2.5 the dummy ranks and cancels but never scores
            else:
                add_score(w, seat, points)
            if log:
                w.events.append(LocationScored(loc.tile, c, seat, rank, power[c], points))


@lru_cache(maxsize=4096)
def _location_awards(
    tile_id: str,
    power: tuple[int, ...],
    ranking: tuple[int, ...] | None,
    values: tuple[int, int, int] | None,
) -> tuple[tuple[int, int, int], ...]:
    """Returns (colour, place, points) for each colour with strength at a Location, placed
    colours by place then the tied ones (place 0), colour order within each (§4.1, U2).

    `ranking` is the Eagle's order where it differs from `power` (P8); `values`, the Sun's or
    Moon's (P4). Cached: a round's end scores every Location, and boards repeat their counts
    across rounds and games.
    """
    ranks = places(power if ranking is None else ranking)
    keyed = [(r or _UNPLACED, c) for c, r in enumerate(ranks) if power[c] > 0]
    keyed.sort()
    awards: list[tuple[int, int, int]] = []
    for _, c in keyed:
        rank = ranks[c]
        if values is None:
            points = place_points(tile_id, rank, power)
        else:
            # P4: the Sun's or Moon's values replace the printed ones and the During
            # Scoring ability (Stone Statue) is ignored.
            points = values[rank - 1] if 1 <= rank <= 3 else 0
        awards.append((c, rank, points))
    return tuple(awards)


def score_ponds(w: Work) -> None:
    """Scores every Pond with a bird on it, in intersection order (P5, P9), and notes each
    Pond's sole leader for creature control in step 6."""
    if w.ponds is None:
        return
    geo = geometry_for(w.config.players)
    scored: list[Pond] = []
    for k, pond in enumerate(w.ponds.ponds):
        if not any(pond.birds):
            # P5: a Pond with no bird is skipped
            scored.append(Pond(pond.tile, pond.intersection, pond.birds, None))
            continue
        live = [w.power(i) for i in geo.intersections[pond.intersection] if not w.peek(i).removed]
        power = pond_counts(pond.birds, live)
        keys = _ranked(w, power, _POND, k)  # P8 the Eagle's order
        awards, first = _pond_awards(pond.tile, power, keys)
        for c, place, printed in awards:
            seat = owner(w, c)
            if seat is None:
                points = 0  # §2.5 the dummy ranks and cancels but never scores
            else:
                points = printed
                add_score(w, seat, points)
            if w.log:
                w.events.append(PondScored(pond.tile, c, seat, place, power[c], points))
        scored.append(Pond(pond.tile, pond.intersection, pond.birds, first))
    w.ponds = Ponds(tuple(scored), w.ponds.bread, w.ponds.spent)


def _pond_awards(
    tile_id: str, power: tuple[int, ...], keys: tuple[int, ...]
) -> tuple[tuple[tuple[int, int, int], ...], int | None]:
    """Returns (colour, place, points) for each colour counted at a Pond, placed colours by
    place then the tied ones (place 0), colour order within each, and the colour alone in 1st
    place (P5); `keys` rank them (the Eagle's order, P8). Not cached: a Pond's counts add its
    neighbours' strengths, so they seldom repeat (2% of lookups hit in random games)."""
    awards = pond_points(tile_id, keys)
    keyed = [(place or _UNPLACED, c) for c, (place, _) in enumerate(awards) if power[c] > 0]
    keyed.sort()
    return tuple([(c, *awards[c]) for _, c in keyed]), leader(keys)


def _sky_values(w: Work, i: int) -> tuple[int, int, int] | None:
    """Returns the Sun's or Moon's values if one covers Location i (P4), else None."""
    sky = w.sky
    if sky is None:
        return None
    if i == sky.sun:
        body, values = "Sun", SUN_VALUES
    elif i == sky.moon:
        body, values = "Moon", MOON_VALUES
    else:
        return None
    if w.log:
        shown = "/".join(map(str, values))
        w.events.append(
            TileEffect(w.peek(i).tile, None, f"{SKY_COVERS.format(body=body)}: it scores {shown}")
        )
    return values


def sky_step(players: int, sky: Sky, removed: Sequence[int]) -> Sky:
    """Returns the Sun and Moon one step clockwise along the ring, skipping removed tiles (P4).

    One standing on a removed tile steps to the next surviving one. Should both land on one
    Location (no single removal can cause it), the Moon goes on one more (DECISION).
    """
    geo = geometry_for(players)
    sun = ring_next(geo, sky.sun, removed)
    moon = ring_next(geo, sky.moon, removed)
    if moon == sun:
        moon = ring_next(geo, moon, removed)
    return Sky(sun, moon)


def _move_sky(w: Work) -> None:
    if w.sky is None:
        return
    removed = [i for i, loc in enumerate(w.board) if loc.removed]
    w.sky = sky_step(w.config.players, w.sky, removed)
    if w.log:
        w.events.append(SkyMoved("sun", w.peek(w.sky.sun).tile))
        w.events.append(SkyMoved("moon", w.peek(w.sky.moon).tile))


def turn_order_key(w: Work, player: int, previous: Sequence[int]) -> tuple[int, int, int]:
    """Sort key for U2: higher score, then earlier arrival, then the previous order."""
    seat = w.peek_seat(player)
    return (-seat.score, seat.reached, previous.index(player))


def _assign_turn_order(w: Work) -> None:
    previous = list(w.turn_order)
    order = sorted(previous, key=lambda p: turn_order_key(w, p, previous))
    i = _find(w, Ability.HIGH_PERCH)
    ctrl = loc_controller(w, i) if i is not None else None
    if ctrl is not None and i is not None:
        # Before Assigning Turn Order: the High Perch controller goes last.
        order.remove(ctrl)
        order.append(ctrl)
        if w.log:
            w.events.append(TileEffect(w.peek(i).tile, ctrl, f"p{ctrl} takes the last seat"))
    w.turn_order = tuple(order)
    if w.log:
        w.events.append(TurnOrderSet(w.round + 1, w.turn_order))


# The tiles whose ability resolves During Upkeep (§5); every other tile is passed over.
_UPKEEP_TILES: Final = frozenset(
    tile_id
    for tile_id, tile in TILE.items()
    if tile.ability in {Ability.POWER_LINES, Ability.HANGING_NEST, Ability.OVERSTUFFED}
)


def _during_upkeep(w: Work, i: int) -> None:
    tile_id = w.peek(i).tile
    if tile_id not in _UPKEEP_TILES:
        return
    tile = TILE[tile_id]
    ability = tile.ability
    loc = w.loc(i)
    if ability is Ability.POWER_LINES:
        top = loc_leader(w, i)
        if top is None:
            return
        if loc.housed[top]:
            if w.log:
                w.events.append(TileEffect(loc.tile, owner(w, top), "the stack is protected"))
            return
        _leader_bird_out(w, i, top)
    elif ability is Ability.HANGING_NEST:
        total = sum(loc_power(loc))
        if total < tile.threshold:
            return
        if w.log:
            w.events.append(TileEffect(loc.tile, None, f"strength {total}: unprotected birds fall"))
        for c in open_stacks(loc):  # U10 birdhouse stacks stay
            remove_by_location(w, i, c, loc.birds[c], loc.tile)
    elif ability is Ability.OVERSTUFFED:
        total = sum(loc_power(loc))
        if total < tile.threshold:
            return
        if w.log:
            w.events.append(TileEffect(loc.tile, None, f"strength {total}: every bird leaves"))
        for c in range(len(loc.birds)):
            if loc.birds[c]:
                remove_by_location(w, i, c, loc.birds[c], loc.tile)
        remove_tile(w, i)


def remove_tile(w: Work, i: int) -> None:
    """Takes a Location out of the game; creatures standing there go home (U22)."""
    loc = w.loc(i)
    loc.removed = True
    loc.free_nests = 0
    loc.nested = [False] * len(loc.nested)
    loc.housed = [False] * len(loc.housed)
    if w.log:
        w.events.append(TileRemoved(loc.tile))
    feeders = w.feeders
    if feeders is not None and feeders.on[i]:  # P3: the Birdfeeder leaves with its Location
        on = list(feeders.on)
        on[i] = False
        w.feeders = Birdfeeders(tuple(on), feeders.taken, feeders.discarded, feeders.removed + 1)
        if w.log:
            w.events.append(BirdfeederLost(loc.tile, "removed"))
    promos = w.promos
    if promos is not None and promos.yeti == i:
        # P8 DECISION: the Yeti leaves a removed Location for the one with most neighbours.
        to = yeti_start(w.config.players, [here.removed for here in w.board])
        w.promos = attrs.evolve(promos, yeti=to)
        if w.log:
            w.events.append(YetiMoved(None, loc.tile, w.peek(to).tile))
    for cr in w.creatures:
        if cr.position == Spot(Where.CELL, i):
            home = _home_index(w, cr.id)
            cr.position = Spot(Where.CELL, home)
            if w.log:
                w.events.append(StandeePlaced(cr.id, None, w.peek(home).tile))


def _home_index(w: Work, creature: str) -> int:
    for i, loc in enumerate(w.frozen_locs):  # a cell keeps its tile all game
        if TILE[loc.tile].creature == creature:
            return i
    raise AssertionError(f"{creature} has no home on the board")


def scarecrow_options(
    players: int,
    locs: Sequence[Location | WLoc],
    creatures: Sequence[Creature | WCreature],
    ponds: Ponds | None = None,
) -> list[int]:
    """Returns the intersections the Scarecrow may move to (full ones, not its own, U21;
    never one holding a Pond, P5)."""
    geo = geometry_for(players)
    removed = {i for i, loc in enumerate(locs) if loc.removed}
    spots = [c.position for c in creatures if c.id == "scarecrow" and c.position is not None]
    current = spots[0].index if spots else None
    wet = {p.intersection for p in ponds.ponds} if ponds is not None else set()
    return [k for k in full_intersections(geo, removed) if k != current and k not in wet]


def _assign_control(w: Work, k: int) -> None:
    seen = w.peek_creature(k)
    if CREATURE[seen.id].home is None:
        _assign_pond_control(w, k)
        return
    home = _home_index(w, seen.id)
    ctrl = loc_controller(w, home)  # U7: tie, empty or the dummy: nobody
    if ctrl == seen.controller:
        return  # nothing changes: the creature stays frozen
    cr = w.creature(k)
    cr.controller = ctrl
    if w.log:
        w.events.append(ControlChanged(cr.id, w.peek(home).tile, ctrl))
    if ctrl is None:
        return
    if cr.id == "scarecrow":
        if w.round >= ROUNDS:
            return  # after round 5's last control step the Scarecrow is never used again
        # §5.2 Cornfield: a new controller puts the Scarecrow on another intersection.
        options = scarecrow_options(w.config.players, w.board, w.peek_creatures(), w.ponds)
        if len(options) == 1:
            place_scarecrow(w, ctrl, options[0])
        elif options:
            w.wait(Await.SCARECROW, ctrl)
    elif cr.position is None:
        cr.position = Spot(Where.CELL, home)
        if w.log:
            w.events.append(StandeePlaced(cr.id, ctrl, w.peek(home).tile))


def creature_pond(ponds: Ponds | None, creature: str) -> int | None:
    """Returns the index of the Pond that brings a Pond creature, or None (P5)."""
    if ponds is None:
        return None
    return next(
        (k for k, p in enumerate(ponds.ponds) if POND_TILE[p.tile].creature == creature), None
    )


def _assign_pond_control(w: Work, index: int) -> None:
    """P5, P9: the Pond's sole leader at this Upkeep's Pond scoring controls its creature
    (the `index`th in play); the first time, the standee goes on the Pond."""
    seen = w.peek_creature(index)
    k = creature_pond(w.ponds, seen.id)
    assert k is not None and w.ponds is not None  # a Pond creature comes with its Pond
    pond = w.ponds.ponds[k]
    ctrl = None if pond.leader is None else owner(w, pond.leader)
    if ctrl == seen.controller:
        return
    cr = w.creature(index)
    cr.controller = ctrl
    if w.log:
        w.events.append(ControlChanged(cr.id, pond.tile, ctrl))
    if ctrl is not None and cr.position is None:
        cr.position = Spot(Where.POND, k)
        if w.log:
            w.events.append(StandeePlaced(cr.id, ctrl, f"the Pond {pond.tile}"))


def place_scarecrow(w: Work, player: int, k: int) -> None:
    """Puts the Scarecrow standee on intersection k."""
    geo = geometry_for(w.config.players)
    for cr in w.creatures:
        if cr.id == "scarecrow":
            cr.position = Spot(Where.INTERSECTION, k)
    tiles = "/".join(w.peek(i).tile for i in geo.intersections[k])
    if w.log:
        w.events.append(StandeePlaced("scarecrow", player, f"intersection {k} ({tiles})"))


def eagle_orders(w: Work) -> list[TieOrder]:
    """Returns the orders the Eagle of Justice may give now (P8)."""
    ponds = w.ponds.ponds if w.ponds is not None else ()
    return tie_orders(w.config.players, w.board, ponds)


# --- End of the game (§4.4) ---------------------------------------------------------------


def _finish(w: Work) -> None:
    if w.config.bag_to_plaza_at_end:  # U11
        bag, plaza = w.edit_bag(), w.edit_plaza()
        for c, count in enumerate(bag):
            if count:
                plaza[c] += count
                bag[c] = 0
                if w.log:
                    w.events.append(BagEmptied(c, count))
    w.phase, w.stage, w.cursor = Phase.OVER, 0, 0
    w.resume()
    state = w.freeze()
    # The strengths round 5's scoring read, kept by the working copy (Locations changed since
    # are read afresh).
    powers = [None if loc.removed else w.power(i) for i, loc in enumerate(w.board)]
    finals = final_scores(state, powers)
    w.final = finals
    for p, f in enumerate(finals):
        w.seat(p).score = f.total
        if w.log:
            w.events.append(
                FinalScored(
                    p,
                    f.objective,
                    f.objective_points,
                    f.largest_flock,
                    f.creatures,
                    f.fountain,
                    f.plaza,
                    f.total,
                )
            )
    if w.log:
        done = w.freeze()
        w.events.append(GameEnded(winners_of(done), tuple(s.score for s in done.seats)))
