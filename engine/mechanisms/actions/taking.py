"""What ``take-kind`` and ``take-one`` share: taking pieces from a shared zone into the
player's own zone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event
from ...conditions.turnnames import ZONES
from ...play.parts import KIND, Part
from ...play.state import GameState, put
from ..base import ActionMechanism
from ..params import ZoneRef

if TYPE_CHECKING:
    pass


GROUP_FIELDS = {"count": int, "rank": int, "wilds": int, "kinds": int}

FROM = ZoneRef("from", "The shared zone pieces are taken from.", attr="source",
               scope="shared", needs=("seen",))
TO = ZoneRef("to", "The player's zone the pieces go to.", attr="target", scope="player",
             needs=("counted",))


TOOK = EventType("took", N_("{player} takes {pieces} from {zone:def}."),
                 {"player": shown.player(), "pieces": shown.count_of("kind", "count"),
                  "zone": shown.zone("from")}, count="count")


class Taking(ActionMechanism):
    parts = (Part("kind", KIND),)
    events = by_code(TOOK)
    changes = frozenset({ZONES})  # from a shared zone into the player's counted zone
    puts_into = ("target",)
    source: str
    target: str

    def _ordered(self, state: GameState) -> list[tuple[str, int]]:
        """The source's content in the ruleset's order of kinds (a stable, meaningful menu)."""
        # A tally is a dict subclass, whose method calls the interpreter does not specialise:
        # bound once, ``get`` is a plain C call per kind.
        get = state.shared[self.source].counts().get
        ordered = []
        for kind in state.rules.components:
            count = get(kind)
            if count:
                ordered.append((kind, count))
        return ordered

    def _move(self, state: GameState, kind: str, count: int, events: list[Event]) -> None:
        state.writable(self.source).remove(kind, count)
        put(state, self.target, {kind: count})
        state.turn.moved = True
        events.append(Event("took", {"player": state.player, "kind": kind, "count": count,
                                     "from": self.source}, self.id))
