"""Swap a wild piece standing in at an area for a real piece of the kind it stands for."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping

from ..content import make_group
from ..errors import N_
from ..moves import Event, Move
from ..playcache import Bounded
from ..state import GameState
from .. import zoneops
from .base import ActionMechanism, refuse

if TYPE_CHECKING:
    from ..build import Builder
    from ..ruleset import Ruleset


class SwapWild(ActionMechanism):
    """The player hands in a real piece from ``zone`` and takes the wild piece back.

    With ``lock_area``, no group may be placed at that area for the rest of the turn.
    """

    roles = ("area", "kind")

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        super().__init__(action_id, spec, build, path)
        self.zone = build.zone((*path, "zone"), spec["zone"], scope="player").id
        self.lock_area: bool = spec.get("lock_area", False)

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        self.wild = frozenset(ruleset.wild_kinds)
        #: group -> the kinds its wild pieces stand for, learnt as groups come up
        self.stands: Bounded = ruleset.cache.tables(self.id, lambda cache: cache.bounded(50_000))

    def _wild_for(self, state: GameState, area: str, kind: str) -> str | None:
        """Which wild piece at ``area`` stands for ``kind``, if any."""
        for piece, stands, _ in state.areas.get(area, ()):
            if stands == kind and piece in self.wild:
                return piece
        return None

    def moves(self, state: GameState) -> list[Move]:
        pool = state.owned[self.zone][state.to_move]
        stands = self.stands
        moves = []
        for area_id, group in state.areas.items():
            kinds = self._wild_stands(stands, group)
            if kinds and area_id not in state.closed:
                moves.extend(Move(self.id, area_id, kind) for kind in kinds if pool.get(kind))
        return moves

    def any_move(self, state: GameState) -> bool:
        pool = state.owned[self.zone][state.to_move]
        stands = self.stands
        for area_id, group in state.areas.items():
            kinds = self._wild_stands(stands, group)
            if kinds and area_id not in state.closed and any(pool.get(k) for k in kinds):
                return True
        return False

    def _wild_stands(self, learnt: Bounded, group) -> tuple[str, ...]:
        """The kinds wild pieces stand for in ``group`` (memoised: asked every turn)."""
        kinds = learnt.get(group)
        if kinds is None:
            kinds = learnt.remember(group, tuple(sorted(
                {stands for piece, stands, _ in group if piece in self.wild})))
        return kinds

    def check(self, state: GameState, move: Move) -> None:
        if move.area in state.closed or move.area not in state.areas:
            raise refuse("area-closed", N_("{area} is out of play"), area=move.area)
        if self._wild_for(state, move.area, move.kind) is None:  # type: ignore[arg-type]
            raise refuse("no-wild", N_("no wild piece stands for {kind} at {area}"),
                         kind=move.kind, area=move.area)
        if not state.owned[self.zone][state.to_move].get(move.kind):  # type: ignore[arg-type]
            raise refuse("pieces-missing", N_("you do not have {pieces}"),
                         pieces={move.kind: 1})

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        area, kind = move.area, move.kind
        wild = self._wild_for(state, area, kind)  # type: ignore[arg-type]
        pieces = Counter({(p, s): n for p, s, n in state.areas[area]})  # type: ignore[index]
        pieces[(wild, kind)] -= 1
        pieces[(kind, kind)] += 1
        state.areas[area] = make_group(pieces.elements())  # type: ignore[index]
        state.owned[self.zone][state.to_move].remove(kind, 1)  # type: ignore[arg-type]
        zoneops.put(state, self.zone, {wild: 1})  # type: ignore[dict-item]
        if self.lock_area:
            state.turn.locked_area = area
        state.turn.moved = True
        events.append(Event("swapped", {"player": state.player, "area": area, "kind": kind,
                                        "wild": wild}, self.id))
