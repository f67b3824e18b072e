"""``split``: deal the pieces of a zone into several, one at a time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...common.errors import N_
from ...common.moves import Event
from ...play.state import GameState, draw
from ...zones.contents import Pile
from ..base import StepMechanism
from ..params import ZoneList
from .zones import FROM

if TYPE_CHECKING:
    from ...model.builder import Builder


class Split(StepMechanism):
    """Deal the pieces of an ordered zone into several, one at a time in turn."""

    name = "split"
    description = "Deal the pieces of 'from' into the zones 'to', one at a time in turn."
    params = (FROM, ZoneList("to", "The zones dealt into.", attr="targets", scope="shared"))
    sentence = N_("Deal {from:def} into {to}.")
    draws_from = ("source",)
    source: str
    targets: tuple[str, ...]

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        if self.source in self.targets:
            build.fail((*path, "to"), N_("zone '{name}' cannot be dealt into itself"),
                       name=self.source)

    def run(self, state: GameState, events: list[Event]) -> None:
        source = state.writable(self.source)
        if type(source) is Pile and len(set(self.targets)) == len(self.targets):
            # A plain pile into different zones: each takes every n-th piece from the top,
            # as dealing them one at a time would lay them (a setup step of every game).
            pieces, count = list(source), len(self.targets)
            source.clear()
            for first, target in enumerate(self.targets):
                state.writable(target).lay(pieces[first::count], on_top=False)
            return
        turn = 0
        while (kind := draw(state, self.source)) is not None:
            # dealt in order: no mixing needed
            state.writable(self.targets[turn % len(self.targets)]).lay([kind], on_top=False)
            turn += 1
