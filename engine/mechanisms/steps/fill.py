"""``fill``: draw into a shared zone until it holds its capacity.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event
from ...conditions.turnnames import ZONES
from ...play.state import GameState, draw, put
from ..base import StepMechanism
from ..params import ZoneRef
from .zones import FROM

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset


class Fill(StepMechanism):
    """Draw into a shared zone until it holds its capacity, while the source lasts."""

    name = "fill"
    description = "Draw from 'from' into 'to' until it holds its capacity, while 'from' lasts."
    params = (FROM, ZoneRef("to", "The zone to fill up to its capacity.", attr="target",
                            scope="shared", needs=("capacity",)))
    sentence = N_("Draw from {from:def} into {to:def} until {to:sg=it holds/pl=they hold} "
                  "{capacity:acc}.")
    events = by_code(EventType("filled", N_("{zone:Def} is topped up with {pieces}."),
                               {"zone": shown.zone(), "pieces": shown.amount("count", "piece")},
                               count="count", detail=True))
    draws_from = ("source",)
    puts_into = ("target",)
    source: str
    target: str
    changes = frozenset({ZONES})  # a shared zone with a capacity: never a grid

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        capacity = build.zones[self.target].capacity
        assert capacity is not None  # the zone needs a capacity (ZoneRef)
        self.capacity: int = capacity

    def run(self, state: GameState, events: list[Event]) -> None:
        drawn = 0
        for _ in range(self.capacity - state.shared[self.target].size()):
            kind = draw(state, self.source)
            if kind is None:
                break
            put(state, self.target, {kind: 1})
            drawn += 1
        if drawn:
            state.turn.moved = True
            events.append(Event("filled", {"zone": self.target, "count": drawn}))

    def pieces_needed(self, ruleset: Ruleset, players: int) -> int:
        return self.capacity
