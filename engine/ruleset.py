"""A ruleset compiled from its data document.

Compilation happens once per load: components, zones and areas become small
frozen records, conditions become closures, and each action and step names a
mechanism (see ``mechanisms``) configured by its parameters.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from functools import cached_property
from collections import namedtuple
from itertools import accumulate
from types import MappingProxyType
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, Sequence

from .build import Builder, Located, ZoneNeeds
from .cleantext import name_key
from .content import GroupStats
from .context import (action_record_type, area_summary_type, field_name, parts_read,
                      run_fields, zone_record_type)
from .errors import N_
from .expressions import Expression
from .generators import expand_components
from .groupscoring import GroupScoring, compile_group_scoring
from .limits import TOTAL_PIECES
from .mechanisms import ACTIONS, STEPS, ActionMechanism, StepMechanism
from .mechanisms.actions.skip import EndTurn
from .playcache import PlayCache
from .rulebookcheck import check_rulebook
from .straight import StraightLine, compile_straight_lines, is_straight
from .texts import substitute
from .zonecontent import Tally, ZoneContent, content_type
from .zonefamilies import family_members
from .zonescoring import ZoneScoring, compile_zone_scoring

if TYPE_CHECKING:
    from .state import GameState

GROUP_FIELDS = {"count": int, "rank": int, "wilds": int, "kinds": int}
LINE_ZONE = ZoneNeeds(scope="player", grid=True)  # runs lie along the rows of each player's grid
ATTRIBUTE_TYPES = {bool: bool, int: int, str: str}


@dataclass(frozen=True, slots=True)
class Component:
    id: str
    copies: int
    rank: int = 0
    wild: bool = False
    attributes: Mapping[str, Any] = field(default_factory=dict)
    #: the axis values a generated kind was made of (see ``generators``); its name fills
    #: in the numbers among them
    axes: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Zone:
    id: str
    scope: str  # "shared" or "player"
    visibility: str  # "public", "owner", "secret" (not even the size shown) or "hidden"
    capacity: int | None = None
    ordered: bool = False
    grid: tuple[int, int] | None = None  # (rows, columns) for a zone laid out in cells
    family: str | None = None  # the numbered family the zone belongs to (see ``_zones``)
    number: int = 0  # its number in the family, from 1
    #: the fewest players with whom the zone is in play (a family counted by players)
    from_players: int = 0
    #: the type of what the zone holds, chosen by ``ordered`` and ``grid`` (see zonecontent)
    content: type[ZoneContent] = field(default=Tally, repr=False)
    #: in a family with one zone per value of an attribute: that attribute, and this zone's
    #: value of it (see ``zonefamilies``)
    by: str = ""
    value: str = ""


@dataclass(frozen=True)
class Line:
    """A pattern of runs along the rows of a grid zone (see ``grid.find_row_runs``)."""

    id: str
    zone: str
    start: Expression
    end: Expression
    gap: int
    sums: Mapping[str, Expression]  # run field -> int over each card, summed
    anys: Mapping[str, Expression]  # run field -> true when it holds for any card
    kinds_of: Mapping[str, Expression]  # run field -> how many different texts (and the one)
    #: the kinds that start a run and those that end one (``start``, ``end`` of each kind)
    starts: frozenset[str] = frozenset()
    ends: frozenset[str] = frozenset()


@dataclass(frozen=True)
class SetBonus:
    parts: frozenset[str]
    points: int


@dataclass(frozen=True)
class LineScoring:
    """Points for the runs of a line at the end of the game."""

    line: str
    complete_only: bool
    run: Expression | None  # over ``run``
    card: Expression | None  # over ``card``, for each card of a run
    set_by: str | None  # cards of one run with the same value of this attribute form a set
    part_by: str | None  # the attribute naming a card's part of its set
    bonuses: tuple[SetBonus, ...]  # largest first; a set earns the largest it completes


@dataclass(frozen=True, slots=True)
class Transition:
    """Where a turn goes next: ``phase`` when ``when`` holds (always when it is None)."""

    when: Expression | None
    phase: str


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

    def forms(self, stood_for: Sequence[str]) -> bool:
        """Whether a group whose pieces stand for these kinds (one entry a piece) is one
        this type forms: of one kind, or of different kinds."""
        if self.grouping == "same-kind":
            return len(set(stood_for)) <= 1
        return len(set(stood_for)) == len(stood_for)



@dataclass(frozen=True, slots=True)
class Area:
    """A place on the board. Its fields are named by kind (``counts``, in the order they
    are filled); ``record`` is what conditions read as ``area``: each kind of the board
    (0 where this area has none) and ``fields``, the sum."""

    id: str
    type: AreaType
    counts: Mapping[str, int]
    points: int | Mapping[int, int]
    fields: int = 0  # all its fields together
    record: Any = field(repr=False, compare=False, default=None)
    #: per kind, how many pieces fill the fields up to and including those of that kind
    filled_at: Mapping[str, int] = field(repr=False, compare=False, default_factory=dict)

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
    #: an optional phase the turn ends after: its player may end the turn instead
    may_end_turn: bool = False


END_OF_TURN = "end"
#: the built-in decision that ends the turn, offered where an optional phase leads to its end
END_TURN = "end-turn"


@dataclass(frozen=True, slots=True)
class EndRule:
    when: Expression
    finish_round: bool
    idle_rounds: int
    after_each_move: bool = False  # checked after every move, not only after a turn
    at_once: Expression | None = None  # checked after every move; ends the game at once
    #: "highest": the most points win; "lowest": the fewest; "mover": when ``at_once`` ends
    #: the game, the player whose move made it hold wins (else the most points)
    winner: str = "highest"
    #: per condition ("when", "at_once"), the parts of a state it reads (None: also what
    #: changes with every move or turn; see ``context.parts_read``)
    reads: Mapping[str, frozenset[str] | None] = field(default_factory=dict)

    @property
    def lowest_wins(self) -> bool:
        return self.winner == "lowest"


@dataclass(frozen=True)
class Ruleset:
    id: str
    title: str
    min_players: int
    max_players: int
    components: Mapping[str, Component]
    supply: str
    zones: Mapping[str, Zone]
    zone_families: Mapping[str, tuple[str, ...]]  # family id -> its zones, in order
    area_types: Mapping[str, AreaType]
    areas: Mapping[str, Area]
    setup: tuple[StepMechanism, ...]
    lines: Mapping[str, Line]
    scoring: tuple[LineScoring, ...]
    attribute_types: Mapping[str, type]
    card_records: Mapping[str | None, Any]
    phases: Mapping[str, Phase]
    start_phase: str
    after_turn: tuple[StepMechanism, ...]
    actions: Mapping[str, ActionMechanism]
    action_fields: Mapping[str, ActionMechanism]  # by the name conditions use (see context)
    transitions: Mapping[str, tuple[Transition, ...]]  # action id -> where the turn goes
    before_end: Transition | None
    end: EndRule
    #: how the next round starts when players go out of rounds (``engine/rounds.py``);
    #: None: turns simply go round
    rounds: str | None
    #: points for the groups in players' zones at the end (``engine/groupscoring.py``)
    group_scoring: tuple[GroupScoring, ...]
    digest: str
    #: each phase's actions, cheapest to probe first (for skipping phases without moves)
    probe_order: Mapping[str, tuple[ActionMechanism, ...]]
    #: per phase, the actions whose moves a decision in it offers, in order (``_offered``)
    offers: Mapping[str, tuple[ActionMechanism, ...]]
    #: per (phase, action offered there), the phase a move of it is played in: the first
    #: reached that has it (ending the turn: the last reached)
    played_in: Mapping[tuple[str, str], Phase]
    #: the type of the record conditions read as ``areas`` (a field per kind of field)
    area_summary: type = field(repr=False, compare=False)
    #: how to make the records conditions read as each action (by its field name) and as
    #: ``zone`` from a state (see ``context``)
    records: Mapping[str, Callable[[GameState], Any]] = field(repr=False, compare=False)
    document: Any = field(repr=False, compare=False)
    variant: str | None = None
    variant_title: str | None = None
    source: Path = Path()
    #: the same player takes another turn when this holds as their turn ends
    again_when: Expression | None = None
    #: what mechanisms learn during play; the only part of a ruleset that changes
    cache: PlayCache = field(default_factory=PlayCache, repr=False, compare=False)
    #: points at the end over what zones of each player hold (see ``zonescoring``)
    zone_scoring: tuple[ZoneScoring, ...] = ()
    #: straight lines of alike pieces (``lines:`` with a ``length``; see ``straight``)
    straight_lines: Mapping[str, StraightLine] = field(
        default_factory=lambda: MappingProxyType({}))

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self.components)

    def rank(self, kind: str) -> int:
        return self.components[kind].rank

    @cached_property
    def wild_kinds(self) -> tuple[str, ...]:
        """The kinds that stand in for others (asked for every move a menu lays out)."""
        return tuple(c.id for c in self.components.values() if c.wild)

    @property
    def scored_at_end(self) -> bool:
        """Whether points are counted when the game ends (runs of lines, zones, groups)."""
        return bool(self.scoring or self.zone_scoring or self.group_scoring)

    @property
    def keeps_score(self) -> bool:
        """Whether points can be won at all: counted at the end, or by an action's moves."""
        return self.scored_at_end or any(action.scores for action in self.actions.values())

    def total_pieces(self) -> int:
        return sum(c.copies for c in self.components.values())


