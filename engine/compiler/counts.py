"""The ruleset's own counts of pieces (``counts``), which conditions about a turn read as
``counts.NAME``: the pieces of a zone for which a condition over ``card`` holds (the pieces
of one suit taken, those of any other suit in the player's hand), or with ``sum`` what a
formula over them adds up to (the ranks of the pieces a player has played)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from ..common.errors import N_
from ..conditions.turnnames import field_name
from ..model.builder import Builder, ZoneNeeds
from ..model.ruleset import PieceCount


def compile_counts(build: Builder, data: Mapping[str, Any], records: Mapping[Any, Any]
                   ) -> Mapping[str, PieceCount]:
    """The ``counts`` section; a condition over ``card`` is worked out for every kind once
    (``records``: each kind's attributes), so a count is a sum over the kinds it takes. A
    count of every player's pieces needs a zone everyone sees, and one of the player to
    move's a zone they see: a count decides moves, and a bot's possible world draws what
    nobody sees at random."""
    counts = {}
    seen: dict[str, str] = {}
    for count_id, spec in data.items():
        path = ("counts", count_id)
        name = field_name(count_id)
        if name in seen:
            build.fail(path, N_("conditions could not tell the count '{name}' from '{other}': "
                                "give it another id"), name=count_id, other=seen[name])
        seen[name] = count_id
        mine = spec.get("of", "all") == "mine"
        zone = build.zone((*path, "zone"), spec["zone"],
                          ZoneNeeds(scope="player" if mine else None, grid=False, seen=True))
        if not mine and zone.visibility != "public":
            build.fail((*path, "zone"), N_("zone '{name}' is not seen by everyone: count "
                                           "only the player to move's pieces there (of: "
                                           "mine)"), name=zone.id)
        where = build.expression((*path, "where"), spec["where"], {"card": build.card_fields()})
        kinds = frozenset(kind for kind in build.components
                          if where.evaluate({"card": records[kind]}))
        weights = None
        if "sum" in spec:
            added = build.expression((*path, "sum"), spec["sum"],
                                     {"card": build.card_fields()}, int)
            weights = MappingProxyType({kind: int(added.evaluate({"card": records[kind]}))
                                        for kind in kinds})
        counts[count_id] = PieceCount(zone.id, kinds, mine, weights)
    return MappingProxyType(counts)
