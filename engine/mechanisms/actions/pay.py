"""``pay``: counted pieces of one kind go from the player's own zone onto a shared zone;
without enough of them the player cannot pay (so another action of the phase must be
taken).
"""

from __future__ import annotations

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event, Move
from ...play.state import GameState, put
from ..base import ActionMechanism, refuse
from ..params import Count, KindRef, ZoneRef


class Pay(ActionMechanism):
    """Pay ``count`` pieces of the kind ``piece`` from the player's zone onto a shared one."""

    name = "pay"
    always_moves = True
    description = ("Pay 'count' pieces of the kind 'piece' from the player's zone 'from' onto "
                   "the shared zone 'to'; a player without that many cannot pay.")
    params = (ZoneRef("from", "The player's zone the pieces are paid from.", attr="source",
                      scope="player", needs=("counted", "seen")),
              ZoneRef("to", "The shared zone the pieces are paid onto.", attr="target",
                      scope="shared"),
              KindRef("piece", "The kind of piece paid."),
              Count("count", "How many pieces one payment costs.", minimum=1, default=1))
    sentence = N_("Pay {count:acc} from your {from} onto {to:def}.")
    events = by_code(EventType("paid", N_("{player} pays {pieces} onto {zone:def}."),
                               {"player": shown.player(), "pieces": shown.count_of("kind", "count"),
                                "zone": shown.zone("to")}, count="count"))
    probe_cost = 0
    puts_into = ("target",)
    source: str
    target: str
    piece: str
    count: int

    def _can_pay(self, state: GameState) -> bool:
        return state.owned[self.source][state.to_move].counts().get(self.piece, 0) >= self.count

    def moves(self, state: GameState) -> list[Move]:
        return [Move(self.id)] if self._can_pay(state) else []

    def any_move(self, state: GameState) -> bool:
        return self._can_pay(state)

    def check(self, state: GameState, move: Move) -> None:
        if not self._can_pay(state):
            raise refuse("pieces-missing", N_("you do not have {pieces}"),
                         pieces={self.piece: self.count})

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        state.writable(self.source).remove(self.piece, self.count)
        put(state, self.target, {self.piece: self.count})
        state.turn.moved = True
        events.append(Event("paid", {"player": state.player, "kind": self.piece,
                                     "count": self.count, "to": self.target}, self.id))
