"""R9 every ability of every catalog card fires, and a conditional one only when it holds.

One case per (card, ability): the card is put where its trigger happens (nested in play,
in hand to be played, hunting, hunted down), its condition is met (in its home habitat, in
a flock of three), and the step's events must show the ability's effect. A triggered ability
with a condition is played again with the condition unmet: then the effect must not show.
Static abilities are read through the queries the rules use (costs, stats, hunts, claims).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from birdgames.rookery import GAME, ChooseTarget, DiscardCard, Hunt, NestBird, PlayEvent, TapBird
from birdgames.rookery.abilities import (
    bird_stat,
    claim_mod,
    cost_of,
    hunt_limit,
    hunt_mod,
    predator_stat,
)
from birdgames.rookery.actions import Action, PlayPredator
from birdgames.rookery.cards import (
    ABILITIES,
    BIRDS,
    CARD_TYPE,
    CATALOG,
    PREDATORS,
    Ability,
    Condition,
    Effect,
    Habitat,
    Mode,
    Scope,
    Stat,
    Trigger,
)
from birdgames.rookery.events import (
    BirdMoved,
    BirdUntapped,
    CardDiscarded,
    CardDrawn,
    CardSearched,
    Damaged,
    Event,
    Healed,
    PredatorReadied,
    SeasonShifted,
    SongGained,
)
from birdgames.rookery.hunting import is_exposed
from birdgames.rookery.state import Bird, DiscardChoice, Predator, State, TargetChoice
from tests.rookery.scenarios import MID, B, L, P, build, uid
from tests.rules import rule

pytestmark = rule("rookery", "R9")

CASES = [
    (card, index) for card, abilities in ABILITIES.items() for index, _ in enumerate(abilities)
]
# Birds without abilities, one per habitat: flock mates and targets that change nothing.
FILLER = {
    Habitat.FOREST: "wren",
    Habitat.SHORE: "sandpiper",
    Habitat.MEADOW: "starling",
    Habitat.WETLAND: "moorhen",
}
PLAIN = "moorhen"  # a bird of no ability: a target, a flock mate, a card in hand
DECK = ("wren", "birdwatchers", "sandpiper", "fox")  # a bird, an event, a predator to search
# The event each effect's resolution logs.
SIGNS: dict[Effect, type[Event]] = {
    Effect.DRAW: CardDrawn,
    Effect.DISCARD: CardDiscarded,
    Effect.SEARCH: CardSearched,
    Effect.SONG_GAIN: SongGained,
    Effect.DAMAGE: Damaged,
    Effect.HEAL: Healed,
    Effect.MOVE: BirdMoved,
    Effect.SEASON_SHIFT: SeasonShifted,
    Effect.UNTAP: BirdUntapped,
    Effect.READY: PredatorReadied,
}


def _home(card: str, met: bool) -> Habitat:
    """The left zone's habitat: the bird's own when at_home must hold, another when not."""
    habitat = BIRDS[card].habitat if card in BIRDS else Habitat.FOREST
    if met:
        return habitat
    return Habitat.SHORE if habitat is not Habitat.SHORE else Habitat.FOREST


def _position(card: str, ability: Ability, met: bool) -> tuple[State, Action]:
    """A position where the ability's trigger happens with its condition met (or not), and
    the action that triggers it."""
    flock = ability.condition is Condition.IN_FLOCK and met
    mates = [B(L, 0, PLAIN), B(L, 0, PLAIN)] if flock else []
    # Something for each kind of target: a damaged and tapped bird of the actor's, a foe's
    # face-up predator and bird, and a predator of the actor's that has hunted.
    support = [B(MID, 0, PLAIN, tapped=True, damage=1), B(MID, 1, PLAIN)]
    helpers = [P(MID, 1, "fox"), P(MID, 0, "fox", hunts=1)]
    habitats = (_home(card, met), Habitat.WETLAND, Habitat.MEADOW)

    def setup(
        birds: Sequence[B],
        predators: Sequence[P],
        hands: tuple[tuple[str, ...], tuple[str, ...]],
        active: int = 0,
    ) -> State:
        return build(
            birds=birds,
            predators=predators,
            hands=hands,
            active=active,
            habitats=habitats,
            decks=(DECK, DECK),
            song=(10, 10),
            turns_left=3,
            turns_played=1,
        )

    match ability.trigger:
        case Trigger.ON_TAP:
            state = setup([B(L, 0, card), *mates, *support], helpers, ((), (PLAIN,)))
            return state, TapBird(0, uid(state, card))
        case Trigger.ON_ENTER if card in BIRDS:
            state = setup([*mates, *support], helpers, ((card,), (PLAIN,)))
            return state, NestBird(0, card, L)
        case Trigger.ON_ENTER:
            state = setup(support, helpers, ((card,), (PLAIN,)))
            return state, PlayPredator(0, card, L, True)
        case Trigger.ON_HUNT:
            state = setup([B(L, 1, PLAIN)], [P(L, 0, card)], ((), (PLAIN,)))
            return state, Hunt(0, uid(state, card), uid(state, PLAIN, owner=1))
        case Trigger.ON_DEFEAT:
            # The foe's event finishes the bird off.
            hp = BIRDS[card].hp
            state = setup([B(L, 0, card, damage=hp - 1)], [], ((), ("downpour",)), active=1)
            return state, PlayEvent(1, "downpour", uid(state, card))
        case Trigger.ON_PLAY:
            state = setup(support, helpers, ((card, PLAIN), (PLAIN,)))
            offered = [
                a
                for a in GAME.legal_actions(state, 0)
                if isinstance(a, PlayEvent) and a.card == card
            ]
            assert offered, f"{card} is not playable in its test position"
            return state, offered[0]
        case Trigger.STATIC:
            raise AssertionError("static abilities are read, not triggered")


def _play_out(state: State, action: Action) -> tuple[Event, ...]:
    """Applies the action, then answers each decision it opens with the first choice."""
    events: list[Event] = []
    state, step = GAME.step(state, action)
    events.extend(step)
    while state.pending and isinstance(state.pending[0], TargetChoice | DiscardChoice):
        front = state.pending[0]
        answer = next(
            a
            for a in GAME.legal_actions(state, front.player)
            if isinstance(a, ChooseTarget | DiscardCard)
        )
        state, step = GAME.step(state, answer)
        events.extend(step)
    return tuple(events)


def _shows(events: tuple[Event, ...], card: str, ability: Ability) -> bool:
    sign = SIGNS[ability.effect]
    found = [e for e in events if isinstance(e, sign)]
    if ability.effect is Effect.DISCARD and ability.mode is Mode.OPPONENT_CHOOSES:
        return any(e.player == 1 for e in found if isinstance(e, CardDiscarded))
    if ability.effect is Effect.DRAW and ability.trigger is Trigger.ON_DEFEAT:
        return any(e.player == 0 for e in found if isinstance(e, CardDrawn))
    return bool(found)


def _in_play(state: State, card: str) -> tuple[int, Bird | Predator]:
    for zi, zone in enumerate(state.zones):
        cards: tuple[Bird | Predator, ...] = (*zone.birds, *zone.predators)
        for found in cards:
            if found.card == card:
                return zi, found
    raise AssertionError(f"{card} is not in play")


def _static_value(card: str, ability: Ability, met: bool) -> object:
    """What the rules' query reads of the static ability in a position with its condition
    met (or not)."""
    mates: list[B] = []
    if card in BIRDS:
        # Two mates make a flock of three; one is there for a zone-wide bonus to show on.
        flock = ability.condition is Condition.IN_FLOCK and met
        mate = B(L, 0, FILLER[BIRDS[card].habitat])
        mates = [mate, mate] if flock else [mate] if ability.scope is Scope.ZONE else []
    placed = [B(L, 0, card)] if card in BIRDS else []
    home = _home(card, met)
    if ability.habitat is not None and ability.effect is Effect.HUNT_MOD:
        # R9.3 habitat_threat: the predator hunts in a zone of that habitat, or of another.
        home = ability.habitat if met else _home(card, False)
    state = build(
        birds=[*placed, *mates, B(L, 1, PLAIN)],
        predators=[P(L, 0, card)] if card in PREDATORS else [],
        habitats=(home, Habitat.WETLAND, Habitat.MEADOW),
    )
    zi, found = _in_play(state, card)
    match ability.effect:
        case Effect.COST_MOD:
            assert ability.card_type is not None
            target = next(
                c.id
                for c in CATALOG.values()
                if getattr(c, "cost", 0) >= 2
                and CARD_TYPE[c.id] is ability.card_type
                and (ability.habitat is None or getattr(c, "habitat", None) is ability.habitat)
            )
            return cost_of(state.zones, 0, target)
        case Effect.STAT_MOD:
            assert ability.stat is not None
            if ability.scope is Scope.ZONE:
                near = next(b for b in state.zones[zi].birds if b.owner == 0 and b.card != card)
                return bird_stat(state.zones, zi, near, ability.stat)
            if isinstance(found, Predator):
                return predator_stat(state.zones, zi, found, ability.stat)
            return bird_stat(state.zones, zi, found, ability.stat)
        case Effect.HUNT_MOD:
            assert ability.mode is not None
            if ability.mode is Mode.HUNT_TWICE:
                assert isinstance(found, Predator)
                return hunt_limit(state.zones, zi, found)
            if ability.mode is Mode.IGNORE_EXPOSED:
                assert isinstance(found, Bird)
                return is_exposed(state.zones, zi, found)
            return hunt_mod(state.zones, zi, found, ability.mode)
        case Effect.CLAIM_MOD:
            assert ability.mode is not None and isinstance(found, Bird)
            return claim_mod(state.zones, zi, found, ability.mode)
        case _:
            raise AssertionError(f"{ability.effect} is not static")


@pytest.mark.parametrize(("card", "index"), CASES, ids=[f"{c}-{i}" for c, i in CASES])
def test_the_ability_fires(card: str, index: int) -> None:
    """The ability's effect shows when its trigger happens and its condition holds, and not
    when the condition fails."""
    ability = ABILITIES[card][index]
    if ability.trigger is Trigger.STATIC:
        with_it = _static_value(card, ability, met=True)
        if ability.mode is Mode.HABITAT_THREAT:
            assert with_it == ability.amount, card
            assert _static_value(card, ability, met=False) is None, card
        elif ability.condition is Condition.ALWAYS:
            assert with_it is not None and with_it is not False, (card, with_it)
            _static_differs_from_printed(card, ability, with_it)
        else:
            assert with_it != _static_value(card, ability, met=False), (card, with_it)
        return
    state, action = _position(card, ability, met=True)
    assert _shows(_play_out(state, action), card, ability), card
    if ability.condition is not Condition.ALWAYS:
        state, action = _position(card, ability, met=False)
        assert not _shows(_play_out(state, action), card, ability), card


def _static_differs_from_printed(card: str, ability: Ability, value: object) -> None:
    """An unconditional static changes what the card would be without it."""
    match ability.effect:
        case Effect.COST_MOD:
            assert isinstance(value, int) and value >= 1
        case Effect.STAT_MOD:
            assert ability.stat is Stat.STEALTH and card in PREDATORS
            assert value == PREDATORS[card].stealth + ability.amount
        case Effect.HUNT_MOD:
            if ability.mode is Mode.HUNT_TWICE:
                assert value == 2
        case _:
            pass
