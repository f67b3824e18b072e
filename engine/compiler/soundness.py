"""Checks that need the whole compiled ruleset, so that a mistake is refused at load.

The turn's phases must neither loop by ``next`` nor lie out of reach, every
action must be offered somewhere, every entry of a points table and every set
bonus must be scorable, every text must fill in only plain names it is given,
and no setting may be one that does nothing. Nothing here runs at play time.
"""

from __future__ import annotations

import ast
from difflib import get_close_matches
from typing import Any, Mapping, Sequence

from ..common.errors import N_
from ..common.templates import TemplateError, check_template, texts_of
from ..conditions.wording import zone_counts_compared
from ..mechanisms import ActionMechanism
from ..mechanisms.textvalues import text_values
from ..model.builder import Builder
from ..play.game import HAND_EVENTS, LINE_SCORING_EVENTS, PHASE_EVENTS
from ..model.protocols import Action, Step
from ..model.ruleset import END_OF_TURN, Area, Phase, Ruleset, Zone, field_kinds, run_fields
from ..zones.groups import GroupStats
from .rulebookcheck import written_here


def check_soundness(ruleset: Ruleset, build: Builder) -> None:
    _check_no_loop(build, ruleset.phases)
    _check_offered(build, ruleset)
    data = ruleset.document.data
    for area_id, area in ruleset.areas.items():
        table = data["areas"][area_id].get("points")
        for key in table if isinstance(table, dict) else ():
            _check_points_entry(build, ("areas", area_id, "points", key), area, int(key))
    _check_set_bonuses(build, data, ruleset)
    _check_zones_and_labels(build, data, ruleset)
    _check_idle_settings(build, data, ruleset)
    _check_terms(build, data, ruleset)
    _check_ranks(build, ruleset)
    _check_zone_counts(build, ruleset)
    _check_texts(build, data, ruleset)


def _check_idle_settings(build: Builder, data: Mapping[str, Any], ruleset: Ruleset) -> None:
    """More settings that would be accepted and do nothing: a capacity nothing fills up to,
    an area type no area has, a setting about wild pieces where no piece is wild."""
    from ..mechanisms.params import Flag, zone_parameters

    filled: set[str] = set()
    elements: list[tuple[Mapping[str, Any], Action | Step]] = [
        (spec, ruleset.actions[action_id]) for action_id, spec in data["actions"].items()]
    elements += list(zip((*data.get("setup", {}).values(),
                          *data["turn"].get("after", {}).values(),
                          *data["turn"].get("after_round", {}).values(),
                          *data.get("hands", {}).get("deal", {}).values()),
                         (*ruleset.setup, *ruleset.after_turn, *ruleset.after_round,
                          *(ruleset.hands.deal if ruleset.hands else ()))))
    for spec, mechanism in elements:
        for key, needs in zone_parameters(mechanism.params).items():
            if needs.capacity and key in spec:  # one zone, or several (a family for all)
                value = spec[key]
                filled.update([value] if isinstance(value, str) else value)
        for param in mechanism.params:  # zones a move fills only while they have room
            if getattr(param, "honours_capacity", False) and param.key in spec:
                filled.update(param.zones_in(spec[param.key]))
    for zone_id, spec in data["zones"].items():
        if "capacity" in spec and zone_id not in filled:
            build.fail(("zones", zone_id, "capacity"),
                       N_("nothing fills zone '{name}' up to a capacity: only a step that "
                          "fills a zone (fill) reads one"), name=zone_id)
    used = {area.type.id for area in ruleset.areas.values()}
    for type_id in ruleset.area_types:
        if type_id not in used:
            build.fail(("area_types", type_id), N_("no area is of the type '{name}'"),
                       name=type_id)
    wild_read = ruleset.group_scoring or any(
        (isinstance(mechanism, ActionMechanism) and mechanism.reads_wild)
        or any(isinstance(param, Flag) and param.about_wild and spec.get(param.key)
               for param in mechanism.params)
        for spec, mechanism in elements)
    for kind in ruleset.wild_kinds if not wild_read else ():
        build.fail(("components", kind, "wild"),
                   N_("'{kind}' is wild, but nothing in this game lets a piece stand for "
                      "another: only groups placed at areas, swapping wild pieces, a "
                      "setting about them and group scoring do"), kind=kind)
    if not ruleset.wild_kinds:
        for spec, mechanism in elements:
            for param in mechanism.params:
                if isinstance(param, Flag) and param.about_wild and spec.get(param.key):
                    build.fail(_path_of(ruleset, spec, param.key),
                               N_("'{key}' is about wild pieces, but no component is wild"),
                               key=param.key)


