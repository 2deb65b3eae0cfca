"""to_act, legal_actions, check and step: draft, migration, additional migration (K2, K3);
`check` is the single source of legality."""

from __future__ import annotations

from functools import lru_cache
from typing import Final, assert_never, cast

from birdgames.core import check_player
from birdgames.offered import offer, require_legal
from birdgames.peacock import build, flow
from birdgames.peacock.actions import (
    ACTION_TYPES,
    Action,
    DraftCard,
    EndMigration,
    LiftBird,
    PlaceBird,
    PlaceIsland,
    Source,
    TuckIsland,
)
from birdgames.peacock.cards import (
    SPECIES_BY_ID,
    Season,
)
from birdgames.peacock.events import (
    BirdLifted,
    BirdMoved,
    BirdPlaced,
    Event,
    HandPassed,
    IslandPlaced,
    IslandTucked,
    MigrationEnded,
    PhaseBegan,
    PickCommitted,
    PickRevealed,
)
from birdgames.peacock.scoring import (
    flock_limits,
    flock_max,
    flock_text,
    group_counts,
    hunger_text,
    is_fed,
)
from birdgames.peacock.state import (
    ADDITIONAL,
    BLUE,
    DRAFT,
    MIGRATION,
    MOVES_PER_MIGRATION,
    ORANGE,
    OVER,
    SLOTS,
    Flock,
    Group,
    Phase,
    Pool,
    Seat,
    Slot,
    State,
    Tuck,
    direction,
)

HALVES: Final = (BLUE, ORANGE)
# Short names for the members the rules read.
DRAFTED: Final = Source.DRAFTED
ASIDE: Final = Source.ASIDE
RECEIVED: Final = Source.RECEIVED
TABLEAU: Final = Source.TABLEAU


# --- small builders ---------------------------------------------------------------------


def _with_seat(state: State, player: int, seat: Seat) -> State:
    return build.with_seats(state, build.replaced(state.seats, player, seat))


# --- turn order -------------------------------------------------------------------------


def to_act(state: State) -> tuple[int, ...]:
    """Returns the seats with a decision now, ascending."""
    phase = state.phase
    acting: list[int] = []
    if phase is DRAFT:
        for i, seat in enumerate(state.seats):
            if seat.pick is None:
                acting.append(i)
    elif phase is not OVER:
        for i, seat in enumerate(state.seats):
            if not seat.done:
                acting.append(i)
    return tuple(acting)


def is_terminal(state: State) -> bool:
    """Returns whether nobody acts any more: `to_act` is empty."""
    phase = state.phase
    if phase is DRAFT:
        for seat in state.seats:
            if seat.pick is None:
                return False
    elif phase is not OVER:
        for seat in state.seats:
            if not seat.done:
                return False
    return True


def _in_turn(state: State, player: int) -> bool:
    seat = state.seats[player]
    if state.phase is DRAFT:
        return seat.pick is None
    if state.phase is OVER:
        return False
    return not seat.done


# --- legal actions ----------------------------------------------------------------------


def legal_actions(state: State, player: int) -> tuple[Action, ...]:
    """Returns every legal action of `player` now, in a fixed order."""
    check_player(player, len(state.seats))
    if not _in_turn(state, player):
        return ()
    seat = state.seats[player]
    if state.phase is DRAFT:
        picks: list[Action] = []
        for cards in (seat.hand.birds, seat.hand.islands):
            listed: list[str] = []
            for card in cards:
                if card not in listed:
                    listed.append(card)
                    picks.append(_draft_card(player, card))
        acts: tuple[Action, ...] = tuple(picks)
    else:
        acts = _migration_actions(state, player, seat)
    offer(state, acts)
    return acts


# One action object per distinct action, made once: legal_actions hands out the same objects
# each time (actions are values, so sharing them is safe).
_SOURCES: Final = tuple(Source)
_DRAFTED: Final = _SOURCES.index(DRAFTED)
_ASIDE: Final = _SOURCES.index(ASIDE)
_RECEIVED: Final = _SOURCES.index(RECEIVED)


@lru_cache(maxsize=4096)
def _draft_card(player: int, card: str) -> DraftCard:
    return DraftCard(player, card)


@lru_cache(maxsize=4096)
def _island_actions(player: int, island: str, groups: int) -> tuple[Action, ...]:
    """Returns placing a drafted island as a new group, then each tuck under the `groups`."""
    tucks = (TuckIsland(player, island, index, half) for index in range(groups) for half in HALVES)
    return (PlaceIsland(player, island), *tucks)


