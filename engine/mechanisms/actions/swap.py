"""``swap``: play a piece at another player and trade zones with them; each knows what the
other now holds, having held it."""

from __future__ import annotations

from ...common import shown
from ...common.errors import N_
from ...common.events import by_code
from ...common.moves import Event, Move
from ...play.state import GameState
from .targeting import IDLE, TargetedPlay, played_at


class Swap(TargetedPlay):
    name = "swap"
    description = ("Play a piece of the kind 'plays' from the zone 'from' onto the player's "
                   "zone 'to' and trade what is left in 'from' with another player's.")
    sentence = N_("Play {plays:indef} and trade your {from:bare} with that of another "
                  "{player:bare}.")
    events = by_code(
        IDLE,
        played_at("swapped", N_("{player} plays {piece:indef} and trades {zone:def} with "
                                "{target}."), zone=shown.zone()),
    )
    shows = ("from",)

    def _effect(self, state: GameState, mover: int, seat: int, move: Move,
                events: list[Event]) -> None:
        mine = state.writable(self.source, mover)
        theirs = state.writable(self.source, seat)
        given, taken = dict(mine.counts()), dict(theirs.counts())
        mine.clear()
        theirs.clear()
        mine.put(taken, state.rng)  # a zone counted by kind: nothing is drawn
        theirs.put(given, state.rng)
        state.show(self.source, seat, mover)  # they held what they now give
        state.show(self.source, mover, seat)
        events.append(Event("swapped", self._told(state, mover, seat, zone=self.source),
                            self.id))
