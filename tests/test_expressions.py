"""The condition language: what it computes, and what it refuses and where."""

from __future__ import annotations

import keyword
from types import CodeType, SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from regelwerk.engine.common.errors import DataError, Location
from regelwerk.engine.conditions.expressions import Expression, WordFields, compile_expression

START = Location("rules.yaml", 7, 12, ("rules", 2, "when"))
NAMES = {
    "turn": int,
    "done": bool,
    "new": {"count": int, "rank": int},
    "old": {"count": int, "rank": int},
    "placed": {"count": int},
    "area": {"white": int, "open": bool},
}
KNOWN = "area, done, new, old, placed, turn"
WATERHOLE = "new.count > old.count or (new.count == old.count and new.rank > old.rank)"


def make_env(**overrides: Any) -> dict[str, Any]:
    env: dict[str, Any] = {
        "turn": 4,
        "done": False,
        "new": SimpleNamespace(count=3, rank=2),
        "old": SimpleNamespace(count=3, rank=1),
        "placed": SimpleNamespace(count=2),
        "area": SimpleNamespace(white=2, open=True),
    }
    env.update(overrides)
    return env


def compile_(source: str, result: type = bool) -> Expression:
    return compile_expression(source, NAMES, result=result, location=START)


def refusal(source: str, result: type = bool, names: Any = NAMES) -> DataError:
    with pytest.raises(DataError) as caught:
        compile_expression(source, names, result=result, location=START)
    return caught.value


class Exploding:
    """A record whose fields must not be read."""

    def __getattr__(self, field: str) -> Any:
        raise AssertionError(f"read {field}")


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (WATERHOLE, True),
        ("placed.count >= area.white", True),
        ("placed.count > area.white", False),
        ("turn > 3", True),
        ("3 < turn", True),
        ("turn == 4", True),
        ("turn != 4", False),
        ("not done", True),
        ("done or area.open", True),
        ("done and area.open", False),
        ("true", True),
        ("false", False),
        ("True and not False", True),
        ("done == false", True),
        ("area.open == (turn > 3)", True),
        ("1 < turn < 5", True),
        ("1 < turn < 4", False),
        ("0 <= placed.count < area.white", False),
        ("turn == 4 == new.count + 1", True),
        ("turn % 3 == 1", True),
        ("turn // 3 == 1", True),
        ("-turn < 0", True),
        ("turn * 2 - 1 == 7", True),
        ("2 * turn == 8", True),
        ("10 - turn == 6", True),
        ("new.count - old.rank == 2", True),
        ("min(turn, 2) == 2", True),
        ("max(turn, placed.count, 9) == 9", True),
        ("max(turn) == 4", True),
        ("abs(placed.count - turn) == 2", True),
        ("(turn if done else 0) == 0", True),
        ("(1 if area.open else 2) == 1", True),
        ("done or turn > 3 and not area.open", False),
    ],
)
def test_evaluates(source: str, expected: bool) -> None:
    assert compile_(source).evaluate(make_env()) is expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("turn // 0", 0),
        ("turn % 0", 0),
        ("placed.count // (turn - 4)", 0),
        ("placed.count % (turn - 4)", 0),
        ("placed.count % area.white", 0),
        ("-(turn - 10)", 6),
        ("7 // 2", 3),
        ("-7 // 2", -4),
        ("turn * placed.count + new.rank", 10),
        ("max(0, old.count - turn)", 0),
        ("min(new.count, old.count, turn) + abs(-turn)", 7),
        ("turn if area.open else -1", 4),
    ],
)
def test_computes_numbers(source: str, expected: int) -> None:
    assert compile_(source, result=int).evaluate(make_env()) == expected


