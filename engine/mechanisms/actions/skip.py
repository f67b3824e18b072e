"""``skip``: decline what the phase offers; and the built-in decision to end the turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event, Move
from ...play.state import GameState
from ..base import ActionMechanism

if TYPE_CHECKING:
    pass


class Skip(ActionMechanism):
    """Decline what the phase offers (an attack, ending the game)."""

    name = "skip"
    description = "Decline what the phase offers; nothing happens."
    sentence = N_("The player may also decline.")
    probe_cost = 0
    changes: ClassVar[frozenset[str]] = frozenset()

    def moves(self, state: GameState) -> list[Move]:
        return [Move(self.id)]

    def check(self, state: GameState, move: Move) -> None:
        return None

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        return None


class EndTurn(Skip):
    """End the turn now, declining what the optional phases left in it offer (built in)."""

    sentence = N_("The player may also end the turn here.")
    events = by_code(EventType("ended-turn", N_("{player} ends their turn."),
                               {"player": shown.player()}))

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        events.append(Event("ended-turn", {"player": state.player}, self.id))
