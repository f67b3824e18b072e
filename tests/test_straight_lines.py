"""Straight lines of alike pieces (``lines:`` with a ``length``): conditions read how many a
grid holds, and an end rule may make the player whose move made one the winner."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk.engine import DataError, Move, apply, load_ruleset
from regelwerk.engine.play.turncontext import TurnContext
from regelwerk.engine.zones.grid import Grid
from regelwerk.engine.play.state import GameState
from regelwerk.engine.model.ruleset import StraightLine
from regelwerk.engine.play.straight import lines_in

GAME = """\
format: 1
id: lining-up
title: Lining up
players: {min: 2, max: 2}
components:
  light: {copies: 8}
  dark: {copies: 8}
supply: box
zones:
  box: {scope: shared, visibility: public}
  hand: {scope: player, visibility: public}
  board: {scope: shared, visibility: public, grid: {rows: 4, columns: 4}}
lines:
  three: {zone: board, length: 3}
  upright: {zone: board, length: 2, directions: [column]}
setup:
  own: {step: own-pieces, from: box, to: hand, kinds: [light, dark]}
turn:
  start: play
  phases:
    play: {actions: [drop]}
actions:
  drop: {mechanism: drop, from: hand, to: board}
end:
  at_once: "lines.three > 0"
  winner: mover
  when: "zone.board == 16"
