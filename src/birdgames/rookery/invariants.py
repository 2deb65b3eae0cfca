"""Whether a State can be real: the checks every loaded State passes (`codec.loads`).

Compiled in the mypyc build: the codec has proved every field's type before these run.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Final, NamedTuple

from birdgames.core import InvalidConfigError, RulesAnswers, stuck_problem
from birdgames.rookery import rules, scoring, setup
from birdgames.rookery.abilities import MAX_SEASON_TURNS, hp_of
from birdgames.rookery.bounds import max_actions, max_answers, max_turns
from birdgames.rookery.cards import (
    ABILITIES,
    BIRDS,
    CATALOG,
    DAWN_CHORUS,
    TARGETED_EFFECTS,
    Effect,
    Stat,
    Trigger,
)
from birdgames.rookery.flow import PRIZES_TO_WIN, SUDDEN_DEATH_CHECKPOINTS, YEAR_CHECKPOINTS
from birdgames.rookery.state import (
    DRAFT_ORDER,
    TURN_ACTION_LIMIT,
    ZONE_CAPACITY,
    ZONE_INDEX,
    AmbushWindow,
    Bird,
    Config,
    DiscardChoice,
    Phase,
    Predator,
    State,
    TargetChoice,
)
from birdgames.rookery.work import find_in

_MAX_TAPS: Final = 2 * 3 * ZONE_CAPACITY  # R3.4 nested birds tap at most twice a turn
_HUNTS_PER_PREDATOR: Final = 3  # R6.2 twice with hunt_twice, once more when readied


def invariant_violation(state: State) -> str | None:
    """Returns the first broken invariant of a loaded State, or None."""
    config = state.config
    facts = _config_facts(config)
    if facts.problem is not None:
        return facts.problem
    seen: set[int] = set()
    # Each seat's cards, wherever they are; counted once at the end.
    owned: list[list[str]] = [[], []]
    for seat, player in enumerate(state.seats):
        owned[seat] += player.hand
        owned[seat] += player.deck
        owned[seat] += player.discard
        if player.song < 0:
            return f"p{seat} has negative Song ({player.song})"
        if not 0 <= player.prizes <= 3:
            return f"p{seat} has {player.prizes} Prizes"
    for zi, zone in enumerate(state.zones):
        if zone.habitat is None and state.phase is not Phase.DRAFT:
            return f"zone {zi} has no habitat after the draft"
        if len(zone.birds) > ZONE_CAPACITY:
            return f"zone {zi} holds {len(zone.birds)} birds"
        if len(zone.pile) > 2:
            return f"zone {zi}'s flip pile holds {len(zone.pile)} cards"
        for pile_card in zone.pile:
            if type(pile_card.owner) is not int or pile_card.owner not in (0, 1):
                return f"zone {zi}'s flip pile holds a card of no seat ({pile_card.owner!r})"
            owned[pile_card.owner].append(pile_card.card)
        cards: tuple[Bird | Predator, ...] = (*zone.birds, *zone.predators)
        for card in cards:
            if card.owner not in (0, 1):
                return f"card #{card.uid} has no seat owner"
            if card.uid in seen or not 0 < card.uid < state.next_uid:
                return f"card id #{card.uid} is duplicated or beyond the counter"
            seen.add(card.uid)
            owned[card.owner].append(card.card)
            if not 0 <= card.damage < hp_of(state.zones, zi, card):
                return f"{card.card} #{card.uid} has {card.damage} damage, not below its hp"
    for seat in (0, 1):
        if tuple(sorted(owned[seat])) != facts.decks[seat]:
            return f"p{seat}'s cards are not conserved"
    w = state.wheel
    if not 0 <= w.checkpoints <= YEAR_CHECKPOINTS + SUDDEN_DEATH_CHECKPOINTS:
        return f"{w.checkpoints} checkpoints"
    if not 0 <= w.sudden_death <= SUDDEN_DEATH_CHECKPOINTS:
        return f"{w.sudden_death} sudden-death checkpoints"
    if not -8 <= w.turns_left <= MAX_SEASON_TURNS or not 0 <= w.turns_played <= MAX_SEASON_TURNS:
        return f"season counter out of range ({w.turns_left} left, {w.turns_played} played)"
    if state.active not in (0, 1) or state.first_player not in (0, 1):
        return "active or first player is not a seat"
    if not 0 <= state.draft_step <= len(DRAFT_ORDER):
        return f"draft step {state.draft_step}"
    return (
        _progress_problem(state, facts)
        or _pending_problem(state)
        # Last: the checks above keep the rules from reading impossible values.
        or stuck_problem(_BY_THE_RULES, state)
    )


def song_bound(cards: Iterable[str]) -> int:
    """The most Song a seat can hold with decks of `cards`: the largest Dawn Chorus (R2.1),
    then every tap of a turn (R3.4) at the most one tap can give."""
    return max(DAWN_CHORUS.values()) + _MAX_TAPS * _max_tap_song(set(cards))


def _max_tap_song(cards: set[str]) -> int:
    """The most Song one tap can give with these cards: song, stat_mods, on_tap gains."""
    most_song = max((BIRDS[c].song for c in cards if c in BIRDS), default=0)
    most_mod = 0
    most_gain = 0
    for card in cards:
        for a in ABILITIES[card]:
            if a.effect is Effect.STAT_MOD and a.stat is Stat.SONG:
                most_mod = max(most_mod, a.amount)
            if a.effect is Effect.SONG_GAIN and a.trigger is Trigger.ON_TAP:
                most_gain = max(most_gain, a.amount)
    # every bird of the zone may carry a zone-wide song bonus
    return most_song + ZONE_CAPACITY * most_mod + most_gain


class _ConfigFacts(NamedTuple):
    """What a loaded state's checks derive from its config alone."""

    problem: str | None
    song_bound: int
    most_actions: int
    max_actions: int
    decks: tuple[tuple[str, ...], ...]  # each seat's cards sorted, to check conservation


