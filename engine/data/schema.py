"""JSON Schema validation of loaded documents, with located, translatable errors.

jsonschema's own messages are English prose about JSON; players and rule
authors need to be told, in their language, which line of their YAML file is
wrong and how. Each failed keyword therefore becomes a :class:`DataError`
with a message id of ours and the details as parameters.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from difflib import get_close_matches
from importlib import resources
from typing import TYPE_CHECKING, Any, Protocol

from ..common.errors import N_, DataError, DataErrors, Location, Path, Phrase

if TYPE_CHECKING:  # jsonschema is imported lazily: it is slow to import
    # A validator sets every field of the errors it yields; jsonschema's stubs allow them
    # unset (and `validator` is None for a `false` schema), so they are read as Any here.
    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator



class Validated(Protocol):
    """What validation reads of a document (loaded, or merged from a variant): its data and
    where its values and keys stand."""

    @property
    def data(self) -> Any: ...
    def locate(self, path: Sequence[str | int]) -> Location: ...
    def key_location(self, path: Sequence[str | int]) -> Location: ...


SCHEMA_NAMES = frozenset({"ruleset", "variant", "scenario"})

Message = tuple[str, dict[str, Any]]

_TYPE_NAMES = {
    "object": N_("a mapping"),
    "array": N_("a list"),
    "string": N_("text"),
    "integer": N_("a whole number"),
    "number": N_("a number"),
    "boolean": N_("true or false"),
    "null": N_("nothing"),
}

# Order matters: bool is a subclass of int.
_PYTHON_TYPES: tuple[tuple[type, str], ...] = (
    (bool, "boolean"),
    (int, "integer"),
    (float, "number"),
    (str, "string"),
    (list, "array"),
    (dict, "object"),
)

#: what a value must be; a limit on a length or a number of items is the number compared,
#: never a count of nouns ("at least 1 characters" would need a plural form)
_LIMIT_MESSAGES = {
    "minimum": N_("must be at least {limit}"),
    "maximum": N_("must be at most {limit}"),
    "exclusiveMinimum": N_("must be greater than {limit}"),
    "exclusiveMaximum": N_("must be less than {limit}"),
    "multipleOf": N_("must be a multiple of {limit}"),
    "minLength": N_("its length in characters must be at least {limit}"),
    "maxLength": N_("its length in characters must be at most {limit}"),
    "minItems": N_("the number of its items must be at least {limit}"),
    "maxItems": N_("the number of its items must be at most {limit}"),
    "minProperties": N_("the number of its keys must be at least {limit}"),
    "maxProperties": N_("the number of its keys must be at most {limit}"),
}

#: what a text shown as one line (a name, a title, a sentence told during play) must not hold,
#: as its schema says it (``not: {pattern: ...}``): a line break or a tab in it could pass for a
#: line the program writes. (A pattern ``^...$`` would not do: Python's ``$`` matches before a
#: final line break.)
BREAKS = "[\\n\\t]"
_ALTERNATIVES = ("oneOf", "anyOf")
_DISCRIMINATORS = ("const", "enum")


def load_schema(name: str) -> dict[str, Any]:
    """Read one of the bundled schemas; a fresh copy each time, so callers may modify it."""
    if name not in SCHEMA_NAMES:
        raise ValueError(f"unknown schema {name!r}; expected one of {sorted(SCHEMA_NAMES)}")
    resource = resources.files("regelwerk.schemas").joinpath(f"{name}.schema.json")
    schema: dict[str, Any] = json.loads(resource.read_text(encoding="utf-8"))
    return schema


def schema_errors(document: Validated, schema: Mapping[str, Any]) -> list[DataError]:
    """Every way ``document`` breaks ``schema``, in file order."""
    return _collect(document, _compile(schema))


def check(document: Validated, validator: Validator) -> None:
    """Raise the errors of ``document`` against a compiled schema, all together (in file
    order): a misspelt key and a wrong type elsewhere are corrected in one go."""
    errors = _collect(document, validator)
    if errors:
        raise errors[0] if len(errors) == 1 else DataErrors(errors)


def compiled(schema: Mapping[str, Any]) -> Validator:
    """A schema made ready to validate with (checked itself; integers strict)."""
    return _compile(schema)


def _compile(schema: Mapping[str, Any]) -> Validator:
    from jsonschema import Draft202012Validator
    from jsonschema.validators import extend

    Draft202012Validator.check_schema(schema)
    # JSON Schema counts 8.0 as an integer; a data file means a whole number only when
    # it writes one, and the engine counts with ints, so a float is refused.
    strict = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: type(value) is int)
    validator: type[Validator] = extend(Draft202012Validator, type_checker=strict)
    return validator(schema)


def _collect(document: Validated, validator: Validator) -> list[DataError]:
    """Convert and de-duplicate: a missing key may be reported by several branches."""
    found: dict[tuple[Any, ...], DataError] = {}
    for error in validator.iter_errors(document.data):
        for specific in _specific(error):
            for data_error in _convert(document, specific):
                params = repr(sorted(data_error.params.items()))  # values may be Phrases
                found.setdefault((data_error.location, data_error.message, params), data_error)
    return sorted(found.values(), key=lambda error: (error.location.line, error.location.column))


# Choosing what to report for oneOf / anyOf


def _specific(error: ValidationError) -> Iterator[ValidationError]:
    """Replace a failed oneOf/anyOf by the errors of the branch the author most likely meant."""
    if error.validator not in _ALTERNATIVES or not error.context or _alternative_types(error):
        yield error
        return
    branch = min(_branches(error.context), key=_branch_rank)
    for inner in branch:
        yield from _specific(inner)


def _branches(errors: Iterable[ValidationError]) -> list[list[ValidationError]]:
    grouped: dict[Any, list[ValidationError]] = {}
    for error in errors:
        grouped.setdefault(error.relative_schema_path[0], []).append(error)
    return list(grouped.values())


def _branch_rank(errors: list[ValidationError]) -> tuple[Any, ...]:
    """Lower is a likelier intent: the value has the branch's type, its tag-like keys match.

    jsonschema's relevance alone prefers the deepest error, which picks the
    branch whose ``kind: const`` differs over the branch that merely lacks a key.
    """
    from jsonschema.exceptions import relevance

    return (
        any(error.validator == "type" and not error.relative_path for error in errors),
        any(_is_discriminator(error) for error in errors),
        min(relevance(error) for error in errors),
    )


def _is_discriminator(error: ValidationError) -> bool:
    """A const or enum on the value or one of its keys, like ``kind: pawn``."""
    return error.validator in _DISCRIMINATORS and len(error.relative_path) <= 1


def _alternative_types(error: ValidationError) -> list[str]:
    """The types a oneOf/anyOf accepts, if every branch failed only on the value's type."""
    types: list[str] = []
    for inner in error.context:
        if inner.validator != "type" or inner.relative_path:
            return []
        expected: Any = inner.validator_value
        for name in [expected] if isinstance(expected, str) else expected:
            if name not in types:
                types.append(name)
    return types


