"""``drop``: a piece of the player's own zone goes into a grid, into a column (or a row)
that is not full, and falls as far as it can.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Mapping, cast

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event, Move
from ...play.parts import COLUMN, KIND, ROW, Part
from ...play.state import GameState
from ...zones.grid import Cell, Grid
from ..base import ActionMechanism, refuse
from ..params import Choice, ZoneRef

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset

#: where a piece falls, by the word in data: the step from one cell to the next
GRAVITY: Mapping[str, tuple[int, int]] = {"down": (1, 0), "up": (-1, 0),
                                          "right": (0, 1), "left": (0, -1)}


class Drop(ActionMechanism):
    """A piece of the player's zone ``from`` falls into the grid ``to`` along a column
    (gravity down or up) or a row (left or right) and settles in the last free cell."""

    name = "drop"
    always_moves = True
    description = ("Drop a piece of the player's zone 'from' into the grid zone 'to' (shared, "
                   "or the player's own): the move names a column that is not full (a row, "
                   "when 'gravity' is left or right), and the piece settles in the farthest "
                   "free cell in the direction of 'gravity' (down: the lowest). When the "
                   "player holds pieces of several kinds, the move also names the kind.")
    params = (
        ZoneRef("from", "The zone of each player the pieces come from.", attr="source",
                scope="player", needs=("counted", "seen")),
        ZoneRef("to", "The grid the pieces go into.", attr="target", needs=("grid",)),
        Choice("gravity", "Where a piece falls: down (to the bottom row), up, left or right.",
               default="down", values=tuple(GRAVITY)),
    )
    parts: ClassVar[tuple[Part, ...]] = (Part("column", COLUMN, optional=True),
                                         Part("row", ROW, optional=True),
                                         Part("kind", KIND, optional=True))
    sentence = N_("Drop {piece:indef} from your {from} into {to:def}, into a line of cells "
                  "that is not full; it falls as far as it can.")
    events = by_code(EventType("dropped", N_("{player} drops {piece:indef}; it comes to rest "
                                             "at {cell}."),
                               {"player": shown.player(), "piece": shown.kind(),
                                "cell": shown.cell()}))
    takes_only_from = ("source",)
    source: str
    target: str
    gravity: str
    rows: int
    columns: int

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        #: the part a move names: a column when pieces fall up or down, else a row; the
        #: moves of this action have that part (and the kind), not the other
        self.lane = "column" if GRAVITY[spec.get("gravity", "down")][1] == 0 else "row"
        self.parts = tuple(  # type: ignore[misc]  # per gravity; its lane always named
            Part(part.name, part.type) if part.name == self.lane else part
            for part in type(self).parts if part.name in (self.lane, "kind"))
        super().__init__(action_id, spec, build, path)
        grid = build.zones[self.target].grid
        assert grid is not None  # the zone needs a grid (ZoneRef)
        self.rows, self.columns = grid
        self.step = GRAVITY[self.gravity]
        #: per lane number, its cells from where a piece enters to where it stops last
        self.cells = {number: self._lane_cells(number) for number in
                      range(1, (self.columns if self.lane == "column" else self.rows) + 1)}

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        #: whether each player's pieces in ``from`` are of one kind, so that a move never
        #: names the kind: no mechanism puts other pieces there, and it is not the supply
        self.one_kind = self.source != ruleset.supply and not any(
            mechanism.mixes_kinds_into(self.source) for mechanism in ruleset.mechanisms)

    def implied(self) -> frozenset[str]:
        return frozenset({"kind"}) if self.one_kind else frozenset()

    def _lane_cells(self, number: int) -> tuple[Cell, ...]:
        dr, dc = self.step
        if self.lane == "column":
            rows = range(1, self.rows + 1) if dr > 0 else range(self.rows, 0, -1)
            return tuple((row, number) for row in rows)
        columns = range(1, self.columns + 1) if dc > 0 else range(self.columns, 0, -1)
        return tuple((number, column) for column in columns)

    # -- where a piece comes to rest --------------------------------------
    def _grid(self, state: GameState) -> Grid:
        return cast(Grid, state.zone(self.target))

    def resting_cell(self, grid: Grid, number: int) -> Cell | None:
        """The cell a piece dropped into lane ``number`` settles in; None when full."""
        cells = self.cells[number]
        if cells[0] in grid:
            return None
        rest = cells[0]
        for cell in cells[1:]:
            if cell in grid:
                break
            rest = cell
        return rest

    def _kinds(self, state: GameState) -> list[str]:
        held = state.owned[self.source][state.to_move].counts()  # any zone that is no grid
        return [kind for kind in state.rules.components if held.get(kind)]

    def moves(self, state: GameState) -> list[Move]:
        kinds = self._kinds(state)
        if not kinds:
            return []
        grid = self._grid(state)
        lanes = [n for n in self.cells if self.resting_cell(grid, n) is not None]
        if len(kinds) == 1:
            return [Move(self.id, ((self.lane, n),)) for n in lanes]
        return [Move.of(self.id, kind=kind, **{self.lane: n}) for n in lanes for kind in kinds]

    def any_move(self, state: GameState) -> bool:
        grid = self._grid(state)
        return bool(self._kinds(state)) and any(cells[0] not in grid
                                                for cells in self.cells.values())

    def canonical(self, state: GameState, move: Move) -> Move:
        """A kind named when the player holds no other is the move without it."""
        kind = move.get("kind")
        if kind is not None and self._kinds(state) == [kind]:
            return Move.of(self.id, **{self.lane: move.get(self.lane)})
        return move

    # -- checking and performing ----------------------------------------
    def check(self, state: GameState, move: Move) -> None:
        kinds = self._kinds(state)
        if not kinds:
            raise refuse("nothing-to-drop", N_("you have nothing left to drop"))
        number = move.get(self.lane)
        column = self.lane == "column"
        if type(number) is not int or number not in self.cells:
            raise refuse("no-such-lane", N_("there is no column {number}") if column
                         else N_("there is no row {number}"), number=number)
        if self.resting_cell(self._grid(state), number) is None:
            raise refuse("lane-full", N_("column {number} is full") if column
                         else N_("row {number} is full"), number=number)
        kind = move.get("kind")
        if kind is not None and kind not in kinds:
            raise refuse("pieces-missing", N_("you do not have {pieces}"), pieces={kind: 1})
        if kind is None and len(kinds) > 1:
            raise refuse("kind-needed", N_("name the kind to drop"))
        if move not in self.moves(state):
            raise refuse("not-now", N_("'{action}' is not possible now"), action=self.id)

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        player = state.to_move
        kind = move.get("kind") or self._kinds(state)[0]
        grid = cast(Grid, state.writable(self.target))
        cell = self.resting_cell(grid, move.get(self.lane))
        assert cell is not None  # check saw room in the lane
        state.writable(self.source, player).remove(kind, 1)
        grid[cell] = kind
        state.turn.moved = True
        events.append(Event("dropped", {"player": state.player, "kind": kind,
                                        "cell": list(cell)}, self.id))
