"""``compare``: play a piece at another player; the two show each other their zones, and
whoever holds the lower rank is knocked out of the hand (a tie knocks nobody out)."""

from __future__ import annotations

from ...common import shown
from ...common.errors import N_
from ...common.events import by_code
from ...common.moves import Event, Move
from ...play.state import GameState
from .targeting import IDLE, TargetedPlay, knock_out, played_at


class Compare(TargetedPlay):
    name = "compare"
    description = ("Play a piece of the kind 'plays' from the zone 'from' onto the player's "
                   "zone 'to'; the player and another player still in show each other their "
                   "zones 'from', and the one whose highest rank there is lower is knocked "
                   "out of the hand (on a tie, nobody).")
    sentence = N_("Play {plays:indef} and compare your {from:bare} with that of another "
                  "{player:bare}, in secret: whoever holds the lower {piece:bare} is out of the "
                  "{hand:bare}; on a tie, nobody is.")
    events = by_code(
        IDLE,
        played_at("compared", N_("{player} plays {piece:indef} and compares {zone:def} with "
                                 "{target}: {loser} holds the lower."),
                  zone=shown.zone(), loser=shown.player("loser")),
        played_at("compared-tie", N_("{player} plays {piece:indef} and compares {zone:def} "
                                     "with {target}: a tie, nobody is out."),
                  zone=shown.zone()),
    )
    shows = ("from",)
    knocks_out = True
    turns_on_unseen = True
    reads_rank = True

    def _held(self, state: GameState, seat: int) -> int:
        return max(map(state.rules.rank, state.owned[self.source][seat].counts()), default=0)

    def _effect(self, state: GameState, mover: int, seat: int, move: Move,
                events: list[Event]) -> None:
        mine, theirs = self._held(state, mover), self._held(state, seat)
        state.show(self.source, seat, mover)
        state.show(self.source, mover, seat)
        if mine == theirs:
            events.append(Event("compared-tie", self._told(state, mover, seat,
                                                           zone=self.source), self.id))
            return
        loser = seat if theirs < mine else mover
        events.append(Event("compared", self._told(state, mover, seat, zone=self.source,
                                                   loser=state.players[loser]), self.id))
        knock_out(state, loser, events)
