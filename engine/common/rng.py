"""A small seeded generator whose whole state is one integer.

Python's ``random`` keeps a 625-word state and its algorithms may change
between versions; SplitMix64 is tiny, fast enough for the few shuffles a game
needs, and gives the same numbers on every machine, so a game is reproducible
from (ruleset, players, seed, moves).
"""

from __future__ import annotations

from typing import MutableSequence, TypeVar

_MASK = (1 << 64) - 1
_WORDS = 1 << 64
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


def seed_state(seed: int) -> int:
    """The generator state for a user-facing seed (any integer)."""
    return seed & _MASK


def next_word(state: int) -> tuple[int, int]:
    """Advance the state; return (new state, 64 random bits)."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, bound: int) -> tuple[int, int]:
    """Advance the state; return (new state, an unbiased integer in [0, bound))."""
    limit = _WORDS - _WORDS % bound
    while True:
        state, word = next_word(state)
        if word < limit:
            return state, word % bound


def shuffle(state: int, items: MutableSequence[T]) -> int:
    """Shuffle ``items`` in place (Fisher-Yates); return the new state. The draws of
    ``below`` written out in the loop (a setup shuffles a hundred pieces, and mixing pieces
    into a pile shuffles it whole): the same numbers, without two calls a piece."""
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        limit = _WORDS - _WORDS % bound
        while True:
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                break
        j = z % bound
        items[i], items[j] = items[j], items[i]
    return state
