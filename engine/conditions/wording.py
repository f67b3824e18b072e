"""A condition or formula told in words, for players who never see its code.

The expression's text, already checked by :mod:`engine.expressions` when the rules were
loaded, is parsed again and turned into a :class:`Phrase` of catalog messages ("{left} is
greater than {right}"). What each name stands for is declared beside the names, by the
mechanism or context that offers them: ``words`` maps a name (``"players"``) or a field of
a name (``"new.count"``) to its message, fields of a name that end alike
(``"areas.*_filled"``) or every other field of a name (``"zone."``) to a message with
``{field}`` (the field without that ending; ``{fields}`` in the plural), a field of every
field of a name (``"highest.."``: ``highest.hand.rank``) to one with ``{zone}`` and
``{field}``, and a field of any owner (``".times"``) to one with ``{owner}``.
A name nobody described is shown by its own word (an id the reader's words replace), a field
by the general words; a field and a text compared with are the game's terms for them (or a
general word, never the id). A message may name the game's pieces (``{pieces}``,
``{piece}``), wild pieces (``{wilds}``), groups (``{group}``), runs (``{runs}``, ``{run}``)
and kinds of areas (``{areas}``; ``{area}``: any one of them, or the one the caller names):
the reader's words put the game's own in.

Two shapes are told as players would say them: how many pieces zones hold (``zone.NAME``,
or a sum of such) compared with none, as zones that are empty or not (:class:`Emptiness`),
how often an action was taken compared with none, as whether it was chosen, and how many
lines of a kind are made, as whether one was.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..common.errors import N_, Phrase
from .expressions import Expression
from .turnnames import CLAUSE_FIELDS, field_name

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
# TRANSLATORS: a property that is true or false, told where a condition is read ("the last
# round of the card applies": the card is the one of the last round)
_APPLIES = N_("{value} applies")
_UNNAMED_FIELD = N_("the {field:bare} of {owner}")
_BRACKETS = N_("({value})")


class Id(str):
    """An id from the data (a zone, an action, a kind of field, a value of an attribute),
    which the reader's words for it replace where it is shown; a term of the game in the
    plural."""

    plural = True


class Field(Id):
    """A field of a name (an attribute of a piece, a kind of field of an area), in the
    singular; the game's term for it replaces it, else a general word, never the id."""

    plural = False


class Fields(Field):
    """A field of a name in the plural ("the number of {fields} of the area")."""

    plural = True


class Value(Id):
    """A text a condition compares with (an attribute's value): the game's term for it,
    else a general word, never the text itself."""

    plural = False


@dataclass(frozen=True)
class Term:
    """A notion the game names in its own words (``piece``; ``run``: its runs; a line's
    id: that line), in the singular or the plural, which the reader's words replace."""

    key: str
    plural: bool = True

    def __str__(self) -> str:
        return self.key


@dataclass(frozen=True)
class Emptiness:
    """Zones (by their condition names; a numbered family stands for all its zones) that
    are all empty (``empty``), or not all of them."""

    zones: tuple[Id, ...]
    empty: bool


#: the game's pieces, groups and wild pieces, in a refusal's parameters
#: (``pieces=PIECES_TERM``): the reader's words
PIECE_TERM, PIECES_TERM = Term("piece", False), Term("piece")
GROUP_TERM, WILD_TERM = Term("group", False), Term("wild", False)

#: the placeholders of a message that name a game's own notions (``{areas}``: the names of
#: its kinds of areas, together)
_TERMS = {"{pieces": PIECES_TERM, "{piece": PIECE_TERM, "{runs": Term("run"),
          "{run": Term("run", False), "{areas": Term("area"), "{area": Term("area", False),
          "{group": GROUP_TERM, "{wilds": Term("wild"), "{hands": Term("hand"),
          "{hand": Term("hand", False)}
#: the names whose fields are how many pieces each zone holds and how many lines of each
#: kind are made, and a count of times
_ZONE, _LINES, _TIMES = "zone", "lines", "times"
#: comparisons with none: whether the count must be none (``== 0``) or some (``> 0``)
_NONE = {ast.Eq: True, ast.LtE: True, ast.Gt: False, ast.NotEq: False}
#: each comparison as it reads with its sides swapped (``0 < x`` as ``x > 0``)
MIRRORED = {ast.Gt: ast.Lt, ast.Lt: ast.Gt, ast.GtE: ast.LtE, ast.LtE: ast.GtE}
_CHOSEN = {True: N_("“{action}” was not chosen this turn"),
           False: N_("“{action}” was chosen this turn")}
