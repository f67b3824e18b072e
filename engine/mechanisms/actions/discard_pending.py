"""``discard-pending``: the first waiting piece goes on top of a pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event, Move
from ...conditions.turnnames import ZONES
from ...play.state import GameState, draw
from ..base import ActionMechanism, refuse
from ..params import ZoneRef

if TYPE_CHECKING:
    pass


class DiscardPending(ActionMechanism):
    """The first piece waiting in ``from`` goes on top of the pile ``to``."""

    name = "discard-pending"
    always_moves = True
    description = "Put the first piece waiting in 'from' on top of the zone 'to'."
    params = (
        ZoneRef("from", "Where the piece waits.", attr="source", scope="shared",
                needs=("ordered",)),
        ZoneRef("to", "Where it goes.", attr="target", scope="shared"),
    )
    sentence = N_("Put the waiting {piece} on {to:def}.")
    events = by_code(EventType("discarded", N_("{player} discards {piece:indef}."),
                               {"player": shown.player(), "piece": shown.kind()}))
    probe_cost = 0
    changes = frozenset({ZONES})
    draws_from = ("source",)
    source: str
    target: str

    def moves(self, state: GameState) -> list[Move]:
        return [Move(self.id)] if state.shared[self.source] else []

    def check(self, state: GameState, move: Move) -> None:
        if not state.shared[self.source]:
            raise refuse("nothing-to-place", N_("there is nothing to place"))

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        kind = draw(state, self.source)
        assert kind is not None  # check saw it waiting
        state.writable(self.target).lay([kind], on_top=True)
        state.turn.moved = True
        events.append(Event("discarded", {"player": state.player, "kind": kind}, self.id))
