"""``place-on-grid``: the first waiting piece goes into a cell of the player's grid zone,
touching what lies there, a design once per row, optionally pushing pieces of a row
aside so that it joins a run.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Iterator, Mapping, cast

from ...common import shown
from ...common.errors import N_, Phrase
from ...common.events import EventType, by_code
from ...common.moves import Event, Move
from ...conditions.turnnames import CARD, RUN_WORDS
from ...conditions.wording import GROUP_TERM, PIECE_TERM, PIECES_TERM, in_words
from ...model.playcache import Bounded
from ...model.ruleset import run_fields
from ...play.movelist import MoveList, one_part
from ...play.parts import CELL, ChoiceType, Part
from ...play.state import GameState, draw
from ...play.turncontext import run_record, runs_of
from ...zones.contents import Pile
from ...zones.grid import Cell, Grid, neighbours, side_neighbours
from ..base import ActionMechanism, refuse
from ..params import CARD_WORDS, Choice, Condition, Context, Flag, LineRef, ZoneRef, card_names

if TYPE_CHECKING:
    from ...conditions.expressions import Expression
    from ...model.builder import Builder
    from ...model.ruleset import Line, Ruleset


#: pushing a block of a row aside, to one side or the other
SHIFT = ChoiceType(("left", "right"),
                   words={"left": N_("left"), "right": N_("right")},
                   labels={"left": N_("pushing cards to the left"),
                           "right": N_("pushing cards to the right")})


def _pair_names(at: Context) -> dict[str, Any]:
    """``card`` and ``other``, for a condition about a run (so it needs a line)."""
    _line(at)
    cards = card_names(at)
    return {**cards, "other": cards["card"]}


def _line(at: Context) -> Line:
    """The line this element names, for a setting that needs one."""
    line: Line | None = at.resolved.get("line")
    if line is None:
        at.build.fail(at.path, N_("'{key}' needs a 'line' whose runs it judges"),
                      key=at.path[-1])
    return line


class PlaceOnGrid(ActionMechanism):
    """The first piece waiting in ``from`` goes into a cell of the player's grid ``to``."""

    name = "place-on-grid"
    always_moves = True
    description = ("Place the first piece waiting in 'from' into a cell of the player's grid "
                   "zone 'to': touching the player's pieces (by a side or also a corner), "
                   "optionally a design once per row, and optionally pushing pieces of a row "
                   "aside so that it joins a run.")
    params = (
        ZoneRef("from", "Where the piece waits.", attr="source", scope="shared",
                needs=("ordered", "seen")),
        ZoneRef("to", "The player's grid zone.", attr="target", scope="player",
                needs=("grid",)),
        Choice("contact", "How a new piece touches the pieces already there.",
               default="corner", values=("side", "corner"),
               sentences={"side": N_("The first {piece:bare} goes in any cell; every later one "
                                     "touches one already there by a side."),
                          "corner": N_("The first {piece:bare} goes in any cell; every later "
                                       "one touches one already there by a side or a "
                                       "corner.")}),
        Flag("once_per_row", "A kind may lie only once in each row.",
             sentence=N_("A kind lies at most once in each row.")),
        LineRef("line", "The line whose runs the checks below and completions read.",
                optional=True),
        Condition("placeable", "A condition over 'card': which pieces may be placed at all.",
                  optional=True, names=card_names, words=CARD_WORDS,
                  sentence=N_("Only the {pieces:bare} for which this holds may be placed: "
                              "{placeable:clause}.")),
        Condition("run_allows", "A condition over 'run' that every run the piece joins must "
                                "meet (needs 'line').", optional=True,
                  names=lambda at: {"run": run_fields(_line(at))}, words=RUN_WORDS,
                  sentence=N_("Every {group:bare} the {piece:bare} joins must meet this: "
                              "{run_allows:clause}.")),
        Condition("shift_joins", "A condition over 'card' and 'other': the piece may push a "
                                 "block of its row aside to join a run holding such an 'other' "
                                 "(needs 'line').", attr="joins", optional=True,
                  names=lambda at: _pair_names(at),
                  words={**CARD_WORDS, "other.": N_("the {field} of the {piece:bare} beside "
                                                    "it")},
                  sentence=N_("A block of the row may be pushed aside so that the "
                              "{piece:bare} joins {group:indef}, when this holds: "
                              "{shift_joins:clause}.")),
    )
    parts = (Part("cell", CELL), Part("shift", SHIFT, optional=True))
    #: the kind placed last, how many runs it completed, whether its design already lay
    #: there; ``run`` (row, columns) is the run completed last, ``at`` the number of moves
    #: made this turn before it (so that later actions can tell which came last)
    memory = {"card": None, "completed": 0, "duplicate": False, "run": None, "at": 0}
    memory_ids = {"card": "components"}
    sentence = N_("Place the waiting {piece:bare} in a cell of your {to}.")
    events = by_code(
        EventType("laid", N_("{player} places {piece:indef} at {cell}."),
                  {"player": shown.player(), "piece": shown.kind(), "cell": shown.cell()}),
        EventType("run-completed", N_("{player} completes {group:indef}."),
                  {"player": shown.player(), "group": shown.term("group")}),
        # why the pieces beside the cell moved: a piece pushed in joins a run there
        *(EventType(f"pushed-{side}", sentence, {"player": shown.player(),
                                                 "pieces": shown.term("piece", plural=True),
                                                 "row": shown.number("row")})
          for side, sentence in (
              ("right", N_("{player} pushes {pieces:def} of row {row} one cell to the right.")),
              ("left", N_("{player} pushes {pieces:def} of row {row} one cell to the left.")))),
    )
    facts = {"card": CARD, "completed": int, "duplicate": bool}
    probe_cost = 2
    draws_from = ("source",)
    source: str
    target: str
    contact: str
    once_per_row: bool
    line: Line | None
    placeable: Expression | None
    run_allows: Expression | None
    joins: Expression | None
    rows: int
    columns: int

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        super().__init__(action_id, spec, build, path)
        grid = build.zones[self.target].grid
        assert grid is not None  # the zone needs a grid (ZoneRef)
        self.rows, self.columns = grid
        self.touch = side_neighbours if self.contact == "side" else neighbours
        #: the cells inside the grid that each cell touches (asked for every placed piece
        #: on every decision)
        self.near: dict[Cell, tuple[Cell, ...]] = {
            (r, c): tuple(cell for cell in self.touch((r, c)) if self._inside(cell))
            for r in range(1, self.rows + 1) for c in range(1, self.columns + 1)}

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        #: (kind, other kind) -> whether the first may push aside to join the second
        self.joined: Bounded = ruleset.cache.tables(self.id, lambda cache: cache.bounded(50_000))

    # -- which cells -------------------------------------------------------
    def _piece(self, state: GameState) -> str | None:
        waiting = cast(Pile, state.shared[self.source])
        return waiting[0] if waiting else None

    def moves(self, state: GameState) -> MoveList:
        """The cells the piece may be laid in (a segment of cells: a move is made only for
        the cell looked at, and decisions list dozens of cells), then the shifts."""
        kind = self._piece(state)
        if kind is None or not self._placeable(state, kind):
            return MoveList()
        grid = cast(Grid, state.owned[self.target][state.to_move])
        cells = self._cells(grid, kind)
        if self.run_allows is not None:
            cells = [cell for cell in cells if self._run_allows(state, grid, kind, cell, None)]
        moves = one_part(self.id, "cell", cells)
        moves.extend([Move(self.id, (("cell", cell), ("shift", shift)))
                      for cell, shift in self._shifts(state, grid, kind)])
        return moves

    def _placeable(self, state: GameState, kind: str) -> bool:
        return self.placeable is None or bool(
            self.placeable.evaluate({"card": state.rules.card_records[kind]}))

    def _cells(self, grid: Grid, kind: str) -> list[Cell]:
        if not grid:
            candidates = [(r, c) for r in range(1, self.rows + 1)
                          for c in range(1, self.columns + 1)]
        else:
            candidates = sorted(grid.frontier(self.near))
        if self.once_per_row:
            rows = self._rows_holding(grid, kind)
            if rows:
                candidates = [cell for cell in candidates if cell[0] not in rows]
        return candidates

    @staticmethod
    def _rows_holding(grid: Grid, kind: str) -> set[int]:
        """The rows that already hold a piece of ``kind`` (found in C when none does: the
        common case)."""
        if kind not in grid.values():
            return set()
        return {row for (row, _), held in grid.items() if held == kind}

    def _inside(self, cell: Cell) -> bool:
        return 1 <= cell[0] <= self.rows and 1 <= cell[1] <= self.columns

    def _run_allows(self, state: GameState, grid: Grid, kind: str, cell: Cell,
                    shift: str | None) -> bool:
        if self.run_allows is None:
            return True
        after = self._laid(grid, kind, cell, shift)
        return all(self.run_allows.evaluate({"run": record})
                   for record in self._records_at(state, after, cell))

    def _records_at(self, state: GameState, grid: Grid, cell: Cell
                    ) -> Iterator[SimpleNamespace]:
        player = state.to_move
        trial, line = state.trial(self.target, player, grid), self.line
        assert line is not None  # run_allows needs a line (_line)
        for run in runs_of(trial, player, line):
            if cell in run.cells():
                yield run_record(trial, player, line, run)

    # -- pushing pieces aside along a row ---------------------------------
    def _shifts(self, state: GameState, grid: Grid, kind: str) -> Iterator[tuple[Cell, str]]:
        """Cells where the piece can join a run by pushing a block of the row aside."""
        if self.joins is None or self.line is None:
            return
        joinable = self._joinable(state, kind)
        if not joinable:  # most kinds join nothing: no run to look at
            return
        rows = self._rows_holding(grid, kind) if self.once_per_row else ()
        for run in runs_of(state, state.to_move, self.line):
            if run.row in rows or joinable.isdisjoint([grid[cell] for cell in run.cells()]):
                continue
            first, last = run.columns[0], run.columns[-1]
            inner = range(first + 1, last + 1) if run.complete else range(first, last + 2)
            for column in inner:
                for shift in ("right", "left"):
                    cell = (run.row, column if shift == "right" else column - 1)
                    if self._can_shift(grid, cell, shift) and (
                            self.run_allows is None
                            or self._run_allows(state, grid, kind, cell, shift)):
                        yield cell, shift

    def _joinable(self, state: GameState, kind: str) -> frozenset[str]:
        """The kinds ``kind`` may push aside a block to join a run holding (learnt per kind:
        asked for every piece of every run on every decision)."""
        joinable = self.joined.get(kind)
        if joinable is None:
            assert self.joins is not None  # asked only when there is a condition
            records = state.rules.card_records
            joinable = self.joined.remember(kind, frozenset(
                other for other in state.rules.components
                if self.joins.evaluate({"card": records[kind], "other": records[other]})))
        return joinable

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
            rule = self._broken(state, kind, move.get("cell"), move.get("shift"))
            if rule is None:
                raise refuse("cell-not-allowed", N_("{kind:Def} cannot be placed there"),
                             kind=kind)
            raise refuse("cell-not-allowed", N_("{kind:Def} cannot be placed there (rule: "
                                                "{rule})"), kind=kind, rule=rule)

    def _broken(self, state: GameState, kind: str, cell: Any, shift: Any) -> Phrase | None:
        """The rule a piece laid plainly in a free cell of the grid breaks, as the rulebook
        tells it; None for anything else (a cell taken or outside, a push aside)."""
        if not self._placeable(state, kind):
            assert self.placeable is not None
            return self._rule("placeable", pieces=PIECES_TERM,
                              placeable=in_words(self.placeable, CARD_WORDS))
        grid = cast(Grid, state.owned[self.target][state.to_move])
        if shift is not None or not (isinstance(cell, tuple) and self._inside(cell)) \
                or cell in grid:
            return None
        if grid and cell not in grid.frontier(self.near):
            return self._rule("contact", piece=PIECE_TERM)
        if cell not in self._cells(grid, kind):
            return self._rule("once_per_row")
        if self.run_allows is not None:
            return self._rule("run_allows", group=GROUP_TERM, piece=PIECE_TERM,
                              run_allows=in_words(self.run_allows, RUN_WORDS))
        return None

    def _rule(self, key: str, **params: Any) -> Phrase:
        """The rulebook's sentence for the setting ``key``, filled in with ``params``."""
        param = next(param for param in self.params if param.key == key)
        return Phrase(param.sentence_for(self.settings[key]), params)

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        player = state.to_move
        kind = draw(state, self.source)
        assert kind is not None  # check saw it waiting
        grid = cast(Grid, state.owned[self.target][player])
        cell: Cell = move.get("cell")
        shift = move.get("shift")
        row = cell[0]
        before = self._complete_in_row(state, player, row)
        duplicate = kind in grid.values()
        state.replace(self.target, player, self._laid(grid, kind, cell, shift))
        state.turn.moved = True
        # A run completes when the row holds more complete runs than before (a piece
        # pushed into a complete run joins it without completing anything).
        after = self._complete_in_row(state, player, row)
        completed = [run for run in after if cell in run.cells()] \
            if len(after) > len(before) else []
        run = [completed[0].row, list(completed[0].columns)] if completed \
            else self.recalled(state)["run"]
        self.remember(state, card=kind, completed=len(completed), duplicate=duplicate,
                      run=run, at=sum(state.turn.done.values()))
        events.append(Event("laid", {"player": state.player, "kind": kind,
                                     "cell": list(cell), "shift": shift}, self.id))
        if shift is not None:  # told after the cell it made room at
            events.append(Event(f"pushed-{shift}", {"player": state.player, "row": row},
                                self.id))
        if completed:
            events.append(Event("run-completed", {"player": state.player,
                                                  "cells": [list(c) for c in completed[0].cells()]},
                                self.id))