def _check_zone_counts(build: Builder, ruleset: Ruleset) -> None:
    """An end condition that asks a zone for more pieces than it can hold never holds: a
    board made smaller by a variant, its "full" still counted for the old size."""
    for zone, op, count in zone_counts_compared(ruleset.end.when, ruleset.zones.values()):
        if op not in (ast.Eq, ast.GtE, ast.Gt):
            continue
        most = _most_held(ruleset, zone)
        if most is not None and (count > most or (op is ast.Gt and count >= most)):
            build.fail(("end", "when"),
                       N_("this never holds: zone '{zone}' has room for {most} at most, "
                          "not {count}"), zone=zone.id, most=most, count=count)


def _most_held(ruleset: Ruleset, zone: Zone) -> int | None:
    """The most pieces a shared zone can hold: its cells or capacity, else all of them."""
    if zone.scope != "shared":
        return None
    if zone.grid is not None:
        return zone.grid[0] * zone.grid[1]
    return zone.capacity if zone.capacity is not None else ruleset.total_pieces()


#: the notions every game may name in its own words (``terms``), whatever its rules
GENERAL_NOTIONS = ("player", "piece", "point", "group", "kind", "area", "place")


def _check_terms(build: Builder, data: Mapping[str, Any], ruleset: Ruleset) -> None:
    """A term that names nothing the game has is never shown: most often a slip of the pen
    (``pleyer``), which would leave the general word in every sentence without a word. (A
    variant may leave a term of its base without use: a board without dark fields.)"""
    named = {*GENERAL_NOTIONS, *field_kinds(ruleset.areas.values())}
    if ruleset.hands is not None:  # a game of several hands may call them otherwise
        named.add("hand")
    if any(t.when_full is not None and t.when_full.close for t in ruleset.area_types.values()):
        named.add("closed")  # what an area out of play is called
    for component in ruleset.components.values():
        named.update(component.attributes)
        named.update(value for value in component.attributes.values() if isinstance(value, str))
    for line in ruleset.lines.values():
        named.update(run_fields(line))
    for term in data.get("terms", {}):
        if term in named or not written_here(build.document, ("terms", term)):
            continue
        close = get_close_matches(term, sorted(named), n=1)
        if close:
            build.fail(("terms", term),
                       N_("'{term}' names nothing in this game, so this term would never be "
                          "shown: did you mean '{close}'?"), term=term, close=close[0])
        build.fail(("terms", term),
                   N_("'{term}' names nothing in this game, so this term would never be "
                      "shown: a term names {general}, a kind of field of the areas, an "
                      "attribute of the pieces or one of its values, or a fact of a line's "
                      "runs"), term=term, general=", ".join(GENERAL_NOTIONS))


def _check_ranks(build: Builder, ruleset: Ruleset) -> None:
    """Ranks that no condition or action compares change nothing, yet the rulebook would
    tell them as a ranking. (A variant may leave its base's ranks without use.)"""
    if any(field == "rank" for expression in build.expressions
           for _, field in expression.fields_used) \
            or any(action.reads_rank for action in ruleset.actions.values()):
        return
    for kind, component in ruleset.components.items():
        if component.rank and written_here(build.document, ("components", kind, "rank")):
            build.fail(("components", kind, "rank"),
                       N_("the pieces are ranked, but no condition of this game compares "
                          "ranks: the ranks would change nothing"))


