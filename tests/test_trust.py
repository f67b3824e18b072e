"""``apply`` skips the full check only for the very moves listed for the state it is given,
as that state is: trust is keyed by the state's token, never by its content."""

from __future__ import annotations

import pytest

from regelwerk.engine import (GameState, IllegalMove, Move, advance, apply, legal_moves,
                              load_ruleset, new_game)

OKAVANGO = load_ruleset("okavango")
CONNECT_FOUR = load_ruleset("connect-four")  # its moves recur: the same drops, turn after turn


@pytest.fixture
def checks(monkeypatch):
    """How often each action's full check runs."""
    counted: list[str] = []
    for cls in {type(action) for rules in (OKAVANGO, CONNECT_FOUR)
                for action in rules.actions.values()}:
        original = cls.check

        def spy(self, state, move, original=original):
            counted.append(move.action)
            return original(self, state, move)
        monkeypatch.setattr(cls, "check", spy)
    return counted


def test_moves_listed_for_a_state_are_trusted_there(checks) -> None:
    state = new_game(OKAVANGO, ["anna", "bram"], seed=4)
    moves = legal_moves(state)
    apply(state, moves[0])
    assert checks == []


def test_a_move_list_of_one_state_is_not_trusted_on_an_equal_state(checks) -> None:
    state = new_game(OKAVANGO, ["anna", "bram"], seed=4)
    twin = GameState.from_data(OKAVANGO, state.to_data())
    assert twin == state and twin.token != state.token
    moves = legal_moves(state)
    apply(twin, moves[0])
    apply(state.copy(), moves[1])
    assert len(checks) == 2


def test_a_state_changed_after_listing_its_moves_is_checked_in_full(checks) -> None:
    state = new_game(OKAVANGO, ["anna", "bram"], seed=4)
    moves = legal_moves(state)
    token = state.token
    state.to_move = 1
    assert state.token == token  # the same state, changed
    for move in moves:
        try:
            apply(state, move)
        except IllegalMove:
            pass  # refused or not, it was checked
    assert len(checks) == len(moves)


def test_moves_listed_before_advance_are_checked_after_it(checks) -> None:
    state = new_game(CONNECT_FOUR, ["anna", "bram"], seed=4)
    moves, token = legal_moves(state), state.token
    advance(state, moves[0])
    assert checks == [] and state.token != token  # trusted, and the state is another now
    assert moves[1] in legal_moves(state)  # equal to a move listed now, but not that move
    apply(state, moves[1])
    assert len(checks) == 1


def test_a_token_cannot_be_set() -> None:
    state = new_game(OKAVANGO, ["anna", "bram"], seed=4)
    with pytest.raises(AttributeError):
        state.token = 1  # type: ignore[misc]


@pytest.mark.parametrize("move", [None, "drink", {}, 3, Move("pass", None),
                                  Move("pass", {"kind": "lion"})])
def test_what_is_not_a_move_is_refused_as_such(move) -> None:
    state = new_game(OKAVANGO, ["anna", "bram"], seed=4)
    with pytest.raises(IllegalMove) as refused:
        apply(state, move)
    assert refused.value.code == "not-a-move"


def test_a_move_with_a_part_its_action_has_not_is_refused() -> None:
    state = new_game(OKAVANGO, ["anna", "bram"], seed=4)
    move = next(m for m in legal_moves(state) if m.action == "pass")
    with pytest.raises(IllegalMove) as refused:
        apply(state, Move("pass", (*move.parts, ("zone", "river"))))
    assert refused.value.code == "unknown-part"
