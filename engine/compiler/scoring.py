"""Compiling the points counted at the end over what players' zones hold: ``scoring`` entries
with a ``zone`` (a formula of the zone, each piece, runs of consecutive values) and
``group_scoring`` (the groups of pieces sharing a value). What they count in a state is
``play/scoring.py``; the rules for lines are compiled with the lines (``lines.py``)."""

from __future__ import annotations

from typing import Any, Mapping

from ..common.errors import N_
from ..conditions.expressions import Expression, Names
from ..conditions.turnnames import RUN_WORDS
from ..mechanisms.base import STEP_NAMES
from ..mechanisms.params import CARD_WORDS
from ..model.builder import Builder, ZoneNeeds
from ..model.ruleset import GroupScoring, Placing, ZoneScoring

#: what a line's scoring says, which a zone's scoring cannot
LINE_KEYS = ("complete_only", "sets")


#: what a run of consecutive values in a zone offers to ``run``
VALUE_RUN_FIELDS = {"length": int, "lowest": int, "highest": int}


#: what the names of a zone's formulas stand for, told to players (``conditions/wording.py``)
ZONE_WORDS = {
    "count": N_("the number of {pieces:bare}"),
    "sum.": N_("the sum of {pieces:def}' {fields}"),
    "having.": N_("the number of {pieces} with {field:indef}"),
    "kinds": N_("the number of different kinds among {pieces:def}"),
    "different.": N_("the number of different {fields} among {pieces:def}"),
    "run.lowest": N_("the lowest value of the {group:bare}"),
    "run.highest": N_("the highest value of the {group:bare}"),
    **RUN_WORDS, **CARD_WORDS,
}


def zone_names(attribute_types: Mapping[str, type]) -> Names:
    """The names a zone's points formula reads: how many pieces, the sum of a number,
    how many have an attribute, how many kinds, how many values of an attribute."""
    return {"count": int, "kinds": int,
            "sum": {name: int for name, type_ in attribute_types.items() if type_ is int},
            "having": {name: int for name in attribute_types},
            "different": {name: int for name in attribute_types}}


def compile_zone_scoring(build: Builder, data: Mapping[str, Any]) -> tuple[ZoneScoring, ...]:
    """The entries of ``scoring`` that name a ``zone`` (the others score lines)."""
    rules = []
    for scoring_id, spec in data.items():
        if "zone" not in spec:
            continue
        path = ("scoring", scoring_id)
        for key in LINE_KEYS:
            if key in spec:
                build.fail((*path, key), N_("'{key}' belongs to the scoring of a line, not of "
                                            "a zone"), key=key)
        if not any(part in spec for part in ("points", "card", "run", "most", "fewest")):
            build.fail(path, N_("this scoring gives no points: give 'points', 'card', 'run', "
                                "'most' or 'fewest'"))
        for key in ("by", "when_all_tied"):
            if key in spec and not ("most" in spec or "fewest" in spec):
                build.fail((*path, key), N_("'{key}' ranks the players for 'most' or "
                                            "'fewest': give one of them"), key=key)
        if spec.get("at") == "end" and "hands" not in build.document.data:
            build.fail((*path, "at"), N_("'at: end' is for a game of several hands: this "
                                         "game is scored once, at its end, anyway"))
        runs_of = spec.get("runs_of")
        if runs_of is not None and build.attribute_types.get(runs_of) is not int:
            build.fail((*path, "runs_of"), N_("'{name}' is not an attribute with whole "
                                              "numbers"), name=runs_of)
        if "run" in spec and runs_of is None:
            build.fail((*path, "run"), N_("points for runs need 'runs_of': the attribute "
                                          "whose values follow one another in a run"))
        zones = build.zones_listed((*path, "zone"), [spec["zone"]])
        for zone in zones:
            if zone.scope != "player":
                build.fail((*path, "zone"), N_("zone '{name}' must belong to each player here"),
                           name=zone.id)

        def formula(key: str, names: Names) -> Expression | None:
            return build.expression((*path, key), spec[key], names, int) if key in spec else None

        def placing(key: str) -> Placing | None:
            if key not in spec:
                return None
            when = spec[key].get("when")
            return Placing(tuple(spec[key]["points"]), None if when is None else
                           build.expression((*path, key, "when"), when, STEP_NAMES))

        rules.append(ZoneScoring(
            scoring_id, tuple(zone.id for zone in zones),
            points=formula("points", zone_names(build.attribute_types)),
            card=formula("card", {"card": build.card_fields()}),
            runs_of=runs_of, run=formula("run", {"run": VALUE_RUN_FIELDS}),
            by=formula("by", zone_names(build.attribute_types)),
            most=placing("most"), fewest=placing("fewest"),
            none_when_all_tied=spec.get("when_all_tied") == "nobody",
            at_end=spec.get("at") == "end"))
    return tuple(rules)


ZONE_NEEDS = ZoneNeeds(scope="player", grid=False)


def compile_group_scoring(build: Builder, data: Mapping[str, Any]) -> tuple[GroupScoring, ...]:
    """The ``group_scoring`` section; every reference is checked here (located errors)."""
    found = []
    for zone_id, spec in data.items():
        path = ("group_scoring", zone_id)
        build.zone(path, zone_id, ZONE_NEEDS)
        if spec["by"] not in build.attribute_types:
            build.fail((*path, "by"), N_("unknown attribute '{name}'"), name=spec["by"])
        card = spec.get("card")
        found.append(GroupScoring(
            zone=zone_id, by=spec["by"], table=tuple(spec["table"]), best=spec.get("best"),
            card=None if card is None else build.expression(
                (*path, "card"), card, {"card": build.card_fields()}, int)))
    return tuple(found)
