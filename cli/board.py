"""Drawing a game as one player sees it: zones, areas with their fields, scores."""

from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Sequence, cast

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from regelwerk.engine import GameState, PlayerView, Ruleset, is_closed, is_out, points_of
from regelwerk.locales.gametext import GameText

from .faces import faces_of, faces_table, faces_words
from .text import _, capitalised, labelled, number, say, told

if TYPE_CHECKING:
    from regelwerk.engine import Grid, Line, Run

FILLED, FREE, DARK_FILLED, DARK_FREE = "●", "○", "◆", "◇"


def board(view: PlayerView, rules: Ruleset, text: GameText,
          later: Sequence[int | None] = ()) -> RenderableType:
    """The whole board as ``view``'s player sees it, with the score (``later``: the
    provisional points, ``provisional``)."""
    parts: list[RenderableType] = [header(view, text)]
    parts += _shared_zones(view, rules, text)
    if rules.areas:
        parts.append(_areas(view, rules, text))
    parts += _grids(view, rules, text)
    parts += _player_piles(view, rules, text)
    parts.append(_scores(view, rules, text, later=later))
    return Group(*parts)


def board_text(state: GameState, language: str | None = None, width: int = 100) -> str:
    """The board as the player to move sees it, drawn as at the table, in plain text: the
    ``renderer`` a learner's environment takes for ``render_mode="ansi"`` (``docs/ai.md``).
    In the program's language, or in ``language``, which the program then speaks from
    here on (``text.use_language``: its messages and the game's words alike; give it at
    every call, as ``functools.partial(board_text, language="fr")`` does)."""
    from io import StringIO

    from rich.console import Console

    from regelwerk.engine import view
    from regelwerk.locales import translations

    from . import text as words

    if language is not None:
        words.use_language(language)
    language = language or words.LANGUAGE
    text = GameText(state.rules, translations(language), language)
    out = StringIO()
    Console(file=out, width=width, color_system=None, highlight=False, emoji=False,
            markup=False).print(board(view(state, state.player), state.rules, text))
    return out.getvalue()


def header(view: PlayerView, text: GameText, phase: bool = True, short: bool = False) -> Text:
    """The title and whose turn it is, with the phase of the turn (the screen a move is
    chosen on leaves it out: its menu says what the player may do); ``short``: the game's
    title without its variant's."""
    line = Text(text.game_title() if short else text.title(), style="bold")
    if view.game_over:
        line.append("  " + _("game over"))
    elif phase:
        line.append("  " + say("{player} to move: {phase}", player=view.to_move,
                               phase=text.phase(view.phase)))
    else:
        line.append("  " + say("{player} to move", player=view.to_move))
        if view.ending:
            line.append("  " + _("(last round)"), style="yellow")
    return line


def count_words(text: GameText, n: int) -> str:
    return f"{n} {text.term('piece', n)}"


def _shared_zones(view: PlayerView, rules: Ruleset, text: GameText) -> list[RenderableType]:
    parts: list[RenderableType] = []
    for zone in rules.zones.values():
        if zone.scope != "shared" or zone.from_players > len(view.players):
            continue  # a zone of a family counted by players, not in this game
        if zone.content.faced:  # place by place, a grid's cells too
            parts += faces_table(text, zone, *faces_of(view, zone))
            continue
        if zone.grid is not None:
            continue  # open grids are drawn as tables (``_grids``)
        shown = view.zones[zone.id]
        name = text.zone(zone.id)
        line = Text(labelled(capitalised(name), ""), style="bold")
        if is_closed(view.counters, zone.id):
            line.append(_("out of play"), style="dim")
        elif zone.visibility == "hidden":
            line.append(count_words(text, shown["count"]), style="")
        elif zone.content.ordered:  # an open pile or queue: its top, and how many
            if shown:
                line.append(say("{pieces}, on top: {top}", pieces=count_words(text, len(shown)),
                                top=text.component(shown[0])), style="")
            else:
                line.append(text.empty(zone.id), style="")
        else:
            items = text.held(shown)
            line.append(" · ".join(items) if items else text.empty(zone.id), style="")
        parts.append(line)
    return parts


def _player_piles(view: PlayerView, rules: Ruleset, text: GameText,
                  only: str | None = None) -> list[RenderableType]:
    """Each player's (or only ``only``'s) open ordered zones that hold pieces, in the order
    they were laid."""
    parts: list[RenderableType] = []
    for player in view.players:
        if only is not None and player != only:
            continue
        for zone in rules.zones.values():
            if zone.scope == "player" and zone.content.faced:
                shown, up = faces_of(view, zone, player)
                if shown:
                    parts.append(Text(labelled(f"{player} — {text.zone(zone.id)}",
                                               faces_words(text, shown, up))))
                continue
            if zone.scope != "player" or not zone.ordered or zone.visibility != "public":
                continue
            shown = view.zones[zone.id][player]
            if shown:
                laid = ", ".join(text.component(kind) for kind in reversed(shown))
                parts.append(Text(labelled(f"{player} — {text.zone(zone.id)}", laid)))
    return parts


