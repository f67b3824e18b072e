"""Steps that happen without a decision: in setup, and after every turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ..errors import N_
from ..moves import Event
from ..state import GameState
from .. import rng, zoneops
from ..build import ZoneNeeds
from .base import StepMechanism

if TYPE_CHECKING:
    from ..build import Builder
    from ..ruleset import Ruleset


class Shuffle(StepMechanism):
    """Put an ordered shared zone in random order."""

    zone_needs = {"zone": ZoneNeeds(scope="shared", ordered=True)}

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        self.zone = self.zone_param(build, path, spec, "zone").id

    def run(self, state: GameState, events: list[Event]) -> None:
        state.rng = rng.shuffle(state.rng, state.shared[self.zone])  # type: ignore[arg-type]


class Deal(StepMechanism):
    """Each player in turn draws ``count`` pieces into their own zone."""

    zone_needs = {"from": ZoneNeeds(scope="shared"), "to": ZoneNeeds(scope="player", grid=False)}

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        self.source = self.zone_param(build, path, spec, "from").id
        self.target = self.zone_param(build, path, spec, "to").id
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

    zone_needs = {"from": ZoneNeeds(scope="shared")}

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        self.source = self.zone_param(build, path, spec, "from").id
        self.count: int = spec["count"]
        self.redraw_wild: bool = spec.get("redraw_wild", False)
        self._path = path

    def check_ruleset(self, ruleset: Ruleset, build: Builder) -> None:
        self.wild = frozenset(ruleset.wild_kinds)
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

    zone_needs = {"from": ZoneNeeds(scope="shared"),
                  "to": ZoneNeeds(scope="shared", capacity=True)}

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        self.source = self.zone_param(build, path, spec, "from").id
        target = self.zone_param(build, path, spec, "to")
        self.target, self.capacity = target.id, target.capacity

    def run(self, state: GameState, events: list[Event]) -> None:
        drawn = 0
        for _ in range(self.capacity - zoneops.size(state.shared[self.target])):
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
    """Deal the pieces of a zone into several, one at a time in turn."""

    zone_needs = {"from": ZoneNeeds(scope="shared"), "to": ZoneNeeds(scope="shared")}

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        self.source = self.zone_param(build, path, spec, "from").id
        self.targets = tuple(z.id for z in self.zone_params(build, path, spec, "to"))
        if self.source in self.targets:
            build.fail((*path, "to", self.targets.index(self.source)),
                       N_("zone '{name}' cannot be dealt into itself"), name=self.source)

    def run(self, state: GameState, events: list[Event]) -> None:
        turn = 0
        while (kind := zoneops.draw(state, self.source)) is not None:
            target = state.shared[self.targets[turn % len(self.targets)]]
            if isinstance(target, list):
                target.append(kind)  # dealt in order: no mixing needed
            else:
                target[kind] = target.get(kind, 0) + 1
            turn += 1


class MoveAll(StepMechanism):
    """Move everything in one shared zone to another."""

    zone_needs = {"from": ZoneNeeds(scope="shared"), "to": ZoneNeeds(scope="shared")}

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        self.source = self.zone_param(build, path, spec, "from").id
        self.target = self.zone_param(build, path, spec, "to").id

    def run(self, state: GameState, events: list[Event]) -> None:
        pieces = zoneops.counts(state.shared[self.source])
        if pieces:
            moving = dict(pieces)
            state.shared[self.source] = [] if isinstance(state.shared[self.source], list) \
                else {}
            zoneops.put(state, self.target, moving)
            events.append(Event("moved-all", {"from": self.source, "to": self.target,
                                              "count": sum(moving.values())}))
