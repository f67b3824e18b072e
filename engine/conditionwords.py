"""A condition or formula told in words, for players who never see its code.

The expression's text, already checked by :mod:`engine.expressions` when the rules were
loaded, is parsed again and turned into a :class:`Phrase` of catalog messages ("{left} is
greater than {right}"). What each name stands for is declared beside the names, by the
mechanism or context that offers them: ``words`` maps a name (``"players"``) or a field of
a name (``"new.count"``) to its message, fields of a name that end alike
(``"areas.*_filled"``) or every other field of a name (``"zone."``) to a message with
``{field}`` (the field without that ending), and a field of any owner (``".times"``) to one
with ``{owner}``.
A name nobody described is shown by its own word (an id the reader's words replace), a field
by the general words.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from typing import Any

from .errors import N_, Phrase
from .expressions import Expression

Words = Mapping[str, str]

#: ``==`` and ``!=`` of a text: a value, not an amount
_NAMED: dict[type[ast.cmpop], str] = {ast.Eq: N_("{left} is {right}"),
                                      ast.NotEq: N_("{left} is not {right}")}
_COMPARED: dict[type[ast.cmpop], str] = {
    ast.Eq: N_("{left} is equal to {right}"),
    ast.NotEq: N_("{left} is not equal to {right}"),
    ast.Gt: N_("{left} is greater than {right}"),
    ast.GtE: N_("{left} is at least {right}"),
    ast.Lt: N_("{left} is less than {right}"),
    ast.LtE: N_("{left} is at most {right}"),
}
_COMPUTED: dict[type[ast.operator], str] = {
    ast.Add: N_("{left} plus {right}"),
    ast.Sub: N_("{left} minus {right}"),
    ast.Mult: N_("{left} times {right}"),
    ast.FloorDiv: N_("{left} divided by {right}, rounded down"),
    ast.Mod: N_("the remainder of {left} divided by {right}"),
}
_JOINED = {ast.And: N_("{left} and {right}"), ast.Or: N_("{left}, or {right}")}
_CALLED = {"min": N_("the smallest of {values}"), "max": N_("the largest of {values}"),
           "abs": N_("the size of {values}")}
_TRUTH = {True: N_("true"), False: N_("false")}
_UNNAMED_FIELD = N_("the {field} of {owner}")
_BRACKETS = N_("({value})")


class Id(str):
    """An id from the data (a zone, an action, a kind of field, a value of an attribute),
    which the reader's words for it replace where it is shown."""


def in_words(expression: Expression, words: Words) -> Any:
    """``expression`` as a :class:`Phrase` of catalog messages (a lone name or number as
    itself), to fill in as a message's parameter."""
    return _Teller(words).tell(ast.parse(expression.source, mode="eval").body)


class _Teller:
    def __init__(self, words: Words) -> None:
        self._words = words

    def tell(self, node: ast.expr) -> Any:
        if isinstance(node, ast.BoolOp):
            return self._joined(_JOINED[type(node.op)],
                                [self._part(v, ast.BoolOp) for v in node.values])
        if isinstance(node, ast.Compare):
            pairs = [Phrase(_said(op, left, right), {"left": self.tell(left),
                                                     "right": self.tell(right)})
                     for op, left, right in zip(node.ops, [node.left, *node.comparators],
                                                node.comparators)]
            return self._joined(_JOINED[ast.And], pairs)
        if isinstance(node, ast.BinOp):
            return Phrase(_COMPUTED[type(node.op)], {"left": self._part(node.left, ast.BinOp),
                                                     "right": self._part(node.right, ast.BinOp)})
        if isinstance(node, ast.UnaryOp):
            told = self.tell(node.operand)
            return Phrase(N_("it is not so that {condition}") if isinstance(node.op, ast.Not)
                          else N_("minus {value}"), {"condition": told, "value": told})
        if isinstance(node, ast.IfExp):
            return Phrase(N_("{value} if {condition}, else {otherwise}"),
                          {"value": self.tell(node.body), "condition": self.tell(node.test),
                           "otherwise": self.tell(node.orelse)})
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            return Phrase(_CALLED[node.func.id], {"values": tuple(map(self.tell, node.args))})
        if isinstance(node, ast.Attribute):
            return self._field(node)
        if isinstance(node, ast.Name):
            if node.id in ("true", "false"):
                return Phrase(_TRUTH[node.id == "true"])
            described = self._words.get(node.id)
            return Id(node.id) if described is None else Phrase(described)
        if isinstance(node, ast.Constant) and isinstance(node.value, bool):
            return Phrase(_TRUTH[node.value])
        assert isinstance(node, ast.Constant)  # the loader accepted nothing else
        return Id(node.value) if isinstance(node.value, str) else node.value

    def _part(self, node: ast.expr, grouped: type[ast.expr]) -> Any:
        """An operand; one of the same sort as its parent in brackets, so that it reads
        as one."""
        told = self.tell(node)
        return Phrase(_BRACKETS, {"value": told}) if isinstance(node, grouped) else told

    def _field(self, node: ast.Attribute) -> Phrase:
        """``owner.field``: its own words, the owner's words for any of its fields, the
        words for that field of any owner, or the general words."""
        owner, field = node.value, node.attr
        if isinstance(owner, ast.Name):
            if f"{owner.id}.{field}" in self._words:
                return Phrase(self._words[f"{owner.id}.{field}"])
            for key, message in self._words.items():
                start, _, ending = key.partition("*")
                if ending and start == f"{owner.id}." and field.endswith(ending):
                    return Phrase(message, {"field": Id(field.removesuffix(ending))})
            if f"{owner.id}." in self._words:
                return Phrase(self._words[f"{owner.id}."], {"field": Id(field)})
        told = self.tell(owner)
        return Phrase(self._words.get(f".{field}", _UNNAMED_FIELD),
                      {"field": Id(field), "owner": told})

    @staticmethod
    def _joined(message: str, parts: list[Any]) -> Any:
        told = parts[0]
        for part in parts[1:]:
            told = Phrase(message, {"left": told, "right": part})
        return told


def _said(op: ast.cmpop, left: ast.expr, right: ast.expr) -> str:
    texts = any(isinstance(side, ast.Constant) and isinstance(side.value, str)
                for side in (left, right))
    return _NAMED[type(op)] if texts and type(op) in _NAMED else _COMPARED[type(op)]
