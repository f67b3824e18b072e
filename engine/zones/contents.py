"""What a zone holds, by the zone's declared properties: a pile, a tally or a grid.

Every content type offers one interface (``ZoneContent``): its size, its
pieces counted by kind, putting pieces in (``put`` mixes them in, ``lay``
keeps their order), taking one out (``take``), a copy, and its data form.
The types are plain ``list`` and ``dict`` subclasses, so that hot paths read
them at C speed (forming groups reads ``pool.get(kind)`` very often).

- ``Pile`` (``ordered``): pieces in order, drawn from the top (index 0).
- ``Tally`` (neither): pieces counted by kind, drawn at random. A bag is a
  tally: drawing a random piece from counts is drawing blind from a bag, so
  there is no separate bag type; a pile that is shuffled stays a pile (its
  order is then hidden by the zone's visibility, not by its type).
- ``NotedPile`` (``ordered``, ``noted``): a pile whose every piece carries what the table
  has been told about it (``notes``: the values each attribute may still have), kept with
  the piece as it moves within the pile and dropped as it leaves (a hand told about).
- ``FacedPile`` (``ordered``, ``faces``): a pile whose every piece lies face up or face
  down (pieces turned over in place, a spread of cards face down on the table).
- ``SeenTally`` (neither, ``seen``): a tally that remembers who else has seen it as it is
  (a hand looked at); any change to it makes them forget.
- ``Grid`` (``grid``; ``FacedGrid`` with ``faces``): pieces in cells (see
  ``engine/zones/grid.py``); pieces go in and out cell by cell, not with ``put``/``take``.

``ordered`` and ``grid`` are class attributes, so that a check of what a
mechanism needs of a zone can read them from the type alone.
"""

from __future__ import annotations

from typing import Any, ClassVar, Mapping, Protocol, Sequence

from ..common import rng
from .grid import FacedGrid, Grid


class ZoneContent(Protocol):
    ordered: ClassVar[bool]
    grid: ClassVar[bool]
    noted: ClassVar[bool]
    seen: ClassVar[bool]
    faced: ClassVar[bool]

    def __init__(self, content: Any = ..., /) -> None: ...  # empty, or a copy: type(c)(c)
    @classmethod
    def from_data(cls, data: Any) -> ZoneContent: ...
    def size(self) -> int: ...
    def counts(self) -> Mapping[str, int]: ...
    def put(self, pieces: Mapping[str, int], state: int) -> int: ...
    def lay(self, kinds: Sequence[str], on_top: bool) -> None: ...
    def take(self, state: int) -> tuple[str | None, int]: ...
    def remove(self, kind: str, count: int) -> None: ...
    def shuffle(self, state: int) -> int: ...
    def clear(self) -> None: ...
    def copy(self) -> Any: ...
    def to_data(self) -> Any: ...


class Pile(list):
    """Pieces in order, top first."""

    __slots__ = ()
    ordered: ClassVar[bool] = True
    grid: ClassVar[bool] = False
    noted: ClassVar[bool] = False
    seen: ClassVar[bool] = False
    faced: ClassVar[bool] = False

    def size(self) -> int:
        return len(self)

    def counts(self) -> dict[str, int]:
        tally: dict[str, int] = {}
        for kind in self:
            tally[kind] = tally.get(kind, 0) + 1
        return tally

    def put(self, pieces: Mapping[str, int], state: int) -> int:
        """Mix ``pieces`` in: added, then the pile is shuffled; returns the generator state."""
        for kind in sorted(pieces):
            self.extend([kind] * pieces[kind])
        return self.shuffle(state)

    def lay(self, kinds: Sequence[str], on_top: bool) -> None:
        if on_top:
            self[:0] = kinds
        else:
            self.extend(kinds)

    def take(self, state: int) -> tuple[str | None, int]:
        """The top piece (None when empty); the generator state is not used."""
        return (self.pop(0) if self else None), state

    def remove(self, kind: str, count: int) -> None:  # type: ignore[override]  # a zone's remove(kind, n)
        for _ in range(count):
            super().remove(kind)

    def take_at(self, index: int) -> str:
        """The piece at ``index`` (0: the top), taken out."""
        kind: str = self.pop(index)
        return kind

    def shuffle(self, state: int) -> int:
        return rng.shuffle(state, self)

    def copy(self) -> Pile:
        return Pile(self)

    def to_data(self) -> list[str]:
        return list(self)

    @classmethod
    def from_data(cls, data: Sequence[str]) -> Pile:
        return cls(data)


