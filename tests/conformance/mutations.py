"""Mutation fuzz of saved documents: one edit each, then refused or playable to the end.

A real state or record of a seeded game is saved, edited once (a number moved by one, set to
0, -1 or a huge value; a string such as an id, card or enum value replaced by another one the
game writes; a list item dropped, duplicated or swapped with another; a tag swapped; a boolean
flipped; a null filled) and loaded again. The codec must refuse the document with `CodecError`,
or the loaded state must be one the game can finish: until it is terminal someone is to act,
everyone to act has legal actions, those actions apply without any exception, and random play
ends within `max_actions` less the actions already taken. A loaded record must either be refused
by `sim.verify` with `CodecError` or verify.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

import attrs

from birdgames import AnyGame, CodecError, codec, sim
from tests.conformance.adapters import EngineAdapter
from tests.conformance.checks import check_round_trip, check_turn_shape, json_paths, json_value

HUGE: Final = 10**15
APPLY_LIMIT: Final = 6  # legal actions of each player applied at every step of a playout

Path = tuple[str | int, ...]


@attrs.define
class MutationReport:
    """How many mutated documents were tried, refused on load, and loaded and checked."""

    tried: int = 0
    refused: int = 0  # CodecError from codec.loads
    played: int = 0  # states loaded and played to the end
    unverified: int = 0  # records loaded and refused by sim.verify
    verified: int = 0  # records loaded and verified
    by_edit: dict[str, int] = attrs.Factory(dict)

    def count(self, edit: str, outcome: str) -> None:
        """Counts one mutated document with its edit and what became of it."""
        self.tried += 1
        setattr(self, outcome, getattr(self, outcome) + 1)
        self.by_edit[edit] = self.by_edit.get(edit, 0) + 1

    def add(self, other: MutationReport) -> None:
        """Adds the counts of `other` to this report."""
        self.tried += other.tried
        self.refused += other.refused
        self.played += other.played
        self.unverified += other.unverified
        self.verified += other.verified
        for edit, count in other.by_edit.items():
            self.by_edit[edit] = self.by_edit.get(edit, 0) + count


# ------------------------------------------------------------------ edits


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)


def vocabulary(texts: list[str]) -> tuple[str, ...]:
    """Returns every string (ids, cards, enum values, tags) written in `texts`, sorted."""
    found: set[str] = set()
    for text in texts:
        found.update(_strings(json.loads(text)))
    return tuple(sorted(found))


def _number_edits(value: int) -> list[tuple[str, int]]:
    edits = [("+1", value + 1), ("-1", value - 1), ("0", 0), ("=-1", -1), ("huge", HUGE)]
    return [(name, new) for name, new in edits if new != value]


def _list_edits(items: list[Any], rng: random.Random) -> list[tuple[str, list[Any]]]:
    if not items:
        return []
    i = rng.randrange(len(items))
    edits = [
        ("drop", items[:i] + items[i + 1 :]),
        ("duplicate", [*items[: i + 1], items[i], *items[i + 1 :]]),
    ]
    j = rng.randrange(len(items))
    if items[i] != items[j]:
        swapped = list(items)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        edits.append(("swap", swapped))
    return edits


def _edits(
    key: str | int, value: Any, words: tuple[str, ...], rng: random.Random
) -> list[tuple[str, Any]]:
    """Returns (edit name, new value) candidates for one value."""
    if isinstance(value, bool):
        return [("flip", not value)]
    if isinstance(value, int):
        return [(f"number {name}", new) for name, new in _number_edits(value)]
    if isinstance(value, str):
        others = [w for w in words if w != value]
        if key == "kind":
            others = [w for w in others if "." in w] or others
        if not others:
            return []
        name = "tag" if key == "kind" else "string"
        return [(f"{name} swap", rng.choice(others))]
    if isinstance(value, list):
        return [(f"list {name}", new) for name, new in _list_edits(value, rng)]
    if value is None:
        return [("null filled", 0), ("null filled", rng.choice(words) if words else "")]
    return []


def _replace(data: Any, path: Path, value: Any) -> Any:
    """Returns a copy of `data` with the value at `path` replaced."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {k: (_replace(v, rest, value) if k == head else v) for k, v in data.items()}
    assert isinstance(data, list) and isinstance(head, int)
    return [_replace(v, rest, value) if i == head else v for i, v in enumerate(data)]


def mutate(text: str, words: tuple[str, ...], rng: random.Random) -> tuple[str, str, str]:
    """Returns (edit name, where and how, mutated text) for one random edit of `text`.

    The top-level format is left alone: the codec refuses any other format by its number.
    """
    data = json.loads(text)
    # A field is picked first, then one of its places: a state's few counters and flags are
    # edited as often as the many cards of its decks.
    shapes: dict[Path, list[Path]] = {}
    for path in json_paths(data):
        if path != ("format",):
            shape = tuple("*" if isinstance(key, int) else key for key in path)
            shapes.setdefault(shape, []).append(path)
    fields = sorted(shapes)
    while True:
        path = rng.choice(shapes[rng.choice(fields)])
        value = json_value(data, path)
        edits = _edits(path[-1], value, words, rng)
        if edits:
            break
    name, new = rng.choice(edits)
    where = "$" + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path)
    shown = json.dumps(new)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return name, f"{name} at {where} -> {shown}", json.dumps(_replace(data, path, new))


