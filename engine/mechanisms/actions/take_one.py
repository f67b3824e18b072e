"""``take-one``: any one piece from a shared zone; with the zone empty, nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event, Move
from ...play.movelist import one_part
from ...play.parts import KIND, Part
from ...play.state import GameState
from ..base import refuse
from .taking import FROM, TO, TOOK, Taking

if TYPE_CHECKING:
    pass


class TakeOne(Taking):
    """Any one piece; with the zone empty, the move takes nothing."""

    name = "take-one"
    description = "Take any one piece from a shared zone (nothing when it is empty)."
    params = (FROM, TO)
    parts = (Part("kind", KIND, optional=True),)
    sentence = N_("Take any one {piece} from {from:def}.")
    events = by_code(TOOK, EventType("took-nothing",
                                     N_("{player} takes nothing: {zone:def} is empty."),
                                     {"player": shown.player(), "zone": shown.zone("from")}))
    probe_cost = 0

    def moves(self, state: GameState) -> Sequence[Move]:
        ordered = self._ordered(state)
        if not ordered:
            return [Move(self.id)]
        return one_part(self.id, "kind", [kind for kind, _ in ordered])

    def gains(self, state: GameState, move: Move) -> dict[str, int] | None:
        kind = move.get("kind")
        return None if kind is None else {kind: 1}

    def any_move(self, state: GameState) -> bool:
        return True

    def check(self, state: GameState, move: Move) -> None:
        zone = state.shared[self.source].counts()
        kind = move.get("kind")
        if kind is None and zone:
            raise refuse("kind-needed", N_("say which piece you take"))
        if kind is not None and kind not in zone:
            raise refuse("kind-absent", N_("there is {kind:no} in {zone:def}"),
                         kind=kind, zone=self.source)

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        kind = move.get("kind")
        if kind is None:
            events.append(Event("took-nothing", {"player": state.player, "from": self.source},
                                self.id))
            return
        self._move(state, kind, 1, events)