def _path_of(ruleset: Ruleset, spec: Mapping[str, Any], key: str) -> tuple:
    """Where ``spec`` (an action's or step's mapping) stands in the document."""
    data = ruleset.document.data
    sections = [("actions",), ("setup",), ("turn", "after"), ("turn", "after_round"),
                ("hands", "deal")]
    for section in sections:
        elements: Any = data
        for part in section:
            elements = elements.get(part, {})
        for element_id, element in elements.items():
            if element is spec:
                return (*section, element_id, key)
    return (key,)


def _check_set_bonuses(build: Builder, data: Mapping[str, Any], ruleset: Ruleset) -> None:
    """A set bonus names parts some component is: else no set could ever earn it."""
    for scoring in ruleset.scoring:
        parts = {c.attributes.get(scoring.part_by) for c in ruleset.components.values()} \
            if scoring.part_by else set()
        bonuses = data["scoring"][scoring.line].get("sets", {}).get("bonus", [])
        for i, bonus in enumerate(bonuses):
            for j, part in enumerate(bonus["parts"]):
                if part not in parts:
                    build.fail(("scoring", scoring.line, "sets", "bonus", i, "parts", j),
                               N_("no component is the part '{part}' of a set"), part=part)


def _check_zones_and_labels(build: Builder, data: Mapping[str, Any], ruleset: Ruleset) -> None:
    """Settings that would be accepted and do nothing: an owner for a shared zone, words
    for a run field a line does not have."""
    for zone in ruleset.zones.values():
        if zone.scope == "shared" and zone.visibility in ("owner", "secret", "others"):
            build.fail(("zones", zone.id, "visibility"),
                       N_("a shared zone has no owner: it is public or hidden"))
    for line_id, line in ruleset.lines.items():
        fields = run_fields(line)
        for name in data["lines"][line_id].get("labels", {}):
            if name not in fields:
                build.fail(("lines", line_id, "labels", name),
                           N_("'{name}' is not a field of this line's runs; its fields: "
                              "{known}"), name=name, known=", ".join(fields))


def _check_no_loop(build: Builder, phases: Mapping[str, Phase]) -> None:
    """A turn follows ``next`` past a phase without moves (or an optional one): a loop of
    ``next`` could be followed forever without a move being made."""
    done: set[str] = set()
    for start in phases:
        path: list[str] = []
        phase_id = start
        while phase_id != END_OF_TURN and phase_id not in done:
            if phase_id in path:
                loop = path[path.index(phase_id):]
                build.fail(("turn", "phases", path[-1], "next"),
                           N_("the phases {phases} follow one another by 'next' in a loop: a "
                              "turn in which none of them has a move would never end"),
                           phases=" → ".join([*loop, phase_id]))
            path.append(phase_id)
            phase_id = phases[phase_id].next
        done.update(path)


def _check_offered(build: Builder, ruleset: Ruleset) -> None:
    """Every phase is reached by some turn and every action is in a phase: a part of the
    turn nothing leads to would validate and never be played."""
    phases, transitions = ruleset.phases, ruleset.transitions
    for action_id in sorted(build.action_ids):  # those the file declares; not built-in ones
        if not any(action_id in phase.actions for phase in phases.values()):
            build.fail(("actions", action_id), N_("action '{name}' is in no phase, so it is "
                                                  "never offered"), name=action_id)
    reached: set[str] = set()
    waiting = [ruleset.start_phase]
    if ruleset.before_end is not None:
        waiting.append(ruleset.before_end.phase)
    waiting.extend(ruleset.order.phases_started())
    while waiting:
        phase_id = waiting.pop()
        if phase_id == END_OF_TURN or phase_id in reached:
            continue
        reached.add(phase_id)
        phase = phases[phase_id]
        waiting.append(phase.next)
        waiting.extend(t.phase for action_id in phase.actions for t in transitions[action_id])
    for phase_id in phases:
        if phase_id not in reached:
            build.fail(("turn", "phases", phase_id),
                       N_("no turn ever reaches phase '{name}'"), name=phase_id)


