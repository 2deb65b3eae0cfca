"""Every public function of `sim` refuses a wrongly typed argument with the library's errors.

Untyped callers exist: each parameter of each public function and method gets, one at a
time, values of the wrong type (a str for an int, a float, None, a list, a bool for an int,
a bare object); the call must raise a BirdgamesError (InvalidConfigError, CodecError or
IllegalActionError), never TypeError, AttributeError or anything else.
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

from birdgames import BirdgamesError, sim
from birdgames.fields import describe
from birdgames.rookery import GAME

CONFIG = GAME.default_config(2)
POLICIES = [sim.RandomPolicy(), sim.RandomPolicy()]
MATCH = sim.Match.start(GAME, CONFIG, 1)
RECORD = sim.play(GAME, CONFIG, 1, POLICIES)
RESULT = sim.play_result(GAME, CONFIG, 1, POLICIES, ("a", "b"))
STATE = GAME.new_game(CONFIG, 1)
LEGAL = GAME.legal_actions(STATE, GAME.to_act(STATE)[0])


def _drain(result: object) -> object:
    return list(result) if isinstance(result, Iterator) else result


# A valid call of each public callable: the probes change one argument at a time.
CALLS: dict[str, tuple[Callable[..., Any], dict[str, Any]]] = {
    "policy_rng": (sim.policy_rng, {"seed": 1, "player": 0}),
    "iter_play": (
        sim.iter_play,
        {"game": GAME, "config": CONFIG, "seed": 1, "policies": POLICIES, "max_actions": 3},
    ),
    "play": (
        sim.play,
        {"game": GAME, "config": CONFIG, "seed": 1, "policies": POLICIES, "max_actions": 3},
    ),
    "replay": (sim.replay, {"game": GAME, "record": RECORD, "upto": 3}),
    "verify": (sim.verify, {"record": RECORD, "game": GAME, "finished": True}),
    "tournament_seeds": (sim.tournament_seeds, {"seed": 1, "games": 2}),
    "play_result": (
        sim.play_result,
        {"game": GAME, "config": CONFIG, "seed": 1, "policies": POLICIES, "seating": ("a", "b")},
    ),
    "tournament": (
        sim.tournament,
        {
            "game": GAME,
            "config": CONFIG,
            "policies": POLICIES,
            "games": 1,
            "seeds": 1,
            "executor": None,
            "progress": None,
            "names": ("a", "b"),
        },
    ),
    "summarize": (sim.summarize, {"game": "rookery", "results": [RESULT]}),
    "RandomPolicy.choose": (
        sim.RandomPolicy().choose,
        {"view": None, "legal_actions": LEGAL, "visible_history": (), "rng": sim.policy_rng(1, 0)},
    ),
    "Match.start": (sim.Match.start, {"game": GAME, "config": CONFIG, "seed": 1}),
    "Match.legal_actions": (MATCH.legal_actions, {"player": 0}),
    "Match.view": (MATCH.view, {"player": 0}),
    "Match.play": (MATCH.play, {"action": MATCH.legal_actions(MATCH.to_act()[0])[0]}),
    "Match.rewind": (MATCH.rewind, {"steps": 0}),
    "Match.undo": (MATCH.play(MATCH.legal_actions(MATCH.to_act()[0])[0])[0].undo, {"steps": 1}),
    "Match.resume": (sim.Match.resume, {"game": GAME, "saved": MATCH.save()}),
}
# Parameters that take any object: nothing is wrongly typed for them.
ANY_VALUE = {("RandomPolicy.choose", "view"), ("RandomPolicy.choose", "visible_history")}


def _public_callables() -> set[str]:
    """Every public function of sim, and every public method taking arguments."""
    names = set()
    for name, value in vars(sim).items():
        if name.startswith("_") or getattr(value, "__module__", None) != sim.__name__:
            continue
        if inspect.isfunction(value) and name != "policy_name":  # policy_name takes anything
            names.add(name)
        elif inspect.isclass(value):
            for method, member in vars(value).items():
                if method.startswith("_"):
                    continue
                function = member.__func__ if isinstance(member, classmethod) else member
                if inspect.isfunction(function):
                    parameters = list(inspect.signature(function).parameters)[1:]
                    if parameters and not inspect.isabstract(value):
                        names.add(f"{name}.{method}")
    return names - {"Policy.choose", "Executor.submit"}  # protocols: nothing to call


def test_every_public_callable_is_probed() -> None:
    """The probe list below covers every public function and method of sim."""
    assert set(CALLS) == _public_callables()


def _hint(function: Callable[..., Any], parameter: str) -> tuple[Any, bool]:
    """Returns the parameter's annotation without None, and whether None is allowed."""
    hint = typing.get_type_hints(function, vars(sim))[parameter]
    members = (
        typing.get_args(hint)
        if typing.get_origin(hint) in (typing.Union, types.UnionType)
        else (hint,)
    )
    kept = [m for m in members if m is not type(None)]
    return (kept[0] if len(kept) == 1 else hint), len(kept) < len(members)


def _wrong_values(function: Callable[..., Any], parameter: str) -> list[object]:
    """Returns values of another type than the parameter's annotation admits."""
    hint, optional = _hint(function, parameter)
    origin = typing.get_origin(hint) or hint
    if hint is bool:
        values: list[object] = ["1", 1.5, [], object(), 1]
    elif hint is int:
        values = ["1", 1.5, [], object(), True, ("x",)]
    elif hint is str:
        values = [1, 1.5, [], object(), True]
    elif origin in (tuple, Sequence):
        values = [1, 1.5, object(), True]
    else:  # an engine, a record, an rng, a config, an action, an executor, a callable
        values = ["1", 1.5, [], object(), True, ("x",)]
    if not optional:
        values.append(None)
    return values


PROBES = [
    (label, parameter, value)
    for label, (function, arguments) in CALLS.items()
    for parameter in arguments
    if (label, parameter) not in ANY_VALUE
    for value in _wrong_values(function, parameter)
]


@pytest.mark.parametrize(
    ("label", "parameter", "value"),
    PROBES,
    ids=[f"{label}-{parameter}-{describe(value)}" for label, parameter, value in PROBES],
)
def test_a_wrongly_typed_argument_raises_a_birdgames_error(
    label: str, parameter: str, value: object
) -> None:
    """Each wrong value of each parameter is refused with the library's own error."""
    function, arguments = CALLS[label]
    assert _drain(function(**arguments)) is not None or label in ("verify",)
    with pytest.raises(BirdgamesError):
        _drain(function(**{**arguments, parameter: value}))


def test_bools_are_not_step_counts() -> None:
    """`rewind(True)` is refused rather than read as 1."""
    moved = MATCH.play(MATCH.legal_actions(MATCH.to_act()[0])[0])[0]
    with pytest.raises(BirdgamesError, match="cannot rewind to step True"):
        moved.rewind(True)
    with pytest.raises(BirdgamesError, match="cannot undo True steps"):
        moved.undo(True)
