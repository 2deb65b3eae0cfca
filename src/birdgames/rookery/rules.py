"""to_act, legal_actions, check and step: the Rookery referee.

`check` is the single source of legality: it gives the reason an action is illegal now, and
`legal_actions` enumerates exactly the actions it accepts (a test proves it both ways). Reasons
name the card, zone and numbers involved, but only what the actor's view shows: never the
identity of an opposing face-down card, nor anything of the opponent's hand or deck.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Final, assert_never

from birdgames.core import check_player
from birdgames.offered import offer, require_legal
from birdgames.rookery import build
from birdgames.rookery.abilities import (
    COST_MOD_CARDS,
    COST_MODS,
    DISCOUNTABLE,
    HUNT_MOD_CARDS,
    MAX_SEASON_TURNS,
    PRINTED_COST,
    bird_count,
    bird_stat,
    cost_mod,
    cost_of,
    has_flock,
    has_room,
    holds,
    hunt_limit,
    season_length_after,
    targets,
)
from birdgames.rookery.actions import (
    ACTION_TYPES,
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
    CATALOG,
    HABITAT_CARDS,
    PREDATORS,
    SEASON_CARDS,
    TARGETED_EFFECTS,
    Ability,
    CardType,
    Effect,
    Habitat,
    Mode,
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
from birdgames.rookery.flow import dawn, end_turn, play_season
from birdgames.rookery.hunting import ambush, hunt, mob
from birdgames.rookery.state import (
    DRAFT_ORDER,
    TURN_ACTION_LIMIT,
    ZONE_CAPACITY,
    ZONE_INDEX,
    ZONES,
    AmbushWindow,
    Bird,
    DiscardChoice,
    Pending,
    Phase,
    PileCard,
    Predator,
    Seat,
    State,
    TargetChoice,
    Zone,
    ZoneState,
)
from birdgames.rookery.work import Work, find_in, shared_bird, shared_turn, without

__all__ = ["advance", "check", "legal_actions", "step", "to_act"]

FACE_DOWN_COST: Final = 2  # R6.1 DECISION: flat, so the Song paid reveals nothing
_ANSWERS: Final = (Ambush, PassAmbush, DiscardCard, ChooseTarget)
# Enum members as module names: 10% of a Rookery action (docs/performance.md)
_HABITAT: Final = CardType.HABITAT
_BIRD: Final = CardType.BIRD
_PREDATOR: Final = CardType.PREDATOR
_EVENT: Final = CardType.EVENT
_SEASON: Final = CardType.SEASON
_OVER: Final = Phase.OVER
_DRAFT: Final = Phase.DRAFT
_PLAY: Final = Phase.PLAY
_SONG: Final = Stat.SONG


# --- who acts, and legality --------------------------------------------------------------


def drafter(state: State) -> int:
    """R1.4 the first player drafts the middle, the second player left and right."""
    return state.first_player if state.draft_step == 0 else 1 - state.first_player


def to_act(state: State) -> tuple[int, ...]:
    """The player with a decision now; empty iff the game is over."""
    if state.phase is _OVER:
        return ()
    if state.pending:
        return (state.pending[0].player,)
    if state.phase is _DRAFT:
        return (drafter(state),)
    return (state.active,)


def describe(pending: Pending) -> str:
    """Says what the pending decision asks, for refusals."""
    match pending:
        case AmbushWindow():
            return (
                f"answer the ambush window of face-down card #{pending.predator} (ambush or pass)"
            )
        case DiscardChoice():
            return f"choose a card to discard for {pending.source}"
        case TargetChoice():
            return f"choose the target of {pending.card}'s ability"
        case _:
            assert_never(pending)


def _targeted_ability(card: str) -> Ability | None:
    return next((a for a in ABILITIES[card] if a.effect in TARGETED_EFFECTS), None)


# Per card id, read once at import.
_TARGETED: Final[Mapping[str, Ability | None]] = MappingProxyType(
    {card: _targeted_ability(card) for card in ABILITIES}
)
_DISCARDS_FOR_EFFECT: Final = frozenset(
    card
    for card, abilities in ABILITIES.items()
    if any(a.effect is Effect.DISCARD and a.mode is Mode.FOR_EFFECT for a in abilities)
)


def targeted_ability(card: str) -> Ability | None:
    """The ability of an event whose target the action names, if any."""
    return _TARGETED[card]


def discards_for_effect(card: str) -> bool:
    """R9.6 whether playing the card asks for a card of the hand to discard."""
    return card in _DISCARDS_FOR_EFFECT


def check(state: State, action: object) -> str | None:
    """Returns None if the action is legal now, else the reason in a sentence."""
    problem = ACTION_TYPES.problem(action)  # every field exactly typed before a rule reads it
    if problem is not None:
        return problem
    player = action.player  # type: ignore[attr-defined]
    if type(player) is not int or player not in (0, 1):
        return f"player must be 0 or 1, not {player!r}"
    if state.phase is Phase.OVER:
        return "the game is over"
    if state.pending:
        front = state.pending[0]
        if player != front.player:
            return f"p{front.player} must first {describe(front)}"
        return _check_answer(state, front, action)  # type: ignore[arg-type]
    if isinstance(action, _ANSWERS):
        return "there is no pending decision to answer"
    if state.phase is Phase.DRAFT:
        if not isinstance(action, DraftHabitat):
            return "the habitat draft comes first"
        return _check_draft(state, action)
    if isinstance(action, DraftHabitat):
        return "the habitat draft is over"
    if player != state.active:
        return f"it is p{state.active}'s turn"
    return _check_turn(state, action)  # type: ignore[arg-type]


def _check_answer(state: State, front: Pending, action: Action) -> str | None:
    match front:
        case AmbushWindow():
            if not isinstance(action, Ambush | PassAmbush) or action.predator != front.predator:
                return f"you must first {describe(front)}"
            return None
        case DiscardChoice():
            if not isinstance(action, DiscardCard):
                return f"you must first {describe(front)}"
            if action.card not in state.seats[action.player].hand:
                return f"{action.card} is not in your hand"
            return None
        case TargetChoice():
            if not isinstance(action, ChooseTarget):
                return f"you must first {describe(front)}"
            ability = ABILITIES[front.card][front.ability]
            if (action.target, action.zone) not in targets(state.zones, action.player, ability):
                return _bad_target(front.card, ability, action.target, action.zone)
            return None
        case _:
            assert_never(front)


def _bad_target(card: str, ability: Ability, target: object, zone: object) -> str:
    if ability.effect is Effect.MOVE:
        if zone is None:
            return f"{card} needs a target bird and a destination zone"
        return f"#{target} to {getattr(zone, 'value', zone)} is not a legal move for {card}"
    return f"#{target} is not a legal target for {card}'s {ability.effect.value}"


def _check_draft(state: State, action: DraftHabitat) -> str | None:
    picker = drafter(state)
    if action.player != picker:
        return f"p{picker} drafts now"
    expected = DRAFT_ORDER[state.draft_step]
    if action.zone is not expected:
        return f"the {expected.value} zone is drafted now, not {_name(action.zone)}"
    if not isinstance(action.habitat, Habitat):
        return f"{_name(action.habitat)} is not a habitat"
    return None


def _name(value: object) -> str:
    return str(value.value) if isinstance(value, Zone | Habitat) else repr(value)


def _zone_index(zone: object) -> int | None:
    return ZONE_INDEX.get(zone) if isinstance(zone, Zone) else None


def _hand_card(state: State, player: int, card: object, kind: CardType) -> str | None:
    """Refuses a card that is unknown, of another type, or not in the hand."""
    if not isinstance(card, str) or card not in CATALOG:
        return f"{card!r} is not a Rookery card"
    if CARD_TYPE[card] is not kind:
        return f"{card} is not a {kind.value} card"
    if card not in state.seats[player].hand:
        return f"{card} is not in your hand"
    return None


def _not_enough(what: str, cost: int, song: int) -> str | None:
    if song < cost:
        return f"not enough Song: {what} costs {cost}, you have {song}"
    return None


def _own(state: State, player: int, uid: object, want: type) -> tuple[int, Bird | Predator] | str:
    label = "bird" if want is Bird else "predator"
    found = find_in(state.zones, uid) if type(uid) is int else None
    if found is None or not isinstance(found[1], want):
        return f"there is no {label} #{uid} in play"
    if found[1].owner != player:
        # R6.3 never the card's name: an opposing predator may be face down, and a refusal
        # tells the actor only what their view shows.
        return f"#{uid} is not one of your {label}s"
    return found


def _check_turn(state: State, action: Action) -> str | None:
    p = action.player
    if state.turn.actions >= TURN_ACTION_LIMIT and not isinstance(action, EndTurn):
        return (
            f"this turn has had {state.turn.actions} actions and a turn holds at most "
            f"{TURN_ACTION_LIMIT}; you can only end it"
        )  # R2.2 DECISION
    song = state.seats[p].song
    zones = state.zones
    match action:
        case TapBird():
            found = _own(state, p, action.bird, Bird)
            if isinstance(found, str):
                return found
            bird = found[1]
            assert isinstance(bird, Bird)
            name = f"{bird.card} #{bird.uid}"
            if not bird.nested:
                return f"{name} is roosting and cannot tap before your next dawn"
            if bird.tapped:
                return f"{name} is already tapped"
            if bird.moved:
                return f"{name} moved this turn; a bird can tap or move in a turn, not both"
            return None
        case NestBird():
            refusal = _hand_card(state, p, action.card, CardType.BIRD)
            if refusal:
                return refusal
            zi = _zone_index(action.zone)
            if zi is None:
                return f"{action.zone!r} is not a zone"
            if not has_room(zones[zi]):
                return f"the {action.zone.value} zone is full (6 birds)"
            return _not_enough(action.card, cost_of(zones, p, action.card), song)
        case MoveBird():
            found = _own(state, p, action.bird, Bird)
            if isinstance(found, str):
                return found
            zi, bird = found
            assert isinstance(bird, Bird)
            name = f"{bird.card} #{bird.uid}"
            zj = _zone_index(action.zone)
            if zj is None:
                return f"{action.zone!r} is not a zone"
            if Trait.MIGRATORY not in BIRDS[bird.card].traits:
                return f"{name} is not Migratory"
            if not bird.nested:
                return f"{name} is roosting and cannot move before your next dawn"
            if bird.moved:
                return f"{name} already moved this turn"
            if bird.has_tapped:
                return f"{name} tapped this turn; a bird can tap or move in a turn, not both"
            if zj == zi:
                return f"{name} is already in the {action.zone.value} zone"
            if not has_room(zones[zj]):
                return f"the {action.zone.value} zone is full (6 birds)"
            return None
        case PlayPredator():
            refusal = _hand_card(state, p, action.card, CardType.PREDATOR)
            if refusal:
                return refusal
            if _zone_index(action.zone) is None:
                return f"{action.zone!r} is not a zone"
            if action.face_up is True:
                return _not_enough(action.card, cost_of(zones, p, action.card), song)
            if action.face_up is False:
                return _not_enough("a face-down card", FACE_DOWN_COST, song)
            return f"face_up must be true or false, not {action.face_up!r}"
        case Hunt():
            return _check_hunt(state, action)
        case Mob():
            return _check_mob(state, action)
        case PlayEvent():
            return _check_event(state, action)
        case PlaySeason():
            refusal = _hand_card(state, p, action.card, CardType.SEASON)
            if refusal:
                return refusal
            if state.turn.season_played:
                return f"you already played a Season card this turn; {action.card} must wait"
            return _not_enough(action.card, cost_of(zones, p, action.card), song)
        case PlayHabitat():
            refusal = _hand_card(state, p, action.card, CardType.HABITAT)
            if refusal:
                return refusal
            if _zone_index(action.zone) is None:
                return f"{action.zone!r} is not a zone"
            cost = state.turn.habitats_played  # R5.1 free, then 1, 2, 3...
            return _not_enough(f"{action.card} as habitat card {cost + 1} this turn", cost, song)
        case EndTurn():
            return None
        case DraftHabitat() | Ambush() | PassAmbush() | DiscardCard() | ChooseTarget():
            return "that action is not available now"  # filtered earlier
        case _:
            assert_never(action)


def _check_hunt(state: State, action: Hunt) -> str | None:
    found = _own(state, action.player, action.predator, Predator)
    if isinstance(found, str):
        return found
    zi, pred = found
    assert isinstance(pred, Predator)
    name = f"{pred.card} #{pred.uid}"
    if not pred.face_up:
        return f"{name} is face down; it hunts only by ambush"
    limit = hunt_limit(state.zones, zi, pred)
    if pred.hunts >= limit:
        times = "once" if limit == 1 else f"{limit} times"
        return f"this predator already hunted this turn ({name}, {times})"
    target = find_in(state.zones, action.target) if type(action.target) is int else None
    if target is None or not isinstance(target[1], Bird):
        return f"there is no bird #{action.target} in play"
    bird = target[1]
    if bird.owner == action.player:
        return f"{name} cannot hunt your own {bird.card} #{bird.uid}"
    if target[0] != zi:
        return f"{bird.card} #{bird.uid} is not in the {ZONES[zi].value} zone where {name} hunts"
    return None


def _check_mob(state: State, action: Mob) -> str | None:
    found = find_in(state.zones, action.predator) if type(action.predator) is int else None
    if found is None or not isinstance(found[1], Predator):
        return f"there is no predator #{action.predator} in play"
    zi, pred = found[0], found[1]
    assert isinstance(pred, Predator)
    zone = ZONES[zi].value
    if pred.owner == action.player:
        return f"you cannot mob your own {pred.card} #{pred.uid}"
    if not pred.face_up:
        return f"#{pred.uid} is a face-down card and cannot be mobbed"
    if not has_flock(state.zones[zi], action.player):
        count = bird_count(state.zones[zi], action.player)
        return f"you have no Flock in the {zone} zone ({count} birds, 3 needed)"
    if state.turn.mobbed[zi]:
        return f"your flock in the {zone} zone already mobbed this turn"
    return None


def _check_event(state: State, action: PlayEvent) -> str | None:
    p = action.player
    refusal = _hand_card(state, p, action.card, CardType.EVENT)
    if refusal:
        return refusal
    hand = state.seats[p].hand
    w = state.wheel
    too_long = season_length_after(action.card, w.turns_played, w.turns_left)
    if too_long is not None:
        return (
            f"{action.card} would make this season last {too_long} turns, "
            f"and a season lasts at most {MAX_SEASON_TURNS}"
        )
    cost = cost_of(state.zones, p, action.card)
    refusal = _not_enough(action.card, cost, state.seats[p].song)
    if refusal:
        return refusal
    if discards_for_effect(action.card):
        if action.discard is None:
            return f"{action.card} needs a card of your hand to discard"
        if action.discard not in without(hand, action.card):
            return f"{action.discard!r} is not in your hand to discard"
    elif action.discard is not None:
        return f"{action.card} discards no card of yours"
    ability = targeted_ability(action.card)
    if ability is None:
        if action.target is not None or action.zone is not None:
            return f"{action.card} takes no target"
        return None
    options = targets(state.zones, p, ability)
    if not options:
        return f"{action.card} has no legal target now"
    if (action.target, action.zone) not in options:
        return _bad_target(action.card, ability, action.target, action.zone)
    return None


# --- legal actions -----------------------------------------------------------------------

_ZONE_RANGE = (0, 1, 2)
# The Migratory birds' card ids (R3.5).
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
    check_player(player, len(state.seats))
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
            return tuple(DiscardCard(p, card) for card in sorted(set(state.seats[p].hand)))
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
    me = state.seats[p]
    song = me.song
    # R1.2 the zones with room for a bird (fewer than 6), as a mask of _ROOMS
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
        # R9.1 R10 the printed cost less the discounts, at least 1 (cost_of)
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
        discards = list(sorted(set(without(state.seats[p].hand, card))))
    ability = targeted_ability(card)
    picks = [(None, None)] if ability is None else list(targets(state.zones, p, ability))
    return [PlayEvent(p, card, t, z, d) for d in discards for t, z in picks]


# --- step --------------------------------------------------------------------------------


def step(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Returns the next state and everything that happened; illegal: IllegalActionError."""
    work = _resolve(state, action, True)
    return work.freeze(), tuple(work.events)


