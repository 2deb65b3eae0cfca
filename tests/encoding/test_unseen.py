"""shuffle_unseen reshuffles only what no seat knows: every view and legal action stays."""

from __future__ import annotations

import pytest

from birdgames import codec
from birdgames.encoding import get_encoding
from tests.conformance.adapters import EngineAdapter
from tests.encoding.test_encoding import CASES, IDS
from tests.encoding.test_information_state import _walk_seen


@pytest.mark.parametrize(("label", "adapter", "players"), CASES, ids=IDS)
def test_shuffling_the_unseen_changes_no_view_and_no_legal_action(
    label: str, adapter: EngineAdapter, players: int
) -> None:
    """Every seat's view, the spectator's and every legal action are the same after
    shuffle_unseen; the state still loads; the unseen parts hold the same cards."""
    game, encoding = adapter.game, get_encoding(adapter.game.name)
    changed = 0
    for step, (state, _) in enumerate(_walk_seen(adapter, players, 13)):
        if step % 9:
            continue
        other = encoding.shuffle_unseen(state, step)
        changed += encoding.unseen(other) != encoding.unseen(state)
        assert [sorted(part) for part in encoding.unseen(other)] == [  # type: ignore[call-overload]
            sorted(part)  # type: ignore[call-overload]
            for part in encoding.unseen(state)
        ]
        for seat in (*range(players), None):
            assert game.view(other, seat) == game.view(state, seat)
        for seat in range(players):
            assert game.legal_actions(other, seat) == game.legal_actions(state, seat)
        assert codec.loads(type(other), codec.dumps(other)) == other
    if adapter.game.name != "perch_bop":  # Perch's bag has no order: only its rng changes
        assert changed > 0
