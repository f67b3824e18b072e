"""The generator a game's chance comes from: the same seed gives the same numbers."""

from regelwerk.engine.common.rng import below, next_word, seed_state, shuffle


def fisher_yates(state: int, items: list[int]) -> int:
    """The shuffle as its definition reads: each place from the last takes a piece drawn
    by ``below`` from those not placed yet."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def test_a_shuffle_draws_what_below_draws_piece_by_piece():
    for seed in range(300):
        state = seed_state(seed * 0x9E3779B97F4A7C15)
        size = seed % 120
        mine, theirs = list(range(size)), list(range(size))
        assert shuffle(state, mine) == fisher_yates(state, theirs)
        assert mine == theirs


def test_the_numbers_are_those_of_splitmix64():
    """SplitMix64's first outputs for seed 0, as its reference implementation gives them:
    the same on every machine and Python version."""
    state, words = seed_state(0), []
    for _ in range(3):
        state, word = next_word(state)
        words.append(word)
    assert words == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