def advance(state: State, action: Action) -> State:
    """Returns the state `step` returns, without building the events."""
    return _resolve(state, action, False).freeze()


def _resolve(state: State, action: Action, log: bool) -> Work:
    require_legal(state, action, check)
    work = Work(state, log)
    # The most frequent actions first: each case is an isinstance test.
    match action:
        case TapBird():
            _tap(work, action)
        case EndTurn():
            end_turn(work)
        case NestBird():
            _nest(work, action)
        case PlayHabitat():
            _play_habitat(work, action)
        case MoveBird():
            zi, bird = _located(work, action.bird)
            assert isinstance(bird, Bird)
            work.remove(zi, bird.uid)
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
            work.add_bird(ZONES.index(action.zone), moved)
            if work.log:
                work.events.append(
                    BirdMoved(bird.owner, bird.uid, bird.card, ZONES[zi], action.zone)
                )
        case PlayEvent():
            _play_event(work, action)
        case PlayPredator():
            _play_predator(work, action)
        case Hunt():
            zi, pred = _located(work, action.predator)
            _, bird = _located(work, action.target)
            assert isinstance(pred, Predator) and isinstance(bird, Bird)
            hunt(work, zi, pred, bird, counted=True)
        case PlaySeason():
            cost = cost_of(work.zones, action.player, action.card)
            work.pay(action.player, action.card, cost)
            season = SEASON_CARDS[action.card]
            if work.log:
                work.events.append(
                    SeasonCardPlayed(
                        action.player, action.card, season.season, season.duration, cost
                    )
                )
            work.to_discard(action.player, action.card)
            play_season(work, season.season, season.duration)
        case Mob():
            zi, pred = _located(work, action.predator)
            assert isinstance(pred, Predator)
            mob(work, zi, pred, action.player)
        case Ambush():
            window = work.pending.pop(0)
            assert isinstance(window, AmbushWindow)
            zi, pred = _located(work, window.predator)
            _, bird = _located(work, window.target)
            assert isinstance(pred, Predator) and isinstance(bird, Bird)
            ambush(work, zi, pred, bird)
        case PassAmbush():
            work.pending.pop(0)
            if work.log:
                work.events.append(AmbushPassed(action.player, action.predator))
        case DiscardCard():
            work.pending.pop(0)
            work.take_from_hand(action.player, action.card)
            work.to_discard(action.player, action.card)
            if work.log:
                work.events.append(CardDiscarded(action.player, action.card))
        case ChooseTarget():
            choice = work.pending.pop(0)
            assert isinstance(choice, TargetChoice)
            resolve_choice(work, choice, action.target, action.zone)
        case DraftHabitat():
            _draft(work, action)
        case _:
            assert_never(action)
    if work.phase is _PLAY and not isinstance(action, EndTurn):
        # R2.2 DECISION counts every action of the turn, answers included; Dawn resets it
        t = work.turn
        work.turn = shared_turn(
            t.habitats_played, t.season_played, t.mobbed, t.hold_countdown, t.actions + 1
        )
    # What _settle does, skipped when it has nothing to do: no decision, and no damage in play
    # that reaches the least hp its card can have, so no defeat.
    if work.pending or work.new_pending or work.phase is _OVER or at_risk(work.zones):
        _settle(work)
    return work


