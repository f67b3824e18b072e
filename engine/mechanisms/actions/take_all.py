"""``take-all``: everything in some shared zones goes to the player, each zone's pieces
into the player's own zone paired with it (a piece together with everything lying on it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event, Move
from ...play.state import GameState, put
from ..base import ActionMechanism, refuse
from ..params import ZonePairs

if TYPE_CHECKING:
    from ...model.ruleset import Ruleset


class TakeAll(ActionMechanism):
    """Take everything in the shared zones of ``zones``; possible while any holds a piece."""

    name = "take-all"
    always_moves = True
    description = ("Take everything in the shared zones named in 'zones', each zone's pieces "
                   "into the player's own zone named with it; possible while any of them "
                   "holds a piece.")
    params = (ZonePairs("zones", "Each shared zone taken from, with the zone of each player "
                        "its pieces go to (counted by kind).", needs=("counted",)),)
    sentence = N_("Take everything there is to take and keep it.")
    events = by_code(EventType("took-all", N_("{player} takes {pieces:acc}."),
                               {"player": shown.player(), "pieces": shown.pieces("pieces")}))
    probe_cost = 0
    zones: tuple[tuple[str, str], ...]

    def _on_offer(self, state: GameState) -> bool:
        shared = state.shared
        return any(shared[source] for source, _ in self.zones)

    def moves(self, state: GameState) -> list[Move]:
        return [Move(self.id)] if self._on_offer(state) else []

    def any_move(self, state: GameState) -> bool:
        return self._on_offer(state)

    def chance(self, ruleset: Ruleset) -> bool:
        return any(ruleset.zones[target].ordered for _, target in self.zones)

    def gains(self, state: GameState, move: Move) -> dict[str, int] | None:
        gained: dict[str, int] = {}
        for source, _ in self.zones:
            for kind, count in state.shared[source].counts().items():
                gained[kind] = gained.get(kind, 0) + count
        return gained

    def check(self, state: GameState, move: Move) -> None:
        if not self._on_offer(state):
            raise refuse("nothing-to-take", N_("there is nothing to take"))

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        taken: dict[str, int] = {}
        for source, target in self.zones:
            pieces = dict(state.shared[source].counts())
            if not pieces:
                continue
            state.writable(source).clear()
            put(state, target, pieces, state.to_move)
            for kind, count in pieces.items():
                taken[kind] = taken.get(kind, 0) + count
        state.turn.moved = True
        events.append(Event("took-all", {"player": state.player, "pieces": taken}, self.id))
