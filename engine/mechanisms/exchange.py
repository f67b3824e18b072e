"""An exchange before play: at the start of the game and of every hand, each player still in
chooses pieces in secret (a turn each, in ``phase``, into their ``zone``, which only they
see); when all have chosen, every player's chosen pieces go at the same time to a
neighbour's ``to``. The direction is taken from ``direction`` in turn, hand after hand
(``none``: that hand has no exchange); then the turn order's own play begins.

Any order takes it (``turn.order.exchange``): the turn machine asks the order, and the order
asks this module first. Who has chosen is kept in the state's counters (``exchanged:SEAT``,
and ``exchange`` while it is under way), so a state in the middle of one is plain data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..common import shown
from ..common.errors import N_
from ..common.events import EventType, by_code
from ..common.moves import Event
from ..play.rounds import HANDS, clear_marks, seats_in, seats_on
from ..play.state import GameState, put
from .params import Context, Param, PhaseRef, Section, ZoneRef

if TYPE_CHECKING:
    from ..model.builder import Builder
    from ..model.ruleset import Ruleset

UNDER_WAY, CHOSE = "exchange", "exchanged:"
DIRECTIONS = ("left", "right", "across", "none")

EVENTS = by_code(
    EventType("exchanged-left", N_("Every {player:bare} passes what they chose to the next "
                                   "{player:bare} in turn."), {"player": shown.term("player")}),
    EventType("exchanged-right", N_("Every {player:bare} passes what they chose to the "
                                    "{player:bare} before them in turn."),
              {"player": shown.term("player")}),
    EventType("exchanged-across", N_("Every {player:bare} passes what they chose to the "
                                     "{player:bare} sitting opposite."),
              {"player": shown.term("player")}),
)


@dataclass(frozen=True)
class Directions(Param):
    """One direction, or a list of them taken in turn, hand after hand; resolves to a
    tuple. ``sentences`` tell one direction, ``words`` each in a list of several."""

    def json_schema(self) -> dict[str, Any]:
        one = {"enum": list(DIRECTIONS)}
        return {"oneOf": [one, {"type": "array", "minItems": 1, "maxItems": 12, "items": one}],
                "description": self.description}

    def resolve(self, value: Any, at: Context) -> Any:
        directions = (value,) if isinstance(value, str) else tuple(value)
        if set(directions) == {"none"}:
            at.build.fail(at.path, N_("with no direction but 'none', nothing is ever "
                                      "exchanged"))
        return directions

    def sentence_for(self, value: Any) -> str:
        if value is None or len(value) > 1:
            return N_("The direction changes from hand to hand, in this order: {directions}; "
                      "then it starts again.")
        return {"left": N_("Each passes them to the next {player:bare} in turn."),
                "right": N_("Each passes them to the {player:bare} before them in turn."),
                "across": N_("Each passes them to the {player:bare} sitting opposite.")
                }[value[0]]


#: how each direction is named in a list of several (``Directions.sentence_for``)
DIRECTION_WORDS = {"left": N_("to the left"), "right": N_("to the right"),
                   "across": N_("across the table"), "none": N_("no exchange")}


@dataclass(frozen=True)
class Exchange:
    """An exchange as the data sets it (``EXCHANGE``), and its course in a state."""

    zone: str
    to: str
    phase: str
    direction: tuple[str, ...]  # taken in turn, hand after hand

    def this_hand(self, state: GameState) -> str:
        """This hand's direction: the directions are taken in turn."""
        return self.direction[state.counters.get(HANDS, 0) % len(self.direction)]

    def under_way(self, state: GameState) -> bool:
        return UNDER_WAY in state.counters

    def start(self, state: GameState) -> bool:
        """Begin this hand's exchange, unless its direction is ``none``: the first player
        still in from the start player chooses first."""
        if self.this_hand(state) == "none":
            return False
        state.counters[UNDER_WAY] = 1
        state.to_move = self._waiting(state)[0]
        return True

    def acting(self, state: GameState) -> tuple[int, ...]:
        """Who has yet to choose, in seat order from the start player; once a player has
        begun choosing, they alone, until their turn ends."""
        return (state.to_move,) if state.turn.done else self._waiting(state)

    @staticmethod
    def _waiting(state: GameState) -> tuple[int, ...]:
        counters = state.counters
        return tuple(seat for seat in seats_in(state, state.start_player)
                     if CHOSE + str(seat) not in counters)

    def chose(self, state: GameState, events: list[Event]) -> int | None:
        """The player to move has chosen: the next one to choose, or None when all have,
        and every player's choice has gone on to its neighbour."""
        state.counters[CHOSE + str(state.to_move)] = 1
        waiting = self._waiting(state)
        if waiting:
            return waiting[0]
        direction, players = self.this_hand(state), len(state.players)
        shift = seats_on(direction, players)
        chosen = [dict(state.zone(self.zone, seat).counts()) for seat in range(players)]
        for seat, pieces in enumerate(chosen):
            if pieces:
                state.writable(self.zone, seat).clear()
                put(state, self.to, pieces, (seat + shift) % players)
        self.forget(state)
        events.append(Event(f"exchanged-{direction}", {}))
        return None

    def forget(self, state: GameState) -> None:
        clear_marks(state.counters, (UNDER_WAY, CHOSE))

    def check_ruleset(self, ruleset: Ruleset, build: Builder, path: tuple) -> None:
        if self.phase not in ruleset.phases:
            build.fail((*path, "phase"), N_("unknown phase '{name}'; known: {known}"),
                       name=self.phase, known=", ".join(sorted(ruleset.phases)))


class ExchangeSection(Section):
    """The exchange's settings; resolves to an ``Exchange``."""

    def resolve(self, value: Any, at: Context) -> Any:
        settings = super().resolve(value, at)
        zone = at.build.zones[settings["zone"]]
        if zone.visibility == "public":
            at.build.fail((*at.path, "zone"),
                          N_("zone '{name}' is seen by everyone: a choice made into it would "
                             "be no secret"), name=zone.id)
        return Exchange(settings["zone"], settings["to"], settings["phase"],
                        settings["direction"])

    def sentence_for(self, value: Any) -> str:
        if value is None:
            return ""
        return N_("Before the play of every hand, each {player:bare} chooses in secret what "
                  "to pass on, into their {zone}; when everyone has, all pass them on at once, "
                  "into the {to} of another {player:bare}.")


EXCHANGE = ExchangeSection(
    "exchange", "Before the play of the game and of every hand, each player still in chooses "
    "pieces in secret: a turn each, starting in 'phase', into their 'zone' (which only they "
    "see); when all have chosen, every player's 'zone' goes at once into the 'to' of the "
    "player 'direction' names (a direction, or a list of them taken in turn, hand after "
    "hand; 'none': no exchange that hand).", optional=True,
    params=(
        ZoneRef("zone", "The zone of each player the pieces are chosen into, seen only by "
                        "its owner.", scope="player", needs=("counted",)),
        ZoneRef("to", "The zone of each player the pieces passed to them go into.",
                scope="player", needs=("counted",)),
        PhaseRef("phase", "The phase each player's choosing turn starts in."),
        Directions("direction", "Where each player's chosen pieces go: 'left' (the next "
                                "player in seat order), 'right' (the one before), 'across' "
                                "(half the table round; with an odd number of players, "
                                "left) or 'none'; a list is taken in turn, hand after hand.",
                   default=("left",)),
    ))
