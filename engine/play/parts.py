"""The parts a move can have, and how each is read from notation and written back.

A mechanism declares its move parts (``ActionMechanism.parts``): a name and
a part type. Notation (scenario files, saves, typed moves) writes a move as
``{action: ID, KEY: VALUE, ...}``, where a ruleset may rename a part's key
(``names: {group: band}``). The part type says what a value must look like;
the terminal reads and shows parts by their type too, so a new mechanism
needs no change there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Mapping, NamedTuple

from ..common.errors import N_
from .notation import NotationError, format_group, parse_group

if TYPE_CHECKING:
    from ..model.ruleset import Ruleset

#: the raw notation value of another part of the same move, by part name
Sibling = Callable[[str], Any]


class SubStep(NamedTuple):
    """One small choice a part's value is made of, so that a value with many possibilities
    (a group of pieces) is chosen a few options at a time (``engine/play/choices.py``).

    ``name`` says what is chosen ("kind", "count", "row"...), ``domain`` the fixed set of
    values it is one of (``choices.DOMAINS``), ``value`` the choice (None: no value, or no
    more of them) and ``about`` what a count counts (a kind, or a wild kind and the kind it
    stands for), for saying it.
    """

    name: str
    domain: str
    value: Any
    about: Any = None


class PartType:
    """One kind of part: what a value names, how it is parsed and written, and the
    small choices it is made of."""

    kind: ClassVar[str]

    def parse(self, value: Any, ruleset: Ruleset, sibling: Sibling, key: str) -> Any:
        raise NotImplementedError

    def write(self, value: Any) -> Any:
        return value

    def steps(self, value: Any, ruleset: Ruleset) -> tuple[SubStep, ...]:
        """A value as the sequence of small choices that make it; most values are one."""
        return (SubStep(self.kind, self.kind, value),)


@dataclass(frozen=True)
class NamedType(PartType):
    """A name out of one of the ruleset's collections (``areas``, ``components``...)."""

    kind: str  # type: ignore[misc]  # an instance's, where other part types have one per class
    collection: str
    unknown: str  # the message for a name not in the collection

    def parse(self, value: Any, ruleset: Ruleset, sibling: Sibling, key: str) -> Any:
        if not isinstance(value, str):
            raise NotationError(N_("expected a name here, found {value}"), {"value": value},
                                (key,))
        if value not in getattr(ruleset, self.collection):
            raise NotationError(self.unknown, {"name": value}, (key,))
        return value


class PlayerType(PartType):
    """Another player, by name (who exists is checked against the game, not the rules)."""

    kind = "player"

    def parse(self, value: Any, ruleset: Ruleset, sibling: Sibling, key: str) -> Any:
        if not isinstance(value, str):
            raise NotationError(N_("expected a name here, found {value}"), {"value": value},
                                (key,))
        return value


class CellType(PartType):
    """A cell of a grid zone as ``[row, column]``, counted from 1."""

    kind = "cell"

    def parse(self, value: Any, ruleset: Ruleset, sibling: Sibling, key: str) -> Any:
        if not (isinstance(value, list) and len(value) == 2
                and all(type(v) is int for v in value)):
            raise NotationError(N_("expected a cell as [row, column], found {value}"),
                                {"value": value}, (key,))
        return (value[0], value[1])

    def write(self, value: Any) -> Any:
        return list(value)

    def steps(self, value: Any, ruleset: Ruleset) -> tuple[SubStep, ...]:
        return (SubStep("row", "row", value[0]), SubStep("column", "column", value[1]))


class GroupType(PartType):
    """Pieces in content notation. When the move's ``area`` forms groups of one kind,
    a wild piece needs not say which kind it stands for."""

    kind = "group"

    def parse(self, value: Any, ruleset: Ruleset, sibling: Sibling, key: str) -> Any:
        named = sibling("area")
        area = ruleset.areas.get(named) if isinstance(named, str) else None
        implied = area is not None and area.type.grouping == "same-kind"
        return parse_group(value, ruleset, implied, (key,))

    def write(self, value: Any) -> Any:
        return format_group(value)

    def steps(self, value: Any, ruleset: Ruleset) -> tuple[SubStep, ...]:
        """Each real kind in the components' order and how many of it, then "no more";
        then for each wild kind how many, and which kinds they stand for and how many of
        each (in that order): three of a kind and a wild piece for it is kind, 3, none, 1, kind, 1."""
        order = ruleset.kinds.index
        real = sorted(((kind, n) for kind, stands, n in value if kind == stands),
                      key=lambda entry: order(entry[0]))
        steps: list[SubStep] = []
        for kind, n in real:
            steps += (SubStep("kind", "kind", kind), SubStep("count", "count", n, kind))
        steps.append(SubStep("kind", "kind", None))
        for wild in ruleset.wild_kinds:
            stands = sorted(((s, n) for kind, s, n in value if kind == wild and s != kind),
                            key=lambda entry: order(entry[0]))
            steps.append(SubStep("wilds", "count", sum(n for _, n in stands), wild))
            for kind, n in stands:
                steps += (SubStep("stands", "kind", kind, wild),
                          SubStep("stand-count", "count", n, (wild, kind)))
        return tuple(steps)


@dataclass(frozen=True)
class ChoiceType(PartType):
    """One of a few fixed values. For each, ``words`` is the message id of the word a
    player types and ``labels`` the message id a menu shows; with ``game_words``, the
    values are the game's own (values of attributes of its pieces), typed and shown by
    the game's terms for them, and ``about`` names the attributes they are values of."""

    values: tuple[str, ...]
    words: Mapping[str, str] = field(default_factory=dict)
    labels: Mapping[str, str] = field(default_factory=dict)
    game_words: bool = False
    about: tuple[str, ...] = ()
    kind: ClassVar[str] = "choice"

    def parse(self, value: Any, ruleset: Ruleset, sibling: Sibling, key: str) -> Any:
        if value not in self.values:
            raise NotationError(N_("expected one of {allowed}, found {value}"),
                                {"allowed": ", ".join(self.values), "value": value}, (key,))
        return value

    def steps(self, value: Any, ruleset: Ruleset) -> tuple[SubStep, ...]:
        return (SubStep("choice", "choice", value),)


@dataclass(frozen=True)
class LaneType(PartType):
    """A column or a row of a grid zone, or a place in an ordered zone (from its top), by
    its number, counted from 1; ``label`` is the message id a menu shows (with
    ``{number}``)."""

    kind: str  # type: ignore[misc]  # "column", "row" or "place"
    label: str

    def parse(self, value: Any, ruleset: Ruleset, sibling: Sibling, key: str) -> Any:
        if type(value) is not int or value < 1:
            raise NotationError(N_("expected a number from 1, found {value}"),
                                {"value": value}, (key,))
        return value


AREA = NamedType("area", "areas", N_("unknown area '{name}'"))
KIND = NamedType("kind", "components", N_("unknown kind '{name}'"))
ZONE = NamedType("zone", "zones", N_("unknown zone '{name}'"))
PLAYER, CELL, GROUP = PlayerType(), CellType(), GroupType()
COLUMN = LaneType("column", N_("column {number}"))
ROW = LaneType("row", N_("row {number}"))
#: a place in an ordered zone, counted from its top
PLACE = LaneType("place", N_("place {number}"))


@dataclass(frozen=True)
class Part:
    """A part of a mechanism's moves: its name in moves and its type."""

    name: str
    type: PartType
    optional: bool = False
