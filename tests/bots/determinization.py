"""The properties every determinizer must have, checked on one real state and seat.

A determinizer builds a full State from what one seat knows. Here it is called as
`determinize(state, player, history, seed)` so that a faulty one that peeks at the real
state can be caught: a sound one only ever reads `game.view(state, player)` and `history`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from birdgames import AnyGame, codec
from birdgames.rng import Rng, below

# (state, player, history, seed) -> a full State sampled from what `player` knows.
Determinize = Callable[[Any, int, Sequence[Any], int], Any]
# (state, player) -> the cards at each place `player` cannot see, as multisets.
Places = Callable[[Any, int], Mapping[str, Counter[Hashable]]]


def random_playout(game: AnyGame, state: Any, seed: int) -> Any:
    """Plays `state` to its end with uniformly random legal actions; returns the last state.

    Every action taken must be legal (`apply` raises otherwise) and the game must end within
    `max_actions` of its config.
    """
    rng = Rng.from_seed(seed)
    for _ in range(game.max_actions(state.config) + 1):
        if game.is_terminal(state):
            return state
        player = game.to_act(state)[0]
        actions = game.legal_actions(state, player)
        assert actions, f"p{player} is to act with no legal action"
        index, rng = below(rng, len(actions))
        state = game.apply(state, actions[index])
    raise AssertionError("a playout from the sample did not end within max_actions")


def check_determinizer(
    game: AnyGame,
    determinize: Determinize,
    state: Any,
    player: int,
    history: Sequence[Any],
    *,
    places: Places,
    candidates: Mapping[str, Counter[Hashable]],
    perturbed: Sequence[Any],
    samples: int = 50,
    max_samples: int = 1000,
    playouts: int = 1,
) -> None:
    """Asserts the determinizer's properties for `player` in `state`.

    - Each sample shows `player` the real view, round-trips the codec (whose load-time
      validators check the game's invariants) and, for the first `playouts` samples, plays
      legally to the end (all this for the first `samples` samples).
    - At each hidden place (`places`) a sample holds only cards `candidates` allows there
      (multisets: what the seat cannot rule out), and over all samples every card allowed at
      a place appears there at least once (sampling on up to `max_samples` to see it).
    - States in `perturbed`, which differ from `state` only in what `player` cannot see,
      give the same samples for the same seeds.
    """
    view = game.view(state, player)
    seen: dict[str, set[Hashable]] = {name: set() for name in candidates}

    def covered() -> bool:
        return all(set(allowed) <= seen[name] for name, allowed in candidates.items())

    # The first `samples` get every check; rare cards in small places may need more draws
    # to show up, up to `max_samples`, which get the cheap place checks only.
    for seed in range(max_samples):
        if seed >= samples and covered():
            break
        sample = determinize(state, player, history, seed)
        if seed < samples:
            assert game.view(sample, player) == view, f"sample {seed} shows another view"
            assert codec.loads(type(sample), codec.dumps(sample)) == sample
        if seed < playouts:
            random_playout(game, sample, seed)
        found = places(sample, player)
        assert set(found) == set(candidates), f"sample {seed} has places {sorted(found)}"
        for name, cards in found.items():
            extra = cards - candidates[name]
            assert not extra, f"sample {seed} puts {sorted(map(str, extra))} in {name}"
            seen[name].update(cards)
    for name, allowed in candidates.items():
        missing = set(allowed) - seen[name]
        assert not missing, f"{name} never holds {sorted(map(str, missing))} in any sample"
    for other in perturbed:
        assert game.view(other, player) == view, "a perturbed state changed what p sees"
        for seed in range(min(samples, 8)):
            assert determinize(other, player, history, seed) == determinize(
                state, player, history, seed
            ), f"sample {seed} depends on what p{player} cannot see"
