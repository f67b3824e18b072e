"""A grid zone may be shared (one grid for all players) as well as one per player: states,
views, scenarios and the board read and write it as rows."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console

from regelwerk.cli.board import board
from regelwerk.engine import DataError, load_ruleset, new_game, view
from regelwerk.engine.transcripts.scenario import load_scenario, run_scenario
from regelwerk.locales import translations
from regelwerk.locales.gametext import GameText

GAME = """\
format: 1
id: shared-board
title: Shared board
players: {min: 2, max: 2}
components:
  light: {copies: 4, symbol: "L"}
  dark: {copies: 4, symbol: "D"}
supply: box
zones:
  box: {scope: shared, visibility: public}
  board: {scope: shared, visibility: public, grid: {rows: 2, columns: 3}}
turn:
  start: wait
  phases:
    wait: {actions: [wait]}
actions:
  wait: {mechanism: skip}
end:
  when: "turns >= 2"
"""


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_shared_grid_is_one_grid_for_all(tmp_path):
    rules = load_ruleset(_write(tmp_path, "game.yaml", GAME))
    assert rules.zones["board"].grid == (2, 3)
    state = new_game(rules, ["anna", "bram"])
    state.shared["board"][(2, 1)] = "dark"
    assert view(state, "bram").zones["board"] == [[], ["dark"]]
    assert state.to_data()["shared"]["board"] == {"2.1": "dark"}


def test_scenarios_write_a_shared_grid_as_rows(tmp_path):
    _write(tmp_path, "game.yaml", GAME)
    holds = _write(tmp_path, "holds.yaml", """\
game: game.yaml
players: [anna, bram]
state:
  zones:
    board: [[~, light], [dark, dark]]
steps:
  - move: {action: wait}
    expect:
      zones: {board: [[~, light], [dark, dark]], box: {light: 3, dark: 2}}
""")
    assert run_scenario(load_scenario(holds)) == []
    differs = _write(tmp_path, "differs.yaml", holds.read_text().replace(
        "      zones: {board: [[~, light], [dark, dark]]", "      zones: {board: [[light]]"))
    [failure] = run_scenario(load_scenario(differs))
    assert failure.params == {"zone": "board"}


def test_a_shared_grid_is_drawn_once_with_its_pieces(tmp_path):
    rules = load_ruleset(_write(tmp_path, "game.yaml", GAME))
    state = new_game(rules, ["anna", "bram"])
    state.shared["board"][(2, 3)] = "light"
    console = Console(width=60, record=True)
    console.print(board(view(state, "anna"), rules, GameText(rules, translations("en"), "en")))
    drawn = console.export_text().splitlines()
    assert [line for line in drawn if line.startswith("Board")] == ["Board           "]
    assert "│ 2│ · │ · │ L │" in drawn
    assert not any(line.startswith("Board:") for line in drawn)  # not also listed as counts


def test_a_grid_has_no_order(tmp_path):
    path = _write(tmp_path, "game.yaml", GAME.replace(
        "grid: {rows: 2, columns: 3}}", "grid: {rows: 2, columns: 3}, ordered: true}"))
    with pytest.raises(DataError) as caught:
        load_ruleset(path)
    assert caught.value.message == "a grid has no order: its pieces lie in cells"
    assert caught.value.location.path == ("zones", "board", "ordered")


def test_a_straight_line_is_drawn_in_bold(tmp_path):
    rules = load_ruleset(_write(tmp_path, "game.yaml", GAME.replace(
        "turn:", "lines:\n  pair: {zone: board, length: 2, directions: [row]}\nturn:")))
    state = new_game(rules, ["anna", "bram"])
    for cell, kind in {(2, 1): "dark", (2, 2): "dark", (2, 3): "light", (1, 1): "light"}.items():
        state.shared["board"][cell] = kind
    console = Console(width=60, record=True, force_terminal=True, color_system="standard")
    console.print(board(view(state, "anna"), rules, GameText(rules, translations("en"), "en")))
    drawn = console.export_text(styles=True)
    assert drawn.count("\x1b[1m D \x1b[0m") == 2  # the pair of dark pieces, each cell bold
    assert "\x1b[1mL" not in drawn
