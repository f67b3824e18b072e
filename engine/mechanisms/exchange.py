"""An exchange before play: at the start of the game and of every hand, each player still in
chooses pieces in secret (in ``phase``, into their ``zone``, which only they see: a turn
each, or with ``count`` turns until they have chosen that many); when all have chosen,
every player's chosen pieces go at the same time to another player's ``to``. The direction
is taken from ``direction`` in turn, hand after hand (``none``: that hand has no exchange;
``places``: the first of the last hand's finishing order and the last exchange with each
other, then the second and the second-last, ... each pair as many as ``count`` gives it);
then the turn order's own play begins.

Any order takes it (``turn.order.exchange``): the turn machine asks the order, and the order
asks this module first. Who has chosen is kept in the state's counters (``exchanged:SEAT``,
and ``exchange`` while it is under way), so a state in the middle of one is plain data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..common import limits, shown
from ..common.errors import N_
from ..common.events import EventType, by_code
from ..common.moves import Event
from ..play.rounds import HANDS, clear_marks, last_places, seats_in, seats_on
from ..play.state import GameState, put
from .params import Context, Param, PhaseRef, Section, ZoneRef

if TYPE_CHECKING:
    from ..model.builder import Builder
    from ..model.ruleset import Ruleset

UNDER_WAY, CHOSE = "exchange", "exchanged:"
DIRECTIONS = ("left", "right", "across", "places", "none")

EVENTS = by_code(
    EventType("exchanged-left", N_("Every {player:bare} passes what they chose to the next "
                                   "{player:bare} in turn."), {"player": shown.term("player")}),
    EventType("exchanged-right", N_("Every {player:bare} passes what they chose to the "
                                    "{player:bare} before them in turn."),
              {"player": shown.term("player")}),
    EventType("exchanged-across", N_("Every {player:bare} passes what they chose to the "
                                     "{player:bare} sitting opposite."),
              {"player": shown.term("player")}),
    EventType("exchanged-places", N_("{player} and {other} exchange the {pieces:bare} they "
                                     "chose."),
              {"player": shown.player(), "other": shown.player("other"),
               "pieces": shown.term("piece", plural=True)}),
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
                "across": N_("Each passes them to the {player:bare} sitting opposite."),
                "places": N_("The first of the last hand's finishing order and the last "
                             "pass theirs to each other, then the second and the "
                             "second-last, and so on inwards; before the first hand is "
                             "over, nothing is exchanged."),
                }[value[0]]


#: how each direction is named in a list of several (``Directions.sentence_for``)
DIRECTION_WORDS = {"left": N_("to the left"), "right": N_("to the right"),
                   "across": N_("across the table"),
                   "places": N_("between the places of the last hand"),
                   "none": N_("to nobody")}


class EachCount(int):
    """How many pieces every player chooses, whatever the direction."""


class PairCounts(tuple[int, ...]):
    """How many pieces each pair of places exchanges (``places``): the first and the last,
    then the second and the second-last, ...; a pair beyond them exchanges nothing."""


@dataclass(frozen=True)
class ExchangeCount(Param):
    """How many pieces each player chooses: a number, or with ``places`` a number for each
    pair of places; resolves to an ``EachCount`` or ``PairCounts``."""

    def json_schema(self) -> dict[str, Any]:
        number = {"type": "integer", "minimum": 0, "maximum": limits.STEP_COUNT,
                  "description": f"At most {limits.STEP_COUNT}."}
        return {"oneOf": [{**number, "minimum": 1},
                          {"type": "array", "minItems": 1, "maxItems": 12, "items": number}],
                "description": self.description}

    def resolve(self, value: Any, at: Context) -> Any:
        places = "places" in at.resolved["direction"]
        if places and not set(at.resolved["direction"]) <= {"places", "none"}:
            at.build.fail((*at.path[:-1], "direction"),
                          N_("'places' cannot be taken in turn with another direction: "
                             "the number of pieces to choose would change with the hand"))
        if places and not isinstance(value, list):
            at.build.fail(at.path, N_("with the direction 'places', give a list: how many "
                                      "the first and the last exchange, then the second "
                                      "and the second-last, and so on"))
        if not places and isinstance(value, list):
            at.build.fail(at.path, N_("a list of numbers is for the direction 'places' "
                                      "only: give one number"))
        if places and not any(value):
            at.build.fail(at.path, N_("with no number but 0, nothing is ever exchanged"))
        return PairCounts(value) if places else EachCount(value)

    def sentence_for(self, value: Any) -> str:
        if isinstance(value, PairCounts):
            return N_("How many each pair exchanges, from the first and the last inwards: "
                      "{counts}; a {player:bare} without a pair exchanges nothing.")
        return N_("Each {player:bare} chooses {count}.") if value is not None else ""


@dataclass(frozen=True)
class Exchange:
    """An exchange as the data sets it (``EXCHANGE``), and its course in a state."""

    zone: str
    to: str
    phase: str
    direction: tuple[str, ...]  # taken in turn, hand after hand
    count: EachCount | PairCounts | None  # None: one turn each, the data's own

    def this_hand(self, state: GameState) -> str:
        """This hand's direction: the directions are taken in turn."""
        return self.direction[state.counters.get(HANDS, 0) % len(self.direction)]

    def under_way(self, state: GameState) -> bool:
        return UNDER_WAY in state.counters

    def start(self, state: GameState) -> bool:
        """Begin this hand's exchange, unless its direction is ``none`` (or ``places``
        before any hand is over): the first player still in from the start player who has
        anything to choose chooses first."""
        direction = self.this_hand(state)
        if direction == "none" or direction == "places" and not last_places(state):
            return False
        waiting = self._waiting(state)
        if not waiting:  # nobody has anything to choose this hand
            return False
        state.counters[UNDER_WAY] = 1
        state.to_move = waiting[0]
        return True

    def partner(self, state: GameState, seat: int) -> int | None:
        """Who a player's chosen pieces go to this hand (None: nobody, they choose none)."""
        direction, players = self.this_hand(state), len(state.players)
        if direction != "places":
            return (seat + seats_on(direction, players)) % players
        partner, count = self._pair(state, seat)
        return partner if count else None

    def owed(self, state: GameState, seat: int) -> int | None:
        """How many pieces the player chooses this hand (None: one turn, which the data's
        own transitions end)."""
        if self.this_hand(state) == "places":
            return self._pair(state, seat)[1]
        assert not isinstance(self.count, PairCounts)  # for 'places' only (``ExchangeCount``)
        return self.count

    def _pair(self, state: GameState, seat: int) -> tuple[int, int]:
        """With ``places``: the player in the mirrored place of the last hand's finishing
        order, and how many pieces the two exchange (0 for the middle player of an odd
        number, and for a pair beyond ``count``)."""
        assert isinstance(self.count, PairCounts)  # 'places' needs one (``ExchangeSection``)
        placed = last_places(state)
        order = sorted(placed, key=placed.__getitem__)
        place, last = order.index(seat), len(order) - 1
        pair = min(place, last - place)
        mirrored = place == last - place or pair >= len(self.count)
        return order[last - place], 0 if mirrored else self.count[pair]

    def acting(self, state: GameState) -> tuple[int, ...]:
        """Who has yet to choose, in seat order from the start player; once a player has
        begun choosing, they alone, until they have chosen all they owe."""
        return (state.to_move,) if state.turn.done or self._begun(state) \
            else self._waiting(state)

    def _begun(self, state: GameState) -> bool:
        """Whether the player to move has chosen some of what they owe, not all."""
        seat = state.to_move
        owed = self.owed(state, seat)
        return owed is not None and 0 < state.zone(self.zone, seat).size() < owed

    def _waiting(self, state: GameState) -> tuple[int, ...]:
        counters = state.counters
        return tuple(seat for seat in seats_in(state, state.start_player)
                     if CHOSE + str(seat) not in counters and self.owed(state, seat) != 0)

    def chose(self, state: GameState, events: list[Event]) -> int | None:
        """The player to move has ended a turn of choosing: the same player again while
        they owe pieces, else the next one to choose, or None when all have, and every
        player's choice has gone on."""
        seat = state.to_move
        owed = self.owed(state, seat)
        if owed is not None and state.zone(self.zone, seat).size() < owed:
            return seat
        state.counters[CHOSE + str(seat)] = 1
        waiting = self._waiting(state)
        if waiting:
            return waiting[0]
        direction, players = self.this_hand(state), len(state.players)
        partners = [self.partner(state, seat) for seat in range(players)]
        chosen = [dict(state.zone(self.zone, seat).counts()) for seat in range(players)]
        for seat, pieces in enumerate(chosen):
            partner = partners[seat]
            if pieces and partner is not None:
                state.writable(self.zone, seat).clear()
                put(state, self.to, pieces, partner)
        self.forget(state)
        if direction != "places":
            events.append(Event(f"exchanged-{direction}", {}))
            return None
        placed = last_places(state)
        for seat in seats_in(state, state.start_player):
            partner = partners[seat]
            if partner is not None and placed[seat] < placed[partner]:
                events.append(Event("exchanged-places", {"player": state.players[seat],
                                                         "other": state.players[partner]}))
        return None

    def forget(self, state: GameState) -> None:
        clear_marks(state.counters, (UNDER_WAY, CHOSE))

    def check_ruleset(self, ruleset: Ruleset, build: Builder, path: tuple,
                      finishing_order: bool) -> None:
        """The phase is the ruleset's; ``places`` needs hands after the first, and a
        finishing order (``finishing_order``: players of the turn order go out)."""
        if self.phase not in ruleset.phases:
            build.fail((*path, "phase"), N_("unknown phase '{name}'; known: {known}"),
                       name=self.phase, known=", ".join(sorted(ruleset.phases)))
        if "places" in self.direction and (ruleset.hands is None or not finishing_order):
            build.fail((*path, "direction"),
                       N_("an exchange between places needs a game of several hands in "
                          "which players go out, one after another: this one never has a "
                          "finishing order of a hand before"))


