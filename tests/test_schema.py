"""Schema validation: our own message ids and parameters, located in the YAML source."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from typing import Any

import pytest

from regelwerk.engine.compiler import schemas
from regelwerk.engine.common.errors import DataError, Location, Phrase
from regelwerk.engine.compiler.schemas import validate
from regelwerk.engine.data.schema import QUOTED, load_schema, schema_errors
from regelwerk.engine.data.yamlload import Document, load_yaml_text


def load(text: str) -> Document:
    return load_yaml_text(textwrap.dedent(text), "rules.yaml")


def errors_of(text: str, schema: dict[str, Any]) -> list[DataError]:
    return schema_errors(load(text), schema)


def only_error(text: str, schema: dict[str, Any]) -> DataError:
    errors = errors_of(text, schema)
    assert len(errors) == 1, [str(error) for error in errors]
    return errors[0]


def at(line: int, column: int, *path: str | int) -> Location:
    return Location("rules.yaml", line, column, tuple(path))


def value_schema(subschema: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": {"value": subschema}}


def test_a_valid_document_has_no_errors() -> None:
    schema = {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}
    assert errors_of("name: Okavango\n", schema) == []


@pytest.mark.parametrize(
    ("expected_type", "text", "expected", "found"),
    [
        ("string", "value: 3\n", "text", "a whole number"),
        ("integer", "value: 2.5\n", "a whole number", "2.5"),
        ("integer", "value: 8.0\n", "a whole number", "8.0"),
        ("number", "value: yes\n", "a number", "true or false"),
        ("boolean", "value: ~\n", "true or false", "nothing"),
        ("object", "value: [1]\n", "a mapping", "a list"),
        ("array", "value: {a: 1}\n", "a list", "a mapping"),
        ("null", "value: text\n", "nothing", "text"),
    ],
)
def test_type_names_both_sides_in_plain_words(
    expected_type: str, text: str, expected: str, found: str
) -> None:
    error = only_error(text, value_schema({"type": expected_type}))
    assert error.message == "expected {expected}, found {found}"
    assert error.params == {"expected": expected, "found": found}
    assert error.location == at(1, 8, "value")


def test_several_allowed_types_are_listed() -> None:
    error = only_error("value: 3\n", value_schema({"type": ["string", "null"]}))
    assert error.message == "expected one of {expected}; found {found}"
    assert error.params == {"expected": ("text", "nothing"), "found": "a whole number"}
    assert error.render().endswith("expected one of text, nothing; found a whole number")


def test_missing_required_key_is_located_at_the_mapping() -> None:
    schema = {
        "type": "object",
        "properties": {
            "pieces": {
                "type": "array",
                "items": {"type": "object", "required": ["kind", "size", "colour"]},
            }
        },
    }
    errors = errors_of(
        """\
        pieces:
          - kind: pawn
            colour: red
          - kind: king
        """,
        schema,
    )
    assert [(error.message, error.params, error.location) for error in errors] == [
        ("missing required key '{key}'", {"key": "size"}, at(2, 5, "pieces", 0)),
        ("missing required key '{key}'", {"key": "size"}, at(4, 5, "pieces", 1)),
        ("missing required key '{key}'", {"key": "colour"}, at(4, 5, "pieces", 1)),
    ]


def test_unknown_key_is_located_at_the_key_with_the_allowed_keys_sorted() -> None:
    schema = {
        "type": "object",
        "properties": {"name": {}, "players": {}, "areas": {}},
        "additionalProperties": False,
    }
    error = only_error(
        """\
        name: x
        plyers:
          - 2
        """,
        schema,
    )
    assert error.message == ("unknown key '{key}' (did you mean '{close}'?); expected one "
                             "of: {allowed}")
    assert error.params == {"key": "plyers", "allowed": "areas, name, players",
                            "close": "players"}
    assert error.location == at(2, 1, "plyers")
    unlike = only_error("name: x\nzzz: 1\n", schema)  # nothing close: only the keys
    assert unlike.message == "unknown key '{key}'; expected one of: {allowed}"


def test_keys_matching_pattern_properties_are_not_unknown() -> None:
    schema = {
        "type": "object",
        "patternProperties": {"^x-": {}},
        "additionalProperties": False,
    }
    error = only_error("x-note: fine\nother: 1\n", schema)
    assert error.message == "unknown key '{key}'"
    assert error.params == {"key": "other", "allowed": "", "close": ""}
    assert error.location == at(2, 1, "other")


def quoted(text: str) -> Phrase:
    """A text from the data as a message shows it: in the reader's language's quotes."""
    return Phrase(QUOTED, {"text": text})


def test_enum_lists_the_allowed_values() -> None:
    error = only_error("value: purple\n", value_schema({"enum": ["red", "green", 3]}))
    assert error.message == "{value} is not allowed here; expected one of: {allowed}"
    assert error.params == {"value": quoted("purple"),
                            "allowed": (quoted("red"), quoted("green"), "3")}
    assert error.location == at(1, 8, "value")


def test_const_names_the_expected_value() -> None:
    error = only_error("value: 2\n", value_schema({"const": 1}))
    assert error.message == "{value} is not allowed here; expected {expected}"
    assert error.params == {"value": "2", "expected": "1"}


@pytest.mark.parametrize(
    ("keyword", "limit", "text", "message"),
    [
        ("minimum", 1, "value: 0\n", "must be at least {limit}"),
        ("maximum", 5, "value: 6\n", "must be at most {limit}"),
        ("exclusiveMinimum", 0, "value: 0\n", "must be greater than {limit}"),
        ("exclusiveMaximum", 5, "value: 5\n", "must be less than {limit}"),
        ("minLength", 2, "value: a\n", "its length in characters must be at least {limit}"),
        ("minItems", 2, "value: [a]\n", "the number of its items must be at least {limit}"),
        ("maxItems", 1, "value: [a, b]\n", "the number of its items must be at most {limit}"),
        ("minProperties", 1, "value: {}\n", "the number of its keys must be at least {limit}"),
    ],
)
def test_limits_name_the_limit(keyword: str, limit: int, text: str, message: str) -> None:
    error = only_error(text, value_schema({keyword: limit}))
    assert error.message == message
    assert error.params["limit"] == limit
    assert error.location == at(1, 8, "value")


def test_pattern_names_the_value_and_pattern() -> None:
    error = only_error("value: Delta-1\n", value_schema({"pattern": "^[a-z0-9-]+$"}))
    assert error.message == "{value} does not match the pattern {pattern}"
    assert error.params == {"value": quoted("Delta-1"), "pattern": "^[a-z0-9-]+$"}
    assert error.location == at(1, 8, "value")


def test_property_name_errors_are_located_at_the_key() -> None:
    schema = value_schema({"type": "object", "propertyNames": {"pattern": "^[a-z]+$"}})
    error = only_error(
        """\
        value:
          swamp: 1
          Delta: 2
        """,
        schema,
    )
    assert error.message == "{value} does not match the pattern {pattern}"
    assert error.params == {"value": quoted("Delta"), "pattern": "^[a-z]+$", "key": "Delta"}
    assert error.location == at(3, 3, "value", "Delta")


def test_repeated_item_is_located_at_its_second_occurrence() -> None:
    error = only_error("value: [north, south, north]\n", value_schema({"uniqueItems": True}))
    assert error.message == "{value} appears more than once in this list"
    assert error.params == {"value": quoted("north")}
    assert error.location == at(1, 23, "value", 2)


def test_other_keywords_fall_back_to_naming_the_keyword() -> None:
    error = only_error("value: [1, 2]\n", value_schema({"contains": {"type": "string"}}))
    assert error.message == "the value breaks the schema rule '{keyword}'"
    assert error.params["keyword"] == "contains"
    assert error.location == at(1, 8, "value")


def test_false_schema_refuses_any_value() -> None:
    error = only_error("value: 1\n", value_schema(False))  # type: ignore[arg-type]
    assert error.message == "no value is allowed here"


PIECE = {
    "oneOf": [
        {
            "type": "object",
            "properties": {"kind": {"const": "pawn"}, "size": {"type": "integer"}},
            "required": ["kind", "size"],
        },
        {
            "type": "object",
            "properties": {"kind": {"const": "king"}, "crown": {"type": "boolean"}},
            "required": ["kind", "crown"],
        },
        {"type": "string"},
    ]
}


def test_one_of_reports_the_branch_the_author_meant() -> None:
    schema = {"type": "object", "properties": {"pieces": {"type": "array", "items": PIECE}}}
    errors = errors_of(
        """\
        pieces:
          - kind: pawn
          - kind: king
            crown: 3
        """,
        schema,
    )
    assert [(error.message, error.params, error.location) for error in errors] == [
        ("missing required key '{key}'", {"key": "size"}, at(2, 5, "pieces", 0)),
        (
            "expected {expected}, found {found}",
            {"expected": "true or false", "found": "a whole number"},
            at(4, 12, "pieces", 1, "crown"),
        ),
    ]


def test_one_of_with_only_type_mismatches_lists_every_accepted_type() -> None:
    error = only_error("value: 7\n", value_schema(PIECE))
    assert error.message == "expected one of {expected}; found {found}"
    assert error.params == {"expected": ("a mapping", "text"), "found": "a whole number"}
    assert error.location == at(1, 8, "value")


def test_any_of_descends_into_the_closest_branch() -> None:
    schema = value_schema({"anyOf": [{"type": "string", "minLength": 3}, {"type": "null"}]})
    error = only_error("value: ab\n", schema)
    assert error.message == "its length in characters must be at least {limit}"
    assert error.location == at(1, 8, "value")


def test_one_of_matching_several_branches_says_so() -> None:
    schema = value_schema({"oneOf": [{"type": "integer"}, {"minimum": 0}]})
    error = only_error("value: 3\n", schema)
    assert error.message == "the value matches more than one of the allowed forms"


def test_errors_come_in_file_order() -> None:
    schema = {
        "type": "object",
        "properties": {"b": {"type": "string"}, "a": {"type": "string"}},
        "required": ["c"],
    }
    errors = errors_of("a: 1\nb: 2\n", schema)
    positions = [(error.location.line, error.location.column) for error in errors]
    assert positions == [(1, 1), (1, 4), (2, 4)]


def test_validate_raises_the_first_error_of_a_bundled_schema(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bundled = {
        "type": "object",
        "properties": {"players": {"type": "integer"}},
        "required": ["players"],
        "additionalProperties": False,
    }
    monkeypatch.setattr(schemas, "load_schema", lambda name: bundled)
    with pytest.raises(DataError) as caught:
        validate(load("zz: 1\n"), "test-only")
    assert caught.value.message == "missing required key '{key}'"
    assert caught.value.location == at(1, 1)
    validate(load("players: 2\n"), "test-only-valid")


def test_load_schema_refuses_unknown_names() -> None:
    with pytest.raises(ValueError):
        load_schema("savegame")


def test_importing_the_module_does_not_import_jsonschema() -> None:
    code = "import sys, regelwerk.engine.data.schema; print('jsonschema' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_the_committed_ruleset_schema_is_generated_from_the_mechanisms() -> None:
    from regelwerk.engine.compiler.schemas import SCHEMA_FILE, generated, render

    committed = SCHEMA_FILE.read_text(encoding="utf-8")
    assert render(generated(load_schema("ruleset"))) == committed, \
        "schemas/ruleset.schema.json is stale: run python -m regelwerk.cli.regenerate"


def test_every_mechanism_and_its_parameters_are_in_the_schema() -> None:
    from regelwerk.engine.mechanisms import ACTIONS, STEPS

    definitions = load_schema("ruleset")["$defs"]
    for key, registry in (("action", ACTIONS), ("step", STEPS)):
        branches = {branch["if"]["properties"][("mechanism" if key == "action" else "step")]
                    ["const"]: branch["then"] for branch in definitions[key]["allOf"]}
        assert set(branches) == set(registry)
        for name, mechanism in registry.items():
            assert {p.key for p in mechanism.params} <= set(branches[name]["properties"])
