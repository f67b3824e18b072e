"""Every turn told with its why: a herd that scores nothing says which rule it missed."""

from __future__ import annotations

import random

import pytest

from regelwerk.cli.narrate import tell
from regelwerk.engine import apply, legal_moves, load_ruleset, new_game
from regelwerk.locales import translations
from regelwerk.locales.gametext import GameText


def _short_herd(rules):
    """A game at its first turn and a drink that leaves white fields of its waterhole free."""
    state = new_game(rules, ["anna", "bram"], 4)
    for move in legal_moves(state):
        area = rules.areas.get(move.get("area") or "")
        if move.action == "drink" and area is not None and area.type.id == "waterhole" \
                and sum(n for _kind, _stands, n in move.get("group")) < area.counts["white"]:
            return state, move
    raise AssertionError("no short herd to drink with")


@pytest.mark.parametrize("language", ["en", "nl", "fr", "de", "es"])
def test_a_herd_that_scores_nothing_says_why(language):
    rules = load_ruleset("okavango")
    state, move = _short_herd(rules)
    after, events = apply(state, move)
    assert after.scores == state.scores
    [nothing] = [event for event in events if event.code == "scored-nothing"]
    told = tell(nothing, GameText(rules, translations(language), language))
    white = {"en": "white fields", "nl": "witte velden", "fr": "cases blanches",
             "de": "weiße Felder", "es": "campos blancos"}[language]
    assert told and white in told and "placed.count" not in told, told


def test_a_herd_that_scores_says_nothing_of_the_rule():
    rules = load_ruleset("okavango")
    state = new_game(rules, ["anna", "bram"], 4)
    for move in legal_moves(state):
        codes = [event.code for event in apply(state, move)[1]]
        assert not ("scored" in codes and "scored-nothing" in codes)


@pytest.mark.parametrize("language", ["en", "nl", "fr", "de", "es"])
def test_a_turn_ended_by_a_condition_is_told_by_the_games_reason(language):
    """Ogallala: a card whose design already lies on the site ends the turn, and says so."""
    rules = load_ruleset("ogallala")
    text = GameText(rules, translations(language), language)
    reason = text.word(next(entry["reason"] for entry in rules.document.data["actions"]
                            ["place"]["then"] if "reason" in entry))
    rng = random.Random(2)
    state = new_game(rules, ["anna", "bram"], 5)
    while not state.game_over:
        moves = legal_moves(state)
        state, events = apply(state, moves[rng.randrange(len(moves))])
        over = [event for event in events if event.code == "turn-over"]
        if over:
            told = tell(over[0], text)
            assert told and reason in told and over[0].params["player"] in told, told
            return
    raise AssertionError("no turn ended by a repeated design in a whole game")


def test_a_card_shot_or_caught_from_another_canoe_says_where_it_goes():
    """Ogallala's archer sends a card to the discard pile, the lasso into the thrower's
    hand: the narration, in the game's words, says which, not merely that it was taken."""
    rules = load_ruleset("ogallala")
    text = GameText(rules, translations("en"), "en")
    rng, seen = random.Random(3), set()
    for seed in range(40):
        state = new_game(rules, ["anna", "bram"], seed)
        while not state.game_over and len(seen) < 2:
            moves = legal_moves(state)
            state, events = apply(state, moves[rng.randrange(len(moves))])
            for event in events:
                if event.code == "aimed":
                    told = tell(event, text)
                    assert told.endswith({"shoot": "it goes to the discard pile.",
                                          "lasso": "into their hand."}[event.action]), told
                    seen.add(event.action)
        if len(seen) == 2:
            return
    raise AssertionError(f"only {seen} aimed in 40 games")