@pytest.mark.parametrize(
    ("new", "old", "expected"),
    [
        ((4, 0), (3, 9), True),
        ((3, 2), (3, 1), True),
        ((3, 1), (3, 1), False),
        ((2, 9), (3, 0), False),
    ],
)
def test_waterhole(new: tuple[int, int], old: tuple[int, int], expected: bool) -> None:
    env = make_env(
        new=SimpleNamespace(count=new[0], rank=new[1]),
        old=SimpleNamespace(count=old[0], rank=old[1]),
    )
    assert compile_(WATERHOLE)(env) is expected


def test_expression_describes_itself() -> None:
    expression = compile_(WATERHOLE)
    assert expression.source == WATERHOLE
    assert expression.result is bool
    assert expression.names_used == {"new", "old"}
    assert compile_("turn > 1 and true").names_used == {"turn"}


def test_constant_expressions_need_no_names() -> None:
    assert compile_("1 < 2 and (3 if true else 4) == 3").evaluate({}) is True
    assert compile_("max(2, 5) * 3 // 0", result=int).evaluate({}) == 0


@pytest.mark.parametrize(
    "source",
    [
        "done and new.count > 0",
        "not area.open and new.count > 0",
        "area.open or new.count > 0",
        "done and turn > 0 and new.count > 0",
        "area.open or done or new.count > 0",
        "turn < 0 < new.count",
        "turn > 0 or new.count > 0 or new.rank > 0",
        "new.count > 0 if done else true",
        "true if area.open else new.count > 0",
    ],
)
def test_short_circuits(source: str) -> None:
    compile_(source).evaluate(make_env(new=Exploding()))


def test_reads_only_the_names_it_needs() -> None:
    assert compile_("done and turn > 1").evaluate({"done": False}) is False


@pytest.mark.parametrize(
    ("source", "marker", "message", "params"),
    [
        (
            "turn > nope",
            "nope",
            "unknown name '{name}'; known names: {known}",
            {"name": "nope", "known": KNOWN},
        ),
        (
            "__class__",
            "__class__",
            "unknown name '{name}'; known names: {known}",
            {"name": "__class__", "known": KNOWN},
        ),
        (
            "turn > 1 and new.size > 1",
            "new.size",
            "'{name}' has no field '{field}'; its fields are: {fields}",
            {"name": "new", "field": "size", "fields": "count, rank"},
        ),
        (
            "new.__class__",
            "new",
            "'{name}' has no field '{field}'; its fields are: {fields}",
            {"name": "new", "field": "__class__", "fields": "count, rank"},
        ),
        (
            "turn > 1 and new",
            "new",
            "'{name}' needs a field here; its fields are: {fields}",
            {"name": "new", "fields": "count, rank"},
        ),
        (
            "done or turn.x > 1",
            "turn.x",
            "'{name}' is a single value and has no fields",
            {"name": "turn"},
        ),
        (
            "(lambda: 1)() > 0",
            "lambda",
            "unknown function '{function}'; known functions: {known}",
            {"function": "lambda: 1", "known": "abs, max, min"},
        ),
        (
            "len(turn) > 0",
            "len",
            "unknown function '{function}'; known functions: {known}",
            {"function": "len", "known": "abs, max, min"},
        ),
        (
            "__import__('os').system('x')",
            "__import__",
            "unknown function '{function}'; known functions: {known}",
            {"function": "__import__('os').system", "known": "abs, max, min"},
        ),
        (
            "done or abs() > 0",
            "abs",
            "'{function}' takes exactly one argument",
            {"function": "abs"},
        ),
        ("abs(1, 2) > 0", "abs", "'{function}' takes exactly one argument", {"function": "abs"}),
        ("min() > 0", "min", "'{function}' needs at least one argument", {"function": "min"}),
    ],
)
def test_refuses_names_and_calls(
    source: str, marker: str, message: str, params: dict[str, str]
) -> None:
    error = refusal(source)
    assert (error.message, error.params) == (message, params)
    assert error.location == Location(
        "rules.yaml", 7, 12 + source.index(marker), ("rules", 2, "when")
    )


