"""Actions aimed at runs in grid zones: taking or throwing away a piece of another
player's run, throwing away one of your own runs, and attacking with a run just
completed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ..context import run_fields, run_record, runs_of
from ..errors import N_
from ..grid import Cell, Grid, Run
from ..moves import Event, Move
from ..state import GameState
from .base import ActionMechanism, refuse

if TYPE_CHECKING:
    from ..build import Builder
    from ..ruleset import Line, Ruleset


class _AtRuns(ActionMechanism):
    """Common ground: a line, whose runs are aimed at, and where pieces go."""

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        super().__init__(action_id, spec, build, path)
        self.target = build.zone((*path, "to"), spec["to"], scope="shared").id
        self.put_on: str = spec.get("put_on", "top")  # where pieces go on an ordered zone
        self._spec, self._path = spec, path

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        line = ruleset.lines.get(self._spec["line"])
        if line is None:
            build.fail((*self._path, "line"), N_("unknown line '{name}'; known: {known}"),
                       name=self._spec["line"], known=", ".join(sorted(ruleset.lines)) or "-")
        self.line: Line = line
        self.cards = {"card": dict(ruleset.attribute_types)}

    def _put(self, state: GameState, kinds: list[str]) -> None:
        state.shared[self.target].lay(kinds, on_top=self.put_on == "top")

    def _grid(self, state: GameState, player: int) -> Grid:
        return state.owned[self.line.zone][player]  # type: ignore[return-value]

    def _others(self, state: GameState):
        return [(i, name) for i, name in enumerate(state.players) if i != state.to_move]

    def check(self, state: GameState, move: Move) -> None:
        if move not in self.moves(state):
            raise refuse("no-such-target", N_("that is not a piece you can aim at now"))

    def _run_named(self, state: GameState, move: Move, player: int) -> Move:
        """A run named by any of its cells, named by its first."""
        if move.cell is None:
            return move
        run = _run_at(state, player, self.line, move.cell)
        return move if run is None else move._replace(cell=run.cells()[0])


class FromOthersRuns(_AtRuns):
    """One piece of another player's run, chosen by ``which`` (a condition over ``card``),
    goes to ``to``: the player's waiting pieces (``take-from-run``) or a pile
    (``discard-from-run``). ``complete`` says which runs may be aimed at."""

    roles = ("player", "cell")

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        super().bind(ruleset, build)
        spec, path = self._spec, self._path
        self.which = (build.expression((*path, "which"), spec["which"], self.cards)
                      if "which" in spec else None)
        self.complete: bool | None = spec.get("complete")

    def moves(self, state: GameState) -> list[Move]:
        records = state.rules.card_records
        moves = []
        for index, name in self._others(state):
            grid = self._grid(state, index)
            for run in runs_of(state, index, self.line):
                if self.complete is not None and run.complete != self.complete:
                    continue
                for cell in run.cells():
                    if self.which is None or self.which.evaluate({"card": records[grid[cell]]}):
                        moves.append(Move(self.id, cell=cell, player=name))
        return moves

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        index = state.players.index(move.player)  # type: ignore[arg-type]
        kind = self._grid(state, index).pop(move.cell)  # type: ignore[arg-type]
        self._put(state, [kind])
        state.turn.moved = True
        events.append(Event("aimed", {"player": state.player, "target": move.player,
                                      "kind": kind, "cell": list(move.cell),  # type: ignore
                                      "to": self.target}, self.id))


class DiscardOwnRun(_AtRuns):
    """One of the player's own complete runs (named by any of its cells) goes to ``to``."""

    roles = ("cell",)

    def canonical(self, state: GameState, move: Move) -> Move:
        return self._run_named(state, move, state.to_move)

    def moves(self, state: GameState) -> list[Move]:
        return [Move(self.id, cell=run.cells()[0])
                for run in runs_of(state, state.to_move, self.line) if run.complete]

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        grid = self._grid(state, state.to_move)
        run = _run_at(state, state.to_move, self.line, move.cell)  # type: ignore[arg-type]
        kinds = [grid.pop(cell) for cell in run.cells()]
        self._put(state, kinds)
        state.turn.moved = True
        events.append(Event("run-lost", {"player": state.player, "count": len(kinds)},
                            self.id))


class AttackRun(_AtRuns):
    """The run completed last attacks a run of another player.

    ``when`` is a condition over ``attacker`` and ``target`` (run records); the
    target's pieces for which ``capture`` holds go to the attacker's waiting
    pieces (``captured_to``), the others to ``to``. A run attacks once.
    """

    roles = ("player", "cell")

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        super().__init__(action_id, spec, build, path)
        self.captured_to = build.zone((*path, "captured_to"), spec["captured_to"],
                                      scope="shared").id

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        super().bind(ruleset, build)
        fields = run_fields(self.line)
        self.when = build.expression((*self._path, "when"), self._spec["when"],
                                     {"attacker": fields, "target": fields})
        self.capture = build.expression((*self._path, "capture"), self._spec["capture"],
                                        self.cards)

    def canonical(self, state: GameState, move: Move) -> Move:
        if move.player not in state.players:
            return move
        return self._run_named(state, move, state.players.index(move.player))

    def _attacker(self, state: GameState) -> Run | None:
        remembered = state.turn.attacker
        if remembered is None:
            return None
        row, columns = remembered
        run = _run_at(state, state.to_move, self.line, (row, columns[0]))
        return run if run is not None and run.complete else None

    def moves(self, state: GameState) -> list[Move]:
        attacker = self._attacker(state)
        if attacker is None:
            return []
        strength = run_record(state, state.to_move, self.line, attacker)
        moves = []
        for index, name in self._others(state):
            for run in runs_of(state, index, self.line):
                target = run_record(state, index, self.line, run)
                if self.when.evaluate({"attacker": strength, "target": target}):
                    moves.append(Move(self.id, cell=run.cells()[0], player=name))
        return moves

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        index = state.players.index(move.player)  # type: ignore[arg-type]
        grid = self._grid(state, index)
        run = _run_at(state, index, self.line, move.cell)  # type: ignore[arg-type]
        records = state.rules.card_records
        captured, lost = [], []
        for cell in run.cells():
            kind = grid.pop(cell)
            (captured if self.capture.evaluate({"card": records[kind]}) else lost).append(kind)
        state.shared[self.captured_to].lay(captured, on_top=False)
        self._put(state, lost)
        state.turn.attacker = None
        state.turn.moved = True
        events.append(Event("attacked", {"player": state.player, "target": move.player,
                                         "captured": len(captured), "lost": len(lost)},
                            self.id))


def _run_at(state: GameState, player: int, line: Line, cell: Cell) -> Run | None:
    for run in runs_of(state, player, line):
        if cell in run.cells():
            return run
    return None
