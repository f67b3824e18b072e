"""What each placeholder of an event's sentence shows, and where it comes from: declared
beside the event (``shown.player()``, ``shown.number("total")``) and rendered by the terminal
in the reader's language."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Value:
    """One placeholder of an event's sentence: ``shows`` says what it is (``player``,
    ``area``, ``zone``, ``kind``, ``pieces``, ``count-of``, ``number``, ``cell``,
    ``phase``, ``term``, ``rule``, ``area-rule``, ``word``, ``places``, ``numbers``); ``param`` is the event parameter it
    comes from (for a ``rule``, the section of the ruleset that holds it; for an
    ``area-rule``, the area type whose condition ``term`` names); ``count`` a parameter
    holding a number (for ``count-of`` and ``term``); ``term`` a term of the ruleset
    (``piece``, ``point``, ``group``)."""

    shows: str
    param: str = ""
    count: str = ""
    term: str = ""
    plural: bool = False


def player(param: str = "player") -> Value:
    return Value("player", param)


def area(param: str = "area") -> Value:
    return Value("area", param)


def zone(param: str = "zone") -> Value:
    return Value("zone", param)


def kind(param: str = "kind") -> Value:
    return Value("kind", param)


def pieces(param: str) -> Value:
    """Pieces in content notation, e.g. a group, in words."""
    return Value("pieces", param)


def count_of(kind_param: str, count_param: str) -> Value:
    """'3 stones': a number of pieces of one kind."""
    return Value("count-of", kind_param, count_param)


def number(param: str) -> Value:
    return Value("number", param)


def word(param: str) -> Value:
    """A value of an attribute of the pieces ('red', 3), by the game's term for it."""
    return Value("word", param)


def places(param: str) -> Value:
    """Places in a pile, counted from its top: '1 and 4'."""
    return Value("places", param)


def numbers(param: str) -> Value:
    """Numbers as a list in running text, without a noun: '2, 4 and 5'."""
    return Value("numbers", param)


def phase(param: str = "phase") -> Value:
    """A phase of the turn, by its name."""
    return Value("phase", param)


def cell(param: str = "cell") -> Value:
    return Value("cell", param)


def term(name: str, count_param: str = "", plural: bool = False) -> Value:
    """A term of the ruleset (``piece``, ``point``, ``group``): singular, plural, or as
    the number in ``count_param`` asks."""
    return Value("term", count=count_param, term=name, plural=plural)


def rule(name: str, section: str) -> Value:
    """A condition of the ruleset (``again_when`` of the ``turn.order``, ``idle_rounds`` of
    the ``end``), told in words: why something happened."""
    return Value("rule", section, term=name)


def area_rule(condition: str, param: str = "area_type") -> Value:
    """A condition of the area type in ``param`` (``score_when``), told in words: why
    something happened at an area."""
    return Value("area-rule", param, term=condition)


def branch_reason(param: str = "branch") -> Value:
    """Why the branch (its index in ``param``) of the event's action's ``then`` was taken:
    its ``reason``, else its condition in words."""
    return Value("branch-reason", param)


def amount(count_param: str, name: str) -> Value:
    """'4 cards': a number and a term of the ruleset."""
    return Value("amount", count=count_param, term=name)
