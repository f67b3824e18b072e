"""A small, whitelisted expression language for conditions in data files.

Rules files hold conditions such as ``new.count > old.count or
(new.count == old.count and new.rank > old.rank)``. They are parsed once, at
load time, with :mod:`ast`; nothing a data file holds is ever handed to ``eval``,
``exec`` or ``compile``. Only a small grammar is accepted
and every sub-expression is type-checked, so a mistake in a data file is
reported with its exact place when the file is loaded, never while playing.

The language has numbers and true/false. It accepts integer and true/false
constants, names and ``name.field`` (``name.record.field`` where a field is a
record itself), ``and``/``or``/``not``, comparisons
(chained too; ordering only on numbers), ``+ - * // %`` and unary ``-`` on
numbers, ``a if condition else b``, and the functions ``min``, ``max`` and
``abs``.

Conditions run in the engine's hot path (legal-move generation), so the checked
expression, its constants folded, becomes the tree of one Python function, built here
with :mod:`ast` nodes and compiled (as :mod:`dataclasses` makes its methods). The tree
holds only names the engine makes (``env``, ``_0``, ``_1``…) and numbers and truth
values: the names, fields and texts of the data are the function's parameters' default
values, read as local variables (see ``_function``).
"""

from __future__ import annotations

import ast
import keyword
import operator
import re
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, replace
from types import CodeType, FunctionType
from typing import Any, TypeAlias

from ..common.errors import N_, DataError, Location, Phrase

Type: TypeAlias = type[int] | type[bool] | type[str]
Record: TypeAlias = Mapping[str, Type]
Names: TypeAlias = Mapping[str, Type | Record]


class WordFields(dict[str, Type]):
    """A record some of whose text fields take known words only (a piece's attributes: a
    text attribute has one of the values the components give it, or "" when absent): a
    condition comparing such a field with any other word could never hold, so it is
    refused at load."""

    def __init__(self, fields: Record, words: Mapping[str, frozenset[str]]) -> None:
        super().__init__(fields)
        self.words = words
Env: TypeAlias = Mapping[str, Any]
Evaluate: TypeAlias = Callable[[Env], Any]
_Located: TypeAlias = ast.expr | ast.keyword

MAX_LENGTH = 500
MAX_DEPTH = 32

_TOO_LONG = N_("this condition is too long: {length} characters, at most {limit} are allowed")
_TOO_DEEP = N_("this condition is nested too deeply: at most {limit} levels are allowed")
_UNREADABLE = N_("cannot read this condition: {problem}")
_UNSUPPORTED = N_("'{what}' is not supported in conditions")
_UNKNOWN_NAME = N_("unknown name '{name}'; known names: {known}")
_UNKNOWN_FIELD = N_("'{name}' has no field '{field}'; its fields are: {fields}")
_NEEDS_FIELD = N_("'{name}' needs a field here; its fields are: {fields}")
_NO_FIELDS = N_("'{name}' is a single value and has no fields")
_WRONG_TYPE = N_("expected {expected} here, found {found}")
_UNKNOWN_FUNCTION = N_("unknown function '{function}'; known functions: {known}")
_ONE_ARGUMENT = N_("'{function}' takes exactly one argument")
_SOME_ARGUMENTS = N_("'{function}' needs at least one argument")
_NOT_A_WORD = N_("'{word}' is no value of {field}: its values are {words}")
_RESERVED_WORD = N_("'{word}' is a word of the condition language itself: an id written "
                    "so is read as '{word}_' (e.g. {word}_.times)")
#: Python's words for what it could not read, in ours (its own are English, and speak of its
#: grammar); whatever it is not listed is the last
_SYNTAX_PROBLEMS = (
    ("was never closed", N_("a bracket opened here is never closed")),
    ("unmatched", N_("this closing bracket has no opening one")),
    ("unterminated string", N_("a text in quotes has no closing quote")),
    ("invalid decimal literal", N_("a number runs into a word")),
    ("", N_("this is not how a condition is written: compare names and numbers with ==, !=, "
            "<, <=, > or >=, and join conditions with and, or and not")),
)


def _syntax_problem(message: str) -> Phrase:
    """What Python could not read, told in our words (see ``_SYNTAX_PROBLEMS``)."""
    return Phrase(next(told for words, told in _SYNTAX_PROBLEMS if words in message))


#: a word of Python's grammar where a name is read (``pass.times``), not one conditions use
_RESERVED = re.compile(r"\b(" + "|".join(sorted(set(keyword.kwlist) - {
    "and", "or", "not", "if", "else", "True", "False", "None", "in", "is"})) + r")\s*\.")