_MADE = {True: N_("{line:no} has been made"), False: N_("{line:indef} has been made")}


def zone_counts_compared(expression: Expression, zones: Iterable[Any]
                         ) -> Iterator[tuple[Any, type, int]]:
    """Each comparison in ``expression`` of the count of one of ``zones`` (``zone.deck``)
    with a whole number, the zone on the left: (the zone, the comparison's type, the
    number)."""
    by_field = {field_name(zone.id): zone for zone in zones}
    for node in ast.walk(ast.parse(expression.source, mode="eval")):
        if not (isinstance(node, ast.Compare) and len(node.ops) == 1):
            continue
        left, op, right = node.left, type(node.ops[0]), node.comparators[0]
        if isinstance(left, ast.Constant):  # 42 == zone.grid
            left, right, op = right, left, MIRRORED.get(op, op)
        if isinstance(left, ast.Attribute) and isinstance(left.value, ast.Name) \
                and left.value.id == "zone" and left.attr in by_field \
                and isinstance(right, ast.Constant) and type(right.value) is int:
            yield by_field[left.attr], op, right.value


def in_words(expression: Expression, words: Words, **named: Any) -> Any:
    """``expression`` as a :class:`Phrase` of catalog messages (a lone name or number as
    itself), to fill in as a message's parameter; ``named`` gives a message's placeholders
    the caller knows better than the game's general notions (``area``: the kind of area
    whose condition it is)."""
    teller, body = _Teller(words, named), ast.parse(expression.source, mode="eval").body
    return teller.clause(body) if expression.result is bool else teller.tell(body)


