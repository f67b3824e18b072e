"""Climbing: players play in turn onto what lies at the areas, or pass; when all the others
still in have passed since the last play, the trick is over: the pieces at the areas leave
play and the last to play leads the next one. A turn in which no piece moved is a pass.

With ``out_when``, a player for whom it holds as their turn ends goes out for good and takes
the next place in the finishing order (kept by ``play/rounds.py``); turns pass over them,
and when the last to play has gone out, the next player still in leads. With ``out_scores``
the places give the points: each player going out scores one for every player still in.
"""

from __future__ import annotations

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event
from ...conditions.expressions import Expression
from ...conditions.turnnames import TURN_WORDS
from ...play.rounds import finish_place, has_finished, players_in, seats_in
from ...play.state import GameState, put
from ...play.turncontext import TurnContext
from ...zones.groups import piece_counts
from ..base import AGAIN_WHEN, ORDER_EVENTS, OrderMechanism
from ..exchange import EXCHANGE
from ..params import Condition, Flag, ZoneRef

#: the seat after the last to play in the trick (0: nobody has played in it), and the
#: passes in a row since, in the state's counters
LAST, PASSES = "trick:last", "trick:passes"

OUT_WHEN = Condition(
    "out_when", "Checked when a player's turn ends, over the same names as an action's "
    "'then' (e.g. 'mine.hand == 0': their hand is empty): when it holds, the player goes out "
    "for good and takes the next place in the finishing order.", optional=True,
    names=lambda at: at.build.turn_condition_names, words=TURN_WORDS,
    sentence=N_("A {player:bare} goes out as soon as this holds at the end of their turn: "
                "{out_when:clause}. Turns pass over those who are out; the order in which "
                "they go out is the finishing order."))


class Climbing(OrderMechanism):
    name = "climbing"
    description = ("Players play in turn onto the areas, or pass (a turn in which no piece "
                   "moved); when all the others still in have passed since the last play, the "
                   "pieces at the areas go to 'clear_to' and the last to play leads. "
                   "'out_when' puts a player out for good, in the finishing order.")
    params = (
        AGAIN_WHEN,
        EXCHANGE,
        ZoneRef("clear_to", "Where the pieces at the areas go when a trick is over.",
                scope="shared", needs=("counted",)),
        OUT_WHEN,
        Flag("out_scores", "Each player who goes out scores a point for every player still "
                           "in, so that the points follow the finishing order.",
             sentence=N_("Whoever goes out scores a {point:bare} for every {player:bare} still "
                         "in.")),
    )
    events = {**ORDER_EVENTS, **by_code(
        EventType("trick-over", N_("All the others have passed: the {pieces:bare} played are "
                                   "cleared away and {player} leads."),
                  {"player": shown.player(), "pieces": shown.term("piece", plural=True)}),
        EventType("went-out", N_("{player} goes out, in place {place}."),
                  {"player": shown.player(), "place": shown.number("place")}),
    )}
    told_apart = True
    sentence = N_("The first {player:bare} leads: they play, and then in turn each "
                  "{player:bare} either plays on what lies there or passes. When all the others "
                  "have passed since the last play, the {pieces:bare} played leave play and the "
                  "last to play leads again.")
    puts_into = ("clear_to",)
    clear_to: str
    out_when: Expression | None
    out_scores: bool

    @property
    def finishing_order(self) -> bool:
        return self.out_when is not None

    def _following(self, state: GameState, events: list[Event]) -> tuple[int, bool]:
        counters, mover = state.counters, state.to_move
        if state.turn.moved:
            counters[LAST], counters[PASSES] = mover + 1, 0
        else:
            counters[PASSES] = counters.get(PASSES, 0) + 1
        if self.out_when is not None and self.out_when(TurnContext(state)):
            self._go_out(state, mover, events)
        last = counters.get(LAST, 0) - 1
        waiting = players_in(state) - (0 if last < 0 or has_finished(counters, last) else 1)
        if last >= 0 and counters[PASSES] >= waiting:
            leader = last if not has_finished(counters, last) else self._next_in(state, last)
            self._clear(state)
            events.append(Event("trick-over", {"player": state.players[leader]}))
            return leader, False
        return self._next_in(state, mover), False

    def _new_hand(self, state: GameState) -> None:
        _forget_trick(state)

    def _go_out(self, state: GameState, player: int, events: list[Event]) -> None:
        place = finish_place(state.counters, player)
        if self.out_scores:
            state.scores[player] += players_in(state)
        events.append(Event("went-out", {"player": state.players[player], "place": place}))

    @staticmethod
    def _next_in(state: GameState, seat: int) -> int:
        """The first player after ``seat`` who is still in (``seat`` itself when none is)."""
        seats = seats_in(state, (seat + 1) % len(state.players))
        return seats[0] if seats else seat

    def _clear(self, state: GameState) -> None:
        for area_id, group in state.areas.items():
            if group:
                put(state, self.clear_to, piece_counts(group))
                state.areas[area_id] = ()
        _forget_trick(state)


def _forget_trick(state: GameState) -> None:
    """Forget the last play of the trick and the passes since."""
    for key in (LAST, PASSES):
        state.counters.pop(key, None)
