"""``move-all``: move everything in one shared zone (or the pieces a condition picks) to
another, mixed in or laid at a depth.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, cast

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event
from ...conditions.turnnames import ZONES
from ...play.state import GameState, draw, put
from ...zones.contents import Pile
from ..base import StepMechanism, StepSettingError
from ..params import CARD_WORDS, Condition, Count, ZoneRef, card_names
from .zones import FROM

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset


#: the rulebook's sentence where only a few pieces move (``count``)
COUNTED = N_("Move {count:acc} from {from:def} to {to:def}, or what is left when there are "
             "fewer.")


class MoveAll(StepMechanism):
    """Move everything in one shared zone to another; ``which`` picks the pieces that move,
    ``from_bottom`` lays them into an ordered zone with that many pieces beneath them
    (a piece shuffled in at a known depth, such as one that announces the end)."""

    name = "move-all"
    description = ("Move everything in the shared zone 'from' (or the pieces 'which' picks) "
                   "to the shared zone 'to': mixed in, or with 'from_bottom', laid into the "
                   "ordered zone 'to' with that many pieces beneath them.")
    params = (FROM, ZoneRef("to", "Where the pieces go.", attr="target", scope="shared"),
              Condition("which", "Only the pieces for which this condition over 'card' "
                                 "holds move.", optional=True, names=card_names,
                        words=CARD_WORDS,
                        sentence=N_("Only the {pieces:bare} for which this holds move: "
                                    "{which:clause}.")),
              Count("from_bottom", "Lay the pieces into the ordered zone 'to' with this "
                                   "many of its pieces beneath them (all of them when it "
                                   "holds fewer).", optional=True, moved=False,
                    sentence=N_("What moves is laid into {to:def} with {from_bottom:acc} "
                                "beneath it.")),
              Count("count", "Only this many pieces move (as many as there are, when fewer): "
                             "the top ones of an ordered zone, else drawn at random.",
                    optional=True, minimum=1))
    sentence = N_("Move everything from {from:def} to {to:def}.")
    events = by_code(EventType("moved-all", ""),
                     # a few pieces moved as a turn ends (a token spent), told
                     EventType("moved-some", N_("From {from:def} to {to:def}: {pieces}."),
                               {"from": shown.zone("from"), "to": shown.zone("to"),
                                "pieces": shown.pieces("pieces")}),
                     # into a zone not everyone sees: how many, not which
                     EventType("moved-unseen", N_("From {from:def} to {to:def}: {amount}."),
                               {"from": shown.zone("from"), "to": shown.zone("to"),
                                "amount": shown.amount("count", "piece")}, count="count"))
    changes = frozenset({ZONES})  # never a grid: a grid gives and takes pieces cell by cell
    puts_into = ("target",)
    source: str
    target: str
    which: Any
    from_bottom: int | None
    count: int | None

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        if self.from_bottom is not None and not build.zones[self.target].ordered:
            build.fail((*path, "from_bottom"), N_("zone '{name}' must be ordered here (pieces "
                                                  "are laid at a depth in it)"),
                       name=self.target)
        if self.source == self.target:
            build.fail((*path, "to"), N_("zone '{name}' cannot be moved into itself"),
                       name=self.source)
        if self.count is not None and self.which is not None:
            build.fail((*path, "count"), N_("'count' and 'which' cannot be given together: "
                                            "say which pieces move, or how many"))

    def own_sentence(self) -> str:
        """Where only a few pieces move, a sentence that says so."""
        return self.sentence if self.count is None else COUNTED

    def chance(self, ruleset: Ruleset) -> bool:
        """Also where a few are drawn at random from a zone counted by kind."""
        return super().chance(ruleset) or (self.count is not None
                                           and not ruleset.zones[self.source].ordered)

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        records = ruleset.card_records
        self.moving = None if self.which is None else frozenset(
            kind for kind in ruleset.components
            if self.which.evaluate({"card": records[kind]}))

    def run(self, state: GameState, events: list[Event]) -> None:
        moving: dict[str, int] = {}
        if self.count is not None:
            for _ in range(self.count):
                kind = draw(state, self.source)
                if kind is None:
                    break
                moving[kind] = moving.get(kind, 0) + 1
        else:
            source = state.writable(self.source)
            moving = {kind: n for kind, n in source.counts().items()
                      if self.moving is None or kind in self.moving}
            for kind, n in moving.items():
                source.remove(kind, n)
        if not moving:
            return
        if self.from_bottom is None:
            put(state, self.target, moving)
        else:
            pile = cast(Pile, state.writable(self.target))  # ordered: checked at load
            if self.from_bottom > len(pile):
                raise StepSettingError((*self.path, "from_bottom"),
                                       N_("zone '{name}' holds only {count} pieces here: too "
                                          "few to lay pieces with {from_bottom} beneath them"),
                                       name=self.target, count=len(pile),
                                       from_bottom=self.from_bottom)
            at = len(pile) - self.from_bottom  # top first: the bottom is the end
            pile[at:at] = [kind for kind in sorted(moving) for _ in range(moving[kind])]
        if self.count is not None and state.rules.zones[self.target].visibility != "public":
            events.append(Event("moved-unseen", {"from": self.source, "to": self.target,
                                                 "count": sum(moving.values())}))
        elif self.count is not None:
            events.append(Event("moved-some", {"from": self.source, "to": self.target,
                                               "pieces": moving}))
        else:
            events.append(Event("moved-all", {"from": self.source, "to": self.target,
                                              "count": sum(moving.values())}))
