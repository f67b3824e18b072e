"""Drawing a game as one player sees it: zones, areas with their fields, scores."""

from __future__ import annotations

from typing import Any, Mapping

from rich import box
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from regelwerk.engine import PlayerView, Ruleset
from regelwerk.locales.gametext import GameText

from .text import _, say

FILLED, FREE, DARK_FILLED, DARK_FREE = "●", "○", "◆", "◇"


def board(view: PlayerView, rules: Ruleset, text: GameText) -> RenderableType:
    parts: list[RenderableType] = [_header(view, text)]
    parts += _shared_zones(view, rules, text)
    parts.append(_areas(view, rules, text))
    parts.append(_scores(view, rules, text))
    return Group(*parts)


def _header(view: PlayerView, text: GameText) -> Text:
    line = Text(text.title(), style="bold")
    if view.game_over:
        line.append("  " + _("game over"))
    else:
        line.append("  " + say("{player} to move: {phase}", player=view.to_move,
                               phase=text.phase(view.phase)))
        if view.ending:
            line.append("  " + _("(last round)"), style="yellow")
    return line


def count_words(text: GameText, n: int) -> str:
    return f"{n} {text.term('piece', n)}"


def _shared_zones(view: PlayerView, rules: Ruleset, text: GameText) -> list[RenderableType]:
    parts: list[RenderableType] = []
    for zone in rules.zones.values():
        if zone.scope != "shared":
            continue
        shown = view.zones[zone.id]
        name = text.zone(zone.id)
        line = Text(f"{name[:1].upper()}{name[1:]}: ", style="bold")
        if zone.visibility == "hidden":
            line.append(count_words(text, shown["count"]), style="")
        else:
            items = [text.count_of(kind, shown[kind]) for kind in rules.components
                     if shown.get(kind)]
            line.append(" · ".join(items) if items else _("empty"), style="")
        parts.append(line)
    return parts


def _fields(count: int, white: int, dark: int) -> str:
    whites = FILLED * min(count, white) + FREE * max(white - count, 0)
    dark_filled = max(min(count - white, dark), 0)
    darks = DARK_FILLED * dark_filled + DARK_FREE * (dark - dark_filled)
    return f"{whites} {darks}" if dark else whites


def _points(points: Any) -> str:
    if isinstance(points, int):
        return str(points)
    return " / ".join(f"{n}→{p}" for n, p in sorted(points.items()))


def _areas(view: PlayerView, rules: Ruleset, text: GameText) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column(_("area"))
    table.add_column(_("fields"))
    table.add_column(text.term("group", 1))
    table.add_column(text.term("point", 2), justify="right")
    for area in rules.areas.values():
        content: Mapping[str, Any] = view.areas.get(area.id, {})
        name = escape(text.area(area.id))
        if area.id in view.closed:
            table.add_row(name, _("out of play"), "", _points(area.points), style="dim")
            continue
        count = sum(v if isinstance(v, int) else sum(v.values()) for v in content.values())
        table.add_row(name, _fields(count, area.white, area.dark),
                      escape(text.pieces(content)), _points(area.points))
    return table


def _scores(view: PlayerView, rules: Ruleset, text: GameText) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column(text.term("player", 1))
    table.add_column(text.term("point", 2), justify="right")
    owned = [z for z in rules.zones.values() if z.scope == "player"]
    for zone in owned:
        table.add_column(escape(text.zone(zone.id)))
    for player in view.players:
        cells = [escape(player), str(view.scores[player])]
        for zone in owned:
            shown = view.zones[zone.id][player]
            if zone.visibility != "public" and player != view.player:
                cells.append(count_words(text, shown["count"]))
            else:
                cells.append(escape(text.pieces(shown)) or _("empty"))
        table.add_row(*cells, style="bold" if player == view.to_move else "")
    return table

