"""``end-game``: end the game now, by the player's choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event, Move
from ...play.state import GameState
from .skip import Skip

if TYPE_CHECKING:
    pass


class EndGame(Skip):
    """End the game now, by the player's choice."""

    name = "end-game"
    description = "End the game now, by the player's choice."
    sentence = N_("End the game now.")
    events = by_code(EventType("ended-by-choice", N_("{player} ends the game."),
                               {"player": shown.player()}))

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        from ...play.game import finish

        events.append(Event("ended-by-choice", {"player": state.player}, self.id))
        finish(state, events)