def _located(work: Work, uid: int) -> tuple[int, Bird | Predator]:
    found = find_in(work.zones, uid)
    assert found is not None
    return found


def _draft(work: Work, action: DraftHabitat) -> None:
    """R1.4 sets the habitat; after the last pick the first player's Dawn."""
    zi = ZONES.index(action.zone)
    zone = work.zones[zi]
    work.zones[zi] = build.zone_state(action.habitat, zone.birds, zone.predators, zone.pile)
    if work.log:
        work.events.append(HabitatDrafted(action.player, action.zone, action.habitat))
    work.draft_step += 1
    if work.draft_step == len(DRAFT_ORDER):
        work.phase = Phase.PLAY
        work.active = work.state.first_player
        dawn(work)


def _tap(work: Work, action: TapBird) -> None:
    """R3.4 the bird adds its song to the pool, then its on_tap abilities."""
    found = find_in(work.zones, action.bird)
    assert found is not None
    zi, bird = found
    assert isinstance(bird, Bird)
    song = bird_stat(work.zones, zi, bird, _SONG)
    tapped = shared_bird(
        bird.uid, bird.card, bird.owner, True, True, bird.damage, True, bird.moved, bird.untapped
    )
    work.replace(zi, tapped)
    work.add_song(action.player, song)
    if work.log:
        work.events.append(BirdTapped(action.player, bird.uid, bird.card, song))
    on_tap(work, zi, tapped)


