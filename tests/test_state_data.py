"""The data form of a state: versioned, named after its ruleset, read back by from_data."""

from __future__ import annotations

import pytest

from regelwerk.engine import GameState, SetupError, load_ruleset, new_game
from regelwerk.engine.play.statedata import StateDataError
from regelwerk.engine.zones.contents import Pile, Tally

OKAVANGO = load_ruleset("okavango")


def test_data_of_another_version_or_ruleset_is_refused() -> None:
    data = new_game(OKAVANGO, ["anna", "bram"], seed=2).to_data()
    assert data["version"] == 1
    with pytest.raises(ValueError, match="version"):
        GameState.from_data(OKAVANGO, {**data, "version": 99})
    with pytest.raises(ValueError, match="ogallala"):
        GameState.from_data(OKAVANGO, {**data, "ruleset": "ogallala"})


def test_a_position_names_only_what_it_has() -> None:
    state = GameState.from_data(OKAVANGO, {"players": ["anna", "bram"],
                                           "owned": {"reserve": [{"lion": 2}, {}]}})
    assert state.owned["reserve"][0] == {"lion": 2} and state.owned["reserve"][1] == {}
    assert state.phase == OKAVANGO.start_phase and state.scores == [0, 0]
    for zone in OKAVANGO.zones.values():
        content = state.zone(zone.id, 0)
        assert type(content) is zone.content and content.ordered == zone.ordered


def test_piles_and_tallies_take_as_their_zones_are_drawn() -> None:
    pile, tally = Pile(["a", "b"]), Tally({"a": 1, "b": 2})
    assert pile.take(7) == ("a", 7) and pile == ["b"]
    kind, state = tally.take(7)
    assert kind in ("a", "b") and state != 7 and tally.size() == 2
    assert Tally.from_data(tally.to_data()) == tally and Pile.from_data(pile.to_data()) == pile


@pytest.mark.parametrize("change,words", [
    ({"to_move": 5}, "'to_move' must be a player's place"),
    ({"phase": "bogus"}, "unknown phase 'bogus'"),
    ({"players": ["a"]}, "played by 2 to 4 players, not 1"),
    ({"players": ["a", "a"]}, "a different name"),
    ({"shared": {"river": {"lion": -1}}}, "which is not counts by kind"),
    ({"shared": {"river": {"unicorn": 1}}}, "which is not counts by kind"),
    ({"shared": {"bag": ["lion", 3]}}, "which is not a list of kinds"),
    ({"owned": {"reserve": [{"lion": 1}]}}, "a content for each player"),
    ({"areas": {"waterhole-2": [["lion", "lion", 0]]}}, "not [kind, kind it stands for"),
    ({"closed": ["nowhere"]}, "unknown area 'nowhere'"),
    ({"scores": [1]}, "'scores' must be a whole number for each player"),
    ({"shared": {"river": {"lion": 9}}}, "there are 9 pieces of 'lion', but the game has 8"),
    ({"shared": {"river": {"lion": 5}}, "owned": {"reserve": [{"lion": 2}, {"lion": 2}]}},
     "there are 9 pieces of 'lion'"),
    ({"areas": {"waterhole-2": [["lion", "lion", 5]]}}, "5 pieces on 4 fields"),
    ({"areas": {"waterhole-2": [["lion", "lion", 1], ["zebra", "zebra", 1]]}},
     "a group its type does not form (same-kind)"),
    ({"areas": {"delta-1": [["lion", "lion", 2]]}},
     "a group its type does not form (different-kinds)"),
    ({"areas": {"waterhole-2": [["ranger", "ranger", 1]]}}, "only a wild piece stands for"),
    ({"areas": {"waterhole-2": [["lion", "zebra", 1]]}}, "only a wild piece stands for"),
    ({"areas": {"waterhole-2": [["lion", "lion", 2**63]]}}, "pieces on 4 fields"),
    ({"areas": {"waterhole-2": [[["lion"], "lion", 1]]}}, "not [kind, kind it stands for"),
    ({"shared": {"bag": [["lion"]]}}, "which is not a list of kinds"),
    # what an action remembers, as its mechanism declares it
    ({"turn": {"memory": {"drink": {"area": "nowhere"}}}}, "cannot remember 'nowhere'"),
    ({"turn": {"memory": {"drink": {"count": "x"}}}}, "cannot remember 'x' as 'count'"),
    ({"turn": {"memory": {"drink": {"colour": 1}}}}, "'drink' remembers no 'colour'"),
    ({"turn": {"memory": {"exchange": {"locked": ["nowhere"]}}}}, "cannot remember"),
    ({"turn": {"memory": {"fly": {}}}}, "memory (fields by action)"),
    ({"turn": {"done": {"fly": 1}}}, "done (times by action)"),
])
def test_state_data_no_state_could_hold_is_refused(change, words):
    rules = load_ruleset("okavango")
    with pytest.raises(StateDataError) as refused:
        GameState.from_data(rules, {"players": ["a", "b"], **change})
    assert words in str(refused.value)


