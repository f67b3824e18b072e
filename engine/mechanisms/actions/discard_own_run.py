"""``discard-own-run``: one of the player's own complete runs goes to a zone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event, Move
from ...play.parts import CELL, Part
from ...play.state import GameState
from ...play.turncontext import runs_of
from .runs import LINE, PUT_ON, TO, AtRuns, run_at

if TYPE_CHECKING:
    pass


class DiscardOwnRun(AtRuns):
    """One of the player's own complete runs (named by any of its cells) goes to ``to``."""

    name = "discard-own-run"
    always_moves = True
    description = "One of the player's own complete runs goes to a zone."
    params = (LINE, TO, PUT_ON)
    parts = (Part("cell", CELL),)
    sentence = N_("Move one of your own complete {groups} to {to:def}.")
    events = by_code(EventType("run-lost", N_("{player} loses {group:indef}."),
                               {"player": shown.player(), "count": shown.number("count"),
                                "group": shown.term("group")}, count="count"))

    def canonical(self, state: GameState, move: Move) -> Move:
        return self._run_named(state, move, state.to_move)

    def moves(self, state: GameState) -> list[Move]:
        return [Move(self.id, (("cell", run.cells()[0]),))
                for run in runs_of(state, state.to_move, self.line) if run.complete]

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        grid = self._grid(state, state.to_move, to_change=True)
        run = run_at(state, state.to_move, self.line, move.get("cell"))
        assert run is not None  # check found it
        kinds = [grid.pop(cell) for cell in run.cells()]
        self._put(state, kinds)
        state.turn.moved = True
        events.append(Event("run-lost", {"player": state.player, "count": len(kinds)},
                            self.id))