def _nest(work: Work, action: NestBird) -> None:
    """R3.2 pays and puts the bird in, roosting."""
    cost = cost_of(work.zones, action.player, action.card)
    work.pay(action.player, action.card, cost)
    zi = ZONES.index(action.zone)
    bird = Bird(work.take_uid(), action.card, action.player, False, False, 0, False, False, False)
    work.add_bird(zi, bird)
    if work.log:
        work.events.append(BirdNested(action.player, bird.uid, bird.card, action.zone, cost))
    # R6.3 the bird enters roosting, its on-enter ability resolves, then the window opens
    on_enter(work, zi, bird, cost)  # removes no card: its targeted effects wait as decisions
    open_windows(work, zi, bird)


def _play_predator(work: Work, action: PlayPredator) -> None:
    """R6.1 face up for its cost (on_enter abilities), or face down for 2 Song."""
    cost = cost_of(work.zones, action.player, action.card) if action.face_up else FACE_DOWN_COST
    work.pay(action.player, action.card, cost)
    zi = ZONES.index(action.zone)
    pred = Predator(work.take_uid(), action.card, action.player, action.face_up, 0, 0, False)
    work.add_predator(zi, pred)
    if work.log:
        work.events.append(
            PredatorPlayed(action.player, pred.uid, pred.card, action.zone, action.face_up, cost)
        )
    if action.face_up:
        on_enter(work, zi, pred, cost)