#: keys that hold names and prose, not rules: changing them changes no game
PROSE_KEYS = frozenset({"title", "subtitle", "description", "name", "text", "terms",
                        "narration", "labels", "reasons", "grammar", "mentions"})


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
    expanded = expand_components(document)
    document, data = expanded, expanded.data
    build = Builder(document)
    components = _components(build, data["components"], expanded.axes)
    build.components = components
    attribute_types = _attribute_types(build, components)
    card_records = _card_records(components, attribute_types)
    build.attribute_types = attribute_types
    build.attribute_words = {
        name: frozenset({"", *(c.attributes[name] for c in components.values()
                               if name in c.attributes)})
        for name, type_ in attribute_types.items() if type_ is str}
    zones = _zones(build, data["zones"], data["players"]["max"])
    build.zones = zones
    build.zone_families = _families(zones)
    supply = data["supply"]
    build.zone(("supply",), supply, scope="shared")
    kinds = tuple(dict.fromkeys(kind for spec in data.get("areas", {}).values()
                                for kind in spec["fields"]))
    for area_id, spec in data.get("areas", {}).items():
        for kind in spec["fields"]:
            if kind not in data.get("terms", {}):  # the board and the rulebook name it
                build.fail(("areas", area_id, "fields", kind),
                           N_("a kind of field needs its name among the terms, e.g. "
                              "{example}"),  # written in English, as every name in the file
                           example=f"terms: {{{kind}: [{kind} field, {kind} fields]}}")
    area_types = _area_types(build, data.get("area_types", {}), kinds)
    build.area_types = area_types
    areas = _areas(build, data.get("areas", {}))
    build.areas = areas
    for section, specs in (("components", data["components"]), ("zones", data["zones"]),
                           ("areas", data.get("areas", {}))):
        _distinct_names(build, section, specs, components)
    lines = _lines(build, data.get("lines", {}), card_records)
    build.lines = lines
    straight_lines = compile_straight_lines(build, data.get("lines", {}))
    build.straight_lines = straight_lines
    build.action_ids = frozenset(data["actions"])
    actions = {
        action_id: _mechanism(build, ACTIONS, ("actions", action_id), spec, action_id)
        for action_id, spec in data["actions"].items()
    }
    setup = tuple(_mechanism(build, STEPS, ("setup", step_id), spec)
                  for step_id, spec in data.get("setup", {}).items())
    turn = data["turn"]
    phases = _phases(build, turn, actions)
    if END_TURN in actions:
        build.fail(("actions", END_TURN), N_("'{name}' is the name of a built-in decision"),
                   name=END_TURN)
    if any(phase.may_end_turn for phase in phases.values()):
        actions[END_TURN] = EndTurn(END_TURN, {}, build, ("actions",))
    after = tuple(_mechanism(build, STEPS, ("turn", "after", step_id), spec)
                  for step_id, spec in turn.get("after", {}).items())
    end = data["end"]
    if end.get("winner") == "mover" and "at_once" not in end:
        build.fail(("end", "winner"), N_("'winner: mover' names who wins when 'at_once' ends "
                                         "the game; give the condition 'at_once'"))
    names = build.turn_names(actions)
    known_phases = {*phases, END_OF_TURN}
    transitions = {
        action_id: _transitions(build, ("actions", action_id, "then"),
                                data["actions"].get(action_id, {}).get("then", END_OF_TURN),
                                names, known_phases)
        for action_id in actions}
    before_end = None
    if "before_end" in turn:
        path = ("turn", "before_end")
        before_end = Transition(build.expression((*path, "when"), turn["before_end"]["when"],
                                                 names),
                                _phase_ref(build, (*path, "phase"), turn["before_end"]["phase"],
                                           set(phases)))
    ruleset = Ruleset(
        id=data["id"],
        title=data.get("title", data["id"]),
        min_players=data["players"]["min"],
        max_players=data["players"]["max"],
        components=MappingProxyType(components),
        supply=supply,
        zones=MappingProxyType(zones),
        zone_families=MappingProxyType(dict(build.zone_families)),
        area_types=MappingProxyType(area_types),
        areas=MappingProxyType(areas),
        setup=setup,
        lines=MappingProxyType(lines),
        scoring=_scoring(build, {k: v for k, v in data.get("scoring", {}).items()
                                 if "zone" not in v}, lines),
        attribute_types=MappingProxyType(attribute_types),
        card_records=card_records,
        phases=MappingProxyType(phases),
        start_phase=turn["start"],
        after_turn=after,
        actions=MappingProxyType(actions),
        action_fields=MappingProxyType({field_name(a): action
                                        for a, action in actions.items()}),
        transitions=MappingProxyType(transitions),
        before_end=before_end,
        rounds=_rounds(build, turn, actions),
        group_scoring=compile_group_scoring(build, data.get("group_scoring", {})),
        end=_end_rule(build, end, names),
        digest=digest_of(data),
        probe_order=MappingProxyType(_probe_order(phases, actions)),
        offers=MappingProxyType({phase: _offered(phases, actions, phase) for phase in phases}),
        played_in=MappingProxyType(_played_in(phases, actions)),
        area_summary=area_summary_type(field_kinds(areas.values())),
        records=MappingProxyType({
            **{field_name(a): action_record_type(action, card_records)
               for a, action in actions.items()},
            "zone": zone_record_type(zones, build.zone_families)}),
        document=document,
        variant=variant,
        variant_title=variant_title,
        source=source,
        zone_scoring=compile_zone_scoring(build, data.get("scoring", {})),
        again_when=(build.expression(("turn", "again_when"), turn["again_when"], names)
                    if "again_when" in turn else None),
        straight_lines=MappingProxyType(straight_lines),
    )
    _check_players(build, data, ruleset)
    check_rulebook(build, data, source)
    mechanisms = (*actions.values(), *setup, *after)
    for mechanism in mechanisms:
        mechanism.bind(ruleset, build)
    for mechanism in mechanisms:
        mechanism.check_ruleset(ruleset, build)
    from .soundness import check_soundness  # it reads the records this module defines

    check_soundness(ruleset, build)
    for mechanism in mechanisms:
        mechanism.seal()
    return ruleset


