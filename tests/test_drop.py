"""``drop``: a piece of the player's own zone falls into a grid along a column (or a row)
and settles in the farthest free cell in the direction of its gravity."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk.engine import DataError, IllegalMove, Move, apply, legal_moves, load_ruleset
from regelwerk.engine.play.state import GameState

GAME = """\
format: 1
id: dropping
title: Dropping
players: {min: 2, max: 2}
components:
  light: {copies: 6}
  dark: {copies: 6}
supply: box
zones:
  box: {scope: shared, visibility: public}
  hand: {scope: player, visibility: public}
  board: {scope: shared, visibility: public, grid: {rows: 3, columns: 4}}
turn:
  start: play
  phases:
    play: {actions: [drop]}
actions:
  drop: {mechanism: drop, from: hand, to: board, gravity: GRAVITY}
end:
  when: "zone.board == 12"
"""


def _rules(tmp_path: Path, gravity: str = "down", extra: str = ""):
    path = tmp_path / "game.yaml"
    path.write_text(GAME.replace("GRAVITY", gravity).replace("gravity: down}", "gravity: down" +
                                                              extra + "}"), encoding="utf-8")
    return load_ruleset(path)


def _state(rules, hands, cells=None) -> GameState:
    return GameState.from_data(rules, {"players": ["anna", "bram"],
                                       "owned": {"hand": hands},
                                       "shared": {"board": cells or {}}})


def test_a_piece_falls_to_the_lowest_free_cell_of_its_column(tmp_path):
    rules = _rules(tmp_path)
    state = _state(rules, [{"light": 2}, {"dark": 2}], {"3.2": "dark"})
    assert list(legal_moves(state)) == [Move.of("drop", column=n) for n in (1, 2, 3, 4)]
    after, events = apply(state, Move.of("drop", column=2))
    assert after.shared["board"] == {(3, 2): "dark", (2, 2): "light"}
    assert after.owned["hand"][0] == {"light": 1}
    assert [(e.code, e.params["cell"]) for e in events if e.code == "dropped"] == [
        ("dropped", [2, 2])]
    after, _ = apply(after, Move.of("drop", column=4))
    assert after.shared["board"][(3, 4)] == "dark"


def test_a_full_column_is_refused_and_not_offered(tmp_path):
    rules = _rules(tmp_path)
    state = _state(rules, [{"light": 2}, {"dark": 2}],
                   {"1.1": "dark", "2.1": "light", "3.1": "dark"})
    assert Move.of("drop", column=1) not in list(legal_moves(state))
    with pytest.raises(IllegalMove) as refused:
        apply(state, Move.of("drop", column=1))
    assert (refused.value.code, refused.value.params) == ("lane-full", {"number": 1})
    with pytest.raises(IllegalMove) as refused:
        apply(state, Move.of("drop", column=5))
    assert refused.value.code == "no-such-lane"


@pytest.mark.parametrize("gravity, lane, number, cell", [
    ("up", "column", 3, (1, 3)), ("left", "row", 2, (2, 1)), ("right", "row", 2, (2, 4))])
def test_gravity_may_point_any_way(tmp_path, gravity, lane, number, cell):
    rules = _rules(tmp_path, gravity)
    assert [part.name for part in rules.actions["drop"].parts] == [lane, "kind"]
    state = _state(rules, [{"light": 1}, {"dark": 1}])
    after, _ = apply(state, Move.of("drop", **{lane: number}))
    assert after.shared["board"] == {cell: "light"}


def test_several_kinds_in_hand_are_named_in_the_move(tmp_path):
    rules = _rules(tmp_path)
    state = _state(rules, [{"light": 1, "dark": 1}, {"dark": 1}])
    moves = list(legal_moves(state))
    assert Move.of("drop", column=1, kind="dark") in moves and len(moves) == 8
    with pytest.raises(IllegalMove) as refused:
        apply(state, Move.of("drop", column=1))
    assert refused.value.code == "kind-needed"
    after, _ = apply(state, Move.of("drop", column=1, kind="dark"))
    assert after.shared["board"] == {(3, 1): "dark"}
    # with one kind left, naming it is the same move as not naming it
    alone = _state(rules, [{"light": 1}, {"dark": 1}])
    after, _ = apply(alone, Move.of("drop", column=1, kind="light"))
    assert after.shared["board"] == {(3, 1): "light"}


def test_an_empty_hand_offers_nothing(tmp_path):
    rules = _rules(tmp_path)
    state = _state(rules, [{}, {"dark": 1}])
    assert rules.actions["drop"].moves(state) == []
    with pytest.raises(IllegalMove) as refused:
        rules.actions["drop"].check(state, Move.of("drop", column=1))
    assert refused.value.code == "nothing-to-drop"


def test_the_other_lane_cannot_be_named(tmp_path):
    with pytest.raises(DataError) as caught:
        _rules(tmp_path, extra=", names: {row: line}")
    assert caught.value.location.path == ("actions", "drop", "names", "row")


def test_only_a_grid_takes_dropped_pieces(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(GAME.replace("GRAVITY", "down").replace("to: board", "to: box"),
                    encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_ruleset(path)
    assert caught.value.message == "zone '{name}' must be a grid here"


def test_the_terminal_reads_and_shows_a_column_by_its_number(tmp_path):
    from regelwerk.cli.words import Words
    from regelwerk.engine.play.notation import NotationError
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    rules = _rules(tmp_path)
    words = Words(rules, GameText(rules, translations("en"), "en"))
    move = Move.of("drop", column=4)
    assert words.read("drop 4") == move
    assert (words.notation(move), words.describe(move)) == ("drop 4", "drop: column 4")
    with pytest.raises(NotationError):
        words.read("drop four")


def test_a_column_that_is_no_number_is_refused(tmp_path):
    rules = _rules(tmp_path)
    state = _state(rules, [{"light": 1}, {"dark": 1}])
    for column in ([1], "1", None):
        with pytest.raises(IllegalMove) as refused:
            apply(state, Move("drop", (("column", column),)))
        assert refused.value.code == "no-such-lane"
