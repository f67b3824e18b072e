"""``gather``: every piece of some zones (a zone of each player: every player's) and, with
``areas``, of every area goes to one shared zone: the pieces brought together again before
a new hand is dealt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...common.errors import N_
from ...common.moves import Event
from ...play.state import GameState, put
from ...zones.groups import piece_counts
from ..base import StepMechanism
from ..params import Flag, ZoneList, ZoneRef

if TYPE_CHECKING:
    from ...model.builder import Builder


class Gather(StepMechanism):
    name = "gather"
    description = ("Every piece of the zones 'from' (of a zone of each player, every "
                   "player's) and, with 'areas', of every area goes to the shared zone 'to'.")
    params = (
        ZoneList("from", "The zones gathered from, shared or of each player.",
                 attr="sources"),
        ZoneRef("to", "The shared zone everything goes to.", attr="target", scope="shared"),
        Flag("areas", "The pieces at every area go there too.",
             sentence=N_("Gather the {pieces:bare} at every {area:bare} too.")),
    )
    sentence = N_("Gather every {piece:bare} of {from:def} into {to:def}.")
    puts_into = ("target",)
    sources: tuple[str, ...]
    target: str
    areas: bool

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        if self.target in self.sources:
            build.fail((*path, "from"), N_("zone '{name}' cannot be gathered into itself"),
                       name=self.target)

    def run(self, state: GameState, events: list[Event]) -> None:
        for zone_id in self.sources:
            holders = [None] if zone_id in state.shared else range(len(state.players))
            for player in holders:
                pieces = dict(state.zone(zone_id, player).counts())
                if pieces:
                    state.writable(zone_id, player).clear()
                    put(state, self.target, pieces)
        if self.areas:
            for area_id, group in state.areas.items():
                if group:
                    put(state, self.target, piece_counts(group))
                    state.areas[area_id] = ()