def _end_rule(build: Builder, end: Mapping[str, Any], names: Mapping[str, Any]) -> EndRule:
    when = build.expression(("end", "when"), end["when"], names)
    at_once = (build.expression(("end", "at_once"), end["at_once"], names)
               if "at_once" in end else None)
    reads = {"when": parts_read(when.names_used)}
    if at_once is not None:
        reads["at_once"] = parts_read(at_once.names_used)
    return EndRule(when=when, finish_round=end.get("finish_round", False),
                   idle_rounds=end.get("idle_rounds", 1),
                   after_each_move=end.get("after_each_move", False), at_once=at_once,
                   winner=end.get("winner", "highest"), reads=MappingProxyType(reads))


def phases_from(phases: Mapping[str, Phase], phase_id: str) -> Iterator[Phase]:
    """A phase and, while phases are optional, the ones after it: those a decision in it
    reaches."""
    phase = phases[phase_id]
    yield phase
    while phase.optional and phase.next != END_OF_TURN:  # no loop: the loader refuses them
        phase = phases[phase.next]
        yield phase


def _played_in(phases: Mapping[str, Phase], actions: Mapping[str, ActionMechanism]
               ) -> dict[tuple[str, str], Phase]:
    """For each phase and each action a decision in it offers, the phase the move is
    played in (``Ruleset.played_in``)."""
    found: dict[tuple[str, str], Phase] = {}
    for phase_id in phases:
        reached = list(phases_from(phases, phase_id))
        for action in _offered(phases, actions, phase_id):
            found[phase_id, action.id] = next(
                (p for p in reached if action.id in p.actions), reached[-1])
    return found