# Converting jsonschema errors


def _convert(document: Validated, error: ValidationError) -> list[DataError]:
    path = tuple(error.absolute_path)
    if _is_key_error(document, error, path):
        key: Any = error.instance  # a key: see _is_key_error
        key_path = path + (key,)
        message, params = _describe(error)
        location = document.key_location(key_path)
        return [DataError(location, message, {**params, "key": key})]
    if error.validator == "required":
        return _missing_keys(document, error, path)
    if error.validator == "additionalProperties":
        return _unknown_keys(document, error, path)
    if error.validator == "uniqueItems":
        return [_repeated_item(document, error, path)]
    message, params = _describe(error)
    return [DataError(document.locate(path), message, params)]


def _is_key_error(document: Validated, error: ValidationError, path: Path) -> bool:
    """propertyNames checks a key, yet jsonschema reports it at the enclosing mapping."""
    container = _value_at(document.data, path)
    return (
        isinstance(container, dict)
        and error.instance is not container
        and isinstance(error.instance, str)
        and error.instance in container
    )


def _value_at(data: Any, path: Path) -> Any:
    for part in path:
        data = data[part]
    return data


def _missing_keys(document: Validated, error: ValidationError, path: Path) -> list[DataError]:
    location = document.locate(path)
    required: Any = error.validator_value
    present: Any = error.instance
    return [
        DataError(location, N_("missing required key '{key}'"), {"key": key})
        for key in required
        if key not in present
    ]


