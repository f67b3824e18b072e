"""``attack-run``: the run completed last attacks a run of another player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event, Move
from ...play.parts import CELL, PLAYER, Part
from ...play.state import GameState
from ...play.turncontext import run_record, runs_of
from ...zones.grid import Run
from ..params import CARD_WORDS, ActionList, Condition, ZoneRef, card_names
from .runs import LINE, PUT_ON, TO, AtRuns, run_at, run_pair_names

if TYPE_CHECKING:
    from ...conditions.expressions import Expression
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset


class AttackRun(AtRuns):
    """The run completed last attacks a run of another player.

    ``when`` is a condition over ``attacker`` and ``target`` (run records); the
    target's pieces for which ``capture`` holds go to the attacker's waiting
    pieces (``captured_to``), the others to ``to``. A run attacks once.
    """

    name = "attack-run"
    always_moves = True
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
                  names=run_pair_names,
                  words={"attacker.": N_("the {field} of the attacker's {group:bare}"),
                         "target.": N_("the {field} of the attacked player's {group:bare}")},
                  sentence=N_("It may attack only when this holds: {when:clause}.")),
        Condition("capture", "A condition over 'card': which pieces of the target are "
                             "captured.", names=card_names, words=CARD_WORDS,
                  sentence=N_("Of the attacked {group:bare}, the {pieces:bare} for which "
                              "this holds are captured: {capture:clause}.")),
        PUT_ON,
    )
    parts = (Part("player", PLAYER), Part("cell", CELL))
    memory = {"at": -1}  # the ``at`` of the run that attacked last
    sentence = N_("Attack another player's {group:bare} with the one just completed.")
    events = by_code(
        EventType("attacked", N_("{player} attacks {target} and captures {count:acc}."),
                  {"player": shown.player(), "target": shown.player("target"),
                   "captured": shown.number("captured"),
                   "count": shown.amount("captured", "piece")}),
        # (not 'captures 0 cards': French and Spanish say 'none' with a negated verb)
        EventType("attacked-in-vain", N_("{player} attacks {target} but captures nothing."),
                  {"player": shown.player(), "target": shown.player("target")}))
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
        run = run_at(state, state.to_move, self.line, (row, columns[0]))
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
        grid = self._grid(state, index, to_change=True)
        run = run_at(state, index, self.line, move.get("cell"))
        records = state.rules.card_records
        assert run is not None  # check found it
        captured: list[str] = []
        lost: list[str] = []
        for cell in run.cells():
            kind = grid.pop(cell)
            (captured if self.capture.evaluate({"card": records[kind]}) else lost).append(kind)
        state.writable(self.captured_to).lay(captured, on_top=False)
        self._put(state, lost)
        last = self._completed_last(state)
        assert last is not None  # an attack answers a completed run
        self.remember(state, at=last["at"])
        state.turn.moved = True
        events.append(Event("attacked" if captured else "attacked-in-vain",
                            {"player": state.player, "target": target,
                             "captured": len(captured), "lost": len(lost)}, self.id))
