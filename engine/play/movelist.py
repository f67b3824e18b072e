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
from itertools import chain
from typing import Iterator, Mapping, Sequence, overload

from ..common.moves import Move, Parts

#: ``(action, before, varying, after, items)``: the moves of ``action`` whose parts are
#: ``before``, one of ``items`` as the part ``varying``, then ``after`` (so that the parts
#: stay sorted by name); with no action, ``items`` are ready moves. A plain tuple: legal-move
#: generation makes many.
Segment = tuple[str, Parts, str, Parts, Sequence]


def ready(moves: Sequence[Move]) -> Segment:
    return ("", (), "", (), moves)


def build(segment: Segment, item: object) -> Move:
    """The move of ``segment`` with ``item`` as its varying part."""
    action, before, varying, after, _ = segment
    return Move(action, (*before, (varying, item), *after))


def one_part(action: str, part: str, values: Sequence[object]) -> MoveList:
    """The moves of ``action`` whose only part is ``part``, one per value: counted at once,
    each built when it is looked at (most decisions look at one move of many)."""
    return MoveList([(action, (), part, (), values)] if values else [])


#: the bit planes of a table in which every bit stands for exactly one item
SINGLE: tuple[int, ...] = (-1,)


def bit_planes(sizes: Mapping[int, int]) -> tuple[int, ...]:
    """Bit planes of how many items each bit stands for: plane ``j`` holds the bits whose
    count has bit ``j`` set, so the count of any mask is a few popcounts."""
    planes: list[int] = []
    for bit, size in sizes.items():
        j = 0
        while size:
            if size & 1:
                if j >= len(planes):
                    planes.extend([0] * (j + 1 - len(planes)))
                planes[j] |= bit
            size >>= 1
            j += 1
    return tuple(planes)


class MaskedItems(Sequence[object]):
    """The items of the set bits of ``mask``, lowest bit first, each bit standing for a
    sequence of items (``items_at[bit]``): a segment of many moves is one integer and a
    table, counted without being listed (``planes``, see ``bit_planes``), and only the item
    looked at is found: the first look walks the bits; a second makes an index of where
    each bit's items start (a random player looks once, a search bot at hundreds)."""

    __slots__ = ("mask", "items_at", "_size", "_starts")

    def __init__(self, mask: int, items_at: Mapping[int, Sequence[object]],
                 planes: tuple[int, ...]) -> None:
        self.mask, self.items_at = mask, items_at
        self._starts: tuple[list[int], list[int]] | bool = False  # looked at: True, then the index
        if planes is SINGLE:  # the common case: a bit is an item
            self._size = mask.bit_count()
            return
        size = 0
        for plane in reversed(planes):  # from the highest plane down: no shifts to count
            size = (size << 1) + (mask & plane).bit_count()
        self._size = size

    def _bits(self) -> Iterator[int]:
        mask = self.mask
        while mask:
            low = mask & -mask
            yield low
            mask ^= low

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> object: ...
    @overload
    def __getitem__(self, index: slice) -> list[object]: ...

    def __getitem__(self, index: int | slice) -> object:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._size))]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("item index out of range")
        starts = self._starts
        if starts is False:  # the first look
            self._starts = True
            for bit in self._bits():
                items = self.items_at[bit]
                if index < len(items):
                    return items[index]
                index -= len(items)
            raise AssertionError("unreachable: the index is below the count")
        if starts is True:
            starts = self._starts = self._index()
        bits, first = starts
        at = bisect_right(first, index) - 1
        return self.items_at[bits[at]][index - first[at]]

    def _index(self) -> tuple[list[int], list[int]]:
        """The bits, and the index of each one's first item."""
        bits, first, total = [], [], 0
        for bit in self._bits():
            bits.append(bit)
            first.append(total)
            total += len(self.items_at[bit])
        return bits, first

    def __iter__(self) -> Iterator[object]:
        for bit in self._bits():
            yield from self.items_at[bit]

    def __contains__(self, item: object) -> bool:
        return any(item in self.items_at[bit] for bit in self._bits())


class MoveList(Sequence[Move]):
    __slots__ = ("_segments", "_ends", "_handed", "token")

    def __init__(self, segments: list[Segment] | None = None, token: int = 0) -> None:
        self._segments: list[Segment] = segments if segments is not None else []
        self.token = token  # of the state the moves were listed for
        self._ends: list[int] | None = None
        self._handed: dict[int, Move] = {}

    def extend(self, other: Sequence[Move]) -> None:
        # ``type`` first: ``isinstance`` of a list against a Sequence subclass asks the ABC.
        if type(other) is MoveList or (type(other) is not list and isinstance(other, MoveList)):
            self._segments.extend(other._segments)
        elif other:
            self._segments.append(ready(other))
        self._ends = None

    @property
    def segments(self) -> Sequence[Segment]:
        """The segments, in order, for a reader that takes a segment whole (the steps of a
        decision look at a segment's items only once its varying part is chosen)."""
        return self._segments

    def _boundaries(self) -> list[int]:
        ends = self._ends
        if ends is None:
            # A plain loop: cheaper than chained C iterators for the few dozen segments a
            # decision has (each call through map and itemgetter takes the slow path).
            ends, total = [], 0
            for segment in self._segments:
                total += len(segment[4])
                ends.append(total)
            self._ends = ends
        return ends

    def __len__(self) -> int:
        ends = self._boundaries()
        return ends[-1] if ends else 0

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...

    def __getitem__(self, index: int | slice) -> Move | list[Move]:
        ends = self._boundaries()
        size = ends[-1] if ends else 0
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(size))]
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("move index out of range")
        at = bisect_right(ends, index)
        segment = self._segments[at]
        item = segment[4][index - (ends[at - 1] if at else 0)]
        move = build(segment, item) if segment[0] else item
        self._handed[id(move)] = move
        return move

    def handed_out(self, move: Move, token: int) -> bool:
        """Whether ``move`` is the very object this list gave out by index, and the list
        was made for the state with ``token``."""
        return token == self.token and self._handed.get(id(move)) is move

    def __iter__(self) -> Iterator[Move]:
        return chain.from_iterable(
            (build(segment, item) for item in segment[4]) if segment[0] else segment[4]
            for segment in self._segments)

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move):
            return False
        for segment in self._segments:
            action, _, varying, _, items = segment
            if not action:
                if move in items:
                    return True
                continue
            if move.action != action:
                continue
            value = move.get(varying)
            if value is not None and build(segment, value) == move and value in items:
                return True
        return False

    def __repr__(self) -> str:
        return f"<MoveList of {len(self)} moves>"
