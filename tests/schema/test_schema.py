"""birdgames.schema: JSON Schemas and TypeScript declarations of every document."""

import json
import re

import jsonschema
import pytest

from birdgames import codec, games, get_game, schema, sim


@pytest.mark.parametrize("name", list(games()))
@pytest.mark.parametrize("kind", schema.KINDS)
def test_every_schema_is_a_valid_2020_12_schema(name: str, kind: schema.Kind) -> None:
    """Each schema passes the draft 2020-12 meta-schema and names its format in its $id."""
    document_schema = schema.json_schema(name, kind)
    jsonschema.Draft202012Validator.check_schema(document_schema)
    assert document_schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert re.fullmatch(rf"urn:birdgames:schema:{name}:{kind}:format-\d+(\+\d+)*",
                        str(document_schema["$id"]))  # fmt: skip
    assert schema.CANNOT_STATE in str(document_schema["description"])


def test_the_id_carries_the_format_the_codec_writes() -> None:
    """A state's $id names the format its documents carry."""
    game = get_game("peacock")
    state = game.new_game(game.default_config(2), 1)
    written = json.loads(codec.dumps(state))["format"]
    assert str(schema.json_schema("peacock", "state")["$id"]).endswith(f":format-{written}")


def test_fields_are_described_by_their_docstrings() -> None:
    """A field's description is its docstring."""
    flock = schema.json_schema("peacock", "state")["$defs"]
    assert isinstance(flock, dict)
    species = flock["Flock"]["properties"]["species"]
    assert species["description"] == "The species id (a key of `SPECIES`)."


def test_defaulted_fields_are_optional_and_others_required() -> None:
    """A config leaving out a defaulted field loads, and the schema admits it."""
    config = schema.json_schema("peacock", "config")
    defs = config["$defs"]
    assert isinstance(defs, dict)
    assert defs["Config"]["required"] == ["kind"]
    document = {"format": 1, "kind": "peacock.config"}
    assert jsonschema.Draft202012Validator(config).is_valid(document)
    assert codec.loads(get_game("peacock").config_type, json.dumps(document)).players == 2


def test_a_record_names_its_game() -> None:
    """A Rookery record does not validate as a Peacock one."""
    game = get_game("rookery")
    record = sim.play(game, game.default_config(2), 3, [sim.RandomPolicy()] * 2)
    data = json.loads(codec.dumps(record))
    assert jsonschema.Draft202012Validator(schema.json_schema("rookery", "record")).is_valid(data)
    assert not jsonschema.Draft202012Validator(schema.json_schema("peacock", "record")).is_valid(
        data
    )


def test_seeds_are_hex_strings_and_ints_bounded() -> None:
    """A seed written as a number, or an int past 2**53 - 1, is refused as the codec does."""
    game = get_game("peacock")
    record = json.loads(codec.dumps(sim.play(game, game.default_config(2), 3,
                                              [sim.RandomPolicy()] * 2)))  # fmt: skip
    validator = jsonschema.Draft202012Validator(schema.json_schema("peacock", "record"))
    assert validator.is_valid(record)
    assert not validator.is_valid({**record, "seed": 3})
    assert not validator.is_valid({**record, "scores": [2**53, 0]})


def test_an_unknown_kind_is_refused() -> None:
    """Asking for a kind that is not in KINDS raises ValueError naming the kinds."""
    with pytest.raises(ValueError, match="live_record"):
        schema.json_schema("peacock", "seat")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", list(games()))
def test_typescript_unions_are_discriminated_on_kind(name: str) -> None:
    """Every action and event interface has a literal kind, and the unions list them all."""
    text = schema.typescript(name)
    game = get_game(name)
    for cls in (*game.action_types, *game.event_types):
        assert f'readonly kind: "{cls.kind}";' in text
    assert "export type Action =" in text and "export type Event =" in text
    action_union = text.split("export type Action =")[1].split(";")[0]
    assert action_union.count("|") == len(game.action_types)