def player_board(view: PlayerView, rules: Ruleset, text: GameText, player: str,
                 later: Sequence[int | None] = ()) -> RenderableType:
    """One player's part of the board in full: their grids with their runs, their open
    piles, and their line of the score (``board PLAYER``)."""
    parts = _grids(view, rules, text, only=player)
    parts += [pile for pile in _player_piles(view, rules, text, only=player)]
    parts.append(_scores(view, rules, text, only=player, later=later))
    return Group(*parts)


def _grids(view: PlayerView, rules: Ruleset, text: GameText,
           only: str | None = None) -> list[RenderableType]:
    """The grid zones (a shared one once, one of each player's per player, or only
    ``only``'s), complete runs and straight lines marked, with what each run is worth in a
    fight."""
    from regelwerk.engine import lines_in, run_record, runs_of

    parts: list[RenderableType] = []
    state = _grid_state(view, rules)
    seen: set[str] = set()
    for zone in rules.zones.values():
        if zone.grid is None or zone.visibility != "public":
            continue  # only open grids are drawn cell by cell
        name = text.zone(zone.id)
        title = capitalised(name)
        if zone.scope == "shared" and only is None:
            grid = cast("Grid", state.shared[zone.id])
            in_line = {cell for line in rules.straight_lines.values() if line.zone == zone.id
                       for cells in lines_in(grid, line) for cell in cells}
            parts.append(_grid_table(text, grid, zone.grid, title, in_line, seen))
            continue
        if zone.scope == "shared":
            continue
        lines = [line for line in rules.lines.values() if line.zone == zone.id]
        for index, player in enumerate(view.players):
            if only is not None and player != only:
                continue
            complete = {cell for line in lines for run in runs_of(state, index, line)
                        if run.complete for cell in run.cells()}
            parts.append(_grid_table(text, cast("Grid", state.owned[zone.id][index]),
                                     zone.grid, f"{title} — {player}", complete, seen))
            for line in lines:
                for run in runs_of(state, index, line):
                    record = run_record(state, index, line, run)
                    parts.append(Text("  " + _run_words(text, line, run, record)))
    if seen:
        parts.append(Text(" · ".join(f"{text.symbol(k)} {text.component(k)}"
                                     for k in rules.components if k in seen), style="dim"))
    return parts


def _grid_table(text: GameText, grid: Grid, shape: tuple[int, int], title: str,
                marked: set[tuple[int, int]], seen: set[str]) -> Table:
    """One grid as a table: columns numbered above, rows to the left, ``marked`` cells in
    bold; the kinds drawn are added to ``seen``."""
    rows, columns = shape
    table = Table(title=title, title_justify="left", box=box.SQUARE, show_header=True,
                  padding=(0, 0))
    table.add_column("", justify="right", min_width=2)
    for column in range(1, columns + 1):
        table.add_column(str(column), justify="center", min_width=3)
    for row in range(1, rows + 1):
        cells: list[str | Text] = [str(row)]
        for column in range(1, columns + 1):
            kind = grid.get((row, column))
            if kind is None:
                cells.append("·")
                continue
            seen.add(kind)
            mark = text.symbol(kind)
            cells.append(Text(mark, style="bold") if (row, column) in marked else mark)
        table.add_row(*cells)
    return table


def _run_words(text: GameText, line: Line, run: Run, record: SimpleNamespace) -> str:
    where = say("row {row}, columns {first}–{last}", row=run.row, first=run.columns[0],
                last=run.columns[-1])
    state = _("complete") if run.complete else _("unfinished")
    facts = [f"{text.line_label(line.id, name)} {getattr(record, name)}" for name in line.sums]
    facts += [text.line_label(line.id, name) for name in line.anys if getattr(record, name)]
    # TRANSLATORS: where a run lies and what it is, e.g. "row 2, columns 3–5 (unfinished)"
    return labelled(text.term("group", 1), say("{where} ({facts})", where=where,
                                               facts=told([state, *facts])))


def _grid_state(view: PlayerView, rules: Ruleset) -> GameState:
    """A state holding just the grids of the view, for finding their runs."""
    from regelwerk.engine import Grid

    grids = [zone for zone in rules.zones.values()
             if zone.grid is not None and zone.visibility == "public"]
    return GameState.from_data(rules, {"players": view.players, "owned": {
        zone.id: [Grid.from_rows(view.zones[zone.id][player]).to_data()
                  for player in view.players]
        for zone in grids if zone.scope == "player"}, "shared": {
        zone.id: Grid.from_rows(view.zones[zone.id]).to_data()
        for zone in grids if zone.scope == "shared"}})


def _fields(count: int, counts: Mapping[str, int]) -> str:
    """The fields of an area, kind after kind, each drawn filled or free: the first kind
    round, the next ones as diamonds."""
    drawn = []
    for place, kind_count in enumerate(counts.values()):
        filled, free = (FILLED, FREE) if place == 0 else (DARK_FILLED, DARK_FREE)
        here = max(min(count, kind_count), 0)
        drawn.append(filled * here + free * (kind_count - here))
        count -= kind_count
    return " ".join(part for part in drawn if part)


