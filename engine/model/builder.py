"""The context in which a ruleset document is compiled.

Every reference a data file makes (a zone, a component, a name in a
condition) is resolved here, and every mistake becomes a located DataError.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Callable, Mapping, NoReturn, Protocol, Sequence

from ..common.errors import N_, DataError, Location
from ..conditions.expressions import Expression, Names, WordFields, compile_expression
from ..conditions.turnnames import BUILT_IN, field_name, turn_names
from .ruleset import Zone, field_kinds


class Located(Protocol):
    """A loaded document: its data and where each value stands in its file."""

    @property
    def data(self) -> Any: ...

    def locate(self, path: Sequence[str | int]) -> Location: ...


@dataclass(frozen=True)
class ZoneNeeds:
    """What a mechanism needs of a zone it is given, checked when the file is loaded."""

    scope: str | None = None  # "shared" or "player"; None: either
    ordered: bool = False  # its pieces lie in an order and are taken from the top
    grid: bool | None = None  # True: laid out in cells; False: not a grid
    capacity: bool = False  # it says how many pieces it holds
    counted: bool = False  # its pieces are counted by kind (neither a grid nor ordered)
    #: the moves depend on what it holds, so the player to move must see it: it is not
    #: hidden (a shared zone that is not hidden is public, a player's is seen by its owner)
    seen: bool = False
    faced: bool = False  # its pieces lie face up or face down, each in its place


def expression_at(document: Any, path: Sequence[str | int], source: str, names: Names,
                  result: type = bool) -> Expression:
    """``source``, written at ``path`` of ``document``, compiled over ``names``; its errors
    point at the very character (where the document knows where each one stands)."""
    location = document.locate(tuple(path))
    value_place = getattr(document, "value_place", None)
    place: Callable[[int], tuple[int, int]] | None = None
    if value_place is not None:  # where each character of the source stands
        place = partial(value_place, tuple(path))
        line, column = place(0)
        location = replace(location, line=line, column=column)
    return compile_expression(source, names, result=result, location=location, place=place)


@dataclass
class Builder:
    document: Located
    components: Mapping[str, Any] = field(default_factory=dict)
    zones: Mapping[str, Zone] = field(default_factory=dict)
    area_types: Mapping[str, Any] = field(default_factory=dict)
    areas: Mapping[str, Any] = field(default_factory=dict)
    attribute_types: Mapping[str, type] = field(default_factory=dict)
    #: what conditions read of a piece: its attributes, and its rank where pieces are ranked
    card_types: Mapping[str, type] = field(default_factory=dict)
    #: per text attribute, every value a component gives it, and "" (absent)
    attribute_words: Mapping[str, frozenset[str]] = field(default_factory=dict)
    lines: Mapping[str, Any] = field(default_factory=dict)
    straight_lines: Mapping[str, Any] = field(default_factory=dict)
    counts: Mapping[str, Any] = field(default_factory=dict)  # the ruleset's counts of pieces
    action_ids: frozenset[str] = frozenset()
    zone_families: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: the names conditions about the course of a turn read (``turn_names``), once made
    turn_condition_names: Mapping[str, Any] = field(default_factory=dict)
    #: every condition and formula compiled, for checks of what the rules read at all
    expressions: list[Expression] = field(default_factory=list)

    def card_fields(self) -> WordFields:
        """A piece as a condition reads it (``card.ATTRIBUTE``; ``card.rank``)."""
        return WordFields(self.card_types, self.attribute_words)

    def turn_names(self, actions: Mapping[str, Any]) -> dict[str, Any]:
        """The names conditions about the course of a turn may read (see ``turnnames``)."""
        seen: dict[str, str] = {}
        for action_id in actions:
            name = field_name(action_id)
            if name in BUILT_IN or name in seen:
                self.fail(("actions", action_id),
                          N_("conditions could not tell the action '{name}' from '{other}': "
                             "give it another id"),
                          name=action_id, other=seen.get(name, name))
            seen[name] = action_id
        facts = {action_id: action.facts for action_id, action in actions.items()}
        own = [zone_id for zone_id, zone in self.zones.items() if zone.scope == "player"]
        counted = [zone_id for zone_id in own if self.zones[zone_id].visibility != "secret"]
        laid = [zone_id for zone_id in own if self.zones[zone_id].grid is None]
        rooms = [zone_id for zone_id, zone in self.zones.items() if zone.room is not None]
        return turn_names(facts, (*self.zones, *self.zone_families), self.card_fields(),
                          field_kinds(self.areas.values()), self.straight_lines, own,
                          self.counts, counted, laid, rooms)

    def fail(self, path: Sequence[str | int], message: str, **params: Any) -> NoReturn:
        location = self.document.locate(tuple(path))
        raise DataError(location, message, params)

    def expression(self, path: Sequence[str | int], source: str, names: Names,
                   result: type = bool) -> Expression:
        expression = expression_at(self.document, path, source, names, result)
        self.expressions.append(expression)
        return expression

    def zones_listed(self, path: Sequence[str | int], zone_ids: Sequence[str],
                     needs: ZoneNeeds | None = None) -> tuple:
        """The zones a list names, each with what ``needs`` asks; a numbered family stands
        for all its zones."""
        return tuple(self.zone((*path, i), member, needs)
                     for i, zone_id in enumerate(zone_ids)
                     for member in self.zone_families.get(zone_id, (zone_id,)))

    def zone(self, path: Sequence[str | int], zone_id: str, needs: ZoneNeeds | None = None, *,
             scope: str | None = None) -> Zone:
        """The zone ``zone_id``, refused (at ``path``) unless it has what ``needs`` asks."""
        needs = needs or ZoneNeeds(scope=scope)
        zone = self.zones.get(zone_id)
        if zone is None and zone_id in self.zone_families:
            self.fail(path, N_("'{name}' names {count} zones; name one of them here, e.g. "
                               "'{first}'"), name=zone_id, count=len(self.zone_families[zone_id]),
                      first=self.zone_families[zone_id][0])
        if zone is None:
            self.fail(path, N_("unknown zone '{name}'; known zones: {known}"),
                      name=zone_id, known=", ".join(sorted(self.zones)))
        if needs.scope is not None and zone.scope != needs.scope:
            if needs.scope == "player":
                self.fail(path, N_("zone '{name}' must belong to each player here"), name=zone_id)
            self.fail(path, N_("zone '{name}' must be shared here"), name=zone_id)
        if needs.grid and zone.grid is None:
            self.fail(path, N_("zone '{name}' must be a grid here"), name=zone_id)
        if needs.grid is False and zone.grid is not None:
            if needs.counted:
                self.fail(path, N_("zone '{name}' is a grid, but here its pieces are counted "
                                   "by kind"), name=zone_id)
            self.fail(path, N_("zone '{name}' is a grid, but here pieces go into it or out of "
                               "it together, not cell by cell"), name=zone_id)
        if needs.ordered and not zone.ordered:
            self.fail(path, N_("zone '{name}' must be ordered here (pieces are taken from its "
                               "top)"), name=zone_id)
        if needs.counted and zone.ordered:
            self.fail(path, N_("zone '{name}' is ordered, but here its pieces are counted by "
                               "kind"), name=zone_id)
        if needs.faced and not zone.content.faced:
            self.fail(path, N_("zone '{name}' must have pieces face up or face down here "
                               "('faces: true')"), name=zone_id)
        if needs.capacity and zone.capacity is None:
            self.fail(path, N_("zone '{name}' needs a capacity here"), name=zone_id)
        if needs.seen and zone.visibility == "hidden":
            self.fail(path, N_("zone '{name}' is hidden, but what it holds decides the moves "
                               "here: the player to move must see it"), name=zone_id)
        if needs.seen and zone.visibility == "others":
            self.fail(path, N_("zone '{name}' is held facing away from its owner, but what it "
                               "holds decides the moves here: the player to move must see "
                               "it"), name=zone_id)
        return zone
