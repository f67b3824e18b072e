"""``seed-areas``: put pieces on every area of the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...common.errors import N_
from ...common.moves import Event
from ...play.state import GameState, draw, put
from ..base import StepMechanism
from ..params import Count, Flag
from .zones import FROM

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset


class SeedAreas(StepMechanism):
    """Put ``count`` pieces on every area; with ``redraw_wild``, wild pieces are drawn again."""

    name = "seed-areas"
    description = ("Put 'count' pieces from 'from' on every area; with redraw_wild, a wild "
                   "piece goes back and another is drawn.")
    params = (FROM, Count("count", "How many pieces each area gets.", minimum=1),
              Flag("redraw_wild", "Only pieces that are not wild are laid out.",
                   about_wild=True,
                   sentence=N_("A {wild:bare} drawn here goes back, and another {piece:bare} "
                               "is drawn in its place.")))
    sentence = N_("Put {count:acc} from {from:def} on each {area}.")
    draws_from = puts_into = ("source",)
    source: str
    count: int
    redraw_wild: bool

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        self._path = path

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        self.wild = frozenset(ruleset.wild_kinds)

    def check_ruleset(self, ruleset: Ruleset, build: Builder) -> None:
        real = sum(c.copies for c in ruleset.components.values() if not c.wild)
        if self.redraw_wild and real < self.pieces_needed(ruleset, ruleset.max_players):
            build.fail(self._path, N_("the areas need {needed} pieces that are not wild, but "
                                      "there are only {available}"),
                       needed=self.pieces_needed(ruleset, 0), available=real)

    def run(self, state: GameState, events: list[Event]) -> None:
        for area_id in state.rules.areas:
            set_aside: dict[str, int] = {}
            placed: list[tuple[str, str]] = []
            while len(placed) < self.count:
                kind = draw(state, self.source)
                if kind is None:
                    break
                if self.redraw_wild and kind in self.wild:
                    set_aside[kind] = set_aside.get(kind, 0) + 1
                else:
                    placed.append((kind, kind))
            state.areas[area_id] = tuple(sorted((k, s, placed.count((k, s)))
                                                for k, s in set(placed)))
            if set_aside:
                put(state, self.source, set_aside)

    def pieces_needed(self, ruleset: Ruleset, players: int) -> int:
        return self.count * len(ruleset.areas)
