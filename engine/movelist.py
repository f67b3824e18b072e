"""A sequence of legal moves that builds each Move only when it is looked at.

Groups can be formed in many ways (a pool with wild pieces forms thousands of
groups of different kinds), and a player or bot usually looks at few of them.
A MoveList holds segments, each either ready moves or "this action with these
parts and any of these values as one more part" (say, at one area, any of
these groups); its length is known without building moves, and ``moves[i]``
builds just one.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate, chain
from typing import Iterator, NamedTuple, Sequence, overload

from .moves import Move, Parts


class Segment(NamedTuple):
    """Moves of ``action`` with the parts ``fixed`` and one of ``items`` as the part
    ``varying``; with no action, ``items`` are ready moves."""

    action: str
    fixed: Parts
    varying: str
    items: Sequence

    def build(self, item: object) -> Move:
        fixed = self.fixed
        at = 0
        while at < len(fixed) and fixed[at][0] < self.varying:
            at += 1
        return Move(self.action, (*fixed[:at], (self.varying, item), *fixed[at:]))


def ready(moves: Sequence[Move]) -> Segment:
    return Segment("", (), "", moves)


class MoveList(Sequence[Move]):
    __slots__ = ("_segments", "_ends", "_handed")

    def __init__(self, segments: list[Segment] | None = None) -> None:
        self._segments: list[Segment] = segments if segments is not None else []
        self._ends: list[int] | None = None
        self._handed: dict[int, Move] = {}

    def extend(self, other: Sequence[Move]) -> None:
        if isinstance(other, MoveList):
            self._segments.extend(other._segments)
        elif other:
            self._segments.append(ready(other))
        self._ends = None

    def _boundaries(self) -> list[int]:
        if self._ends is None:
            self._ends = list(accumulate(len(segment.items) for segment in self._segments))
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
        segment = self._segments[at]
        item = segment.items[index - (ends[at - 1] if at else 0)]
        move = segment.build(item) if segment.action else item
        self._handed[id(move)] = move
        return move

    def handed_out(self, move: Move) -> bool:
        """Whether ``move`` is the very object this list gave out by index."""
        return self._handed.get(id(move)) is move

    def __iter__(self) -> Iterator[Move]:
        return chain.from_iterable(
            map(segment.build, segment.items) if segment.action else segment.items
            for segment in self._segments)

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move):
            return False
        for segment in self._segments:
            if not segment.action:
                if move in segment.items:
                    return True
                continue
            if move.action != segment.action:
                continue
            value = move.get(segment.varying)
            if value is not None and segment.build(value) == move and value in segment.items:
                return True
        return False

    def __repr__(self) -> str:
        return f"<MoveList of {len(self)} moves>"
