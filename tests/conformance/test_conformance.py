"""The core contract, checked over every registered engine and the test-only toy game.

Adding an engine: write `tests/<game>/adapter.py` defining `ADAPTER = EngineAdapter(game=GAME,
perturb_hidden=..., seeds={"ci": N, "dev": M, "soak": K}, player_counts=...,
game_ref="birdgames.<game>:GAME")`, list it in `adapters.ADAPTER_MODULES`, run
`python -m pytest tests/conformance -k <game>` until green, then add the game to
`birdgames.registry.BUNDLED`; every test here then runs it. `seeds["ci"]` is the lever
that keeps the engine's share of this suite under 2 minutes (see `--durations`).
A failure names the game, player count and seed (`peacock-3p-seed7`); rerun that one with
`check_game(adapter_for("peacock"), 3, 7)` to debug it.
"""

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from birdgames import games
from tests.conformance.adapters import EngineAdapter, adapter_for, variant_adapters
from tests.conformance.checks import check_game, check_replay_in_subprocess, check_sim
from tests.profile import PROFILE
from tests.toy.adapter import ADAPTER as TOY

ADAPTERS: dict[str, EngineAdapter] = {name: adapter_for(name) for name in games()}
VARIANTS: list[str] = []
for _name in games():
    # Each variant config (Perch's expansions) is checked as an engine of its own.
    _variants = variant_adapters(_name, ADAPTERS[_name])
    ADAPTERS.update(_variants)
    VARIANTS.extend(_variants)
ADAPTERS["toy"] = TOY


def _player_counts(name: str) -> tuple[int, ...]:
    """The counts the seeded games of `name` are played at: all of them, except that in the
    quick reruns each variant plays one count, the next variant the next count."""
    counts = tuple(ADAPTERS[name].player_counts)
    if PROFILE != "quick" or name not in VARIANTS:
        return counts
    return (counts[VARIANTS.index(name) % len(counts)],)


def _game_cases() -> list[Any]:
    return [
        pytest.param(name, players, seed, id=f"{name}-{players}p-seed{seed}")
        for name, adapter in ADAPTERS.items()
        for players in _player_counts(name)
        for seed in range(adapter.seeds[PROFILE])
    ]


@pytest.mark.parametrize(("name", "players", "seed"), _game_cases())
def test_seeded_game_honours_the_contract(name: str, players: int, seed: int) -> None:
    """A random game from this seed keeps rules 1-7 at every step, and sim replays it."""
    adapter = ADAPTERS[name]
    report = check_game(adapter, players, seed)
    assert report.heavy_steps > 0
    check_sim(adapter, players, seed)


@pytest.mark.parametrize("name", list(ADAPTERS))
def test_replay_in_another_process_is_identical(name: str) -> None:
    """A fresh process with another PYTHONHASHSEED plays and replays to identical dumps."""
    adapter = ADAPTERS[name]
    check_replay_in_subprocess(adapter, min(adapter.player_counts), 0)


@pytest.mark.parametrize("name", list(ADAPTERS))
def test_adapter_covers_the_game(name: str) -> None:
    """The adapter plays only counts the game supports and has seeds for every profile."""
    adapter = ADAPTERS[name]
    assert adapter.game.name == name.partition("+")[0]
    assert set(adapter.player_counts) <= set(adapter.game.player_counts)
    assert {"quick", "ci", "dev", "soak"} <= set(adapter.seeds)


@pytest.mark.parametrize("name", list(ADAPTERS))
def test_games_chosen_move_by_move_honour_the_contract(name: str) -> None:
    """Games whose every move hypothesis chooses (and shrinks on failure) keep the contract."""
    adapter = ADAPTERS[name]
    # A tenth of the seeded games' count, at least 3 (1 in the quick reruns): these runs cost
    # as much but shrink on failure.
    examples = max(1 if PROFILE == "quick" else 3, adapter.seeds[PROFILE] // 10)

    @settings(max_examples=examples)
    @given(data=st.data(), players=st.sampled_from(adapter.player_counts))
    def run(data: st.DataObject, players: int) -> None:
        seed = data.draw(st.integers(0, 2**32), label="seed")
        check_game(
            adapter, players, seed, choose=lambda actions: data.draw(st.sampled_from(actions))
        )

    run()


def test_toy_run_exercises_every_turn_shape() -> None:
    """The toy game's checked runs reach hidden picks, interleavings, raids and discards."""
    kinds: set[str] = set()
    simultaneous = changed = compared = 0
    for players in TOY.player_counts:
        for seed in range(3):
            report = check_game(TOY, players, seed)
            kinds |= report.kinds_seen
            simultaneous += report.simultaneous_checks
            changed += report.perturbations_changed
            compared += report.events_compared
    assert {"toy.pick", "toy.build", "toy.end_build", "toy.raid", "toy.discard"} <= kinds
    assert {"toy.revealed", "toy.drew", "toy.discarded", "toy.game_ended"} <= kinds
    assert simultaneous > 0 and changed > 0 and compared > 0
