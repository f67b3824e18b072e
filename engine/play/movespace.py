"""Whole moves numbered from the ruleset alone, for learners that take one action a move.

Where every part of every action names one of a bounded set of values (a column, a cell, a
kind, a zone, another player, a word), the moves of any decision are among the product of
those sets, action by action, and each gets a fixed id: dropping a piece into one of seven
columns is ids 0 to 6. A part a mechanism leaves out because only one value is possible
(``ActionMechanism.implied``) takes no room; an optional part adds "none". A part whose
values cannot be listed (a group of pieces) or a product past ``MOST_MOVES`` leaves the
ruleset without a move space (``MoveSpace.of`` gives None): its moves are chosen in steps
(``engine/play/choices.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from math import prod
from typing import TYPE_CHECKING, Any, Sequence

from ..common.moves import Move
from .parts import ChoiceType, Part

if TYPE_CHECKING:
    from ..model.ruleset import Ruleset
    from .choices import ActionSpace

#: the most whole moves a space numbers: beyond, a learner is better served by steps
#: (PettingZoo's chess numbers 4,672)
MOST_MOVES = 4096


@dataclass(frozen=True)
class ActionMoves:
    """One action's share of the space: its first id, and each part it names with the
    values the part may take (None first where it may be left out; a player by seat)."""

    action: str
    offset: int
    parts: tuple[tuple[str, tuple[Any, ...]], ...]
    players: frozenset[str]  # the parts that name a player

    @property
    def size(self) -> int:
        return prod(len(values) for _, values in self.parts)


@dataclass(frozen=True)
class MoveSpace:
    """Every whole move of a ruleset, numbered: ``id`` <-> ``move``. A player named in a
    move is numbered by seat, as in ``ActionSpace``."""

    actions: dict[str, ActionMoves]
    size: int

    @classmethod
    def of(cls, rules: Ruleset, space: ActionSpace) -> MoveSpace | None:
        """The whole moves of ``rules`` (``space`` gives the domains' values); None when
        some part's values cannot be listed or there would be more than ``MOST_MOVES``."""
        actions, total = {}, 0
        for action_id, action in rules.actions.items():
            implied = action.implied()
            parts = []
            for part in action.parts:
                if part.name in implied:
                    continue
                values = part_values(part, space)
                if values is None:
                    return None
                parts.append((part.name, ((None,) if part.optional else ()) + values))
            moves = ActionMoves(action_id, total, tuple(parts), frozenset(
                part.name for part in action.parts if part.type.kind == "player"))
            actions[action_id], total = moves, total + moves.size
            if total > MOST_MOVES:
                return None
        return cls(actions, total)

    def id(self, move: Move, players: Sequence[str]) -> int:
        """The id of ``move`` (a player by seat in ``players``)."""
        moves = self.actions[move.action]
        index = 0
        for name, values in moves.parts:
            value = move.get(name)
            if value is not None and name in moves.players:
                value = players.index(value)
            index = index * len(values) + values.index(value)
        return moves.offset + index

    def move(self, id_: int, players: Sequence[str]) -> Move:
        """The move an id numbers (it may not be legal now)."""
        if not 0 <= id_ < self.size:
            raise IndexError(f"no move has the id {id_}")
        moves = next(m for m in reversed(self.actions.values()) if m.offset <= id_)
        index, values = id_ - moves.offset, {}
        for name, choices in reversed(moves.parts):
            index, at = divmod(index, len(choices))
            value = choices[at]
            values[name] = players[value] if value is not None and name in moves.players \
                else value
        return Move.of(moves.action, **values)


def part_values(part: Part, space: ActionSpace) -> tuple[Any, ...] | None:
    """The values a part may take in any move of the ruleset whose ``space`` this is (a
    player as a seat); None when they cannot be listed (a group of pieces)."""
    kind, values = part.type.kind, space.values
    if isinstance(part.type, ChoiceType):
        return part.type.values
    if kind == "cell":
        return tuple(product(values["row"], values["column"]))
    return values.get(kind) if kind in ("area", "kind", "zone", "player", "row", "column",
                                          "place") else None
