"""to_act, legal_actions, check and step: the Rookery referee."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Final, assert_never

from birdgames.core import IllegalActionError, check_player
from birdgames.offered import offer, was_offered
from birdgames.rookery import build
from birdgames.rookery.abilities import (
    COST_MOD_CARDS,
    COST_MODS,
    DISCOUNTABLE,
    HUNT_MOD_CARDS,
    PRINTED_COST,
    bird_stat,
    cost_mod,
    cost_of,
    holds,
    hunt_limit,
    season_length_after,
    targets,
)
from birdgames.rookery.actions import (
    Action,
    Ambush,
    ChooseTarget,
    DiscardCard,
    DraftHabitat,
    EndTurn,
    Hunt,
    Mob,
    MoveBird,
    NestBird,
    PassAmbush,
    PlayEvent,
    PlayHabitat,
    PlayPredator,
    PlaySeason,
    TapBird,
)
from birdgames.rookery.cards import (
    ABILITIES,
    BIRDS,
    CARD_TYPE,
    HABITAT_CARDS,
    PREDATORS,
    SEASON_CARDS,
    Ability,
    CardType,
    Habitat,
    Stat,
    Trait,
)
from birdgames.rookery.effects import (
    at_risk,
    on_enter,
    on_play,
    on_tap,
    open_windows,
    resolve_choice,
    sweep,
)
from birdgames.rookery.events import (
    AmbushPassed,
    BirdMoved,
    BirdNested,
    BirdTapped,
    CardDiscarded,
    Event,
    EventPlayed,
    HabitatDrafted,
    HabitatPlayed,
    PredatorPlayed,
    SeasonCardPlayed,
    ZoneFlipped,
)
from birdgames.rookery.field import Ctx, find_in, shared_bird, shared_turn, without
from birdgames.rookery.hunting import ambush, hunt, mob
from birdgames.rookery.legality import (
    FACE_DOWN_COST,
    check,
    discards_for_effect,
    drafter,
    targeted_ability,
    to_act,
)
from birdgames.rookery.state import (
    DRAFT_ORDER,
    TURN_ACTION_LIMIT,
    ZONE_CAPACITY,
    ZONES,
    AmbushWindow,
    Bird,
    DiscardChoice,
    Pending,
    Phase,
    PileCard,
    PlayerState,
    Predator,
    State,
    TargetChoice,
    ZoneState,
)
from birdgames.rookery.turns import dawn, end_turn, play_season

__all__ = ["advance", "check", "legal_actions", "step", "to_act"]

_ZONE_RANGE = (0, 1, 2)
# The migratory birds' card ids: a str lookup, no Enum hashing in the turn enumerator.
MIGRATORY: Final = frozenset(card for card, bird in BIRDS.items() if Trait.MIGRATORY in bird.traits)

# Actions that name only a seat, a card and a zone, built once at import, per seat and card id
# in zone order: the enumeration hands out these immutable values instead of building equal
# ones on every call. Their fields are exact, so `check` and the fast path treat them as any.
_SEATS: Final = (0, 1)
# R1.2 the zones with room for a bird, as a mask: bit zi is set when zone zi holds under 6.
_MASKS: Final = range(8)
_ROOMS: Final = tuple(tuple(zi for zi in _ZONE_RANGE if mask >> zi & 1) for mask in _MASKS)
# Per zone and mask, the other zones a bird there can move to.
_DESTINATIONS: Final = tuple(
    tuple(tuple(zj for zj in _ROOMS[mask] if zj != zi) for mask in _MASKS) for zi in _ZONE_RANGE
)
# Per seat, bird card and mask, the nests in the zones with room.
_NESTS: Final[tuple[Mapping[str, tuple[tuple[NestBird, ...], ...]], ...]] = tuple(
    MappingProxyType(
        {
            card: tuple(tuple(NestBird(p, card, ZONES[zi]) for zi in rooms) for rooms in _ROOMS)
            for card in BIRDS
        }
    )
    for p in _SEATS
)
_HABITAT_PLAYS: Final[tuple[Mapping[str, tuple[PlayHabitat, ...]], ...]] = tuple(
    MappingProxyType(
        {card: tuple(PlayHabitat(p, card, zone) for zone in ZONES) for card in HABITAT_CARDS}
    )
    for p in _SEATS
)
_FACE_UP: Final[tuple[Mapping[str, tuple[PlayPredator, ...]], ...]] = tuple(
    MappingProxyType(
        {card: tuple(PlayPredator(p, card, zone, True) for zone in ZONES) for card in PREDATORS}
    )
    for p in _SEATS
)
_FACE_DOWN: Final[tuple[Mapping[str, tuple[PlayPredator, ...]], ...]] = tuple(
    MappingProxyType(
        {card: tuple(PlayPredator(p, card, zone, False) for zone in ZONES) for card in PREDATORS}
    )
    for p in _SEATS
)
_SEASON_PLAYS: Final[tuple[Mapping[str, PlaySeason], ...]] = tuple(
    MappingProxyType({card: PlaySeason(p, card) for card in SEASON_CARDS}) for p in _SEATS
)
_END_TURNS: Final = (EndTurn(0), EndTurn(1))
# Likewise the actions on a bird in play, per seat and uid, for the uids of a usual game (a
# random game takes some 20 and rarely 50); a larger uid gets a new object.
_SHARED_UIDS: Final = 128
_TAPS: Final[tuple[tuple[TapBird, ...], ...]] = tuple(
    tuple(TapBird(p, uid) for uid in range(_SHARED_UIDS)) for p in _SEATS
)
_MOVES: Final[tuple[tuple[tuple[MoveBird, ...], ...], ...]] = tuple(
    tuple(tuple(MoveBird(p, uid, zone) for zone in ZONES) for uid in range(_SHARED_UIDS))
    for p in _SEATS
)
# Enum members as module names: one global load, where reading `CardType.BIRD` runs Python
# code.
_HABITAT: Final = CardType.HABITAT
_BIRD: Final = CardType.BIRD
_PREDATOR: Final = CardType.PREDATOR
_EVENT: Final = CardType.EVENT
_SEASON: Final = CardType.SEASON
_OVER: Final = Phase.OVER
_DRAFT: Final = Phase.DRAFT
_PLAY: Final = Phase.PLAY
_SONG: Final = Stat.SONG


# Hunts and mobs name uids in play, from a growing counter: these come from small caches,
# keyed on the seat and uids, instead of one table per seat and uid.
@lru_cache(maxsize=4096)
def _hunts(p: int, predator: int, prey: tuple[int, ...]) -> tuple[Hunt, ...]:
    return tuple(Hunt(p, predator, uid) for uid in prey)


@lru_cache(maxsize=1024)
def _mobs(p: int, foes: tuple[int, ...]) -> tuple[Mob, ...]:
    return tuple(Mob(p, uid) for uid in foes)


# R1.4 per seat and draft step, every habitat the zone drafted at that step can take.
_DRAFTS: Final[tuple[tuple[tuple[DraftHabitat, ...], ...], ...]] = tuple(
    tuple(tuple(DraftHabitat(p, zone, habitat) for habitat in Habitat) for zone in DRAFT_ORDER)
    for p in _SEATS
)


def legal_actions(state: State, player: int) -> tuple[Action, ...]:
    """Every legal action of `player` now, in a fixed order; empty unless they are to act."""
    check_player(player, len(state.players))
    return seat_actions(state, player)


def seat_actions(state: State, player: int) -> tuple[Action, ...]:
    """`legal_actions` for a seat the caller has checked (the game's method checks it)."""
    # what to_act says, one branch at a time
    acts: tuple[Action, ...]
    if state.phase is _OVER:
        return ()
    if state.pending:
        if player != state.pending[0].player:
            return ()
        acts = _answers(state)
    elif state.phase is _DRAFT:
        if player != drafter(state):
            return ()
        acts = _DRAFTS[player][state.draft_step]
    elif player != state.active:
        return ()
    else:
        acts = _turn_actions(state, player)
    offer(state, acts)
    return acts


def _answers(state: State) -> tuple[Action, ...]:
    front = state.pending[0]
    p = front.player
    match front:
        case AmbushWindow():
            return Ambush(p, front.predator), PassAmbush(p, front.predator)
        case DiscardChoice():
            return tuple(DiscardCard(p, card) for card in sorted(set(state.players[p].hand)))
        case TargetChoice():
            ability = ABILITIES[front.card][front.ability]
            return tuple(
                ChooseTarget(p, target, zone) for target, zone in targets(state.zones, p, ability)
            )
        case _:
            assert_never(front)


def _turn_actions(state: State, p: int) -> tuple[Action, ...]:
    turn = state.turn
    if turn.actions >= TURN_ACTION_LIMIT:  # R2.2 DECISION
        return (_END_TURNS[p],)
    zones = state.zones
    me = state.players[p]
    song = me.song
    # R1.2 what has_room says, inlined: a zone holds at most 6 birds (the mask of _ROOMS)
    mask = 0
    if len(zones[0].birds) < ZONE_CAPACITY:
        mask = 1
    if len(zones[1].birds) < ZONE_CAPACITY:
        mask |= 2
    if len(zones[2].birds) < ZONE_CAPACITY:
        mask |= 4
    out: list[Action] = []
    # Hunts and mobs come after the hand's plays; one pass over the field finds them with the
    # taps and moves, kept aside until then.
    later: list[Action] = []
    taps = _TAPS[p]
    # p's cards in play with a cost_mod ability, in the order cost_mods reads them
    sources: list[tuple[int, str]] = []
    for zi, zone in enumerate(zones):
        own = 0  # p's birds in the zone, for the Flock a mob needs (R6.5)
        for b in zone.birds:
            if b.owner != p:
                continue
            own += 1
            if b.card in COST_MOD_CARDS:
                sources.append((zi, b.card))
            if not b.nested or b.moved:
                continue
            uid = b.uid
            if not b.tapped:
                out.append(taps[uid] if uid < _SHARED_UIDS else TapBird(p, uid))
            if not b.has_tapped and b.card in MIGRATORY:
                dests = _DESTINATIONS[zi][mask]
                if uid < _SHARED_UIDS:
                    moves = _MOVES[p][uid]
                    for zj in dests:
                        out.append(moves[zj])
                else:
                    for zj in dests:
                        out.append(MoveBird(p, uid, ZONES[zj]))
        preds = zone.predators
        if not preds:
            continue
        foes: list[int] = []
        prey: tuple[int, ...] | None = None
        for q in preds:
            # R6.1 R6.3 R6.5 face down: no discount, hunts only by ambush, cannot be mobbed
            if not q.face_up:
                continue
            if q.owner != p:
                foes.append(q.uid)
                continue
            card = q.card
            if card in COST_MOD_CARDS:
                sources.append((zi, card))
            # R6.2 what hunt_limit says: once, one more when readied, unless a hunt_mod says
            hunts = q.hunts
            if not hunts or hunts < (
                hunt_limit(zones, zi, q) if card in HUNT_MOD_CARDS else 2 if q.readied else 1
            ):
                if prey is None:
                    prey = tuple([b.uid for b in zone.birds if b.owner != p])
                if prey:
                    later.extend(_hunts(p, q.uid, prey))
        if foes and own >= 3 and not turn.mobbed[zi]:  # R6.5 R4.1 a Flock mobs
            later.extend(_mobs(p, tuple(foes)))
    # R9.1 read at the first card a discount can apply to, if p has a card giving one in play
    mods: tuple[Ability, ...] | None = None if sources else ()
    previous = None
    for card in sorted(me.hand):
        if card == previous:  # one entry per card id: copies play alike
            continue
        previous = card
        kind = CARD_TYPE[card]
        if kind is _HABITAT:
            if turn.habitats_played <= song:
                out.extend(_HABITAT_PLAYS[p][card])
            continue
        # R9.1 R10 what cost_of gives, inlined: the printed cost less the discounts, at least 1
        cost = PRINTED_COST[card]
        if card in DISCOUNTABLE:
            if mods is None:
                mods = _cost_mods(zones, p, sources)
            if mods:
                cost -= cost_mod(mods, card)
        affordable = (cost if cost > 1 else 1) <= song
        if kind is _BIRD:
            if mask and affordable:
                out.extend(_NESTS[p][card][mask])
        elif kind is _PREDATOR:
            if affordable:
                out.extend(_FACE_UP[p][card])
            if song >= FACE_DOWN_COST:
                out.extend(_FACE_DOWN[p][card])
        elif kind is _EVENT:
            if affordable:
                out.extend(_event_options(state, p, card))
        elif kind is _SEASON and not turn.season_played and affordable:
            out.append(_SEASON_PLAYS[p][card])
    out += later
    out.append(_END_TURNS[p])
    return tuple(out)


def _cost_mods(
    zones: Sequence[ZoneState], p: int, sources: list[tuple[int, str]]
) -> tuple[Ability, ...]:
    """What cost_mods(zones, p) gives, from p's cards in play with a cost_mod ability."""
    found: list[Ability] = []
    for zi, card in sources:
        for a in COST_MODS[card]:
            if holds(zones, zi, card, p, a):
                found.append(a)
    return tuple(found)


def _event_options(state: State, p: int, card: str) -> list[Action]:
    w = state.wheel
    if season_length_after(card, w.turns_played, w.turns_left) is not None:  # R7.2 DECISION
        return []
    discards: list[str | None] = [None]
    if discards_for_effect(card):
        discards = list(sorted(set(without(state.players[p].hand, card))))
    ability = targeted_ability(card)
    picks = [(None, None)] if ability is None else list(targets(state.zones, p, ability))
    return [PlayEvent(p, card, t, z, d) for d in discards for t, z in picks]


# --- step --------------------------------------------------------------------------------


def step(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Returns the next state and everything that happened; illegal: IllegalActionError."""
    ctx = _resolve(state, action, True)
    return ctx.freeze(), tuple(ctx.events)


def advance(state: State, action: Action) -> State:
    """Returns the state `step` returns, without building the events."""
    return _resolve(state, action, False).freeze()


def _resolve(state: State, action: Action, log: bool) -> Ctx:
    # An action object legal_actions offered for this very state is legal: no check.
    if not was_offered(state, action):
        reason = check(state, action)
        if reason is not None:
            raise IllegalActionError(action, reason)
    ctx = Ctx(state, log)
    # The most frequent actions first: each case is an isinstance test.
    match action:
        case TapBird():
            _tap(ctx, action)
        case EndTurn():
            end_turn(ctx)
        case NestBird():
            _nest(ctx, action)
        case PlayHabitat():
            _play_habitat(ctx, action)
        case MoveBird():
            zi, bird = _located(ctx, action.bird)
            assert isinstance(bird, Bird)
            ctx.remove(zi, bird.uid)
            moved = shared_bird(
                bird.uid,
                bird.card,
                bird.owner,
                bird.nested,
                bird.tapped,
                bird.damage,
                bird.has_tapped,
                True,
                bird.untapped,
            )
            ctx.add_bird(ZONES.index(action.zone), moved)
            if ctx.log:
                ctx.events.append(
                    BirdMoved(bird.owner, bird.uid, bird.card, ZONES[zi], action.zone)
                )
        case PlayEvent():
            _play_event(ctx, action)
        case PlayPredator():
            _play_predator(ctx, action)
        case Hunt():
            zi, pred = _located(ctx, action.predator)
            _, bird = _located(ctx, action.target)
            assert isinstance(pred, Predator) and isinstance(bird, Bird)
            hunt(ctx, zi, pred, bird, counted=True)
        case PlaySeason():
            cost = cost_of(ctx.zones, action.player, action.card)
            ctx.pay(action.player, action.card, cost)
            season = SEASON_CARDS[action.card]
            if ctx.log:
                ctx.events.append(
                    SeasonCardPlayed(
                        action.player, action.card, season.season, season.duration, cost
                    )
                )
            ctx.to_discard(action.player, action.card)
            play_season(ctx, season.season, season.duration)
        case Mob():
            zi, pred = _located(ctx, action.predator)
            assert isinstance(pred, Predator)
            mob(ctx, zi, pred, action.player)
        case Ambush():
            window = ctx.pending.pop(0)
            assert isinstance(window, AmbushWindow)
            zi, pred = _located(ctx, window.predator)
            _, bird = _located(ctx, window.target)
            assert isinstance(pred, Predator) and isinstance(bird, Bird)
            ambush(ctx, zi, pred, bird)
        case PassAmbush():
            ctx.pending.pop(0)
            if ctx.log:
                ctx.events.append(AmbushPassed(action.player, action.predator))
        case DiscardCard():
            ctx.pending.pop(0)
            ctx.take_from_hand(action.player, action.card)
            ctx.to_discard(action.player, action.card)
            if ctx.log:
                ctx.events.append(CardDiscarded(action.player, action.card))
        case ChooseTarget():
            choice = ctx.pending.pop(0)
            assert isinstance(choice, TargetChoice)
            resolve_choice(ctx, choice, action.target, action.zone)
        case DraftHabitat():
            _draft(ctx, action)
        case _:
            assert_never(action)
    if ctx.phase is _PLAY and not isinstance(action, EndTurn):
        # R2.2 DECISION counts every action of the turn, answers included; Dawn resets it
        t = ctx.turn
        ctx.turn = shared_turn(
            t.habitats_played, t.season_played, t.mobbed, t.hold_countdown, t.actions + 1
        )
    # What _settle does, skipped when it has nothing to do: no decision, and no damage in play
    # that reaches the least hp its card can have, so no defeat.
    if ctx.pending or ctx.new_pending or ctx.phase is _OVER or at_risk(ctx.zones):
        _settle(ctx)
    return ctx


def _located(ctx: Ctx, uid: int) -> tuple[int, Bird | Predator]:
    found = find_in(ctx.zones, uid)
    assert found is not None
    return found


def _draft(ctx: Ctx, action: DraftHabitat) -> None:
    """R1.4 sets the habitat; after the last pick the first player's Dawn."""
    zi = ZONES.index(action.zone)
    zone = ctx.zones[zi]
    ctx.zones[zi] = build.zone_state(action.habitat, zone.birds, zone.predators, zone.pile)
    if ctx.log:
        ctx.events.append(HabitatDrafted(action.player, action.zone, action.habitat))
    ctx.draft_step += 1
    if ctx.draft_step == len(DRAFT_ORDER):
        ctx.phase = Phase.PLAY
        ctx.active = ctx.state.first_player
        dawn(ctx)


def _tap(ctx: Ctx, action: TapBird) -> None:
    """R3.4 the bird adds its song to the pool, then its on_tap abilities."""
    found = find_in(ctx.zones, action.bird)
    assert found is not None
    zi, bird = found
    assert isinstance(bird, Bird)
    song = bird_stat(ctx.zones, zi, bird, _SONG)
    tapped = shared_bird(
        bird.uid, bird.card, bird.owner, True, True, bird.damage, True, bird.moved, bird.untapped
    )
    ctx.replace(zi, tapped)
    ctx.add_song(action.player, song)
    if ctx.log:
        ctx.events.append(BirdTapped(action.player, bird.uid, bird.card, song))
    on_tap(ctx, zi, tapped)


def _nest(ctx: Ctx, action: NestBird) -> None:
    """R3.2 pays and puts the bird in, roosting."""
    cost = cost_of(ctx.zones, action.player, action.card)
    ctx.pay(action.player, action.card, cost)
    zi = ZONES.index(action.zone)
    bird = Bird(ctx.take_uid(), action.card, action.player, False, False, 0, False, False, False)
    ctx.add_bird(zi, bird)
    if ctx.log:
        ctx.events.append(BirdNested(action.player, bird.uid, bird.card, action.zone, cost))
    # R6.3 the bird enters roosting, its on-enter ability resolves, then the window opens
    on_enter(ctx, zi, bird, cost)  # removes no card: its targeted effects wait as decisions
    open_windows(ctx, zi, bird)


def _play_predator(ctx: Ctx, action: PlayPredator) -> None:
    """R6.1 face up for its cost (on_enter abilities), or face down for 2 Song."""
    cost = cost_of(ctx.zones, action.player, action.card) if action.face_up else FACE_DOWN_COST
    ctx.pay(action.player, action.card, cost)
    zi = ZONES.index(action.zone)
    pred = Predator(ctx.take_uid(), action.card, action.player, action.face_up, 0, 0, False)
    ctx.add_predator(zi, pred)
    if ctx.log:
        ctx.events.append(
            PredatorPlayed(action.player, pred.uid, pred.card, action.zone, action.face_up, cost)
        )
    if action.face_up:
        on_enter(ctx, zi, pred, cost)


def _play_event(ctx: Ctx, action: PlayEvent) -> None:
    """R8.1 pays, resolves the abilities, then discards the event."""
    cost = cost_of(ctx.zones, action.player, action.card)
    ctx.pay(action.player, action.card, cost)
    if ctx.log:
        ctx.events.append(EventPlayed(action.player, action.card, cost))
    if action.discard is not None:
        # R9.6 the named card is discarded to gain the card's other effects
        ctx.take_from_hand(action.player, action.discard)
        ctx.to_discard(action.player, action.discard)
        if ctx.log:
            ctx.events.append(CardDiscarded(action.player, action.discard))
    on_play(ctx, action.player, action.card, action.target, action.zone, cost)
    ctx.to_discard(action.player, action.card)  # R8.1 resolve, then discard


def _play_habitat(ctx: Ctx, action: PlayHabitat) -> None:
    """R5.1 R5.2 the card goes on the zone's pile; the third card flips the zone."""
    cost = ctx.turn.habitats_played  # R5.1 free, then 1, 2, 3...
    ctx.pay(action.player, action.card, cost)
    t = ctx.turn
    ctx.turn = shared_turn(
        t.habitats_played + 1, t.season_played, t.mobbed, t.hold_countdown, t.actions
    )
    zi = ZONES.index(action.zone)
    zone = ctx.zones[zi]
    pile = (*zone.pile, PileCard(action.player, action.card))
    ctx.zones[zi] = build.zone_state(zone.habitat, zone.birds, zone.predators, pile)
    if ctx.log:
        ctx.events.append(HabitatPlayed(action.player, action.card, action.zone, cost, len(pile)))
    if len(pile) == 3:
        _flip(ctx, zi)


def _flip(ctx: Ctx, zi: int) -> None:
    """R5.2 R5.3 the zone takes the third card's habitat; off-habitat birds are discarded."""
    zone = ctx.zones[zi]
    habitat = HABITAT_CARDS[zone.pile[-1].card].habitat
    for card in zone.pile:
        ctx.to_discard(card.owner, card.card)
    stay = tuple(b for b in zone.birds if BIRDS[b.card].habitat is habitat)
    gone = tuple(
        PileCard(b.owner, b.card) for b in zone.birds if BIRDS[b.card].habitat is not habitat
    )
    for card in gone:
        ctx.to_discard(card.owner, card.card)
    # R5.3 DECISION: predators stay and keep their damage
    ctx.zones[zi] = build.zone_state(habitat, stay, zone.predators, ())
    if ctx.log:
        ctx.events.append(ZoneFlipped(ZONES[zi], habitat, gone))


def is_open(zones: Sequence[ZoneState], players: Sequence[PlayerState], pending: Pending) -> bool:
    """Whether a pending decision can still be answered; moot ones are dropped unasked."""
    match pending:
        case AmbushWindow():
            pred = find_in(zones, pending.predator)
            bird = find_in(zones, pending.target)
            # R6.3 the window closes early once the bird is gone
            return (
                pred is not None
                and bird is not None
                and isinstance(pred[1], Predator)
                and not pred[1].face_up
                and pred[0] == bird[0]
            )
        case DiscardChoice():
            return bool(players[pending.player].hand)
        case TargetChoice():
            ability = ABILITIES[pending.card][pending.ability]
            return bool(targets(zones, pending.player, ability))
        case _:
            assert_never(pending)


def _settle(ctx: Ctx) -> None:
    """Defeats what must fall, queues new decisions first, drops decisions now moot."""
    if ctx.phase is _OVER:
        ctx.pending = []
        return
    sweep(ctx)
    ctx.flush_pending()
    if ctx.over:  # a defeat's abilities may end the game
        ctx.pending = []
        return
    while ctx.pending and not is_open(ctx.zones, ctx.players, ctx.pending[0]):
        ctx.pending.pop(0)
