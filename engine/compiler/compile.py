"""The compiler: a schema-valid ruleset document becomes the records of ``model/ruleset.py``.

Components, zones and areas become small frozen records, conditions become closures, and
each action and step names a mechanism (see ``mechanisms``) configured by its parameters;
then each mechanism binds what it needs of the whole ruleset, the soundness checks run and
every mechanism is sealed.
"""

from __future__ import annotations

import hashlib
import json
from collections import namedtuple
from dataclasses import replace
from itertools import accumulate
from pathlib import Path
from types import MappingProxyType, SimpleNamespace
from typing import Any, Callable, Collection, Mapping, Sequence

from ..common.errors import N_
from ..common.limits import COPIES, TOTAL_PIECES
from ..common.safetext import name_key
from ..common.templates import substitute
from ..conditions.expressions import Expression, alternatives
from ..conditions.turnnames import STATE_NAMES, field_name, parts_read
from ..mechanisms import ACTIONS, ORDERS, STEPS, ActionMechanism
from ..mechanisms.actions.skip import EndTurn
from ..model.builder import Builder, Located, expression_at
from ..model.ruleset import (END_OF_TURN, END_TURN, HAND_POINTS, Area, AreaType, Component,
                             EndRule, HandRule, Phase, Ruleset, Transition, WhenFull, Zone,
                             field_kinds, phases_from)
from ..model.zonefamilies import family_members
from ..play.turncontext import (TurnContext, action_record_type, area_summary_type,
                                counts_record_type, extremes_record_types,
                                others_record_types, own_zones_record_type, worked_out_for,
                                zone_record_type)
from ..zones.contents import content_type
from .counts import compile_counts
from .generators import expand_components
from .lines import compile_line_scoring, compile_lines, compile_straight_lines
from .rulebookcheck import check_rulebook
from .scoring import compile_group_scoring, compile_zone_scoring
from .soundness import check_soundness