class _Teller:
    def __init__(self, words: Words, named: Mapping[str, Any]) -> None:
        self._words = words
        self._named = named

    def clause(self, node: ast.expr) -> Any:
        """``node`` where a condition is read: a field that is true or false on its own
        (``card.FIELD``) is told as applying, so that it reads as a clause ("the FIELD of
        the card applies"), not as a noun."""
        if isinstance(node, ast.Attribute) and node.attr in CLAUSE_FIELDS \
                and f".{node.attr}" in self._words:
            return self.tell(node)
        if isinstance(node, ast.Attribute) or (isinstance(node, ast.Name)
                                               and node.id not in ("true", "false")):
            return Phrase(_APPLIES, {"value": self.tell(node)})
        return self.tell(node)

    def tell(self, node: ast.expr) -> Any:
        if isinstance(node, ast.BoolOp):
            return self._joined(_JOINED[type(node.op)],
                                [self._part(v, ast.BoolOp, clause=True) for v in node.values])
        if isinstance(node, ast.Compare):
            said = self._none(node)
            if said is not None:
                return said
            pairs = [Phrase(_said(op, left, right), {"left": self.tell(left),
                                                     "right": self.tell(right)})
                     for op, left, right in zip(node.ops, [node.left, *node.comparators],
                                                node.comparators)]
            return self._joined(_JOINED[ast.And], pairs)
        if isinstance(node, ast.BinOp):
            return Phrase(_COMPUTED[type(node.op)],
                          {"left": self._part(node.left, (ast.BinOp, ast.IfExp, ast.Call)),
                           "right": self._part(node.right, (ast.BinOp, ast.IfExp, ast.Call))})
        if isinstance(node, ast.UnaryOp):
            told = self.clause(node.operand) if isinstance(node.op, ast.Not) \
                else self.tell(node.operand)
            return Phrase(N_("it is not so that {condition:clause}") if isinstance(node.op, ast.Not)
                          else N_("minus {value}"), {"condition": told, "value": told})
        if isinstance(node, ast.IfExp):
            return Phrase(N_("{value} if {condition:clause}, else {otherwise}"),
                          {"value": self.tell(node.body), "condition": self.clause(node.test),
                           "otherwise": self.tell(node.orelse)})
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            return Phrase(_CALLED[node.func.id], {"values": tuple(map(self.tell, node.args))})
        if isinstance(node, ast.Attribute):
            return self._field(node)
        if isinstance(node, ast.Name):
            if node.id in ("true", "false"):
                return Phrase(_TRUTH[node.id == "true"])
            described = self._words.get(node.id)
            return Id(node.id) if described is None else _phrase(described, self._named)
        if isinstance(node, ast.Constant) and isinstance(node.value, bool):
            return Phrase(_TRUTH[node.value])
        assert isinstance(node, ast.Constant)  # the loader accepted nothing else
        return Value(node.value) if isinstance(node.value, str) else node.value

    def _none(self, node: ast.Compare) -> Any:
        """A count of zones' pieces or of an action's times compared with none, told as
        whether the zones are empty or the action was chosen; None for any other
        comparison."""
        if len(node.ops) != 1:
            return None
        left, op, right = node.left, type(node.ops[0]), node.comparators[0]
        if _is_number(left, 0) or _is_number(left, 1):
            left, right, op = right, left, MIRRORED.get(op, op)
        if op is ast.GtE and _is_number(right, 1):
            op, right = ast.Gt, ast.Constant(0)
        if op not in _NONE or not _is_number(right, 0):
            return None
        zones = self._zones(left)
        if zones:
            return Emptiness(tuple(zones), _NONE[op])
        if not isinstance(left, ast.Attribute) or not isinstance(left.value, ast.Name):
            return None
        if left.attr == _TIMES and f".{_TIMES}" in self._words:
            return Phrase(_CHOSEN[_NONE[op]], {"action": self.tell(left.value)})
        if left.value.id == _LINES and f"{_LINES}." in self._words:
            return Phrase(_MADE[_NONE[op]], {"line": Term(left.attr, plural=False)})
        return None

    def _zones(self, node: ast.expr) -> list[Id]:
        """The zones whose pieces ``node`` counts together (``zone.a + zone.b``), or
        nothing when it counts anything else."""
        if f"{_ZONE}." not in self._words:
            return []
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left, right = self._zones(node.left), self._zones(node.right)
            return [*left, *right] if left and right else []
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id == _ZONE:
            return [Id(node.attr)]
        return []

    def _part(self, node: ast.expr, grouped: type[ast.expr] | tuple[type[ast.expr], ...],
              clause: bool = False) -> Any:
        """An operand (a condition's, with ``clause``); one of the same sort as its parent
        (or a choice between values, in a sum) in brackets, so that it reads as one."""
        told = self.clause(node) if clause else self.tell(node)
        return Phrase(_BRACKETS, {"value": told}) if isinstance(node, grouped) else told

    def _field(self, node: ast.Attribute) -> Phrase:
        """``owner.field``: its own words, the owner's words for any of its fields, the
        words for that field of any owner, or the general words."""
        owner, field = node.value, node.attr
        if isinstance(owner, ast.Name):
            if f"{owner.id}.{field}" in self._words:
                return _phrase(self._words[f"{owner.id}.{field}"], self._named,
                               **_fields(field))
            for key, message in self._words.items():
                start, _, ending = key.partition("*")
                if ending and start == f"{owner.id}." and field.endswith(ending):
                    return _phrase(message, self._named, **_fields(field.removesuffix(ending)))
            if f"{owner.id}." in self._words:
                return _phrase(self._words[f"{owner.id}."], self._named, **_fields(field))
        if isinstance(owner, ast.Attribute) and isinstance(owner.value, ast.Name) \
                and f"{owner.value.id}.." in self._words:  # a field of each field of a name
            return _phrase(self._words[f"{owner.value.id}.."], self._named,
                           zone=Id(owner.attr), **_fields(field))
        told = self.tell(owner)
        return _phrase(self._words.get(f".{field}", _UNNAMED_FIELD), self._named,
                       **_fields(field), owner=told)

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


def _phrase(message: str, named: Mapping[str, Any], **params: Any) -> Phrase:
    """A described name's message, with the game's notions it names (those the caller
    ``named`` as it named them)."""
    terms = {placeholder[1:]: named.get(placeholder[1:], term)
             for placeholder, term in _TERMS.items()
             if placeholder + "}" in message or placeholder + ":" in message}
    return Phrase(message, {**terms, **params})


def _fields(field: str) -> dict[str, Field]:
    """A field for a message's ``{field}`` (in the singular) and ``{fields}``."""
    return {"field": Field(field), "fields": Fields(field)}


def _is_number(node: ast.expr, value: int) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value == value