"""
ALL = tuple(((0, 1), (1, 0), (1, 1), (1, -1)))


def _grid(*rows: str) -> Grid:
    """Rows as text: L light, D dark, . empty."""
    names = {"L": "light", "D": "dark", ".": None}
    return Grid.from_rows([[names[c] for c in row] for row in rows])


@pytest.mark.parametrize("rows, found", [
    (("LLL.", "....", "....", "...."), [((1, 1), (1, 2), (1, 3))]),
    (("L...", "L...", "L...", "...."), [((1, 1), (2, 1), (3, 1))]),
    (("L...", ".L..", "..L.", "...."), [((1, 1), (2, 2), (3, 3))]),
    (("...L", "..L.", ".L..", "...."), [((1, 4), (2, 3), (3, 2))]),
    (("LLLL", "....", "....", "...."), [((1, 1), (1, 2), (1, 3), (1, 4))]),  # one, not two
    (("LLDD", "DDLL", "LLDD", "...."), []),  # alike means one kind
])
def test_lines_run_along_rows_columns_and_both_diagonals(rows, found):
    assert list(lines_in(_grid(*rows), StraightLine("three", "board", 3, ALL))) == found


def test_directions_limit_where_lines_run():
    only_columns = StraightLine("upright", "board", 2, ((1, 0),))
    assert list(lines_in(_grid("LL..", "D...", "D..."), only_columns)) == [
        ((2, 1), (3, 1))]


def _load(tmp_path: Path, text: str = GAME):
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(path)


def test_conditions_read_how_many_lines_a_grid_holds(tmp_path):
    rules = _load(tmp_path)
    state = GameState.from_data(rules, {"players": ["anna", "bram"], "shared": {
        "board": {"4.1": "dark", "3.1": "dark", "4.2": "light", "3.2": "light"}}})
    lines = TurnContext(state)["lines"]
    assert (lines.three, lines.upright) == (0, 2)


def test_the_mover_who_makes_a_line_wins_at_once(tmp_path):
    rules = _load(tmp_path)
    state = GameState.from_data(rules, {
        "players": ["anna", "bram"], "to_move": 1,
        "owned": {"hand": [{"light": 6}, {"dark": 6}]},
        "shared": {"board": {"4.1": "dark", "4.2": "dark", "4.4": "light",
                             "3.4": "light"}}})
    after, events = apply(state, Move.of("drop", column=3))
    assert after.game_over and after.winners() == ("bram",)
    assert after.scores == [0, 0]
    assert events[-1].code == "game-over" and events[-1].params["winners"] == ["bram"]


def test_a_full_grid_without_a_line_is_shared(tmp_path):
    rules = _load(tmp_path)
    rows = ["LLD.", "DDLL", "LLDD", "DDLL"]
    cells = {f"{r}.{c}": {"L": "light", "D": "dark"}[k] for r, row in enumerate(rows, 1)
             for c, k in enumerate(row, 1) if k != "."}
    state = GameState.from_data(rules, {"players": ["anna", "bram"], "to_move": 1,
                                        "owned": {"hand": [{}, {"dark": 1}]},
                                        "shared": {"board": cells}})
    after, _ = apply(state, Move.of("drop", column=4))
    assert after.game_over and after.winners() == ("anna", "bram")


@pytest.mark.parametrize("change, message, path", [
    ("  three: {zone: board, length: 3}", "a straight line needs a 'length'",
     ("lines", "three", "directions")),
    ("  three: {zone: board, length: 5}",
     "no line of {length} fits a grid of {rows} rows and {columns} columns",
     ("lines", "three", "length")),
    ("  three: {zone: box, length: 3}", "zone '{name}' must be a grid here",
     ("lines", "three", "zone")),
    ("  three: {zone: board, length: 3, gap: 1}",
     "a line with a 'length' is a straight line of alike pieces; '{key}' belongs to a run "
     "pattern", ("lines", "three", "gap")),
    ("  three: {zone: board, start: 'true'}",
     "a line needs a 'start' and an 'end' (a run pattern) or a 'length' (a straight line of "
     "alike pieces)", ("lines", "three")),
])
def test_mistakes_in_a_straight_line_are_located(tmp_path, change, message, path):
    text = GAME.replace("  three: {zone: board, length: 3}", change)
    if "directions" in path:
        text = text.replace("  three: {zone: board, length: 3}",
                            "  three: {zone: board, directions: [row]}")
    with pytest.raises(DataError) as caught:
        _load(tmp_path, text)
    assert (caught.value.message, caught.value.location.path) == (message, path)


def test_the_mover_wins_only_through_at_once(tmp_path):
    text = GAME.replace('  at_once: "lines.three > 0"\n', "")
    with pytest.raises(DataError) as caught:
        _load(tmp_path, text)
    assert caught.value.location.path == ("end", "winner")


def test_a_win_shared_by_every_player_reads_as_a_draw():
    from regelwerk.cli.narrate import winners_line
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    rules = load_ruleset("okavango")
    text = GameText(rules, translations("en"), "en")  # the terminal's language: English here
    assert winners_line(text, ["anna", "bram"], 2) == "A draw between anna and bram"
    assert winners_line(text, ["anna", "bram"], 3) == "Winners: anna and bram"
    assert winners_line(text, ["anna"], 2) == "Winner: anna"


def test_the_rulebook_tells_straight_lines_and_who_wins(tmp_path):
    from regelwerk.cli.rulebook import rulebook
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    rules = _load(tmp_path)
    book = rulebook(rules, GameText(rules, translations("en"), "en")).splitlines()
    assert "For 2 players." in book
    assert "## Lines" in book and "## Runs" not in book
    assert "Three pieces of one kind next to one another in the board make a line: in a row, in " \
           "a column or in a diagonal." in book
    assert "When the game ends at once, the player whose move ended it wins. Otherwise the " \
           "game is a draw." in book  # nobody scores in it


@pytest.mark.parametrize("seed", range(5))
def test_the_greedy_bot_takes_a_winning_move(tmp_path, seed):
    from regelwerk.engine import view
    from regelwerk.engine.bots.levels import GreedyBot

    rules = _load(tmp_path)
    state = GameState.from_data(rules, {
        "players": ["anna", "bram"], "to_move": 1,
        "owned": {"hand": [{"light": 6}, {"dark": 6}]},
        "shared": {"board": {"4.1": "dark", "3.1": "dark", "4.2": "light", "4.3": "light"}}})
    assert GreedyBot(seed).choose(view(state, "bram"), rules) == Move.of("drop", column=1)