@lru_cache(maxsize=64)
def _closing(player: int) -> EndMigration:
    return EndMigration(player)


# The migration listing works on species as bits of an int and on the slots of the tableau as
# targets, one int each: 2 * group + 0 (left) or 1 (right). A target's mask holds the species
# whose birds may join that slot now (K2.3).
_BIT: Final = {bird: 1 << index for index, bird in enumerate(SPECIES_BY_ID)}


# Cached: 10% of a pure and 15% of a compiled playout step (benchmarks/instructions.py).
@lru_cache(maxsize=4096)
def _feeds(island: str, tucks: tuple[Tuck, ...], blue: bool) -> tuple[int, dict[str, int]]:
    """Returns the species a group of `island` and `tucks` feeds, as bits, and the biggest
    flock of each there (K2.3)."""
    most = flock_limits(island, tucks, blue)
    fed = 0
    for bird in most:
        fed |= _BIT[bird]
    return fed, most


def _masks(groups: tuple[Group, ...], blue: bool) -> list[int]:
    """Returns the mask of each target of `groups`."""
    masks: list[int] = []
    for group in groups:
        fed, most = _feeds(group.island, group.tucks, blue)
        masks.append(_slot_mask(group.left, fed, most))
        masks.append(_slot_mask(group.right, fed, most))
    return masks


def _slot_mask(flock: Flock | None, fed: int, most: dict[str, int]) -> int:
    """Returns the species a slot takes: any its group feeds when empty, else its own while
    the flock has room (K2.3)."""
    if flock is None:
        return fed
    if flock.size < most.get(flock.species, 0):
        return _BIT[flock.species]
    return 0


# Actions made once and found again: a listing that built its actions would cost 1.8 times
# as much pure and 3.6 times compiled per playout step (benchmarks/instructions.py).
class _Listing:
    """One player's migration actions, each made once (actions are values, so sharing them is
    safe), found by bird and target; bounded by the catalog's species and the slots of the
    biggest tableau. A longer row replaces a shorter one whole, so a listing in another
    thread never reads a row half made."""

    def __init__(self, player: int) -> None:
        self.player = player
        # By source index, then bird: the placement into each target.
        self.places: list[dict[str, list[PlaceBird]]] = [{} for _ in _SOURCES]
        # By the target left (an empty dict added for each new one), then bird: the move into
        # each target.
        self.moves: list[dict[str, list[PlaceBird]]] = []
        # By the target left, then bird: the lift.
        self.lifts: list[dict[str, LiftBird]] = []

    def placements(self, source: int, bird: str, targets: int) -> list[PlaceBird]:
        """Returns the placements of `bird` from `_SOURCES[source]` into each of the first
        `targets` targets (or more)."""
        by_bird = self.places[source]
        row = by_bird.get(bird)
        if row is None or len(row) < targets:
            longer = [] if row is None else list(row)
            for target in range(len(longer), targets):
                slot = SLOTS[target & 1]
                longer.append(PlaceBird(self.player, bird, _SOURCES[source], target >> 1, slot))
            row = by_bird[bird] = longer
        return row

    def moving(self, bird: str, leaves: int, targets: int) -> list[PlaceBird]:
        """Returns the moves of one `bird` off the target `leaves` into each of the first
        `targets` targets (or more)."""
        while len(self.moves) <= leaves:
            self.moves.append({})
        by_bird = self.moves[leaves]
        row = by_bird.get(bird)
        if row is None or len(row) < targets:
            longer = [] if row is None else list(row)
            group, slot = leaves >> 1, SLOTS[leaves & 1]
            for target in range(len(longer), targets):
                move = PlaceBird(
                    self.player, bird, TABLEAU, target >> 1, SLOTS[target & 1], group, slot
                )
                longer.append(move)
            row = by_bird[bird] = longer
        return row

    def lift(self, bird: str, leaves: int) -> LiftBird:
        """Returns lifting one `bird` off the target `leaves`."""
        while len(self.lifts) <= leaves:
            self.lifts.append({})
        lift = self.lifts[leaves].get(bird)
        if lift is None:
            lift = self.lifts[leaves][bird] = LiftBird(
                self.player, bird, leaves >> 1, SLOTS[leaves & 1]
            )
        return lift


_LISTINGS: Final[dict[int, _Listing]] = {}


