"""Actions aimed at runs in grid zones: taking or throwing away a piece of another
player's run, throwing away one of your own runs, and attacking with a run just
completed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ..context import run_fields, run_record, runs_of
from .. import events as show
from ..errors import N_
from ..events import EventType, by_code
from ..grid import Cell, Grid, Run
from ..moves import Event, Move
from ..state import GameState
from .base import ActionMechanism, refuse
from .params import ActionList, Choice, Condition, Context, Flag, LineRef, ZoneRef
from .parts import CELL, PLAYER, Part

if TYPE_CHECKING:
    from ..build import Builder
    from ..expressions import Expression, Names
    from ..ruleset import Line, Ruleset


LINE = LineRef("line", "The line whose runs are aimed at.")
TO = ZoneRef("to", "Where the pieces go.", attr="target", scope="shared")
PUT_ON = Choice("put_on", "Where pieces go on an ordered zone.", default="top",
                values=("top", "bottom"))


def _cards(at: Context) -> Names:
    return {"card": dict(at.build.attribute_types)}


def _runs(at: Context) -> Names:
    fields = run_fields(at.resolved["line"])
    return {"attacker": fields, "target": fields}


class _AtRuns(ActionMechanism):
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
        cell = move.get("cell")
        if cell is None:
            return move
        run = _run_at(state, player, self.line, cell)
        return move if run is None else move.replace(cell=run.cells()[0])


class FromOthersRuns(_AtRuns):
    """One piece of another player's run, chosen by ``which`` (a condition over ``card``),
    goes to ``to``: the player's waiting pieces (``take-from-run``) or a pile
    (``discard-from-run``). ``complete`` says which runs may be aimed at."""

    name = "from-others-run"
    description = "One piece of another player's run goes to a zone."
    params = (
        LINE, TO,
        Condition("which", "A condition over 'card': which pieces may be aimed at.",
                  optional=True, names=_cards),
        Flag("complete", "Only complete runs (true) or only unfinished ones (false); any "
                         "run when absent.", optional=True, default=None),
        PUT_ON,
    )
    parts = (Part("player", PLAYER), Part("cell", CELL))
    sentence = N_("Move a piece of another player's run to the {to}.")
    events = by_code(EventType("aimed", N_("{player} takes {piece} from {target}."),
                               {"player": show.player(), "target": show.player("target"),
                                "piece": show.kind()}))
    which: Expression | None
    complete: bool | None

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
                        moves.append(Move(self.id, (("cell", cell), ("player", name))))
        return moves

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        target, cell = move.get("player"), move.get("cell")
        kind = self._grid(state, state.players.index(target)).pop(cell)
        self._put(state, [kind])
        state.turn.moved = True
        events.append(Event("aimed", {"player": state.player, "target": target,
                                      "kind": kind, "cell": list(cell), "to": self.target},
                            self.id))


class DiscardOwnRun(_AtRuns):
    """One of the player's own complete runs (named by any of its cells) goes to ``to``."""

    name = "discard-own-run"
    description = "One of the player's own complete runs goes to a zone."
    params = (LINE, TO, PUT_ON)
    parts = (Part("cell", CELL),)
    sentence = N_("Move one of your own complete runs to the {to}.")
    events = by_code(EventType("run-lost", N_("{player} loses a {group}."),
                               {"player": show.player(), "count": show.number("count"),
                                "group": show.term("group")}, count="count"))

    def canonical(self, state: GameState, move: Move) -> Move:
        return self._run_named(state, move, state.to_move)

    def moves(self, state: GameState) -> list[Move]:
        return [Move(self.id, (("cell", run.cells()[0]),))
                for run in runs_of(state, state.to_move, self.line) if run.complete]

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        grid = self._grid(state, state.to_move)
        run = _run_at(state, state.to_move, self.line, move.get("cell"))
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

    name = "attack-run"
    description = ("The run completed last attacks a run of another player allowed by 'when' "
                   "(over 'attacker' and 'target'); the target's pieces for which 'capture' "
                   "holds go to 'captured_to', the others to 'to'.")
    params = (
        LINE, TO,
        ActionList("after", "The actions whose run completed last attacks (they remember "
                            "the run they complete)."),
        ZoneRef("captured_to", "Where captured pieces go (to be placed by the attacker).",
                scope="shared", needs=("ordered",)),
        Condition("when", "A condition over 'attacker' and 'target' (run records).",
                  names=_runs),
        Condition("capture", "A condition over 'card': which pieces of the target are "
                             "captured.", names=_cards),
        PUT_ON,
    )
    parts = (Part("player", PLAYER), Part("cell", CELL))
    memory = {"at": -1}  # the ``at`` of the run that attacked last
    sentence = N_("Attack another player's run with the run just completed.")
    events = by_code(EventType(
        "attacked", N_("{player} attacks {target} and captures {count}."),
        {"player": show.player(), "target": show.player("target"),
         "captured": show.number("captured"), "count": show.amount("captured", "piece")}))
    captured_to: str
    when: Expression
    capture: Expression
    after: tuple[str, ...]

    def check_ruleset(self, ruleset: Ruleset, build: Builder) -> None:
        for i, action_id in enumerate(self.after):
            if not {"run", "at"} <= set(ruleset.actions[action_id].memory):
                build.fail(("actions", self.id, "after", i),
                           N_("'{name}' completes no runs, so no run of it can attack"),
                           name=action_id)

    def canonical(self, state: GameState, move: Move) -> Move:
        target = move.get("player")
        if target not in state.players:
            return move
        return self._run_named(state, move, state.players.index(target))

    def _completed_last(self, state: GameState) -> Mapping[str, Any] | None:
        """The memory of the action among ``after`` that completed a run last."""
        completions = [memory for memory in map(state.turn.memory.get, self.after)
                       if memory is not None and memory["run"] is not None]
        return max(completions, key=lambda memory: memory["at"], default=None)

    def _attacker(self, state: GameState) -> Run | None:
        last = self._completed_last(state)
        if last is None or last["at"] <= self.recalled(state)["at"]:
            return None  # no run completed, or it has attacked already
        row, columns = last["run"]
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
                    moves.append(Move(self.id, (("cell", run.cells()[0]), ("player", name))))
        return moves

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        target = move.get("player")
        index = state.players.index(target)
        grid = self._grid(state, index)
        run = _run_at(state, index, self.line, move.get("cell"))
        records = state.rules.card_records
        captured, lost = [], []
        for cell in run.cells():
            kind = grid.pop(cell)
            (captured if self.capture.evaluate({"card": records[kind]}) else lost).append(kind)
        state.shared[self.captured_to].lay(captured, on_top=False)
        self._put(state, lost)
        self.remember(state, at=self._completed_last(state)["at"])  # type: ignore[index]
        state.turn.moved = True
        events.append(Event("attacked", {"player": state.player, "target": target,
                                         "captured": len(captured), "lost": len(lost)},
                            self.id))


def _run_at(state: GameState, player: int, line: Line, cell: Cell) -> Run | None:
    for run in runs_of(state, player, line):
        if cell in run.cells():
            return run
    return None
