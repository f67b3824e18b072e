"""Pieces that lie face up or face down in their places (``faces: true``, the ``turn-over``
mechanism): who sees what of them, what the table remembers, what saves keep, what the bots'
possible worlds and the adapters' observations hold, and the load errors."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from regelwerk.engine import (UNSEEN, DataError, GameState, Move, apply, legal_moves,
                              load_ruleset, new_game, view)
from regelwerk.engine.adapters.encoding import ViewEncoding
from regelwerk.engine.bots.levels import GreedyBot
from regelwerk.engine.bots.worlds import possible_world
from regelwerk.engine.play.choices import ActionSpace

TURN_UP = Path(__file__).parent / "rulesets" / "turn-up.yaml"


@pytest.fixture(scope="module")
def concentration():
    return load_ruleset("concentration")


@pytest.fixture(scope="module")
def turn_up():
    return load_ruleset(TURN_UP)


def turn(state: GameState, action: str, place: int) -> GameState:
    state, _ = apply(state, Move(action, (("place", place),)))
    return state


def test_a_layout_is_dealt_face_down_row_after_row_and_nobody_sees_it(concentration):
    state = new_game(concentration, ["anna", "bram"], 1)
    layout = state.shared["layout"]
    assert sorted(layout) == [(row, column) for row in range(1, 5) for column in range(1, 7)]
    assert state.up() == {"layout": []} and state.remembered() == {"layout": []}
    for player in state.players:
        assert view(state, player).zones["layout"] == [[UNSEEN] * 6] * 4
    assert [move.get("place") for move in legal_moves(state)] == list(range(1, 25))


def test_a_piece_turned_up_is_seen_by_all_and_remembered_once_turned_back(concentration):
    state = GameState.from_data(concentration, {
        "players": ["anna", "bram"], "shared": {"layout": {"1.1": "sun", "1.2": "moon",
                                                           "1.3": "sun", "1.4": "moon"}}})
    state = turn(state, "first", 1)
    assert [view(state, p).zones["layout"][0] for p in state.players] == [
        ["sun", UNSEEN, UNSEEN, UNSEEN]] * 2
    state = turn(state, "second", 2)
    seen = view(state, "bram")
    assert seen.zones["layout"] == [[UNSEEN] * 4, [], [], []]  # as the table lies
    assert seen.remembered == {"layout": {0: "sun", 1: "moon"}} == view(state, "anna").remembered
    assert state.player == "bram"


def test_a_pair_found_leaves_its_places_empty_and_its_finder_plays_again(concentration):
    state = GameState.from_data(concentration, {
        "players": ["anna", "bram"], "shared": {"layout": {"1.1": "sun", "1.2": "moon",
                                                           "2.1": "sun"}},
        "remembered": {"layout": [0]}})
    state = turn(turn(state, "first", 7), "second", 1)
    assert dict(state.shared["layout"]) == {(1, 2): "moon"}
    assert state.owned["pairs"][0] == {"sun": 2} and state.player == "anna"
    assert state.remembered() == {"layout": []}
    assert [move.get("place") for move in legal_moves(state)] == [2]


def test_an_observation_tells_an_empty_cell_from_a_card_face_down(concentration):
    observed = []
    encoding = ViewEncoding(concentration, 2, ActionSpace.of(concentration))
    for cells in ({"1.1": "sun", "1.2": "moon"}, {"1.1": "sun", "2.3": "moon"}):
        state = GameState.from_data(concentration, {"players": ["anna", "bram"],
                                                    "shared": {"layout": cells}})
        observed.append(encoding.vector(view(state, "anna"), []))
    assert observed[0] != observed[1]


def test_a_shuffle_forgets_which_piece_face_down_is_which(turn_up):
    state = GameState.from_data(turn_up, {
        "players": ["anna", "bram"],
        "owned": {"row": [["card-1", "card-2", "card-3"], []]},
        "up": {"row": [[2], []]}, "remembered": {"row": [[0], []]}})
    row = state.writable("row", 0)
    row.shuffle(7)
    assert row.face_up() == [row.index("card-3")] and row.remembered() == []


def test_a_row_face_down_is_seen_by_its_owner_alone_until_turned_up(turn_up):
    state = new_game(turn_up, ["anna", "bram"], 3)
    anna, bram = (list(state.owned["row"][seat]) for seat in (0, 1))
    assert view(state, "anna").zones["row"] == {"anna": anna, "bram": [UNSEEN] * 4}
    state = turn(state, "turn-up", 2)
    assert state.up() == {"row": [[1], []]}
    assert view(state, "bram").zones["row"]["anna"] == [UNSEEN, anna[1], UNSEEN, UNSEEN]
    assert view(state, "bram").zones["row"]["bram"] == bram
    assert view(state, "bram").up == {"row": {"anna": [1], "bram": []}}
    assert [move.get("place") for move in legal_moves(state)] == [1, 2, 3, 4]  # bram's row


def test_a_state_with_faces_reads_back_as_it_was_saved(concentration, turn_up):
    for rules, players in ((concentration, ["a", "b", "c"]), (turn_up, ["a", "b"])):
        state = new_game(rules, players, 4)
        rng = random.Random(4)
        for _ in range(7):
            moves = legal_moves(state)
            state, _ = apply(state, moves[rng.randrange(len(moves))])
        data = state.to_data()
        assert data["up"] or data["remembered"]
        assert GameState.from_data(rules, data).to_data() == data


@pytest.mark.parametrize("faces, complaint", [
    ({"up": {"deck": []}}, "has no pieces face up or down"),
    ({"up": {"layout": [0]}}, "face up places that are not places"),
    ({"up": {"layout": [5, 5]}}, "face up places that are not places"),
    ({"up": {"layout": [[0]]}}, "face up places that are not places"),
    ({"up": {"layout": [5]}, "remembered": {"layout": [5]}}, "each once and lying one way"),
])
def test_faces_that_no_state_could_have_are_refused(concentration, faces, complaint):
    data = {"players": ["anna", "bram"], "shared": {"layout": {"1.6": "sun"}}, **faces}
    with pytest.raises(ValueError, match=complaint):
        GameState.from_data(concentration, data)


def test_a_possible_world_keeps_what_is_seen_and_remembered_and_deals_the_rest(concentration):
    state = new_game(concentration, ["anna", "bram"], 5)
    for action, place in (("first", 1), ("second", 2), ("first", 3)):
        state = turn(state, action, place)
    seen = view(state, state.player)
    layouts = set()
    for seed in range(6):
        world = possible_world(seen, concentration, random.Random(seed))
        assert view(world, state.player) == seen
        cells = world.shared["layout"]
        assert [cells[(1, c)] for c in (1, 2, 3)] == [state.shared["layout"][(1, c)]
                                                     for c in (1, 2, 3)]
        layouts.add(tuple(sorted(cells.items())))
    assert len(layouts) > 1  # what nobody saw is dealt at random


def test_the_greedy_bot_takes_the_pair_it_remembers(concentration):
    state = GameState.from_data(concentration, {
        "players": ["anna", "bram"],
        "shared": {"layout": {"1.1": "sun", "1.2": "moon", "1.3": "cat", "1.4": "dog",
                              "2.1": "fish", "2.2": "boat", "2.3": "sun"}},
        "remembered": {"layout": [0]}, "to_move": 1})
    state = turn(state, "first", 9)  # bram turns the second sun over
    assert GreedyBot(1).choose(view(state, "bram"), concentration) == Move(
        "second", (("place", 1),))


def test_an_observation_holds_what_is_seen_remembered_and_face_up_place_by_place(
        concentration):
    state = new_game(concentration, ["anna", "bram"], 6)
    state = turn(turn(state, "first", 1), "second", 2)
    state = turn(state, "first", 24)
    encoding = ViewEncoding(concentration, 2, ActionSpace.of(concentration))
    vectors = [encoding.vector(view(state, player), []) for player in state.players]
    assert len(vectors[0]) == len(vectors[1]) == encoding.size
    # but for whose view it is (the first two numbers), nothing is seen by one player alone
    assert vectors[0][2:] == vectors[1][2:] and vectors[0][:2] != vectors[1][:2]
    before = encoding.vector(view(new_game(concentration, ["anna", "bram"], 6), "anna"), [])
    assert vectors[0] != before


@pytest.mark.parametrize("zone, complaint", [
    ("{scope: shared, visibility: hidden, faces: true}", "must be ordered, or a grid"),
    ("{scope: shared, visibility: public, ordered: true, faces: true}",
     "not 'public'"),
    ("{scope: player, visibility: secret, ordered: true, faces: true}", "not 'secret'"),
    ("{scope: shared, visibility: hidden, grid: {rows: 2, columns: 2}}",
     "unless its pieces lie face up or face down"),
])
def test_a_zone_whose_faces_cannot_work_is_refused_at_load(tmp_path, zone, complaint):
    source = TURN_UP.read_text(encoding="utf-8").replace(
        "  deck: {scope: shared, visibility: hidden, ordered: true}",
        f"  deck: {{scope: shared, visibility: hidden, ordered: true}}\n  spread: {zone}")
    path = tmp_path / "broken.yaml"
    path.write_text(source, encoding="utf-8")
    with pytest.raises(DataError, match=complaint) as error:
        load_ruleset(path)
    assert error.value.location.line == 19


def test_turning_over_a_zone_without_faces_is_refused_at_load(tmp_path):
    source = TURN_UP.read_text(encoding="utf-8").replace(
        "{mechanism: turn-over, zone: row}", "{mechanism: turn-over, zone: deck}")
    path = tmp_path / "broken.yaml"
    path.write_text(source, encoding="utf-8")
    with pytest.raises(DataError, match="must have pieces face up or face down") as error:
        load_ruleset(path)
    assert (error.value.location.line, error.value.location.column) == (28, 41)


def test_a_scenario_giving_faces_to_empty_places_is_a_located_error(tmp_path):
    from regelwerk.engine import load_scenario

    path = tmp_path / "bad.yaml"
    path.write_text("game: concentration\nplayers: [anna, bram]\nstate:\n  zones:\n"
                    "    layout:\n      - [sun, moon]\n  up: {layout: [5]}\nsteps: []\n",
                    encoding="utf-8")
    with pytest.raises(DataError, match="must each hold a piece") as error:
        load_scenario(path)
    assert error.value.location.line == 7