def _listing(player: int) -> _Listing:
    listing = _LISTINGS.get(player)
    if listing is None:
        listing = _LISTINGS.setdefault(player, _Listing(player))
    return listing


def _migration_actions(state: State, player: int, seat: Seat) -> tuple[Action, ...]:
    groups = seat.groups
    pool = seat.pool
    acts: list[Action] = []
    migration = state.phase is MIGRATION
    if migration:
        listed: list[str] = []
        for island in pool.drafted_islands:
            if island not in listed:
                listed.append(island)
                acts += _island_actions(player, island, len(groups))
    listing = _listing(player)
    masks = _masks(groups, state.season is BLUE)
    if migration:
        _place_from(acts, listing, _DRAFTED, pool.drafted_birds, masks)
        _place_from(acts, listing, _ASIDE, pool.aside, masks)
    else:  # K2.4 only received birds are placed; nothing else moves.
        _place_from(acts, listing, _RECEIVED, pool.received, masks)
    # K2.3 placed birds move again freely, within the migration's move budget (DECISION):
    # to another slot, or lifted into the set-aside birds, so a full tableau can still
    # rearrange (lift, move the others, place the lifted birds again).
    if migration and seat.moves < MOVES_PER_MIGRATION:
        for index, group in enumerate(groups):
            if group.left is not None:
                _leave(acts, listing, group.left.species, 2 * index, masks)
            if group.right is not None:
                _leave(acts, listing, group.right.species, 2 * index + 1, masks)
    if not migration or not pool.drafted_islands:
        acts.append(_closing(player))
    return tuple(acts)


def _place_from(
    acts: list[Action], listing: _Listing, source: int, birds: tuple[str, ...], masks: list[int]
) -> None:
    """Appends the placements of each distinct bird of `birds` from `_SOURCES[source]`, in
    tableau order."""
    seen = 0
    for bird in birds:
        bit = _BIT.get(bird, 0)
        if seen & bit or not bit:  # a bird of no species goes nowhere
            continue
        seen |= bit
        row = listing.placements(source, bird, len(masks))
        for target, mask in enumerate(masks):
            if mask & bit:
                acts.append(row[target])


def _leave(acts: list[Action], listing: _Listing, bird: str, leaves: int, masks: list[int]) -> None:
    """Appends the moves of one `bird` off the target `leaves`, in tableau order, then its
    lift."""
    bit = _BIT.get(bird, 0)
    if bit:
        row = listing.moving(bird, leaves, len(masks))
        for target, mask in enumerate(masks):
            if mask & bit and target != leaves:
                acts.append(row[target])
    acts.append(listing.lift(bird, leaves))


# --- legality ---------------------------------------------------------------------------


def check(state: State, action: object) -> str | None:
    """Returns None if `action` is legal now, else the reason in a sentence."""
    problem = ACTION_TYPES.problem(action)  # every field exactly typed before a rule reads it
    if problem is not None:
        return problem
    action = cast(Action, action)
    player = action.player
    players = len(state.seats)
    if type(player) is not int or not 0 <= player < players:
        return f"there is no player {player!r} in a {players}-player game"
    phase = state.phase
    if phase is OVER:
        return "the game is over"
    seat = state.seats[player]
    match action:
        case DraftCard():
            if phase is not DRAFT:
                return f"cards are drafted in the draft, but this is the {_phase_name(phase)}"
            if seat.pick is not None:
                return f"p{player} has already picked a card this turn"
            return _check_draft(seat, action.player, action.card)
        case PlaceIsland() | TuckIsland() | PlaceBird() | LiftBird() | EndMigration():
            if phase is DRAFT:
                return "this is the draft: choose a card from your hand"
            if seat.done:
                return f"p{player} has already ended this migration"
            return _check_migration(state, seat, action)
        case _:
            assert_never(action)


def _phase_name(phase: Phase) -> str:
    return phase.value.replace("_", " ")


def _check_draft(seat: Seat, player: int, card: object) -> str | None:
    hand = seat.hand
    if card in hand.birds or card in hand.islands:
        return None
    # The reason never lists the hand: a refusal must not show a hand to whoever sent it.
    return f"{card!r} is not in p{player}'s hand"


