"""``fill``: draw into a zone until it holds its capacity or a number by the number of
players: a shared zone, or after a turn the own zone of the player whose turn it was (a
hand drawn back up, the pieces laid on top in the order drawn); a grid cell by cell, row
after row (cards laid out face down).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, cast

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event
from ...conditions.turnnames import GRIDS, ZONES
from ...play.state import GameState, draw, put
from ...zones.grid import Cell, Grid
from ..base import StepMechanism
from ..params import CountByPlayers, ZoneRef
from .zones import FROM

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset


class Fill(StepMechanism):
    """Draw into a zone until it holds its capacity (or ``up_to``), while the source
    lasts."""

    name = "fill"
    description = ("Draw from 'from' into 'to' until it holds its capacity (or 'up_to'), "
                   "while 'from' lasts; a grid is filled into its empty cells, row after row. "
                   "'to' may be a zone of each player in a step after each turn: the zone of "
                   "the player whose turn it was.")
    params = (FROM, ZoneRef("to", "The zone to fill.", attr="target", honours_capacity=True,
                            needs=("grid-too",)),
              CountByPlayers("up_to", "How many pieces it is filled up to, instead of its "
                                      "capacity.", optional=True, minimum=1))
    sentence = N_("Draw from {from:def} into {to:def} until {to:sg=it holds/pl=they hold} "
                  "{capacity:acc}.")
    events = by_code(EventType("filled", N_("{zone:Def} is topped up with {pieces}."),
                               {"zone": shown.zone(), "pieces": shown.amount("count", "piece")},
                               count="count", detail=True),
                     EventType("drew-up", N_("{player} draws {pieces} into their {zone:bare}."),
                               {"player": shown.player(), "zone": shown.zone(),
                                "pieces": shown.amount("count", "piece")},
                               count="count", detail=True))
    draws_from = ("source",)
    puts_into = ("target",)
    source: str
    target: str
    up_to: dict[int, int] | None
    grid: tuple[int, int] | None
    changes = frozenset({ZONES, GRIDS})  # a grid's too, where it fills one

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        zone = build.zones[self.target]
        self.grid = zone.grid
        self.own = zone.scope == "player"  # the zone of the player whose turn it was
        if self.own and not self.after_turn:
            build.fail((*path, "to"), N_("zone '{name}' belongs to each player: it is filled "
                                         "only after a turn, for the player whose turn it "
                                         "was"), name=self.target)
        if self.up_to is None and zone.room is None:
            build.fail((*path, "to"), N_("zone '{name}' needs a capacity here, or 'up_to' "
                                         "says how many pieces it is filled up to"),
                       name=self.target)
        capacity = zone.room or 0
        #: how many pieces it is filled up to, by the number of players
        self.full: dict[int, int] = self.up_to or {
            n: capacity for n in range(1, build.document.data["players"]["max"] + 1)}

    def run(self, state: GameState, events: list[Event]) -> None:
        owner = state.to_move if self.own else None
        drawn = 0
        empty = self._empty_cells(state, owner)
        for _ in range(self.full[len(state.players)] - state.zone(self.target, owner).size()):
            kind = draw(state, self.source)
            if kind is None:
                break
            if empty:
                cast(Grid, state.writable(self.target, owner))[empty.pop(0)] = kind
            elif self.own and state.rules.zones[self.target].ordered:
                state.writable(self.target, owner).lay([kind], on_top=True)
            else:
                put(state, self.target, {kind: 1}, owner)
            drawn += 1
        if drawn:
            state.turn.moved = True
            events.append(Event("drew-up", {"player": state.player, "zone": self.target,
                                            "count": drawn}) if self.own else
                          Event("filled", {"zone": self.target, "count": drawn}))

    def _empty_cells(self, state: GameState, owner: int | None) -> list[Cell]:
        """A grid's empty cells, row after row (none for a zone that is not a grid)."""
        if self.grid is None:
            return []
        grid = cast(Grid, state.zone(self.target, owner))
        rows, columns = self.grid
        return [(row, column) for row in range(1, rows + 1) for column in range(1, columns + 1)
                if (row, column) not in grid]

    def pieces_needed(self, ruleset: Ruleset, players: int) -> int:
        return 0 if self.own else self.full[players]
