"""Drawing pieces one at a time and laying them out in a grid zone.

``draw-to`` takes the top piece of a chosen stack; ``place-on-grid`` puts the
first waiting piece into a cell of the player's grid (touching what lies there,
a design once per row, and optionally pushing pieces aside along a row so that
the piece joins a run); ``discard-pending`` puts it on a pile instead;
``skip`` declines an optional step; ``end-game`` ends the game by choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ..context import run_fields, run_record, runs_of
from ..errors import N_
from ..grid import Cell, Grid, neighbours, side_neighbours
from ..moves import Event, Move
from ..state import GameState
from .. import zoneops
from .base import ActionMechanism, refuse

if TYPE_CHECKING:
    from ..build import Builder
    from ..ruleset import Line, Ruleset


class DrawTo(ActionMechanism):
    """The top piece of one of several ordered zones goes to the end of ``to``.

    With ``refill: {from, times}``, a stack that runs out is refilled, shuffled,
    from another zone, at most ``times`` times in a game over all the stacks.
    """

    roles = ("zone",)
    probe_cost = 0

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        super().__init__(action_id, spec, build, path)
        self.stacks = tuple(build.zone((*path, "from", i), z, scope="shared").id
                            for i, z in enumerate(spec["from"]))
        self.target = build.zone((*path, "to"), spec["to"], scope="shared").id
        refill = spec.get("refill")
        self.refill_from = None if refill is None else build.zone(
            (*path, "refill", "from"), refill["from"], scope="shared").id
        self.refill_times: int | None = None if refill is None else refill.get("times")
        self.counter = f"{action_id}:refills"

    def moves(self, state: GameState) -> list[Move]:
        return [Move(self.id, zone=z) for z in self.stacks if state.shared[z]]

    def check(self, state: GameState, move: Move) -> None:
        if move.zone not in self.stacks:
            raise refuse("not-a-stack", N_("you cannot draw from {zone}"), zone=move.zone)
        if not state.shared[move.zone]:
            raise refuse("stack-empty", N_("{zone} is empty"), zone=move.zone)

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        stack = state.shared[move.zone]  # type: ignore[index]
        kind = zoneops.draw(state, move.zone)  # type: ignore[arg-type]
        state.shared[self.target].lay([kind], on_top=False)  # type: ignore[list-item]
        state.turn.drawn = kind
        state.turn.moved = True
        events.append(Event("drew", {"player": state.player, "zone": move.zone, "kind": kind},
                            self.id))
        if not stack and self.refill_from is not None:
            self._refill(state, move.zone, events)  # type: ignore[arg-type]

    def _refill(self, state: GameState, zone: str, events: list[Event]) -> None:
        used = state.counters.get(self.counter, 0)
        if self.refill_times is not None and used >= self.refill_times:
            return
        source = state.shared[self.refill_from]  # type: ignore[index]
        pieces = list(source) if source.ordered else \
            [k for k, n in sorted(source.counts().items()) for _ in range(n)]
        if not pieces:
            return
        source.clear()
        stack = state.shared[zone]
        stack.lay(pieces, on_top=False)
        state.rng = stack.shuffle(state.rng)
        state.counters[self.counter] = used + 1
        events.append(Event("refilled", {"zone": zone, "from": self.refill_from,
                                         "count": len(pieces)}, self.id))


class PlaceOnGrid(ActionMechanism):
    """The first piece waiting in ``from`` goes into a cell of the player's grid ``to``."""

    roles = ("cell", "shift")
    optional_roles = frozenset({"shift"})
    probe_cost = 2

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        super().__init__(action_id, spec, build, path)
        self.source = build.zone((*path, "from"), spec["from"], scope="shared").id
        target = build.zone((*path, "to"), spec["to"], scope="player")
        if target.grid is None:
            build.fail((*path, "to"), N_("zone '{name}' needs a grid for placing in cells"),
                       name=target.id)
        self.target, (self.rows, self.columns) = target.id, target.grid
        self.touch = side_neighbours if spec.get("contact", "corner") == "side" else neighbours
        self.once_per_row: bool = spec.get("once_per_row", False)
        self._spec, self._path = spec, path

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        spec, path = self._spec, self._path
        cards = {"card": dict(ruleset.attribute_types)}
        self.line: Line | None = None
        if "line" in spec:
            self.line = ruleset.lines.get(spec["line"])
            if self.line is None:
                build.fail((*path, "line"), N_("unknown line '{name}'; known: {known}"),
                           name=spec["line"], known=", ".join(sorted(ruleset.lines)) or "-")
        self.placeable = (build.expression((*path, "placeable"), spec["placeable"], cards)
                          if "placeable" in spec else None)
        if self.line is not None:
            self.run_allows = (build.expression((*path, "run_allows"), spec["run_allows"],
                                                {"run": run_fields(self.line)})
                               if "run_allows" in spec else None)
            self.joins = (build.expression((*path, "shift_joins"), spec["shift_joins"],
                                           {"card": cards["card"], "other": cards["card"]})
                          if "shift_joins" in spec else None)
        else:
            self.run_allows = self.joins = None

    # -- which cells -------------------------------------------------------
    def _piece(self, state: GameState) -> str | None:
        waiting = state.shared[self.source]
        return waiting[0] if waiting else None  # type: ignore[index]

    def moves(self, state: GameState) -> list[Move]:
        kind = self._piece(state)
        if kind is None or not self._placeable(state, kind):
            return []
        grid: Grid = state.owned[self.target][state.to_move]  # type: ignore[assignment]
        moves = [Move(self.id, cell=cell) for cell in self._cells(grid, kind)
                 if self._run_allows(state, grid, kind, cell, None)]
        moves.extend(Move(self.id, cell=cell, shift=shift)
                     for cell, shift in self._shifts(state, grid, kind))
        return moves

    def _placeable(self, state: GameState, kind: str) -> bool:
        return self.placeable is None or bool(
            self.placeable.evaluate({"card": state.rules.card_records[kind]}))

    def _cells(self, grid: Grid, kind: str) -> list[Cell]:
        if not grid:
            candidates = [(r, c) for r in range(1, self.rows + 1)
                          for c in range(1, self.columns + 1)]
        else:
            near = {cell for placed in grid for cell in self.touch(placed)}
            candidates = sorted(cell for cell in near if cell not in grid and self._inside(cell))
        if self.once_per_row:
            taken = {(r, k) for (r, _), k in grid.items()}
            candidates = [cell for cell in candidates if (cell[0], kind) not in taken]
        return candidates

    def _inside(self, cell: Cell) -> bool:
        return 1 <= cell[0] <= self.rows and 1 <= cell[1] <= self.columns

    def _run_allows(self, state: GameState, grid: Grid, kind: str, cell: Cell,
                    shift: str | None) -> bool:
        if self.run_allows is None:
            return True
        after = self._laid(grid, kind, cell, shift)
        return all(self.run_allows.evaluate({"run": record})
                   for record in self._records_at(state, after, cell))

    def _records_at(self, state: GameState, grid: Grid, cell: Cell):
        player = state.to_move
        trial = state.trial(self.target, player, grid)
        for run in runs_of(trial, player, self.line):  # type: ignore[arg-type]
            if cell in run.cells():
                yield run_record(trial, player, self.line, run)  # type: ignore[arg-type]

    # -- pushing pieces aside along a row ---------------------------------
    def _shifts(self, state: GameState, grid: Grid, kind: str):
        """Cells where the piece can join a run by pushing a block of the row aside."""
        if self.joins is None or self.line is None:
            return
        records = state.rules.card_records
        card = records[kind]
        for run in runs_of(state, state.to_move, self.line):
            members = [grid[cell] for cell in run.cells()]
            if not any(self.joins.evaluate({"card": card, "other": records[m]})
                       for m in members):
                continue
            if self.once_per_row and any(k == kind for (r, _), k in grid.items()
                                         if r == run.row):
                continue
            first, last = run.columns[0], run.columns[-1]
            inner = range(first + 1, last + 1) if run.complete else range(first, last + 2)
            for column in inner:
                for shift in ("right", "left"):
                    cell = (run.row, column if shift == "right" else column - 1)
                    if self._can_shift(grid, cell, shift) and \
                            self._run_allows(state, grid, kind, cell, shift):
                        yield cell, shift

    def _can_shift(self, grid: Grid, cell: Cell, shift: str) -> bool:
        row, column = cell
        if not self._inside(cell) or cell not in grid:
            return False  # a shift makes room where a piece lies; else place it plainly
        step = 1 if shift == "right" else -1
        while (row, column) in grid:
            column += step
        return self._inside((row, column))

    def _laid(self, grid: Grid, kind: str, cell: Cell, shift: str | None) -> Grid:
        after = grid.copy()
        if shift is not None:
            row, column = cell
            step = 1 if shift == "right" else -1
            block = []
            while (row, column) in after:
                block.append(column)
                column += step
            for column in reversed(block):
                after[(row, column + step)] = after.pop((row, column))
        after[cell] = kind
        return after

    def _complete_in_row(self, state: GameState, player: int, row: int) -> list:
        if self.line is None:
            return []
        return [run for run in runs_of(state, player, self.line)
                if run.complete and run.row == row]

    # -- checking and performing ----------------------------------------
    def check(self, state: GameState, move: Move) -> None:
        kind = self._piece(state)
        if kind is None:
            raise refuse("nothing-to-place", N_("there is nothing to place"))
        if move not in self.moves(state):
            raise refuse("cell-not-allowed", N_("{kind} cannot be placed there"), kind=kind)

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        player = state.to_move
        kind = zoneops.draw(state, self.source)
        grid: Grid = state.owned[self.target][player]  # type: ignore[assignment]
        row = move.cell[0]  # type: ignore[index]
        before = self._complete_in_row(state, player, row)
        state.turn.facts["duplicate"] = int(kind in grid.values())
        state.owned[self.target][player] = self._laid(grid, kind, move.cell, move.shift)
        state.turn.card = kind
        state.turn.moved = True
        state.turn.facts["placed"] = state.turn.facts.get("placed", 0) + 1
        # A run completes when the row holds more complete runs than before (a piece
        # pushed into a complete run joins it without completing anything).
        after = self._complete_in_row(state, player, row)
        completed = [run for run in after if move.cell in run.cells()] \
            if len(after) > len(before) else []
        state.turn.facts["completed"] = len(completed)
        if completed:
            state.turn.attacker = (completed[0].row, completed[0].columns)
        events.append(Event("laid", {"player": state.player, "kind": kind,
                                     "cell": list(move.cell), "shift": move.shift,
                                     "completed": len(completed)}, self.id))


