"""The built-in decision to end the turn, offered where an optional phase leads to the end of
the turn: menus, typed notation, narration, bots and saved games handle it in every language."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from regelwerk.cli.narrate import tell
from regelwerk.cli.words import Words
from regelwerk.engine import apply, legal_moves, load_ruleset
from regelwerk.engine.transcripts.scenario import load_scenario
from regelwerk.locales import LANGUAGES, translations
from regelwerk.locales.gametext import GameText

VARIANT = Path(__file__).parents[1] / "rules" / "okavango" / "variants" / "optional-take.yaml"
SCENARIO = Path(__file__).parent / "scenarios" / "okavango" / "variant-optional-take-declined.yaml"


def _at_the_take():
    """The scenario's position after anna drinks: she may take or end her turn."""
    scenario = load_scenario(SCENARIO)
    state, _ = apply(scenario.initial, scenario.steps[0].move)
    return state


@pytest.mark.parametrize("language", LANGUAGES)
def test_ending_the_turn_is_named_typed_and_told(language):
    state = _at_the_take()
    rules = state.rules
    text = GameText(rules, translations(language), language)
    words = Words(rules, text, state.players)
    end = next(m for m in legal_moves(state) if m.action == "end-turn")
    label = words.describe(end, state)
    assert label and label != "end-turn"
    assert words.read(words.notation(end), state) == end
    assert words.read("end-turn", state) == end
    _, events = apply(state, end)
    lines = [tell(event, text) for event in events]
    assert lines[0] and "anna" in lines[0]


def test_the_base_game_has_no_such_decision():
    assert "end-turn" not in load_ruleset("okavango").actions
    assert "end-turn" in load_ruleset(str(VARIANT)).actions


def test_bots_end_turns_and_the_saved_game_replays(tmp_path):
    log = tmp_path / "optional-take.json"
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "120"}
    run = [sys.executable, "-m", "regelwerk.cli"]
    subprocess.run([*run, "play", "okavango", "--variant", "optional-take", "--players",
                    "bot:random,bot:random", "--seed", "3", "--save", str(log), "--lang", "nl"],
                   env=env, capture_output=True, text=True, check=True)
    moves = json.loads(log.read_text(encoding="utf-8"))["moves"]
    assert {"action": "end-turn"} in moves
    told = subprocess.run([*run, "replay", str(log), "--lang", "fr"], env=env,
                          capture_output=True, text=True, check=True).stdout
    assert told.splitlines()[-1].startswith(("Gagnant", "Gagnants", "Match nul"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_player_who_plays_again_is_told_why(language):
    """No Thanks: whoever takes the card decides again; the narration says so, with the
    game's rule in words, in the reader's language."""
    from regelwerk.engine import new_game

    rules = load_ruleset("no-thanks")
    state = new_game(rules, ["anna", "bram", "cor"], 3)
    take = next(m for m in legal_moves(state) if m.action == "take")
    after, events = apply(state, take)
    assert after.player == "anna"
    text = GameText(rules, translations(language), language)
    told = [tell(event, text) for event in events if event.code == "again"]
    english = "anna plays again, because "
    assert len(told) == 1 and told[0].startswith("anna ") and told[0].endswith(".")
    assert (told[0].startswith(english)) == (language == "en")
    assert "take.times" not in told[0]


def test_no_player_is_told_to_play_again_once_the_game_is_over():
    """No Thanks!: whoever takes a card plays again, but not after the last card, when the
    game ends (it was told: 'Ana plays again, because the face-up card was taken')."""
    import random

    from regelwerk.engine import apply, legal_moves, load_ruleset, new_game

    rules = load_ruleset("no-thanks")
    state, choose = new_game(rules, ["ana", "bo", "cy"], 4), random.Random(4)
    told_again = []
    while not state.game_over:
        moves = legal_moves(state)
        state, events = apply(state, moves[choose.randrange(len(moves))])
        told_again.append(any(event.code == "again" for event in events))
    assert any(told_again) and not told_again[-1]


def test_the_turn_a_game_ends_in_at_once_is_counted():
    """Connect Four ends the moment a line of four is made: that turn counts, so a game of
    n drops has n turns (simulate reported one fewer, down to 6 for a win in 7)."""
    import random

    from regelwerk.engine import apply, legal_moves, load_ruleset, new_game

    rules = load_ruleset("connect-four")
    for seed in range(5):
        state, choose, drops = new_game(rules, ["ana", "bo"], seed), random.Random(seed), 0
        while not state.game_over:
            moves = legal_moves(state)
            state, _ = apply(state, moves[choose.randrange(len(moves))])
            drops += 1
        assert state.turns_played == drops
