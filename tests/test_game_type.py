"""The kind of game read from the rules: sequential or simultaneous, with chance or without,
perfect or imperfect information; and that what it says holds in play."""

from __future__ import annotations

import random
import pytest

from regelwerk.engine import apply, legal_moves, load_ruleset, new_game, shipped_games, view
from regelwerk.engine.data.shipped import rules_root, shipped_variants

from variants import load_variant

RULESETS = [*shipped_games(), *(str(path) for game in shipped_games()
                                for path in shipped_variants(game))]
RULES = rules_root()


def played(rules, seed: int, choices: int, moves: int = 120):
    """A game of the fewest players, its moves picked by a generator seeded ``choices``."""
    state = new_game(rules, [f"p{seat}" for seat in range(rules.min_players)], seed=seed)
    pick = random.Random(choices)
    states = [state]
    for _ in range(moves):
        if state.game_over:
            break
        state = apply(state, pick.choice(legal_moves(state)))[0]
        states.append(state)
    return states


def test_connect_four_has_neither_chance_nor_secrets():
    kind = load_ruleset("connect-four").game_type
    assert (kind.simultaneous, kind.chance, kind.perfect_information) == (False, False, True)


def test_a_game_of_hidden_hands_and_a_shuffled_deck_is_one_of_chance_and_secrets():
    kind = load_ruleset("lost-cities").game_type
    assert (kind.simultaneous, kind.chance, kind.perfect_information) == (False, True, False)


@pytest.mark.parametrize("game", ["hearts", "sushi-go"])
def test_choices_made_at_once_make_a_game_simultaneous(game):
    """Hearts passes cards in an exchange; Sushi Go! picks cards all at once."""
    kind = load_ruleset(game).game_type
    assert kind.simultaneous and not kind.perfect_information


def test_cards_played_open_from_an_open_deck_make_a_game_of_perfect_information(tmp_path):
    """Chance stays: the deck is shuffled, but everyone sees its order and every hand."""
    rules = load_variant(tmp_path, RULES / "lost-cities" / "lost-cities.yaml",
                         "  zones:\n    deck: {visibility: public}\n"
                         "    hand: {visibility: public}\n")
    kind = rules.game_type
    assert (kind.chance, kind.perfect_information) == (True, True)


def test_discs_kept_out_of_sight_make_a_game_of_imperfect_information(tmp_path):
    rules = load_variant(tmp_path, RULES / "connect-four" / "connect-four.yaml",
                         "  zones:\n    discs: {visibility: owner}\n")
    kind = rules.game_type
    assert (kind.chance, kind.perfect_information) == (False, False)


@pytest.mark.parametrize("source", RULESETS)
def test_a_game_said_to_be_without_chance_plays_alike_from_every_seed(source):
    """Where the type says nothing is left to chance, the seed changes nothing: the same
    moves from two seeds give the same positions; where something is, they differ."""
    rules = load_ruleset(source)
    first, second = ([s.to_data() | {"rng": 0} for s in played(rules, seed, choices=7)]
                     for seed in (1, 2))
    assert (first != second) == rules.game_type.chance


@pytest.mark.parametrize("source", RULESETS)
def test_in_a_game_of_perfect_information_every_player_sees_the_same(source):
    rules = load_ruleset(source)
    if not rules.game_type.perfect_information:
        pytest.skip("not a game of perfect information")
    for state in played(rules, seed=3, choices=4, moves=30):
        views = [view(state, player) for player in state.players]
        assert all(v.zones == views[0].zones for v in views)
        assert all(not isinstance(seen, dict) or "count" not in seen
                   for v in views for seen in v.zones.values())