@pytest.mark.parametrize(
    ("source", "marker", "what"),
    [
        ("().__class__", "()", "().__class__"),
        ("turn > 0 and [x for x in y]", "[", "[x for x in y]"),
        ("turn > 1.5", "1.5", "1.5"),
        ("turn > None", "None", "None"),
        ("new[0] > 1", "new", "new[0]"),
        ("(lambda: 1) == turn", "lambda", "lambda: 1"),
        ("f'{turn}' == 1", "f'", "f'{turn}'"),
        ("(turn := 1) > 0", "turn :=", "turn := 1"),
        ("true.real > 1", "true", "true.real"),
        ("min(*turn) > 0", "*", "*turn"),
        ("min(turn, key=turn) > 0", "key", "key=turn"),
        ("(1, 2) == turn", "(1", "(1, 2)"),
        ("{1} == turn", "{", "{1}"),
        ("done and turn / 2 > 1", "turn /", "/"),
        ("turn ** 2 > 1", "turn", "**"),
        ("turn & 1 == 1", "turn", "&"),
        ("+turn > 0", "+", "+"),
        ("~turn > 0", "~", "~"),
        ("turn in turn", "turn", "in"),
        ("turn is not turn", "turn", "is not"),
        ("turn > 0 or " + "1" * 50 + " == 1.0", "1.0", "1.0"),
        ("1.0 != " + "1" * 50, "1.0", "1.0"),
        ("turn > 0.5 and " + "'" + "a" * 50 + "' == 'b'", "0.5", "0.5"),
    ],
)
def test_refuses_what_is_not_in_the_grammar(source: str, marker: str, what: str) -> None:
    error = refusal(source)
    assert error.message == "'{what}' is not supported in conditions"
    assert error.params == {"what": what}
    assert error.location.column == 12 + source.index(marker)
    assert error.location.line == 7


@pytest.mark.parametrize(
    ("source", "marker", "expected", "found"),
    [
        ("done and turn", "turn", "true or false", "a number"),
        ("turn + done > 1", "done", "a number", "true or false"),
        ("done < true", "done", "a number", "true or false"),
        ("turn < 5 < done", "done", "a number", "true or false"),
        ("turn == done", "done", "a number", "true or false"),
        ("done == turn", "turn", "true or false", "a number"),
        ("area.open != placed.count", "placed", "true or false", "a number"),
        ("not turn", "turn", "true or false", "a number"),
        ("-done == 1", "done", "a number", "true or false"),
        ("min(turn, done) > 0", "done", "a number", "true or false"),
        ("abs(area.open) > 0", "area", "a number", "true or false"),
        ("(turn if done else area.open) > 1", "area", "a number", "true or false"),
        ("(turn if turn else 1) > 1", "turn else", "true or false", "a number"),
        ("turn", "turn", "true or false", "a number"),
        ("turn > 1 or 2", "2", "true or false", "a number"),
    ],
)
def test_refuses_type_errors(source: str, marker: str, expected: str, found: str) -> None:
    error = refusal(source)
    assert error.message == "expected {expected} here, found {found}"
    assert error.params == {"expected": expected, "found": found}
    assert error.location.column == 12 + source.index(marker)


@pytest.mark.parametrize("source", ["turn > 1", "done", "true"])
def test_checks_the_requested_result_type(source: str) -> None:
    error = refusal(source, result=int)
    assert error.params == {"expected": "a number", "found": "true or false"}
    assert error.location.column == 12


@pytest.mark.parametrize(
    ("source", "column", "problem"),
    [
        ("turn > > 1", 7, "this is not how a condition is written"),
        ("turn >", 6, "this is not how a condition is written"),
        ("(turn > 1", 0, "a bracket opened here is never closed"),
        ("turn > 1)", 8, "this closing bracket has no opening one"),
        ("turn == 'x", 8, "a text in quotes has no closing quote"),
        ("turn > 3x", 7, "a number runs into a word"),
    ],
)
def test_reports_syntax_errors_in_its_own_words(source: str, column: int, problem: str) -> None:
    """Python's words for what it could not read are English and speak of its grammar
    ('invalid syntax'): each is told in a translatable message of ours."""
    error = refusal(source)
    assert error.message == "cannot read this condition: {problem}"
    assert error.params["problem"].message.startswith(problem)
    assert error.location == Location("rules.yaml", 7, 12 + column, ("rules", 2, "when"))