_TYPE_WORDS: dict[Type, str] = {int: N_("a number"), bool: N_("true or false"),
                                 str: N_("text")}

# YAML authors write true/false; Python's True/False arrive as constants.
_LITERALS = {"true": True, "false": False}

_LINE_BREAK = re.compile(r"\r\n?|\n")
_SEGMENT_LIMIT = 40


def _floordiv(dividend: int, divisor: int) -> int:
    return dividend // divisor if divisor else 0


def _mod(dividend: int, divisor: int) -> int:
    return dividend % divisor if divisor else 0


_ARITHMETIC: dict[type[ast.operator], Callable[[int, int], int]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: _floordiv,
    ast.Mod: _mod,
}
#: the divisions that give 0 for a divisor 0; by a non-zero constant they are Python's own
_GUARDED = frozenset({_floordiv, _mod})
_COMPARISONS: dict[type[ast.cmpop], Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}
_ORDERINGS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_FUNCTIONS: dict[str, Callable[..., int]] = {"abs": abs, "max": max, "min": min}
# Operators that parse but are refused; named by their symbol in messages.
_SYMBOLS: dict[type[ast.AST], str] = {
    ast.Div: "/",
    ast.Pow: "**",
    ast.MatMult: "@",
    ast.LShift: "<<",
    ast.RShift: ">>",
    ast.BitOr: "|",
    ast.BitXor: "^",
    ast.BitAnd: "&",
    ast.UAdd: "+",
    ast.Invert: "~",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.In: "in",
    ast.NotIn: "not in",
}


@dataclass(frozen=True)
class Expression:
    """A compiled condition or formula.

    ``evaluate(env)`` reads names from ``env``: plain values directly, records
    through attributes of the object stored under their name. ``and``/``or``
    short-circuit, chained comparisons mean what they mean in Python, and
    ``//`` and ``%`` by zero give 0 instead of failing mid-game. Hot loops
    should call ``evaluate`` directly to skip one call.
    """

    source: str
    result: Type
    evaluate: Evaluate
    names_used: frozenset[str]
    fields_used: frozenset[tuple[str, str]] = frozenset()

    def reads(self, name: str, field: str) -> bool:
        """Whether the expression reads ``name.field`` (lets callers skip computing it)."""
        return (name, field) in self.fields_used

    def __call__(self, env: Env) -> Any:
        return self.evaluate(env)


def compile_expression(
    source: str, names: Names, *, result: Type = bool, location: Location,
    place: Callable[[int], tuple[int, int]] | None = None
) -> Expression:
    """Compile ``source`` over ``names`` into an :class:`Expression` of type ``result``.

    ``location`` is where ``source`` starts in its file, and ``place`` (where given) where
    each of its characters stands, by offset (a source folded over several lines of the
    file); errors are reported as :class:`DataError` at the offending sub-expression.
    """
    compiler = _Compiler(source, names, location, place)
    compiled = compiler.expect(compiler.parse(), result)
    return Expression(source, result, _function(compiled.node, compiler.values),
                      frozenset(compiler.names_used), frozenset(compiler.fields_used))


def alternatives(source: str) -> tuple[str, ...]:
    """The alternatives of a checked condition joined by ``or`` at its top, as written
    (``"zone.fuses == 0 or zone.firework == 25"``: two), so that each may be told alone
    when it is the one that held; a condition of no alternatives gives none."""
    tree = ast.parse(source, mode="eval").body
    if not (isinstance(tree, ast.BoolOp) and isinstance(tree.op, ast.Or)):
        return ()
    return tuple(ast.get_source_segment(source, value) or "" for value in tree.values)


#: the generated function's parameter for the environment; the others are ``_0``, ``_1``…
_ENV = "env"


def _call(function: ast.expr, *arguments: ast.expr) -> ast.Call:
    return ast.Call(function, list(arguments), [])


def _function(body: ast.expr, values: list[Any]) -> Evaluate:
    """One Python function computing ``body``, its parameters after ``env`` defaulting to
    ``values``: a single call with local reads where closures nested one call per operator.

    The tree holds the engine's own names and numbers and truth values only (what the data
    names or writes is among ``values``), and is compiled, never executed as text; the
    function is made from the code object directly, with no builtins.
    """
    parameters = [ast.arg(_ENV)] + [ast.arg(f"_{index}") for index in range(len(values))]
    definition = ast.FunctionDef(
        name="evaluate", args=ast.arguments(posonlyargs=[], args=parameters, kwonlyargs=[],
                                            kw_defaults=[], defaults=[]),
        body=[ast.Return(body)], decorator_list=[], returns=None)
    module = ast.fix_missing_locations(ast.Module([definition], type_ignores=[]))
    code = next(constant for constant in compile(module, "<condition>", "exec").co_consts
                if isinstance(constant, CodeType))
    function: Evaluate = FunctionType(code, {"__builtins__": {}}, "evaluate", tuple(values))
    return function