@lru_cache(maxsize=64)
def _config_facts(config: Config) -> _ConfigFacts:
    """The config's verdict and bounds, once per config value: loads of one game share them."""
    try:
        setup.validate(config)
    except InvalidConfigError as error:
        return _ConfigFacts(f"bad config: {error}", 0, 0, 0, ())
    return _ConfigFacts(
        None,
        song_bound((*config.decks[0], *config.decks[1])),
        TURN_ACTION_LIMIT + max_answers(config),
        max_actions(config),
        tuple(tuple(sorted(deck)) for deck in config.decks),
    )


def _progress_problem(state: State, facts: _ConfigFacts) -> str | None:
    """Turn counters, Song, ids, Prizes and winners within what play can reach."""
    song_bound = facts.song_bound
    for seat, player in enumerate(state.seats):
        if player.song > song_bound:
            return f"p{seat} has {player.song} Song, more than a turn can gain ({song_bound})"
    # R5.1 every habitat card after the first free one costs a Song more than the last
    if not 0 <= state.turn.habitats_played <= 1 + song_bound:
        return f"{state.turn.habitats_played} habitat cards played this turn"
    # R2.2 DECISION a turn's 60th action may leave answers to take, then only EndTurn
    most_actions = facts.most_actions
    if not 0 <= state.turn.actions <= most_actions:
        return f"{state.turn.actions} actions this turn, not 0 to {most_actions}"
    if state.turn.hold_countdown and not state.turn.season_played:
        return "the season counter is held without a Season card played"
    drafting = state.phase is Phase.DRAFT
    if drafting:
        if state.turn_number != 0 or state.next_uid != 1 or state.pending:
            return "the habitat draft comes before any turn, card in play or decision"
        for step, drafted in enumerate(DRAFT_ORDER):
            if (state.zones[ZONE_INDEX[drafted]].habitat is None) != (step >= state.draft_step):
                return f"draft step {state.draft_step} does not match the drafted zones"
    elif state.draft_step != len(DRAFT_ORDER):
        return f"draft step {state.draft_step} after the draft"
    elif not 1 <= state.turn_number <= max_turns():
        return f"turn {state.turn_number} is not 1 to {max_turns()}"
    # R6.1 R3.1 each id is taken by a card played from the hand, one per action
    if not 1 <= state.next_uid <= 1 + facts.max_actions:
        return f"the id counter #{state.next_uid} is beyond what play can reach"
    for zone in state.zones:
        for pred in zone.predators:
            if not 0 <= pred.hunts <= _HUNTS_PER_PREDATOR:
                return f"predator #{pred.uid} hunted {pred.hunts} times this turn (R6.2)"
    w = state.wheel
    prizes = (state.seats[0].prizes, state.seats[1].prizes)
    if w.sudden_death != max(0, w.checkpoints - YEAR_CHECKPOINTS):
        return f"{w.sudden_death} sudden-death checkpoints after {w.checkpoints} checkpoints"
    if sum(prizes) > w.checkpoints:
        return f"{sum(prizes)} Prizes claimed in {w.checkpoints} checkpoints"
    over = state.phase is Phase.OVER
    if not over:
        if state.winners:
            return "winners before the end"
        # R7.4 a third Prize ends the game; R7.5 after the year only a tie goes on
        if max(prizes) >= PRIZES_TO_WIN:
            return f"{max(prizes)} Prizes and the game goes on"
        if w.checkpoints >= YEAR_CHECKPOINTS and prizes[0] != prizes[1]:
            return f"Prizes {prizes} after the year and the game goes on"
        if w.checkpoints >= YEAR_CHECKPOINTS + SUDDEN_DEATH_CHECKPOINTS:
            return "every sudden-death checkpoint is held and the game goes on"
        return None
    if state.winners not in ((0,), (1,), (0, 1)):
        return f"winners {state.winners} are not one seat or both"
    if len(state.winners) == 1 and prizes[state.winners[0]] <= prizes[1 - state.winners[0]]:
        return f"winners {state.winners} with Prizes {prizes}: the winner has more (R7.4)"
    if len(state.winners) == 2 and prizes[0] != prizes[1]:
        return f"winners (0, 1), a draw, with unequal Prizes {prizes} (R7.5)"
    return None


