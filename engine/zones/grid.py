"""Zones laid out as a grid of cells, and the runs of pieces along its rows.

A grid holds at most one piece per cell. Cells are (row, column) pairs
counted from 1, as people count them. A *line* pattern (from the ruleset)
says which piece starts a run and which ends it: a complete run is a start
piece, any pieces, and an end piece with no empty cell between; what is left
of a row forms incomplete runs, pieces separated by at most ``gap`` empty
cells belonging together.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, ClassVar, Iterator, Mapping, NamedTuple, NoReturn, Sequence

Cell = tuple[int, int]
#: the cells each cell of a grid touches (inside the grid)
Near = Mapping[Cell, Sequence[Cell]]


@lru_cache(maxsize=4096)
def _cell_key(cell: Cell) -> str:
    """A cell's key in the data form ("row.column"), made once (saves and tests write
    every grid of a state)."""
    return f"{cell[0]}.{cell[1]}"


class Grid(dict):
    """A grid zone's content: cell -> kind.

    It remembers the runs found in it per line until it changes, and the runs of each
    row until that row changes: conditions ask for them again and again while a turn is
    played, and a piece placed changes one row only (the others' runs are kept).
    """

    __slots__ = ("_runs", "_rows", "_frontier")
    ordered: ClassVar[bool] = False
    grid: ClassVar[bool] = True
    noted: ClassVar[bool] = False
    seen: ClassVar[bool] = False
    faced: ClassVar[bool] = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A grid made from a grid has the same cells, so the same runs. The memos are
        # shared, never changed in place but replaced (a copy is made on every move).
        if args and isinstance(args[0], Grid):
            self._runs: dict[str, tuple[list[Run], tuple[int, int]]] = args[0]._runs
            self._rows: dict[int, dict[str, list[Run]]] = args[0]._rows
            self._frontier: tuple[Near, frozenset[Cell]] | None = args[0]._frontier
        else:
            self._runs, self._rows, self._frontier = {}, {}, None

    def copy(self) -> Grid:
        # Made without ``__init__`` (a copy per piece placed): the same cells and memos.
        new = Grid.__new__(Grid)
        dict.update(new, self)
        new._runs, new._rows, new._frontier = self._runs, self._rows, self._frontier
        return new

    def frontier(self, near: Near) -> frozenset[Cell]:
        """The empty cells that touch a piece, by ``near`` (the cells each cell touches):
        remembered, and brought up to date as pieces are laid in (placing by contact asks
        on every decision, and a piece laid changes a few cells of it)."""
        known = self._frontier
        if known is not None and known[0] is near:
            return known[1]
        # One union of the cells' neighbourhoods, made in C.
        touched = frozenset().union(*map(near.__getitem__, self)).difference(self)
        self._frontier = (near, touched)
        return touched

    def runs(self, line: str) -> list[Run] | None:
        found = self._runs.get(line)
        return None if found is None else found[0]

    def run_counts(self, line: str) -> tuple[int, int] | None:
        """How many remembered runs of ``line`` are complete, and how many there are
        (None: not known)."""
        found = self._runs.get(line)
        return None if found is None else found[1]

    def remember_runs(self, line: str, runs: list[Run]) -> None:
        counts = (sum(run.complete for run in runs), len(runs))
        self._runs = {**self._runs, line: (runs, counts)}

    def row_runs(self, line: str, row: int) -> list[Run] | None:
        found = self._rows.get(row)
        return None if found is None else found.get(line)

    def remember_row_runs(self, line: str, row: int, runs: list[Run]) -> None:
        self._rows = {**self._rows, row: {**self._rows.get(row, {}), line: runs}}

    def _changed(self, cell: Cell) -> None:
        if self._runs:
            self._runs = {}
        if cell[0] in self._rows:
            self._rows = {row: runs for row, runs in self._rows.items() if row != cell[0]}

    def __setitem__(self, cell: Cell, kind: str) -> None:
        self._changed(cell)
        known = self._frontier
        if known is not None and cell not in self:  # a piece laid in an empty cell
            near = known[0]
            self._frontier = (near, known[1].union(near.get(cell, ())).difference(self)
                              - {cell})
        super().__setitem__(cell, kind)

    def __delitem__(self, cell: Cell) -> None:
        self._changed(cell)
        self._frontier = None
        super().__delitem__(cell)

    def pop(self, cell: Cell, *default: Any) -> Any:
        self._changed(cell)
        self._frontier = None
        return super().pop(cell, *default)

    def clear(self) -> None:
        self._runs, self._rows, self._frontier = {}, {}, None
        super().clear()

    def update(self, *args: Any, **kwargs: Any) -> None:
        self._runs, self._rows, self._frontier = {}, {}, None
        super().update(*args, **kwargs)

    # -- the interface of every zone content (see ``zones/contents.py``) ----------
    def size(self) -> int:
        return len(self)

    def counts(self) -> dict[str, int]:
        tally: dict[str, int] = {}
        for kind in self.values():
            tally[kind] = tally.get(kind, 0) + 1
        return tally

    def _cell_by_cell(self, *_: Any) -> NoReturn:
        raise TypeError("pieces go into and out of a grid cell by cell")

    def put(self, pieces: Mapping[str, int], state: int) -> int:
        self._cell_by_cell()

    def lay(self, kinds: Sequence[str], on_top: bool) -> None:
        self._cell_by_cell()

    def take(self, state: int) -> tuple[str | None, int]:
        self._cell_by_cell()

    def remove(self, kind: str, count: int) -> None:
        self._cell_by_cell()

    def shuffle(self, state: int) -> int:
        return state  # cells have no order to mix

    def to_data(self) -> dict[str, str]:
        """The cells as "row.column": kind."""
        return {_cell_key(cell): self[cell] for cell in sorted(self)}

    @classmethod
    def from_data(cls, data: Mapping[str, str]) -> Grid:
        cells = {}
        for key, kind in data.items():
            row, column = key.split(".")
            cells[(int(row), int(column))] = kind
        return cls(cells)

    @classmethod
    def from_rows(cls, rows: list[list[str | None]]) -> Grid:
        return cls({(r, c): kind for r, row in enumerate(rows, 1)
                    for c, kind in enumerate(row, 1) if kind is not None})

    def rows_notation(self, rows: int, columns: int) -> list[list[str | None]]:
        """The content as rows of kinds (None for an empty cell), trailing empties left out."""
        notation = []
        for row in range(1, rows + 1):
            cells = [self.get((row, column)) for column in range(1, columns + 1)]
            while cells and cells[-1] is None:
                cells.pop()
            notation.append(cells)
        return notation


class FacedGrid(Grid):
    """A grid whose pieces each lie face up or face down in their cells (``up``: the cells
    of those face up; ``remembered``: of those face down that everyone saw face up). A
    piece placed lies face down, unseen; one taken out takes its face along."""

    __slots__ = ("up", "remembered")
    faced: ClassVar[bool] = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        faced = args[0] if args and isinstance(args[0], FacedGrid) else None
        self.up: frozenset[Cell] = faced.up if faced else frozenset()
        self.remembered: frozenset[Cell] = faced.remembered if faced else frozenset()

    def copy(self) -> FacedGrid:
        return FacedGrid(self)

    def turn(self, cell: Cell, up: bool) -> None:
        if up:
            self.up, self.remembered = self.up | {cell}, self.remembered - {cell}
        else:
            self.up, self.remembered = self.up - {cell}, self.remembered | {cell}

    def _changed(self, cell: Cell) -> None:
        super()._changed(cell)
        if cell in self.up or cell in self.remembered:
            self.up, self.remembered = self.up - {cell}, self.remembered - {cell}

    def clear(self) -> None:
        self.up = self.remembered = frozenset()
        super().clear()

    def update(self, *args: Any, **kwargs: Any) -> None:
        self.up = self.remembered = frozenset()
        super().update(*args, **kwargs)


def neighbours(cell: Cell) -> Iterator[Cell]:
    """The eight cells touching ``cell`` by a side or a corner."""
    row, column = cell
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr or dc:
                yield row + dr, column + dc


def side_neighbours(cell: Cell) -> Iterator[Cell]:
    row, column = cell
    yield from ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1))


class Run(NamedTuple):
    """Pieces in one row that belong together (a named tuple: rows are searched for runs
    every time a piece is placed, and a frozen dataclass costs twice as much to make)."""

    row: int
    columns: tuple[int, ...]
    complete: bool

    def cells(self) -> list[Cell]:
        return [(self.row, column) for column in self.columns]


def find_row_runs(grid: Mapping[Cell, str], row: int, is_start: Callable[[str], bool],
                  is_end: Callable[[str], bool], gap: int) -> list[Run]:
    """The runs of one row, complete ones first, left to right."""
    # (column, kind) of the row's pieces, left to right: the kinds read in the same pass
    pieces = sorted([(column, kind) for (r, column), kind in grid.items() if r == row])
    complete = _complete_runs(row, pieces, is_start, is_end)
    if not complete:
        return _incomplete_runs(row, [column for column, _ in pieces], set(), gap)
    taken = {column for run in complete for column in run.columns}
    return [*complete, *_incomplete_runs(row, [c for c, _ in pieces if c not in taken], taken,
                                         gap)]


def _complete_runs(row: int, pieces: list[tuple[int, str]], is_start: Callable[[str], bool],
                   is_end: Callable[[str], bool]) -> list[Run]:
    runs = []
    start: int | None = None
    previous: int | None = None
    for column, kind in pieces:
        if previous is not None and column != previous + 1:
            start = None  # an empty cell breaks a run in the making
        if is_start(kind):
            start = column
        elif start is not None and is_end(kind):
            runs.append(Run(row, tuple(range(start, column + 1)), True))
            start = None
        previous = column
    return runs


def _incomplete_runs(row: int, columns: list[int], taken: set[int], gap: int) -> list[Run]:
    runs: list[Run] = []
    current: list[int] = []
    for column in columns:
        if current:
            last = current[-1]
            if column - last - 1 > gap or (taken and not taken.isdisjoint(range(last + 1,
                                                                             column))):
                runs.append(Run(row, tuple(current), False))
                current = []
        current.append(column)
    if current:
        runs.append(Run(row, tuple(current), False))
    return runs
