"""Families of kinds written as one entry of ``components``: a product of named axes.

An entry with ``each`` is a generator. Its axes are lists of words or whole numbers,
ranges ``{from, to}``, or words each with its own ``name`` (and ``symbol``). For every
combination of their values it makes one kind, as if it had been written out: its id,
copies, rank, attributes and symbol are templates whose ``{axis}`` placeholders take the
combination's values (a value standing alone keeps its type, so a number stays a
number); the copies, the rank and an attribute may also be a ``formula`` of the axes, a
whole number computed for each kind (``7 if value == 55 else 5 if value % 11 == 0 else
1``), checked at load.
Names are never glued from words: a kind's name comes whole from the value of the one
axis of words that names the kinds, or from the generator's ``name``, and only numbers
are filled into it (by ``gametext``, after translating, from ``Component.axes``).

Expansion happens once, before compiling: the expanded document holds the kinds as
written entries, so everything that reads components sees no difference, and errors about
a generated kind point at the generator that made it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import product
from math import prod
from typing import Any, Iterator, Mapping, NoReturn, Sequence

from ..common.errors import N_, DataError, Location
from ..common.limits import ATTRIBUTE, COPIES, KINDS, RANK
from ..common.templates import TemplateError, check_template, substitute, template_names
from ..conditions.expressions import Expression
from ..model.builder import Located, expression_at

#: what a component id looks like (the schema's pattern for the keys of ``components``)
KIND_ID = re.compile(r"^[a-z][a-z0-9_-]*$")
#: the keys of a generator that are templates filled in per kind
NUMBER_KEYS = {"copies": (1, COPIES), "rank": (0, RANK)}


def is_generator(spec: Any) -> bool:
    return isinstance(spec, Mapping) and "each" in spec


@dataclass(frozen=True)
class Axis:
    name: str
    values: tuple[Any, ...]  # all str or all int
    names: Mapping[str, Any]  # value -> its own name, for an axis of words that names kinds
    symbols: Mapping[str, str]  # value -> its own symbol

    @property
    def of_numbers(self) -> bool:
        return isinstance(self.values[0], int)


@dataclass
class ExpandedDocument:
    """A document whose generators are written out; locations of generated kinds point
    at the generator (or the value of the axis that names them)."""

    inner: Located
    data: Any
    #: kind -> (generator id, the axis values it was made of, the naming axis or None)
    made: dict[str, tuple[str, dict[str, Any], str | None]] = field(default_factory=dict)

    def axes(self, kind: str) -> Mapping[str, Any]:
        return self.made[kind][1] if kind in self.made else {}

    def _inner_path(self, path: Sequence[str | int]) -> tuple:
        path = tuple(path)
        if len(path) < 2 or path[0] != "components" or path[1] not in self.made:
            return path
        family, values, naming = self.made[str(path[1])]
        if naming is not None and path[2:3] == ("name",):
            return ("components", family, "each", naming, values[naming], *path[2:])
        return ("components", family, *path[2:])

    def locate(self, path: Sequence[str | int]) -> Location:
        return self.inner.locate(self._inner_path(path))

    def key_location(self, path: Sequence[str | int]) -> Location:
        return getattr(self.inner, "key_location")(self._inner_path(path))  # type: ignore[no-any-return]

    def value_place(self, path: Sequence[str | int], offset: int = 0) -> tuple[int, int]:
        return getattr(self.inner, "value_place")(self._inner_path(path), offset)  # type: ignore[no-any-return]

    def __getattr__(self, name: str) -> Any:
        # what else readers ask of a document (its file, the variant it was merged with)
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)


def expand_components(document: Located) -> ExpandedDocument:
    """The document with every generator written out as the kinds it makes."""
    data = document.data
    expanded = ExpandedDocument(document, data)
    components = data["components"]
    if len(components) > KINDS:
        raise DataError(document.locate(("components",)),
                        N_("the components make {count} kinds, but at most {limit} are allowed"),
                        {"count": len(components), "limit": KINDS})
    if not any(is_generator(spec) for spec in components.values()):
        return expanded
    written = {kind for kind, spec in components.items() if not is_generator(spec)}
    ordered: dict[str, Any] = {}  # the document's order: a family where it stands
    made_by: dict[str, str] = {}
    for key, spec in components.items():
        if not is_generator(spec):
            ordered[key] = spec
            continue
        generator = _Generator(document, key, spec)
        total = len(written) + len(made_by) + generator.size
        if total > KINDS:
            generator.fail(("each",), N_("the components make {count} kinds, but at most "
                                         "{limit} are allowed"), count=total, limit=KINDS)
        for kind, entry, values in generator.kinds():
            if kind in written:
                generator.fail(("id",), N_("'{name}' is made here and also written as a "
                                           "component"), name=kind)
            if made_by.get(kind) == key:
                generator.fail(("id",), N_("this id makes '{name}' twice: keep the values of "
                                           "its axes apart"), name=kind)
            if kind in made_by:
                generator.fail(("id",), N_("'{name}' is also made by the generator '{other}'"),
                               name=kind, other=made_by[kind])
            ordered[kind] = entry
            made_by[kind] = key
            expanded.made[kind] = (key, values, generator.naming)
    expanded.data = {**data, "components": ordered}
    return expanded


class _Generator:
    """One generator entry, checked, and the kinds it makes."""

    def __init__(self, document: Located, family: str, spec: Mapping[str, Any]) -> None:
        self.document, self.family, self.spec = document, family, spec
        self.axes = {name: self._axis(name, given) for name, given in spec["each"].items()}
        self.size = prod(len(axis.values) for axis in self.axes.values())
        namers = [axis for axis in self.axes.values() if axis.names]
        if len(namers) > 1:
            self.fail(("each", namers[1].name),
                      N_("only one axis can name the kinds; '{name}' already does"),
                      name=namers[0].name)
        self.naming = namers[0].name if namers else None
        self._check_templates()

    def fail(self, path: Sequence[str | int], message: str, **params: Any) -> NoReturn:
        raise DataError(self.document.locate(("components", self.family, *path)), message,
                        params)

    # -- checking -----------------------------------------------------------
    def _axis(self, name: str, given: Any) -> Axis:
        """An axis as written: a list, a range {from, to}, or words with their own names."""
        path = ("each", name)
        if isinstance(given, Mapping) and "from" in given:
            start, end = given["from"], given["to"]
            if end < start:
                self.fail(path, N_("this range ends ({end}) before it starts ({start})"),
                          start=start, end=end)
            self._bounded(path, end - start + 1)
            return Axis(name, tuple(range(start, end + 1)), {}, {})
        self._bounded(path, len(given))
        if isinstance(given, list):
            if len({type(value) for value in given}) > 1:
                self.fail(path, N_("an axis holds words or whole numbers, not both"))
            seen: set[Any] = set()
            for i, value in enumerate(given):
                if value in seen:
                    self.fail((*path, i), N_("'{value}' is in this axis twice"), value=value)
                seen.add(value)
            return Axis(name, tuple(given), {}, {})
        named = {value: entry["name"] for value, entry in given.items() if "name" in entry}
        for value, entry in given.items():
            if named and "name" not in entry:
                self.fail((*path, value), N_("'{value}' has no name, but other values of "
                                             "this axis have theirs"), value=value)
        symbols = {value: entry["symbol"] for value, entry in given.items() if "symbol" in entry}
        return Axis(name, tuple(given), named, symbols)

    def _bounded(self, path: Sequence[str | int], count: int) -> None:
        if count > KINDS:
            self.fail(path, N_("the components make {count} kinds, but at most {limit} are "
                               "allowed"), count=count, limit=KINDS)

    def _template(self, path: Sequence[str | int], template: str,
                  known: Sequence[str] | None = None) -> list[str]:
        try:
            check_template(template, tuple(self.axes) if known is None else known)
            return list(template_names(template))
        except TemplateError as error:
            self.fail(path, error.message, **error.params)

    def _check_templates(self) -> None:
        spec = self.spec
        used = self._template(("id",), spec["id"])
        for axis in self.axes:
            if axis not in used:
                self.fail(("id",), N_("the id does not show the axis '{name}', so kinds "
                                      "would share it"), name=axis)
        #: numbers and attributes computed from the axes: name -> its formula
        self.formulas: dict[str, Expression] = {}
        #: the copies and rank so computed
        self.number_formulas: dict[str, Expression] = {}
        for key in NUMBER_KEYS:
            if isinstance(spec.get(key), str):
                self._number_template((key,), spec[key])
            elif isinstance(spec.get(key), Mapping):
                self.number_formulas[key] = self._formula((key, "formula"), spec[key]["formula"])
        for name, value in spec.get("attributes", {}).items():
            if isinstance(value, str):
                self._template(("attributes", name), value)
            elif isinstance(value, Mapping):
                self.formulas[name] = self._formula(("attributes", name, "formula"),
                                                    value["formula"])
        if isinstance(spec.get("symbol"), str):
            self._template(("symbol",), spec["symbol"])
        self._check_names()

    def _formula(self, path: Sequence[str | int], source: str) -> Expression:
        """A formula of the axes (a whole number: ``7 if value == 55 else 1``), checked
        like every formula of the rules, with the axes as its names."""
        names = {axis.name: int if axis.of_numbers else str for axis in self.axes.values()}
        return expression_at(self.document, ("components", self.family, *path), source,
                             names, int)

    def _number_template(self, path: Sequence[str | int], template: str) -> None:
        names = self._template(path, template)
        axis = self.axes.get(names[0]) if names else None
        if template != "{" + (names[0] if names else "") + "}" or axis is None \
                or not axis.of_numbers:
            self.fail(path, N_("this takes a whole number or one axis of numbers in braces, "
                               "such as '{example}'"),
                      example="{" + next((a.name for a in self.axes.values() if a.of_numbers),
                                         "value") + "}")

    def _check_names(self) -> None:
        """Names come whole from one place, and tell every kind of the family apart."""
        numbers = [axis.name for axis in self.axes.values() if axis.of_numbers]
        forms: list[tuple[tuple, str]] = []
        if self.naming is not None:
            if "name" in self.spec:
                self.fail(("name",), N_("the values of the axis '{name}' name the kinds "
                                        "already"), name=self.naming)
            for value, name in self.axes[self.naming].names.items():
                forms += _forms(("each", self.naming, value, "name"), name)
        elif "name" in self.spec:
            forms = _forms(("name",), self.spec["name"])
        else:
            return  # unnamed kinds are shown by their ids, as written ones are
        for path, form in forms:
            for placeholder in self._template(path, form):
                if placeholder not in numbers:
                    self.fail(path, N_("a name is not glued from words: give each value of "
                                       "the axis '{name}' its own full name"), name=placeholder)
        for axis in self.axes.values():
            if axis.name == self.naming:
                continue
            if not axis.of_numbers:
                self.fail(("each", axis.name),
                          N_("the names cannot tell the values of the axis '{name}' apart: "
                             "name the kinds by the values of one axis of words"),
                          name=axis.name)
            for path, form in forms:
                if axis.name not in template_names(form):
                    self.fail(path, N_("the name does not show the axis '{name}', so kinds "
                                       "would share it"), name=axis.name)

    # -- the kinds ------------------------------------------------------------
    def kinds(self) -> Iterator[tuple[str, dict[str, Any], dict[str, Any]]]:
        """(id, entry as if written, the axis values it was made of) for each kind."""
        axes = list(self.axes.values())
        for combination in product(*(axis.values for axis in axes)):
            values = {axis.name: value for axis, value in zip(axes, combination)}
            kind = substitute(self.spec["id"], values)
            if not KIND_ID.match(kind):
                self.fail(("id",), N_("'{name}' is not an id: a lowercase letter, then "
                                      "lowercase letters, digits, '-' or '_'"), name=kind)
            yield kind, self._entry(kind, values), values

    def _entry(self, kind: str, values: dict[str, Any]) -> dict[str, Any]:
        spec = self.spec
        entry: dict[str, Any] = {}
        for key, (low, high) in NUMBER_KEYS.items():
            if key in spec:
                number = int(self.number_formulas[key].evaluate(values)) \
                    if key in self.number_formulas else \
                    values[spec[key][1:-1]] if isinstance(spec[key], str) else spec[key]
                if not low <= number <= high:
                    self.fail((key,) if key not in self.number_formulas else (key, "formula"), N_("'{name}' would have {number} here, but this lies "
                                         "between {low} and {high}"),
                              name=kind, number=number, low=low, high=high)
                entry[key] = number
        if "wild" in spec:
            entry["wild"] = spec["wild"]
        if "attributes" in spec:
            entry["attributes"] = {name: self._computed(kind, name, values)
                                   if name in self.formulas else _typed(value, values)
                                   for name, value in spec["attributes"].items()}
        if self.naming is not None:
            entry["name"] = self.axes[self.naming].names[values[self.naming]]
        elif "name" in spec:
            entry["name"] = spec["name"]
        if "text" in spec:
            entry["text"] = spec["text"]
        if "symbol" in spec:
            marks = {name: self.axes[name].symbols.get(value, value)
                     for name, value in values.items()}
            symbol = substitute(spec["symbol"], marks)
            if not 1 <= len(symbol) <= 3:
                self.fail(("symbol",), N_("the symbol of '{name}' would be '{symbol}', but a "
                                          "symbol has 1 to 3 characters"),
                          name=kind, symbol=symbol)
            entry["symbol"] = symbol
        return entry


    def _computed(self, kind: str, name: str, values: Mapping[str, Any]) -> int:
        number = int(self.formulas[name].evaluate(values))
        if not -ATTRIBUTE <= number <= ATTRIBUTE:
            self.fail(("attributes", name, "formula"),
                      N_("'{name}' would have {number} here, but this lies between {low} and "
                         "{high}"), name=kind, number=number, low=-ATTRIBUTE, high=ATTRIBUTE)
        return number


def _forms(path: tuple, name: Any) -> list[tuple[tuple, str]]:
    if isinstance(name, str):
        return [(path, name)]
    return [((*path, i), form) for i, form in enumerate(name)]


def _typed(value: Any, values: Mapping[str, Any]) -> Any:
    """An attribute of one kind: a placeholder standing alone keeps its value's type."""
    if not isinstance(value, str):
        return value
    names = list(template_names(value))
    if len(names) == 1 and value == "{" + names[0] + "}":
        return values[names[0]]
    return substitute(value, values)