def test_what_an_action_remembers_is_filled_in_from_its_start_of_turn_values():
    """Ogallala's 'place' remembered with its card only: the rest as at the start of a turn
    (a move after it read 'run' and failed with a KeyError)."""
    rules = load_ruleset("ogallala")
    data = new_game(rules, ["anna", "bram"], seed=1).to_data()
    data["turn"]["memory"]["place"] = {"card": None}
    state = GameState.from_data(rules, data)
    assert state.turn.memory["place"] == rules.actions["place"].memory


@pytest.mark.parametrize("cell", [{"4.1": "red-1"}, {"1.1": ["red-1"]}])
def test_grid_cells_off_the_grid_or_not_of_a_kind_are_refused(cell):
    rules = load_ruleset("ogallala")
    with pytest.raises(StateDataError):
        GameState.from_data(rules, {"players": ["a", "b"], "owned": {"site": [cell, {}]}})


@pytest.mark.parametrize("data", [None, [], "players"])
def test_data_that_is_no_mapping_is_refused(data):
    with pytest.raises(StateDataError, match="state data is a mapping"):
        GameState.from_data(OKAVANGO, data)


@pytest.mark.parametrize(("key", "value"), [
    (key, value) for key in ("shared", "owned", "areas", "closed", "turn", "counters", "phase",
                             "turns_played", "idle_turns", "rng", "ending", "scores")
    for value in (10**100, -1, None, [], "x" * 1_000_000, 1.5)
    if not (key == "closed" and value == [])
] + [("turn", {"memory": {"drink": 5}}), ("turn", {"done": {"drink": 10**30}}),
     ("turn", {"moved": 1}), ("areas", {"waterhole-2": 7}), ("counters", {"x": -1}),
     ("scores", [10**30, 0])])
def test_hostile_state_data_is_refused_with_a_short_message(key, value) -> None:
    """Every wrong shape or number is a StateDataError (an AttributeError or TypeError from
    deep inside was the answer), and its message never repeats a huge value."""
    data = {**new_game(OKAVANGO, ["anna", "bram"], seed=2).to_data(), key: value}
    with pytest.raises(StateDataError) as refused:
        GameState.from_data(OKAVANGO, data)
    assert len(str(refused.value)) < 300


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, True, "12"])
def test_new_game_takes_a_seed_of_64_bits_only(seed) -> None:
    with pytest.raises(SetupError, match="seed"):
        new_game(OKAVANGO, ["anna", "bram"], seed)
    assert new_game(OKAVANGO, ["anna", "bram"], 2**64 - 1).players == ("anna", "bram")


@pytest.mark.parametrize("players", [[1, 2], "ab", ["anna", None]])
def test_new_game_takes_a_list_of_names(players) -> None:
    with pytest.raises(SetupError, match="list of names"):
        new_game(OKAVANGO, players, 1)


def test_a_position_in_which_play_could_not_go_on_is_refused() -> None:
    """Right after setup no herd has drunk, so there is nothing to take: a game told to be
    in the take phase there could not go on."""
    from regelwerk.engine import from_data, new_game, to_data

    rules = load_ruleset("okavango")
    data = to_data(new_game(rules, ["anna", "bram"], 1))
    assert from_data(rules, data).phase == "main"
    with pytest.raises(StateDataError) as refused:
        from_data(rules, {**data, "phase": "take"})
    assert "no move is possible in phase 'take'" in str(refused.value)