GROUP_FIELDS = {"count": int, "rank": int, "wilds": int, "kinds": int}
ATTRIBUTE_TYPES = {bool: bool, int: int, str: str}


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
    build.attribute_types = attribute_types
    build.card_types = _card_types(components, attribute_types)
    card_records = _card_records(components, build.card_types)
    build.attribute_words = {
        name: frozenset({"", *(c.attributes[name] for c in components.values()
                               if name in c.attributes)})
        for name, type_ in attribute_types.items() if type_ is str}
    zones = _zones(build, data["zones"], data["players"]["max"],
                   _zones_marked(data, "tells_about"), _zones_marked(data, "shows"))
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
    lines = compile_lines(build, data.get("lines", {}), card_records)
    build.lines = lines
    straight_lines = compile_straight_lines(build, data.get("lines", {}))
    build.straight_lines = straight_lines
    build.action_ids = frozenset(data["actions"])
    build.counts = compile_counts(build, data.get("counts", {}), card_records)
    # What conditions about a turn read comes from the actions' mechanisms as declared (their
    # facts), so that an action's own settings may be such conditions too.
    declared = {action_id: _registered(build, ACTIONS, ("actions", action_id), spec,
                                       "mechanism")
                for action_id, spec in data["actions"].items()}
    turn = data["turn"]
    phases = _phases(build, turn, build.action_ids)
    if END_TURN in declared:
        build.fail(("actions", END_TURN), N_("'{name}' is the name of a built-in decision"),
                   name=END_TURN)
    if any(phase.may_end_turn for phase in phases.values()):
        declared[END_TURN] = EndTurn
    names = build.turn_names(declared)
    build.turn_condition_names = names
    actions = {
        action_id: _mechanism(build, ACTIONS, ("actions", action_id), spec, action_id)
        for action_id, spec in data["actions"].items()
    }
    if END_TURN in declared:
        actions[END_TURN] = EndTurn(END_TURN, {}, build, ("actions",))
    setup = tuple(_mechanism(build, STEPS, ("setup", step_id), spec)
                  for step_id, spec in data.get("setup", {}).items())
    after, after_round = (tuple(_mechanism(build, STEPS, ("turn", section, step_id), spec)
                                for step_id, spec in turn.get(section, {}).items())
                          for section in ("after", "after_round"))
    hands = _hands(build, data.get("hands"), names)
    end = data["end"]
    if end.get("winner") == "mover" and "at_once" not in end:
        build.fail(("end", "winner"), N_("'winner: mover' names who wins when 'at_once' ends "
                                         "the game; give the condition 'at_once'"))
    order = _order(build, turn, actions)
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
        scoring=compile_line_scoring(build, {k: v for k, v in data.get("scoring", {}).items()
                                             if "zone" not in v}, lines),
        attribute_types=MappingProxyType(attribute_types),
        card_records=card_records,
        phases=MappingProxyType(phases),
        start_phase=turn["start"],
        after_turn=after,
        after_round=after_round,
        hands=hands,
        actions=MappingProxyType(actions),
        action_fields=MappingProxyType({field_name(a): action
                                        for a, action in actions.items()}),
        transitions=MappingProxyType(transitions),
        before_end=before_end,
        order=order,
        group_scoring=compile_group_scoring(build, data.get("group_scoring", {})),
        end=_end_rule(build, end, names),
        teams=_teams(build, data),
        digest=digest_of(data),
        probe_order=MappingProxyType(_probe_order(phases, actions)),
        offers=MappingProxyType({phase: _offered(phases, actions, phase) for phase in phases}),
        played_in=MappingProxyType(_played_in(phases, actions)),
        area_summary=area_summary_type(areas),
        records=MappingProxyType({
            **{field_name(a): action_record_type(action, card_records)
               for a, action in actions.items()},
            "zone": zone_record_type(zones, build.zone_families),
            "mine": own_zones_record_type(z for z, zone in zones.items()
                                          if zone.scope == "player"),
            "counts": counts_record_type(build.counts),
            **others_record_types(z for z, zone in zones.items()
                                  if zone.scope == "player" and zone.visibility != "secret"),
            **extremes_record_types([z for z, zone in zones.items()
                                     if zone.scope == "player" and zone.grid is None],
                                    build.card_types, card_records)}),
        document=document,
        variant=variant,
        variant_title=variant_title,
        source=source,
        zone_scoring=compile_zone_scoring(build, data.get("scoring", {})),
        straight_lines=MappingProxyType(straight_lines),
    )
    _check_players(build, data, ruleset)
    check_rulebook(build, data, source)
    mechanisms = (*actions.values(), *setup, *after, *after_round,
                  *(hands.deal if hands else ()), order)
    for mechanism in mechanisms:
        mechanism.bind(ruleset, build)
    for mechanism in mechanisms:
        mechanism.check_ruleset(ruleset, build)
    check_soundness(ruleset, build)
    for mechanism in mechanisms:
        mechanism.seal()
    return ruleset


def _hands(build: Builder, spec: Mapping[str, Any] | None, names: Mapping[str, Any]
           ) -> HandRule | None:
    """A game of several hands, where the data has ``hands``."""
    if spec is None:
        return None
    starts = spec.get("starts", "next")
    starter = None
    if isinstance(starts, Mapping):  # {lowest: FORMULA} or {highest: FORMULA}
        (starts, source), = starts.items()
        starter = build.expression(("hands", "starts", starts), source,
                                   {name: names[name] for name in STATE_NAMES}, int)
    state_names = {name: names[name] for name in STATE_NAMES}
    won_by = tuple(build.expression(("hands", "won_by", i), source, state_names, int)
                   for i, source in enumerate(spec.get("won_by", ())))
    zone_ids = {field_name(zone_id): zone_id for zone_id in build.zones}
    count_zones = {field_name(count_id): count.zone for count_id, count in build.counts.items()}
    read = [zone_ids.get(field.split(".")[0]) if name in ("mine", "highest", "lowest")
            else count_zones.get(field) if name == "counts" else None
            for formula in won_by for name, field in sorted(formula.fields_used)]
    shown = tuple(dict.fromkeys(zone for zone in read if zone is not None
                                and build.zones[zone].scope == "player"
                                and build.zones[zone].visibility != "public"))
    if starts == "winner" and not won_by:
        build.fail(("hands", "starts"), N_("the winner of a hand begins the next, but nothing "
                                           "says who wins one: add 'won_by'"))
    return HandRule(
        over=build.expression(("hands", "over"), spec["over"], names),
        deal=tuple(_mechanism(build, STEPS, ("hands", "deal", step_id), step)
                   for step_id, step in spec["deal"].items()),
        starts=starts,
        points=build.expression(("hands", "points"), spec["points"], HAND_POINTS, int)
        if "points" in spec else None, starter=starter, won_by=won_by, shown=shown)


