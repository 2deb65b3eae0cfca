"""The proven bound on a game's length (contract rule 7): turns, answers, actions.

`GAME.max_actions` gives it, and the load validator (invariants.py) holds a loaded State to
it. Interpreted in the compiled build: `max_actions` hands a caller's config to
`setup.validate`, which names what is wrong with one.
"""

from __future__ import annotations

from collections.abc import Iterable

from birdgames.rookery import setup
from birdgames.rookery.abilities import MAX_SEASON_TURNS
from birdgames.rookery.cards import (
    ABILITIES,
    CARD_TYPE,
    TARGETED_EFFECTS,
    Ability,
    CardType,
    Effect,
    Mode,
    Trigger,
)
from birdgames.rookery.flow import SUDDEN_DEATH_CHECKPOINTS, YEAR_CHECKPOINTS
from birdgames.rookery.state import DRAFT_ORDER, TURN_ACTION_LIMIT, Config


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
