"""A sequence of legal moves that builds each Move only when it is looked at.

Groups can be formed in many ways (a pool with wild pieces forms thousands of
groups of different kinds), and a player or bot usually looks at few of them.
A MoveList holds segments, each either ready moves or "this action at this
area with any of these groups"; its length is known without building moves,
and ``moves[i]`` builds just one.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate, chain
from typing import Iterator, Sequence, overload

from .moves import Move


Segment = tuple[str, "str | None", Sequence]


class MoveList(Sequence[Move]):
    __slots__ = ("_segments", "_ends", "_handed", "token")

    def __init__(self, segments: list[Segment] | None = None, token: int = 0) -> None:
        # A segment is ("", None, moves) or (action, area, groups).
        self._segments: list[Segment] = segments if segments is not None else []
        self.token = token  # of the state the moves were listed for
        self._ends: list[int] | None = None
        self._handed: dict[int, Move] = {}

    def extend(self, other: Sequence[Move]) -> None:
        if isinstance(other, MoveList):
            self._segments.extend(other._segments)
        elif other:
            self._segments.append(("", None, other))
        self._ends = None

    def _boundaries(self) -> list[int]:
        if self._ends is None:
            self._ends = list(accumulate(len(items) for _, _, items in self._segments))
        return self._ends

    def __len__(self) -> int:
        ends = self._boundaries()
        return ends[-1] if ends else 0

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...

    def __getitem__(self, index):
        size = len(self)
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(size))]
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("move index out of range")
        ends = self._boundaries()
        at = bisect_right(ends, index)
        action, area, items = self._segments[at]
        item = items[index - (ends[at - 1] if at else 0)]
        move = item if not action else Move(action, area, None, item)
        self._handed[id(move)] = move
        return move

    def handed_out(self, move: Move, token: int) -> bool:
        """Whether ``move`` is the very object this list gave out by index, and the list
        was made for the state with ``token``."""
        return token == self.token and self._handed.get(id(move)) is move

    def __iter__(self) -> Iterator[Move]:
        return chain.from_iterable(
            items if not action else (Move(action, area, None, g) for g in items)
            for action, area, items in self._segments)

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move):
            return False
        for action, area, items in self._segments:
            if not action:
                if move in items:
                    return True
            elif move.action == action and move.area == area and move.kind is None \
                    and move.group in items:
                return True
        return False

    def __repr__(self) -> str:
        return f"<MoveList of {len(self)} moves>"
