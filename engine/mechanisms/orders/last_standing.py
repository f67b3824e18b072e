"""``last-standing``: turns go round in seat order, passing over the players knocked out of
the hand. An action knocks a player out (``guess``, ``compare``: ``knock_out``), and so does
``out_when``, worked out for every player still in as a turn ends and whenever an action
asks (``knocks_out``: a piece someone was made to discard). A player knocked out lays down
what their zone ``lays_down`` holds onto their zone ``onto``, for all to see. Who is out is
kept by ``play/rounds.py``; everyone is back in when the next hand is dealt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event
from ...conditions.expressions import Expression
from ...conditions.turnnames import EACH_PLAYER_WORDS
from ...play.rounds import go_out, is_out, seats_in
from ...play.state import GameState
from ...play.turncontext import worked_out_for
from ..base import AGAIN_WHEN, ORDER_EVENTS, OrderMechanism
from ..exchange import EXCHANGE
from ..params import Condition, ZoneRef

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset

OUT_WHEN = Condition(
    "out_when", "Worked out for every player still in as a turn ends, and when an action "
                "makes a player discard, over what conditions read of the state ('mine' "
                "being that player's zones, 'counts.NAME' their count): when it holds, they "
                "are knocked out of the hand.", optional=True,
    names=lambda at: at.build.turn_condition_names, words=EACH_PLAYER_WORDS,
    sentence=N_("A {player:bare} is also knocked out as soon as this holds for them: "
                "{out_when:clause}."))


class LastStanding(OrderMechanism):
    name = "last-standing"
    description = ("Turns go round in the order the players are listed in, passing over the "
                   "players knocked out of the hand; an action may knock a player out, and so "
                   "does 'out_when'. A player knocked out lays down their zone 'lays_down' "
                   "onto their zone 'onto'.")
    params = (
        AGAIN_WHEN,
        EXCHANGE,
        ZoneRef("lays_down", "The zone of each player whose pieces a player knocked out lays "
                             "down.", scope="player", needs=("counted",)),
        ZoneRef("onto", "The zone of each player they are laid onto, open to everyone.",
                scope="player"),
        OUT_WHEN,
    )
    events = {**ORDER_EVENTS, **by_code(
        EventType("knocked-out", N_("{player} is out of the {hand:bare} and lays down "
                                    "{pieces:acc}."),
                  {"player": shown.player(), "pieces": shown.pieces("pieces"),
                   "hand": shown.term("hand")}),
        # with nothing left to lay down (the last piece was just discarded)
        EventType("knocked-out-empty", N_("{player} is out of the {hand:bare}."),
                  {"player": shown.player(), "hand": shown.term("hand")}),
    )}
    sentence = N_("The players choose who begins; then turns go round clockwise, passing "
                  "over those knocked out of the {hand:bare}. A "
                  "{player:bare} knocked out lays down what their {lays_down:bare} holds onto "
                  "their {onto:bare}, for everyone to see.")
    lays_down: str
    onto: str
    out_when: Expression | None

    def check_ruleset(self, ruleset: Ruleset, build: Builder) -> None:
        if ruleset.zones[self.onto].visibility != "public":
            build.fail(("turn", "order", "onto"),
                       N_("what a player knocked out lays down is seen by everyone: zone "
                          "'{name}' must be public"), name=self.onto)

    def _following(self, state: GameState, events: list[Event]) -> tuple[int, bool]:
        if self.out_when is not None:
            for seat in seats_in(state, state.to_move):
                self.knocks_out(state, seat, events)
        players = len(state.players)
        for step in range(1, players + 1):
            following = (state.to_move + step) % players
            if not is_out(state.counters, following):
                return following, following == state.start_player
        return state.to_move, True  # nobody is left in: the hand is over

    def knock_out(self, state: GameState, seat: int, events: list[Event]) -> None:
        """Knock the player at ``seat`` out of the hand: they lay down what they hold."""
        pieces = lay_down(state, self.lays_down, self.onto, seat)
        go_out(state, seat)
        events.append(Event("knocked-out", {"player": state.players[seat], "pieces": pieces})
                      if pieces else Event("knocked-out-empty", {"player": state.players[seat]}))

    def knocks_out(self, state: GameState, seat: int, events: list[Event]) -> bool:
        """Knock the player at ``seat`` out where ``out_when`` holds for them now."""
        if self.out_when is None or is_out(state.counters, seat) \
                or not worked_out_for(state, seat, self.out_when):
            return False
        self.knock_out(state, seat, events)
        return True


def lay_down(state: GameState, source: str, onto: str, seat: int) -> dict[str, int]:
    """Lay everything a player's zone ``source`` holds on top of their zone ``onto`` (in the
    order of the kinds' ids), and return what it was."""
    held = state.writable(source, seat)
    pieces = dict(held.counts())
    held.clear()
    if pieces:
        state.writable(onto, seat).lay(
            [kind for kind, n in sorted(pieces.items()) for _ in range(n)], on_top=True)
    return pieces