def _offered(phases: Mapping[str, Phase], actions: Mapping[str, ActionMechanism],
            phase_id: str) -> tuple[ActionMechanism, ...]:
    """The actions a decision in a phase offers: those of the phases it reaches, then ending
    the turn where the last of them may."""
    reached = list(phases_from(phases, phase_id))
    ending = (actions[END_TURN],) if reached[-1].may_end_turn else ()
    return (*(actions[a] for phase in reached for a in phase.actions), *ending)


def _probe_order(phases: Mapping[str, Phase], actions: Mapping[str, ActionMechanism]
                 ) -> dict[str, tuple[ActionMechanism, ...]]:
    return {phase.id: tuple(sorted((actions[a] for a in phase.actions),
                                   key=lambda action: action.probe_cost))
            for phase in phases.values()}


def _distinct_names(build: Builder, section: str, specs: Mapping[str, Any],
                    components: Mapping[str, Component]) -> None:
    """Refuse two kinds, zones or areas of one name (in either form): a player could not
    tell them apart on the screen, nor name one in a typed move. A generated kind's name
    is compared with its numbers filled in."""
    named: dict[str, str] = {}
    for item_id, spec in specs.items():
        name = spec.get("name")
        forms = [name] if isinstance(name, str) else list(name or ())
        axes = components[item_id].axes if section == "components" else {}
        for form in dict.fromkeys(substitute(form, axes) for form in forms):
            other = named.setdefault(name_key(form), item_id)
            if other != item_id:
                build.fail((section, item_id, "name"),
                           N_("'{name}' is also the name of '{other}': players could not tell "
                              "the two apart"), name=form, other=other)


