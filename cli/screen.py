"""The screen a person chooses a move on, fitting an 80×24 terminal with its menu.

The board in short: one header line with whose turn it is and the hidden piles'
counts, the open shared zones that hold something, the areas one line each, the
player's own grid cell by cell and every other player in one line, and the running
score (points that are only counted at the end are shown as provisional). The rest
is on request: ``board PLAYER``, ``score``, ``legend`` (``cli/play.py``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Mapping, cast

from rich import box
from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from regelwerk.engine import (GameState, Ruleset, Zone, is_closed, is_out, runs_of, table_points,
                              view)
from regelwerk.locales.gametext import GameText

from .board import (DARK_FILLED, DARK_FREE, FILLED, FREE, area_rows, count_words, header,
                    points_label, provisional, score_columns)
from .menus import COMPLETE, WIDTH, columns, run_fact
from .faces import faces_of, faces_table, faces_words
from .notes import legend_lines, notes_of, places_words
from .text import _, capitalised, labelled, number, say, told

if TYPE_CHECKING:
    from regelwerk.engine import Grid, PlayerView


def screen(state: GameState, player: str, rules: Ruleset, text: GameText,
           compact: bool = False) -> RenderableType:
    """What ``player`` sees of ``state`` while choosing a move, in few lines; ``compact``,
    in fewer where that can be done (the others told in the score's line), to leave room
    for what happened since the player last chose."""
    seen = view(state, player)
    parts: list[RenderableType] = [_top(seen, rules, text)]
    parts += _open_zones(seen, rules, text)
    parts += [part for zone in rules.zones.values()
              if zone.scope == "shared" and zone.content.faced
              for part in faces_table(text, zone, *faces_of(seen, zone))]
    if rules.areas:
        parts += _areas(seen, rules, text, compact)
    parts += _grids(state, seen, rules, text)
    parts += _players(state, seen, rules, text, compact)
    parts += _passing(state, player, rules, text)
    return Group(*parts)


def _passing(state: GameState, player: str, rules: Ruleset, text: GameText
             ) -> list[RenderableType]:
    """During an exchange, to whom the player passes what they choose, and how many."""
    passing = rules.order.passing(state, state.players.index(player))
    if passing is None:
        return []
    partner, owed, chosen = passing
    other = state.players[partner]
    if owed is None:
        return [Text(say("{player} passes what they choose to {other}.", player=player,
                         other=other))]
    return [Text(say("{player} passes {count} to {other} ({chosen} chosen).", player=player,
                     count=count_words(text, owed), other=other, chosen=chosen))]


def _areas(seen: PlayerView, rules: Ruleset, text: GameText,
           compact: bool = False) -> list[RenderableType]:
    """One line an area: its name, its fields, the group there in short (cut with '…'
    where it is too long: ``board`` shows it whole), its points; ``compact``, the areas
    out of play named together in one line."""
    rows = []
    closed = [area.id for area in rules.areas.values() if area.id in seen.closed] \
        if compact else []
    closed = closed if len(closed) > 1 else []  # one line for one: nothing saved
    for area in rules.areas.values():
        if area.id in closed:
            continue
        (name, fields, _whole, points), style = next(area_rows(seen, rules, text,
                                                                only=area.id))
        group = "" if area.id in seen.closed else _group_in_short(
            seen.areas.get(area.id, {}), area.type.grouping == "same-kind", rules, text)
        rows.append(((name, fields, group, points.replace(" / ", " ")), style))
    table = Table(box=None, show_header=False, show_edge=False, padding=(0, 1, 0, 0))
    # the name, fields and points whole; the group gives way, up to the screen's width
    widths = [max((cell_len(cells[column]) for cells, _ in rows), default=0)
              for column in range(4)]
    room = max(WIDTH - widths[0] - widths[1] - widths[3] - 3, 8)  # a space after each
    for column, width in enumerate(widths):
        table.add_column(no_wrap=True, overflow="ellipsis", min_width=width,
                         max_width=room if column == 2 else None)
    for cells, style in rows:
        table.add_row(*cells, style=style)
    if not closed:
        return [table]
    names = text.join([text.area(area) for area in closed])
    return [table, Text(labelled(capitalised(text.out_of_play()), names), style="dim")]


def _group_in_short(content: Mapping[str, Any], one_kind: bool, rules: Ruleset,
                    text: GameText) -> str:
    """'4 lions, 1 ranger card' (at an area of one kind, wild pieces stand for it);
    'gazelle, zebra, ranger card (lion)' where every kind is there once."""
    entries: list[tuple[str, int, str]] = []
    for kind in rules.components:
        value = content.get(kind)
        if isinstance(value, int) and value:
            entries.append((kind, value, ""))
        elif isinstance(value, Mapping):
            entries += [(kind, n, "" if one_kind else stands) for stands, n in value.items()]
    singles = not one_kind and all(n == 1 for _, n, _ in entries)
    return ", ".join((text.component(kind) if singles else text.count_of(kind, n))
                     + (f" ({text.component(stands)})" if stands else "")
                     for kind, n, stands in entries)


def _top(seen: PlayerView, rules: Ruleset, text: GameText) -> Text:
    """The title, whose turn, and how many pieces each hidden shared zone holds: with the
    game's word for its pieces where the line fits the screen, else as bare numbers
    ("Stack 1: 38 · Stack 2: 37 · …"), then under the game's title alone, and then with
    the zones of a numbered family after the first by their numbers ("Stack 1: 38 · 2: 37")."""
    counted = [(zone, seen.zones[zone.id]["count"]) for zone in rules.zones.values()
               if zone.scope == "shared" and zone.visibility == "hidden" and zone.grid is None
               and not zone.content.faced and zone.from_players <= len(seen.players) and seen.zones[zone.id]["count"]]
    first_of_family = {zone.family: zone for zone, _ in reversed(counted)}

    def label(zone: Zone, numbered: bool) -> str:
        if numbered and zone.family is not None and first_of_family[zone.family] is not zone:
            return str(zone.number)
        return capitalised(text.zone(zone.id))

    for short, numbered, words in ((False, False, lambda n: count_words(text, n)),
                                   (False, False, str), (True, False, str), (True, True, str)):
        line = header(seen, text, phase=False, short=short)
        for zone, count in counted:
            line.append(" · " + labelled(label(zone, numbered), words(count)))
        if line.cell_len <= WIDTH:
            break
    return line


def _open_zones(seen: PlayerView, rules: Ruleset, text: GameText) -> list[RenderableType]:
    """The open shared zones that hold something and that play uses (an empty one, or one
    only the setup takes from, says nothing to play by: ``board`` shows them)."""
    lines: list[RenderableType] = []
    in_play = zones_in_play(rules)
    for zone in rules.zones.values():
        if zone.scope != "shared" or zone.visibility == "hidden" or zone.grid is not None \
                or zone.content.faced or zone.from_players > len(seen.players) \
                or zone.id not in in_play:
            continue
        shown = seen.zones[zone.id]
        if not shown or is_closed(seen.counters, zone.id):
            continue
        if zone.content.ordered:
            words = say("{pieces}, on top: {top}", pieces=count_words(text, len(shown)),
                        top=text.component(shown[0])) if len(shown) > 1 \
                else text.component(shown[0])
        else:
            words = text.join(text.held(shown))
        lines.append(Text(labelled(capitalised(text.zone(zone.id)), words)))
    return lines


#: the keys of a rules file that hold words for people, never a setting
PROSE = frozenset({"name", "text", "title", "subtitle", "description", "narration", "labels",
                   "reasons", "reason", "headings", "terms", "grammar", "mentions"})
#: the sections of a rules file that tell how the game is played, once it is set up
PLAY = ("actions", "turn", "end", "hands")


def zones_in_play(rules: Ruleset) -> set[str]:
    """The zones the rules of play name (an action, a turn step, the end, a hand's deal, a
    condition's ``zone.ID``), by their ids, fields or families: a zone only the setup takes
    from (the box the chips not dealt stay in) is not among them."""
    words: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):  # a condition's field 'stack_1' (or 'pass_') is 'stack-1'
            words.update(word.replace("_", "-").rstrip("-")
                         for word in re.findall(r"[a-z][a-z0-9_-]*", value))
        elif isinstance(value, Mapping):
            for key, item in value.items():
                if key not in PROSE:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for section in PLAY:
        walk(rules.document.data.get(section))
    return {zone.id for zone in rules.zones.values() if {zone.id, zone.family} & words}


def _grids(state: GameState, seen: PlayerView, rules: Ruleset,
           text: GameText) -> list[RenderableType]:
    """A shared grid cell by cell; of grids of each player, the viewer's own."""
    parts: list[RenderableType] = []
    me = seen.players.index(seen.player)
    for zone in rules.zones.values():
        if zone.grid is None or zone.visibility != "public":
            continue
        if zone.scope == "shared":
            parts.append(Text(capitalised(text.zone(zone.id))))
            parts += _cells(cast("Grid", state.shared[zone.id]), zone.grid, text, {})
            continue
        facts: dict[int, list[str]] = {}
        for line in rules.lines.values():
            if line.zone == zone.id:
                for run in runs_of(state, me, line):
                    facts.setdefault(run.row, []).append(run_fact(state, me, line, run, text))
        parts.append(Text(labelled(capitalised(text.zone(zone.id)), seen.player)))
        parts += _cells(cast("Grid", state.owned[zone.id][me]), zone.grid, text, facts)
    return parts


def _cells(grid: Grid, shape: tuple[int, int], text: GameText,
           facts: Mapping[int, list[str]]) -> list[Text]:
    """A grid in lines of three characters a cell (and a space between cells where the
    width allows), in bands of columns where it is wider than the screen; the facts of each
    row's runs beside it, or under it where they do not fit."""
    rows, columns = shape
    cell = 4 if 3 + 4 * columns <= WIDTH else 3
    band = (WIDTH - 3) // cell
    lines: list[Text] = []
    for first in range(1, columns + 1, band):
        shown = range(first, min(first + band, columns + 1))
        last = shown[-1] == columns
        lines.append(Text("   " + "".join(f"{c:>{cell - 1}} " if cell == 4 else f"{c:>3}"
                                          for c in shown).rstrip(), style="dim"))
        for row in range(1, rows + 1):
            cells = "".join(f"{text.symbol(grid[(row, c)]) if (row, c) in grid else '·':>3}"
                            + " " * (cell - 3) for c in shown)
            line = f"{row:>2} {cells}".rstrip()
            beside = told(facts.get(row, [])) if last else ""
            if beside and len(line) + 1 + len(beside) > WIDTH:
                lines += [Text(line), Text(f"   {beside}")]
            else:
                lines.append(Text(f"{line} {beside}".rstrip()))
    return lines


def _players(state: GameState, seen: PlayerView, rules: Ruleset, text: GameText,
             compact: bool = False) -> list[RenderableType]:
    """The score in one line; then what the viewer's own zones hold, in full; then every
    other player in short: how many pieces their zones hold, how many runs they have
    (``compact``: beside their points, where that line still fits the screen)."""
    later = provisional(state, seen.player)
    # points counted at the end that the viewer may not know are "?", as in the score table
    points = [later[i] if later[i] is not None
              else "?" if rules.scored_at_end and not state.game_over
              else state.scores[i] for i in range(len(state.players))]
    title = points_label(text, provisional=rules.scored_at_end and not state.game_over)
    short = {index: ", ".join(_zones_in_short(seen, rules, text, name)
                              + _runs_in_short(state, rules, text, index))
             for index, name in enumerate(seen.players) if name != seen.player}

    table = table_points(state)  # played together: one result

    def score_line(beside: bool) -> str:
        if table is not None:
            return labelled(_("Team score"), number(table))
        return labelled(title, " · ".join(
            f"{name} {number(points[index])}"
            + (f" ({short[index]})" if beside and short.get(index) else "")
            + (" " + _("(out for the round)") if is_out(seen.counters, index) else "")
            for index, name in enumerate(seen.players)))

    beside = compact and rules.keeps_score and table is None \
        and cell_len(score_line(True)) <= WIDTH
    lines: list[RenderableType] = [Text(score_line(beside))] if rules.keeps_score else []
    teams = rules.teams.get(len(state.players), ())
    if teams and rules.keeps_score:  # partners' points together
        totals = state.team_scores()
        lines.append(Text(labelled(_("Partners"), " · ".join(
            say("{players}: {points}", players=text.join([seen.players[s] for s in team]),
                points=totals[team[0]]) for team in teams))))
    own = _zones_in_short(seen, rules, text, seen.player, named=True)
    if own:
        lines.append(Text(f"{seen.player} — " + " · ".join(own)))
    others = [labelled(seen.players[index], words) for index, words in short.items() if words]
    if others and not beside:
        lines.append(Text(" · ".join(others)))
    return lines


def _zones_in_short(seen: PlayerView, rules: Ruleset, text: GameText, name: str,
                    named: bool = False) -> list[str]:
    """What each zone of a player's (not a grid) holds: a count where it is hidden; after
    the zone's name with ``named``, or where there are several to tell apart. Where a
    player has several zones, the empty ones are left out: they tell nothing to play by."""
    words, zones = [], []
    several = sum(1 for zone in rules.zones.values()
                  if zone.scope == "player" and zone.grid is None) > 1
    for zone in rules.zones.values():
        if zone.scope != "player" or zone.grid is not None:
            continue
        shown = seen.zones[zone.id][name]
        if zone.content.faced:  # by its places, face up or down
            if shown:
                words.append(faces_words(text, *faces_of(seen, zone, name)))
                zones.append(zone.id)
            continue
        if zone.content.noted:  # by its places, with what was told of each
            unseen = isinstance(shown, Mapping)
            count = shown["count"] if unseen else len(shown)
            if count:
                words.append(places_words(text, None if unseen else shown, count,
                                          notes_of(seen, zone.id, name)))
                zones.append(zone.id)
            continue
        if isinstance(shown, Mapping) and "count" in shown and len(shown) == 1:
            count = shown["count"]
            if several and count == 0:
                continue
            words.append(text.secret(zone.id) if count is None else count_words(text, count))
        elif isinstance(shown, Mapping):
            if several and not shown:
                continue
            words.append(text.pieces(shown) or text.empty(zone.id))  # agreeing with it
        elif shown:  # in the order laid, as ``board`` shows them (the top is the first)
            words.append(", ".join(text.component(kind) for kind in reversed(shown)))
        else:
            continue
        zones.append(zone.id)
    if named or several:
        words = [labelled(text.zone(zone_id), said) for zone_id, said in zip(zones, words)]
    return words


def _runs_in_short(state: GameState, rules: Ruleset, text: GameText, index: int) -> list[str]:
    """Another player's runs counted (their grid is on request: ``board PLAYER``)."""
    words = []
    for line in rules.lines.values():
        if rules.zones[line.zone].visibility != "public":
            continue  # runs in a grid the viewer cannot see are not told
        runs = runs_of(state, index, line)
        if runs:
            complete = sum(run.complete for run in runs)
            words.append(f"{len(runs)} {text.term('group', len(runs))} "
                         f"({complete} {COMPLETE})")
    return words


def score_table(state: GameState, viewer: str | None, text: GameText) -> Table:
    """The score, in the columns every screen labels alike (``board.score_columns``)."""
    columns = score_columns(state.rules, state.scores, state.game_over,
                            provisional(state, viewer or state.player), text)
    table = Table(box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column(capitalised(text.term("player", 1)))
    for label, _cells in columns:
        table.add_column(label, justify="right")
    for index, name in enumerate(state.players):
        table.add_row(name, *(cells[index] for _label, cells in columns))
    return table


def legend(rules: Ruleset, text: GameText) -> str:
    """What the marks on the screen mean."""
    lines = []
    if rules.areas:
        kinds = list(next(iter(rules.areas.values())).counts)
        for place, kind in enumerate(kinds[:2]):
            filled, free = (FILLED, FREE) if place == 0 else (DARK_FILLED, DARK_FREE)
            lines.append(say("{fields}: {filled} taken, {free} free", filled=filled,
                             free=free, fields=capitalised(text.term(kind, 2))))
        table = next((area.points for area in rules.areas.values()
                      if isinstance(area.points, Mapping) and area.points), None)
        if table is not None:  # as the screen shows it, from the game's own points
            count, points = next(iter(table.items()))
            lines.append(say("{example}: {count} {pieces} give {points} {unit}",
                             example=f"{count}→{points}", count=count,
                             pieces=text.term(text.chosen_term(), count), points=points,
                             unit=text.term("point", points)))
    if any(zone.grid is not None for zone in rules.zones.values()):
        # runs of a line are marked complete (``menus.run_fact``); straight lines are not
        lines.append(say("{empty} an empty cell; {mark} complete", empty="·", mark=COMPLETE)
                     if rules.lines else say("{empty} an empty cell", empty="·"))
        marks = [f"{text.symbol(kind):>3} {text.component(kind)}"
                 for kind in rules.components]
        lines += columns(marks)
    lines += legend_lines(rules, text)
    return "\n".join(lines) if lines else _("The screen of this game uses no marks to explain.")