def _points(points: Any) -> str:
    if points is None:  # an area that never scores
        return ""
    if isinstance(points, int):
        return number(points)
    return " / ".join(f"{n}→{p}" for n, p in sorted(points.items()))


def _areas(view: PlayerView, rules: Ruleset, text: GameText) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column(_("area"))
    table.add_column(_("fields"))
    table.add_column(text.term("group", 1))
    table.add_column(capitalised(text.term("point", 2)), justify="right")
    for row, style in area_rows(view, rules, text):
        table.add_row(*row, style=style)
    return table


def area_rows(view: PlayerView, rules: Ruleset, text: GameText,
                only: str | None = None) -> Iterator[tuple[tuple[str, str, str, str], str]]:
    """Each area (or only the area ``only``) as (name, fields, group there, points) and
    its style."""
    for area in rules.areas.values():
        if only is not None and area.id != only:
            continue
        content: Mapping[str, Any] = view.areas.get(area.id, {})
        name = text.area(area.id)
        if area.id in view.closed:
            yield (name, text.out_of_play(), "", _points(area.points)), "dim"
            continue
        count = sum(v if isinstance(v, int) else sum(v.values()) for v in content.values())
        yield (name, _fields(count, area.counts), text.pieces(content),
               _points(area.points)), ""


def provisional(state: GameState, viewer: str) -> list[int | None]:
    """While the game goes on, each player's points if it ended now, where the viewer sees
    all that the end counts of theirs (their own secret chips, the others' open piles; a
    hand held facing away tells its owner nothing); None where not, and once the game is
    over (its scores are final: the end's points are in them)."""
    rules = state.rules
    if not rules.scored_at_end or state.game_over:
        return [None] * len(state.players)
    seat = state.players.index(viewer)
    return [state.scores[index] + points_of(state, index)["total"]
            if all(rules.zones[zone].shown_to(seat, index) for zone in scored_zones(rules))
            else None
            for index in range(len(state.players))]


def scored_zones(rules: Ruleset) -> set[str]:
    """The zones of each player whose content the end of the game counts."""
    zones = {rules.lines[line.line].zone for line in rules.scoring}
    zones.update(zone for scoring in rules.zone_scoring for zone in scoring.zones)
    zones.update(scoring.zone for scoring in rules.group_scoring)
    return {zone for zone in zones if rules.zones[zone].scope == "player"}


def points_label(text: GameText, provisional: bool = False, so_far: bool = False) -> str:
    """'Points', 'Points (provisional)' or 'Points so far': the one wording of each figure
    on every screen; where the fewest points win, it says so ('Points (fewest win)')."""
    points = capitalised(text.term("point", 2))
    if so_far:
        return say("{points} so far", points=points)
    if text.rules.end.lowest_wins:
        return say("{points} (provisional; the fewest win)", points=points) if provisional \
            else say("{points} (the fewest win)", points=points)
    return say("{points} (provisional)", points=points) if provisional else points


def score_columns(rules: Ruleset, scores: Sequence[int], game_over: bool,
                  later: Sequence[int | None], text: GameText) -> list[tuple[str, list[str]]]:
    """The score's columns, labelled alike on every screen: the points, and while the game
    goes on and points are counted at its end, the provisional ones (``provisional``; '?'
    where the viewer may not know them), after the points so far only where some are
    already scored during play. A game without points has none."""
    if not rules.keeps_score:
        return []
    if not rules.scored_at_end or game_over:
        return [(points_label(text), [number(points) for points in scores])]
    columns = [(points_label(text, so_far=True), [number(points) for points in scores])] \
        if any(scores) else []
    return columns + [(points_label(text, provisional=True),
                       ["?" if points is None else number(points) for points in later])]


def _scores(view: PlayerView, rules: Ruleset, text: GameText, only: str | None = None,
            later: Sequence[int | None] = ()) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column(capitalised(text.term("player", 1)))
    columns = score_columns(rules, [view.scores[name] for name in view.players],
                            view.game_over, later or [None] * len(view.players), text)
    for label, _cells in columns:
        table.add_column(label, justify="right")
    owned = [z for z in rules.zones.values() if z.scope == "player" and z.grid is None
             and not (z.ordered and z.visibility == "public") and not z.content.faced]
    for zone in owned:
        table.add_column(text.zone(zone.id))
    for place, player in enumerate(view.players):
        if only is not None and player != only:
            continue
        name = player
        if is_out(view.counters, place):
            name += " " + _("(out for the round)")
        cells = [name, *(column[place] for _label, column in columns)]
        for zone in owned:
            shown = view.zones[zone.id][player]
            if not view.shows(zone, place):
                cells.append(text.secret(zone.id) if shown["count"] is None
                             else count_words(text, shown["count"]))
            else:
                words = text.pieces(shown) if isinstance(shown, Mapping) else \
                    ", ".join(text.component(kind) for kind in shown)
                cells.append(words or text.empty(zone.id))
        table.add_row(*cells, style="bold" if player == view.to_move else "")
    return table

