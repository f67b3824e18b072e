"""Straight lines of alike pieces in a grid zone: N or more pieces of one kind next to
one another along a row, a column or a diagonal.

A ruleset declares such a line in ``lines:`` with a ``length`` (and optionally the
``directions`` it runs in) instead of the ``start`` and ``end`` of a run pattern.
Conditions about a turn read ``lines.ID``: how many such lines the zone holds (a shared
zone; of a zone of each player, the one of the player to move). Pieces are alike when
they are of one kind, so a player whose pieces are all of their own kind (see the
``own-pieces`` step) owns every line made of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Mapping, cast

from .errors import N_
from .grid import Cell, Grid

if TYPE_CHECKING:
    from .build import Builder
    from .state import GameState

#: the step from one cell of a line to the next, by the direction's name in data
DIRECTIONS: Mapping[str, tuple[int, int]] = {
    "row": (0, 1),  # along a row, left to right
    "column": (1, 0),  # along a column, top to bottom
    "diagonal": (1, 1),  # down to the right
    "antidiagonal": (1, -1),  # down to the left
}
#: how each direction is told in a rulebook ("… make a line: in a row or a column")
DIRECTION_WORDS: Mapping[tuple[int, int], str] = {
    DIRECTIONS["row"]: N_("in a row"),
    DIRECTIONS["column"]: N_("in a column"),
    DIRECTIONS["diagonal"]: N_("in a diagonal going down to the right"),
    DIRECTIONS["antidiagonal"]: N_("in a diagonal going down to the left"),
}
#: both diagonals, told together
EITHER_DIAGONAL = N_("in a diagonal")
#: the keys only a run pattern has (see ``ruleset._lines``)
PATTERN_KEYS = ("start", "end", "gap", "sum", "any", "different", "labels")


@dataclass(frozen=True)
class StraightLine:
    """At least ``length`` pieces of one kind in a row, along any of ``steps``."""

    id: str
    zone: str
    length: int
    steps: tuple[tuple[int, int], ...]

    def directions_told(self) -> list[str]:
        """The messages telling the directions it runs in, both diagonals as one."""
        diagonals = {DIRECTIONS["diagonal"], DIRECTIONS["antidiagonal"]}
        both = diagonals <= set(self.steps)
        told = [DIRECTION_WORDS[step] for step in self.steps if not (both and step in diagonals)]
        return [*told, EITHER_DIAGONAL] if both else told


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


def lines_in(grid: Mapping[Cell, str], line: StraightLine) -> Iterator[tuple[Cell, ...]]:
    """Each longest stretch of at least ``line.length`` alike pieces, along each
    direction (a stretch longer than the length holds one line, not two)."""
    for (row, column), kind in grid.items():
        for dr, dc in line.steps:
            if grid.get((row - dr, column - dc)) == kind:
                continue  # not where the stretch starts
            cells = [(row, column)]
            while grid.get((cells[-1][0] + dr, cells[-1][1] + dc)) == kind:
                cells.append((cells[-1][0] + dr, cells[-1][1] + dc))
            if len(cells) >= line.length:
                yield tuple(cells)


def line_counts(state: GameState) -> dict[str, int]:
    """Per straight line of the ruleset (by id), how many its zone holds now."""
    return {line.id: sum(1 for _ in lines_in(cast(Grid, state.zone(line.zone)), line))
            for line in state.rules.straight_lines.values()}