def _check_points_entry(build: Builder, where: tuple, area: Area, count: int) -> None:
    """An entry of a points table can be scored: a group of ``count`` pieces fits the
    area, can be formed of the components, and meets the area type's ``score_when``."""
    real = [c for c in build.components.values() if not c.wild]
    wild = sum(c.copies for c in build.components.values() if c.wild)
    if area.type.grouping == "same-kind":
        largest = max((c.copies for c in real), default=0) + wild
    else:  # one piece of each kind, a wild standing for a kind not otherwise there
        largest = min(len(real), sum(c.copies for c in real) + wild)
    ranks = sorted({c.rank for c in real}) or [0]
    if count > area.fields:
        build.fail(where, N_("points for {count} pieces, but the area has only "
                             "{fields} fields"), count=count, fields=area.fields)
    if not 1 <= count <= largest:
        build.fail(where, N_("points for {count} pieces can never be scored: no group "
                             "of {count} pieces can be formed here"), count=count)
    score_when = area.type.score_when
    assert score_when is not None  # an area of a type that never scores has no points
    if not any(score_when({"placed": GroupStats(count, rank), "area": area.record})
               for rank in ranks):
        build.fail(where, N_("points for {count} pieces can never be scored: for a group "
                             "of {count} pieces, '{condition}' never holds here"),
                   count=count, condition=score_when.source)


def _check_texts(build: Builder, data: Mapping[str, Any], ruleset: Ruleset) -> None:
    """Every text and narration fills in only plain names that it is given, and every
    narration tells an event its action or step has."""
    zones = ruleset.zones
    told: dict[tuple[str, ...], Mapping[str, Any]] = {
        ("actions", action_id): action.events for action_id, action in ruleset.actions.items()}
    dealt = ruleset.hands.deal if ruleset.hands is not None else ()
    told.update({step.path: step.events
                 for step in (*ruleset.after_turn, *ruleset.after_round, *dealt)})
    told.update({("turn", "phases", phase): PHASE_EVENTS for phase in ruleset.phases})
    told.update({("scoring", line.line): LINE_SCORING_EVENTS if len(ruleset.scoring) == 1
                 else {} for line in ruleset.scoring})
    told[("hands",)] = HAND_EVENTS
    for step_id, spec in data.get("setup", {}).items():
        if "narration" in spec:  # set up before play begins: nothing of it is told
            build.fail(("setup", step_id, "narration"),
                       N_("the setup is not told move by move, so this narration would never "
                          "be shown; a step after every turn or of a hand's deal may have one"))
    for element, path, template, code in texts_of(data):
        events = told.get(element, {}) if code is not None else {}
        if code is None:
            names: Sequence[str] = tuple(text_values(data, zones, element))
        elif code in events and events[code].sentence:
            names = tuple(events[code].values)
        else:
            build.fail((*element, "narration", code),
                       N_("this action has no event '{code}' to tell; its events: {known}")
                       if element[0] == "actions" else
                       N_("a line's scoring tells only 'final-points', and only where it is "
                          "the game's only scoring")
                       if element[0] == "scoring" else
                       N_("this phase has no event '{code}' to tell; its events: {known}")
                       if element[1:2] == ("phases",) else
                       N_("this step has no event '{code}' to tell; its events: {known}"),
                       code=code, known=", ".join(c for c, e in events.items() if e.sentence)
                       or "-")
        try:
            check_template(template, names)
        except TemplateError as error:
            build.fail(path, error.message, **error.params)
