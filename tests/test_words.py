"""The typed notation reads back every move it writes, in every language."""

from __future__ import annotations

import random

import pytest

from regelwerk.engine import apply, legal_moves, new_game
from regelwerk.engine.notation import NotationError
from regelwerk.locales import LANGUAGES, translations
from regelwerk.locales.gametext import GameText
from regelwerk.cli.words import Words


def _states(rules, count=60):
    state = new_game(rules, ["anna", "bram", "cas"], 21)
    rng = random.Random(21)
    for _ in range(count):
        if state.game_over:
            break
        yield state
        moves = legal_moves(state)
        state, _ = apply(state, moves[rng.randrange(len(moves))])


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_legal_move_reads_back_from_its_notation(okavango, language):
    words = Words(okavango, GameText(okavango, translations(language), language))
    rng = random.Random(language)
    checked = 0
    for state in _states(okavango):
        moves = legal_moves(state)
        for index in rng.sample(range(len(moves)), min(25, len(moves))):
            move = moves[index]
            assert words.read(words.notation(move)) == move, words.notation(move)
            checked += 1
    assert checked > 500


def test_ids_and_names_are_both_understood(okavango):
    words = Words(okavango, GameText(okavango, translations("nl"), "nl"))
    by_id = words.read("drink waterhole-6 lion:3 ranger")
    assert words.read("drinken drinkplaats-6 leeuwen:3 rangerkaart") == by_id
    assert words.read("DRINKEN Drinkplaats-6 Leeuw:3 Rangerkaart") == by_id


@pytest.mark.parametrize("line", ["", "fly", "drink nowhere lion", "drink waterhole-6 unicorn",
                                  "take lion zebra", "drink waterhole-6 ranger",
                                  "drink waterhole-6 lion:99999999999999999999",
                                  "drink waterhole-6 lion:1000000000", "drink waterhole-6 lion:²",
                                  "drink waterhole-6 lion:" + "9" * 5_000,
                                  "drink waterhole-6 lion:2:3",
                                  "drink waterhole-6 ranger:lion:ranger:lion",
                                  "drink waterhole-6 ranger:lion:zebra"])
def test_what_cannot_be_read_is_said(okavango, line):
    words = Words(okavango, GameText(okavango, translations("en"), "en"))
    with pytest.raises(NotationError):
        words.read(line)


@pytest.mark.parametrize("language", LANGUAGES)
def test_ogallala_moves_read_back_in_every_language(language):
    from regelwerk.engine import load_ruleset

    rules = load_ruleset("ogallala")
    state = new_game(rules, ["anna", "bram"], 4)
    words = Words(rules, GameText(rules, translations(language), language), state.players)
    rng = random.Random(language)
    checked = 0
    for _ in range(150):
        if state.game_over:
            break
        moves = legal_moves(state)
        for index in rng.sample(range(len(moves)), min(10, len(moves))):
            move = moves[index]
            assert words.read(words.notation(move), state) == move, words.notation(move)
            checked += 1
        state, _ = apply(state, moves[rng.randrange(len(moves))])
    assert checked > 300


@pytest.mark.parametrize(("token", "number"), [("7", 7), ("0012", 12), ("²", None), ("٣", None),
                                               ("-1", None), ("", None), ("9" * 5_000, 999_999_999)])
def test_only_ascii_digits_are_a_typed_number(token, number):
    from regelwerk.cli.words import typed_number

    assert typed_number(token) == number
