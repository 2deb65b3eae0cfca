"""R6.4 hunting, the flock bonus and Exposed; R6.5 mobbing."""

from __future__ import annotations

import pytest

from birdgames.core import IllegalActionError
from birdgames.rookery import GAME, Hunt, Mob
from birdgames.rookery.events import CardDefeated, Event, HuntResolved, MobResolved
from birdgames.rookery.hunting import hunt_numbers, is_exposed
from birdgames.rookery.state import State
from tests.rookery.scenarios import MID, B, F, L, P, S, build, in_play, run, uid
from tests.rules import rule


def _hunt(
    state: State, predator: str, target: str
) -> tuple[State, HuntResolved, tuple[Event, ...]]:
    action = Hunt(0, uid(state, predator, 0), uid(state, target, 1))
    after, events = run(state, action)
    return after, next(e for e in events if isinstance(e, HuntResolved)), events


@rule("rookery", "R6.4")
@rule("rookery", "RD18")
def test_hunt_hits_for_the_modified_threat() -> None:
    """R6.4 threat > evasion: the target takes the modified threat as damage."""
    state = build(
        birds=[B(L, 1, "capercaillie"), B(L, 1, "wren")],
        predators=[P(L, 0, "sparrowhawk")],
    )
    after, hunted, _ = _hunt(state, "sparrowhawk", "capercaillie")
    assert (hunted.threat, hunted.evasion, hunted.damage) == (4, 3, 4)
    bird = in_play(after, uid(state, "capercaillie"))
    assert bird is not None and bird.damage == 4


@rule("rookery", "R6.4")
def test_hunt_misses_when_threat_does_not_beat_evasion() -> None:
    """R6.4 threat equal to evasion fails; nothing changes but the hunt count."""
    state = build(birds=[B(L, 1, "capercaillie"), B(L, 1, "wren")], predators=[P(L, 0, "fox")])
    after, hunted, _ = _hunt(state, "fox", "capercaillie")
    assert (hunted.threat, hunted.evasion, hunted.damage) == (3, 3, 0)
    bird = in_play(after, uid(state, "capercaillie"))
    assert bird is not None and bird.damage == 0


@rule("rookery", "R6.4")
def test_hunt_defeats_a_bird_whose_damage_reaches_hp() -> None:
    """R6.4 a defeated bird goes to its owner's discard pile."""
    state = build(birds=[B(L, 1, "wren")], predators=[P(L, 0, "fox")])
    after, hunted, events = _hunt(state, "fox", "wren")
    assert hunted.damage == 6
    assert any(isinstance(e, CardDefeated) and e.card == "wren" for e in events)
    assert after.seats[1].discard == ("wren",)
    assert not after.zones[0].birds


@rule("rookery", "R6.4")
def test_flock_bonus_adds_two_per_other_friendly_bird() -> None:
    """R6.4 in a Flock the target gets +2 evasion per other friendly bird in the zone."""
    state = build(
        birds=[B(L, 1, "wren"), B(L, 1, "robin"), B(L, 1, "jay")], predators=[P(L, 0, "fox")]
    )
    _, hunted, _ = _hunt(state, "fox", "wren")
    assert (hunted.evasion, hunted.damage) == (3 + 4, 0)


@rule("rookery", "R9.3")
def test_ignore_flock_predator_skips_the_bonus() -> None:
    """R9.3 sparrowhawk ignores the flock bonus."""
    state = build(
        birds=[B(L, 1, "wren"), B(L, 1, "robin"), B(L, 1, "jay")],
        predators=[P(L, 0, "sparrowhawk")],
    )
    _, hunted, _ = _hunt(state, "sparrowhawk", "wren")
    assert (hunted.threat, hunted.evasion, hunted.damage) == (4, 3, 4)


@rule("rookery", "R6.4")
def test_exposed_when_alone() -> None:
    """R6.4 a bird that is its owner's only bird in the zone is Exposed: +3 threat."""
    state = build(birds=[B(L, 1, "wren")], predators=[P(L, 0, "fox")])
    pred = state.zones[0].predators[0]
    assert is_exposed(state.zones, 0, state.zones[0].birds[0])
    assert hunt_numbers(state.zones, 0, pred, state.zones[0].birds[0]) == (6, 3)


