"""A ruleset compiled from its data document.

Compilation happens once per load: components, zones and areas become small
frozen records, conditions become closures, and each action and step names a
mechanism (see ``mechanisms``) configured by its parameters.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Mapping

from .build import Builder, Located
from .content import GroupStats
from .errors import N_
from .expressions import Expression
from .mechanisms import ACTIONS, STEPS, ActionMechanism, StepMechanism

GROUP_FIELDS = {"count": int, "rank": int}
AREA_FIELDS = {"white": int, "dark": int, "fields": int}
END_NAMES = {
    "areas": {"open": int, "closed": int, "white_filled": int, "full": int},
    "players": int,
    "turns": int,
}


@dataclass(frozen=True, slots=True)
class Component:
    id: str
    copies: int
    rank: int = 0
    wild: bool = False


@dataclass(frozen=True, slots=True)
class Zone:
    id: str
    scope: str  # "shared" or "player"
    visibility: str  # "public", "owner" or "hidden"
    capacity: int | None = None
    ordered: bool = False


@dataclass(frozen=True, slots=True)
class WhenFull:
    move_to: str | None
    close: bool


@dataclass(frozen=True)
class AreaType:
    id: str
    grouping: str  # "same-kind" or "different-kinds"
    replace_when: Expression
    score_when: Expression
    when_full: WhenFull | None

    def may_replace(self, old: GroupStats, new: GroupStats) -> bool:
        """Whether a group with ``new`` stats may replace one with ``old`` stats."""
        return bool(self.replace_when({"old": old, "new": new}))


@dataclass(frozen=True, slots=True)
class Area:
    id: str
    type: AreaType
    white: int
    dark: int
    points: int | Mapping[int, int]

    @property
    def fields(self) -> int:
        return self.white + self.dark

    def points_for(self, count: int) -> int:
        if isinstance(self.points, int):
            return self.points
        return self.points.get(count, 0)


@dataclass(frozen=True, slots=True)
class Phase:
    id: str
    actions: tuple[str, ...]
    optional: bool
    next: str  # a phase id, or END_OF_TURN


END_OF_TURN = "end"


@dataclass(frozen=True, slots=True)
class EndRule:
    when: Expression
    finish_round: bool
    idle_rounds: int


@dataclass(frozen=True)
class Ruleset:
    id: str
    title: str
    min_players: int
    max_players: int
    components: Mapping[str, Component]
    supply: str
    zones: Mapping[str, Zone]
    area_types: Mapping[str, AreaType]
    areas: Mapping[str, Area]
    setup: tuple[StepMechanism, ...]
    phases: Mapping[str, Phase]
    start_phase: str
    after_turn: tuple[StepMechanism, ...]
    actions: Mapping[str, ActionMechanism]
    end: EndRule
    digest: str
    document: Any = field(repr=False, compare=False)
    variant: str | None = None
    variant_title: str | None = None
    source: Path = Path()

    @cached_property
    def probe_order(self) -> dict[str, tuple[ActionMechanism, ...]]:
        """Each phase's actions, cheapest to probe first (for skipping empty phases)."""
        return {phase.id: tuple(sorted((self.actions[a] for a in phase.actions),
                                       key=lambda action: action.probe_cost))
                for phase in self.phases.values()}

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self.components)

    def rank(self, kind: str) -> int:
        return self.components[kind].rank

    @property
    def wild_kinds(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.components.values() if c.wild)

    def total_pieces(self) -> int:
        return sum(c.copies for c in self.components.values())


#: keys that hold names and prose, not rules: changing them changes no game
PROSE_KEYS = frozenset({"title", "subtitle", "description", "name", "text", "terms",
                        "narration"})


def _rules_only(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _rules_only(v) for k, v in data.items() if k not in PROSE_KEYS}
    if isinstance(data, list):
        return [_rules_only(v) for v in data]
    return data