def _play_event(work: Work, action: PlayEvent) -> None:
    """R8.1 pays, resolves the abilities, then discards the event."""
    cost = cost_of(work.zones, action.player, action.card)
    work.pay(action.player, action.card, cost)
    if work.log:
        work.events.append(EventPlayed(action.player, action.card, cost))
    if action.discard is not None:
        # R9.6 the named card is discarded to gain the card's other effects
        work.take_from_hand(action.player, action.discard)
        work.to_discard(action.player, action.discard)
        if work.log:
            work.events.append(CardDiscarded(action.player, action.discard))
    on_play(work, action.player, action.card, action.target, action.zone, cost)
    work.to_discard(action.player, action.card)  # R8.1 resolve, then discard


def _play_habitat(work: Work, action: PlayHabitat) -> None:
    """R5.1 R5.2 the card goes on the zone's pile; the third card flips the zone."""
    cost = work.turn.habitats_played  # R5.1 free, then 1, 2, 3...
    work.pay(action.player, action.card, cost)
    t = work.turn
    work.turn = shared_turn(
        t.habitats_played + 1, t.season_played, t.mobbed, t.hold_countdown, t.actions
    )
    zi = ZONES.index(action.zone)
    zone = work.zones[zi]
    pile = (*zone.pile, PileCard(action.player, action.card))
    work.zones[zi] = build.zone_state(zone.habitat, zone.birds, zone.predators, pile)
    if work.log:
        work.events.append(HabitatPlayed(action.player, action.card, action.zone, cost, len(pile)))
    if len(pile) == 3:
        _flip(work, zi)


