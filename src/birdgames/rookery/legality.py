"""The single source of legality: `check` gives the reason an action is illegal now.

`legal_actions` (rules.py) enumerates exactly the actions `check` accepts; a test proves it
both ways. Reasons name the card, zone and numbers involved, but only what the actor's view
shows: never the identity of an opposing face-down card, nor anything of the opponent's hand
or deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, assert_never

from birdgames.rookery.abilities import (
    MAX_SEASON_TURNS,
    bird_count,
    cost_of,
    has_flock,
    has_room,
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
    TARGETED_EFFECTS,
    Ability,
    CardType,
    Effect,
    Habitat,
    Mode,
    Trait,
)
from birdgames.rookery.field import find_in, without
from birdgames.rookery.state import (
    DRAFT_ORDER,
    TURN_ACTION_LIMIT,
    ZONE_INDEX,
    ZONES,
    AmbushWindow,
    Bird,
    DiscardChoice,
    Pending,
    Phase,
    Predator,
    State,
    TargetChoice,
    Zone,
)

FACE_DOWN_COST: Final = 2  # R6.1 DECISION: flat, so the Song paid reveals nothing
_ANSWERS: Final = (Ambush, PassAmbush, DiscardCard, ChooseTarget)
# Module names for what `to_act` reads on every step: reading `Phase.OVER` runs Python code.
_OVER: Final = Phase.OVER
_DRAFT: Final = Phase.DRAFT


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


# Per card id, read once at import: no Enum hashing on the hot path.
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
            if action.card not in state.players[action.player].hand:
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
    if card not in state.players[player].hand:
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
    song = state.players[p].song
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
    hand = state.players[p].hand
    w = state.wheel
    too_long = season_length_after(action.card, w.turns_played, w.turns_left)
    if too_long is not None:
        return (
            f"{action.card} would make this season last {too_long} turns, "
            f"and a season lasts at most {MAX_SEASON_TURNS}"
        )
    cost = cost_of(state.zones, p, action.card)
    refusal = _not_enough(action.card, cost, state.players[p].song)
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
