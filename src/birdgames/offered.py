"""The actions a state offered: `apply` skips `check` for one of them.

`legal_actions(state, player)` notes its answer inside the state (an instance attribute that
is no attrs field: equality, hash, the codec and evolve never see it), and `apply` skips
`check` for an action that is one of those very objects: `legal_actions` agrees with `check`,
so such an action is legal. Any other action, an equal copy included, takes the full `check`.
Only the last answer is kept; a state of a class without an instance dict keeps none.
"""

from __future__ import annotations

from typing import Final

_OFFERED: Final = "_birdgames_offered"


def offer(state: object, actions: tuple[object, ...]) -> None:
    """Notes that `actions` are `legal_actions` of `state` (for some player)."""
    notes = getattr(state, "__dict__", None)
    if notes is not None:
        notes[_OFFERED] = actions


def was_offered(state: object, action: object) -> bool:
    """Returns whether `action` is one of the objects `legal_actions` last returned for `state`."""
    notes = getattr(state, "__dict__", None)
    if notes is None:
        return False
    offered = notes.get(_OFFERED)
    if offered is None:
        return False
    for candidate in offered:  # noqa: SIM110 a plain loop: no generator on the hot path
        if candidate is action:
            return True
    return False