def _components(build: Builder, data: Mapping[str, Any],
                axes: Callable[[str], Mapping[str, Any]]) -> dict[str, Component]:
    for kind, spec in data.items():
        if spec.get("wild") and "rank" in spec:
            build.fail(("components", kind, "rank"),
                       N_("a wild piece has no rank of its own: it takes the rank of the kind "
                          "it stands for"))
    return {
        kind: Component(kind, spec["copies"], spec.get("rank", 0), spec.get("wild", False),
                        MappingProxyType(dict(spec.get("attributes", {}))),
                        MappingProxyType(dict(axes(kind))))
        for kind, spec in data.items()
    }


def _attribute_types(build: Builder, components: Mapping[str, Component]) -> dict[str, type]:
    """Each attribute's type; one attribute must have one type in every component."""
    types: dict[str, type] = {}
    for kind, component in components.items():
        for name, value in component.attributes.items():
            type_ = ATTRIBUTE_TYPES[type(value)]
            if types.setdefault(name, type_) is not type_:
                build.fail(("components", kind, "attributes", name),
                           N_("'{name}' is a different kind of value in another component"),
                           name=name)
    return types


def record_type(name: str, fields: list[str]) -> Any:
    """A record type (a named tuple: it cannot be changed) whose fields the data names; a
    field that is a Python keyword is renamed, since no condition could name it anyway."""
    return namedtuple(name, fields, rename=True)


