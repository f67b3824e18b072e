"""``end-game``: end the game now, by the player's choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import events as show
from ...errors import N_
from ...events import EventType, by_code
from ...moves import Event, Move
from ...state import GameState
from .skip import Skip

if TYPE_CHECKING:
    pass


class EndGame(Skip):
    """End the game now, by the player's choice."""

    name = "end-game"
    description = "End the game now, by the player's choice."
    sentence = N_("End the game now.")
    events = by_code(EventType("ended-by-choice", N_("{player} ends the game."),
                               {"player": show.player()}))

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        from ...game import finish

        events.append(Event("ended-by-choice", {"player": state.player}, self.id))
        finish(state, events)
