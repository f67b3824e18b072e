"""Bots play legal moves and cannot see what their player may not see."""

from __future__ import annotations

import inspect
import random
from collections import Counter

import pytest

from regelwerk.engine import GameState, apply, legal_moves, new_game, view
from regelwerk.engine.bots import BOTS, possible_world


def _midgame(rules, seed=11, decisions=25):
    state = new_game(rules, ["anna", "bram", "cas"], seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        moves = legal_moves(state)
        state, _ = apply(state, moves[rng.randrange(len(moves))])
    return state


def _shuffle_hidden(state):
    """The same game as far as the player to move can tell: others' reserves and the
    bag order are changed, every piece kept."""
    data = state.to_data()
    me = state.to_move
    bag, reserves = data["shared"]["bag"], data["owned"]["reserve"]
    pool = list(bag)
    for i, reserve in enumerate(reserves):
        if i != me:
            pool += [k for k, n in reserve.items() for _ in range(n)]
    random.Random(99).shuffle(pool)
    data["shared"]["bag"], pool = pool[:len(bag)], pool[len(bag):]
    for i, reserve in enumerate(reserves):
        if i != me:
            size = sum(reserve.values())
            reserves[i], pool = dict(Counter(pool[:size])), pool[size:]
    return GameState.from_data(state.rules, data)


@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_bot_is_given_only_a_view(name):
    parameters = inspect.signature(BOTS[name].choose).parameters
    assert list(parameters) == ["self", "view", "rules"]


@pytest.mark.parametrize("name", sorted(BOTS))
def test_hidden_information_does_not_change_a_bots_choice(okavango, name):
    state = _midgame(okavango)
    other = _shuffle_hidden(state)
    assert other.to_data() != state.to_data()
    assert view(other, other.player) == view(state, state.player)
    first = BOTS[name](seed=5).choose(view(state, state.player), okavango)
    second = BOTS[name](seed=5).choose(view(other, other.player), okavango)
    assert first == second


def test_a_possible_world_agrees_with_the_view(okavango):
    state = _midgame(okavango)
    seen = view(state, state.player)
    world = possible_world(seen, okavango, random.Random(1))
    assert view(world, state.player) == seen
    assert legal_moves(world)[:] == legal_moves(state)[:]


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_play_whole_games_with_legal_moves(okavango, name):
    state = new_game(okavango, ["anna", "bram"], 3)
    bot = BOTS[name](seed=1)
    while not state.game_over:
        move = bot.choose(view(state, state.player), okavango)
        assert move in legal_moves(state)
        state, _ = apply(state, move)


def test_greedy_beats_random(okavango):
    wins = 0
    for seed in range(6):
        state = new_game(okavango, ["greedy", "random"], seed)
        bots = {"greedy": BOTS["greedy"](seed), "random": BOTS["random"](seed)}
        while not state.game_over:
            state, _ = apply(state, bots[state.player].choose(view(state, state.player),
                                                               okavango))
        wins += "greedy" in state.winners()
    assert wins >= 5
