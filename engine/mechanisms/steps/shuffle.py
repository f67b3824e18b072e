"""``shuffle``: put an ordered shared zone in random order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...common.errors import N_
from ...common.moves import Event
from ...play.state import GameState
from ..base import StepMechanism
from ..params import ZoneRef

if TYPE_CHECKING:
    pass


class Shuffle(StepMechanism):
    """Put an ordered shared zone in random order."""

    name = "shuffle"
    description = "Put an ordered shared zone in random order."
    params = (ZoneRef("zone", "The zone to shuffle.", scope="shared", needs=("ordered",)),)
    sentence = N_("Shuffle {zone:def}.")
    shuffles = True
    zone: str

    def run(self, state: GameState, events: list[Event]) -> None:
        state.rng = state.writable(self.zone).shuffle(state.rng)