def test_limits_length() -> None:
    error = refusal("turn > 1" + " " * 493)
    assert (
        error.message
        == "this condition is too long: {length} characters, at most {limit} are allowed"
    )
    assert error.params == {"length": 501, "limit": 500}
    assert error.location == START
    compile_("turn > 1" + " " * 492)


def test_limits_nesting_depth() -> None:
    error = refusal("-" * 40 + "1 == 1")
    assert (
        error.message == "this condition is nested too deeply: at most {limit} levels are allowed"
    )
    assert error.params == {"limit": 32}
    # The comparison is the first level, so the 32nd minus sign is one too many.
    assert error.location.column == 12 + 31
    compile_("1 == " + "-" * 30 + "1")


def test_refuses_long_chains_without_deep_recursion() -> None:
    error = refusal("1" + " + 1" * 120 + " > 0")
    assert error.params == {"limit": 32}


def test_locates_errors_on_later_lines() -> None:
    error = refusal("turn > 1 and (done\n   or nope)")
    assert error.params["name"] == "nope"
    assert error.location == Location("rules.yaml", 8, 7, ("rules", 2, "when"))


def test_counts_columns_in_characters() -> None:
    error = refusal("über > 1 and nöpe", names={"über": int})
    assert error.params["name"] == "nöpe"
    assert error.location.column == 12 + 13


def test_text_values_compare_for_equality_only() -> None:
    names = {"card": {"role": str, "strength": int}}
    condition = compile_expression('card.role == "bow" and card.strength < 3', names,
                                   location=Location("rules.yaml", 1, 1))
    assert condition({"card": SimpleNamespace(role="bow", strength=2)}) is True
    assert condition({"card": SimpleNamespace(role="crew", strength=2)}) is False
    with pytest.raises(DataError) as caught:
        compile_expression('card.role < "b"', names, location=Location("rules.yaml", 1, 1))
    assert caught.value.params["found"] == "text"
    with pytest.raises(DataError):
        compile_expression('card.strength == "3"', names, location=Location("rules.yaml", 1, 1))


def test_records_may_hold_records() -> None:
    names = {"draw": {"times": int, "card": {"effect": str, "strength": int}}}
    expression = compile_expression('draw.card.effect == "axe" and draw.times > 0', names,
                                    location=START)
    env = {"draw": SimpleNamespace(times=1, card=SimpleNamespace(effect="axe", strength=0))}
    assert expression(env) is True
    assert expression.reads("draw", "card.effect")


@pytest.mark.parametrize(
    ("source", "message", "params"),
    [
        ("new.count.real > 1", "'{name}' is a single value and has no fields",
         {"name": "new.count"}),
        ("draw.card > 1", "'{name}' needs a field here; its fields are: {fields}",
         {"name": "draw.card", "fields": "effect"}),
        ("draw.card.power > 1", "'{name}' has no field '{field}'; its fields are: {fields}",
         {"name": "draw.card", "field": "power", "fields": "effect"}),
    ],
)
def test_refuses_fields_that_records_do_not_have(source: str, message: str,
                                                  params: dict[str, str]) -> None:
    names = {**NAMES, "draw": {"card": {"effect": str}}}
    error = refusal(source, names=names)
    assert error.message == message
    assert error.params == params


CARD = {"card": WordFields({"colour": str, "points": int},
                           {"colour": frozenset({"", "red", "blue"})})}


