"""``move-all``: move everything in one shared zone to another (or only the pieces a
condition picks, e.g. to sort a box of mixed pieces).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import N_
from ...events import EventType, by_code
from ...moves import Event
from ...state import GameState
from ... import zoneops
from ..base import StepMechanism
from ..params import Condition, ZoneRef, card_names
from .zones import FROM

if TYPE_CHECKING:
    from ...expressions import Expression


class MoveAll(StepMechanism):
    """Move everything in one shared zone to another."""

    name = "move-all"
    description = ("Move everything in the shared zone 'from' to the shared zone 'to', or "
                   "only the pieces for which 'which' holds.")
    params = (FROM, ZoneRef("to", "Where the pieces go.", attr="target", scope="shared"),
              Condition("which", "Which pieces move, over 'card' (a piece's attributes); "
                        "all when left out.", optional=True, names=card_names))
    sentence = N_("Move everything from the {from} to the {to}.")
    events = by_code(EventType("moved-all", ""))
    source: str
    target: str
    which: Expression | None

    def run(self, state: GameState, events: list[Event]) -> None:
        source = state.shared[self.source]
        if source:
            moving = dict(source.counts())
            if self.which is None:
                source.clear()
            else:
                records = state.rules.card_records
                moving = {kind: n for kind, n in moving.items()
                          if self.which.evaluate({"card": records[kind]})}
                for kind, n in moving.items():
                    source.remove(kind, n)
            if not moving:
                return
            zoneops.put(state, self.target, moving)
            events.append(Event("moved-all", {"from": self.source, "to": self.target,
                                              "count": sum(moving.values())}))