def _unknown_keys(document: Validated, error: ValidationError, path: Path) -> list[DataError]:
    schema: Any = error.schema
    declared = schema.get("properties", {})
    patterns = schema.get("patternProperties", {})
    allowed = ", ".join(sorted(declared))
    errors = []
    instance: Any = error.instance
    for key in instance:
        if key in declared or any(re.search(pattern, key) for pattern in patterns):
            continue
        location = document.key_location(path + (key,))
        close = get_close_matches(str(key), declared, n=1)  # a key misspelt
        if close:
            message = N_("unknown key '{key}' (did you mean '{close}'?); expected one of: "
                         "{allowed}")
        elif allowed:
            message = N_("unknown key '{key}'; expected one of: {allowed}")
        else:
            message = N_("unknown key '{key}'")
        errors.append(DataError(location, message, {"key": key, "allowed": allowed,
                                                    "close": close[0] if close else ""}))
    return errors


def _repeated_item(document: Validated, error: ValidationError, path: Path) -> DataError:
    """Point at the second occurrence, which is the one to remove."""
    seen: set[str] = set()
    items: Any = error.instance
    for index, item in enumerate(items):
        canonical = json.dumps(item, sort_keys=True)
        if canonical in seen:
            message = N_("{value} appears more than once in this list")
            return DataError(document.locate(path + (index,)), message, {"value": _show(item)})
        seen.add(canonical)
    # Only numerically equal items such as 1 and 1.0 get here.
    message = N_("the items of this list must all be different")
    return DataError(document.locate(path), message, {})


def _describe(error: ValidationError) -> Message:
    """Our message id and parameters for one failed keyword."""
    keyword: Any = error.validator  # None for a `false` schema
    value = error.instance
    expected: Any = error.validator_value
    if keyword == "type":
        return _type_message([expected] if isinstance(expected, str) else list(expected), value)
    if keyword in _ALTERNATIVES:
        return _alternatives_message(error)
    if keyword == "enum":
        allowed = tuple(_show(option) for option in expected)
        return N_("{value} is not allowed here; expected one of: {allowed}"), {
            "value": _show(value),
            "allowed": allowed,
        }
    if keyword == "const":
        expected = _show(error.validator_value)
        return N_("{value} is not allowed here; expected {expected}"), {
            "value": _show(value),
            "expected": expected,
        }
    if keyword in _LIMIT_MESSAGES:
        return _LIMIT_MESSAGES[keyword], {"limit": error.validator_value, "value": _show(value)}
    if keyword == "not" and expected == {"pattern": BREAKS}:
        return N_("this text is shown as one line: it cannot hold a line break or a tab"), {}
    if keyword == "pattern":
        return N_("{value} does not match the pattern {pattern}"), {
            "value": _show(value),
            "pattern": error.validator_value,
        }
    if keyword is None:  # a `false` schema
        return N_("no value is allowed here"), {"value": _show(value)}
    message = N_("the value breaks the schema rule '{keyword}'")
    return message, {"keyword": keyword, "value": _show(value)}


def _alternatives_message(error: ValidationError) -> Message:
    types = _alternative_types(error)
    if types:
        return _type_message(types, error.instance)
    message = N_("the value matches more than one of the allowed forms")
    return message, {"value": _show(error.instance)}


def _type_message(expected: list[str], value: Any) -> Message:
    names = [_TYPE_NAMES.get(name, name) for name in expected]
    found: str | Phrase = _kind(value)
    if expected == ["integer"] and isinstance(value, float):
        found = _show(value)  # "found a number" would puzzle: 8.0 is the number meant
    if len(names) == 1:
        return N_("expected {expected}, found {found}"), {"expected": names[0], "found": found}
    message = N_("expected one of {expected}; found {found}")
    return message, {"expected": tuple(names), "found": found}


def _kind(value: Any) -> str:
    """The friendly name of a loaded value's type, as a user would call it."""
    if value is None:
        return _TYPE_NAMES["null"]
    for python_type, name in _PYTHON_TYPES:
        if isinstance(value, python_type):
            return _TYPE_NAMES[name]
    return type(value).__name__


#: a text from the data in a message, in the quotes of the reader's language
QUOTED = N_("'{text}'")


def _show(value: Any, limit: int = 60) -> str | Phrase:
    """A value shortened for messages: a text in the reader's quotes, anything else as
    written in JSON."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False,
                                                           default=str)
    text = text if len(text) <= limit else text[: limit - 1] + "…"
    return Phrase(QUOTED, {"text": text}) if isinstance(value, str) else text