class Tally(dict):
    """Pieces counted by kind; no kind with a count of 0 is kept."""

    __slots__ = ()
    ordered: ClassVar[bool] = False
    grid: ClassVar[bool] = False
    noted: ClassVar[bool] = False
    seen: ClassVar[bool] = False
    faced: ClassVar[bool] = False

    def size(self) -> int:
        return sum(self.values())

    def counts(self) -> Tally:
        """The tally itself (read it, do not change it)."""
        return self

    def put(self, pieces: Mapping[str, int], state: int) -> int:
        for kind, n in pieces.items():
            self[kind] = self.get(kind, 0) + n
        return state

    def lay(self, kinds: Sequence[str], on_top: bool) -> None:
        for kind in kinds:
            self[kind] = self.get(kind, 0) + 1

    def take(self, state: int) -> tuple[str | None, int]:
        """A piece drawn at random, every piece as likely (None when empty)."""
        total = sum(self.values())
        if not total:
            return None, state
        state, pick = rng.below(state, total)
        for kind in sorted(self):
            pick -= self[kind]
            if pick < 0:
                self.remove(kind, 1)
                return kind, state
        raise AssertionError("unreachable: pick is below the total")

    def remove(self, kind: str, count: int) -> None:
        left = self[kind] - count
        if left:
            self[kind] = left
        else:
            del self[kind]

    def shuffle(self, state: int) -> int:
        return state  # counts have no order

    def copy(self) -> Tally:
        return Tally(self)

    def to_data(self) -> dict[str, int]:
        return dict(sorted(self.items()))

    @classmethod
    def from_data(cls, data: Mapping[str, int]) -> Tally:
        return cls((kind, n) for kind, n in data.items() if n)


#: what the table has been told of one piece: attribute -> the values it may still have
#: (an attribute not told of may have any)
Notes = Mapping[str, tuple[Any, ...]]
NO_NOTES: Notes = {}


class MarkedPile(Pile):
    """A pile whose every piece carries a mark (``marks[i]`` is the piece at ``i``'s): what
    the table was told of it, or which way up it lies. Every change keeps the two in step:
    a piece laid in comes with the blank mark, one taken out takes its mark along, a
    shuffle moves each piece's mark with it."""

    __slots__ = ("marks",)
    blank: ClassVar[Any]

    def __init__(self, content: Any = (), /) -> None:
        super().__init__(content)
        self.marks: list[Any] = list(content.marks) if isinstance(content, MarkedPile) \
            else [self.blank] * len(self)

    def put(self, pieces: Mapping[str, int], state: int) -> int:
        for kind in sorted(pieces):
            self.lay([kind] * pieces[kind], on_top=False)
        return self.shuffle(state)

    def lay(self, kinds: Sequence[str], on_top: bool) -> None:
        super().lay(kinds, on_top)
        if on_top:
            self.marks[:0] = [self.blank] * len(kinds)
        else:
            self.marks.extend([self.blank] * len(kinds))

    def take(self, state: int) -> tuple[str | None, int]:
        if self:
            del self.marks[0]
        return super().take(state)

    def take_at(self, index: int) -> str:
        del self.marks[index]
        return super().take_at(index)

    def remove(self, kind: str, count: int) -> None:  # type: ignore[override]  # as Pile's
        for _ in range(count):
            self.take_at(self.index(kind))

    def shuffle(self, state: int) -> int:
        paired = list(zip(self, self.marks))
        state = rng.shuffle(state, paired)
        self[:] = [kind for kind, _ in paired]
        self.marks = [mark for _, mark in paired]
        return state

    def clear(self) -> None:
        super().clear()
        self.marks = []


