"""Tricks: the leader plays a piece onto the trick, then each other player still in plays
one in turn; when everyone has, the trick's winner takes its pieces and leads the next.

The winner is the player of the piece ranked highest (``winner.by``, a number attribute,
else the kinds' rank) among those that match the piece led in ``winner.suit`` (an
attribute); with ``winner.trump``, pieces of that suit beat all others. Who plays which
piece follows from the order of play: the pieces lie in the trick zone in the order played
(the led piece at the bottom), from the leader round the table. ``first_lead`` names the
piece whose holder leads the first trick of each hand. The trick's leader and how many have
played are counters (``trick:leader``, ``trick:played``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event
from ...play.rounds import seats_in
from ...play.state import GameState, put
from ..base import ORDER_EVENTS, OrderMechanism
from ..exchange import EXCHANGE
from ..params import Attribute, KindRef, Section, Word, ZoneRef

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset

LEADER, PLAYED = "trick:leader", "trick:played"


class Winner(Section):
    """How a trick's winner is found; the rulebook says it in a sentence."""

    def sentence_for(self, value: Any) -> str:
        if value is None or value.get("suit") is None:
            return N_("The highest {piece:bare} wins the trick.")
        if value.get("trump") is None:
            return N_("The highest {piece:bare} of the suit led wins the trick.")
        return N_("The highest trump wins the trick; without one, the highest {piece:bare} "
                  "of the suit led.")


WINNER = Winner(
    "winner", "Who wins a trick: the highest piece by 'by' (a number attribute; the kinds' "
    "rank when absent) among those of the suit led ('suit', an attribute); with 'trump', a "
    "piece of that suit beats every other.", optional=True,
    params=(Attribute("by", "The number attribute that ranks the pieces.", optional=True),
            Attribute("suit", "The attribute whose value is the suit.", optional=True),
            Word("trump", "The suit that beats all others.", optional=True)))


class Tricks(OrderMechanism):
    name = "tricks"
    description = ("Play in tricks: the leader plays onto 'trick', then every other player "
                   "still in, in turn; the winner ('winner') takes the trick into their zone "
                   "'won_to' and leads the next. 'first_lead' names the piece whose holder "
                   "leads the first trick.")
    params = (
        ZoneRef("trick", "The shared zone the pieces of a trick are played onto, in order.",
                scope="shared", needs=("ordered",)),
        ZoneRef("won_to", "The zone of each player a trick's winner takes it into.",
                attr="won_to", scope="player", needs=("counted",)),
        WINNER,
        KindRef("first_lead", "The piece whose holder leads the first trick of a hand.",
                optional=True,
                sentence=N_("Whoever holds {first_lead:def} leads the first trick.")),
        EXCHANGE,
    )
    events = {**ORDER_EVENTS, **by_code(
        EventType("trick-won", N_("{player} wins the trick and leads."),
                  {"player": shown.player()}),
    )}
    told_apart = True
    sentence = N_("The first {player:bare} leads: they play {piece:indef}, and then each other "
                  "{player:bare} in turn plays one. When everyone has, the winner takes the "
                  "trick and leads the next.")
    #: where a piece's holder leads the first trick (``first_lead``), which its sentence tells
    LED_BY_A_PIECE = N_("In a trick, one {player:bare} leads: they play {piece:indef}, and then "
                        "each other {player:bare} in turn plays one. When everyone has, the "
                        "winner takes the trick and leads the next.")
    again_when = None  # a trick's turns go round once
    puts_into = ("won_to",)
    trick: str
    won_to: str
    winner: Mapping[str, Any] | None
    first_lead: str | None
    ranks: Mapping[str, int]  # each kind's rank in a trick, and its suit (``bind``)
    suits: Mapping[str, Any]
    trump: str | None

    def own_sentence(self) -> str:
        return self.sentence if self.first_lead is None else self.LED_BY_A_PIECE

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        winner = self.winner or {}
        if winner.get("by") is not None and build.attribute_types.get(winner["by"]) is not int:
            build.fail((*path, "winner", "by"),
                       N_("'{name}' is not a number attribute: it cannot rank the pieces"),
                       name=winner["by"])
        trump, suit = winner.get("trump"), winner.get("suit")
        if trump is not None:
            if suit is None:
                build.fail((*path, "winner", "trump"),
                           N_("a trump is a suit: give the attribute 'suit' too"))
            if trump not in build.attribute_words.get(suit, ()):
                build.fail((*path, "winner", "trump"),
                           N_("no piece has the value '{name}' for the "
                              "attribute '{attribute}'"), attribute=suit,
                           name=trump)

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        winner = self.winner or {}
        by, suit = winner.get("by"), winner.get("suit")
        records = ruleset.card_records
        self.ranks = {kind: getattr(records[kind], by) if by else component.rank
                      for kind, component in ruleset.components.items()}
        self.suits = {kind: getattr(records[kind], suit) if suit else ""
                      for kind in ruleset.components}
        self.trump = winner.get("trump")

    def _begin(self, state: GameState) -> None:
        if self.first_lead is None:
            return
        for seat in range(len(state.players)):
            if any(per_player[seat].counts().get(self.first_lead)
                   for per_player in state.owned.values()):
                state.start_player = state.to_move = seat
                return

    def _following(self, state: GameState, events: list[Event]) -> tuple[int, bool]:
        counters, mover = state.counters, state.to_move
        if PLAYED not in counters:
            counters[LEADER] = mover + 1
        counters[PLAYED] = counters.get(PLAYED, 0) + 1
        seats = seats_in(state, counters[LEADER] - 1)
        if counters[PLAYED] < len(seats):
            return seats[counters[PLAYED]], False
        winner = self._won_by(state, seats)
        pieces = dict(state.zone(self.trick).counts())
        state.writable(self.trick).clear()
        put(state, self.won_to, pieces, winner)
        self._new_hand(state)
        events.append(Event("trick-won", {"player": state.players[winner]}))
        return winner, True

    def _new_hand(self, state: GameState) -> None:
        for key in (LEADER, PLAYED):
            state.counters.pop(key, None)

    def _won_by(self, state: GameState, seats: list[int]) -> int:
        """Who played the winning piece: the pieces lie in the order played, led first."""
        played = list(reversed(state.zone(self.trick).to_data()))  # led first
        led = self.suits[played[0]]
        best, winner = None, seats[0]
        for seat, kind in zip(seats, played):
            suit = self.suits[kind]
            key = (suit == self.trump, suit == led, self.ranks[kind])
            if (suit == led or suit == self.trump) and (best is None or key > best):
                best, winner = key, seat
        return winner
