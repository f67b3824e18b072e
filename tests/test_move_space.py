"""Whole moves numbered from the ruleset alone (engine/play/movespace.py): every legal move
of a game has an id of its own, read back as that move; a part only one value is possible
for takes no room; a part whose values cannot be listed leaves the moves to steps."""

from __future__ import annotations

import random

import pytest
from variants import load_variant

from regelwerk.engine import apply, legal_moves, load_ruleset, new_game, shipped_games
from regelwerk.engine.data.shipped import rules_root
from regelwerk.engine.play.choices import ActionSpace
from regelwerk.engine.play.movespace import MOST_MOVES, MoveSpace


def space_of(rules):
    return MoveSpace.of(rules, ActionSpace.of(rules))


@pytest.mark.parametrize("game", sorted(shipped_games()))
def test_every_legal_move_has_an_id_of_its_own_that_reads_back_as_it(game):
    rules = load_ruleset(game)
    moves = space_of(rules)
    if moves is None:  # a move names a group of pieces
        assert any(part.type.kind == "group" for action in rules.actions.values()
                   for part in action.parts)
        return
    assert 0 < moves.size <= MOST_MOVES
    players = [f"p{seat}" for seat in range(rules.max_players)]
    state, pick = new_game(rules, players, seed=2), random.Random(2)
    for _ in range(150):
        if state.game_over:
            break
        legal = list(legal_moves(state))
        ids = [moves.id(move, state.players) for move in legal]
        assert len(set(ids)) == len(ids) and all(0 <= id_ < moves.size for id_ in ids)
        assert [moves.move(id_, state.players) for id_ in ids] == legal
        state = apply(state, pick.choice(legal))[0]


def test_connect_four_numbers_its_seven_columns():
    moves = space_of(load_ruleset("connect-four"))
    assert moves.size == 7
    assert [moves.move(id_, ["a", "b"]).get("column") for id_ in range(7)] == list(range(1, 8))
    with pytest.raises(IndexError):
        moves.move(7, ["a", "b"])


def test_discs_dealt_of_both_colours_make_a_drop_name_its_kind(tmp_path):
    """Each player's discs are of their own colour (own-pieces) and only ever leave: a move
    need not name the kind. Dealt at random, a player holds both, and a move names one."""
    rules = load_variant(tmp_path, rules_root() / "connect-four" / "connect-four.yaml",
                         "  setup:\n    colours: {step: deal, from: box, to: discs, count: 21,"
                         " kinds: null, text: null}\n")
    assert rules.actions["drop"].implied() == frozenset()
    assert space_of(rules).size == 7 * 3  # no kind (one held), red or yellow
    state = new_game(rules, ["a", "b"], seed=1)
    assert {move.get("kind") for move in legal_moves(state)} == {"red", "yellow"}
    assert load_ruleset("connect-four").actions["drop"].implied() == {"kind"}
