"""What the actions aimed at runs share: a line whose runs they aim at, and where the
pieces go.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, cast

from ...common.errors import N_
from ...common.moves import Move
from ...model.ruleset import run_fields
from ...play.state import GameState
from ...play.turncontext import runs_of
from ...zones.grid import Cell, Grid, Run
from ..base import ActionMechanism, refuse
from ..params import Choice, Context, LineRef, ZoneRef

if TYPE_CHECKING:
    from ...conditions.expressions import Names
    from ...model.builder import Builder
    from ...model.ruleset import Line


LINE = LineRef("line", "The line whose runs are aimed at.")
TO = ZoneRef("to", "Where the pieces go.", attr="target", scope="shared")
PUT_ON = Choice("put_on", "Where pieces go on an ordered zone.", default="top",
                values=("top", "bottom"))


def run_pair_names(at: Context) -> Names:
    fields = run_fields(at.resolved["line"])
    return {"attacker": fields, "target": fields}


class AtRuns(ActionMechanism):
    """Common ground: a line, whose runs are aimed at, and where pieces go."""

    line: Line
    target: str
    put_on: str

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        super().__init__(action_id, spec, build, path)
        if "put_on" in spec and not build.zones[self.target].ordered:
            build.fail((*path, "put_on"), N_("zone '{name}' has no order: pieces cannot go "
                                             "on its top or bottom"), name=self.target)

    def _put(self, state: GameState, kinds: list[str]) -> None:
        state.writable(self.target).lay(kinds, on_top=self.put_on == "top")

    def _grid(self, state: GameState, player: int, to_change: bool = False) -> Grid:
        """A player's grid of the line, to read, or to change (``GameState.writable``)."""
        if to_change:
            return cast(Grid, state.writable(self.line.zone, player))
        return cast(Grid, state.owned[self.line.zone][player])

    def _others(self, state: GameState) -> list[tuple[int, str]]:
        return [(i, name) for i, name in enumerate(state.players) if i != state.to_move]

    def check(self, state: GameState, move: Move) -> None:
        if move not in self.moves(state):
            raise refuse("no-such-target", N_("that is not a piece you can aim at now"))

    def _run_named(self, state: GameState, move: Move, player: int) -> Move:
        """A run named by any of its cells, named by its first."""
        cell = move.get("cell")
        if cell is None:
            return move
        run = run_at(state, player, self.line, cell)
        return move if run is None else move.replace(cell=run.cells()[0])


def run_at(state: GameState, player: int, line: Line, cell: Cell) -> Run | None:
    for run in runs_of(state, player, line):
        if cell in run.cells():
            return run
    return None
