"""Fast paths give exactly what the slow paths give.

Peacock's loaded-state check proves what the generic one finds by enumeration; the last test
compares the two.

`apply` skips `check` for an action object that `legal_actions` offered for the very same
state (birdgames.offered.offer). These tests play the same random games twice, once applying
the offered objects (the fast path) and once applying equal copies decoded from their JSON
(always fully checked), and compare every state.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import birdgames
from birdgames import codec, peacock, perch_bop, rookery
from birdgames.core import stuck_problem
from birdgames.fields import init_only_fills_dict, init_only_stores
from birdgames.offered import NOTE as OFFERED_NOTE
from birdgames.offered import offered, was_offered
from birdgames.peacock import build as peacock_build
from birdgames.peacock import invariants as peacock_invariants
from birdgames.peacock import state as peacock_state
from birdgames.peacock import view as peacock_view
from birdgames.peacock.cards import Season
from birdgames.perch_bop import creatures as perch_creatures
from birdgames.perch_bop import flow as perch_flow
from birdgames.perch_bop import rules as perch_rules
from birdgames.perch_bop import state as perch_state
from birdgames.perch_bop import work as perch_work
from birdgames.perch_bop.cards import CREATURE, MOON_VALUES, OBJECTIVE, SUN_VALUES, TILE, Movement
from birdgames.perch_bop.geometry import geometry_for
from birdgames.perch_bop.objectives import objective_met
from birdgames.perch_bop.scoring import location_strengths, place_points, places
from birdgames.perch_bop.work import loc_power
from birdgames.rng import Rng, below
from birdgames.rookery import abilities as rookery_abilities
from birdgames.rookery import build as rookery_build
from birdgames.rookery import cards as rookery_cards
from birdgames.rookery import effects as rookery_effects
from birdgames.rookery import rules as rookery_rules
from birdgames.rookery import scoring as rookery_scoring
from birdgames.rookery import state as rookery_state

GAMES = sorted(birdgames.games().items())
_STAY = (Movement.INTERSECTION, Movement.STAYS)
_PERCH_PHASE = perch_state.Phase.PERCH
SEEDS = range(3)


def _play_both(game: birdgames.AnyGame, players: int, seed: int) -> tuple[int, int]:
    """Plays one random game both ways; returns (actions, fast-path hits)."""
    config = game.default_config(players)
    fast = game.new_game(config, seed)
    slow = game.new_game(config, seed)
    rng = Rng.from_seed(seed)
    actions = hits = 0
    while not game.is_terminal(fast):
        player = game.to_act(fast)[0]
        legal = game.legal_actions(fast, player)
        assert game.legal_actions(slow, player) == legal
        index, rng = below(rng, len(legal))
        action = legal[index]
        copy = codec.loads_action(codec.dumps(action))
        assert copy == action and copy is not action
        assert not was_offered(slow, copy)
        hits += was_offered(fast, action)
        fast = game.apply(fast, action)
        slow = game.apply(slow, copy)
        assert fast == slow
        assert codec.dumps(fast) == codec.dumps(slow)
        actions += 1
    assert game.scores(fast) == game.scores(slow)
    return actions, hits


def _random_states(game: Any, config: Any, seed: int) -> Iterator[Any]:
    """Yields every state of one random game until its end (the end excluded)."""
    state = game.new_game(config, seed)
    rng = Rng.from_seed(seed)
    while not game.is_terminal(state):
        yield state
        legal = game.legal_actions(state, game.to_act(state)[0])
        index, rng = below(rng, len(legal))
        state = game.apply(state, legal[index])


@pytest.mark.parametrize(("name", "game"), GAMES, ids=[name for name, _ in GAMES])
def test_offered_actions_apply_exactly_as_checked_copies(
    name: str, game: birdgames.AnyGame
) -> None:
    """Every state of random games is the same whether `check` ran or was skipped."""
    for players in game.player_counts:
        for seed in SEEDS:
            actions, hits = _play_both(game, players, seed)
            assert actions > 0
            if name in ("peacock", "perch_bop", "rookery"):
                assert hits == actions  # the fast path really ran, on every step


def test_an_offered_note_never_reaches_equality_hash_or_the_codec() -> None:
    """The note legal_actions leaves in a state changes nothing about its value."""
    for _, game in GAMES:
        players = min(game.player_counts)
        state = game.new_game(game.default_config(players), 1)
        before = codec.dumps(state)
        twin = game.new_game(game.default_config(players), 1)
        legal = game.legal_actions(state, game.to_act(state)[0])
        assert legal
        assert state == twin and hash(state) == hash(twin)
        assert codec.dumps(state) == before


def test_an_action_offered_for_another_state_is_checked() -> None:
    """An offered object applied to a different state takes the full check and is refused."""
    game = birdgames.get_game("rookery")
    state = game.new_game(game.default_config(2), 3)
    player = game.to_act(state)[0]
    action = game.legal_actions(state, player)[0]
    later = game.apply(state, action)
    assert not was_offered(later, action)
    with pytest.raises(birdgames.IllegalActionError):
        game.apply(later, action)


def test_peacock_load_check_proves_progress_as_the_enumerating_check_finds() -> None:
    """Peacock's loaded-state check reasons where the generic check enumerates legal actions.

    Along random games, and with every seat closed or every pick made, both give the same
    verdict.
    """
    game = peacock.GAME
    for players in game.player_counts:
        state = game.new_game(game.default_config(players), players)
        rng = Rng.from_seed(players)
        while True:
            variants = [
                state,
                attrs.evolve(state, seats=tuple(attrs.evolve(s, done=True) for s in state.seats)),
                attrs.evolve(state, seats=tuple(attrs.evolve(s, pick="crow") for s in state.seats)),
            ]
            for variant in variants:
                assert peacock_invariants._stuck_problem(variant) == stuck_problem(game, variant)
            if game.is_terminal(state):
                break
            legal = game.legal_actions(state, game.to_act(state)[0])
            index, rng = below(rng, len(legal))
            state = game.apply(state, legal[index])


def _perch_note_free(state: perch_bop.State) -> perch_bop.State:
    """Returns an equal State built afresh, so it carries no note of any earlier call."""
    twin = attrs.evolve(state)
    assert twin == state and twin is not state
    return twin


def test_perch_bonus_actions_noted_by_a_placement_are_the_ones_listed_afresh() -> None:
    """After a placement, Perch's step notes the turn's bonus actions left (then EndTurn) in
    the next state; legal_actions returns that note. Along random games at every player
    count, expansions and promos on, each noted list equals the list an equal State without
    the note gives, and the note is really used."""
    game = perch_bop.GAME
    promos = frozenset({"golden_goose", "eagle_of_justice", "yeti"})
    noted = 0
    for players in game.player_counts:
        for seed, config in enumerate(
            [
                game.default_config(players),
                attrs.evolve(game.default_config(players), promos=promos),
            ]
        ):
            state = game.new_game(config, seed)
            rng = Rng.from_seed(seed + 10 * players)
            while not game.is_terminal(state):
                player = game.to_act(state)[0]
                in_advance = offered(state)
                legal = game.legal_actions(state, player)
                fresh = game.legal_actions(_perch_note_free(state), player)
                assert legal == fresh
                if in_advance is not None:
                    noted += 1
                    assert legal is in_advance
                index, rng = below(rng, len(legal))
                state = game.apply(state, legal[index])
    assert noted > 50


def _cell(state: perch_bop.State, tile: str) -> int:
    return next(i for i, loc in enumerate(state.locations) if loc.tile == tile)


def _assert_built_alike(direct: Any, slow: Any) -> None:
    """A state built directly equals the working copy's: its value, its codec text, the
    actions it offers, its fields in order, and at most the offered note besides (None or
    absent: no note)."""
    assert direct == slow
    assert codec.dumps(direct) == codec.dumps(slow)
    assert offered(direct) == offered(slow)
    assert _fields_stored(direct) == _fields_stored(slow)
    assert len(_stored(direct)) <= len(_fields_stored(direct)) + 1


def test_perch_placements_and_turn_ends_built_directly_equal_the_working_copys() -> None:
    """`apply` builds the state after a placement, an EndTurn or a Feed the Birds directly
    (rules._placed, rules._turn_over, rules._fed) where the working copy would take a few
    steps. On every such action offered, not only the one played, along random games at every
    player count (the default config, the promos with optional nests and nest zaps), the direct
    build equals what the working copy makes (`step`): the value, the codec text and the bonus
    actions noted for the next turn part, with and without the bonus actions the turn's
    listing noted before the placement (a bird joining its stack reuses them). Birdfeeders
    taken by a seat and by the dummy, the Perch phase's end (where the driver goes on), and
    birds fed before and after the placement, emptying their stacks, are among them."""
    game = perch_bop.GAME
    promos = frozenset({"golden_goose", "eagle_of_justice", "yeti"})
    built = ended = fed = dummy_fed = noted = joined = turns_ended = 0
    fed_birds = fed_first = emptied = nest_freed = 0
    for players in game.player_counts:
        default = game.default_config(players)
        variant = attrs.evolve(default, promos=promos, optional_nests=True, zap_nests=True)
        for seed, config in enumerate([default, variant]):
            for state in _random_states(game, config, seed + 10 * players):
                player = game.to_act(state)[0]
                for action in game.legal_actions(state, player):
                    if isinstance(action, perch_bop.EndTurn):
                        direct = perch_rules.advance(state, action)
                        assert direct == perch_rules.step(state, action)[0]
                        turns_ended += 1
                    if isinstance(action, perch_bop.FeedBirds):
                        _assert_built_alike(
                            perch_rules.advance(state, action), perch_rules.step(state, action)[0]
                        )
                        fed_birds += 1
                        fed_first += not state.flow.placed
                        cell = state.locations[_cell(state, action.location)]
                        emptied += cell.birds[action.colour] == 1
                        nest_freed += cell.birds[action.colour] == 1 and cell.nested[action.colour]
                    if not isinstance(action, perch_bop.Place):
                        continue
                    direct = perch_rules._placed(state, action)
                    slow, _ = perch_rules.step(state, action)
                    _assert_built_alike(direct, slow)
                    noted += offered(direct) is not None
                    # Without the bonus actions the listing noted before the placement.
                    unlisted = perch_rules._placed(_perch_note_free(state), action)
                    assert unlisted == direct
                    assert offered(unlisted) == offered(direct)
                    stack = state.locations[_cell(state, action.location)].birds[action.colour]
                    joined += stack > 0
                    built += 1
                    ended += slow.round != state.round or slow.flow.phase is not _PERCH_PHASE
                    feeders = state.feeders
                    assert feeders is not None  # Seeds the Day is on by default
                    if feeders != direct.feeders:
                        fed += 1
                        dummy_fed += action.colour >= players
    assert built > 8_000 and noted > 4_000 and ended > 150 and fed > 1_000 and dummy_fed > 30
    assert joined > 2_000 and turns_ended > 150
    assert fed_birds > 400 and fed_first > 150 and emptied > 300 and nest_freed > 100


def test_perch_turn_bookmarks_are_one_object_per_value() -> None:
    """The Flow a placement or a turn's end builds within the round (rules._turn_state) is
    shared: along a random game, every such Flow is the very object an earlier one of the
    same value was."""
    game = perch_bop.GAME
    seen: dict[perch_state.Flow, perch_state.Flow] = {}
    shared = 0
    for state in _random_states(game, game.default_config(3), 7):
        for action in game.legal_actions(state, game.to_act(state)[0]):
            if not isinstance(action, perch_bop.Place | perch_bop.EndTurn):
                continue
            after = perch_rules.advance(state, action)
            if after.round == state.round and after.flow.phase is _PERCH_PHASE:
                shared += after.flow in seen
                assert seen.setdefault(after.flow, after.flow) is after.flow
    assert len(seen) > 10 and shared > 500


def test_perch_can_move_answers_as_listing_the_moves_does() -> None:
    """creatures.can_move counts where move_options lists: for every creature, from every
    cell and Pond, on the boards of random games at every player count, the two agree; for
    the movements it counts, also on boards with tiles removed that games seldom remove."""
    game = perch_bop.GAME
    counted = (Movement.ANY_OTHER, Movement.ADJACENT, Movement.STRONGEST_NEIGHBOUR)
    compared = moved = 0
    for players in game.player_counts:
        state = game.new_game(game.default_config(players), players)
        rng = Rng.from_seed(players)
        while not game.is_terminal(state):
            played = perch_creatures.ground(state)
            cells = frozenset(range(len(played.locs)))
            keep, rng = below(rng, len(played.locs))
            stripped = [  # all but two tiles removed; all; all but one and no Ponds
                played._replace(removed=cells - {keep, keep // 2}),
                played._replace(removed=cells),
                played._replace(removed=cells - {keep}, ponds=()),
            ]
            for name, creature in CREATURE.items():
                grounds = [played, *stripped] if creature.movement in counted else [played]
                for g, start in itertools.product(grounds, range(len(cells) + len(played.ponds))):
                    try:
                        listed = bool(perch_creatures.move_options(g, name, start, ()))
                    except IndexError:  # a start this movement cannot read (a Pond's index)
                        with pytest.raises(IndexError):
                            perch_creatures.can_move(g, name, start)
                        continue
                    assert perch_creatures.can_move(g, name, start) is listed, (name, start)
                    compared += 1
                    moved += listed
            legal = game.legal_actions(state, game.to_act(state)[0])
            index, rng = below(rng, len(legal))
            state = game.apply(state, legal[index])
    assert compared > 10_000 and 0 < moved < compared


FAST_BUILT = [
    peacock_state.Seat,
    peacock_state.Hand,
    peacock_state.Pool,
    peacock_state.Group,
    peacock_state.Flock,
    rookery_state.Seat,
    rookery_state.ZoneState,
]


@pytest.mark.parametrize(
    "cls", FAST_BUILT, ids=[f"{c.__module__}.{c.__name__}" for c in FAST_BUILT]
)
def test_fast_built_classes_have_nothing_else_in_their_init(cls: type) -> None:
    """Peacock's and Rookery's reducers build these classes by setting
    their slots (birdgames.fields.slot_setter): equal to attrs' __init__ only while it does
    nothing else. In the compiled build the classes are native and built by their
    constructors (each builder's `_NATIVE`)."""
    assert _native(cls) or init_only_stores(cls, tuple(f.name for f in attrs.fields(cls)))


# Each engine's State and the module that builds it on every step.
BUILDERS = [
    (peacock_state.State, peacock_build),
    (rookery_state.State, rookery_build),
]


def _native(cls: type) -> bool:
    """Whether `cls` is native (the compiled build: hatch_native.py): neither slots nor dict."""
    return "__slots__" not in cls.__dict__ and cls.__dictoffset__ == 0


@pytest.mark.parametrize(("state_class", "builder"), BUILDERS)
def test_each_state_init_only_fills_its_dict(state_class: type, builder: Any) -> None:
    """Each builder makes a State by filling its __dict__ in field order: equal to attrs'
    __init__ only while it does nothing else (or, compiled, by its native constructor)."""
    names = tuple(f.name for f in attrs.fields(state_class))
    assert builder._NATIVE or init_only_fills_dict(state_class, names)


@pytest.mark.parametrize(("state_class", "builder"), BUILDERS)
def test_builders_build_natively_only_when_the_classes_are_native(
    state_class: type, builder: Any
) -> None:
    """`_NATIVE` follows the State class: a dict class in the pure build, and in the compiled
    build a native class without one (hatch_native.py), as are the parts the builder builds."""
    assert _native(state_class) == builder._NATIVE
    parts = [c for c in FAST_BUILT if c.__module__ == state_class.__module__]
    assert parts and all(_native(c) == builder._NATIVE for c in parts)


def test_rookery_fast_builds_equal_attrs_builds() -> None:
    """Rookery's builders give what attrs' __init__ gives from the same values, field for
    field, with the same hash, on values that differ from field to field."""
    game = rookery.GAME
    for seed in range(3, 23):  # a game under way: birds, predators and piles in the zones
        state = game.new_game(game.default_config(2), seed)
        rng = Rng.from_seed(seed)
        for _ in range(60):
            if game.is_terminal(state):
                break
            legal = game.legal_actions(state, game.to_act(state)[0])
            index, rng = below(rng, len(legal))
            state = game.apply(state, legal[index])
        if not game.is_terminal(state) and any(z.birds and z.predators for z in state.zones):
            break
    else:
        pytest.fail("no game of 20 had a zone with birds and predators after 60 actions")
    # The int fields apart, so that a builder setting one from another is caught.
    state = attrs.evolve(
        state, draft_step=11, first_player=1, active=0, turn_number=13, next_uid=17
    )
    zone = next(z for z in state.zones if z.birds and z.predators)
    values = attrs.astuple(state, recurse=False)
    pairs: list[tuple[Any, Any]] = [
        (rookery_build.state(*values), rookery_state.State(*values)),
        (
            rookery_build.seat(("a",), ("b",), ("c",), 3, 4),
            rookery_state.Seat(hand=("a",), deck=("b",), discard=("c",), song=3, prizes=4),
        ),
        (
            rookery_build.zone_state(zone.habitat, zone.birds, zone.predators, zone.pile),
            rookery_state.ZoneState(
                habitat=zone.habitat, birds=zone.birds, predators=zone.predators, pile=zone.pile
            ),
        ),
    ]
    for built, made in pairs:
        assert type(built) is type(made)
        assert attrs.astuple(built, recurse=False) == attrs.astuple(made, recurse=False)
        assert hash(built) == hash(made) and built == made
    assert [name for name, _ in _stored(pairs[0][0])] == [
        f.name for f in attrs.fields(rookery_state.State)
    ]


@attrs.frozen(slots=False, cache_hash=True)
class _HashCached:
    a: int


@attrs.frozen(slots=False)
class _Validated:
    a: int = attrs.field(validator=attrs.validators.instance_of(int))


@attrs.frozen(slots=False)
class _PostInit:
    a: int

    def __attrs_post_init__(self) -> None:
        pass


@attrs.frozen
class _Slotted:
    a: int


@attrs.frozen(slots=False)
class _Plain:
    a: int


@pytest.mark.parametrize("cls", [_HashCached, _Validated, _PostInit, _Slotted])
def test_init_only_fills_dict_refuses_an_init_that_does_more(cls: type) -> None:
    """A cached hash, a validator, a post-init hook or slots: the dict fill would differ."""
    assert _Plain is not cls and init_only_fills_dict(_Plain, ("a",))
    assert not init_only_fills_dict(cls, ("a",))


def test_peacock_fast_builds_equal_attrs_builds() -> None:
    """Peacock's builders give what attrs' __init__ gives from the same values (by keyword),
    field for field, with the same hash, on values that differ from field to field."""
    flock = peacock_build.flock("a", 2)
    made_flock = peacock_state.Flock(species="a", size=2)
    tuck = peacock_state.Tuck("t", Season.BLUE)
    group = peacock_build.group("i", (tuck,), flock, None)
    made_group = peacock_state.Group(island="i", tucks=(tuck,), left=made_flock, right=None)
    hand = peacock_build.hand(("b",), ("c",))
    made_hand = peacock_state.Hand(birds=("b",), islands=("c",))
    pool = peacock_build.pool(("d",), ("e",), ("f",), ("g",))
    made_pool = peacock_state.Pool(
        drafted_birds=("d",), drafted_islands=("e",), aside=("f",), received=("g",)
    )
    seat = peacock_build.seat(hand, "p", pool, (group,), True, (3, 4), 5)
    made_seat = peacock_state.Seat(
        hand=made_hand,
        pick="p",
        pool=made_pool,
        groups=(made_group,),
        done=True,
        season_scores=(3, 4),
        moves=5,
    )
    pairs: list[tuple[Any, Any]] = [
        (flock, made_flock),
        (group, made_group),
        (hand, made_hand),
        (pool, made_pool),
        (seat, made_seat),
        (
            peacock_build.with_flock(group, peacock_state.Slot.LEFT, None),
            attrs.evolve(made_group, left=None),
        ),
        (
            peacock_build.with_flock(group, peacock_state.Slot.RIGHT, flock),
            attrs.evolve(made_group, right=made_flock),
        ),
    ]
    for built, made in pairs:
        assert type(built) is type(made)
        assert attrs.astuple(built, recurse=False) == attrs.astuple(made, recurse=False)
        assert hash(built) == hash(made) and built == made


def test_peacock_with_seats_equals_evolve() -> None:
    """`with_seats` gives what `attrs.evolve` gives, with or without a new phase, on a state
    well into a game, and keeps none of the old state's notes."""
    game = peacock.GAME
    state = game.new_game(game.default_config(3), 5)
    for _ in range(40):
        state = game.apply(state, game.legal_actions(state, game.to_act(state)[0])[0])
    game.legal_actions(state, game.to_act(state)[0])  # notes its answer in the state
    assert getattr(state, "_birdgames_offered", None) is not None
    seats = tuple(reversed(state.seats))
    for phase, made in (
        (None, attrs.evolve(state, seats=seats)),
        (
            peacock_state.Phase.OVER,
            attrs.evolve(state, seats=seats, phase=peacock_state.Phase.OVER),
        ),
    ):
        built = peacock_build.with_seats(state, seats, phase)
        assert type(built) is type(made)
        assert _stored(built) == _stored(made)
        assert [name for name, _ in _stored(built)] == [
            f.name for f in attrs.fields(peacock_state.State)
        ]
        assert hash(built) == hash(made) and built == made


def _fields_stored(value: Any) -> list[tuple[str, object]]:
    """Returns `_stored(value)` without the offered-actions note."""
    return [(name, held) for name, held in _stored(value) if name != OFFERED_NOTE]


def _stored(value: Any) -> list[tuple[str, object]]:
    """Returns what an instance holds, in the order it holds it: its dict, or a native one's
    fields."""
    if hasattr(value, "__dict__"):
        return list(vars(value).items())
    return [(f.name, getattr(value, f.name)) for f in attrs.fields(type(value))]


def test_perch_fast_builds_equal_attrs_builds() -> None:
    """Along random games at every player count, the State, Flow, Locations and Seats the
    working copy freezes equal, field for field, what attrs' __init__ builds (by keyword) from
    the same working values."""
    game = perch_bop.GAME
    compared = 0
    for players in game.player_counts:
        for state in _random_states(game, game.default_config(players), players):
            work = perch_work.Work(state)
            # Values that differ from field to field, so a value set into the wrong slot shows.
            work.stage, work.cursor, work.actor, work.pending = 60, 61, 62, (63,)
            work.placed, work.bonus_used = True, False
            locs = [work.loc(i) for i in range(len(state.locations))]
            for i, loc in enumerate(locs):
                loc.birds = [10 + c for c in range(len(loc.birds))]
                loc.nested = [c % 2 == 0 for c in range(len(loc.nested))]
                loc.housed = [c % 2 == 1 for c in range(len(loc.housed))]
                loc.free_nests, loc.removed = 20 + i, i % 2 == 0
            seats = [work.seat(p) for p in range(players)]
            for p, seat in enumerate(seats):
                seat.hand = [30 + c for c in range(len(seat.hand))]
                seat.score, seat.reached = 40 + p, 50 + p
                seat.birdhouse, seat.zap = p % 2 == 0, p % 2 == 1
            # The State's own fields: values no other field holds (of each field's own type:
            # the compiled working copy checks them), or the state's own ones, which differ.
            work.round, work.tick, work.turn_order = 70, 71, (72,)
            work.arrivals = (perch_state.Arrival(73, 74),)
            work.supply, work.bag = [75, 76], [77, 78]
            work.fountain, work.plaza = [79, None], [80, 81]
            kept = ("config", "rng", "final", "feeders", "sky", "ponds", "promos")
            frozen = work.freeze()
            made_state = perch_state.State(
                round=70,
                tick=71,
                turn_order=(72,),
                arrivals=(perch_state.Arrival(73, 74),),
                locations=frozen.locations,
                seats=frozen.seats,
                flow=frozen.flow,
                creatures=frozen.creatures,
                supply=(75, 76),
                bag=(77, 78),
                fountain=(79, None),
                plaza=(80, 81),
                **{name: getattr(state, name) for name in kept},
            )
            assert [getattr(state, name) for name in kept].count(None) <= 1
            assert type(frozen) is perch_state.State
            assert _stored(frozen) == _stored(made_state)
            assert hash(frozen) == hash(made_state) and frozen == made_state
            pairs: list[tuple[Any, Any]] = [
                (
                    frozen.flow,
                    perch_state.Flow(
                        phase=work.phase,
                        stage=work.stage,
                        cursor=work.cursor,
                        awaiting=work.awaiting,
                        actor=work.actor,
                        pending=work.pending,
                        placed=work.placed,
                        bonus_used=work.bonus_used,
                        activation=work.activation,
                    ),
                )
            ]
            pairs += [
                (
                    built,
                    perch_state.Location(
                        tile=loc.tile,
                        birds=tuple(loc.birds),
                        nested=tuple(loc.nested),
                        housed=tuple(loc.housed),
                        free_nests=loc.free_nests,
                        removed=loc.removed,
                    ),
                )
                for built, loc in zip(frozen.locations, locs, strict=True)
            ]
            pairs += [
                (
                    built,
                    perch_state.Seat(
                        hand=tuple(seat.hand),
                        score=seat.score,
                        reached=seat.reached,
                        dealt=seat.dealt,
                        objective=seat.objective,
                        birdhouse=seat.birdhouse,
                        zap=seat.zap,
                    ),
                )
                for built, seat in zip(frozen.seats, seats, strict=True)
            ]
            for built, made in pairs:
                assert type(built) is type(made)
                assert attrs.astuple(built, recurse=False) == attrs.astuple(made, recurse=False)
                compared += 1
    assert compared > 5_000


def test_perch_working_copy_strengths_follow_every_write() -> None:
    """The working copy computes a frozen Location's strengths once a step; along random
    games, after each read, thaw and write, every Location's strengths equal those computed
    afresh from what the working copy shows."""
    game = perch_bop.GAME
    checked = 0
    for players in game.player_counts:
        rng = Rng.from_seed(players)
        for state in _random_states(game, game.default_config(players), 10 + players):
            work = perch_work.Work(state)
            cells = range(len(state.locations))
            assert [work.power(i) for i in cells] == [loc_power(work.peek(i)) for i in cells]
            i, rng = below(rng, len(state.locations))
            colour, rng = below(rng, players)
            work.loc(i).birds[colour] += 1  # a write after the strengths were read
            after = [work.power(j) for j in cells]
            assert after == [loc_power(work.peek(j)) for j in cells]
            assert after[i] != loc_power(state.locations[i])
            checked += 1
    assert checked > 400


def test_perch_objectives_from_given_strengths_answer_as_computed_afresh() -> None:
    """The end of the game hands `objective_met` the strengths round 5's scoring read; along
    random games, every objective answers the same for every seat with and without them."""
    game = perch_bop.GAME
    checked = met = 0
    for players in game.player_counts:
        for state in _random_states(game, game.default_config(players), 20 + players):
            powers = [None if loc.removed else location_strengths(loc) for loc in state.locations]
            for card in OBJECTIVE.values():
                for player in range(players):
                    answer = objective_met(state, card, player)
                    assert objective_met(state, card, player, powers) is answer
                    checked += 1
                    met += answer
    assert checked > 20_000
    assert 0 < met < checked  # both answers occur


def _awards_as_ranked(
    tile: str, power: tuple[int, ...], ranking: tuple[int, ...], values: tuple[int, ...] | None
) -> list[tuple[int, int, int]]:
    """A Location's awards the way §4.1 reads: every colour with strength, by place, the tied
    ones (place 0) last, colour order within each."""
    ranks = places(ranking)
    placed = [c for c in range(len(power)) if power[c] > 0]
    order = sorted(placed, key=lambda c: (ranks[c] == 0, ranks[c], c))
    awards = []
    for c in order:
        if values is None:
            points = place_points(tile, ranks[c], power)
        else:
            points = values[ranks[c] - 1] if 1 <= ranks[c] <= 3 else 0
        awards.append((c, ranks[c], points))
    return awards


def test_perch_location_awards_follow_the_places() -> None:
    """The cached awards of a Location's scoring are each colour's place and points (§4.1),
    with an Eagle's order (P8) and the Sun's or Moon's values (P4): on every tile, for every
    strength of three colours up to 3, and of five colours up to 2 on two tiles."""
    cases = [
        (tile, power) for tile in sorted(TILE) for power in itertools.product(range(4), repeat=3)
    ]
    cases += [
        (tile, power)
        for tile in ("stone_statue", "great_ash")
        for power in itertools.product(range(3), repeat=5)
    ]
    compared = 0
    for tile, power in cases:
        # An Eagle's order: colours tied with birds rank by colour, highest first.
        ruling = tuple(s * 10 + (c if s else 0) for c, s in enumerate(power))
        for ranking in (None, ruling):
            for values in (None, SUN_VALUES, MOON_VALUES):
                expected = _awards_as_ranked(tile, power, ranking or power, values)
                assert list(perch_flow._location_awards(tile, power, ranking, values)) == expected
                compared += 1
    assert compared > 10_000


def test_perch_creatures_that_stay_find_a_bird_as_listing_the_birds_does() -> None:
    """creatures.can_act_in_place answers as `_first_part` does for a new activation of the
    Scarecrow (from every intersection), the Frog and the Perch (from every Pond), on the
    boards of random games at every player count, also with tiles removed and with the Yeti
    moved onto each tile."""
    game = perch_bop.GAME
    staying = [name for name, card in CREATURE.items() if card.movement in _STAY]
    assert sorted(staying) == ["frog", "perch", "scarecrow"]
    compared = found = 0
    for players in game.player_counts:
        rng = Rng.from_seed(20 + players)
        geo = geometry_for(players)
        for state in _random_states(game, game.default_config(players), 20 + players):
            played = perch_creatures.ground(state)
            cells = len(played.locs)
            keep, rng = below(rng, cells)
            grounds = [
                played,
                played._replace(
                    locs=tuple(
                        attrs.evolve(loc, removed=i != keep)
                        for i, loc in enumerate(state.locations)
                    )
                ),
                played._replace(yeti=keep),
            ]
            for g, name in itertools.product(grounds, staying):
                if CREATURE[name].movement is Movement.INTERSECTION:
                    starts = range(len(geo.intersections))
                else:
                    starts = range(cells, cells + len(g.ponds))
                for start in starts:
                    act = perch_state.Activation(name, perch_state.Stage.BIRD, start)
                    listed = perch_creatures._first_part(g, act, 0) is not None
                    assert perch_creatures.can_act_in_place(g, name, start) is listed, (name, start)
                    compared += 1
                    found += listed
    assert compared > 10_000 and 0 < found < compared


def test_perch_bonus_actions_offered_in_advance_stay_out_of_equality_hash_and_the_codec() -> None:
    """A state its step offered the bonus actions for equals, hashes and dumps as one without
    the note."""
    game = perch_bop.GAME
    state = game.new_game(game.default_config(3), 4)
    rng = Rng.from_seed(4)
    while offered(state) is None:
        legal = game.legal_actions(state, game.to_act(state)[0])
        index, rng = below(rng, len(legal))
        state = game.apply(state, legal[index])
    twin = _perch_note_free(state)
    assert offered(twin) is None
    assert hash(twin) == hash(state)
    assert codec.dumps(twin) == codec.dumps(state)


def test_peacock_views_from_cached_seat_views_equal_views_built_afresh() -> None:
    """Peacock builds views from seat and group views cached by value; along random games
    every view, for every seat and the spectator, equals one built with empty caches."""
    game = peacock.GAME
    compared = 0
    for players in game.player_counts:
        state = game.new_game(game.default_config(players), 40 + players)
        rng = Rng.from_seed(players)
        while not game.is_terminal(state):
            cached = [game.view(state, seat) for seat in (None, *range(players))]
            peacock_view.seat_view.cache_clear()
            peacock_view._group_view.cache_clear()
            afresh = [game.view(state, seat) for seat in (None, *range(players))]
            assert cached == afresh
            compared += len(cached)
            legal = game.legal_actions(state, game.to_act(state)[0])
            index, rng = below(rng, len(legal))
            state = game.apply(state, legal[index])
    assert compared > 1000


def _rookery_slow_doomed(
    zones: tuple[rookery_state.ZoneState, ...],
) -> tuple[int, rookery_state.Bird | rookery_state.Predator] | None:
    """The first card whose damage reached its hp, asking hp_of of every damaged card."""
    for zi, zone in enumerate(zones):
        cards: tuple[rookery_state.Bird | rookery_state.Predator, ...] = (
            *zone.birds,
            *zone.predators,
        )
        for card in cards:
            if card.damage > 0 and card.damage >= rookery_abilities.hp_of(zones, zi, card):
                return zi, card
    return None


def _rookery_hurt(
    zones: tuple[rookery_state.ZoneState, ...], rng: Rng
) -> tuple[tuple[rookery_state.ZoneState, ...], Rng]:
    """Returns the zones with random damage, 0 to hp + 1, on every card in play."""
    hurt = []
    for zi, zone in enumerate(zones):
        birds = []
        for bird in zone.birds:
            damage, rng = below(rng, rookery_abilities.hp_of(zones, zi, bird) + 2)
            birds.append(attrs.evolve(bird, damage=damage))
        preds = []
        for pred in zone.predators:
            damage, rng = below(rng, rookery_abilities.hp_of(zones, zi, pred) + 2)
            preds.append(attrs.evolve(pred, damage=damage))
        hurt.append(attrs.evolve(zone, birds=tuple(birds), predators=tuple(preds)))
    return tuple(hurt), rng


def test_rookery_damage_checks_find_what_asking_hp_of_finds() -> None:
    """`at_risk` and `_doomed` skip hp_of below a card's least hp (its printed hp, at least
    1). On the fields of random games, and on the same fields with random damage on every
    card, `_doomed` finds the card asking hp_of of every card finds, `at_risk` is true
    whenever there is one, and no card in play has hp below its floor."""
    game = rookery.GAME
    compared = doomed = 0
    for seed in range(6):
        rng = Rng.from_seed(100 + seed)
        for state in _random_states(game, game.default_config(2), seed):
            hurt, rng = _rookery_hurt(state.zones, rng)
            for zones in (state.zones, hurt):
                slow = _rookery_slow_doomed(zones)
                assert rookery_effects._doomed(zones) == slow
                assert rookery_effects.at_risk(zones) or slow is None
                doomed += slow is not None
                for zi, zone in enumerate(zones):
                    cards: tuple[rookery_state.Bird | rookery_state.Predator, ...] = (
                        *zone.birds,
                        *zone.predators,
                    )
                    for card in cards:
                        floor = rookery_effects._HP_FLOOR[card.card]
                        assert floor <= rookery_abilities.hp_of(zones, zi, card)
                compared += 1
    assert compared > 500 and doomed > 100


def test_rookery_turn_enumerator_reads_the_queries_it_inlines_as_they_answer() -> None:
    """The turn enumerator gathers the cost_mod sources in its pass over the field and asks
    hunt_limit only of a hunt_mod card: along random games, for both seats, the discounts
    equal `cost_mods` and the inlined hunt limit equals `hunt_limit` for every predator."""
    game = rookery.GAME
    compared = 0
    for seed in range(6):
        for state in _random_states(game, game.default_config(2), 100 + seed):
            zones = state.zones
            for p in (0, 1):
                sources = []
                for zi, zone in enumerate(zones):
                    in_play: list[rookery_state.Bird | rookery_state.Predator] = [*zone.birds]
                    in_play += [q for q in zone.predators if q.face_up]
                    sources += [
                        (zi, c.card)
                        for c in in_play
                        if c.owner == p and c.card in rookery_abilities.COST_MOD_CARDS
                    ]
                mods = rookery_abilities.cost_mods(zones, p)
                assert rookery_rules._cost_mods(zones, p, sources) == mods
                for card in (*state.seats[0].hand, *state.seats[1].hand):
                    if rookery_cards.CARD_TYPE[card] is rookery_cards.CardType.HABITAT:
                        continue
                    printed = rookery_abilities.PRINTED_COST[card]
                    slow = max(1, printed - rookery_abilities.cost_mod(mods, card))
                    assert rookery_abilities.cost_of(zones, p, card) == slow
                compared += 1
            for zi, zone in enumerate(zones):
                for q in zone.predators:
                    if q.card not in rookery_abilities.HUNT_MOD_CARDS:
                        limit = 2 if q.readied else 1
                        assert limit == rookery_abilities.hunt_limit(zones, zi, q)
    assert compared > 500


def test_rookery_cards_outside_discountable_get_no_discount_from_any_cost_mod() -> None:
    """`cost_of` skips the field for a card outside DISCOUNTABLE: every cost_mod ability of
    the catalog, alone and all together, gives such a card no discount."""
    every = [a for mods in rookery_abilities.COST_MODS.values() for a in mods]
    assert every
    for card in rookery_cards.CATALOG:
        if card in rookery_abilities.DISCOUNTABLE:
            assert any(rookery_abilities.cost_mod((a,), card) for a in every)
            continue
        assert rookery_abilities.cost_mod(tuple(every), card) == 0
        assert all(rookery_abilities.cost_mod((a,), card) == 0 for a in every)


def _rookery_slow_controller(zones: tuple[rookery_state.ZoneState, ...], zi: int) -> int | None:
    """R4.2 R4.3 control from both players' standings, as `controller` reads them."""
    claim0, count0, unc0 = rookery_scoring._standing(zones, zi, 0)
    claim1, count1, unc1 = rookery_scoring._standing(zones, zi, 1)
    if unc0 != unc1:
        return 0 if unc0 else 1
    if claim0 and count0 > count1:
        return 0
    if claim1 and count1 > count0:
        return 1
    return None


def test_rookery_control_by_counts_alone_agrees_with_the_standings() -> None:
    """`controller` decides a zone without a claim-changing bird by its counts; along random
    games it names the controller both players' standings name, in every zone, and both
    paths are taken."""
    game = rookery.GAME
    plain = special = 0
    for seed in range(8):
        for state in _random_states(game, game.default_config(2), 200 + seed):
            for zi, zone in enumerate(state.zones):
                found = rookery_scoring.controller(state.zones, zi)
                assert found == _rookery_slow_controller(state.zones, zi)
                if any(b.card in rookery_scoring._CLAIM_CARDS for b in zone.birds):
                    special += 1
                else:
                    plain += 1
    assert plain > 500 and special > 500
