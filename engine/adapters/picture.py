"""The table as plain text, for someone watching learners play (``render_mode="ansi"``).

The engine speaks no language (the terminal's board, in the reader's words, is
``regelwerk.cli.board.board_text``, which an environment takes as its ``renderer``), so this
picture names things by their ids: whose turn and the phase, every zone (a grid drawn cell
by cell with each kind's mark from the rules, ``.`` for an empty cell, ``?`` for a piece
face down), every area and the points. Each zone is shown as a player who sees it sees it
(a hand as its owner does, a hand held facing away as the others do); a zone nobody sees, by how
many pieces it holds.
"""

from __future__ import annotations

from typing import Any, Callable

from ..model.ruleset import Ruleset, Zone
from ..play.state import GameState
from ..play.view import UNSEEN, PlayerView, view


#: what draws a state for ``render()``: the engine's plain picture, or the terminal's board
Renderer = Callable[[GameState], str]
#: ``render()`` shows the table as text
RENDER_MODES = ("ansi",)


def rendering(mode: str | None, renderer: Renderer | None) -> tuple[str | None, Renderer]:
    """An environment's render mode, checked, and what draws the table for it."""
    if mode not in (None, *RENDER_MODES):
        raise ValueError(f"render modes: {', '.join(RENDER_MODES)}")
    return mode, renderer or table_text


def table_text(state: GameState) -> str:
    """The whole table as plain text, every zone as someone who sees it sees it."""
    rules, players = state.rules, state.players
    views = [view(state, player) for player in players]
    if state.game_over:
        head = f"{rules.id}: game over; won by {', '.join(state.winners()) or 'nobody'}"
    else:
        head = f"{rules.id}: {state.player} to move ({state.phase}), turn {state.turns_played + 1}"
    lines, marks = [head], cell_marks(rules)
    for zone in rules.zones.values():
        owners: list[int | None] = [None] if zone.scope == "shared" else list(range(len(players)))
        for owner in owners:
            seen = next((v for v in _lookers(views, owner) if v.shows(zone, owner)),
                        views[owner or 0])
            content = seen.zones[zone.id]
            name = zone.id if owner is None else f"{zone.id} of {players[owner]}"
            lines += _zone_lines(name, zone, content if owner is None else content[players[owner]],
                                 marks)
    for area_id, content in views[0].areas.items():
        closed = " (closed)" if area_id in views[0].closed else ""
        lines.append(f"{area_id}{closed}: {_counts(content)}")
    lines.append("points: " + ", ".join(f"{p} {state.scores[seat]}"
                                        for seat, p in enumerate(players)))
    return "\n".join(lines)


def cell_marks(rules: Ruleset) -> dict[str, str]:
    """Each kind's mark in a grid: its ``symbol`` in the rules (else its id's first three
    letters), or its whole id where two kinds would look alike."""
    written = {kind: str(spec.get("symbol", kind[:3]))
               for kind, spec in rules.document.data["components"].items()}
    return written if len(set(written.values())) == len(written) else {k: k for k in written}


def _lookers(views: list[PlayerView], owner: int | None) -> list[PlayerView]:
    """The views to try for a zone: its owner's first."""
    return views if owner is None else [views[owner], *views[:owner], *views[owner + 1:]]


def _zone_lines(name: str, zone: Zone, content: Any, marks: dict[str, str]) -> list[str]:
    if isinstance(content, dict) and set(content) == {"count"}:
        count = content["count"]
        return [f"{name}: {'pieces unseen' if count is None else f'{count} unseen'}"]
    if zone.grid is None:
        told = ", ".join(str(kind) for kind in content) + " (top first)" \
            if isinstance(content, list) and content else _counts(content)
        return [f"{name}: {told}"]
    rows, columns = zone.grid
    width = max(len(mark) for mark in marks.values())

    def cell(kind: Any) -> str:
        return ("." if kind is None else UNSEEN if kind == UNSEEN else marks[kind]).ljust(width)

    drawn = [" ".join(cell(kind) for kind in row + [None] * (columns - len(row))).rstrip()
             for row in content + [[]] * (rows - len(content))]
    legend = " · ".join(f"{marks[kind]} {kind}" for kind in marks
                        if any(kind in row for row in content))
    return [f"{name}:" + (f" ({legend})" if legend else ""), *("  " + row for row in drawn)]


def _counts(content: Any) -> str:
    """Pieces counted by kind (an area's: by kind, or by the kinds they stand for)."""
    if not content:
        return "empty"
    parts = []
    for kind, value in content.items():
        if isinstance(value, dict):
            parts += [f"{kind} as {stands} ×{n}" for stands, n in value.items()]
        else:
            parts.append(f"{kind} ×{value}")
    return ", ".join(parts)