@pytest.mark.parametrize("source", ['card.colour == "red"', '"blue" != card.colour',
                                    'card.colour == ""', 'card.colour == card.colour'])
def test_a_field_of_known_words_is_compared_with_them(source: str) -> None:
    compile_expression(source, CARD, location=START)


@pytest.mark.parametrize("source", ['card.colour == "browm"', '"Red" != card.colour',
                                    'card.points > 1 and card.colour == "green"'])
def test_a_word_a_field_never_takes_is_refused_where_it_stands(source: str) -> None:
    error = refusal(source, names=CARD)
    word = source.split('"')[1]
    assert error.message == "'{word}' is no value of {field}: its values are {words}"
    assert error.params == {"word": word, "field": "card.colour", "words": "blue, red"}
    assert error.location.column == 12 + source.index(f'"{word}"')


def test_an_id_that_is_a_word_of_the_grammar_is_told_how_conditions_write_it() -> None:
    """Okavango's action 'pass' is 'pass_' in conditions: 'pass.times' cannot be read."""
    error = refusal("turn > 1 and pass.times > 0", names={**NAMES, "pass_": {"times": int}})
    assert error.message.startswith("'{word}' is a word of the condition language itself")
    assert error.params == {"word": "pass"}
    assert error.location.column == 12 + len("turn > 1 and ")
    compile_expression("pass_.times > 0", {"pass_": {"times": int}}, location=START)


#: a name or field a data file may give (``env`` and ``_0`` too: they are the generated code's)
IDS = st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True).filter(
    lambda word: not keyword.iskeyword(word) and word not in ("true", "false"))
TEXTS = st.text(st.characters(blacklist_characters="'\\", blacklist_categories=("Cc", "Cs",
                                                                                   "Zl", "Zp")),
                max_size=12)
SHAPE = ("{a} + 1 > {b}.{f} and ({b}.{g} == '{text}' or {a} // {b}.{f} == -2) "
         "and max({a}, {b}.{f} % 3) >= abs({a}) - 9 if not {c} else {c}")


def code_of(expression: Expression) -> tuple[Any, ...]:
    """All of the code an expression runs, but for its parameters' values."""
    code = expression.evaluate.__code__
    assert not [c for c in code.co_consts if not isinstance(c, (int, bool, type(None)))]
    assert not [c for c in code.co_consts if isinstance(c, CodeType)]
    return (code.co_code, code.co_consts, code.co_names, code.co_varnames, code.co_freevars,
            code.co_cellvars, code.co_name, code.co_filename, code.co_linetable)


@given(st.lists(IDS, min_size=3, max_size=3, unique=True),
       st.lists(IDS, min_size=2, max_size=2, unique=True), TEXTS,
       st.integers(-50, 50), st.integers(-50, 50), st.booleans(), st.sampled_from(["x", "y"]))
def test_no_name_field_or_text_of_the_data_is_in_the_code(
        names: list[str], fields: list[str], text: str, a: int, f: int, c: bool, g: str
) -> None:
    """The code is the same whatever the data calls its names and fields and whatever text it
    compares with, and computes what the condition says."""
    def compiled(a_: str, b_: str, c_: str, f_: str, g_: str, text_: str) -> Expression:
        source = SHAPE.format(a=a_, b=b_, c=c_, f=f_, g=g_, text=text_)
        return compile_expression(source, {a_: int, b_: {f_: int, g_: str}, c_: bool},
                                  location=START)

    expression = compiled(*names, *fields, text)
    plain = compiled("one", "two", "three", "four", "five", "six")
    assert code_of(expression) == code_of(plain)
    record = SimpleNamespace(**{fields[0]: f, fields[1]: text if g == "x" else text + "!"})
    expected = c if c else (a + 1 > f and (g == "x" or (a // f if f else 0) == -2)
                            and max(a, f % 3) >= abs(a) - 9)
    assert expression.evaluate({names[0]: a, names[1]: record, names[2]: c}) is expected