def _pending_problem(state: State) -> str | None:
    """Pending decisions name seats, known cards and ids; the first one can be answered."""
    if state.pending and state.phase is not Phase.PLAY:
        return f"a pending decision in the {state.phase.value} phase"
    for pending in state.pending:
        if pending.player not in (0, 1):
            return "a pending decision of no seat"
        match pending:
            case AmbushWindow():
                for uid in (pending.predator, pending.target):
                    if not 0 < uid < state.next_uid:
                        return f"an ambush window names #{uid}, beyond the id counter"
            case DiscardChoice():
                if pending.source not in CATALOG:
                    return f"a discard asked by {pending.source!r}, no Rookery card"
            case TargetChoice():
                if pending.card not in CATALOG:
                    return f"a target choice of {pending.card!r}, no Rookery card"
                abilities = ABILITIES[pending.card]
                if not 0 <= pending.ability < len(abilities) or (
                    abilities[pending.ability].effect not in TARGETED_EFFECTS
                ):
                    return f"a pending target of {pending.card} names no targeted ability"
                if not 0 < pending.source < state.next_uid:
                    return f"a target choice of #{pending.source}, beyond the id counter"
    if not state.pending:
        return None
    front = state.pending[0]
    if not rules.is_open(state.zones, state.seats, front):
        return f"the first pending decision cannot be answered ({rules.describe(front)})"
    if isinstance(front, AmbushWindow):
        # R6.3 the face-down predator's owner decides about an opposing bird
        found = find_in(state.zones, front.predator)
        bird = find_in(state.zones, front.target)
        if found is None or bird is None or found[1].owner != front.player:
            return f"p{front.player} does not own the predator of the ambush window"
        if bird[1].owner == front.player:
            return "an ambush window on the predator owner's own bird"
    return None


def _is_over(state: State) -> bool:
    return state.phase is Phase.OVER


# The questions `stuck_problem` asks, answered by the rules as the engine does (the engine's
# module imports this one).
_BY_THE_RULES: Final = RulesAnswers(rules.to_act, rules.legal_actions, _is_over, scoring.winners)
