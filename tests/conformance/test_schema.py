"""Every document the engines write validates against its game's JSON Schema.

A real validator (`jsonschema`, draft 2020-12) checks, for every engine, variant config and
player count, every document of a seeded game: the config, every state, every seat's and the
spectator's view, every legal action offered and played, every event (omniscient and as each
seat is told it), live records along the way and the finished record; and the golden replays.
A sample of the hostile documents the codec refuses is refused by the schemas too, except
those whose fault a JSON Schema cannot state (each schema's description names them). A toy
variant whose declared View forgets a field proves the check fails.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar, Final

import attrs
import jsonschema
import pytest

from birdgames import AnyGame, codec, games, get_game, schema, sim
from birdgames.schema import Kind
from tests.conformance.hostile import Case, game_samples, hostile_cases
from tests.conformance.test_conformance import ADAPTERS
from tests.profile import PROFILE
from tests.toy.game import Phase, SeatView, ToyGame

ROOT: Final = Path(__file__).resolve().parents[2]
# Steps between two checks of the state, every view and every legal action offered (each
# step's action and events are all checked): a Perch game has hundreds of steps. The quick
# profile (the check command's other Pythons) looks five times as seldom.
EVERY_FEW_STEPS: Final = 30 if PROFILE == "quick" else 6
# Steps between two live records (and one at the end): a live record holds every step so far,
# each of whose actions and events was checked already.
LIVE_RECORD_STEPS: Final = 150
# One hostile case in this many is checked against the schemas (all of them take minutes).
HOSTILE_STRIDE: Final = 20
# Hostile cases the schemas accept, by the start of their name: each is a rule the schemas'
# description says a JSON Schema cannot state (the text's size, a key named twice).
UNSTATABLE: Final = ("over the size limit", "duplicate kind", "duplicate format")

SchemaOf = Callable[[AnyGame, Kind], dict[str, object]]


_VALIDATORS: dict[tuple[type, str, Kind, SchemaOf], jsonschema.Draft202012Validator] = {}


def _validator(game: AnyGame, kind: Kind, schema_of: SchemaOf) -> jsonschema.Draft202012Validator:
    """Returns the validator of one kind of the game's documents, made once."""
    key = (type(game), game.name, kind, schema_of)
    found = _VALIDATORS.get(key)
    if found is None:
        document_schema = schema_of(game, kind)
        jsonschema.Draft202012Validator.check_schema(document_schema)
        found = _VALIDATORS[key] = jsonschema.Draft202012Validator(document_schema)
    return found


def check_document(
    game: AnyGame, kind: Kind, obj: object, schema_of: SchemaOf = schema.json_schema
) -> None:
    """Fails unless the document `codec.dumps(obj)` validates against the game's schema."""
    check_text(game, kind, codec.dumps(obj), schema_of)


def check_text(
    game: AnyGame, kind: Kind, text: str, schema_of: SchemaOf = schema.json_schema
) -> None:
    """Fails unless the document `text` validates against the game's schema."""
    data = json.loads(text)
    error = jsonschema.exceptions.best_match(_validator(game, kind, schema_of).iter_errors(data))
    if error is not None:
        where = "$" + "".join(f"[{p!r}]" for p in error.absolute_path)
        raise AssertionError(f"a {game.name} {kind} breaks its schema at {where}: {error.message}")


def documents_of_a_game(game: AnyGame, config: object, seed: int) -> Iterator[tuple[Kind, object]]:
    """Yields every document of a random game seeded `seed`, with its kind."""
    players = len(game.scores(game.new_game(config, seed)))
    viewers = (*range(players), None)
    yield "config", config
    match = sim.Match.start(game, config, seed)
    rng = sim.policy_rng(seed, 0)
    while True:
        if match.steps % EVERY_FEW_STEPS == 0 or match.is_terminal:
            yield "state", match.state
            for viewer in viewers:
                yield "view", match.view(viewer)
        if match.is_terminal:
            break
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        if match.steps % LIVE_RECORD_STEPS == 0:
            yield "live_record", match.save()
        if match.steps % EVERY_FEW_STEPS == 0:
            for action in legal:
                yield "action", action
        action, rng = sim.RandomPolicy().choose(match.view(seat), legal, (), rng)
        yield "action", action
        match, events = match.play(action)
        for event in events:
            yield "event", event
        for viewer in viewers:
            for event in game.visible_events(events, viewer):
                yield "event", event
    yield "live_record", match.save()
    yield "record", match.record()


def _counts(name: str) -> tuple[int, ...]:
    """Every player count of each engine; a variant config (Perch's expansions one by one)
    at its largest only, where its parts are most used."""
    counts = tuple(ADAPTERS[name].player_counts)
    return counts[-1:] if "+" in name else counts


def check_game_documents(
    game: AnyGame, config: object, seed: int, schema_of: SchemaOf = schema.json_schema
) -> Counter[str]:
    """Checks every document of one seeded game; returns how many of each kind.

    A text met before is not checked again (most events a seat is told are the omniscient
    ones; a spectator's view often equals a seat's).
    """
    counts: Counter[str] = Counter()
    checked: set[tuple[str, str]] = set()
    for kind, obj in documents_of_a_game(game, config, seed):
        text = codec.dumps(obj)
        if (kind, text) not in checked:
            check_text(game, kind, text, schema_of)
            checked.add((kind, text))
        counts[kind] += 1
    return counts


