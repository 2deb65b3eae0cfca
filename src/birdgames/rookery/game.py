"""GAME: thin delegations to the rule modules, the turn bound and the codec hooks."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Final, NamedTuple, get_args

from birdgames import codec
from birdgames.core import InvalidConfigError, check_player, check_seed, stuck_problem
from birdgames.rookery import events as ev
from birdgames.rookery import rules, scoring, setup
from birdgames.rookery import view as views
from birdgames.rookery.abilities import MAX_SEASON_TURNS, hp_of
from birdgames.rookery.actions import ACTION_CLASSES, Action
from birdgames.rookery.cards import (
    ABILITIES,
    BIRDS,
    CARD_TYPE,
    CATALOG,
    TARGETED_EFFECTS,
    Ability,
    CardType,
    Effect,
    Mode,
    Stat,
    Trigger,
)
from birdgames.rookery.events import EVENT_CLASSES, Event
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
from birdgames.rookery.view import View
from birdgames.rookery.work import find_in

_MAX_TAPS: Final = 2 * 3 * ZONE_CAPACITY  # R3.4 nested birds tap at most twice a turn
_HUNTS_PER_PREDATOR: Final = 3  # R6.2 twice with hunt_twice, once more when readied


def _max_tap_song(config: Config) -> int:
    """The most Song one tap can give with these decks: song, stat_mods, on_tap gains."""
    cards = set(config.decks[0]) | set(config.decks[1])
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


def creates_decision(ability: Ability) -> bool:
    """Whether resolving the ability can leave a pending decision (R8.3, R9.6)."""
    if ability.effect is Effect.DISCARD:
        return ability.mode is Mode.OPPONENT_CHOOSES
    # an event's own targets are parameters of PlayEvent, not decisions
    return ability.effect in TARGETED_EFFECTS and ability.trigger is not Trigger.ON_PLAY


def chain_facts(cards: Iterable[str]) -> str | None:
    """Returns the first catalog fact the bound of `max_actions` needs that fails, or None.

    No on_defeat ability creates a decision, and `move`, the one effect that brings a bird
    into a zone outside the acting player's own play, is only ever an event's on_play.
    """
    for card in sorted(set(cards)):
        for ability in ABILITIES[card]:
            if ability.trigger is Trigger.ON_DEFEAT and creates_decision(ability):
                return f"{card}'s on_defeat ability creates a decision"
            if ability.effect is Effect.MOVE and ability.trigger is not Trigger.ON_PLAY:
                return f"{card} moves a bird on {ability.trigger.value}, not on_play"
    return None


def max_answers(config: Config) -> int:
    """The most answers one turn action can leave to answer, however they chain (R6.3, R9).

    Decisions come only from ambush windows, discard choices and target choices. An action
    fires the abilities of one card (its on_enter, on_tap, on_hunt or on_play): at most
    `most` decisions. A bird entering roosting (NestBird, or a `move` event) opens one window
    per face-down opposing predator there: at most `predators` answers, and each ambush hunt
    fires that predator's on_hunt: at most `hunt_decisions` more over all windows. Answers
    chain no further: a target choice or an ambush defeats at most cards whose on_defeat
    creates no decision and moves no bird (`chain_facts`), and a discard choice triggers
    nothing.
    """
    decks = config.decks
    most = max(sum(map(creates_decision, ABILITIES[c])) for c in (*decks[0], *decks[1]))
    predators = max(sum(CARD_TYPE[c] is CardType.PREDATOR for c in deck) for deck in decks)
    hunt_decisions = max(
        sum(a.trigger is Trigger.ON_HUNT and creates_decision(a) for c in d for a in ABILITIES[c])
        for d in decks
    )
    return most + predators + hunt_decisions


def max_turns() -> int:
    """R7.2 R7.3 R7.5 the most turns a game holds after the draft: 12 * (8 + 1).

    The game ends at its 12th checkpoint at the latest (8, then 4 of sudden death), and a
    season ends only at a checkpoint, so play spans at most 12 seasons. A season holds at
    most 8 counted turns (DECISION). A turn that is not counted played a Season card, whose
    checkpoint ends the season in the middle of that turn: at most one such turn per
    checkpoint.
    """
    checkpoints = YEAR_CHECKPOINTS + SUDDEN_DEATH_CHECKPOINTS
    return checkpoints * (MAX_SEASON_TURNS + 1)


def max_actions(config: Config) -> int:
    """A proven upper bound on the actions of any game with this config (contract rule 7).

    The draft takes 3 actions, then at most `max_turns()` = 108 turns follow. A turn holds
    at most `TURN_ACTION_LIMIT` = 60 actions before the active player may only end it
    (R2.2 DECISION; answers to pending decisions count). Nothing but an answer is legal while
    a decision is pending, so the 60th action is at most followed by the answers it leaves,
    at most `max_answers(config)`, then EndTurn, which itself opens no decision. For the
    default decks 3 + 108 * (60 + 6 + 1) = 7,239; for any legal decks at most
    3 + 108 * (60 + 28 + 1) = 9,615 (24 predators, three of them with an on_hunt decision).
    """
    setup.validate(config)
    cards = (*config.decks[0], *config.decks[1])
    broken = chain_facts(cards)
    # The catalog's tests keep these facts; a new card that breaks one needs a new proof.
    assert broken is None, broken
    per_turn = TURN_ACTION_LIMIT + max_answers(config) + 1
    return len(DRAFT_ORDER) + max_turns() * per_turn


def validate_state(state: State) -> str | None:
    """Returns the first broken invariant of a loaded State, or None."""
    config = state.config
    facts = _config_facts(config)
    if facts.problem is not None:
        return facts.problem
    seen: set[int] = set()
    # Each seat's cards, wherever they are; counted once at the end.
    owned: list[list[str]] = [[], []]
    for seat, player in enumerate(state.players):
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
        or stuck_problem(GAME, state)
    )


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
        4 + _MAX_TAPS * _max_tap_song(config),  # R2.1 Dawn Chorus, R3.4 taps
        TURN_ACTION_LIMIT + max_answers(config),
        max_actions(config),
        tuple(tuple(sorted(deck)) for deck in config.decks),
    )


def _progress_problem(state: State, facts: _ConfigFacts) -> str | None:
    """Turn counters, Song, ids, Prizes and winners within what play can reach."""
    song_bound = facts.song_bound
    for seat, player in enumerate(state.players):
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
    prizes = (state.players[0].prizes, state.players[1].prizes)
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
    if not rules.is_open(state.zones, state.players, front):
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


# The members of the Action and Event unions, for generic code (Game.action_types).
_ACTION_TYPES: Final[tuple[type[Action], ...]] = get_args(Action)
_EVENT_TYPES: Final[tuple[type[Event], ...]] = get_args(Event)
# is_terminal runs on every step of a playout: reading `Phase.OVER` runs Python code.
_OVER: Final = Phase.OVER


class RookeryGame:
    """Rookery: two players, three zones, a season wheel and Prizes."""

    @property
    def name(self) -> str:
        return "rookery"

    @property
    def player_counts(self) -> tuple[int, ...]:
        return (2,)

    @property
    def config_type(self) -> type[Config]:
        return Config

    @property
    def state_type(self) -> type[State]:
        return State

    @property
    def view_type(self) -> type[View]:
        return views.View

    @property
    def action_types(self) -> tuple[type[Action], ...]:
        return _ACTION_TYPES

    @property
    def event_types(self) -> tuple[type[Event], ...]:
        return _EVENT_TYPES

    def default_config(self, players: int) -> Config:
        if players != 2:
            raise InvalidConfigError(f"Rookery is for exactly 2 players, not {players!r}")
        return Config()

    def new_game(self, config: Config, seed: int) -> State:
        # Checked here, in interpreted code: compiled setup would take True for seed 1 and
        # raise TypeError for a foreign config.
        return setup.new_game(setup.validate(config), check_seed(seed))

    def max_actions(self, config: Config) -> int:
        return max_actions(config)

    def to_act(self, state: State) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: State, player: int) -> tuple[Action, ...]:
        # Checked here, in interpreted code: compiled rules would take True for seat 1.
        check_player(player, len(state.players))
        return rules.seat_actions(state, player)

    def check(self, state: State, action: Action) -> str | None:
        return rules.check(state, action)

    def apply(self, state: State, action: Action) -> State:
        return rules.advance(state, action)

    def step(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        return rules.step(state, action)

    def visible_events(self, events: tuple[Event, ...], player: int | None) -> tuple[Event, ...]:
        return tuple(ev.visible(event, player) for event in events)

    def is_terminal(self, state: State) -> bool:
        return state.phase is _OVER

    def scores(self, state: State) -> tuple[int, ...]:
        return scoring.scores(state)

    def winners(self, state: State) -> tuple[int, ...]:
        return scoring.winners(state)

    def view(self, state: State, player: int | None) -> View:
        return views.view(state, player)


GAME: Final = RookeryGame()

# Format 2 of State and View: a turn counts its actions (R2's 60-action cap). Configs and
# actions are unchanged, so records stay format 1 and replay as before.
STATE_FORMAT: Final = 2
codec.register(State, version=STATE_FORMAT)
# View format 3: the common view shape (players is the count, the per-seat parts are seats);
# views are snapshots, so an older one is refused rather than completed.
codec.register(View, version=3)
# Config format 2: the Heron is Unique and Uncontestable, and a season-lengthening card that
# would push a season past 8 turns is no longer playable (R7.2 DECISION), so a format-1
# record could replay differently; it is refused instead.
CONFIG_FORMAT: Final = 2
codec.register(Config, version=CONFIG_FORMAT)
codec.register(AmbushWindow, DiscardChoice, TargetChoice)
codec.register(*ACTION_CLASSES)
codec.register(*EVENT_CLASSES)
codec.register_validator(State, validate_state)
