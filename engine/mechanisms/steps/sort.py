"""``sort``: every player's pieces of a zone go, one at a time, to the first of some zones
whose condition holds for that piece and that player: placement by a rule (a piece to the
row of its kind, onto a piece that can hold another, back into the hand).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Mapping

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event
from ...conditions.expressions import Expression
from ...conditions.turnnames import EACH_PLAYER_WORDS, STATE_NAMES, ZONES
from ...play.state import GameState, put, seated
from ...play.turncontext import TurnContext, card_record
from ..base import StepMechanism
from ..params import (CARD_WORDS, CONDITION_SCHEMA, ID_PATTERN, Attribute, Context, Count,
                      Param, ZoneRef, check_zone, zone_needs)

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset

#: what a route's condition reads, told to players (``conditions/wording.py``): ``mine``
#: is the player whose pieces are sorted
ROUTE_WORDS = {**EACH_PLAYER_WORDS, **CARD_WORDS}
#: the most places one step sorts into
ROUTES = 100


@dataclass(frozen=True)
class Route:
    """A place a piece may go, and when (always, without a condition): one zone, or one of
    a numbered family picked by a rule, a full one first emptied into ``full_to``."""

    zones: tuple[str, ...]
    when: Expression | None
    pick: str = "first"  # "first", "fewest" or "closest-below"
    by: str | None = None  # with closest-below: the number attribute compared
    full_to: str | None = None


#: how a place picks one zone of a family: the first with room, the one holding the fewest
#: pieces, or the one whose top piece's value is the closest below the piece's
PICKS = ("first", "fewest", "closest-below")


@dataclass(frozen=True)
class Routes(Param):
    """Places tried in order, each a zone (or a family of zones, one picked by a rule) and a
    condition over ``card`` (the piece) and what conditions read of the state (``mine``: the
    zones of the player whose piece it is)."""

    schema_type: ClassVar[dict[str, Any]] = {
        "type": "array", "minItems": 1, "maxItems": ROUTES,
        "items": {"type": "object", "additionalProperties": False, "required": ["zone"],
                  "properties": {
                      "zone": {"type": "string", "pattern": ID_PATTERN,
                               "description": "Where the piece goes: a shared zone, the "
                                              "player's own zone of each player, or a "
                                              "numbered family of zones, one picked by 'pick'."},
                      "when": {**CONDITION_SCHEMA,
                               "description": "When it goes there, over 'card' (the piece) "
                                              "and 'mine', 'zone', 'counts', 'players'…; "
                                              "always when absent."},
                      "pick": {"enum": list(PICKS),
                               "description": "Which zone of the family: the first with room "
                                              "(first, the default), the one holding the "
                                              "fewest pieces (fewest), or the one whose top "
                                              "piece's 'by' is the closest below the piece's "
                                              "(closest-below; none when all are higher)."},
                      "by": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$",
                             "description": "With closest-below: the number attribute "
                                            "compared."},
                      "full_to": {"type": "string", "pattern": ID_PATTERN,
                                  "description": "A full zone picked is first emptied into "
                                                 "this zone of the player's (taken), and the "
                                                 "piece starts it again."}}}}

    #: a full zone is no place for a piece (or, with ``full_to``, is emptied first)
    honours_capacity: ClassVar[bool] = True

    def json_schema(self) -> dict[str, Any]:
        return {**self.schema_type, "description": self.description}

    @staticmethod
    def zones_in(value: Any) -> list[str]:
        """The zones (or families) the places name, as written."""
        return [route["zone"] for route in value]

    def resolve(self, value: Any, at: Context) -> Any:
        build = at.build
        names = {**{name: build.turn_condition_names[name] for name in STATE_NAMES},
                 "card": build.card_fields()}
        routes: list[Route] = []
        for i, spec in enumerate(value):
            path = (*at.path, i)
            if routes and routes[-1].when is None and routes[-1].pick != "closest-below":
                build.fail(path, N_("no piece ever goes here: every piece goes to the place "
                                    "before it, which has no condition"))
            named = spec["zone"]  # a zone, or a numbered family for all its zones
            zones = tuple(build.zone((*path, "zone"), zone_id, zone_needs(None, ())).id
                          for zone_id in build.zone_families.get(named, (named,)))
            pick, by = spec.get("pick", "first"), spec.get("by")
            if (pick == "closest-below") != (by is not None):
                build.fail((*path, "by" if by is not None else "pick"),
                           N_("'by' names what 'pick: closest-below' compares: give both or "
                              "neither"))
            if by is not None and build.attribute_types.get(by) is not int:
                build.fail((*path, "by"), N_("'{name}' is not a number attribute: it cannot "
                                             "be compared"), name=by)
            if pick == "closest-below":
                for zone_id in zones:
                    build.zone((*path, "zone"), zone_id, zone_needs(None, ("ordered",)))
            full_to = spec.get("full_to")
            if full_to is not None:
                check_zone(build, (*path, "full_to"), full_to, "player", ())
                if not any(build.zones[zone_id].capacity for zone_id in zones):
                    build.fail((*path, "full_to"), N_("zone '{name}' has no capacity: it is "
                                                      "never full"), name=zones[0])
            when = (build.expression((*path, "when"), spec["when"], names)
                    if "when" in spec else None)
            routes.append(Route(zones, when, pick, by, full_to))
        return tuple(routes)


class Sort(StepMechanism):
    """Every player's pieces of ``from``, one at a time, each to the first of ``to`` whose
    condition holds and that has a zone for it; a piece no place takes stays. They are
    sorted player by player, each's in the order the ruleset lists their kinds, or with
    ``by`` all together, lowest value first. With ``count``, at most that many of each
    player's pieces move."""

    name = "sort"
    description = ("Every player's pieces of their zone 'from' go, one at a time (player by "
                   "player, in the order the components are listed; with 'by', all players' "
                   "together, lowest value first), each to the first place of 'to' whose "
                   "condition holds for it and that has a zone with room for it (or, with "
                   "'full_to', a full one it empties first); a piece no place takes stays. "
                   "'count' moves at most that many of each player's pieces.")
    params = (ZoneRef("from", "The zone of each player whose pieces are sorted.",
                      attr="source", scope="player", needs=("counted",)),
              Routes("to", "The places tried for each piece, in order: {zone, when, pick, by, "
                           "full_to}.", attr="routes"),
              Attribute("by", "Sort all players' pieces together, lowest value of this number "
                              "attribute first (ties in seat order).", optional=True,
                        attr="order_by",
                        sentence=N_("All the players' {pieces:bare} go together, the lowest "
                                    "{by:bare} first.")),
              Count("count", "At most this many of each player's pieces move.", optional=True,
                    minimum=1,
                    sentence=N_("No player moves more than {count:acc} so.")))
    sentence = N_("Each {player:bare} sorts the {pieces:bare} of their {from}: each goes to "
                  "the first of these places where it fits: {to}.")
    events = by_code(
        EventType("sorted", N_("{player} puts {pieces:acc} on {zone:def}."),
                  {"player": shown.player(), "pieces": shown.pieces("pieces"),
                   "zone": shown.zone()}),
        # into a zone the others do not see, such as a hand
        EventType("sorted-in", N_("{player} takes {pieces:acc} into {zone:def}."),
                  {"player": shown.player(), "pieces": shown.pieces("pieces"),
                   "zone": shown.zone()}),
        EventType("took-full", N_("{player} takes {pieces:acc} from {zone:def}, which was "
                                  "full."),
                  {"player": shown.player(), "pieces": shown.pieces("pieces"),
                   "zone": shown.zone()}))
    changes = frozenset({ZONES})
    source: str
    routes: tuple[Route, ...]
    order_by: str | None
    count: int | None

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        for i, route in enumerate(self.routes):
            if self.source in route.zones:
                build.fail((*path, "to", i, "zone"),
                           N_("zone '{name}' cannot be sorted into itself"), name=self.source)
        if self.order_by is not None and build.attribute_types.get(self.order_by) is not int:
            build.fail((*path, "by"), N_("'{name}' is not a number attribute: it cannot order "
                                         "the pieces"), name=self.order_by)
        self.order: Mapping[str, int] = {}

    def chance(self, ruleset: Ruleset) -> bool:
        """A piece is laid on an ordered zone, but a full zone's are mixed into another."""
        return any(route.full_to is not None and ruleset.zones[route.full_to].ordered
                   for route in self.routes)

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        self.order = {kind: i for i, kind in enumerate(ruleset.components)}

    def run(self, state: GameState, events: list[Event]) -> None:
        left = {seat: self.count for seat in range(len(state.players))}
        told = state.rules.zones[self.source].visibility == "public"  # else kept as secret
        for seat, kind in self._pieces(state):
            if left[seat] == 0:
                continue
            with seated(state, seat):
                placed = self._place(state, kind)
                if placed is None:
                    continue
                state.writable(self.source, seat).remove(kind, 1)
                self._lay(state, seat, kind, *placed, events if told else [])
            remaining = left[seat]
            if remaining is not None:
                left[seat] = remaining - 1

    def _pieces(self, state: GameState) -> list[tuple[int, str]]:
        """Every piece to sort, with its player, in the order they are sorted."""
        pieces = [(seat, kind) for seat, content in enumerate(state.owned[self.source])
                  for kind in sorted(content.counts(), key=self.order.__getitem__)
                  for _ in range(content.counts()[kind])]
        if self.order_by is not None:
            records, by = state.rules.card_records, self.order_by
            pieces.sort(key=lambda piece: getattr(records[piece[1]], by))  # stable: seats
        return pieces

    def _place(self, state: GameState, kind: str) -> tuple[str, Route] | None:
        """The zone the first place that takes ``kind`` now picks, and that place."""
        names = TurnContext(state)
        card = card_record(state.rules, kind)
        for route in self.routes:
            if route.when is not None and not route.when.evaluate(
                    {**{name: names[name] for name in route.when.names_used if name != "card"},
                     "card": card}):
                continue
            zone = self._picked(state, route, card)
            if zone is not None:
                return zone, route
        return None

    @staticmethod
    def _picked(state: GameState, route: Route, card: Any) -> str | None:
        """The zone of ``route`` its rule picks for ``card``, or None."""
        open_zones = [zone for zone in route.zones
                      if route.full_to is not None or not _full(state, zone)]
        if route.pick == "fewest":
            return min(open_zones, key=lambda zone: state.zone(zone).size(), default=None)
        if route.pick == "closest-below":
            assert route.by is not None  # checked at load
            records, value = state.rules.card_records, getattr(card, route.by)
            best: tuple[int, str] | None = None
            for zone in open_zones:
                pile = state.zone(zone)
                if pile.size():
                    top = getattr(records[pile[0]], route.by)  # type: ignore[index]  # ordered
                    if top < value and (best is None or top > best[0]):
                        best = (top, zone)
            return None if best is None else best[1]
        return open_zones[0] if open_zones else None

    @staticmethod
    def _lay(state: GameState, seat: int, kind: str, zone: str, route: Route,
             events: list[Event]) -> None:
        """Put ``kind`` on ``zone`` (on top of an ordered one), a full one emptied first."""
        owner = None if zone in state.shared else seat
        player = state.players[seat]
        if route.full_to is not None and _full(state, zone):
            taken = dict(state.zone(zone, owner).counts())
            state.writable(zone, owner).clear()
            put(state, route.full_to, taken, seat)
            events.append(Event("took-full", {"player": player, "pieces": taken,
                                              "zone": zone}))
        if state.rules.zones[zone].ordered:
            state.writable(zone, owner).lay([kind], on_top=True)
        else:
            put(state, zone, {kind: 1}, owner)
        code = "sorted" if state.rules.zones[zone].visibility == "public" else "sorted-in"
        last = events[-1] if events else None
        if last is not None and last.code == code and (last.params["player"],
                                                       last.params["zone"]) == (player, zone):
            # told together: two pieces put on one zone
            last.params["pieces"][kind] = last.params["pieces"].get(kind, 0) + 1
        else:
            events.append(Event(code, {"player": player, "pieces": {kind: 1}, "zone": zone}))


def _full(state: GameState, zone: str) -> bool:
    capacity = state.rules.zones[zone].capacity
    return capacity is not None and state.zone(zone).size() >= capacity
