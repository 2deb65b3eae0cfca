"""Steps per second through the research adapters, beside the engine alone and OpenSpiel's
own Python games, in one run.

    python benchmarks/adapters.py [--seconds 0.5] [--rounds 3] [--players 2] [--games 16]

Subjects, per engine (random masked play, one process):

- `engine`: the engine alone (`to_act`, `legal_actions`, `apply`), as benchmarks/playouts.py.
- `engine+obs`: the same plus, every step, the acting seat's observation (written by a
  `SeatObserver` kept per seat, over that seat's last one, straight from the state) and its
  mask (the legal actions by index, which also decode the chosen action).
- `engine+entities`: the same with the acting seat's entity observation (its
  `entity_writer`, kept per seat, straight from the state) in place of the dense one.
- `openspiel+obs`: `pyspiel` `legal_actions`, `apply_action` and `observation_tensor` of the
  seat to act (chance nodes sampled by their odds; a chance step counts as a step);
  `openspiel+entities` with an entity observer (`{"entities": True}`) in its place.
- `pettingzoo`: the AEC loop (`last()`, `step()`), observation and mask every step;
  `pettingzoo entities` with entity observations.
- `vector`: `VectorGame` with `--games` games stepping together; steps of all games.
- `vector entities`: `EntityVectorGame`, the same with entity observations.

and OpenSpiel's `python_liars_poker` and `python_tic_tac_toe` with `observation_tensor`.
Subjects take turns, one slice of `--seconds` of CPU time (`time.process_time`) each, for
`--rounds` rounds; a figure is the median of its slices. Then the cost of the parts: µs
per step of random play that pays the step alone and then each piece a route adds (the
listing by index, the mask's array, the observation straight from the state, or the entity
observation in its place), which counts
what the pieces cost in play (caches, the collector) and not what they cost apart; a view
and its observation per call; and `chance_outcomes()`.

A measuring script, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np

import birdgames
from birdgames.adapters import arrays


class Runner(Protocol):
    def run(self, seconds: float) -> tuple[int, float]: ...


def _timed(step: Callable[[], None], seconds: float) -> tuple[int, float]:
    clock = time.process_time
    start = clock()
    deadline = start + seconds
    steps = 0
    while True:
        for _ in range(32):
            step()
        steps += 32
        if clock() >= deadline:
            return steps, clock() - start


# What a route adds to the engine's step, in the order `EngineRunner` adds them: the legal
# listing by index in place of `legal_actions`, the mask's array, the acting seat's
# observation straight from the state.
ROUTE_PIECES = ("index", "mask", "observation")


class EngineRunner:
    """Random games of the engine paying the first `pieces` of `ROUTE_PIECES` each step (0:
    the engine alone, all three: the engine with the acting seat's observation and mask),
    from game `seed` on, the actions drawn by `random.Random(pick)`. With `entities` the
    observation is the seat's entity observation."""

    def __init__(
        self,
        name: str,
        players: int,
        pieces: int,
        seed: int = 0,
        pick: int = 0,
        entities: bool = False,
    ) -> None:
        from birdgames.encoding import get_encoding

        self.game = birdgames.get_game(name)
        self.encoding = get_encoding(name)
        self.config = self.game.default_config(players)
        self.size = self.encoding.observation_size(self.config)
        self.actions = self.encoding.num_actions(self.config)
        self.pieces = pieces
        self.pick = random.Random(pick)
        self.seed = seed
        self.state = self.game.new_game(self.config, self.seed)
        observe: Callable[[Any], object]
        self.observers: list[Callable[[Any], object]] = []
        for seat in range(self.config.players):
            if entities:
                observe = self.encoding.entity_writer(self.config, seat).write
            else:
                observe = arrays.SeatObserver(
                    self.game, self.encoding, self.config, seat, self.size
                ).observe
            self.observers.append(observe)

    def step(self) -> None:
        game, state, pieces = self.game, self.state, self.pieces
        if game.is_terminal(state):
            self.seed += 1
            state = game.new_game(self.config, self.seed)
        player = game.to_act(state)[0]
        if pieces == 0:
            listed = game.legal_actions(state, player)
            action = listed[self.pick.randrange(len(listed))]
        else:
            legal = arrays.legal_index(game, self.encoding, state, player)
            if pieces >= 2:
                arrays.mask_array(legal, self.actions)
            if pieces >= 3:
                self.observers[player](state)
            action = list(legal.values())[self.pick.randrange(len(legal))]
        self.state = game.apply(state, action)

    def run(self, seconds: float) -> tuple[int, float]:
        return _timed(self.step, seconds)


class SpielRunner:
    """Random games of an OpenSpiel game with the acting seat's observation tensor."""

    def __init__(
        self, name: str, params: dict[str, Any] | None = None, entities: bool = False
    ) -> None:
        import pyspiel
        from open_spiel.python import games as _python_games  # noqa: F401
        from open_spiel.python.observation import make_observation

        from birdgames.adapters import openspiel as _birdgames_games  # noqa: F401

        self.game = pyspiel.load_game(name, params or {})
        self.pick = random.Random(0)
        self.state = self.game.new_initial_state()
        observer = make_observation(self.game, None, {"entities": True}) if entities else None
        self.observe: Callable[[Any, int], object] = (
            (lambda state, player: state.observation_tensor(player))
            if observer is None
            else observer.set_from
        )

    def step(self) -> None:
        state = self.state
        if state.is_terminal():
            state = self.state = self.game.new_initial_state()
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(self.pick.choices(outcomes, odds)[0])
            return
        player = state.current_player()
        if player < 0:  # a simultaneous node: every seat's first legal action
            state.apply_actions([state.legal_actions(p)[0] for p in range(state.num_players())])
            return
        self.observe(state, player)
        state.apply_action(self.pick.choice(state.legal_actions()))

    def run(self, seconds: float) -> tuple[int, float]:
        return _timed(self.step, seconds)


class PettingZooRunner:
    """The AEC loop: last() (observation and mask) and step() every step."""

    def __init__(self, name: str, players: int, entities: bool = False) -> None:
        from birdgames.adapters import pettingzoo

        self.env = pettingzoo.env(name, players, observation="entities" if entities else "dense")
        self.env.reset(seed=0)
        self.rng = np.random.default_rng(0)
        self.seed = 0

    def step(self) -> None:
        env = self.env
        if not env.agents:
            self.seed += 1
            env.reset(seed=self.seed)
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            return
        env.step(int(self.rng.choice(np.flatnonzero(observation["action_mask"]))))

    def run(self, seconds: float) -> tuple[int, float]:
        return _timed(self.step, seconds)


class VectorRunner:
    """VectorGame: every game steps at once; counts the steps of all games."""

    def __init__(self, name: str, players: int, games: int, entities: bool = False) -> None:
        from birdgames.adapters.vector import EntityVectorGame, VectorGame

        kind = EntityVectorGame if entities else VectorGame
        self.vector: Any = kind(name, games, players=players)
        self.batch = self.vector.reset()
        self.rng = np.random.default_rng(0)
        self.games = games

    def step(self) -> None:
        # A uniform choice among each row's legal indices, for all rows at once: the k-th
        # legal index of each row, k drawn below the row's count (a draw per legal index
        # would cost more than a step where the action space is large).
        masks = self.batch.masks
        legal = np.flatnonzero(masks.view(np.bool_))  # every row's legal indices, in order
        counts = np.bincount(legal // masks.shape[1], minlength=self.games)
        firsts = np.cumsum(counts) - counts
        picks = firsts + (self.rng.random(self.games) * counts).astype(np.int64)
        self.batch = self.vector.step(legal[picks] % masks.shape[1]).batch

    def run(self, seconds: float) -> tuple[int, float]:
        clock = time.process_time
        start = clock()
        deadline = start + seconds
        calls = 0
        while clock() < deadline:
            self.step()
            calls += 1
        return calls * self.games, clock() - start


def subjects(players: int, games: int) -> dict[str, Runner]:
    """Every subject of the run, by its row label."""
    runners: dict[str, Runner] = {}
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        spiel = False
    else:
        spiel = True
    for name, game in birdgames.games().items():
        if players not in game.player_counts:
            continue
        runners[f"{name} {players}p engine"] = EngineRunner(name, players, 0)
        runners[f"{name} {players}p engine+obs"] = EngineRunner(name, players, len(ROUTE_PIECES))
        runners[f"{name} {players}p engine+entities"] = EngineRunner(
            name, players, len(ROUTE_PIECES), entities=True
        )
        if spiel:
            runners[f"{name} {players}p openspiel+obs"] = SpielRunner(
                f"birdgames_{name}", {"players": players}
            )
            runners[f"{name} {players}p openspiel+entities"] = SpielRunner(
                f"birdgames_{name}", {"players": players}, entities=True
            )
        runners[f"{name} {players}p pettingzoo"] = PettingZooRunner(name, players)
        runners[f"{name} {players}p pettingzoo entities"] = PettingZooRunner(
            name, players, entities=True
        )
        runners[f"{name} {players}p vector x{games}"] = VectorRunner(name, players, games)
        runners[f"{name} {players}p vector x{games} entities"] = VectorRunner(
            name, players, games, entities=True
        )
    if spiel:
        runners["python_liars_poker"] = SpielRunner("python_liars_poker")
        runners["python_tic_tac_toe"] = SpielRunner("python_tic_tac_toe")
    return runners


def throughput(runners: dict[str, Runner], seconds: float, rounds: int) -> dict[str, float]:
    """Returns each subject's median steps per CPU second over `rounds` slices."""
    slices: dict[str, list[float]] = {label: [] for label in runners}
    for _ in range(rounds):
        for label, runner in runners.items():
            steps, spent = runner.run(seconds)
            slices[label].append(steps / spent if spent > 0 else 0.0)
    return {label: statistics.median(rates) for label, rates in slices.items()}


def _per_call(call: Callable[[Any], object], items: Sequence[Any]) -> float:
    clock = time.process_time
    start = clock()
    for item in items:
        call(item)
    return (clock() - start) / max(1, len(items)) * 1e6


def _route_us(name: str, players: int, pieces: int, steps: int, entities: bool = False) -> float:
    """Returns µs per step of `EngineRunner`'s random play paying the first `pieces` of
    `ROUTE_PIECES`. Every count starts from the same seeds with fresh observers, so no piece
    finds what another piece's calls left in a cache (where the listing by index keeps the
    listing's order, Perch's and Peacock's, every count plays the same games)."""
    runner = EngineRunner(name, players, pieces, seed=100, pick=1, entities=entities)
    clock = time.process_time
    start = clock()
    for _ in range(steps):
        runner.step()
    return (clock() - start) / steps * 1e6


def parts(name: str, players: int, steps: int = 4000) -> str:
    """Returns one line: µs per step of the engine and of each piece a route adds to it
    (`_route_us`, the least of three runs), and of a view and its observation."""
    from birdgames.encoding import get_encoding

    game, encoding = birdgames.get_game(name), get_encoding(name)
    config = game.default_config(players)
    size = encoding.observation_size(config)
    costs = [
        min(_route_us(name, players, pieces, steps) for _ in range(3))
        for pieces in range(len(ROUTE_PIECES) + 1)
    ]
    step = costs[0]
    added = ", ".join(
        f"{piece} +{costs[k + 1] - costs[k]:.0f}" for k, piece in enumerate(ROUTE_PIECES)
    )
    with_entities = min(
        _route_us(name, players, len(ROUTE_PIECES), steps, entities=True) for _ in range(3)
    )
    pick = random.Random(1)
    positions = []
    for seed in range(3):
        state = game.new_game(config, seed)
        while not game.is_terminal(state):
            player = game.to_act(state)[0]
            positions.append((state, player))
            state = game.apply(state, pick.choice(game.legal_actions(state, player)))
    view = _per_call(lambda p: game.view(p[0], p[1]), positions)
    views = [game.view(s, p) for s, p in positions]
    observers = [arrays.Observer(encoding, size) for _ in range(players)]
    observe = _per_call(lambda v: observers[v.player].observe(v), views)
    return (
        f"{name} {players}p: step (legal_actions + apply) {step:.0f} µs; the route adds "
        f"{added} µs (a route's step {costs[-1] / step:.1f}x the engine's), or the entity "
        f"observation +{with_entities - costs[-2]:.0f} µs in its place "
        f"({with_entities / step:.1f}x); "
        f"a view {view:.0f} µs and its observation {observe:.0f} µs"
    )


def chance_cost(name: str) -> str:
    """Returns one line: µs per chance_outcomes() call at the deal."""
    import pyspiel

    from birdgames.adapters import openspiel as _birdgames_games  # noqa: F401

    state = pyspiel.load_game(f"birdgames_{name}").new_initial_state()
    clock = time.process_time
    start = clock()
    for _ in range(2000):
        state.chance_outcomes()
    return f"{name}: chance_outcomes() {(clock() - start) / 2000 * 1e6:.1f} µs"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=16)
    args = parser.parse_args(argv)
    runners = subjects(args.players, args.games)
    rates = throughput(runners, args.seconds, args.rounds)
    print("| subject | steps/s | share of the engine alone |")
    print("| --- | --- | --- |")
    for label, rate in rates.items():
        engine = " ".join([*label.split(" ")[:2], "engine"])
        share = rate / rates[engine] if rates.get(engine) else None
        shown = "" if share is None else f"{share:.0%}"
        print(f"| {label} | {rate:,.0f} | {shown} |")
    print()
    for name, game in birdgames.games().items():
        if args.players in game.player_counts:
            print(parts(name, args.players))
    if any(label.startswith("python_") for label in rates):
        print()
        for name in birdgames.games():
            print(chance_cost(name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
