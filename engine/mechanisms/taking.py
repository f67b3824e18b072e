"""Take pieces from a shared zone into the player's own zone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ..content import GroupStats
from ..errors import N_
from ..moves import Event, Move
from ..playcache import Bounded
from ..state import GameState
from .. import zoneops
from .base import ActionMechanism, refuse

if TYPE_CHECKING:
    from ..build import Builder
    from ..expressions import Expression
    from ..ruleset import Ruleset

GROUP_FIELDS = {"count": int, "rank": int}


class _Taking(ActionMechanism):
    roles = ("kind",)

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        super().__init__(action_id, spec, build, path)
        self.source = build.zone((*path, "from"), spec["from"], scope="shared").id
        self.target = build.zone((*path, "to"), spec["to"], scope="player").id

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

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        super().__init__(action_id, spec, build, path)
        self.single_wild: bool = spec.get("single_wild", False)
        names = {"taken": GROUP_FIELDS, "played": GROUP_FIELDS}
        self.when: dict[str, Expression] = {
            type_id: build.expression((*path, "when", type_id), source, names)
            for type_id, source in spec["when"].items()
        }
        self._path = path

    def check_ruleset(self, ruleset: Ruleset, build: Builder) -> None:
        for type_id in self.when:
            if type_id not in ruleset.area_types:
                build.fail((*self._path, "when", type_id),
                           N_("unknown area type '{name}'; known types: {known}"),
                           name=type_id, known=", ".join(sorted(ruleset.area_types)))
        missing = sorted(set(ruleset.area_types) - set(self.when))
        if missing:
            build.fail((*self._path, "when"), N_("no condition for the area types: {missing}"),
                       missing=", ".join(missing))

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        self.components = ruleset.components
        #: (area type, taken stats, played stats) -> whether taking is allowed
        self.verdicts: Bounded = ruleset.cache.tables(self.id,
                                                      lambda cache: cache.bounded(10_000))

    def _allowed_kinds(self, state: GameState) -> list[tuple[str, int]]:
        """The kinds in the source that may be taken now, with their counts."""
        played = state.turn.played
        if played is None:
            return []
        type_id = state.rules.areas[played.area].type.id
        components, verdicts = self.components, self.verdicts
        allowed = []
        for kind, count in self._ordered(state):
            component = components[kind]
            if component.wild:
                if self.single_wild:
                    allowed.append((kind, count))
                continue
            key = (type_id, count, component.rank, played.count, played.rank)
            verdict = verdicts.get(key)
            if verdict is None:  # memoised: a handful of stats recur all game long
                verdict = verdicts.remember(key, bool(self.when[type_id].evaluate(
                    {"taken": GroupStats(count, component.rank),
                     "played": GroupStats(played.count, played.rank)})))
            if verdict:
                allowed.append((kind, count))
        return allowed

    def moves(self, state: GameState) -> list[Move]:
        return [Move(self.id, kind=kind) for kind, _ in self._allowed_kinds(state)]

    def gains(self, state: GameState, move: Move) -> dict[str, int] | None:
        if move.kind is None:
            return None
        n = state.shared[self.source].counts().get(move.kind, 0)
        return {move.kind: 1 if self.components[move.kind].wild else n}

    def any_move(self, state: GameState) -> bool:
        return bool(self._allowed_kinds(state))

    def check(self, state: GameState, move: Move) -> None:
        zone = state.shared[self.source].counts()
        if move.kind not in zone:
            raise refuse("kind-absent", N_("there is no {kind} in {zone}"),
                         kind=move.kind, zone=self.source)
        if all(kind != move.kind for kind, _ in self._allowed_kinds(state)):
            raise refuse("take-not-allowed", N_("you may not take the {kind} now"),
                         kind=move.kind)

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        kind: str = move.kind  # type: ignore[assignment]
        wild = self.components[kind].wild
        count = 1 if wild else state.shared[self.source].counts()[kind]
        self._move(state, kind, count, events)


class TakeOne(_Taking):
    """Any one piece; with the zone empty, the move takes nothing."""

    optional_roles = frozenset({"kind"})
    probe_cost = 0

    def moves(self, state: GameState) -> list[Move]:
        ordered = self._ordered(state)
        if not ordered:
            return [Move(self.id)]
        return [Move(self.id, kind=kind) for kind, _ in ordered]

    def gains(self, state: GameState, move: Move) -> dict[str, int] | None:
        return None if move.kind is None else {move.kind: 1}

    def any_move(self, state: GameState) -> bool:
        return True

    def check(self, state: GameState, move: Move) -> None:
        zone = state.shared[self.source].counts()
        if move.kind is None and zone:
            raise refuse("kind-needed", N_("say which piece you take"))
        if move.kind is not None and move.kind not in zone:
            raise refuse("kind-absent", N_("there is no {kind} in {zone}"),
                         kind=move.kind, zone=self.source)

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        if move.kind is None:
            events.append(Event("took", {"player": state.player, "kind": None, "count": 0,
                                         "from": self.source}, self.id))
            return
        self._move(state, move.kind, 1, events)
