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
from ..params import (CARD_WORDS, CONDITION_SCHEMA, ID_PATTERN, Context, Count, Param,
                      ZoneRef, check_zone)

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
    """A place a piece may go, and when (always, without a condition)."""

    zone: str
    when: Expression | None


@dataclass(frozen=True)
class Routes(Param):
    """Places tried in order, each a zone and a condition over ``card`` (the piece) and what
    conditions read of the state (``mine``: the zones of the player whose piece it is)."""

    schema_type: ClassVar[dict[str, Any]] = {
        "type": "array", "minItems": 1, "maxItems": ROUTES,
        "items": {"type": "object", "additionalProperties": False, "required": ["zone"],
                  "properties": {
                      "zone": {"type": "string", "pattern": ID_PATTERN,
                               "description": "Where the piece goes: a shared zone, or the "
                                              "player's own zone of each player."},
                      "when": {**CONDITION_SCHEMA,
                               "description": "When it goes there, over 'card' (the piece) "
                                              "and 'mine', 'zone', 'counts', 'players'…; "
                                              "always when absent."}}}}

    def json_schema(self) -> dict[str, Any]:
        return {**self.schema_type, "description": self.description}

    def resolve(self, value: Any, at: Context) -> Any:
        build = at.build
        names = {**{name: build.turn_condition_names[name] for name in STATE_NAMES},
                 "card": build.card_fields()}
        routes: list[Route] = []
        for i, spec in enumerate(value):
            if routes and routes[-1].when is None:
                build.fail((*at.path, i), N_("no piece ever goes here: every piece goes to the "
                                             "place before it, which has no condition"))
            zone = check_zone(build, (*at.path, i, "zone"), spec["zone"], None, ("laid",)).id
            when = (build.expression((*at.path, i, "when"), spec["when"], names)
                    if "when" in spec else None)
            routes.append(Route(zone, when))
        return tuple(routes)


class Sort(StepMechanism):
    """Every player's pieces of ``from``, one at a time in the order the ruleset lists their
    kinds, each to the first of ``to`` whose condition holds and that has room; a piece no
    place takes stays. With ``count``, at most that many of each player's pieces move."""

    name = "sort"
    description = ("Every player's pieces of their zone 'from' go, one at a time (in the "
                   "order the components are listed), each to the first place of 'to' whose "
                   "condition holds for it and that has room; a piece no place takes stays. "
                   "'count' moves at most that many of each player's pieces.")
    params = (ZoneRef("from", "The zone of each player whose pieces are sorted.",
                      attr="source", scope="player", needs=("counted",)),
              Routes("to", "The places tried for each piece, in order: {zone, when}.",
                     attr="routes"),
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
                   "zone": shown.zone()}))
    changes = frozenset({ZONES})
    source: str
    routes: tuple[Route, ...]
    count: int | None

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        for i, route in enumerate(self.routes):
            if route.zone == self.source:
                build.fail((*path, "to", i, "zone"),
                           N_("zone '{name}' cannot be sorted into itself"), name=route.zone)
        self.order: Mapping[str, int] = {}

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        self.order = {kind: i for i, kind in enumerate(ruleset.components)}

    def run(self, state: GameState, events: list[Event]) -> None:
        for seat in range(len(state.players)):
            with seated(state, seat):
                self._sort(state, seat, events)

    def _sort(self, state: GameState, seat: int, events: list[Event]) -> None:
        source = state.writable(self.source, seat)
        moved: dict[str, dict[str, int]] = {}  # zone -> pieces put there, in the order put
        left = self.count
        for kind in sorted(source.counts(), key=self.order.__getitem__):
            for _ in range(source.counts()[kind]):
                if left == 0:
                    break
                zone = self._place(state, kind)
                if zone is None:
                    break  # no place takes this kind now: the next copies are alike
                source.remove(kind, 1)
                put(state, zone, {kind: 1}, None if zone in state.shared else seat)
                moved.setdefault(zone, {})[kind] = moved.get(zone, {}).get(kind, 0) + 1
                left = None if left is None else left - 1
        zones = state.rules.zones
        if zones[self.source].visibility != "public":  # what moved stays as secret as it was
            return
        events += [Event("sorted" if zones[zone].visibility == "public" else "sorted-in",
                         {"player": state.players[seat], "pieces": pieces, "zone": zone})
                   for zone, pieces in moved.items()]

    def _place(self, state: GameState, kind: str) -> str | None:
        """The first place that takes ``kind`` now, or None."""
        names = TurnContext(state)
        for route in self.routes:
            if route.when is not None and not route.when.evaluate(
                    {**{name: names[name] for name in route.when.names_used if name != "card"},
                     "card": card_record(state.rules, kind)}):
                continue
            capacity = state.rules.zones[route.zone].capacity
            if capacity is None or state.zone(route.zone).size() < capacity:
                return route.zone
        return None
