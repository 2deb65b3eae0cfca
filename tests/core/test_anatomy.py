"""The engine anatomy of docs/contract.md: the same concept in the same room under the same
name, so a reader who learned one engine finds it in the next."""

from __future__ import annotations

import importlib
from pathlib import Path

import attrs
import pytest

import birdgames
from birdgames import offered

# The engines laid out in the shared rooms.
ENGINES = ("perch_bop", "peacock", "rookery")


@pytest.mark.parametrize("engine", ENGINES)
def test_rules_holds_the_referee(engine: str) -> None:
    """rules.py holds to_act, legal_actions, check, step and advance."""
    rules = importlib.import_module(f"birdgames.{engine}.rules")
    for name in ("to_act", "legal_actions", "check", "step", "advance"):
        assert callable(getattr(rules, name, None)), f"{engine}.rules.{name}"


@pytest.mark.parametrize("engine", ENGINES)
def test_steps_start_with_the_shared_legality_guard(engine: str) -> None:
    """The rules refuse an illegal action through offered.require_legal."""
    rules = importlib.import_module(f"birdgames.{engine}.rules")
    assert rules.require_legal is offered.require_legal
    # The source file, not inspect: the compiled build ships rules.py beside its extension.
    assert rules.__file__ is not None
    source = Path(rules.__file__).with_name("rules.py").read_text(encoding="utf-8")
    assert "require_legal(state, action, check)" in source


@pytest.mark.parametrize("engine", ENGINES)
def test_flow_invariants_and_seats_have_their_shared_names(engine: str) -> None:
    """The round driver is flow.py, the load validator invariants.invariant_violation, and
    per-seat data is State.seats."""
    importlib.import_module(f"birdgames.{engine}.flow")
    invariants = importlib.import_module(f"birdgames.{engine}.invariants")
    assert callable(invariants.invariant_violation)
    state = importlib.import_module(f"birdgames.{engine}.state")
    assert "seats" in attrs.fields_dict(state.State)


def test_perch_working_copy_is_work_work() -> None:
    """Perch's step works on work.Work, which holds every State field as it is (generated
    from the State's fields: `thawed.Held`) but the four it thaws part by part."""
    from birdgames.perch_bop import state, thawed, work

    game = birdgames.get_game("perch_bop")
    before = game.new_game(game.default_config(3), 2)
    working = work.Work(before)
    assert isinstance(working, thawed.Held)
    thawed_fields = {"flow", "locations", "seats", "creatures"}
    for field in attrs.fields(state.State):
        if field.name not in thawed_fields:
            assert getattr(working, field.name) is getattr(before, field.name), field.name
    assert working.freeze() == before
