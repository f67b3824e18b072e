"""``draw-to``: the top piece of a chosen zone goes to where it waits, or to a zone with
room the player chooses; a zone that runs out may be refilled; a piece that marks
something (the end drawing near) may be set aside, and another drawn instead; drawing
may be offered only while a zone the piece is to go to next has room.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, cast

from ...common import limits, shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event, Move
from ...conditions.turnnames import CARD, ZONES
from ...conditions.wording import PIECE_TERM
from ...model.builder import ZoneNeeds
from ...play import rounds
from ...play.parts import ZONE, Part
from ...play.state import GameState, draw
from ...zones.contents import Pile
from ..base import ActionMechanism, refuse
from ..params import ActionList, Condition, Count, Section, ZoneChoice, ZoneRef, card_names

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset


class DrawTo(ActionMechanism):
    """The top piece of one of several ordered zones goes to the end of ``to`` (while it
    has room, when it has a capacity), or, when ``to`` lists several zones, to one the
    player chooses (``into``) among those in play with room (below their capacity).

    With ``needs_room``, drawing is offered only while one of those zones is in play with
    room: a piece drawn face up onto a zone of its own, for everyone to see before the
    player chooses where it goes (an action of the next phase), is drawn only when it can
    go somewhere.

    With ``refill: {from, times}``, a stack that runs out is refilled, shuffled. With
    ``set_aside: {which, to}``, a drawn piece ``which`` picks goes to that zone instead and
    the player draws again from the same stack (a zone count the end rule can read).
    """

    name = "draw-to"
    always_moves = True
    description = ("Take the top piece of a chosen zone; a zone that runs out may be refilled "
                   "from another, shuffled, a number of times.")
    params = (
        ZoneChoice("from", "The zone to draw from, or a list of zones the player chooses "
                           "among (a family for all of its zones).", attr="stacks",
                   scope="shared", needs=("ordered",)),
        ZoneChoice("to", "Where the drawn piece goes: a shared zone or the player's own zone "
                         "of each player (their hand), or a list of shared zones (a family "
                         "for all of its zones) the player chooses among, each while it has "
                         "room.", attr="targets", honours_capacity=True),
        Section("refill", "Refill a zone that runs out, shuffled, from another zone.",
                optional=True, params=(
                    ZoneRef("from", "The zone whose pieces refill it.", scope="shared"),
                    Count("times", "How often in a game, over all the zones (always when "
                                   "absent).", optional=True, maximum=limits.REFILL_TIMES))),
        Section("set_aside", "A drawn piece this picks goes to another zone, and the player "
                             "draws again.", optional=True, params=(
                    Condition("which", "The pieces set aside, a condition over 'card'.",
                              names=card_names),
                    ZoneRef("to", "Where they go.", scope="shared"))),
        ZoneChoice("needs_room", "Drawing is offered only while at least one of these zones "
                                 "(a family for all of its zones; each with a capacity) is "
                                 "in play and holds fewer pieces than its capacity: where "
                                 "the drawn piece is to go next, when another action of the "
                                 "turn puts it there.", optional=True, attr="room_zones",
                   scope="shared", needs=("capacity",),
                   sentence=N_("You may draw only while {needs_room:def} has room.")),
        ActionList("not_back", "Actions whose piece may not be drawn back in the same turn: "
                               "the zone one of them put a piece on this turn is not drawn "
                               "from.", optional=True, attr="barred_by",
                   sentence=N_("Not from where a {piece:bare} was put this turn "
                               "({not_back}).")),
    )
    #: ``zone`` is left out of moves when there is only one zone to draw from, ``into``
    #: when there is only one zone for the piece
    parts = (Part("zone", ZONE, optional=True), Part("into", ZONE, optional=True))
    sentence = N_("Draw the top {piece} of {from:def}; it goes to {to:def}.")
    events = by_code(
        EventType("drew", N_("{player} draws from {zone:def}."),
                  {"player": shown.player(), "zone": shown.zone()}),
        EventType("drew-shown", N_("{player} draws {piece:indef} from {zone:def}."),
                  {"player": shown.player(), "piece": shown.kind(), "zone": shown.zone()}),
        EventType("drew-into", N_("{player} draws {piece:indef} and adds it to {into:def}."),
                  {"player": shown.player(), "piece": shown.kind(), "into": shown.zone("into")}),
        EventType("set-aside", N_("{player} draws {piece:indef}: it is set aside on {zone:def}, "
                                  "and another one is drawn."),
                  {"player": shown.player(), "piece": shown.kind(), "zone": shown.zone()}),
        EventType("refilled", N_("{zone:Def} is empty: {pieces} from {source:def} are "
                                 "shuffled into it."),
                  {"zone": shown.zone(), "source": shown.zone("from"),
                   "pieces": shown.amount("count", "piece")}, count="count", detail=True),
    )
    memory = {"card": None}  # the kind drawn last this turn
    memory_ids = {"card": "components"}
    facts = {"card": CARD}
    probe_cost = 0
    changes = frozenset({ZONES})  # piles and hands, never a grid (pieces go in cell by cell)
    draws_from = ("stacks",)
    stacks: tuple[str, ...]
    targets: tuple[str, ...]
    refill: dict[str, Any] | None
    set_aside: dict[str, Any] | None
    barred_by: tuple[str, ...] | None
    room_zones: tuple[str, ...] | None

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        super().__init__(action_id, spec, build, path)
        set_aside = self.set_aside
        self.refill_from: str | None = None if self.refill is None else self.refill["from"]
        self.refill_times: int | None = None if self.refill is None else self.refill["times"]
        self.counter = f"{action_id}:refills"
        #: the one zone a drawn piece goes to; None when the player chooses among several
        self.target: str | None = self.targets[0] if len(self.targets) == 1 else None
        #: the one zone drawn from; None when the player chooses among several
        self.stack: str | None = self.stacks[0] if len(self.stacks) == 1 else None
        if self.target is None:  # the player chooses: among shared zones
            for zone in self.targets:
                build.zone((*path, "to"), zone, ZoneNeeds(scope="shared"))
        #: the capacity of each zone the piece may go to or drawing waits for room in
        self.capacity = {z: build.zones[z].capacity
                         for z in (*self.targets, *(self.room_zones or ()))}
        #: the one shared zone the piece goes to, which must have room for a draw
        self.shared_target = self.target if self.target is not None \
            and build.zones[self.target].scope == "shared" else None
        #: a piece drawn into a public zone, or from one (everyone saw it on top), is named
        #: to everyone; one from a hidden stack into a hand, to no one
        into_public = self.target is not None and build.zones[self.target].visibility == "public"
        self.shown_from = frozenset(z for z in self.stacks
                                    if into_public or build.zones[z].visibility == "public")
        self.aside_to: str | None = None if set_aside is None else set_aside["to"]
        if self.aside_to is not None and self.aside_to in (*self.stacks, self.refill_from):
            # a piece set aside there would be drawn again, and again
            build.fail((*path, "set_aside", "to"),
                       N_("pieces set aside on '{name}' would come back to be drawn: set them "
                          "aside on a zone that is not drawn from or refilled from"),
                       name=self.aside_to)
        self.aside: frozenset[str] = frozenset()

    def chance(self, ruleset: Ruleset) -> bool:
        return self.refill is not None or super().chance(ruleset)  # a refill is shuffled

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        if self.set_aside is not None:
            records = ruleset.card_records
            which = self.set_aside["which"]
            self.aside = frozenset(kind for kind in ruleset.components
                                   if which.evaluate({"card": records[kind]}))

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

    def _open_targets(self, state: GameState) -> list[str]:
        """The zones a drawn piece may go to now: in play, with room."""
        return [zone for zone in rounds.zones_in_play(state, self.targets)
                if self._has_room(state, zone)]

    def _has_room(self, state: GameState, zone: str) -> bool:
        """Whether a shared zone holds fewer pieces than its capacity (always without one)."""
        capacity = self.capacity[zone]
        return capacity is None or state.shared[zone].size() < capacity

    def _blocked(self, state: GameState) -> bool:
        """Whether drawing is not possible now for want of room: the one zone the piece
        goes to is full, or none of the zones ``needs_room`` names is in play with room."""
        if self.shared_target is not None and not self._has_room(state, self.shared_target):
            return True
        return self.room_zones is not None and not any(
            self._has_room(state, zone) for zone in rounds.zones_in_play(state, self.room_zones))

    def moves(self, state: GameState) -> list[Move]:
        if self._blocked(state):
            return []
        barred = self._barred(state)
        stacks = [z for z in self.stacks if state.shared[z] and z not in barred]
        if self.stack is not None:  # nothing to say about where the piece comes from
            if not stacks:
                return []
            if self.target is not None:
                return [Move(self.id)]
            return [Move(self.id, (("into", t),)) for t in self._open_targets(state)]
        if self.target is not None:
            return [Move(self.id, (("zone", z),)) for z in stacks]
        into = self._open_targets(state)
        return [Move(self.id, (("into", t), ("zone", z))) for z in stacks for t in into]

    def canonical(self, state: GameState, move: Move) -> Move:
        """A move that names the only zone there is to draw from, or the only zone for the
        piece, means the move without it."""
        if (self.stack is not None and move.get("zone") == self.stack) \
                or (self.target is not None and move.get("into") == self.target):
            return move.replace(zone=None if self.stack is not None else move.get("zone"),
                                into=None if self.target is not None else move.get("into"))
        return move

    def implied(self) -> frozenset[str]:
        return frozenset(part for part, only in (("zone", self.stack), ("into", self.target))
                         if only is not None)

    def check(self, state: GameState, move: Move) -> None:
        zone = move.get("zone") or self.stack
        if zone is None:
            raise refuse("stack-needed", N_("say which zone you draw from"))
        if zone not in self.stacks:
            raise refuse("not-a-stack", N_("you cannot draw from {zone:def}"), zone=zone)
        if not state.shared[zone]:
            raise refuse("stack-empty", N_("{zone:Def} {zone:sg=is/pl=are} empty"), zone=zone)
        if self._blocked(state):
            raise refuse("no-room-anywhere",
                         N_("you cannot draw now: there would be no room for the {piece:bare}"),
                         piece=PIECE_TERM)
        if zone in self._barred(state):
            raise refuse("not-back",
                         N_("the {piece:bare} just put on {zone:def} cannot be drawn back"),
                         zone=zone, piece=PIECE_TERM)
        into = move.get("into")
        if self.target is None and into not in self._open_targets(state):
            if into is None:
                raise refuse("zone-needed", N_("say where the {piece:bare} goes"), piece=PIECE_TERM)
            if into in self.targets and rounds.is_closed(state.counters, into):
                raise rounds.out_of_play(into)
            raise refuse("no-room", N_("{zone:Def} cannot take {piece:indef} now"), zone=into,
                         piece=PIECE_TERM)
        if self.target is not None and into is not None:
            raise refuse("no-room", N_("{zone:Def} cannot take {piece:indef} now"), zone=into,
                         piece=PIECE_TERM)

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        zone = move.get("zone") or self.stack
        assert zone is not None  # check saw one named, or the only one
        kind = draw(state, zone)
        stack = state.shared[zone]  # as the draw left it
        assert kind is not None  # check saw the stack holds one
        state.turn.moved = True
        while kind in self.aside and self.aside_to is not None:
            state.writable(self.aside_to).lay([kind], on_top=False)
            events.append(Event("set-aside", {"player": state.player, "zone": self.aside_to,
                                              "kind": kind}, self.id))
            if not stack and self.refill_from is not None:
                self._refill(state, zone, self.refill_from, events)
            kind = draw(state, zone)
            if kind is None:
                return
        target = self.target or move.get("into")
        state.writable(target).lay([kind], on_top=False)
        self.remember(state, card=kind)
        if self.target is None:
            events.append(Event("drew-into", {"player": state.player, "zone": zone,
                                              "kind": kind, "into": target}, self.id))
        else:
            events.append(Event("drew-shown" if zone in self.shown_from else "drew",
                                {"player": state.player, "zone": zone, "kind": kind}, self.id))
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
        state.writable(source_id).clear()
        stack = state.writable(zone)
        stack.lay(pieces, on_top=False)
        state.rng = stack.shuffle(state.rng)
        state.counters[self.counter] = used + 1
        events.append(Event("refilled", {"zone": zone, "from": self.refill_from,
                                         "count": len(pieces)}, self.id))
