"""``draw-to``: the top piece of a chosen zone goes to where it waits; a zone that runs
out may be refilled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, cast

from ...context import CARD
from ... import events as show, limits
from ...errors import N_
from ...events import EventType, by_code
from ...moves import Event, Move
from ...state import GameState
from ... import zoneops
from ...zonecontent import Pile
from ..base import ActionMechanism, refuse
from ..params import ActionList, Count, Section, ZoneList, ZoneRef
from ..parts import ZONE, Part

if TYPE_CHECKING:
    from ...build import Builder
    from ...ruleset import Ruleset


class DrawTo(ActionMechanism):
    """The top piece of one of several ordered zones goes to the end of ``to``.

    With ``refill: {from, times}``, a stack that runs out is refilled, shuffled,
    """

    name = "draw-to"
    description = ("Take the top piece of a chosen zone; a zone that runs out may be refilled "
                   "from another, shuffled, a number of times.")
    params = (
        ZoneList("from", "The zones to draw from.", attr="stacks", scope="shared",
                 needs=("ordered",)),
        ZoneRef("to", "Where the drawn piece goes: a shared zone, or the player's own zone "
                      "of each player (their hand).", attr="target", needs=("laid",)),
        Section("refill", "Refill a zone that runs out, shuffled, from another zone.",
                optional=True, params=(
                    ZoneRef("from", "The zone whose pieces refill it.", scope="shared"),
                    Count("times", "How often in a game, over all the zones (always when "
                                   "absent).", optional=True, maximum=limits.REFILL_TIMES))),
        ActionList("not_back", "Actions whose piece may not be drawn back in the same turn: "
                               "the zone one of them put a piece on this turn is not drawn "
                               "from.", optional=True, attr="barred_by"),
    )
    parts = (Part("zone", ZONE),)
    sentence = N_("Draw the top piece of one of: {from}.")
    events = by_code(
        EventType("drew", N_("{player} draws from {zone}."),
                  {"player": show.player(), "zone": show.zone()}),
        EventType("refilled", N_("{zone} is empty: {pieces} from {source} are shuffled into it."),
                  {"zone": show.zone(), "source": show.zone("from"),
                   "pieces": show.amount("count", "piece")}, count="count"),
    )
    memory = {"card": None}  # the kind drawn last this turn
    facts = {"card": CARD}
    probe_cost = 0
    stacks: tuple[str, ...]
    target: str
    refill: dict[str, Any] | None
    barred_by: tuple[str, ...] | None

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        super().__init__(action_id, spec, build, path)
        self.refill_from: str | None = None if self.refill is None else self.refill["from"]
        self.refill_times: int | None = None if self.refill is None else self.refill["times"]
        self.counter = f"{action_id}:refills"

    def check_ruleset(self, ruleset: Ruleset, build: Builder) -> None:
        for i, action_id in enumerate(self.barred_by or ()):
            if "zone" not in ruleset.actions[action_id].memory:
                build.fail(("actions", self.id, "not_back", i),
                           N_("'{name}' does not remember a zone it put a piece on"),
                           name=action_id)

    def _barred(self, state: GameState) -> tuple[str | None, ...]:
        """The zones pieces were put on this turn by the actions named in ``not_back``."""
        if not self.barred_by:
            return ()
        memory = state.turn.memory
        return tuple(memory.get(action, {}).get("zone") for action in self.barred_by)

    def moves(self, state: GameState) -> list[Move]:
        barred = self._barred(state)
        return [Move(self.id, (("zone", z),)) for z in self.stacks
                if state.shared[z] and z not in barred]

    def check(self, state: GameState, move: Move) -> None:
        zone = move.get("zone")
        if zone not in self.stacks:
            raise refuse("not-a-stack", N_("you cannot draw from {zone}"), zone=zone)
        if not state.shared[zone]:
            raise refuse("stack-empty", N_("{zone} is empty"), zone=zone)
        if zone in self._barred(state):
            raise refuse("not-back", N_("the piece just put on {zone} cannot be drawn back"),
                         zone=zone)

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        zone: str = move.get("zone")
        stack = state.shared[zone]
        kind = zoneops.draw(state, zone)
        assert kind is not None  # check saw the stack holds one
        state.zone(self.target).lay([kind], on_top=False)
        self.remember(state, card=kind)
        state.turn.moved = True
        events.append(Event("drew", {"player": state.player, "zone": zone, "kind": kind},
                            self.id))
        if not stack and self.refill_from is not None:
            self._refill(state, zone, self.refill_from, events)

    def _refill(self, state: GameState, zone: str, source_id: str, events: list[Event]) -> None:
        used = state.counters.get(self.counter, 0)
        if self.refill_times is not None and used >= self.refill_times:
            return
        source = state.shared[source_id]
        pieces = list(cast(Pile, source)) if source.ordered else \
            [k for k, n in sorted(source.counts().items()) for _ in range(n)]
        if not pieces:
            return
        source.clear()
        stack = state.shared[zone]
        stack.lay(pieces, on_top=False)
        state.rng = stack.shuffle(state.rng)
        state.counters[self.counter] = used + 1
        events.append(Event("refilled", {"zone": zone, "from": self.refill_from,
                                         "count": len(pieces)}, self.id))
