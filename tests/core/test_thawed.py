"""Each engine's generated thawed.py is what scripts/write_thawed.py writes from its State."""

from scripts.write_thawed import generated, stale


def test_thawed_modules_are_up_to_date() -> None:
    """`python scripts/write_thawed.py` would change nothing: rerun it after changing a State
    or a part the working copy thaws."""
    assert generated()  # at least one engine has one
    assert not stale(), f"out of date, rerun scripts/write_thawed.py: {stale()}"


def test_a_working_copy_freezes_back_to_the_state_it_thawed() -> None:
    """Every State field, the flow's fields held one by one included, comes back as it was
    from a working copy no step edited, at every step of a random game."""
    import random

    from birdgames.perch_bop import GAME
    from birdgames.perch_bop.work import Work

    state = GAME.new_game(GAME.default_config(3), 4)
    pick = random.Random(4)
    flows = set()
    while not GAME.is_terminal(state):
        assert Work(state).freeze() == state
        flows.add(state.flow.phase)
        state = GAME.apply(state, pick.choice(GAME.legal_actions(state, GAME.to_act(state)[0])))
    assert len(flows) >= 3  # the game went through several phases


def test_a_part_held_flat_may_not_hide_a_state_field() -> None:
    """Holding the flow's fields one by one beside the State's would let `round` or `phase`
    mean two things: the generator refuses a name both have."""
    import pytest

    from scripts.write_thawed import SPECS, Source, read_source, thawed_module

    source = read_source("perch_bop")
    flow = [*source.classes["Flow"], ("round", "int")]
    clashing = Source(source.module, {**source.classes, "Flow": flow}, source.origins)
    with pytest.raises(ValueError, match=r"Flow\.round would hide State\.round"):
        thawed_module(SPECS[0], clashing)
