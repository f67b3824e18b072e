"""Rounds that players leave one by one: turns pass over the players who are out, and when
the last one goes out, the round ends, everyone comes back in, every zone closed for the
round opens again, and the next round starts with the player ``start`` names. Who is out and
which zones are closed is kept by ``play/rounds.py``; an action puts its player out
(``take-zone`` with ``out``)."""

from __future__ import annotations

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event
from ...play.rounds import everyone_back, is_out
from ...play.state import GameState
from ..base import AGAIN_WHEN, ORDER_EVENTS, OrderMechanism
from ..exchange import EXCHANGE
from ..params import Choice

START = Choice(
    "start", "Who starts the next round: the player who went out last, or the one after the "
    "player who started this round.", values=("last-out", "next"),
    sentences={"last-out": N_("The {player:bare} who went out last starts the next round."),
               "next": N_("Each new round is started by the next {player:bare} in turn.")})


class UntilAllOut(OrderMechanism):
    name = "until-all-out"
    description = ("Play in rounds that players leave one by one: an action may put its "
                   "player out for the rest of the round (and close the zone it took); turns "
                   "pass over players who are out, and when every player is out the round "
                   "ends and all come back in.")
    params = (AGAIN_WHEN, START, EXCHANGE)
    events = {**ORDER_EVENTS, **by_code(
        EventType("round-ended", N_("Everyone is out: the round ends. {player} starts the "
                                    "next round."), {"player": shown.player()}),
    )}
    sentence = N_("The players choose who begins; then turns go round clockwise, passing "
                  "over those who are out for the rest of the round. "
                  "When the last one goes out, the round ends and everyone comes back in.")
    brings_back = True
    start: str

    def _following(self, state: GameState, events: list[Event]) -> tuple[int, bool]:
        players = len(state.players)
        counters = state.counters
        for step in range(1, players + 1):
            following = (state.to_move + step) % players
            if not is_out(counters, following):
                return following, False
        everyone_back(counters)
        if self.start == "last-out":
            state.start_player = state.to_move
        else:
            state.start_player = (state.start_player + 1) % players
        return state.start_player, True

    def round_ended(self, state: GameState, events: list[Event]) -> None:
        events.append(Event("round-ended", {"player": state.players[state.start_player]}))