class ExchangeSection(Section):
    """The exchange's settings; resolves to an ``Exchange``."""

    def resolve(self, value: Any, at: Context) -> Any:
        settings = super().resolve(value, at)
        zone = at.build.zones[settings["zone"]]
        if "places" in settings["direction"] and settings["count"] is None:
            at.build.fail((*at.path, "direction"),
                          N_("with the direction 'places', 'count' says how many pieces each "
                             "pair of places exchanges: it is needed"))
        if zone.visibility == "public":
            at.build.fail((*at.path, "zone"),
                          N_("zone '{name}' is seen by everyone: a choice made into it would "
                             "be no secret"), name=zone.id)
        return Exchange(settings["zone"], settings["to"], settings["phase"],
                        settings["direction"], settings["count"])

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
    "hand; 'none': no exchange that hand; 'places': by the places of the last hand's "
    "finishing order).", optional=True,
    params=(
        ZoneRef("zone", "The zone of each player the pieces are chosen into, seen only by "
                        "its owner.", scope="player", needs=("counted",)),
        ZoneRef("to", "The zone of each player the pieces passed to them go into.",
                scope="player", needs=("counted",)),
        PhaseRef("phase", "The phase each player's choosing turn starts in."),
        Directions("direction", "Where each player's chosen pieces go: 'left' (the next "
                                "player in seat order), 'right' (the one before), 'across' "
                                "(half the table round; with an odd number of players, "
                                "left), 'places' (the first of the last hand's finishing "
                                "order and the last to each other, then the second and the "
                                "second-last, ...; no exchange before a hand is over) or "
                                "'none'; a list is taken in turn, hand after hand.",
                   default=("left",)),
        ExchangeCount("count", "How many pieces each player chooses: their turns of "
                               "choosing go on until they have. With 'places', a list: how "
                               "many the first and the last exchange, then the second and "
                               "the second-last, ...; a pair beyond the list, and the "
                               "middle player of an odd number, exchange nothing. Without "
                               "it, each player has one turn, which the phases' own "
                               "transitions end.", optional=True),
    ))