def _card_records(components: Mapping[str, Component], types: Mapping[str, type]
                  ) -> Mapping[str | None, Any]:
    """Per kind, its attributes as conditions read them (absent ones: 0, false or ""), as
    records that cannot be changed."""
    defaults = {name: type_() for name, type_ in types.items()}
    record = record_type("CardRecord", list(defaults))
    records: dict[str | None, Any] = {None: record(**defaults)}
    for kind, component in components.items():
        records[kind] = record(**{**defaults, **component.attributes})
    return MappingProxyType(records)


def _lines(build: Builder, data: Mapping[str, Any], records: Mapping[str | None, Any]
           ) -> dict[str, Line]:
    lines = {}
    card = {"card": build.card_fields()}
    for line_id, spec in data.items():
        if is_straight(spec):
            continue  # see ``straight``
        path = ("lines", line_id)
        for key in ("start", "end"):
            if key not in spec:
                build.fail(path, N_("a line needs a 'start' and an 'end' (a run pattern) or a "
                                    "'length' (a straight line of alike pieces)"))
        zone = build.zone((*path, "zone"), spec["zone"], LINE_ZONE)
        start = build.expression((*path, "start"), spec["start"], card)
        end = build.expression((*path, "end"), spec["end"], card)
        lines[line_id] = Line(
            id=line_id, zone=zone.id, start=start, end=end,
            gap=spec.get("gap", 0),
            sums={name: build.expression((*path, "sum", name), source, card, int)
                  for name, source in spec.get("sum", {}).items()},
            anys={name: build.expression((*path, "any", name), source, card)
                  for name, source in spec.get("any", {}).items()},
            kinds_of={name: build.expression((*path, "different", name), source, card, str)
                      for name, source in spec.get("different", {}).items()},
            starts=_kinds_where(start, records), ends=_kinds_where(end, records),
        )
    return lines


def _kinds_where(condition: Expression, records: Mapping[str | None, Any]) -> frozenset[str]:
    """The kinds whose attributes meet ``condition`` (over ``card``)."""
    return frozenset(kind for kind, record in records.items()
                     if kind is not None and condition.evaluate({"card": record}))


def _scoring(build: Builder, data: Mapping[str, Any], lines: Mapping[str, Line]
             ) -> tuple[LineScoring, ...]:
    rules = []
    card = {"card": build.card_fields()}
    for line_id, spec in data.items():
        if "zone" in spec:
            continue  # a zone's points (see ``zonescoring``)
        path = ("scoring", line_id)
        line = lines.get(line_id)
        if line is None:
            build.fail(path, N_("unknown line '{name}'; known: {known}"), name=line_id,
                       known=", ".join(sorted(lines)) or "-")
        sets = spec.get("sets", {})
        for key in ("by", "part"):
            if key in sets and sets[key] not in build.attribute_types:
                build.fail((*path, "sets", key), N_("unknown attribute '{name}'"),
                           name=sets[key])
        bonuses = sorted((SetBonus(frozenset(b["parts"]), b["points"])
                          for b in sets.get("bonus", [])), key=lambda b: -len(b.parts))
        rules.append(LineScoring(
            line=line_id,
            complete_only=spec.get("complete_only", True),
            run=(build.expression((*path, "run"), spec["run"], {"run": run_fields(line)}, int)
                 if "run" in spec else None),
            card=(build.expression((*path, "card"), spec["card"], card, int)
                  if "card" in spec else None),
            set_by=sets.get("by"), part_by=sets.get("part"), bonuses=tuple(bonuses)))
    return tuple(rules)


