"""Take pieces from a shared zone into the player's own zone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ..content import GroupStats
from .. import events as show
from ..errors import N_
from ..events import EventType, by_code
from ..moves import Event, Move
from ..playcache import Bounded
from ..state import GameState
from .. import zoneops
from .base import ActionMechanism, refuse
from .params import ActionRef, ConditionPerAreaType, Flag, ZoneRef
from .parts import KIND, Part

if TYPE_CHECKING:
    from ..build import Builder
    from ..expressions import Expression
    from ..ruleset import Ruleset

#: a kind taken is one kind and no wild piece (a wild piece is taken by ``single_wild``)
GROUP_FIELDS = {"count": int, "rank": int, "wilds": int, "kinds": int}

FROM = ZoneRef("from", "The shared zone pieces are taken from.", attr="source",
               scope="shared")
TO = ZoneRef("to", "The player's zone the pieces go to.", attr="target", scope="player",
             needs=("counted",))


TOOK = EventType("took", N_("{player} takes {pieces} from {zone}."),
                 {"player": show.player(), "pieces": show.count_of("kind", "count"),
                  "zone": show.zone("from")}, count="count")


class _Taking(ActionMechanism):
    parts = (Part("kind", KIND),)
    events = by_code(TOOK)
    source: str
    target: str

    def _ordered(self, state: GameState) -> list[tuple[str, int]]:
        """The source's content in the ruleset's order of kinds (a stable, meaningful menu)."""
        zone = state.shared[self.source].counts()
        return [(kind, zone[kind]) for kind in state.rules.components if zone.get(kind)]

    def _move(self, state: GameState, kind: str, count: int, events: list[Event]) -> None:
        state.shared[self.source].remove(kind, count)
        zoneops.put(state, self.target, {kind: count})
        state.turn.moved = True
        events.append(Event("took", {"player": state.player, "kind": kind, "count": count,
                                     "from": self.source}, self.id))


class TakeKind(_Taking):
    """All pieces of one kind, allowed by a condition on the group placed this turn.

    ``when`` maps each area type to a condition over ``taken`` (the pieces of
    that kind in the zone) and ``played`` (the group placed this turn). With
    ``single_wild``, exactly one wild piece may be taken instead.
    """

    name = "take-kind"
    description = ("Take all pieces of one kind from a shared zone, allowed by a condition on "
                   "the group placed this turn; or, with single_wild, exactly one wild piece.")
    params = (
        FROM, TO,
        Flag("single_wild", "Exactly one wild piece may be taken instead.",
             sentence=N_("Or take exactly one wild piece.")),
        ConditionPerAreaType(
            "when", "Per area type: a condition over 'taken' and 'played' (count, rank, wilds, "
                    "kinds) for taking all pieces of one kind.",
            names=lambda at: {"taken": GROUP_FIELDS, "played": GROUP_FIELDS}),
        ActionRef("after", "The action whose group placed this turn is 'played'."),
    )
    sentence = N_("Take all pieces of one kind from the {from} when allowed ({when}).")
    single_wild: bool
    when: dict[str, Expression]
    after: str

    def check_ruleset(self, ruleset: Ruleset, build: Builder) -> None:
        placing = ruleset.actions[self.after]
        if not {"area", "count", "rank"} <= set(placing.memory):
            build.fail(("actions", self.id, "after"),
                       N_("'{name}' does not place groups, so it has no group to compare with"),
                       name=self.after)

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        self.components = ruleset.components
        #: (area type, taken stats, played stats) -> whether taking is allowed
        self.verdicts: Bounded = ruleset.cache.tables(self.id,
                                                      lambda cache: cache.bounded(10_000))
        # How many of the played group's stats (count, rank, wilds, kinds) a condition
        # tells apart: verdicts are memoised by those only.
        self._played_fields = {
            type_id: 4 if when.reads("played", "wilds") or when.reads("played", "kinds") else 2
            for type_id, when in self.when.items()}

    def _allowed_kinds(self, state: GameState) -> list[tuple[str, int]]:
        """The kinds in the source that may be taken now, with their counts."""
        played = state.turn.memory.get(self.after)
        if played is None:
            return []
        type_id = state.rules.areas[played["area"]].type.id
        stats = (played["count"], played["rank"], played["wilds"], played["kinds"]) \
            if self._played_fields[type_id] == 4 else (played["count"], played["rank"])
        verdicts, components = self.verdicts, self.components
        allowed = []
        for kind, count in self._ordered(state):
            component = components[kind]
            if component.wild:
                if self.single_wild:
                    allowed.append((kind, count))
                continue
            key = (type_id, count, component.rank, stats)
            verdict = verdicts.get(key)
            if verdict is None:  # memoised: a handful of stats recur all game long
                verdict = verdicts.remember(key, bool(self.when[type_id].evaluate(
                    {"taken": GroupStats(count, component.rank, 0, 1),
                     "played": GroupStats(*stats)})))
            if verdict:
                allowed.append((kind, count))
        return allowed

    def moves(self, state: GameState) -> list[Move]:
        return [Move(self.id, (("kind", kind),)) for kind, _ in self._allowed_kinds(state)]

    def gains(self, state: GameState, move: Move) -> dict[str, int] | None:
        kind = move.get("kind")
        if kind is None:
            return None
        n = state.shared[self.source].counts().get(kind, 0)
        return {kind: 1 if self.components[kind].wild else n}

    def any_move(self, state: GameState) -> bool:
        return bool(self._allowed_kinds(state))

    def check(self, state: GameState, move: Move) -> None:
        zone = state.shared[self.source].counts()
        taken = move.get("kind")
        if taken not in zone:
            raise refuse("kind-absent", N_("there is no {kind} in {zone}"),
                         kind=taken, zone=self.source)
        if all(kind != taken for kind, _ in self._allowed_kinds(state)):
            raise refuse("take-not-allowed", N_("you may not take the {kind} now"),
                         kind=taken)

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        kind: str = move.get("kind")
        wild = self.components[kind].wild
        count = 1 if wild else state.shared[self.source].counts()[kind]
        self._move(state, kind, count, events)


class TakeOne(_Taking):
    """Any one piece; with the zone empty, the move takes nothing."""

    name = "take-one"
    description = "Take any one piece from a shared zone (nothing when it is empty)."
    params = (FROM, TO)
    parts = (Part("kind", KIND, optional=True),)
    sentence = N_("Take any one piece from the {from}.")
    events = by_code(TOOK, EventType("took-nothing", N_("{player} takes nothing: {zone} is "
                                                        "empty."),
                                     {"player": show.player(), "zone": show.zone("from")}))
    probe_cost = 0

    def moves(self, state: GameState) -> list[Move]:
        ordered = self._ordered(state)
        if not ordered:
            return [Move(self.id)]
        return [Move(self.id, (("kind", kind),)) for kind, _ in ordered]

    def gains(self, state: GameState, move: Move) -> dict[str, int] | None:
        kind = move.get("kind")
        return None if kind is None else {kind: 1}

    def any_move(self, state: GameState) -> bool:
        return True

    def check(self, state: GameState, move: Move) -> None:
        zone = state.shared[self.source].counts()
        kind = move.get("kind")
        if kind is None and zone:
            raise refuse("kind-needed", N_("say which piece you take"))
        if kind is not None and kind not in zone:
            raise refuse("kind-absent", N_("there is no {kind} in {zone}"),
                         kind=kind, zone=self.source)

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        kind = move.get("kind")
        if kind is None:
            events.append(Event("took-nothing", {"player": state.player, "from": self.source},
                                self.id))
            return
        self._move(state, kind, 1, events)
