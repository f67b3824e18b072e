"""``move-all``: move everything in one shared zone to another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import N_
from ...events import EventType, by_code
from ...moves import Event
from ...state import GameState
from ... import zoneops
from ..base import StepMechanism
from ..params import ZoneRef
from .zones import FROM

if TYPE_CHECKING:
    pass


class MoveAll(StepMechanism):
    """Move everything in one shared zone to another."""

    name = "move-all"
    description = "Move everything in the shared zone 'from' to the shared zone 'to'."
    params = (FROM, ZoneRef("to", "Where the pieces go.", attr="target", scope="shared"))
    sentence = N_("Move everything from the {from} to the {to}.")
    events = by_code(EventType("moved-all", ""))
    source: str
    target: str

    def run(self, state: GameState, events: list[Event]) -> None:
        source = state.shared[self.source]
        if source:
            moving = dict(source.counts())
            source.clear()
            zoneops.put(state, self.target, moving)
            events.append(Event("moved-all", {"from": self.source, "to": self.target,
                                              "count": sum(moving.values())}))
