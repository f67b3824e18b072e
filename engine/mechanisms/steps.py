"""Steps that happen without a decision: in setup, and after every turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from .. import events as show
from ..errors import N_
from ..events import EventType, by_code
from ..moves import Event
from ..state import GameState
from .. import zoneops
from .base import StepMechanism
from .params import Count, Flag, ZoneList, ZoneRef

FROM = ZoneRef("from", "The shared zone pieces come from.", attr="source", scope="shared")

if TYPE_CHECKING:
    from ..build import Builder
    from ..ruleset import Ruleset


class Shuffle(StepMechanism):
    """Put an ordered shared zone in random order."""

    name = "shuffle"
    description = "Put an ordered shared zone in random order."
    params = (ZoneRef("zone", "The zone to shuffle.", scope="shared", needs=("ordered",)),)
    sentence = N_("Shuffle the {zone}.")
    zone: str

    def run(self, state: GameState, events: list[Event]) -> None:
        state.rng = state.shared[self.zone].shuffle(state.rng)


class Deal(StepMechanism):
    """Each player in turn draws ``count`` pieces into their own zone."""

    name = "deal"
    description = "Each player in turn draws 'count' pieces from 'from' into their zone 'to'."
    params = (FROM, ZoneRef("to", "The players' zone.", attr="target", scope="player",
                            needs=("counted",)),
              Count("count", "How many pieces each player draws.", minimum=1))
    sentence = N_("Each player draws {count} from the {from} into their {to}.")
    source: str
    target: str
    count: int

    def run(self, state: GameState, events: list[Event]) -> None:
        for player in range(len(state.players)):
            for _ in range(self.count):
                kind = zoneops.draw(state, self.source)
                if kind is not None:
                    zoneops.put(state, self.target, {kind: 1}, player)

    def pieces_needed(self, ruleset: Ruleset, players: int) -> int:
        return self.count * players


class SeedAreas(StepMechanism):
    """Put ``count`` pieces on every area; with ``redraw_wild``, wild pieces are drawn again."""

    name = "seed-areas"
    description = ("Put 'count' pieces from 'from' on every area; with redraw_wild, a wild "
                   "piece goes back and another is drawn.")
    params = (FROM, Count("count", "How many pieces each area gets.", minimum=1),
              Flag("redraw_wild", "Only pieces that are not wild are laid out."))
    sentence = N_("Put {count} from the {from} on every area.")
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
                kind = zoneops.draw(state, self.source)
                if kind is None:
                    break
                if self.redraw_wild and kind in self.wild:
                    set_aside[kind] = set_aside.get(kind, 0) + 1
                else:
                    placed.append((kind, kind))
            state.areas[area_id] = tuple(sorted((k, s, placed.count((k, s)))
                                                for k, s in set(placed)))
            if set_aside:
                zoneops.put(state, self.source, set_aside)

    def pieces_needed(self, ruleset: Ruleset, players: int) -> int:
        return self.count * len(ruleset.areas)


class Fill(StepMechanism):
    """Draw into a shared zone until it holds its capacity, while the source lasts."""

    name = "fill"
    description = "Draw from 'from' into 'to' until it holds its capacity, while 'from' lasts."
    params = (FROM, ZoneRef("to", "The zone to fill up to its capacity.", attr="target",
                            scope="shared", needs=("capacity",)))
    sentence = N_("Draw from the {from} into the {to} until it holds {capacity}.")
    events = by_code(EventType("filled", N_("{zone} is topped up with {pieces}."),
                               {"zone": show.zone(), "pieces": show.amount("count", "piece")},
                               count="count"))
    source: str
    target: str

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        self.capacity: int = build.zones[self.target].capacity

    def run(self, state: GameState, events: list[Event]) -> None:
        drawn = 0
        for _ in range(self.capacity - state.shared[self.target].size()):
            kind = zoneops.draw(state, self.source)
            if kind is None:
                break
            zoneops.put(state, self.target, {kind: 1})
            drawn += 1
        if drawn:
            state.turn.moved = True
            events.append(Event("filled", {"zone": self.target, "count": drawn}))

    def pieces_needed(self, ruleset: Ruleset, players: int) -> int:
        return self.capacity


class Split(StepMechanism):
    """Deal the pieces of an ordered zone into several, one at a time in turn."""

    name = "split"
    description = "Deal the pieces of 'from' into the zones 'to', one at a time in turn."
    params = (FROM, ZoneList("to", "The zones dealt into.", attr="targets", scope="shared"))
    sentence = N_("Deal the {from} into {to}.")
    source: str
    targets: tuple[str, ...]

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        if self.source in self.targets:
            build.fail((*path, "to"), N_("zone '{name}' cannot be dealt into itself"),
                       name=self.source)

    def run(self, state: GameState, events: list[Event]) -> None:
        turn = 0
        while (kind := zoneops.draw(state, self.source)) is not None:
            # dealt in order: no mixing needed
            state.shared[self.targets[turn % len(self.targets)]].lay([kind], on_top=False)
            turn += 1


class MoveAll(StepMechanism):
    """Move everything in one shared zone to another."""

    name = "move-all"
    description = "Move everything in the shared zone 'from' to the shared zone 'to'."
    params = (FROM, ZoneRef("to", "Where the pieces go.", attr="target", scope="shared"))
    sentence = N_("Move everything from the {from} to the {to}.")
    events = by_code(EventType("moved-all", ""))
    source: str
    target: str

    def run(self, state: GameState, events: list[Event]) -> None:
        source = state.shared[self.source]
        if source:
            moving = dict(source.counts())
            source.clear()
            zoneops.put(state, self.target, moving)
            events.append(Event("moved-all", {"from": self.source, "to": self.target,
                                              "count": sum(moving.values())}))
