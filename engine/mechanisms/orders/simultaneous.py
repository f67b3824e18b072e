"""Simultaneous choices: in each round every player still in chooses in secret, then the
choices are revealed together and, where the data says so, resolved one by one.

The choices are turns of their own, one per player, into a zone only its owner sees
(``reveal``'s keys): nobody else, person or bot, sees what was chosen before the reveal,
so the order in which they are made changes nothing. Every player who has not chosen yet
may act (``acting``); the turn machine asks them in seat order, and any of them may move
first. When the last has chosen, every such zone is emptied into its revealed zone
(``reveal``'s values, seen by all). With ``resolve``, each player whose revealed zone holds a
piece then takes a turn in the phase it names, in the order of that piece's value
(``by``, ``ascending`` or ``descending``; ties in seat order). Then the round is over: the
steps of ``turn.after_round`` run (hands passed on) and the next round's choices begin.

Who has chosen and who has been resolved is kept in the state's counters (``chose:SEAT``,
``resolved:SEAT``; ``choices:resolving`` while the round is being resolved).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event
from ...play.rounds import clear_marks, seats_in
from ...play.state import GameState, put
from ..base import OrderMechanism
from ..params import Attribute, Choice, PhaseRef, Section, ZonePairs

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset

CHOSE, RESOLVED, RESOLVING = "chose:", "resolved:", "choices:resolving"

class Resolution(Section):
    """How the revealed choices are resolved; the rulebook says which come first."""

    def sentence_for(self, value: Any) -> str:
        if value is None:
            return ""
        return (N_("Then the choices are resolved one at a time, the {piece:bare} of highest "
                   "value first.") if value["order"] == "descending" else
                N_("Then the choices are resolved one at a time, the {piece:bare} of lowest "
                   "value first."))


RESOLVE = Resolution(
    "resolve", "Resolve the revealed choices one by one: each player whose revealed zone "
    "holds a piece takes a turn in 'phase', in the order of that piece's 'by' (a number "
    "attribute), 'ascending' (the default) or 'descending'.", optional=True,
    params=(
        Attribute("by", "The number attribute of the revealed piece that orders the turns."),
        Choice("order", "Lowest value first, or highest.", values=("ascending", "descending"),
               default="ascending"),
        PhaseRef("phase", "The phase each of those turns starts in."),
    ))


class Simultaneous(OrderMechanism):
    name = "simultaneous"
    description = ("Every round, each player still in chooses in secret (a turn each, into a "
                   "zone only they see: the keys of 'reveal'); when all have chosen, every "
                   "choice is revealed at once (into the zones 'reveal' pairs them with) and, "
                   "with 'resolve', resolved one player at a time in the order of the "
                   "revealed pieces' values.")
    params = (
        ZonePairs("reveal", "Each zone of a player chosen into in secret (seen only by its "
                            "owner), with the zone of each player its pieces are revealed "
                            "into (seen by everyone).", scope="player", paired="player",
                  needs=("counted",)),
        RESOLVE,
    )
    events = by_code(
        EventType("revealed", N_("{player} reveals {pieces:acc}."),
                  {"player": shown.player(), "pieces": shown.pieces("pieces")}),
    )
    told_apart = True
    sentence = N_("Every {player:bare} chooses at the same time, in secret; when all have "
                  "chosen, the choices are revealed together.")
    again_when = None  # a choice is a turn of its own: nobody chooses twice
    exchange = None  # the choices are secret already
    reveal: tuple[tuple[str, str], ...]
    resolve: Mapping[str, Any] | None

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        for hidden, revealed in self.reveal:
            if build.zones[hidden].visibility == "public":
                build.fail((*path, "reveal", hidden),
                           N_("zone '{name}' is seen by everyone: a choice made into it would "
                              "be no secret"), name=hidden)
            if build.zones[revealed].visibility != "public":
                build.fail((*path, "reveal", hidden),
                           N_("zone '{name}' is not seen by everyone: nothing would be "
                              "revealed"), name=revealed)
        if self.resolve is not None and build.attribute_types.get(self.resolve["by"]) is not int:
            build.fail((*path, "resolve", "by"),
                       N_("'{name}' is not a number attribute: it cannot order the turns"),
                       name=self.resolve["by"])

    @property
    def simultaneous(self) -> bool:
        return True

    def chance(self, ruleset: Ruleset) -> bool:
        return super().chance(ruleset) or any(ruleset.zones[revealed].ordered
                                              for _, revealed in self.reveal)

    def check_ruleset(self, ruleset: Ruleset, build: Builder) -> None:
        if self.resolve is not None and self.resolve["phase"] not in ruleset.phases:
            build.fail(("turn", "order", "resolve", "phase"),
                       N_("unknown phase '{name}'; known: {known}"), name=self.resolve["phase"],
                       known=", ".join(sorted(ruleset.phases)))

    def _acting(self, state: GameState) -> tuple[int, ...]:
        if RESOLVING in state.counters:
            return (state.to_move,)
        return tuple(seat for seat in self._seats(state)
                     if CHOSE + str(seat) not in state.counters)

    def _first_phase(self, state: GameState) -> str:
        if RESOLVING in state.counters and self.resolve is not None:
            return str(self.resolve["phase"])
        return state.rules.start_phase

    def _phases_started(self) -> tuple[str, ...]:
        return () if self.resolve is None else (str(self.resolve["phase"]),)

    def _following(self, state: GameState, events: list[Event]) -> tuple[int, bool]:
        counters, mover = state.counters, state.to_move
        if RESOLVING in counters:
            counters[RESOLVED + str(mover)] = 1
        else:
            counters[CHOSE + str(mover)] = 1
            waiting = self._acting(state)
            if waiting:
                return waiting[0], False
            self._reveal(state, events)
            if self.resolve is not None:
                counters[RESOLVING] = 1
        resolver = self._next_resolver(state) if RESOLVING in counters else None
        if resolver is not None:
            return resolver, False
        self._new_hand(state)
        seats = self._seats(state)
        return (seats[0] if seats else state.start_player), True

    def _new_hand(self, state: GameState) -> None:
        clear_marks(state.counters, (CHOSE, RESOLVED, RESOLVING))

    @staticmethod
    def _seats(state: GameState) -> list[int]:
        """The players still in, in seat order from the start player."""
        return seats_in(state, state.start_player)

    def _reveal(self, state: GameState, events: list[Event]) -> None:
        for seat in self._seats(state):
            for hidden, revealed in self.reveal:
                pieces = dict(state.zone(hidden, seat).counts())
                if pieces:
                    state.writable(hidden, seat).clear()
                    put(state, revealed, pieces, seat)
                    events.append(Event("revealed", {"player": state.players[seat],
                                                     "pieces": pieces}))

    def _next_resolver(self, state: GameState) -> int | None:
        """The player whose revealed piece comes next, among those not yet resolved."""
        assert self.resolve is not None
        by, descending = self.resolve["by"], self.resolve["order"] == "descending"
        records, counters = state.rules.card_records, state.counters
        best: tuple[int, int] | None = None
        for rank, seat in enumerate(self._seats(state)):
            if RESOLVED + str(seat) in counters:
                continue
            values = [getattr(records[kind], by) for _, revealed in self.reveal
                      for kind in state.zone(revealed, seat).counts()]
            if values:
                value = max(values) if descending else min(values)
                key = (-value if descending else value, rank)
                if best is None or key < best:
                    best, chosen = key, seat
        return None if best is None else chosen