# ------------------------------------------------------------------ playing on


def play_out(game: AnyGame, state: Any, budget: int, rng: random.Random, what: str) -> int:
    """Plays `state` randomly to the end within `budget` actions; returns the actions taken.

    Every step: the turn shape holds (someone to act exactly until the end), every player to
    act has legal actions and a sample of them applies without an exception.
    """
    players = len(game.scores(state))
    taken = 0
    while True:
        try:
            check_turn_shape(game, state, players)
        except AssertionError as exc:
            raise AssertionError(f"{what}: after {taken} actions: {exc}") from None
        if game.is_terminal(state):
            return taken
        assert taken < budget, f"{what}: the game is not over within max_actions ({budget} left)"
        choices: list[Any] = []
        for player in game.to_act(state):
            legal = game.legal_actions(state, player)
            assert legal, f"{what}: after {taken} actions p{player} is to act with no legal action"
            sample = rng.sample(legal, min(APPLY_LIMIT, len(legal)))
            for action in sample:
                try:
                    game.apply(state, action)
                except Exception as exc:
                    raise AssertionError(
                        f"{what}: after {taken} actions the legal {action!r} raised "
                        f"{type(exc).__name__}: {exc}"
                    ) from exc
            choices.extend(legal)
        state = game.apply(state, rng.choice(choices))
        taken += 1


def _guarded(what: str, run: Callable[[], Any]) -> Any:
    try:
        return run()
    except AssertionError:
        raise
    except Exception as exc:
        raise AssertionError(f"{what}: raised {type(exc).__name__}: {exc}") from exc


def check_state_mutation(
    game: AnyGame, cls: type[Any], text: str, taken: int, words: tuple[str, ...], rng: random.Random
) -> tuple[str, bool]:
    """Mutates one saved state (after `taken` actions); returns (edit, whether it loaded)."""
    name, what, mutated = mutate(text, words, rng)
    what = f"{game.name} state after {taken} actions with {what}"
    try:
        state = codec.loads(cls, mutated)
    except CodecError:
        return name, False
    except Exception as exc:
        raise AssertionError(f"{what}: loading raised {type(exc).__name__}: {exc}") from exc
    _guarded(what, lambda: check_round_trip(state))
    budget = _guarded(what, lambda: game.max_actions(state.config)) - taken
    _guarded(what, lambda: play_out(game, state, budget, rng, what))
    return name, True


def check_record_mutation(
    game: AnyGame, text: str, words: tuple[str, ...], rng: random.Random
) -> tuple[str, bool | None]:
    """Mutates one saved record; returns (edit, None if refused, else whether it verified)."""
    name, what, mutated = mutate(text, words, rng)
    what = f"{game.name} record with {what}"
    try:
        record = codec.loads(sim.Record, mutated)
    except CodecError:
        return name, None
    except Exception as exc:
        raise AssertionError(f"{what}: loading raised {type(exc).__name__}: {exc}") from exc
    try:
        sim.verify(record, game)
    except CodecError:
        return name, False
    except Exception as exc:
        raise AssertionError(f"{what}: sim.verify raised {type(exc).__name__}: {exc}") from exc
    return name, True


def check_saved_game(
    game: AnyGame,
    config: Any,
    seed: int,
    actions: Sequence[Any],
    rng: random.Random,
    states: int,
    records: int,
) -> MutationReport:
    """Checks `states` mutated saves of a played game's states and `records` of its record.

    The states are saved at random points of the game, its start and end included.
    """
    points = {0, len(actions), *(rng.randrange(len(actions) + 1) for _ in range(4))}
    saved: list[tuple[int, str]] = []
    state = game.new_game(config, seed)
    for taken in range(len(actions) + 1):
        if taken in points:
            saved.append((taken, codec.dumps(state)))
        if taken < len(actions):
            state = game.apply(state, actions[taken])
    record = sim.Record(
        game.name, config, seed, tuple(actions), game.scores(state), game.winners(state)
    )
    record_text = codec.dumps(record)
    words = vocabulary([text for _, text in saved] + [record_text])
    report = MutationReport()
    for _ in range(states):
        taken, text = rng.choice(saved)
        name, loaded = check_state_mutation(game, type(state), text, taken, words, rng)
        report.count(name, "played" if loaded else "refused")
    for _ in range(records):
        name, verified = check_record_mutation(game, record_text, words, rng)
        outcome = "refused" if verified is None else "verified" if verified else "unverified"
        report.count(name, outcome)
    return report


def fuzz_saved_game(
    adapter: EngineAdapter, players: int, seed: int, states: int, records: int
) -> MutationReport:
    """Plays one seeded random game and checks mutated saves of it (see `check_saved_game`)."""
    game = adapter.game
    config = adapter.config(players)
    record = sim.play(game, config, seed, [sim.RandomPolicy() for _ in range(players)])
    rng = random.Random(f"mutations-{game.name}-{players}-{seed}")
    return check_saved_game(game, config, seed, record.actions, rng, states, records)