def _teams(build: Builder, data: Mapping[str, Any]
           ) -> Mapping[int, tuple[tuple[int, ...], ...]]:
    """Partners by the number of players (``teams``): every seat of such a game in exactly
    one team; not where the players play together, nor with a tiebreak between players."""
    spec = data.get("teams", {})
    if spec and data.get("end", {}).get("winner") == "together":
        build.fail(("teams",), N_("the players already play together for one result: there "
                                  "are no teams to form"))
    if spec and "tiebreak" in data.get("end", {}):
        build.fail(("end", "tiebreak"), N_("a tiebreak tells players apart, but with teams "
                                           "partners share their result"))
    low, high = data["players"]["min"], data["players"]["max"]
    teams = {}
    for key, sides in spec.items():
        players = int(key)
        if not low <= players <= high:
            build.fail(("teams", key), N_("this game is not played by {count} players"),
                       count=players)
        seats = [seat for side in sides for seat in side]
        for i, side in enumerate(sides):
            for j, seat in enumerate(side):
                if seat > players or seats.count(seat) > 1:
                    build.fail(("teams", key, i, j),
                               N_("seat {seat} is not one of {count} seats, each in one team")
                               if seat > players else
                               N_("seat {seat} is in two teams"), seat=seat, count=players)
        missing = sorted(set(range(1, players + 1)) - set(seats))
        if missing:
            build.fail(("teams", key), N_("seats without a team: {missing}"),
                       missing=", ".join(map(str, missing)))
        teams[players] = tuple(tuple(seat - 1 for seat in side) for side in sides)
    return MappingProxyType(teams)


def _end_rule(build: Builder, end: Mapping[str, Any], names: Mapping[str, Any]) -> EndRule:
    when = build.expression(("end", "when"), end["when"], names)
    at_once = (build.expression(("end", "at_once"), end["at_once"], names)
               if "at_once" in end else None)
    reads = {"when": parts_read(when.names_used)}
    if at_once is not None:
        reads["at_once"] = parts_read(at_once.names_used)
    winner = end.get("winner", "highest")
    tiebreak = (build.expression(("end", "tiebreak"), end["tiebreak"],
                                 {name: names[name] for name in STATE_NAMES}, int)
                if "tiebreak" in end else None)
    points = (build.expression(("end", "points"), end["points"],
                               {name: names[name] for name in STATE_NAMES}, int)
              if "points" in end else None)
    if (points is None) != (winner != "together"):
        build.fail(("end", "points" if points is not None else "winner"),
                   N_("the players win together exactly where 'points' gives the table's "
                      "result: 'winner: together' and 'points' go together"))
    if end.get("last_turns") and end.get("finish_round"):
        build.fail(("end", "last_turns"),
                   N_("'last_turns' and 'finish_round' cannot be given together: after the "
                      "end comes, either everyone takes one more turn or the round is "
                      "finished"))
    return EndRule(when=when, alternatives=_alternatives(build, end, names),
                   finish_round=end.get("finish_round", False),
                   last_turns=end.get("last_turns", False), points=points,
                   idle_rounds=end.get("idle_rounds", 1),
                   after_each_move=end.get("after_each_move", False), at_once=at_once,
                   winner=winner, reads=MappingProxyType(reads),
                   mover_won=_mover_won(at_once) if winner == "mover" and at_once else None,
                   tiebreak=tiebreak, tiebreak_of=None if tiebreak is None else
                   lambda state, seat: worked_out_for(state, seat, tiebreak))


def _alternatives(build: Builder, end: Mapping[str, Any], names: Mapping[str, Any]
                  ) -> Mapping[str, tuple[Expression, ...]]:
    """Each end condition's alternatives, compiled alone; a list of clauses in ``reasons``
    (one for each) must have as many as the condition has."""
    found = {}
    for key in ("when", "at_once"):
        parts = alternatives(end[key]) if key in end else ()
        if parts:
            found[key] = tuple(expression_at(build.document, ("end", key), part, names)
                               for part in parts)
        clauses = (end.get("reasons") or {}).get(key)
        if isinstance(clauses, list) and len(clauses) != len(parts):
            build.fail(("end", "reasons", key),
                       N_("{count} clauses for a condition of {alternatives} alternatives "
                          "joined by 'or': give one clause for each, or one for the whole"),
                       count=len(clauses), alternatives=len(parts) or 1)
    return MappingProxyType(found)