class DiscardPending(ActionMechanism):
    """The first piece waiting in ``from`` goes on top of the pile ``to``."""

    probe_cost = 0

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        super().__init__(action_id, spec, build, path)
        self.source = build.zone((*path, "from"), spec["from"], scope="shared").id
        self.target = build.zone((*path, "to"), spec["to"], scope="shared").id

    def moves(self, state: GameState) -> list[Move]:
        return [Move(self.id)] if state.shared[self.source] else []

    def check(self, state: GameState, move: Move) -> None:
        if not state.shared[self.source]:
            raise refuse("nothing-to-place", N_("there is nothing to place"))

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        kind = zoneops.draw(state, self.source)
        state.shared[self.target].lay([kind], on_top=True)  # type: ignore[list-item]
        state.turn.facts["discarded"] = 1
        state.turn.moved = True
        events.append(Event("discarded", {"player": state.player, "kind": kind}, self.id))


class Skip(ActionMechanism):
    """Decline what the phase offers (an attack, ending the game)."""

    probe_cost = 0

    def moves(self, state: GameState) -> list[Move]:
        return [Move(self.id)]

    def check(self, state: GameState, move: Move) -> None:
        return None

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        return None


class EndGame(Skip):
    """End the game now, by the player's choice."""

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        from ..game import finish

        events.append(Event("ended-by-choice", {"player": state.player}, self.id))
        finish(state, events)
