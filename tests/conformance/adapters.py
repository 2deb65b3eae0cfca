"""What the conformance suite needs from each engine's tests, beyond the Game protocol."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from birdgames import AnyGame


@attrs.frozen
class EngineAdapter:
    """One engine as the conformance suite drives it."""

    game: AnyGame
    # (state, player, seed) -> a state that differs from `state` only in what `player`
    # cannot see (hands, deck order, face-down identities, uncommitted picks, rng...).
    perturb_hidden: Callable[[Any, int, int], Any]
    # How many seeds per player count each hypothesis profile plays.
    seeds: Mapping[str, int]
    player_counts: tuple[int, ...]
    # The config played for a player count; the game's default when None.
    config_for: Callable[[int], Any] | None = None
    # "module:attribute" of the game for a fresh process to import; None means a registered
    # engine, found there by `birdgames.get_game(game.name)`.
    game_ref: str | None = None
    # Share of steps that get the costly codec, leak and frozen-ness checks; long games
    # (hundreds of steps) lower it to keep their share of the suite's time.
    heavy_rate: float = 0.12
    # Saved states of each checked game edited once and loaded (see mutations.py); the
    # dedicated mutation test does the bulk, so long games keep this small.
    mutated_states: int = 2
    # Further configs played beside the default one: (label, players -> config), with
    # their own seeds per profile (for example a game's optional expansions).
    variants: tuple[tuple[str, Callable[[int], Any]], ...] = ()
    variant_seeds: Mapping[str, int] | None = None
    # (state, player) -> how far `player` has pushed the quantities the research encoding
    # bounds (groups, hand sizes, piles, stacks): a maximiser seat plays to raise it, the
    # others to keep their own low (tests/encoding/test_extremes.py).
    extent: Callable[[Any, int], int] | None = None
    # Int fields of a saved state that may legally be negative (every other one is a count,
    # an index or a seat, and -1 must be refused on load: tests/conformance/negative.py).
    signed_fields: frozenset[str] = frozenset()

    def config(self, players: int) -> Any:
        """Returns the config the suite plays with `players` players."""
        if self.config_for is not None:
            return self.config_for(players)
        return self.game.default_config(players)


# Each registered engine has an adapter module defining `ADAPTER: EngineAdapter`.
ADAPTER_MODULES: Final[Mapping[str, str]] = {
    "perch_bop": "tests.perch_bop.adapter",
    "peacock": "tests.peacock.adapter",
    "rookery": "tests.rookery.adapter",
}


def variant_adapters(name: str, adapter: EngineAdapter) -> dict[str, EngineAdapter]:
    """Returns one adapter per variant config, named `<game>+<label>`, playing that config."""
    seeds = adapter.variant_seeds or adapter.seeds
    return {
        f"{name}+{label}": attrs.evolve(
            adapter, config_for=config_for, seeds=seeds, variants=(), variant_seeds=None
        )
        for label, config_for in adapter.variants
    }


def adapter_for(name: str) -> EngineAdapter:
    """Returns the adapter of the registered engine `name`."""
    module = importlib.import_module(ADAPTER_MODULES[name])
    adapter: EngineAdapter = module.ADAPTER
    return adapter
