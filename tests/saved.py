"""A game played with random moves, and played again saved and read back before every
move: what a save in the middle of anything must give."""

from __future__ import annotations

import random

from regelwerk.engine import GameState, Ruleset, apply, legal_moves, new_game


def played_through_saves(rules: Ruleset, players: list[str], seed: int,
                         moves: int | None = None) -> list[GameState]:
    """Every state of a game of random moves (all of it, or its first ``moves``); the test
    fails where the same game, saved and read back before each move, goes otherwise."""
    rng = random.Random(seed)
    state = new_game(rules, players, seed=seed)
    states = [state]
    while not state.game_over and (moves is None or len(states) <= moves):
        state, _ = apply(state, rng.choice(list(legal_moves(state))))
        states.append(state)
    rng = random.Random(seed)
    position = new_game(rules, players, seed=seed)
    for expected in states[1:]:
        position = GameState.from_data(rules, position.to_data())  # saved and read back
        position, _ = apply(position, rng.choice(list(legal_moves(position))))
        assert position.to_data() == expected.to_data()
    return states