def _flip(work: Work, zi: int) -> None:
    """R5.2 R5.3 the zone takes the third card's habitat; off-habitat birds are discarded."""
    zone = work.zones[zi]
    habitat = HABITAT_CARDS[zone.pile[-1].card].habitat
    for card in zone.pile:
        work.to_discard(card.owner, card.card)
    stay = tuple(b for b in zone.birds if BIRDS[b.card].habitat is habitat)
    gone = tuple(
        PileCard(b.owner, b.card) for b in zone.birds if BIRDS[b.card].habitat is not habitat
    )
    for card in gone:
        work.to_discard(card.owner, card.card)
    # R5.3 DECISION: predators stay and keep their damage
    work.zones[zi] = build.zone_state(habitat, stay, zone.predators, ())
    if work.log:
        work.events.append(ZoneFlipped(ZONES[zi], habitat, gone))


def is_open(zones: Sequence[ZoneState], seats: Sequence[Seat], pending: Pending) -> bool:
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
            return bool(seats[pending.player].hand)
        case TargetChoice():
            ability = ABILITIES[pending.card][pending.ability]
            return bool(targets(zones, pending.player, ability))
        case _:
            assert_never(pending)


def _settle(work: Work) -> None:
    """Defeats what must fall, queues new decisions first, drops decisions now moot."""
    if work.phase is _OVER:
        work.pending = []
        return
    sweep(work)
    work.flush_pending()
    if work.over:  # a defeat's abilities may end the game
        work.pending = []
        return
    while work.pending and not is_open(work.zones, work.seats, work.pending[0]):
        work.pending.pop(0)
