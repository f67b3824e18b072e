"""Zones whose pieces lie face up or face down, place by place: an ordered zone's places
from its top, a grid's cells in reading order, row after row (counted from 0 here, from 1
by players). A piece turned face up and back is remembered: everyone saw it, and while it
stays in its place the table knows it. The two content types keep faces their own way
(``FacedPile``, ``FacedGrid``); this module reads and changes both alike."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Sequence, cast

from ..zones.contents import FacedPile, ZoneContent
from ..zones.grid import Cell, FacedGrid

if TYPE_CHECKING:
    from ..model.ruleset import Zone


def cell_of(zone: Zone, place: int) -> Cell:
    """The cell of a grid at ``place``."""
    assert zone.grid is not None
    return place // zone.grid[1] + 1, place % zone.grid[1] + 1


def pieces(zone: Zone, content: ZoneContent) -> list[str | None]:
    """The piece at each place (None: an empty cell)."""
    if zone.grid is None:
        return list(cast(FacedPile, content))
    rows, columns = zone.grid
    grid = cast(FacedGrid, content)
    return [grid.get((row, column)) for row in range(1, rows + 1)
            for column in range(1, columns + 1)]


def face_up(zone: Zone, content: ZoneContent) -> list[int]:
    """The places of the pieces lying face up, in order."""
    if zone.grid is None:
        return cast(FacedPile, content).face_up()
    return _places(zone, cast(FacedGrid, content).up)


def remembered(zone: Zone, content: ZoneContent) -> list[int]:
    """The places of the pieces face down that everyone saw face up, in order: the table
    knows them while they stay there."""
    if zone.grid is None:
        return cast(FacedPile, content).remembered()
    return _places(zone, cast(FacedGrid, content).remembered)


def remembered_pieces(zone: Zone, content: ZoneContent) -> dict[int, str | None]:
    """The pieces the table remembers, by place."""
    at = pieces(zone, content)
    return {place: at[place] for place in remembered(zone, content)}


def _places(zone: Zone, cells: Iterable[Cell]) -> list[int]:
    assert zone.grid is not None
    columns = zone.grid[1]
    return sorted((row - 1) * columns + column - 1 for row, column in cells)


def turn(zone: Zone, content: ZoneContent, place: int, up: bool) -> None:
    if zone.grid is None:
        cast(FacedPile, content).turn(place, up)
    else:
        cast(FacedGrid, content).turn(cell_of(zone, place), up)


def take(zone: Zone, content: ZoneContent, place: int) -> str:
    """The piece at ``place``, taken out (a grid's cell is left empty)."""
    if zone.grid is None:
        return cast(FacedPile, content).take_at(place)
    kind: str = cast(FacedGrid, content).pop(cell_of(zone, place))
    return kind


def with_faces(zone: Zone, data: Any, up: Sequence[int], known: Sequence[int] = ()
               ) -> ZoneContent:
    """The content ``data`` describes, the pieces at the places ``up`` face up and those at
    ``known`` face down, remembered."""
    content = zone.content.from_data(data)
    for place in known:
        turn(zone, content, place, False)
    for place in up:
        turn(zone, content, place, True)
    return content
