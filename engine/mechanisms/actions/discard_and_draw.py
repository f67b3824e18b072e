"""``discard-and-draw``: play a piece at a player (perhaps oneself), who discards what their
zone holds and draws anew from the first of some zones that holds pieces, unless what they
discarded knocks them out (the turn order's ``out_when``)."""

from __future__ import annotations

from ...common import shown
from ...common.errors import N_
from ...common.events import by_code
from ...common.moves import Event, Move
from ...play.state import GameState, draw
from ..params import ZoneList
from ..orders.last_standing import lay_down
from .targeting import IDLE, TargetedPlay, played_at, standing_order


class DiscardAndDraw(TargetedPlay):
    name = "discard-and-draw"
    description = ("Play a piece of the kind 'plays' from the zone 'from' onto the player's "
                   "zone 'to' and name a player still in: they lay what their zone 'from' "
                   "holds onto their zone 'to' and draw a piece from the first zone of "
                   "'draw_from' that holds one, unless the turn order's 'out_when' now "
                   "knocks them out.")
    params = (*TargetedPlay.params,
              ZoneList("draw_from", "The zones drawn from, the first that holds a piece.",
                       scope="shared", needs=("ordered",)))
    sentence = N_("Play {plays:indef} and name a {player:bare}: they discard their "
                  "{from:bare} and draw a new {piece:bare}, from the first of these that holds "
                  "one: {draw_from:def}.")
    events = by_code(
        IDLE,
        played_at("made-discard", N_("{player} plays {piece:indef}: {target} discards "
                                     "{pieces:acc} and draws again."),
                  pieces=shown.pieces("pieces")),
        played_at("made-discard-out", N_("{player} plays {piece:indef}: {target} discards "
                                         "{pieces:acc}."), pieces=shown.pieces("pieces")),
        # the player named themselves
        played_at("discarded-own", N_("{player} plays {piece:indef}, discards {pieces:acc} and "
                                      "draws again."), pieces=shown.pieces("pieces")),
        played_at("discarded-own-out", N_("{player} plays {piece:indef} and discards "
                                          "{pieces:acc}."), pieces=shown.pieces("pieces")),
    )
    draws_from = ("draw_from",)
    knocks_out = True
    draw_from: tuple[str, ...]

    def _effect(self, state: GameState, mover: int, seat: int, move: Move,
                events: list[Event]) -> None:
        pieces = lay_down(state, self.source, self.onto, seat)
        out: list[Event] = []
        own = "discarded-own" if seat == mover else "made-discard"
        if standing_order(state).knocks_out(state, seat, out):
            events.append(Event(f"{own}-out", self._told(state, mover, seat, pieces=pieces),
                                self.id))
            events.extend(out)
            return
        events.append(Event(own, self._told(state, mover, seat, pieces=pieces), self.id))
        source = next((z for z in self.draw_from if state.shared[z].size()), None)
        if source is not None:
            kind = draw(state, source)
            if kind is not None:
                state.writable(self.source, seat).lay([kind], on_top=False)
