"""``swap-wild``: swap a wild piece standing in at an area for a real piece of the kind it
stands for.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event, Move
from ...conditions.turnnames import AREAS, ZONES
from ...model.playcache import Bounded
from ...play.parts import AREA, KIND, Part
from ...play.state import GameState, put
from ...zones.contents import Tally
from ...zones.groups import Group, make_group
from ..base import ActionMechanism, refuse
from ..params import Flag, ZoneRef

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset


class SwapWild(ActionMechanism):
    """The player hands in a real piece from ``zone`` and takes the wild piece back.

    With ``lock_area``, no group may be placed at that area for the rest of the turn (nor at
    any other area swapped at earlier in the turn).
    """

    name = "swap-wild"
    always_moves = True
    description = ("Swap a wild piece standing in at an area for a real piece of the kind it "
                   "stands for, from the player's 'zone'. With lock_area, no group may be "
                   "placed there for the rest of the turn; when the turn swaps more than once, "
                   "every area swapped at stays locked.")
    params = (
        ZoneRef("zone", "The player's zone the real piece comes from and the wild piece "
                        "goes to.", scope="player", needs=("counted", "seen")),
        Flag("lock_area", "No group may be placed at that area for the rest of the turn.",
             sentence=N_("No {group:bare} may be placed there for the rest of the turn.")),
    )
    parts = (Part("area", AREA), Part("kind", KIND))
    sentence = N_("Swap {wild:indef} at {area:indef} for {piece:indef} of the kind it stands "
                  "for, from your {zone}.")
    events = by_code(EventType(
        "swapped", N_("{player} swaps {piece} for {wild:def} at {area:def}."),
        {"player": shown.player(), "area": shown.area(), "piece": shown.count_of("kind", "count"),
         "wild": shown.kind("wild")}))
    #: the areas swapped at this turn, how many, and those locked for the rest of the turn
    #: (replace-group reads ``locked`` of every action that remembers it)
    memory = {"areas": 0, "locked": []}
    memory_ids = {"locked": "areas"}
    reads_wild = True
    changes = frozenset({AREAS, ZONES})
    facts = {"areas": int}
    puts_into = ("zone",)
    zone: str
    lock_area: bool

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        self.wild = frozenset(ruleset.wild_kinds)
        #: group -> the kinds its wild pieces stand for, learnt as groups come up; and per
        #: area, one slot: the group last seen standing there and those kinds (a group
        #: stands for many turns, found again by identity rather than by hashing it; the
        #: pair is replaced whole, so that threads read one that belongs together)
        self.stands: Bounded
        self._last: tuple[tuple[str, list[tuple[Group, tuple[str, ...]]]], ...]
        nothing: tuple[Group, tuple[str, ...]] = ((), ())  # the empty group stands for none
        self.stands, self._last = ruleset.cache.tables(self.id, lambda cache: (
            cache.bounded(50_000), tuple((area_id, [nothing]) for area_id in ruleset.areas)))

    def _wild_for(self, state: GameState, area: str, kind: str) -> str | None:
        """Which wild piece at ``area`` stands for ``kind``, if any."""
        for piece, stands, _ in state.areas.get(area, ()):
            if stands == kind and piece in self.wild:
                return piece
        return None

    # ``moves`` finds each area's group's kinds in the area's slot (``_wild_stands`` learns
    # them only for a group not seen there last). The pool's type is an annotation, not
    # ``cast`` (a call at run time). It is also the test for a move: the turn machine keeps
    # the list for the decision that follows (``game._has_moves``).
    def moves(self, state: GameState) -> list[Move]:
        pool: Tally = state.owned[self.zone][state.to_move]  # type: ignore[assignment]  # counted: a Tally
        closed, standing = state.closed, state.areas
        moves: list[Move] = []
        for area_id, last in self._last:
            group = standing[area_id]
            seen = last[0]
            kinds = seen[1] if seen[0] is group else self._wild_stands(group, last)
            if kinds and area_id not in closed:
                moves.extend(Move(self.id, (("area", area_id), ("kind", kind)))
                             for kind in kinds if pool.get(kind))
        return moves

    def _wild_stands(self, group: Group, last: list[tuple[Group, tuple[str, ...]]]
                     ) -> tuple[str, ...]:
        """The kinds wild pieces stand for in ``group``, learnt (memoised: asked every turn)
        and kept with it in its area's slot ``last``."""
        kinds = self.stands.get(group)
        if kinds is None:
            kinds = self.stands.remember(group, tuple(sorted(
                {stands for piece, stands, _ in group if piece in self.wild})))
        last[0] = (group, kinds)
        return kinds

    def check(self, state: GameState, move: Move) -> None:
        area, kind = move.get("area"), move.get("kind")
        if area in state.closed or area not in state.areas:
            raise refuse("area-closed", N_("{area:Def} is out of play"), area=area)
        if self._wild_for(state, area, kind) is None:
            raise refuse("no-wild", N_("no wild piece stands for {kind:indef} at {area:def}"),
                         kind=kind, area=area)
        pool: Tally = state.owned[self.zone][state.to_move]  # type: ignore[assignment]  # counted: a Tally
        if not pool.get(kind):
            raise refuse("pieces-missing", N_("you do not have {pieces}"), pieces={kind: 1})

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        area, kind = move.get("area"), move.get("kind")
        wild = self._wild_for(state, area, kind)
        assert wild is not None  # check found it
        pieces = Counter({(p, s): n for p, s, n in state.areas[area]})
        pieces[(wild, kind)] -= 1
        pieces[(kind, kind)] += 1
        state.areas[area] = make_group(pieces.elements())
        state.writable(self.zone).remove(kind, 1)
        put(state, self.zone, {wild: 1})
        recalled = self.recalled(state)
        locked = [*recalled["locked"], area] if self.lock_area else recalled["locked"]
        self.remember(state, areas=recalled["areas"] + 1, locked=locked)
        state.turn.moved = True
        events.append(Event("swapped", {"player": state.player, "area": area, "kind": kind,
                                        "count": 1,
                                        "wild": wild}, self.id))
