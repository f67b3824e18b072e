"""``look``: play a piece at another player and see their zone, as it is, until it
changes; the others see only that it was looked at."""

from __future__ import annotations

from ...common import shown
from ...common.errors import N_
from ...common.events import by_code
from ...common.moves import Event, Move
from ...play.state import GameState
from .targeting import IDLE, TargetedPlay, played_at


class Look(TargetedPlay):
    name = "look"
    description = ("Play a piece of the kind 'plays' from the zone 'from' onto the player's "
                   "zone 'to' and look at another player's zone 'from': the player knows it "
                   "until it changes.")
    sentence = N_("Play {plays:indef} and look at the {from:bare} of another {player:bare}, "
                  "without showing it to anyone else.")
    events = by_code(
        IDLE,
        played_at("looked", N_("{player} plays {piece:indef} and looks at {zone:def} of "
                               "{target}."), zone=shown.zone()),
    )
    shows = ("from",)

    def _effect(self, state: GameState, mover: int, seat: int, move: Move,
                events: list[Event]) -> None:
        state.show(self.source, seat, mover)
        events.append(Event("looked", self._told(state, mover, seat, zone=self.source),
                            self.id))