@pytest.mark.parametrize(
    ("name", "players"),
    [(name, players) for name, adapter in ADAPTERS.items() for players in _counts(name)],
)
def test_every_document_of_a_game_validates(name: str, players: int) -> None:
    """A seeded game's every config, state, view, action, event and record validates."""
    adapter = ADAPTERS[name]
    counts = check_game_documents(adapter.game, adapter.config(players), 0)
    assert set(counts) == set(schema.KINDS), counts
    assert counts["view"] == (players + 1) * counts["state"]


def _replays() -> list[Path]:
    return sorted(ROOT.glob("tests/*/replays/*.json"))


@pytest.mark.parametrize("path", _replays(), ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_golden_replays_validate(path: Path) -> None:
    """Each stored golden record, and the final state and views it replays to, validate."""
    record = codec.loads(sim.Record, path.read_text())
    game = get_game(record.game)
    data = json.loads(path.read_text())
    error = jsonschema.exceptions.best_match(
        _validator(game, "record", schema.json_schema).iter_errors(data)
    )
    assert error is None, error
    final = sim.replay(game, record)
    check_document(game, "state", final)
    for viewer in (*range(len(record.scores)), None):
        check_document(game, "view", game.view(final, viewer))


def test_there_are_golden_replays_of_every_game() -> None:
    """The golden replays cover every registered game."""
    assert {path.parent.parent.name for path in _replays()} == set(games())


# ------------------------------------------------------------------ hostile documents


def _kinds_by_tag(game: AnyGame) -> dict[str, Kind]:
    """Returns the kind of each tag a document of the game may carry at the top level."""
    roots: list[tuple[Kind, tuple[type, ...]]] = [
        ("config", (game.config_type,)),
        ("state", (game.state_type,)),
        ("view", (game.view_type,)),
        ("action", tuple(game.action_types)),
        ("event", tuple(game.event_types)),
        ("record", (sim.Record,)),
        ("live_record", (sim.LiveRecord,)),
    ]
    tags: dict[str, Kind] = {}
    for kind, classes in roots:
        for cls in classes:
            wire = codec.wire_format(cls)
            assert wire is not None, cls
            tags[wire.tag] = kind
    return tags


def _schema_outcome(game: AnyGame, case: Case, kind: Kind) -> str:
    """Returns "refused" when no JSON parser or the schema would take the case, else
    "accepted"."""
    text = case.text
    try:
        data = json.loads(text.decode("utf-8") if isinstance(text, bytes) else text)
    except (ValueError, RecursionError):
        return "refused"  # no JSON, or too deep or wide for a parser: no schema applies
    validator = _validator(game, kind, schema.json_schema)
    if case.many:
        valid = isinstance(data, list) and all(validator.is_valid(item) for item in data)
    else:
        valid = validator.is_valid(data)
    return "accepted" if valid else "refused"


@pytest.mark.parametrize("name", list(games()))
def test_the_schemas_refuse_what_the_codec_refuses(name: str) -> None:
    """Of a sample of the hostile documents the codec refuses, the schemas refuse all but
    those whose fault the schemas' description says they cannot state."""
    game = get_game(name)
    kinds = _kinds_by_tag(game)
    outcomes: Counter[str] = Counter()
    accepted: list[str] = []
    for index, case in enumerate(hostile_cases(game_samples(game))):
        # Tags of no kind are nested pieces a game registers too (Rookery's pending choices).
        kind = kinds.get(case.tag)
        if index % HOSTILE_STRIDE or case.expect != "refuse" or kind is None:
            continue
        outcome = _schema_outcome(game, case, kind)
        outcomes[outcome] += 1
        if outcome == "accepted":
            accepted.append(case.name)
    # Enough cases ran to mean something (the quick profile samples fewer documents).
    assert outcomes["refused"] >= 50, outcomes
    stray = [case for case in accepted if not case.startswith(UNSTATABLE)]
    assert not stray, stray
    description = str(schema.json_schema(name, "state")["description"])
    assert "a key named twice" in description and "bytes" in description


# ------------------------------------------------------------------ a broken toy variant


@attrs.frozen
class ForgetfulView:
    """The toy's View as a broken declaration has it: without `victim`."""

    kind: ClassVar[str] = "toy.view"
    player: int | None
    round: int
    phase: Phase
    to_act: tuple[int, ...]
    deck_size: int
    discard: tuple[int, ...]
    last_picks: tuple[int | None, ...]
    raider: int | None
    seats: tuple[SeatView, ...]


class ForgetsAField(ToyGame):
    """Declares a View type that lacks a field its views are written with."""

    @property
    def view_type(self) -> Any:
        return ForgetfulView


def test_the_check_fails_on_a_toy_game_whose_schema_forgets_a_field() -> None:
    """The views of a game whose declared View forgets `victim` break the schema there."""
    game = ForgetsAField()
    check_game_documents(ADAPTERS["toy"].game, game.default_config(2), 0)  # the toy passes
    with pytest.raises(AssertionError, match="'victim' was unexpected"):
        check_game_documents(game, game.default_config(2), 0)