def _check_migration(
    state: State,
    seat: Seat,
    action: PlaceIsland | TuckIsland | PlaceBird | LiftBird | EndMigration,
) -> str | None:
    pool = seat.pool
    additional = state.phase is ADDITIONAL
    match action:
        case PlaceIsland():
            return _island_problem(additional, pool, action.island)
        case TuckIsland():
            problem = _island_problem(additional, pool, action.island) or _group_problem(
                seat, action.group
            )
            if problem:
                return problem
            if not isinstance(action.half, Season):
                return f"half must be blue or orange, not {action.half!r}"
            return None
        case PlaceBird():
            return _check_place_bird(state, seat, action)
        case LiftBird():
            return _check_lift_bird(additional, seat, action)
        case EndMigration():
            if not additional and pool.drafted_islands:
                left = ", ".join(pool.drafted_islands)
                return f"place or tuck every drafted island first (still waiting: {left})"
            return None
        case _:
            assert_never(action)


def _island_problem(additional: bool, pool: Pool, island: object) -> str | None:
    if additional:
        return "islands cannot change in additional migration"
    if island in pool.drafted_islands:
        return None
    held = ", ".join(pool.drafted_islands) or "none"
    return f"{island!r} is not among your drafted islands (you have {held})"


def _group_problem(seat: Seat, group: object) -> str | None:
    count = len(seat.groups)
    if type(group) is not int or not 0 <= group < count:
        return f"there is no group {group!r}; your groups are 0 to {count - 1}"
    return None


def _check_lift_bird(additional: bool, seat: Seat, action: LiftBird) -> str | None:
    if additional:  # K2.4
        return "in additional migration only received birds are placed; nothing else moves"
    problem = _group_problem(seat, action.group)
    if problem:
        return problem
    if not isinstance(action.slot, Slot):
        return f"slot must be left or right, not {action.slot!r}"
    return _leaving_problem(seat, action.player, action.bird, action.group, action.slot)


def _leaving_problem(seat: Seat, player: int, bird: object, group: int, slot: Slot) -> str | None:
    """Why `bird` cannot leave `slot` of `group` (a move or a lift), or None (K2.3)."""
    flock = seat.groups[group].flock(slot)
    if flock is None or flock.species != bird:
        holds = "is empty" if flock is None else f"holds {flock.species}"
        return f"group {group} {slot.value} {holds}, not {bird!r}"
    if seat.moves >= MOVES_PER_MIGRATION:  # K2.3 (DECISION)
        return f"p{player} has made all {MOVES_PER_MIGRATION} moves of this migration"
    return None


def _check_place_bird(state: State, seat: Seat, action: PlaceBird) -> str | None:
    bird, source = action.bird, action.source
    pool = seat.pool
    if not isinstance(source, Source):
        return f"source must be drafted, aside, received or tableau, not {source!r}"
    if state.phase is ADDITIONAL:  # K2.4
        if source is not RECEIVED:
            return "in additional migration only received birds are placed; nothing else moves"
    elif source is RECEIVED:
        return "received birds are placed in additional migration"
    if source is TABLEAU:
        problem = _group_problem(seat, action.from_group)
        if problem:
            return problem
        if not isinstance(action.from_slot, Slot):
            return (
                f"a bird moved from the tableau needs the slot it leaves, not {action.from_slot!r}"
            )
        assert action.from_group is not None
        problem = _leaving_problem(seat, action.player, bird, action.from_group, action.from_slot)
        if problem:
            return problem
    else:
        if action.from_group is not None or action.from_slot is not None:
            return "only a bird moved from the tableau names a group to leave"
        held = {
            DRAFTED: pool.drafted_birds,
            ASIDE: pool.aside,
            RECEIVED: pool.received,
        }[source]
        if bird not in held:
            have = ", ".join(held) or "none"
            return f"{bird!r} is not among your {source.value} birds (you have {have})"
    problem = _group_problem(seat, action.group)
    if problem:
        return problem
    if not isinstance(action.slot, Slot):
        return f"slot must be left or right, not {action.slot!r}"
    if action.group == action.from_group and action.slot is action.from_slot:
        return f"the {bird} is already in group {action.group} {action.slot.value}"
    species = SPECIES_BY_ID[bird]
    group = seat.groups[action.group]
    where = f"group {action.group}"
    counts = group_counts(group, state.season)
    if not is_fed(species, counts):
        return hunger_text(species, counts, where, state.season)
    flock = group.flock(action.slot)
    spot = f"{where} {action.slot.value}"
    if flock is not None:
        if flock.species != bird:
            return f"{spot} holds {flock_text(flock.species)}; a flock has one species"
        most = flock_max(species, state.season, counts)
        if flock.size >= most:
            return f"the {bird} flock in {spot} is full ({flock.size} of {most})"
    return None


