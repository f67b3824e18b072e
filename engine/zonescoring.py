"""Points counted at the end over what each zone of a player holds.

A scoring entry with ``zone`` gives each such zone of every player the sum of up to three
parts: ``points``, a formula of the number of pieces there (``count``), the sum of each
number attribute (``sum.ATTRIBUTE``) and how many pieces have each attribute
(``having.ATTRIBUTE``: true, not 0, not empty); ``card``, a formula for each piece; and
``run``, a formula for each run of pieces whose ``runs_of`` values follow one another
without a gap (``run.length``, ``run.lowest``, ``run.highest``).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from .errors import N_
from .context import RUN_WORDS
from .expressions import Expression, Names
from .mechanisms.params import CARD_WORDS

if TYPE_CHECKING:
    from .build import Builder
    from .ruleset import Ruleset
    from .state import GameState

#: what a line's scoring says, which a zone's scoring cannot
LINE_KEYS = ("complete_only", "sets")


@dataclass(frozen=True)
class ZoneScoring:
    """Points for each of the zones ``zones`` of every player: the parts that are given."""

    id: str
    zones: tuple[str, ...]
    points: Expression | None  # over count, sum, having
    card: Expression | None  # over ``card``, for each piece
    runs_of: str | None  # an attribute with whole numbers
    run: Expression | None  # over ``run``, for each run of consecutive ``runs_of`` values


#: what a run of consecutive values in a zone offers to ``run``
VALUE_RUN_FIELDS = {"length": int, "lowest": int, "highest": int}


#: what the names of a zone's formulas stand for, told to players (``engine.conditionwords``)
ZONE_WORDS = {
    "count": N_("the number of {pieces:bare}"),
    "sum.": N_("the sum of {pieces:def}' {fields}"),
    "having.": N_("the number of {pieces} with {field:indef}"),
    "run.lowest": N_("the lowest value of the {group:bare}"),
    "run.highest": N_("the highest value of the {group:bare}"),
    **RUN_WORDS, **CARD_WORDS,
}


def zone_names(attribute_types: Mapping[str, type]) -> Names:
    """The names a zone's points formula reads."""
    return {"count": int,
            "sum": {name: int for name, type_ in attribute_types.items() if type_ is int},
            "having": {name: int for name in attribute_types}}


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
        if not any(part in spec for part in ("points", "card", "run")):
            build.fail(path, N_("this scoring gives no points: give 'points', 'card' or 'run'"))
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

        rules.append(ZoneScoring(
            scoring_id, tuple(zone.id for zone in zones),
            points=formula("points", zone_names(build.attribute_types)),
            card=formula("card", {"card": build.card_fields()}),
            runs_of=runs_of, run=formula("run", {"run": VALUE_RUN_FIELDS})))
    return tuple(rules)


def zone_record(rules: Ruleset, counts: Mapping[str, int]) -> dict[str, Any]:
    """What a points formula reads of a zone holding ``counts`` pieces of each kind."""
    records = rules.card_records
    cards = [(records[kind], n) for kind, n in counts.items()]
    fields = records[None]._fields
    return {"count": sum(counts.values()),
            "sum": SimpleNamespace(**{name: sum(getattr(card, name) * n for card, n in cards)
                                      for name in fields
                                      if type(getattr(records[None], name)) is int}),
            "having": SimpleNamespace(**{name: sum(n for card, n in cards
                                                   if getattr(card, name))
                                         for name in fields})}


def scored_zones(state: GameState, player: int) -> list[tuple[str, int]]:
    """Each zone of ``player`` a zone scoring counts, with its points, in order."""
    return [(zone_id, zone_points(state, scoring, zone_id, player))
            for scoring in state.rules.zone_scoring for zone_id in scoring.zones]


def zone_points(state: GameState, scoring: ZoneScoring, zone_id: str, player: int) -> int:
    return points_for(state.rules, scoring, state.owned[zone_id][player].counts())


def points_for(rules: Ruleset, scoring: ZoneScoring, counts: Mapping[str, int]) -> int:
    """The points ``scoring`` gives a zone holding ``counts`` pieces of each kind."""
    points = 0
    if scoring.points is not None:
        points += int(scoring.points.evaluate(zone_record(rules, counts)))
    if scoring.card is None and scoring.run is None:
        return points
    records = rules.card_records
    cards = [records[kind] for kind, count in counts.items() for _ in range(count)]
    if scoring.card is not None:
        points += sum(int(scoring.card.evaluate({"card": card})) for card in cards)
    if scoring.run is not None and scoring.runs_of is not None:
        values = [getattr(card, scoring.runs_of) for card in cards]
        points += sum(int(scoring.run.evaluate({"run": run})) for run in value_runs(values))
    return points


def value_runs(values: Iterable[int]) -> list[SimpleNamespace]:
    """The runs of ``values``: values that follow one another without a gap (equal values
    in the same run), lowest first, each with its ``length`` (values in it), ``lowest`` and
    ``highest``."""
    runs: list[SimpleNamespace] = []
    for value in sorted(values):
        if runs and value - runs[-1].highest <= 1:
            runs[-1].length += 1
            runs[-1].highest = value
        else:
            runs.append(SimpleNamespace(length=1, lowest=value, highest=value))
    return runs
