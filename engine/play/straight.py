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

from typing import TYPE_CHECKING, Iterator, Mapping, cast

from ..model.ruleset import StraightLine
from ..zones.grid import Cell, Grid

if TYPE_CHECKING:
    from .state import GameState


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