@dataclass(frozen=True, slots=True)
class _Compiled:
    """A type-checked sub-expression: the tree of the code that computes it, or its value
    where it is constant."""

    type: Type
    node: ast.expr
    is_constant: bool = False
    value: Any = None
    #: a field's path and the only words it takes (see ``WordFields``)
    words: tuple[str, frozenset[str]] | None = None


def _number(type_: Type, value: int | bool) -> _Compiled:
    """A constant number or truth value, written into the code as it is."""
    return _Compiled(type_, ast.Constant(value), True, value)


def _derived(type_: Type, node: ast.expr, fold: Callable[..., Any],
             *operands: _Compiled) -> _Compiled:
    """A node computed from ``operands``, folded by ``fold`` at load time when they are all
    constant."""
    if all(operand.is_constant for operand in operands):
        return _number(type_, fold(*(operand.value for operand in operands)))
    return _Compiled(type_, node)


def _short_circuit(operands: list[_Compiled], decisive: bool) -> _Compiled:
    """``and`` (``decisive=False``) or ``or`` (``decisive=True``) of bool operands.

    A constant operand equal to ``decisive`` settles the result; other
    constants cannot change it and are dropped. Operands have no side effects,
    so dropping them is safe.
    """
    if any(operand.is_constant and operand.value == decisive for operand in operands):
        return _number(bool, decisive)
    remaining = [operand for operand in operands if not operand.is_constant]
    if not remaining:
        return _number(bool, not decisive)
    if len(remaining) == 1:
        return remaining[0]
    op = ast.Or() if decisive else ast.And()
    return _Compiled(bool, ast.BoolOp(op, [operand.node for operand in remaining]))


