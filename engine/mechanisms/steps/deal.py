"""``deal``: each player in turn draws pieces into their own zone; ``deal-all``: the whole
zone is dealt out, one piece at a time round the table.
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


TO = ZoneRef("to", "The players' zone (an ordered one is shuffled as each piece joins it).",
             attr="target", scope="player")


class Deal(StepMechanism):
    """Each player in turn draws ``count`` pieces into their own zone (a number, or one by
    the number of players)."""

    name = "deal"
    description = "Each player in turn draws 'count' pieces from 'from' into their zone 'to'."
    params = (FROM, TO, CountByPlayers("count", "How many pieces each player draws.",
                                       minimum=1))
    sentence = N_("{player:Each} draws {count:acc} from {from:def} into their {to}.")
    draws_from = ("source",)
    puts_into = ("target",)
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


class DealAll(StepMechanism):
    """Every piece of a zone is dealt, one at a time round the table from the player who
    begins: where they do not share out evenly, the first ones dealt to get one more."""

    name = "deal-all"
    description = ("Deal every piece of 'from' into the players' zones 'to', one at a time "
                   "round the table from the player who begins (the first ones dealt to get "
                   "one more where they do not share out evenly).")
    params = (FROM, TO)
    sentence = N_("Deal out all of {from:def}, one {piece:bare} at a time round the table, "
                  "each {player:bare} keeping theirs in their {to}. Where they do not share "
                  "out evenly, the first {players:bare} get {one} more.")
    draws_from = ("source",)
    puts_into = ("target",)
    source: str
    target: str

    def run(self, state: GameState, events: list[Event]) -> None:
        players = len(state.players)
        player = state.start_player
        while state.zone(self.source).size():
            kind = draw(state, self.source)
            if kind is not None:
                put(state, self.target, {kind: 1}, player)
            player = (player + 1) % players