def _phase_ref(build: Builder, path: tuple, phase: str, known: set[str]) -> str:
    if phase not in known:
        build.fail(path, N_("unknown phase '{name}'; known: {known}"), name=phase,
                   known=", ".join(sorted(known)))
    return phase


def _transitions(build: Builder, path: tuple, spec: Any, names: Mapping[str, Any],
                 known: set[str]) -> tuple[Transition, ...]:
    """An action's ``then``: a phase, or a list of {when, phase} tried in order."""
    if isinstance(spec, str):
        return (Transition(None, _phase_ref(build, path, spec, known)),)
    transitions = []
    for i, entry in enumerate(spec):
        when = entry.get("when")
        transitions.append(Transition(
            None if when is None else build.expression((*path, i, "when"), when, names),
            _phase_ref(build, (*path, i, "phase"), entry["phase"], known)))
    if transitions[-1].when is not None:
        transitions.append(Transition(None, END_OF_TURN))
    return tuple(transitions)


def _zones(build: Builder, data: Mapping[str, Any], max_players: int) -> dict[str, Zone]:
    """The zones; one with a ``count`` is a numbered family ``ID-1`` … ``ID-COUNT`` of
    zones alike, which lists of zones and conditions may name as a whole. A family counted
    by ``players`` has one zone per player: zone N is in play from N players."""
    zones = {}
    for zone_id, spec in data.items():
        if zone_id in build.components:
            build.fail(("zones", zone_id), N_("'{name}' is already the name of a component"),
                       name=zone_id)
        grid = spec.get("grid")
        if grid is not None and spec.get("ordered"):
            build.fail(("zones", zone_id, "ordered"),
                       N_("a grid has no order: its pieces lie in cells"))
        if grid is not None and spec["visibility"] != "public":
            # what a player may not see is drawn at random for a bot's possible world, and
            # pieces drawn at random have no cells to lie in
            build.fail(("zones", zone_id, "visibility"),
                       N_("a grid lies open on the table: its visibility must be 'public'"))
        ordered = spec.get("ordered", False)
        by_players = spec.get("count") == "players"
        counted = {**spec, "count": max_players} if by_players else spec
        for member_id, family, number, value in family_members(build, zone_id, counted):
            if family is not None and member_id in data:
                build.fail(("zones", zone_id, "by" if "by" in spec else "count"),
                           N_("zone '{name}' is declared twice"), name=member_id)
            zones[member_id] = Zone(member_id, spec["scope"], spec["visibility"],
                                    spec.get("capacity"), ordered,
                                    None if grid is None else (grid["rows"], grid["columns"]),
                                    family, number,
                                    from_players=number if by_players else 0,
                                    content=content_type(ordered, grid is not None),
                                    by=spec.get("by", ""), value=value)
    return zones


def _rounds(build: Builder, turn: Mapping[str, Any],
            actions: Mapping[str, ActionMechanism]) -> str | None:
    """How a round that players leave one by one starts again (None: no such rounds); a
    player put out, or a zone closed, comes back only when such a round ends."""
    leaving = [action_id for action_id, action in actions.items() if action.leaves_round]
    spec = turn.get("rounds")
    if spec is None and leaving:
        build.fail(("actions", leaving[0]),
                   N_("this action puts players out for the round, but the turn has no "
                      "'rounds' to bring them back"))
    if spec is not None and not leaving:
        build.fail(("turn", "rounds"), N_("no action puts a player out, so a round would "
                                          "never end"))
    return None if spec is None else str(spec["start"])


