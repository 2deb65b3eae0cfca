"""The actions a state offered, and the legality guard every engine's step runs.

`legal_actions(state, player)` notes its answer inside the state (an instance attribute that
is no attrs field: equality, hash, the codec and evolve never see it), and `require_legal`
skips `check` for an action that is one of those very objects: `legal_actions` agrees with
`check`, so such an action is legal. Any other action, an equal copy included, takes the full
`check`. Only the last answer is kept; a state with neither an instance dict nor an attribute
declared for the note (the compiled build's native Perch State: hatch_native.py) keeps none.
A step that works out the next state's legal actions anyway may offer them in advance
(Perch's placement: the bonus actions left, then EndTurn): one note per state, so a state's
instance dict stays small.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

from birdgames.core import IllegalActionError

_OFFERED: Final = "_birdgames_offered"
NOTE: Final = _OFFERED
"""The instance attribute the offered actions are kept in: a state built from another's dict
leaves it out."""


_SET: Final = object.__setattr__

_State = TypeVar("_State")
_Action = TypeVar("_Action")


def offer(state: object, actions: tuple[object, ...]) -> None:
    """Notes that `actions` are `legal_actions` of `state` (for some player)."""
    # Past a frozen class's __setattr__, into the instance dict (or the attribute the compiled
    # build declares for the note: hatch_native.py).
    try:  # noqa: SIM105
        _SET(state, _OFFERED, actions)
    except AttributeError:  # a state without a dict: no note
        pass


def offered(state: object) -> tuple[object, ...] | None:
    """Returns the actions last offered for `state`, or None."""
    found: tuple[object, ...] | None = getattr(state, _OFFERED, None)
    return found


def was_offered(state: object, action: object) -> bool:
    """Returns whether `action` is one of the objects `legal_actions` last returned for `state`."""
    offered: tuple[object, ...] | None = getattr(state, _OFFERED, None)
    if offered is None:
        return False
    for candidate in offered:  # noqa: SIM110
        if candidate is action:
            return True
    return False


def require_legal(
    state: _State, action: _Action, check: Callable[[_State, _Action], str | None]
) -> None:
    """Raises IllegalActionError with `check`'s reason unless `action` is legal in `state`.

    Every engine's `step` starts here, with its own `check`.
    """
    # An action object legal_actions offered for this very state is legal: `check` is skipped,
    # 15-20% of a step (benchmarks/instructions.py).
    if not was_offered(state, action):
        reason = check(state, action)
        if reason is not None:
            raise IllegalActionError(action, reason)
