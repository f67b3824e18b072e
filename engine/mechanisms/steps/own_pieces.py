"""``own-pieces``: each player takes every piece of the kind that is theirs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...common.errors import N_
from ...common.moves import Event
from ...play.state import GameState, put
from ..base import StepMechanism
from ..params import KindList, ZoneRef

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset


class OwnPieces(StepMechanism):
    """Pieces that belong to a player: the first player's are of the first kind listed,
    the second player's of the second, and so on; each takes all of theirs."""

    name = "own-pieces"
    description = ("Each player takes every piece of their own kind from 'from' into their "
                   "zone 'to': the first player the first kind of 'kinds', the second the "
                   "second, and so on (list one kind for each player there can be).")
    params = (ZoneRef("from", "The shared zone the pieces lie in.", attr="source",
                      scope="shared", needs=("counted",)),
              ZoneRef("to", "The players' zone.", attr="target", scope="player",
                            needs=("counted",)),
              KindList("kinds", "One kind for each place at the table, in order."))
    sentence = N_("{kinds:Def} are shared out, one kind for {player:each} in the order of "
                  "play: each takes all of theirs.")
    puts_into = own_kind_into = ("target",)
    source: str
    target: str
    kinds: tuple[str, ...]

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        self._path = path

    def run(self, state: GameState, events: list[Event]) -> None:
        supply = state.writable(self.source)
        for player, kind in enumerate(self.kinds[:len(state.players)]):
            count = supply.counts().get(kind, 0)
            if count:
                supply.remove(kind, count)
                put(state, self.target, {kind: count}, player)

    def pieces_needed(self, ruleset: Ruleset, players: int) -> int:
        return sum(ruleset.components[kind].copies for kind in self.kinds[:players])

    def check_ruleset(self, ruleset: Ruleset, build: Builder) -> None:
        if len(self.kinds) < ruleset.max_players:
            build.fail((*self._path, "kinds"), N_("'kinds' names {count} kinds, but up to {players} "
                                     "players take part: one kind for each"),
                       count=len(self.kinds), players=ruleset.max_players)