def _mover_won(at_once: Expression) -> Callable[[Any], bool]:
    """Whether ``at_once`` holds in a state: then its mover ended the game (``winner: mover``)."""
    return lambda state: bool(at_once(TurnContext(state)))


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
        kind: Component(kind, _copies(build, kind, spec["copies"]), spec.get("rank", 0),
                        spec.get("wild", False),
                        MappingProxyType(dict(spec.get("attributes", {}))),
                        MappingProxyType(dict(axes(kind))))
        for kind, spec in data.items()
    }


def _copies(build: Builder, kind: str, copies: Any) -> int:
    """A component's copies: a number, or a formula of the room of the zones (``room.grid``:
    a grid's cells), so that a board made larger brings its pieces along."""
    if isinstance(copies, int):
        return copies
    rooms = _rooms(build.document.data["zones"])
    path = ("components", kind, "copies", "formula")
    formula = build.expression(path, copies["formula"], {"room": dict.fromkeys(rooms, int)}, int)
    number = int(formula.evaluate({"room": SimpleNamespace(**rooms)}))
    if not 1 <= number <= COPIES:
        build.fail(path, N_("'{name}' would have {number} here, but this lies between {low} "
                            "and {high}"), name=kind, number=number, low=1, high=COPIES)
    return number


def _rooms(zones: Mapping[str, Any]) -> dict[str, int]:
    """How many pieces fit in each zone declared alone with a capacity or cells, by the name
    conditions read it under."""
    rooms = {}
    for zone_id, spec in zones.items():
        if "count" in spec or "by" in spec:
            continue  # a family: its zones are made later
        grid = spec.get("grid")
        room = grid["rows"] * grid["columns"] if grid else spec.get("capacity")
        if room is not None:
            rooms[field_name(zone_id)] = room
    return rooms


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


def _card_types(components: Mapping[str, Component], attributes: Mapping[str, type]
                ) -> dict[str, type]:
    """What conditions read of a piece: its attributes and, where the pieces are ranked, its
    ``rank`` (unless an attribute has that name)."""
    ranked = any(component.rank for component in components.values())
    return {**attributes, "rank": int} if ranked and "rank" not in attributes \
        else dict(attributes)


def record_type(name: str, fields: list[str]) -> Any:
    """A record type (a named tuple: it cannot be changed) whose fields the data names; a
    field that is a Python keyword is renamed, since no condition could name it anyway."""
    return namedtuple(name, fields, rename=True)


def _card_records(components: Mapping[str, Component], types: Mapping[str, type]
                  ) -> Mapping[str | None, Any]:
    """Per kind, what conditions read of it (``_card_types``; absent attributes: 0, false
    or ""), as records that cannot be changed."""
    defaults = {name: type_() for name, type_ in types.items()}
    record = record_type("CardRecord", list(defaults))
    records: dict[str | None, Any] = {None: record(**defaults)}
    ranked = "rank" in types
    for kind, component in components.items():
        rank = {"rank": component.rank} if ranked else {}
        records[kind] = record(**{**defaults, **rank, **component.attributes})
    return MappingProxyType(records)


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


def _zones_marked(data: Mapping[str, Any], marks: str) -> frozenset[str]:
    """The zones some action tells players about or shows to others
    (``ActionMechanism.tells_about``, ``shows``): their content keeps notes of what was told,
    or who has seen it."""
    marked = set()
    for spec in data.get("actions", {}).values():
        mechanism = ACTIONS.get(spec.get("mechanism"))
        for key in () if mechanism is None else getattr(mechanism, marks):
            if isinstance(spec.get(key), str):
                marked.add(spec[key])
    return frozenset(marked)