class _Compiler:
    """Type-checks one parsed condition and builds the tree of its code."""

    def __init__(self, source: str, names: Names, start: Location,
                 place: Callable[[int], tuple[int, int]] | None = None) -> None:
        self._source = source
        self._names = names
        self._start = start
        self._place = place
        self._lines = _LINE_BREAK.split(source)
        self._depth = 0
        self.names_used: set[str] = set()
        self.fields_used: set[tuple[str, str]] = set()
        #: the values the code's parameters after ``env`` hold (see ``_bind``), by their key
        self.values: list[Any] = []
        self._slots: dict[Hashable, int] = {}

    def parse(self) -> ast.expr:
        if len(self._source) > MAX_LENGTH:
            params = {"length": len(self._source), "limit": MAX_LENGTH}
            raise DataError(self._start, _TOO_LONG, params)
        try:
            return ast.parse(self._source, mode="eval").body
        except SyntaxError as error:
            reserved = _RESERVED.search(self._source)
            if reserved:  # an id such as the action 'pass', read as a word of the grammar
                line = self._source.count("\n", 0, reserved.start()) + 1
                column = reserved.start() - (self._source.rfind("\n", 0, reserved.start()) + 1)
                raise DataError(self._at(line, column), _RESERVED_WORD,
                                {"word": reserved.group(1)}) from None
            where = self._syntax_error_location(error)
            raise DataError(where, _UNREADABLE, {"problem": _syntax_problem(error.msg)}
                            ) from None

    def _syntax_error_location(self, error: SyntaxError) -> Location:
        """Where Python saw the problem; input that ends too early has no offset, so use its end."""
        lineno = min(error.lineno or 1, len(self._lines))
        column = error.offset - 1 if error.offset else len(self._lines[lineno - 1])
        return self._at(lineno, column)

    def expect(self, node: ast.expr, type_: Type) -> _Compiled:
        """Compile ``node`` and insist that it has type ``type_``."""
        compiled = self._compile(node)
        self._check(node, compiled, type_)
        return compiled

    def _compile(self, node: ast.expr) -> _Compiled:
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise self._error(node, _TOO_DEEP, limit=MAX_DEPTH)
        visit = getattr(self, f"_compile_{type(node).__name__}", None)
        if visit is None:
            raise self._unsupported(node, self._segment(node))
        compiled: _Compiled = visit(node)
        self._depth -= 1
        return compiled

    def _compile_Constant(self, node: ast.Constant) -> _Compiled:
        value = node.value
        if isinstance(value, bool):
            return _number(bool, value)
        if isinstance(value, int):
            return _number(int, value)
        if isinstance(value, str):
            return _Compiled(str, self._bind(value), True, value)
        raise self._unsupported(node, self._segment(node))

    def _compile_Name(self, node: ast.Name) -> _Compiled:
        if node.id in _LITERALS:
            return _number(bool, _LITERALS[node.id])
        spec = self._lookup(node)
        if isinstance(spec, Mapping):
            raise self._error(node, _NEEDS_FIELD, name=node.id, fields=", ".join(sorted(spec)))
        self.names_used.add(node.id)
        return _Compiled(spec, self._read(node.id))

    def _compile_Attribute(self, node: ast.Attribute) -> _Compiled:
        """``name.field``, or deeper (``name.record.field``) where records hold records."""
        chain = [node.attr]
        owner = node.value
        while isinstance(owner, ast.Attribute):
            chain.insert(0, owner.attr)
            owner = owner.value
        if not isinstance(owner, ast.Name) or owner.id in _LITERALS:
            raise self._unsupported(node, self._segment(node))
        name = owner.id
        spec: Type | Record = self._lookup(owner)
        path = name
        words = None
        for field in chain:
            if not isinstance(spec, Mapping):
                raise self._error(node, _NO_FIELDS, name=path)
            if field not in spec:
                raise self._error(
                    node, _UNKNOWN_FIELD, name=path, field=field, fields=", ".join(sorted(spec))
                )
            known = spec.words.get(field) if isinstance(spec, WordFields) else None
            spec, path = spec[field], f"{path}.{field}"
            words = None if known is None else (path, known)
        if isinstance(spec, Mapping):
            raise self._error(node, _NEEDS_FIELD, name=path, fields=", ".join(sorted(spec)))
        self.names_used.add(name)
        fields = ".".join(chain)
        self.fields_used.add((name, fields))
        get = self._bind(operator.attrgetter(fields), ("field", fields))
        return _Compiled(spec, _call(get, self._read(name)), words=words)

    def _compile_BoolOp(self, node: ast.BoolOp) -> _Compiled:
        operands = [self.expect(value, bool) for value in node.values]
        return _short_circuit(operands, decisive=isinstance(node.op, ast.Or))

    def _compile_UnaryOp(self, node: ast.UnaryOp) -> _Compiled:
        if isinstance(node.op, ast.Not):
            operand = self.expect(node.operand, bool)
            return _derived(bool, ast.UnaryOp(ast.Not(), operand.node), operator.not_,
                            operand)
        if isinstance(node.op, ast.USub):
            operand = self.expect(node.operand, int)
            return _derived(int, ast.UnaryOp(ast.USub(), operand.node), operator.neg,
                            operand)
        raise self._unsupported(node, _SYMBOLS[type(node.op)])

    def _compile_BinOp(self, node: ast.BinOp) -> _Compiled:
        fold = _ARITHMETIC.get(type(node.op))
        if fold is None:
            raise self._unsupported(node, _SYMBOLS[type(node.op)])
        left, right = self.expect(node.left, int), self.expect(node.right, int)
        if fold in _GUARDED and not (right.is_constant and right.value != 0):
            # a divisor that may be 0 gives 0 (see ``_floordiv``), through a call that tests it
            code: ast.expr = _call(self._bind(fold, ("function", fold.__name__)), left.node, right.node)
        else:
            code = ast.BinOp(left.node, type(node.op)(), right.node)
        return _derived(int, code, fold, left, right)

    def _compile_Compare(self, node: ast.Compare) -> _Compiled:
        """Chains become an ``and`` of pairs; operands are pure, so sharing one is safe."""
        pairs = []
        left_node, left = node.left, self._compile(node.left)
        for op_node, right_node in zip(node.ops, node.comparators):
            fold = _COMPARISONS.get(type(op_node))
            if fold is None:
                raise self._unsupported(node, _SYMBOLS[type(op_node)])
            if isinstance(op_node, _ORDERINGS):
                self._check(left_node, left, int)
                right = self.expect(right_node, int)
            else:
                right = self.expect(right_node, left.type)
                self._check_words(left, right, right_node)
                self._check_words(right, left, left_node)
            code = ast.Compare(left.node, [type(op_node)()], [right.node])
            pairs.append(_derived(bool, code, fold, left, right))
            left_node, left = right_node, right
        return _short_circuit(pairs, decisive=False)

    def _check_words(self, field: _Compiled, other: _Compiled, other_node: ast.expr) -> None:
        """Refuse a word a field of known words is compared with but never takes."""
        if field.words is not None and other.is_constant and other.value not in field.words[1]:
            path, words = field.words
            raise self._error(other_node, _NOT_A_WORD, word=other.value, field=path,
                              words=", ".join(sorted(w for w in words if w)))

    def _compile_IfExp(self, node: ast.IfExp) -> _Compiled:
        test = self.expect(node.test, bool)
        body = self._compile(node.body)
        orelse = self.expect(node.orelse, body.type)
        if test.is_constant:
            return body if test.value else orelse
        return _Compiled(body.type, ast.IfExp(test.node, body.node, orelse.node))

    def _compile_Call(self, node: ast.Call) -> _Compiled:
        function = node.func.id if isinstance(node.func, ast.Name) else None
        if function not in _FUNCTIONS:
            raise self._error(
                node.func,
                _UNKNOWN_FUNCTION,
                function=self._segment(node.func),
                known=", ".join(sorted(_FUNCTIONS)),
            )
        if node.keywords:
            raise self._unsupported(node.keywords[0], self._segment(node.keywords[0]))
        arguments = [self.expect(argument, int) for argument in node.args]
        pick = _FUNCTIONS[function]
        if function == "abs" and len(arguments) != 1:
            raise self._error(node, _ONE_ARGUMENT, function=function)
        if not arguments:
            raise self._error(node, _SOME_ARGUMENTS, function=function)
        call = self._bind(pick, ("function", function))
        result = arguments[0]
        if function == "abs":
            return _derived(int, _call(call, result.node), pick, result)
        for argument in arguments[1:]:
            result = _derived(int, _call(call, result.node, argument.node), pick, result,
                              argument)
        return result

    def _read(self, name: str) -> ast.expr:
        """The code reading ``name`` from the environment."""
        return ast.Subscript(ast.Name(_ENV, ast.Load()), self._bind(name, ("name", name)),
                             ast.Load())

    def _bind(self, value: Any, key: Hashable = None) -> ast.Name:
        """A parameter of the code holding ``value`` (one per ``key``, by default the text
        ``value`` itself): what a data file names or writes reaches the code as a value,
        never as a part of its tree."""
        key = ("text", value) if key is None else key
        index = self._slots.setdefault(key, len(self.values))
        if index == len(self.values):
            self.values.append(value)
        return ast.Name(f"_{index}", ast.Load())

    def _lookup(self, node: ast.Name) -> Type | Record:
        spec = self._names.get(node.id)
        if spec is None:
            known = ", ".join(sorted(self._names))
            raise self._error(node, _UNKNOWN_NAME, name=node.id, known=known)
        return spec

    def _check(self, node: ast.expr, compiled: _Compiled, type_: Type) -> None:
        if compiled.type is not type_:
            raise self._error(
                node, _WRONG_TYPE, expected=_TYPE_WORDS[type_], found=_TYPE_WORDS[compiled.type]
            )

    def _segment(self, node: _Located) -> str:
        """The source text of ``node``, shortened so that messages stay readable."""
        text = ast.get_source_segment(self._source, node) or type(node).__name__
        return text if len(text) <= _SEGMENT_LIMIT else text[: _SEGMENT_LIMIT - 1] + "…"

    def _unsupported(self, node: _Located, what: str) -> DataError:
        return self._error(node, _UNSUPPORTED, what=what)

    def _error(self, node: _Located, message: str, **params: Any) -> DataError:
        return DataError(self._node_location(node), message, params)

    def _node_location(self, node: _Located) -> Location:
        """Where ``node`` starts; ``ast`` counts columns in UTF-8 bytes, messages in characters."""
        line = self._lines[node.lineno - 1]
        column = len(line.encode()[: node.col_offset].decode(errors="ignore"))
        return self._at(node.lineno, column)

    def _at(self, lineno: int, column: int) -> Location:
        """The file location of 1-based ``lineno`` and 0-based character ``column``."""
        if self._place is not None:
            offset = sum(len(line) + 1 for line in self._lines[:lineno - 1]) + column
            line, column = self._place(offset)
            return replace(self._start, line=line, column=column)
        if lineno == 1:
            return replace(self._start, column=self._start.column + column)
        return replace(self._start, line=self._start.line + lineno - 1, column=column + 1)
