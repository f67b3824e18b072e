"""``take-kind``: all pieces of one kind, allowed by a condition on the group placed this
turn (or exactly one wild piece).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...common.errors import N_
from ...common.moves import Event, Move
from ...model.playcache import Bounded
from ...play.movelist import MoveList, one_part
from ...play.state import GameState
from ...zones.groups import GroupStats
from ..base import refuse
from ..params import ActionRef, ConditionPerAreaType, Flag
from .taking import FROM, GROUP_FIELDS, TO, Taking

if TYPE_CHECKING:
    from ...conditions.expressions import Expression
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset


class TakeKind(Taking):
    """All pieces of one kind, allowed by a condition on the group placed this turn.

    ``when`` maps each area type to a condition over ``taken`` (the pieces of
    that kind in the zone) and ``played`` (the group placed this turn). With
    ``single_wild``, exactly one wild piece may be taken instead.
    """

    name = "take-kind"
    description = ("Take all pieces of one kind from a shared zone, allowed by a condition on "
                   "the group placed this turn; or, with single_wild, exactly one wild piece.")
    params = (
        FROM, TO,
        Flag("single_wild", "Exactly one wild piece may be taken instead.",
             sentence=N_("Or take exactly {one_wild:acc}."), about_wild=True),
        ConditionPerAreaType(
            "when", "Per area type: a condition over 'taken' and 'played' (count, rank, wilds, "
                    "kinds) for taking all pieces of one kind.",
            names=lambda at: {"taken": GROUP_FIELDS, "played": GROUP_FIELDS},
            words={"taken.count": N_("the number of {pieces:bare} of that kind there"),
                   "taken.rank": N_("the rank of that kind"),
                   "taken.wilds": N_("the number of {wilds:bare} among them"),
                   "taken.kinds": N_("the number of kinds among them"),
                   "played.count": N_("the number of {pieces:bare} in the {group:bare} placed "
                                      "this turn"),
                   "played.rank": N_("the rank of the {group:bare} placed this turn"),
                   "played.wilds": N_("the number of {wilds:bare} in the {group:bare} placed "
                                      "this turn"),
                   "played.kinds": N_("the number of kinds in the {group:bare} placed this "
                                      "turn")}),
        ActionRef("after", "The action whose group placed this turn is 'played'."),
    )
    sentence = N_("Take all {pieces} of one kind from {from:def} when allowed ({when}).")
    single_wild: bool
    when: dict[str, Expression]
    after: str

    def check_ruleset(self, ruleset: Ruleset, build: Builder) -> None:
        placing = ruleset.actions[self.after]
        if not {"area", "count", "rank"} <= set(placing.memory):
            build.fail(("actions", self.id, "after"),
                       N_("'{name}' does not place groups, so it has no group to compare with"),
                       name=self.after)

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        self.components = ruleset.components
        #: (area type, taken stats, played stats) -> whether taking is allowed
        self.verdicts: Bounded = ruleset.cache.tables(self.id,
                                                      lambda cache: cache.bounded(10_000))
        # How many of the played group's stats (count, rank, wilds, kinds) a condition
        # tells apart: verdicts are memoised by those only.
        self._played_fields = {
            type_id: 4 if when.reads("played", "wilds") or when.reads("played", "kinds") else 2
            for type_id, when in self.when.items()}

    def _allowed_kinds(self, state: GameState) -> list[tuple[str, int]]:
        """The kinds in the source that may be taken now, with their counts."""
        played = state.turn.memory.get(self.after)
        if played is None:
            return []
        type_id = state.rules.areas[played["area"]].type.id
        stats = (played["count"], played["rank"], played["wilds"], played["kinds"]) \
            if self._played_fields[type_id] == 4 else (played["count"], played["rank"])
        verdicts, components = self.verdicts, self.components
        known = verdicts.get  # bound once: a method call on a dict subclass is not specialised
        allowed = []
        for kind, count in self._ordered(state):
            component = components[kind]
            if component.wild:
                if self.single_wild:
                    allowed.append((kind, count))
                continue
            key = (type_id, count, component.rank, *stats)  # flat: hashed once per kind
            verdict = known(key)
            if verdict is None:  # memoised: a handful of stats recur all game long
                verdict = verdicts.remember(key, bool(self.when[type_id].evaluate(
                    {"taken": GroupStats(count, component.rank, 0, 1),
                     "played": GroupStats(*stats)})))
            if verdict:
                allowed.append((kind, count))
        return allowed

    def moves(self, state: GameState) -> MoveList:
        return one_part(self.id, "kind", [kind for kind, _ in self._allowed_kinds(state)])

    def gains(self, state: GameState, move: Move) -> dict[str, int] | None:
        kind = move.get("kind")
        if kind is None:
            return None
        n = state.shared[self.source].counts().get(kind, 0)
        return {kind: 1 if self.components[kind].wild else n}

    def check(self, state: GameState, move: Move) -> None:
        zone = state.shared[self.source].counts()
        taken = move.get("kind")
        if taken not in zone:
            raise refuse("kind-absent", N_("there is {kind:no} in {zone:def}"),
                         kind=taken, zone=self.source)
        if all(kind != taken for kind, _ in self._allowed_kinds(state)):
            raise refuse("take-not-allowed", N_("you may not take {kind:def} now"),
                         kind=taken)

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        kind: str = move.get("kind")
        wild = self.components[kind].wild
        count = 1 if wild else state.shared[self.source].counts()[kind]
        self._move(state, kind, count, events)