class NotedPile(MarkedPile):
    """A pile whose pieces each carry their notes: what the table was told of them."""

    __slots__ = ()
    noted: ClassVar[bool] = True
    blank: ClassVar[Notes] = NO_NOTES

    @property
    def notes(self) -> list[Notes]:
        return self.marks

    def copy(self) -> NotedPile:
        return NotedPile(self)

    def told(self) -> list[dict[str, list[Any]]]:
        """The notes as data, a mapping per piece, top first."""
        return [{attribute: list(values) for attribute, values in notes.items()}
                for notes in self.marks]

    @classmethod
    def with_notes(cls, kinds: Sequence[str], told: Sequence[Mapping[str, Sequence[Any]]]
                   ) -> NotedPile:
        """The pile of ``kinds`` with the notes ``told`` gives as data (none where absent)."""
        pile = cls(kinds)
        for i, notes in enumerate(told[:len(kinds)]):
            pile.marks[i] = {attribute: tuple(values) for attribute, values in notes.items()}
        return pile


#: how a piece of a ``FacedPile`` lies: face down and never seen since it came in (or since
#: its zone was shuffled), face down after everyone saw it face up, or face up
DOWN, REMEMBERED, UP = 0, 1, 2


class FacedPile(MarkedPile):
    """A pile whose pieces each lie face up or face down (``marks[i]``: how the piece at
    ``i`` lies, ``DOWN``, ``REMEMBERED`` or ``UP``). A piece comes in face down; turned face
    up, everyone sees it, and turned back it is remembered while it stays in its place. A
    piece face down is seen as the zone's visibility says."""

    __slots__ = ()
    faced: ClassVar[bool] = True
    blank: ClassVar[int] = DOWN

    def copy(self) -> FacedPile:
        return FacedPile(self)

    def turn(self, index: int, up: bool) -> None:
        self.marks[index] = UP if up else REMEMBERED

    def shuffle(self, state: int) -> int:
        """Mixed, nobody knows any more which piece face down is which."""
        self.marks = [UP if mark == UP else DOWN for mark in self.marks]
        return super().shuffle(state)

    def face_up(self) -> list[int]:
        """The places (from 0, the top) of the pieces lying face up."""
        return [i for i, mark in enumerate(self.marks) if mark == UP]

    def remembered(self) -> list[int]:
        """The places of the pieces face down that everyone saw face up."""
        return [i for i, mark in enumerate(self.marks) if mark == REMEMBERED]


class SeenTally(Tally):
    """A tally that knows which other players have seen what it holds now (``seen_by``,
    by seat): a player shown it knows it until it changes, and every change (a piece in or
    out) makes everyone forget, for what they saw no longer says what it holds."""

    __slots__ = ("seen_by",)
    seen: ClassVar[bool] = True

    def __init__(self, content: Any = (), /) -> None:
        super().__init__(content)
        self.seen_by: frozenset[int] = content.seen_by if isinstance(content, SeenTally) \
            else frozenset()

    def put(self, pieces: Mapping[str, int], state: int) -> int:
        self.seen_by = frozenset()
        return super().put(pieces, state)

    def lay(self, kinds: Sequence[str], on_top: bool) -> None:
        self.seen_by = frozenset()
        super().lay(kinds, on_top)

    def remove(self, kind: str, count: int) -> None:
        self.seen_by = frozenset()
        super().remove(kind, count)

    def clear(self) -> None:
        self.seen_by = frozenset()
        super().clear()

    def copy(self) -> SeenTally:
        return SeenTally(self)

    @classmethod
    def from_data(cls, data: Mapping[str, int]) -> SeenTally:
        return cls((kind, n) for kind, n in data.items() if n)


def content_type(ordered: bool, grid: bool, noted: bool = False, seen: bool = False,
                 faced: bool = False) -> type[ZoneContent]:
    """The content type a zone's declared properties choose."""
    if grid:
        return FacedGrid if faced else Grid
    if ordered:
        return FacedPile if faced else NotedPile if noted else Pile
    return SeenTally if seen else Tally
