"""Setup that depends on the number of players (a step's ``when``), moving some pieces out
of a deck (``move-all`` with ``which``) or into it at a depth (``from_bottom``), and
dealing each player a piece of a different value (``deal-different``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk.engine import load_ruleset, new_game

COLLECT = Path(__file__).parent / "rulesets" / "collect.yaml"


@pytest.fixture(scope="module")
def rules():
    return load_ruleset(COLLECT)


def test_a_step_happens_only_for_the_numbers_of_players_it_names(rules):
    two = new_game(rules, ["a", "b"], 3)
    three = new_game(rules, ["a", "b", "c"], 3)
    assert two.shared["box"].counts() == {"red": 6}
    assert "red" not in two.shared["deck"] and "red" in three.shared["deck"]
    assert three.shared["box"].size() == 0


@pytest.mark.parametrize("seed", range(6))
def test_a_piece_is_laid_at_its_depth_from_the_bottom(rules, seed):
    deck = new_game(rules, ["a", "b", "c"], seed).shared["deck"]
    assert deck.index("bell") == len(deck) - 6  # five pieces beneath it
    assert deck.count("bell") == 1


@pytest.mark.parametrize("players", [["a", "b"], ["a", "b", "c", "d"]])
def test_each_player_receives_one_piece_of_a_value_no_other_has(rules, players):
    for seed in range(8):
        state = new_game(rules, players, seed)
        hands = [hand.counts() for hand in state.owned["hand"]]
        assert all(sum(hand.values()) == 1 for hand in hands)
        kinds = [next(iter(hand)) for hand in hands]
        assert len(set(kinds)) == len(players)
        assert not {"star", "gem", "bell"} & set(kinds)
        if len(players) == 2:
            assert "red" not in kinds  # the step before took red out


def test_the_values_dealt_are_chosen_at_random(rules):
    dealt = {tuple(next(iter(h.counts())) for h in new_game(rules, ["a", "b", "c"],
                                                             seed).owned["hand"])
             for seed in range(12)}
    assert len(dealt) > 3


@pytest.mark.parametrize("old,new,words", [
    ('when: "players == 2"', 'when: "players == seats"', "unknown name 'seats'"),
    ('when: "players == 2"', 'when: "players"', "true or false"),
    ("to: deck, from_bottom: 5", "to: box, from_bottom: 5", "zone 'box' must be ordered"),
    ("from: aside, to: deck", "from: aside, to: aside", "cannot be moved into itself"),
    ("by: colour", "by: hue", "unknown attribute 'hue'"),
    ("to: aside, which: card.bell}", "to: aside, which: card.ring}", "'ring'"),
    ("  yellow: {copies: 6, attributes: {colour: yellow}}\n", "",
     "4 players need 4 different values of 'colour', but the pieces have only 3"),
])
def test_mistakes_in_these_steps_are_refused_where_they_stand(collect_refused, old, new, words):
    error = collect_refused((old, new))
    assert words in error.render(), error.render()
    assert error.location.line > 1
