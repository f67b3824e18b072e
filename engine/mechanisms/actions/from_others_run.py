"""``from-others-run``: one piece of another player's run goes to a zone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event, Move
from ...play.parts import CELL, PLAYER, Part
from ...play.state import GameState
from ...play.turncontext import runs_of
from ..params import CARD_WORDS, Condition, Flag, card_names
from .runs import LINE, PUT_ON, TO, AtRuns

if TYPE_CHECKING:
    from ...conditions.expressions import Expression


class FromOthersRuns(AtRuns):
    """One piece of another player's run, chosen by ``which`` (a condition over ``card``),
    goes to ``to``: the player's waiting pieces (``take-from-run``) or a pile
    (``discard-from-run``). ``complete`` says which runs may be aimed at."""

    name = "from-others-run"
    always_moves = True
    description = "One piece of another player's run goes to a zone."
    params = (
        LINE, TO,
        Condition("which", "A condition over 'card': which pieces may be aimed at.",
                  optional=True, names=card_names, words=CARD_WORDS,
                  sentence=N_("Only the {pieces:bare} for which this holds may be taken: "
                              "{which:clause}.")),
        Flag("complete", "Only complete runs (true) or only unfinished ones (false); any "
                         "run when absent.", optional=True, default=None),
        PUT_ON,
    )
    parts = (Part("player", PLAYER), Part("cell", CELL))
    sentence = N_("Move {piece:indef} of another player's {group} to {to:def}.")
    events = by_code(EventType("aimed", N_("{player} takes {piece:indef} from {target}; it "
                                           "goes to {to:def}."),
                               {"player": shown.player(), "target": shown.player("target"),
                                "piece": shown.kind(), "to": shown.zone("to")}))
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
        kind = self._grid(state, state.players.index(target), to_change=True).pop(cell)
        self._put(state, [kind])
        state.turn.moved = True
        events.append(Event("aimed", {"player": state.player, "target": target,
                                      "kind": kind, "cell": list(cell), "to": self.target},
                            self.id))