# --- the reducer ------------------------------------------------------------------------


def step(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Returns the next state and what happened; illegal: IllegalActionError."""
    require_legal(state, action, check)
    return _resolve(state, action, True)


def advance(state: State, action: Action) -> State:
    """Returns the state `step` returns, without building the action's own event."""
    require_legal(state, action, check)
    return _resolve(state, action, False)[0]


def _resolve(state: State, action: Action, log: bool) -> tuple[State, tuple[Event, ...]]:
    """Returns the next state and what happened; the action must be legal.

    With `log` off (`apply`), an action's own event is not built and none is returned; the
    state is the same.
    """
    match action:
        case DraftCard():
            return _draft(state, action, log)
        case PlaceIsland():
            return _place_island(state, action, log)
        case TuckIsland():
            return _tuck_island(state, action, log)
        case PlaceBird():
            return _place_bird(state, action, log)
        case LiftBird():
            return _lift_bird(state, action, log)
        case EndMigration():
            return _end_migration(state, action, log)
        case _:
            assert_never(action)


def _draft(state: State, action: DraftCard, log: bool) -> tuple[State, tuple[Event, ...]]:
    player, card = action.player, action.card
    seat = state.seats[player]
    hand = seat.hand
    if card in SPECIES_BY_ID:
        hand = build.hand(build.removed(hand.birds, card), hand.islands)
    else:
        hand = build.hand(hand.birds, build.removed(hand.islands, card))
    seat = build.seat(hand, card, seat.pool, seat.groups, seat.done, seat.season_scores, seat.moves)
    state = _with_seat(state, player, seat)
    for other in state.seats:
        if other.pick is None:
            return state, (PickCommitted(player, card),) if log else ()
    if not log:
        return _reveal(state, None), ()
    events: list[Event] = [PickCommitted(player, card)]
    state = _reveal(state, events)
    return state, tuple(events)


def _reveal(state: State, events: list[Event] | None) -> State:
    """K2.2 all picks turn face up, then the rest of each hand passes; `events` (None:
    `apply`, no events wanted) gets what happened."""
    n = len(state.seats)
    step_ = direction(state.season)
    seats = state.seats
    pools: list[Pool] = []
    for i, seat in enumerate(seats):
        card = seat.pick
        assert card is not None
        pool = seat.pool
        if card in SPECIES_BY_ID:
            pool = build.pool(
                build.added(pool.drafted_birds, card),
                pool.drafted_islands,
                pool.aside,
                pool.received,
            )
        else:
            pool = build.pool(
                pool.drafted_birds,
                build.added(pool.drafted_islands, card),
                pool.aside,
                pool.received,
            )
        pools.append(pool)
        if events is not None:
            events.append(PickRevealed(i, card))
    new_list: list[Seat] = []
    for i, seat in enumerate(seats):
        hand = seats[(i - step_) % n].hand
        new_list.append(build.seat(hand, None, pools[i], seat.groups, False, seat.season_scores, 0))
    new_seats = tuple(new_list)
    empty = not new_seats[0].hand.birds and not new_seats[0].hand.islands
    if not empty:
        if events is not None:
            for i, seat in enumerate(seats):
                hand = seat.hand
                count = len(hand.birds) + len(hand.islands)
                events.append(HandPassed(i, (i + step_) % n, count, hand.birds, hand.islands))
        return build.with_seats(state, new_seats)
    if events is not None:
        events.append(PhaseBegan(MIGRATION, state.round, state.season))
    return build.with_seats(state, new_seats, MIGRATION)


def _place_island(state: State, action: PlaceIsland, log: bool) -> tuple[State, tuple[Event, ...]]:
    groups = (*state.seats[action.player].groups, build.group(action.island, (), None, None))
    after = _island_used(state, action.player, action.island, groups)
    if not log:
        return after, ()
    return after, (IslandPlaced(action.player, action.island, len(groups) - 1),)


@lru_cache(maxsize=256)
def _tuck(island: str, half: int) -> Tuck:
    """Returns one tuck, made once: the flock limits, cached by the tucks, then find their key
    by identity, not by attrs' equality in Python (the half by index, as `_pool_table`)."""
    return Tuck(island, HALVES[half])


def _tuck_island(state: State, action: TuckIsland, log: bool) -> tuple[State, tuple[Event, ...]]:
    groups = state.seats[action.player].groups
    old = groups[action.group]
    tuck = _tuck(action.island, 0 if action.half is BLUE else 1)
    group = build.group(old.island, (*old.tucks, tuck), old.left, old.right)
    groups = build.replaced(groups, action.group, group)
    after = _island_used(state, action.player, action.island, groups)
    if not log:
        return after, ()
    return after, (IslandTucked(action.player, action.island, action.group, action.half),)


def _island_used(state: State, player: int, island: str, groups: tuple[Group, ...]) -> State:
    """Returns `state` with `island` taken from the player's drafted islands into `groups`."""
    seat = state.seats[player]
    pool = seat.pool
    pool = build.pool(
        pool.drafted_birds, build.removed(pool.drafted_islands, island), pool.aside, pool.received
    )
    return _with_seat(
        state,
        player,
        build.seat(seat.hand, None, pool, groups, False, seat.season_scores, seat.moves),
    )


def _place_bird(state: State, action: PlaceBird, log: bool) -> tuple[State, tuple[Event, ...]]:
    player, bird = action.player, action.bird
    seat = state.seats[player]
    pool = seat.pool
    groups = list(seat.groups)
    moves = seat.moves
    event: Event
    source = action.source
    if source is DRAFTED:
        pool = build.pool(
            build.removed(pool.drafted_birds, bird), pool.drafted_islands, pool.aside, pool.received
        )
    elif source is ASIDE:
        pool = build.pool(
            pool.drafted_birds, pool.drafted_islands, build.removed(pool.aside, bird), pool.received
        )
    elif source is RECEIVED:
        pool = build.pool(
            pool.drafted_birds, pool.drafted_islands, pool.aside, build.removed(pool.received, bird)
        )
    else:
        assert source is TABLEAU and action.from_group is not None
        assert action.from_slot is not None
        moves += 1
        groups[action.from_group] = _one_bird_off(groups[action.from_group], action.from_slot)
    target = groups[action.group]
    flock = target.flock(action.slot)
    joined = build.flock(bird, 1 if flock is None else flock.size + 1)
    groups[action.group] = build.with_flock(target, action.slot, joined)
    seat = build.seat(seat.hand, None, pool, tuple(groups), False, seat.season_scores, moves)
    if not log:
        return _with_seat(state, player, seat), ()
    if source is TABLEAU:
        assert action.from_group is not None and action.from_slot is not None
        event = BirdMoved(
            player, bird, action.from_group, action.from_slot, action.group, action.slot
        )
    else:
        event = BirdPlaced(player, bird, action.source, action.group, action.slot)
    return _with_seat(state, player, seat), (event,)


def _one_bird_off(group: Group, slot: Slot) -> Group:
    """Returns `group` with one bird fewer in the flock of `slot` (a move or a lift)."""
    flock = group.flock(slot)
    assert flock is not None
    left = None if flock.size == 1 else build.flock(flock.species, flock.size - 1)
    return build.with_flock(group, slot, left)


def _lift_bird(state: State, action: LiftBird, log: bool) -> tuple[State, tuple[Event, ...]]:
    player, bird = action.player, action.bird
    seat = state.seats[player]
    pool = seat.pool
    pool = build.pool(
        pool.drafted_birds, pool.drafted_islands, build.added(pool.aside, bird), pool.received
    )
    old = seat.groups[action.group]
    groups = build.replaced(seat.groups, action.group, _one_bird_off(old, action.slot))
    seat = build.seat(seat.hand, None, pool, groups, False, seat.season_scores, seat.moves + 1)
    after = _with_seat(state, player, seat)
    if not log:
        return after, ()
    return after, (BirdLifted(player, bird, action.group, action.slot),)


def _end_migration(
    state: State, action: EndMigration, log: bool
) -> tuple[State, tuple[Event, ...]]:
    player = action.player
    seat = state.seats[player]
    seat = build.seat(seat.hand, None, seat.pool, seat.groups, True, seat.season_scores, seat.moves)
    state = _with_seat(state, player, seat)
    for other in state.seats:
        if not other.done:
            return state, (MigrationEnded(player),) if log else ()
    # The season's end builds its events either way: once a season, they cost little.
    events: list[Event] = [MigrationEnded(player)]
    if state.phase is MIGRATION:
        state = flow.start_additional(state, events)
    else:
        state = flow.finish_season(state, events)
    return state, tuple(events) if log else ()
