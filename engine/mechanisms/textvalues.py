"""The values an element's text may fill in, by what its mechanism declares: a text of an
action or step receives its parameters (zones by id, numbers and words as written), a
zone's text its capacity, grid and family size, a line's its gap."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..common.templates import ZoneRef
from . import ACTIONS, ORDERS, STEPS
from .params import ZoneList, ZoneRef as ZoneParam


def text_values(data: Mapping[str, Any], zones: Mapping[str, Any], path: Sequence[Any]
                ) -> dict[str, Any]:
    """The values the text of the element at ``path`` receives, by name."""
    element: Any = data
    for key in path:
        element = element.get(key, {}) if isinstance(element, Mapping) else {}
    if not isinstance(element, Mapping):
        return {}
    if path[0] == "zones":
        members = _members(zones, path[-1])
        if not members:
            return {}
        zone = members[0]
        values: dict[str, Any] = {}  # only what the zone has: a text about it names those
        if zone.capacity is not None:
            values["capacity"] = zone.capacity
        if zone.grid is not None:
            values["rows"], values["columns"] = zone.grid
        if zone.family is not None:
            values["count"] = len(members)
        return values
    if path[0] == "lines":
        return {"gap": element.get("gap", 0)}
    if path[0] in ("actions", "setup") or tuple(path[:2]) in (
            ("turn", "after"), ("turn", "after_round"), ("hands", "deal")):
        return mechanism_values(element, zones)
    if tuple(path) == ("turn", "order"):
        return mechanism_values(element, zones, ORDERS)
    return {}


def _members(zones: Mapping[str, Any], zone_id: str) -> list[Any]:
    """The zone ``zone_id``, or the zones of the numbered family of that name."""
    if zone_id in zones:
        return [zones[zone_id]]
    return [zone for zone in zones.values() if zone.family == zone_id]


def mechanism_values(spec: Mapping[str, Any], zones: Mapping[str, Any],
                     mechanisms: Mapping[str, Any] = ACTIONS) -> dict[str, Any]:
    """The values of an action or step (or, from ``ORDERS``, a turn order), by its
    mechanism's declared parameters: zones (and lists of zones, a family for its zones) by
    id, numbers and words as written; and the capacity of the zone it fills or takes from
    its ``to`` or ``zone`` (a grid's: its cells)."""
    mechanism = mechanisms.get(spec.get("mechanism", "")) or STEPS.get(spec.get("step", ""))
    if mechanism is None:
        return {}
    values: dict[str, Any] = {}
    for param in mechanism.params:
        value = spec.get(param.key)
        if value is None or isinstance(value, bool):
            continue
        if isinstance(param, ZoneList):
            values[param.key] = tuple(ZoneRef(zone.id) for listed in value
                                      for zone in _members(zones, listed))
        elif isinstance(param, ZoneParam) and value in zones:
            values[param.key] = ZoneRef(value)
            if param.key in ("to", "zone") and zones[value].room:
                values["capacity"] = zones[value].room
        elif isinstance(value, (int, str)):
            values[param.key] = value
    return values
