"""YAML syntax errors are told in our own words, whichever parser found them."""

from __future__ import annotations

import pytest
import yaml

from regelwerk.engine.common.errors import DataError
from regelwerk.engine.data.yamlload import load_yaml_text
from regelwerk.engine.data.yamlproblems import UNKNOWN, describe

#: a mistake of each kind, the start of our message for it, and where it is found (libyaml)
MISTAKES = [
    ("a: {b: 1 c: 2}\n", "the mapping in braces that begins on line {line}", (1, 11)),
    ("a: [1, 2\nb: 3\n", "the list in brackets that begins on line {line}", (2, 2)),
    ("areas:\n  delta: north: 2\n", "a ': ' is not allowed here", (2, 15)),
    ("a:\n  b: 1\n c: 2\n", "this line is not indented like", (3, 2)),
    ("a: b\n- c\n", "this line is not indented like", (2, 1)),
    ("a: \"abc\nb: 2\n", "the quoted text that begins on line {line}", (3, 1)),
    ("a: \"x\\qy\"\n", "a '\\' in a double-quoted text", (1, 6)),
    ("a: |0\n  x\n", "the text block after '|' or '>'", (1, 5)),
    ("a: !<tag\n", "a tag, anchor, alias or directive", (1, 9)),
    ("a: &\n", "a tag, anchor, alias or directive", (1, 5)),
    ("%YAML 2.0\n---\na: 1\n", "a tag, anchor, alias or directive", (1, 1)),
    ("a: @x\n", "this character cannot begin a value", (1, 4)),
    ("? a\nb\n", "a key needs a ':' after it", (3, 1)),
    ("[a, ]]\n", "this line does not continue the document", (1, 6)),
]


@pytest.mark.parametrize("text,message,place", MISTAKES)
def test_a_syntax_error_is_our_message_at_the_parsers_place(text, message, place):
    with pytest.raises(DataError) as caught:
        load_yaml_text(text, "board.yaml")
    error = caught.value
    assert error.message.startswith(message)
    assert (error.location.line, error.location.column) == place
    assert "{line}" not in error.render() and "did not find" not in error.render()


@pytest.mark.parametrize("loader", [yaml.CSafeLoader, yaml.SafeLoader], ids=["libyaml", "python"])
@pytest.mark.parametrize("text,message,place", MISTAKES)
def test_both_parsers_problems_are_recognised(loader, text, message, place):
    with pytest.raises(yaml.MarkedYAMLError) as caught:
        list(yaml.parse(text, Loader=loader))
    error = caught.value
    known, params = describe(error.problem or "", error.context or "", 1, 1)
    assert known != UNKNOWN
    assert known.startswith(message.split(" that begins")[0])
    assert set(params) == ({"line"} if "{line}" in known else set())


def test_a_tab_is_named_as_such_by_the_pure_parser():
    message, _ = describe("found character '\\t' that cannot start any token", "", None, 2)
    assert message.startswith("a tab is used where YAML needs spaces")


def test_an_unknown_problem_gets_a_general_message_without_the_parsers_words():
    assert describe("something new went wrong", "while doing something", None, 3) == (UNKNOWN, {})


def test_the_line_where_the_construct_began_is_given():
    with pytest.raises(DataError) as caught:
        load_yaml_text("a: 1\nb: {c: 1,\n  d: 2\ne: 3\n", "board.yaml")
    assert caught.value.params == {"line": 2}