def _families(zones: Mapping[str, Zone]) -> dict[str, tuple[str, ...]]:
    families: dict[str, tuple[str, ...]] = {}
    for zone in zones.values():
        if zone.family is not None:
            families[zone.family] = (*families.get(zone.family, ()), zone.id)
    return families


def _area_types(build: Builder, data: Mapping[str, Any], kinds: tuple[str, ...]
                ) -> dict[str, AreaType]:
    """The area types; ``kinds`` are the kinds of fields the board's areas name, which
    ``score_when`` reads as ``area.KIND`` (and ``area.fields``, all of them)."""
    area_fields = {"fields": int, **{kind: int for kind in kinds}}
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
                                        {"placed": GROUP_FIELDS, "area": area_fields}),
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
        counts = dict(spec["fields"])
        if "fields" in counts:
            build.fail((*path, "fields", "fields"),
                       N_("'fields' is the name of all an area's fields together; call this "
                          "kind something else"))
        points = spec["points"]
        if isinstance(points, dict):
            points = MappingProxyType({int(key): value for key, value in points.items()})
        areas[area_id] = Area(area_id, area_type, counts, points)
    kinds = field_kinds(areas.values())
    record = record_type("AreaRecord", ["fields", *kinds])
    return {area_id: replace(area, counts=MappingProxyType(area.counts),
                             fields=sum(area.counts.values()),
                             record=record(sum(area.counts.values()),
                                           *(area.counts.get(k, 0) for k in kinds)),
                             filled_at=_filled_at(area.counts, kinds))
            for area_id, area in areas.items()}


def _filled_at(counts: Mapping[str, int], kinds: Sequence[str]) -> Mapping[str, int]:
    """Per kind of the board (and "" for all), how many pieces fill an area's fields up to
    and including those of that kind (all of them, for a kind it lacks)."""
    filled = dict(zip(counts, accumulate(counts.values())))
    total = sum(counts.values())
    return MappingProxyType({"": total, **{kind: filled.get(kind, total) for kind in kinds}})


def field_kinds(areas: Iterable[Area]) -> tuple[str, ...]:
    """The kinds of fields of a board, in the order its areas name them."""
    return tuple(dict.fromkeys(kind for area in areas for kind in area.counts))


def _mechanism(build: Builder, registry: Mapping[str, type], path: tuple,
               spec: Mapping[str, Any], action_id: str | None = None) -> Any:
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
        optional = spec.get("optional", False)
        phases[phase_id] = Phase(phase_id, tuple(spec["actions"]), optional, following,
                                 optional and following == END_OF_TURN)
    if turn["start"] not in phases:
        build.fail(("turn", "start"), N_("unknown phase '{name}'; known: {known}"),
                   name=turn["start"], known=", ".join(sorted(phases)))
    return phases


def _check_players(build: Builder, data: Mapping[str, Any], ruleset: Ruleset) -> None:
    if ruleset.min_players > ruleset.max_players:
        build.fail(("players", "min"), N_("the minimum number of players ({min}) is above the "
                                          "maximum ({max})"),
                   min=ruleset.min_players, max=ruleset.max_players)
    for area_id, area in ruleset.areas.items():
        if area.fields < 1:
            build.fail(("areas", area_id, "fields"), N_("an area needs at least one field"))
    available = ruleset.total_pieces()
    if available > TOTAL_PIECES:
        build.fail(("components",), N_("there are {count} pieces in all, but at most {limit} "
                                       "are allowed"), count=available, limit=TOTAL_PIECES)
    needed, players = max((sum(step.pieces_needed(ruleset, n) for step in ruleset.setup
                               if step.happens(n)), n)
                          for n in range(ruleset.min_players, ruleset.max_players + 1))
    if needed > available:
        build.fail(("setup",), N_("setup for {players} players needs {needed} pieces, but "
                                  "there are only {available}"),
                   players=players, needed=needed, available=available)

