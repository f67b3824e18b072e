"""Points counted at the end over what each zone of a player holds: a formula of the number
of pieces there (``count``), the sum of each number attribute (``sum.ATTRIBUTE``) and how many
pieces have each attribute (``having.ATTRIBUTE``: true, not 0, not empty)."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Mapping

from .errors import N_
from .expressions import Expression, Names

if TYPE_CHECKING:
    from .build import Builder
    from .state import GameState

#: what a line's scoring says, which a zone's scoring cannot
LINE_KEYS = ("complete_only", "run", "card", "sets")


@dataclass(frozen=True)
class ZoneScoring:
    """Points for each of the zones ``zones`` of every player."""

    id: str
    zones: tuple[str, ...]
    points: Expression


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
                build.fail((*path, key), N_("'{key}' scores the runs of a line; a zone's "
                                            "points are its formula 'points'"), key=key)
        if "points" not in spec:
            build.fail(path, N_("a zone's scoring needs its formula 'points'"))
        zones = build.zones_listed((*path, "zone"), [spec["zone"]])
        for zone in zones:
            if zone.scope != "player":
                build.fail((*path, "zone"), N_("zone '{name}' must belong to each player here"),
                           name=zone.id)
        rules.append(ZoneScoring(scoring_id, tuple(zone.id for zone in zones),
                                 build.expression((*path, "points"), spec["points"],
                                                  zone_names(build.attribute_types), int)))
    return tuple(rules)


def zone_record(state: GameState, zone_id: str, player: int) -> dict[str, Any]:
    """What a points formula reads of one zone of a player."""
    records = state.rules.card_records
    counts = state.owned[zone_id][player].counts()
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
    return [(zone_id, int(scoring.points.evaluate(zone_record(state, zone_id, player))))
            for scoring in state.rules.zone_scoring for zone_id in scoring.zones]
