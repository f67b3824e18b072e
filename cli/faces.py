"""A zone whose pieces lie face up or face down, as a player sees it: place by place, the
piece face up, the piece face down where they see it, or '?' where they do not."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from regelwerk.engine import UNSEEN

from .notes import UNKNOWN
from .text import capitalised, labelled, say, told

if TYPE_CHECKING:
    from regelwerk.engine import PlayerView, Zone
    from regelwerk.locales.gametext import GameText

#: how many places one line shows, where the zone is not a grid
PER_LINE = 6
#: a grid's empty cell (as ``legend`` tells it)
EMPTY = "·"


def faces_of(view: PlayerView, zone: Zone, player: str | None = None
             ) -> tuple[Sequence[Any], Sequence[int]]:
    """What the view shows of a zone with faces (``player``'s, for a player's zone), place
    by place (a grid's cells row after row): the piece, ``UNSEEN`` where it is not seen,
    None for an empty cell; and the places (from 0) of those face up."""
    shown, up = view.zones[zone.id], view.up.get(zone.id, [])
    if player is not None:
        shown, up = shown[player], up[player] if up else []
    if zone.grid is not None:
        columns = zone.grid[1]
        shown = [kind for row in shown for kind in row + [None] * (columns - len(row))]
    return shown, up


def place_word(text: GameText, kind: str | None, up: bool) -> str:
    """One place: the piece face up, 'sun, face down' where the player sees it lie face
    down, '?' where they do not see it, '·' where it is empty."""
    if kind is None:
        return EMPTY
    if kind == UNSEEN:
        return UNKNOWN
    return text.component(kind) if up else say("{piece}, face down",
                                               piece=text.component(kind))


def faces_words(text: GameText, shown: Sequence[Any], up: Sequence[int]) -> str:
    """A whole zone by its places, in one line: '1: ?; 2: sun; 3: ?'."""
    return told([labelled(str(place + 1), place_word(text, kind, place in up))
                 for place, kind in enumerate(shown)])


def faces_table(text: GameText, zone: Zone, shown: Sequence[Any], up: Sequence[int],
                title: str | None = None) -> list[RenderableType]:
    """A zone by its places under its name, a grid's row by row (else ``PER_LINE`` a
    line): '1 ?  2 sun  3 ?'."""
    heading = Text(labelled(capitalised(title or text.zone(zone.id)), ""), style="bold")
    if not any(kind is not None for kind in shown):
        heading.append(text.empty(zone.id), style="")
        return [heading]
    width = zone.grid[1] if zone.grid is not None else min(PER_LINE, len(shown))
    table = Table(box=None, show_header=False, show_edge=False, padding=(0, 2, 0, 0))
    for _ in range(width):
        table.add_column(no_wrap=True)
    cells = [Text.assemble((f"{place + 1} ", "dim"),
                           (place_word(text, kind, place in up), "" if place in up else "dim"))
             for place, kind in enumerate(shown)]
    for start in range(0, len(cells), width):
        row = cells[start:start + width]
        table.add_row(*row, *[""] * (width - len(row)))
    return [heading, table]
