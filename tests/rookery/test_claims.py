"""R4 claims, control, Uncontestable and the zone leader."""

from __future__ import annotations

from birdgames.rookery.scoring import controller, has_claim, leader
from tests.rookery.scenarios import MID, B, F, L, M, R, S, W, build
from tests.rules import rule

pytestmark = rule("rookery", "R4")


@rule("rookery", "R4.1")
def test_flock_makes_a_claim_and_controls_when_outnumbering() -> None:
    """R4.1 three birds are a Flock; with more birds than the opponent they control."""
    state = build(birds=[B(L, 0, "robin"), B(L, 0, "lark"), B(L, 0, "starling"), B(L, 1, "wren")])
    assert has_claim(state.zones, 0, 0)
    assert controller(state.zones, 0) == 0


@rule("rookery", "R4.1")
def test_two_plain_birds_make_no_claim() -> None:
    """R4.1 two birds without traits are no claim, so no control even against one bird."""
    state = build(birds=[B(L, 0, "robin"), B(L, 0, "lark"), B(L, 1, "sandpiper")])
    assert not has_claim(state.zones, 0, 0)
    assert controller(state.zones, 0) is None


@rule("rookery", "R4.1")
def test_territorial_pair_makes_a_claim() -> None:
    """R4.1 two Territorial birds claim the zone."""
    state = build(birds=[B(L, 0, "wren"), B(L, 0, "jay"), B(L, 1, "robin")])
    assert has_claim(state.zones, 0, 0)
    assert controller(state.zones, 0) == 0


@rule("rookery", "R4.1")
def test_keystone_claims_alone() -> None:
    """R4.1 a Keystone bird claims the zone by itself."""
    state = build(birds=[B(MID, 0, "woodpecker")])
    assert has_claim(state.zones, 1, 0)
    assert controller(state.zones, 1) == 0


@rule("rookery", "R9.4")
def test_claim_alone_ability_claims_only_at_home() -> None:
    """R9.4 rail claims alone while At Home (Wetland), not elsewhere."""
    home = build(birds=[B(L, 0, "rail")], habitats=(W, F, M))
    away = build(birds=[B(L, 0, "rail")], habitats=(F, F, M))
    assert controller(home.zones, 0) == 0
    assert controller(away.zones, 0) is None


@rule("rookery", "R4.2")
def test_equal_counts_control_nobody() -> None:
    """R4.2 a claim with as many birds as the opponent controls nothing."""
    state = build(birds=[B(L, 0, "wren"), B(L, 0, "jay"), B(L, 1, "robin"), B(L, 1, "lark")])
    assert has_claim(state.zones, 0, 0)
    assert controller(state.zones, 0) is None


@rule("rookery", "R4.3")
def test_uncontestable_controls_even_outnumbered() -> None:
    """R4.3 an Uncontestable bird controls against a bigger Flock."""
    birds = [B(R, 0, "bustard")] + [B(R, 1, c) for c in ("lark", "starling", "quail", "robin")]
    state = build(birds=birds)
    assert controller(state.zones, 2) == 0


@rule("rookery", "R4.3", "R4.2")
def test_uncontestable_on_both_sides_falls_back_to_counts() -> None:
    """R4.3 with an Uncontestable bird on both sides, R4.2 decides (more birds controls)."""
    state = build(
        birds=[B(L, 0, "capercaillie"), B(L, 1, "bustard"), B(L, 1, "robin")],
        habitats=(M, S, M),
    )
    assert controller(state.zones, 0) == 1
    tie = build(birds=[B(L, 0, "capercaillie"), B(L, 1, "bustard")], habitats=(M, S, M))
    assert controller(tie.zones, 0) is None


@rule("rookery", "RD12")
@rule("rookery", "R9.4")
def test_count_as_two_breaks_a_tie_at_home() -> None:
    """R9.4 capercaillie At Home counts as 2 birds for control, so 2 birds beat 2."""
    birds = [
        B(L, 0, "capercaillie"),
        B(L, 0, "wren"),
        B(L, 1, "bustard"),
        B(L, 1, "robin"),
    ]
    at_home = build(birds=birds, habitats=(F, S, M))
    away = build(birds=birds, habitats=(W, S, M))
    assert controller(at_home.zones, 0) == 0
    assert controller(away.zones, 0) is None


@rule("rookery", "R4.4")
def test_zone_leader_controls_more_zones() -> None:
    """R4.4 the leader controls more zones than the other; equal means no leader."""
    state = build(birds=[B(L, 0, "woodpecker"), B(MID, 1, "oystercatcher"), B(R, 0, "skylark")])
    assert leader(state.zones) == 0
    even = build(birds=[B(L, 0, "woodpecker"), B(MID, 1, "oystercatcher")])
    assert leader(even.zones) is None
