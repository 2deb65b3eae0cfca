"""Mutation fuzz: one-edit changes to real saves are refused, or load and play on legally.

Sized by BIRDGAMES_PROFILE: `ci` adds a few seconds per engine, `soak` many thousand saves.
"""

import pytest

from tests.conformance.mutations import MutationReport, fuzz_saved_game
from tests.conformance.test_conformance import ADAPTERS
from tests.profile import PROFILE

# (seeded games, mutated states and mutated records per game) per profile
SIZES = {"quick": (1, 80, 20), "ci": (1, 150, 40), "dev": (10, 150, 40), "soak": (80, 200, 50)}


@pytest.mark.parametrize(
    ("name", "players"),
    [(name, players) for name, adapter in ADAPTERS.items() for players in adapter.player_counts],
    ids=str,
)
def test_mutated_saves_are_refused_or_play_on_legally(name: str, players: int) -> None:
    """Each mutated state or record is a CodecError, or plays (verifies) to a legal end."""
    games, states, records = SIZES[PROFILE]
    report = MutationReport()
    for seed in range(games):
        report.add(fuzz_saved_game(ADAPTERS[name], players, seed, states, records))
    assert report.tried == games * (states + records)
    # Both outcomes happen, so neither the codec nor the playout is skipped wholesale.
    assert report.refused > 0 and report.played > 0, report
