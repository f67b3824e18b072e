"""Families of zones alike, declared once: numbered (``count``: ``ID-1`` … ``ID-COUNT``) or
one zone per value of a piece attribute (``by``: ``ID-VALUE``), so that a piece can be sent
to the zone of its own value (a pile for each value)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Mapping

from ..common.errors import N_

if TYPE_CHECKING:
    from .builder import Builder

#: what a value must look like to be part of a zone id
VALUE_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_]*$")

#: a zone of a family: its id, the family (None alone), its number from 1, its value ("")
Member = tuple[str, str | None, int, str]


def family_members(build: Builder, zone_id: str, spec: Mapping[str, Any]) -> list[Member]:
    """The zones one entry of ``zones`` declares."""
    count, by = spec.get("count"), spec.get("by")
    if count is not None and by is not None:
        build.fail(("zones", zone_id, "by"),
                   N_("a family of zones is numbered ('count') or chosen by an attribute "
                      "('by'), not both"))
    if by is not None:
        return [(f"{zone_id}-{value}", zone_id, number, value)
                for number, value in enumerate(attribute_values(build, zone_id, by), 1)]
    if count is not None:
        return [(f"{zone_id}-{n}", zone_id, n, "") for n in range(1, count + 1)]
    return [(zone_id, None, 0, "")]


def attribute_values(build: Builder, zone_id: str, attribute: str) -> list[str]:
    """The values ``attribute`` takes among the components, in the order they first appear
    (a component without it has no zone of the family)."""
    values: dict[str, None] = {}
    for kind, component in build.components.items():
        value = component.attributes.get(attribute)
        if value is None:
            continue
        if isinstance(value, bool) or not VALUE_PATTERN.match(str(value)):
            build.fail(("components", kind, "attributes", attribute),
                       N_("zone family '{family}' has a zone for each value of '{name}': a "
                          "value must be a word of small letters, digits and _"),
                       family=zone_id, name=attribute)
        values[str(value)] = None
    if not values:
        build.fail(("zones", zone_id, "by"),
                   N_("no component has the attribute '{name}'"), name=attribute)
    return list(values)


def member_of(zones: Mapping[str, Any], family: str, value: Any) -> str | None:
    """The zone of ``family`` for a piece whose attribute has ``value`` (None: none)."""
    member = f"{family}-{value}"
    return member if member in zones and zones[member].family == family else None