@rule("rookery", "R6.4")
def test_exposed_when_away_from_home_without_flock_and_not_otherwise() -> None:
    """R6.4 not At Home and no Flock: Exposed; an At Home bird with a partner is not."""
    state = build(birds=[B(L, 1, "sandpiper"), B(L, 1, "wren")], predators=[P(L, 0, "fox")])
    sandpiper, wren = state.zones[0].birds
    assert is_exposed(state.zones, 0, sandpiper)
    assert not is_exposed(state.zones, 0, wren)
    pred = state.zones[0].predators[0]
    assert hunt_numbers(state.zones, 0, pred, wren) == (3, 3)
    flock = build(
        birds=[B(L, 1, "sandpiper"), B(L, 1, "wren"), B(L, 1, "robin")],
        predators=[P(L, 0, "fox")],
    )
    assert not is_exposed(flock.zones, 0, flock.zones[0].birds[0])


@rule("rookery", "R6.2")
def test_predator_hunts_once_per_turn() -> None:
    """R6.2 a second hunt the same turn is refused with the predator named."""
    state = build(
        birds=[B(L, 1, "capercaillie"), B(L, 1, "wren")], predators=[P(L, 0, "fox", hunts=1)]
    )
    action = Hunt(0, uid(state, "fox"), uid(state, "wren"))
    reason = GAME.check(state, action)
    assert reason is not None and "this predator already hunted this turn" in reason
    assert action not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalActionError):
        GAME.apply(state, action)


@rule("rookery", "R6.5")
def test_mob_success_deals_the_largest_evasion() -> None:
    """R6.5 summed evasion > stealth: the predator takes the largest single evasion."""
    state = build(
        birds=[B(L, 0, "wren"), B(L, 0, "robin"), B(L, 0, "jay")], predators=[P(L, 1, "fox")]
    )
    after, events = run(state, Mob(0, uid(state, "fox")))
    mobbed = next(e for e in events if isinstance(e, MobResolved))
    assert (mobbed.evasion, mobbed.stealth, mobbed.damage) == (8, 4, 3)
    fox = in_play(after, uid(state, "fox"))
    assert fox is not None and fox.damage == 3
    assert after.turn.mobbed == (True, False, False)
    assert GAME.check(after, Mob(0, uid(state, "fox"))) is not None


@rule("rookery", "R6.5")
def test_mob_failure_changes_nothing() -> None:
    """R6.5 summed evasion <= stealth: nothing happens (owl has stealth 5 + 2)."""
    state = build(
        birds=[B(L, 0, "robin"), B(L, 0, "lark"), B(L, 0, "starling")],
        predators=[P(L, 1, "owl")],
    )
    after, events = run(state, Mob(0, uid(state, "owl")))
    mobbed = next(e for e in events if isinstance(e, MobResolved))
    assert (mobbed.evasion, mobbed.stealth, mobbed.damage) == (7, 7, 0)
    owl = in_play(after, uid(state, "owl"))
    assert owl is not None and owl.damage == 0


@rule("rookery", "R6.5")
def test_roosting_birds_join_the_mob() -> None:
    """R6.5 roosting and tapped birds count in the mobbing flock."""
    state = build(
        birds=[
            B(MID, 0, "sandpiper", tapped=True),
            B(MID, 0, "tern", nested=False),
            B(MID, 0, "gull", nested=False),
        ],
        predators=[P(MID, 1, "weasel")],
        habitats=(F, S, F),
    )
    after, events = run(state, Mob(0, uid(state, "weasel")))
    mobbed = next(e for e in events if isinstance(e, MobResolved))
    # gull gives every friendly bird +1 evasion in a flock: 4 + 5 + 3
    assert mobbed.evasion == 12
    assert any(isinstance(e, CardDefeated) and e.card == "weasel" for e in events)
    assert after.seats[1].discard == ("weasel",)


@rule("rookery", "R6.5")
def test_no_mob_without_a_flock() -> None:
    """R6.5 two birds cannot mob; the refusal gives the count."""
    state = build(birds=[B(L, 0, "wren"), B(L, 0, "robin")], predators=[P(L, 1, "fox")])
    reason = GAME.check(state, Mob(0, uid(state, "fox")))
    assert reason == "you have no Flock in the left zone (2 birds, 3 needed)"