def _zones(build: Builder, data: Mapping[str, Any], max_players: int,
           told: frozenset[str] = frozenset(), shown: frozenset[str] = frozenset()
           ) -> dict[str, Zone]:
    """The zones; one with a ``count`` is a numbered family ``ID-1`` … ``ID-COUNT`` of
    zones alike, which lists of zones and conditions may name as a whole. A family counted
    by ``players`` has one zone per player: zone N is in play from N players. The pieces
    of an ordered zone in ``told`` carry notes (``NotedPile``); a zone counted by kind in
    ``shown`` knows who has seen it (``SeenTally``)."""
    zones = {}
    for zone_id, spec in data.items():
        if zone_id in build.components:
            build.fail(("zones", zone_id), N_("'{name}' is already the name of a component"),
                       name=zone_id)
        grid = spec.get("grid")
        if grid is not None and spec.get("ordered"):
            build.fail(("zones", zone_id, "ordered"),
                       N_("a grid has no order: its pieces lie in cells"))
        if grid is not None and spec["visibility"] != "public" and not spec.get("faces"):
            # what a player may not see is drawn at random for a bot's possible world, and
            # pieces drawn at random have no cells to lie in (but for pieces face down: a
            # world draws each one for its cell)
            build.fail(("zones", zone_id, "visibility"),
                       N_("a grid lies open on the table: its visibility must be 'public', "
                          "unless its pieces lie face up or face down ('faces: true')"))
        ordered = spec.get("ordered", False)
        faced = spec.get("faces", False)
        if faced:
            _check_faces(build, zone_id, spec)
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
                                    content=content_type(ordered, grid is not None,
                                                         zone_id in told, zone_id in shown,
                                                         faced),
                                    by=spec.get("by", ""), value=value)
    return zones


def _check_faces(build: Builder, zone_id: str, spec: Mapping[str, Any]) -> None:
    """A zone whose pieces lie face up or down keeps each in its place (an ordered zone, or
    a grid's cells), and its visibility
    says who sees one face down: not everyone (it would be face up), and not so that
    the others would not know how many there are (they see the pieces lie there)."""
    path = ("zones", zone_id, "faces")
    if not spec.get("ordered") and "grid" not in spec:
        build.fail(path, N_("pieces face up or face down keep their places: the zone must be "
                            "ordered, or a grid"))
    if spec["visibility"] in ("public", "secret"):
        build.fail(("zones", zone_id, "visibility"),
                   N_("in a zone whose pieces lie face up or face down, the visibility says "
                      "who sees a piece face down: 'hidden', 'owner' or 'others', not "
                      "'{visibility}'"), visibility=spec["visibility"])


def _order(build: Builder, turn: Mapping[str, Any],
           actions: Mapping[str, ActionMechanism]) -> Any:
    """The turn order (clockwise when the turn names none); an action that puts players out
    for the round needs an order that brings them back, and such an order needs one."""
    path = ("turn", "order")
    order = _mechanism(build, ORDERS, path, turn.get("order", {"mechanism": "clockwise"}),
                       key="mechanism")
    leaving = [action_id for action_id, action in actions.items() if action.leaves_round]
    if leaving and not order.brings_back:
        build.fail(("actions", leaving[0]),
                   N_("this action puts players out for the round, but the turn order does "
                      "not bring them back: give the turn an order of rounds that players "
                      "leave (such as 'until-all-out')"))
    if order.brings_back and not leaving:
        build.fail((*path, "mechanism"), N_("no action puts a player out, so a round would "
                                            "never end"))
    return order


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
            score_when=None if "score_when" not in spec else build.expression(
                (*path, "score_when"), spec["score_when"],
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
        points = spec.get("points")
        if area_type.score_when is None and points is not None:
            build.fail((*path, "points"), N_("placing at this area never scores (its type "
                                             "'{name}' has no 'score_when'): leave out "
                                             "'points'"), name=spec["type"])
        if area_type.score_when is not None and points is None:
            build.fail(path, N_("give this area its 'points': its type '{name}' scores when "
                                "'score_when' holds"), name=spec["type"])
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


def _mechanism(build: Builder, registry: Mapping[str, type], path: tuple,
               spec: Mapping[str, Any], action_id: str | None = None, key: str = "") -> Any:
    key = key or ("mechanism" if action_id is not None else "step")
    cls = _registered(build, registry, path, spec, key)
    if action_id is None:
        return cls(spec, build, path)
    return cls(action_id, spec, build, path)


def _registered(build: Builder, registry: Mapping[str, type], path: tuple,
                spec: Mapping[str, Any], key: str) -> Any:
    """The class ``spec`` names by ``key`` in ``registry``."""
    cls = registry.get(spec[key])
    if cls is None:
        build.fail((*path, key), N_("unknown {what} '{name}'; known: {known}"),
                   what=key, name=spec[key], known=", ".join(sorted(registry)))
    return cls


def _phases(build: Builder, turn: Mapping[str, Any], actions: Collection[str]
            ) -> dict[str, Phase]:
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

