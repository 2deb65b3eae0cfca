"""GAME: thin delegations to the rule modules, the turn bound and the codec hooks."""

from __future__ import annotations

from collections import Counter
from typing import Final

from birdgames import codec
from birdgames.core import InvalidConfigError
from birdgames.rookery import events as ev
from birdgames.rookery import legality, rules, scoring, setup
from birdgames.rookery import view as views
from birdgames.rookery.abilities import hp_of
from birdgames.rookery.actions import ACTION_CLASSES, Action
from birdgames.rookery.cards import ABILITIES, BIRDS, Effect, Stat, Trigger
from birdgames.rookery.effects import MAX_SEASON_TURNS
from birdgames.rookery.events import EVENT_CLASSES, Event
from birdgames.rookery.state import (
    DRAFT_ORDER,
    ZONE_CAPACITY,
    AmbushWindow,
    Bird,
    Config,
    DiscardChoice,
    Phase,
    Predator,
    State,
    TargetChoice,
)
from birdgames.rookery.turns import SUDDEN_DEATH_CHECKPOINTS, YEAR_CHECKPOINTS
from birdgames.rookery.view import View

_MAX_TAPS: Final = 2 * 3 * ZONE_CAPACITY  # R3.4 nested birds tap at most twice a turn
_MAX_MOVES: Final = 3 * ZONE_CAPACITY  # R3.5 each nested bird moves at most once a turn
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


def max_actions(config: Config) -> int:
    """An upper bound on the actions of any game with this config (contract rule 7).

    Turns: at most 12 checkpoints (8, then 4 of sudden death, R7.5), a season lasts at most
    8 counted turns (R7.2, DECISION), and a Season card's own uncounted turn holds a
    checkpoint: at most 13 * 8 + 12 turns. In a turn, Song is bounded (Dawn Chorus plus
    at most two taps per bird), every card played after the first free habitat card costs
    at least 1 Song net (R10: immediate gains stay below the cost paid), and each hunt,
    mob, move, trigger and reaction is bounded by what is in play or played.
    """
    setup.validate(config)
    cards = len(config.decks[0]) + len(config.decks[1])
    song = 4 + _MAX_TAPS * _max_tap_song(config)
    plays = 1 + song
    hunts = _HUNTS_PER_PREDATOR * (cards + plays)
    triggers = 3 * (plays + _MAX_TAPS + hunts + cards + plays + plays)
    entries = plays + triggers
    per_turn = 1 + _MAX_TAPS + _MAX_MOVES + 3 + plays + hunts + triggers + entries * cards
    checkpoints = YEAR_CHECKPOINTS + SUDDEN_DEATH_CHECKPOINTS
    turns = (checkpoints + 1) * MAX_SEASON_TURNS + checkpoints
    return len(DRAFT_ORDER) + turns * per_turn


def validate_state(state: State) -> str | None:
    """Returns the first broken invariant of a loaded State, or None."""
    config = state.config
    try:
        setup.validate(config)
    except InvalidConfigError as error:
        return f"bad config: {error}"
    seen: set[int] = set()
    owned: list[Counter[str]] = [Counter(), Counter()]
    for seat, player in enumerate(state.players):
        owned[seat].update(player.hand)
        owned[seat].update(player.deck)
        owned[seat].update(player.discard)
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
            owned[pile_card.owner].update((pile_card.card,))
        cards: tuple[Bird | Predator, ...] = (*zone.birds, *zone.predators)
        for card in cards:
            if card.owner not in (0, 1):
                return f"card #{card.uid} has no seat owner"
            if card.uid in seen or not 0 < card.uid < state.next_uid:
                return f"card id #{card.uid} is duplicated or beyond the counter"
            seen.add(card.uid)
            owned[card.owner].update((card.card,))
            if not 0 <= card.damage < hp_of(state.zones, zi, card):
                return f"{card.card} #{card.uid} has {card.damage} damage, not below its hp"
    for seat in (0, 1):
        if owned[seat] != Counter(config.decks[seat]):
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
    if state.phase is Phase.OVER and not state.winners:
        return "a finished game without winners"
    if state.phase is not Phase.OVER and state.winners:
        return "winners before the end"
    for pending in state.pending:
        if pending.player not in (0, 1):
            return "a pending decision of no seat"
        if isinstance(pending, TargetChoice) and not 0 <= pending.ability < len(
            ABILITIES.get(pending.card, ())
        ):
            return f"a pending target of {pending.card} names no ability"
    return None


class RookeryGame:
    """Rookery: two players, three zones, a season wheel and Prizes."""

    @property
    def name(self) -> str:
        return "rookery"

    @property
    def player_counts(self) -> tuple[int, ...]:
        return (2,)

    def default_config(self, players: int) -> Config:
        if players != 2:
            raise InvalidConfigError(f"Rookery is for exactly 2 players, not {players!r}")
        return Config()

    def new_game(self, config: Config, seed: int) -> State:
        return setup.new_game(config, seed)

    def max_actions(self, config: Config) -> int:
        return max_actions(config)

    def to_act(self, state: State) -> tuple[int, ...]:
        return legality.to_act(state)

    def legal_actions(self, state: State, player: int) -> tuple[Action, ...]:
        return rules.legal_actions(state, player)

    def check(self, state: State, action: Action) -> str | None:
        return legality.check(state, action)

    def apply(self, state: State, action: Action) -> State:
        return rules.step(state, action)[0]

    def step(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        return rules.step(state, action)

    def visible_events(self, events: tuple[Event, ...], player: int | None) -> tuple[Event, ...]:
        return tuple(ev.visible(event, player) for event in events)

    def is_terminal(self, state: State) -> bool:
        return state.phase is Phase.OVER

    def scores(self, state: State) -> tuple[int, ...]:
        return scoring.scores(state)

    def winners(self, state: State) -> tuple[int, ...]:
        return scoring.winners(state)

    def view(self, state: State, player: int | None) -> View:
        return views.view(state, player)


GAME: Final = RookeryGame()

codec.register(Config, State, View, AmbushWindow, DiscardChoice, TargetChoice)
codec.register(*ACTION_CLASSES)
codec.register(*EVENT_CLASSES)
codec.register_validator(State, validate_state)
