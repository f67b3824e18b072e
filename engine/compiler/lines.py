"""Compiling ``lines:`` and the scoring of lines: run patterns along the rows of a grid zone
(``start``, ``end``, ``gap`` and the fields of a run) and straight lines of alike pieces
(a ``length``, and the ``directions`` it runs in), each mistake located."""

from __future__ import annotations

from typing import Any, Mapping

from ..common.errors import N_
from ..conditions.expressions import Expression
from ..model.builder import Builder, ZoneNeeds
from ..model.ruleset import DIRECTIONS, Line, LineScoring, SetBonus, StraightLine, run_fields

LINE_ZONE = ZoneNeeds(scope="player", grid=True)  # runs lie along the rows of each player's grid


#: the keys only a run pattern has (see ``compile_lines``)
PATTERN_KEYS = ("start", "end", "gap", "sum", "any", "different", "labels")


def is_straight(spec: Mapping[str, Any]) -> bool:
    """Whether a ``lines:`` entry declares a straight line (rather than a run pattern)."""
    return "length" in spec or "directions" in spec


def compile_straight_lines(build: Builder, data: Mapping[str, Any]
                           ) -> dict[str, StraightLine]:
    """The straight lines among a ruleset's ``lines:``; every mistake is located."""
    lines = {}
    for line_id, spec in data.items():
        if not is_straight(spec):
            continue
        path = ("lines", line_id)
        for key in PATTERN_KEYS:
            if key in spec:
                build.fail((*path, key), N_("a line with a 'length' is a straight line of "
                                            "alike pieces; '{key}' belongs to a run pattern"),
                           key=key)
        if "length" not in spec:
            build.fail((*path, "directions"), N_("a straight line needs a 'length'"))
        zone = build.zone((*path, "zone"), spec["zone"])
        if zone.grid is None:
            build.fail((*path, "zone"), N_("zone '{name}' must be a grid here"), name=zone.id)
        length = spec["length"]
        if length > max(zone.grid):
            build.fail((*path, "length"), N_("no line of {length} fits a grid of {rows} rows "
                                             "and {columns} columns"),
                       length=length, rows=zone.grid[0], columns=zone.grid[1])
        directions = spec.get("directions", list(DIRECTIONS))
        lines[line_id] = StraightLine(line_id, zone.id, length,
                                      tuple(DIRECTIONS[d] for d in dict.fromkeys(directions)))
    return lines


def compile_lines(build: Builder, data: Mapping[str, Any], records: Mapping[str | None, Any]
           ) -> dict[str, Line]:
    lines = {}
    card = {"card": build.card_fields()}
    for line_id, spec in data.items():
        if is_straight(spec):
            continue  # compiled by ``compile_straight_lines``
        path = ("lines", line_id)
        for key in ("start", "end"):
            if key not in spec:
                build.fail(path, N_("a line needs a 'start' and an 'end' (a run pattern) or a "
                                    "'length' (a straight line of alike pieces)"))
        zone = build.zone((*path, "zone"), spec["zone"], LINE_ZONE)
        start = build.expression((*path, "start"), spec["start"], card)
        end = build.expression((*path, "end"), spec["end"], card)
        lines[line_id] = Line(
            id=line_id, zone=zone.id, start=start, end=end,
            gap=spec.get("gap", 0),
            sums={name: build.expression((*path, "sum", name), source, card, int)
                  for name, source in spec.get("sum", {}).items()},
            anys={name: build.expression((*path, "any", name), source, card)
                  for name, source in spec.get("any", {}).items()},
            kinds_of={name: build.expression((*path, "different", name), source, card, str)
                      for name, source in spec.get("different", {}).items()},
            starts=_kinds_where(start, records), ends=_kinds_where(end, records),
        )
    return lines


def _kinds_where(condition: Expression, records: Mapping[str | None, Any]) -> frozenset[str]:
    """The kinds whose attributes meet ``condition`` (over ``card``)."""
    return frozenset(kind for kind, record in records.items()
                     if kind is not None and condition.evaluate({"card": record}))


def compile_line_scoring(build: Builder, data: Mapping[str, Any], lines: Mapping[str, Line]
             ) -> tuple[LineScoring, ...]:
    rules = []
    card = {"card": build.card_fields()}
    for line_id, spec in data.items():
        if "zone" in spec:
            continue  # a zone's points (see ``compiler/scoring.py``)
        path = ("scoring", line_id)
        line = lines.get(line_id)
        if line is None:
            build.fail(path, N_("unknown line '{name}'; known: {known}"), name=line_id,
                       known=", ".join(sorted(lines)) or "-")
        sets = spec.get("sets", {})
        for key in ("by", "part"):
            if key in sets and sets[key] not in build.attribute_types:
                build.fail((*path, "sets", key), N_("unknown attribute '{name}'"),
                           name=sets[key])
        bonuses = sorted((SetBonus(frozenset(b["parts"]), b["points"])
                          for b in sets.get("bonus", [])), key=lambda b: -len(b.parts))
        rules.append(LineScoring(
            line=line_id,
            complete_only=spec.get("complete_only", True),
            run=(build.expression((*path, "run"), spec["run"], {"run": run_fields(line)}, int)
                 if "run" in spec else None),
            card=(build.expression((*path, "card"), spec["card"], card, int)
                  if "card" in spec else None),
            set_by=sets.get("by"), part_by=sets.get("part"), bonuses=tuple(bonuses)))
    return tuple(rules)