def digest_of(data: Any) -> str:
    """A hash of a document's rules (not its prose), for telling whether a saved game's
    rules changed."""
    canonical = json.dumps(_rules_only(data), sort_keys=True, separators=(",", ":"),
                           ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def compile_ruleset(document: Located, variant: str | None = None,
                    variant_title: str | None = None, source: Path = Path()) -> Ruleset:
    """Compile a schema-valid ruleset document; semantic mistakes raise DataError."""
    data = document.data
    build = Builder(document)
    components = _components(data["components"])
    build.components = components
    zones = _zones(build, data["zones"])
    build.zones = zones
    supply = data["supply"]
    build.zone(("supply",), supply, scope="shared")
    area_types = _area_types(build, data.get("area_types", {}))
    build.area_types = area_types
    areas = _areas(build, data.get("areas", {}))
    build.areas = areas
    actions = {
        action_id: _mechanism(build, ACTIONS, ("actions", action_id), spec, action_id)
        for action_id, spec in data["actions"].items()
    }
    setup = tuple(_mechanism(build, STEPS, ("setup", step_id), spec)
                  for step_id, spec in data.get("setup", {}).items())
    turn = data["turn"]
    phases = _phases(build, turn, actions)
    after = tuple(_mechanism(build, STEPS, ("turn", "after", step_id), spec)
                  for step_id, spec in turn.get("after", {}).items())
    end = data["end"]
    ruleset = Ruleset(
        id=data["id"],
        title=data.get("title", data["id"]),
        min_players=data["players"]["min"],
        max_players=data["players"]["max"],
        components=components,
        supply=supply,
        zones=zones,
        area_types=area_types,
        areas=areas,
        setup=setup,
        phases=phases,
        start_phase=turn["start"],
        after_turn=after,
        actions=actions,
        end=EndRule(
            when=build.expression(("end", "when"), end["when"], END_NAMES),
            finish_round=end.get("finish_round", False),
            idle_rounds=end.get("idle_rounds", 1),
        ),
        digest=digest_of(data),
        document=document,
        variant=variant,
        variant_title=variant_title,
        source=source,
    )
    _check_players(build, data, ruleset)
    for mechanism in (*actions.values(), *setup, *after):
        mechanism.check_ruleset(ruleset, build)
    return ruleset


def _components(data: Mapping[str, Any]) -> dict[str, Component]:
    return {
        kind: Component(kind, spec["copies"], spec.get("rank", 0), spec.get("wild", False))
        for kind, spec in data.items()
    }


def _zones(build: Builder, data: Mapping[str, Any]) -> dict[str, Zone]:
    zones = {}
    for zone_id, spec in data.items():
        if zone_id in build.components:
            build.fail(("zones", zone_id), N_("'{name}' is already the name of a component"),
                       name=zone_id)
        zones[zone_id] = Zone(zone_id, spec["scope"], spec["visibility"],
                              spec.get("capacity"), spec.get("ordered", False))
    return zones


def _area_types(build: Builder, data: Mapping[str, Any]) -> dict[str, AreaType]:
    types = {}
    for type_id, spec in data.items():
        path = ("area_types", type_id)
        when_full = spec.get("when_full")
        if when_full is not None and when_full.get("move_to") is not None:
            build.zone((*path, "when_full", "move_to"), when_full["move_to"], scope="shared")
        types[type_id] = AreaType(
            id=type_id,
            grouping=spec["grouping"],
            replace_when=build.expression((*path, "replace_when"), spec["replace_when"],
                                          {"old": GROUP_FIELDS, "new": GROUP_FIELDS}),
            score_when=build.expression((*path, "score_when"), spec["score_when"],
                                        {"placed": GROUP_FIELDS, "area": AREA_FIELDS}),
            when_full=None if when_full is None else WhenFull(when_full.get("move_to"),
                                                             when_full.get("close", False)),
        )
    return types


def _areas(build: Builder, data: Mapping[str, Any]) -> dict[str, Area]:
    areas = {}
    for area_id, spec in data.items():
        path = ("areas", area_id)
        if area_id in build.zones or area_id in build.components:
            build.fail(path, N_("'{name}' is already the name of a zone or component"),
                       name=area_id)
        area_type = build.area_types.get(spec["type"])
        if area_type is None:
            build.fail((*path, "type"), N_("unknown area type '{name}'; known types: {known}"),
                       name=spec["type"], known=", ".join(sorted(build.area_types)))
        white, dark = spec["white"], spec.get("dark", 0)
        points = spec["points"]
        if isinstance(points, dict):
            points = _points_table(build, (*path, "points"), points, white + dark)
        areas[area_id] = Area(area_id, area_type, white, dark, points)
    return areas


def _points_table(build: Builder, path: tuple, table: Mapping[str, int],
                  fields: int) -> dict[int, int]:
    points = {}
    for key, value in table.items():
        count = int(key)  # the schema allows only digits as keys
        if count > fields:
            build.fail((*path, key), N_("points for {count} pieces, but the area has only "
                                        "{fields} fields"), count=count, fields=fields)
        points[count] = value
    return points


def _mechanism(build: Builder, registry: Mapping[str, type], path: tuple,
               spec: Mapping[str, Any], action_id: str | None = None):
    key = "mechanism" if action_id is not None else "step"
    name = spec[key]
    cls = registry.get(name)
    if cls is None:
        build.fail((*path, key), N_("unknown {what} '{name}'; known: {known}"),
                   what=key, name=name, known=", ".join(sorted(registry)))
    if action_id is None:
        return cls(spec, build, path)
    return cls(action_id, spec, build, path)


def _phases(build: Builder, turn: Mapping[str, Any],
            actions: Mapping[str, ActionMechanism]) -> dict[str, Phase]:
    phases = {}
    known_targets = {*turn["phases"], END_OF_TURN}
    for phase_id, spec in turn["phases"].items():
        path = ("turn", "phases", phase_id)
        for i, action_id in enumerate(spec["actions"]):
            if action_id not in actions:
                build.fail((*path, "actions", i), N_("unknown action '{name}'; known: {known}"),
                           name=action_id, known=", ".join(sorted(actions)))
        following = spec.get("next", END_OF_TURN)
        if following not in known_targets:
            build.fail((*path, "next"), N_("unknown phase '{name}'; known: {known}"),
                       name=following, known=", ".join(sorted(known_targets)))
        phases[phase_id] = Phase(phase_id, tuple(spec["actions"]), spec.get("optional", False),
                                 following)
    if turn["start"] not in phases:
        build.fail(("turn", "start"), N_("unknown phase '{name}'; known: {known}"),
                   name=turn["start"], known=", ".join(sorted(phases)))
    for action_id, action in actions.items():
        if action.then not in known_targets:
            build.fail(("actions", action_id, "then"), N_("unknown phase '{name}'; known: {known}"),
                       name=action.then, known=", ".join(sorted(known_targets)))
    return phases


def _check_players(build: Builder, data: Mapping[str, Any], ruleset: Ruleset) -> None:
    if ruleset.min_players > ruleset.max_players:
        build.fail(("players", "min"), N_("the minimum number of players ({min}) is above the "
                                          "maximum ({max})"),
                   min=ruleset.min_players, max=ruleset.max_players)
    for area_id, area in ruleset.areas.items():
        if area.fields < 1:
            build.fail(("areas", area_id, "white"), N_("an area needs at least one field"))
    needed = sum(step.pieces_needed(ruleset, ruleset.max_players) for step in ruleset.setup)
    available = ruleset.total_pieces()
    if needed > available:
        build.fail(("setup",), N_("setup for {players} players needs {needed} pieces, but "
                                  "there are only {available}"),
                   players=ruleset.max_players, needed=needed, available=available)

