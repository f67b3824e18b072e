"""``own-pieces``: pieces that belong to a player; each takes every piece of their kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk.engine import DataError, load_ruleset, new_game

GAME = """\
format: 1
id: colours
title: Colours
players: {min: 2, max: 3}
components:
  light: {copies: 5}
  dark: {copies: 4}
  grey: {copies: 3}
supply: box
zones:
  box: {scope: shared, visibility: public}
  hand: {scope: player, visibility: public}
setup:
  own: {step: own-pieces, from: box, to: hand, kinds: KINDS}
turn:
  start: wait
  phases:
    wait: {actions: [wait]}
actions:
  wait: {mechanism: skip}
end:
  when: "turns >= 2"
"""


def _rules(tmp_path: Path, kinds: str):
    path = tmp_path / "game.yaml"
    path.write_text(GAME.replace("KINDS", kinds), encoding="utf-8")
    return load_ruleset(path)


def test_each_player_takes_the_pieces_of_their_place(tmp_path):
    rules = _rules(tmp_path, "[dark, grey, light]")
    state = new_game(rules, ["anna", "bram"])
    assert state.owned["hand"] == [{"dark": 4}, {"grey": 3}]
    assert state.shared["box"] == {"light": 5}  # no third player: their pieces stay
    state = new_game(rules, ["anna", "bram", "cas"])
    assert state.owned["hand"] == [{"dark": 4}, {"grey": 3}, {"light": 5}]
    assert state.shared["box"] == {}


def test_every_place_at_the_table_needs_a_kind(tmp_path):
    with pytest.raises(DataError) as caught:
        _rules(tmp_path, "[dark, grey]")
    assert caught.value.params == {"count": 2, "players": 3}
    assert caught.value.location.path == ("setup", "own", "kinds")


def test_the_kinds_must_exist(tmp_path):
    with pytest.raises(DataError) as caught:
        _rules(tmp_path, "[dark, grey, blue]")
    assert caught.value.params == {"name": "blue"}
    assert caught.value.location.path == ("setup", "own", "kinds", 2)
