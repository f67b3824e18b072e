"""``deal``: each player in turn draws pieces into their own zone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...common.errors import N_
from ...common.moves import Event
from ...play.state import GameState, draw, put
from ..base import StepMechanism
from ..params import CountByPlayers, ZoneRef
from .zones import FROM

if TYPE_CHECKING:
    from ...model.ruleset import Ruleset


class Deal(StepMechanism):
    """Each player in turn draws ``count`` pieces into their own zone (a number, or one by
    the number of players)."""

    name = "deal"
    description = "Each player in turn draws 'count' pieces from 'from' into their zone 'to'."
    params = (FROM, ZoneRef("to", "The players' zone.", attr="target", scope="player",
                            needs=("counted",)),
              CountByPlayers("count", "How many pieces each player draws.", minimum=1))
    sentence = N_("{player:Each} draws {count:acc} from {from:def} into their {to}.")
    source: str
    target: str
    count: dict[int, int]  # by the number of players

    def run(self, state: GameState, events: list[Event]) -> None:
        for player in range(len(state.players)):
            for _ in range(self.count[len(state.players)]):
                kind = draw(state, self.source)
                if kind is not None:
                    put(state, self.target, {kind: 1}, player)

    def pieces_needed(self, ruleset: Ruleset, players: int) -> int:
        return self.count[players] * players
