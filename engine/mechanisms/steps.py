"""Steps that happen without a decision: in setup, and after every turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ..errors import N_
from ..moves import Event
from ..state import GameState
from .. import zoneops
from .base import StepMechanism

if TYPE_CHECKING:
    from ..build import Builder
    from ..ruleset import Ruleset


class Shuffle(StepMechanism):
    """Put an ordered shared zone in random order."""

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        zone = build.zone((*path, "zone"), spec["zone"], scope="shared")
        if not zone.ordered:
            build.fail((*path, "zone"), N_("zone '{name}' has no order to shuffle"),
                       name=zone.id)
        self.zone = zone.id

    def run(self, state: GameState, events: list[Event]) -> None:
        state.rng = state.shared[self.zone].shuffle(state.rng)


class Deal(StepMechanism):
    """Each player in turn draws ``count`` pieces into their own zone."""

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        self.source = build.zone((*path, "from"), spec["from"], scope="shared").id
        self.target = build.zone((*path, "to"), spec["to"], scope="player").id
        self.count: int = spec["count"]

    def run(self, state: GameState, events: list[Event]) -> None:
        for player in range(len(state.players)):
            for _ in range(self.count):
                kind = zoneops.draw(state, self.source)
                if kind is not None:
                    zoneops.put(state, self.target, {kind: 1}, player)

    def pieces_needed(self, ruleset: Ruleset, players: int) -> int:
        return self.count * players


class SeedAreas(StepMechanism):
    """Put ``count`` pieces on every area; with ``redraw_wild``, wild pieces are drawn again."""

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        self.source = build.zone((*path, "from"), spec["from"], scope="shared").id
        self.count: int = spec["count"]
        self.redraw_wild: bool = spec.get("redraw_wild", False)
        self._path = path

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        self.wild = frozenset(ruleset.wild_kinds)

    def check_ruleset(self, ruleset: Ruleset, build: Builder) -> None:
        real = sum(c.copies for c in ruleset.components.values() if not c.wild)
        if self.redraw_wild and real < self.pieces_needed(ruleset, ruleset.max_players):
            build.fail(self._path, N_("the areas need {needed} pieces that are not wild, but "
                                      "there are only {available}"),
                       needed=self.pieces_needed(ruleset, 0), available=real)

    def run(self, state: GameState, events: list[Event]) -> None:
        for area_id in state.rules.areas:
            set_aside: dict[str, int] = {}
            placed: list[tuple[str, str]] = []
            while len(placed) < self.count:
                kind = zoneops.draw(state, self.source)
                if kind is None:
                    break
                if self.redraw_wild and kind in self.wild:
                    set_aside[kind] = set_aside.get(kind, 0) + 1
                else:
                    placed.append((kind, kind))
            state.areas[area_id] = tuple(sorted((k, s, placed.count((k, s)))
                                                for k, s in set(placed)))
            if set_aside:
                zoneops.put(state, self.source, set_aside)

    def pieces_needed(self, ruleset: Ruleset, players: int) -> int:
        return self.count * len(ruleset.areas)


class Fill(StepMechanism):
    """Draw into a shared zone until it holds its capacity, while the source lasts."""

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        self.source = build.zone((*path, "from"), spec["from"], scope="shared").id
        target = build.zone((*path, "to"), spec["to"], scope="shared")
        if target.capacity is None:
            build.fail((*path, "to"), N_("zone '{name}' needs a capacity to be filled up to"),
                       name=target.id)
        self.target, self.capacity = target.id, target.capacity

    def run(self, state: GameState, events: list[Event]) -> None:
        drawn = 0
        for _ in range(self.capacity - state.shared[self.target].size()):
            kind = zoneops.draw(state, self.source)
            if kind is None:
                break
            zoneops.put(state, self.target, {kind: 1})
            drawn += 1
        if drawn:
            state.turn.moved = True
            events.append(Event("filled", {"zone": self.target, "count": drawn}))

    def pieces_needed(self, ruleset: Ruleset, players: int) -> int:
        return self.capacity


class Split(StepMechanism):
    """Deal the pieces of an ordered zone into several, one at a time in turn."""

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        self.source = build.zone((*path, "from"), spec["from"], scope="shared").id
        self.targets = tuple(build.zone((*path, "to", i), z, scope="shared").id
                             for i, z in enumerate(spec["to"]))

    def run(self, state: GameState, events: list[Event]) -> None:
        turn = 0
        while (kind := zoneops.draw(state, self.source)) is not None:
            # dealt in order: no mixing needed
            state.shared[self.targets[turn % len(self.targets)]].lay([kind], on_top=False)
            turn += 1


class MoveAll(StepMechanism):
    """Move everything in one shared zone to another."""

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        self.source = build.zone((*path, "from"), spec["from"], scope="shared").id
        self.target = build.zone((*path, "to"), spec["to"], scope="shared").id

    def run(self, state: GameState, events: list[Event]) -> None:
        source = state.shared[self.source]
        if source:
            moving = dict(source.counts())
            source.clear()
            zoneops.put(state, self.target, moving)
            events.append(Event("moved-all", {"from": self.source, "to": self.target,
                                              "count": sum(moving.values())}))
