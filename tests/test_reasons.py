"""Players are told why the game ended and why someone plays again in the game's own words,
while those words still fit the condition; a variant that changes a condition without
rewording it gets the condition in general words, never the old clause."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from regelwerk.cli.narrate import tell
from regelwerk.cli.reasons import BEFORE_END, END, ORDER, reason
from regelwerk.cli.simtext import Labels
from regelwerk.engine import apply, legal_moves, load_ruleset, new_game
from regelwerk.locales import LANGUAGES, translations
from regelwerk.locales.gametext import GameText

RULES = Path(__file__).parent.parent / "rules"


def _told(source: str, language: str = "en") -> GameText:
    return GameText(load_ruleset(source), translations(language), language)


def _variant(folder: Path, game: str, changes: str) -> str:
    path = folder / "edit.yaml"
    path.write_text(f"format: 1\nvariant: edit\nbase: {RULES / game / game}.yaml\n"
                    f"changes:\n{changes}", encoding="utf-8")
    return str(path)


def test_a_game_tells_its_end_in_its_own_words():
    text = _told("ogallala", "de")
    assert reason(text, END, "when") == "die Nachziehstapel sind aufgebraucht"
    assert reason(text, END, "at_once") == "ein Spieler hat ein fünftes Kanu vollendet"
    assert "mindestens drei vollständige Kanus" in reason(text, BEFORE_END, "when")


def test_a_changed_condition_without_new_words_is_told_from_the_condition(tmp_path):
    text = _told(_variant(tmp_path, "ogallala", "  end:\n    when: \"zone.stack == 0\"\n"))
    assert reason(text, END, "when") == "stack 1, stack 2 and stack 3 are empty"
    # the other condition of the end is as it was written: its clause still fits
    assert reason(text, END, "at_once") == "a player has completed a fifth canoe"


def test_a_changed_condition_with_new_words_is_told_by_them(tmp_path):
    text = _told(_variant(tmp_path, "ogallala", "  end:\n    when: \"zone.stack == 0\"\n"
                          "    reasons: {when: every draw stack is empty}\n"))
    assert reason(text, END, "when") == "every draw stack is empty"


def test_a_clause_that_states_a_setting_of_another_element_follows_it(tmp_path):
    """Connect Four's end mentions the length of a line (``rulebook.mentions``): its clause
    "a player has made a line of four" would be wrong for lines of five."""
    assert reason(_told("connect-four"), END, "at_once") == \
        "a player has made a line of four of their own discs"
    text = _told(_variant(tmp_path, "connect-four", "  lines: {four: {length: 5}}\n"))
    assert "own discs" not in reason(text, END, "at_once")


def test_more_idle_rounds_are_told_in_general_words(tmp_path):
    text = _told(_variant(tmp_path, "okavango", "  end: {idle_rounds: 2}\n"), "nl")
    assert reason(text, END, "idle_rounds") == \
        "er gingen twee hele rondes voorbij waarin geen kaart bewoog"
    assert reason(text, END, "when").startswith("alle witte velden")


def test_a_player_who_plays_again_is_told_why_in_the_games_words():
    rules = load_ruleset("no-thanks")
    text = GameText(rules, translations("fr"), "fr")
    state, rng, told = new_game(rules, ["Anna", "Bram", "Eva"], 1), random.Random(1), []
    while not state.game_over and len(told) < 400:
        moves = legal_moves(state)
        state, events = apply(state, moves[rng.randrange(len(moves))])
        told += [tell(event, text) for event in events if event.code == "again"]
    assert told and all(line.endswith("rejoue, car la carte visible a été prise.")
                        for line in told)


def test_the_turns_condition_without_words_says_what_was_chosen(tmp_path):
    text = _told(_variant(tmp_path, "no-thanks",
                          "  turn:\n    order:\n      again_when: \"take.times >= 1\"\n"), "de")
    assert reason(text, ORDER, "again_when") == "„Karte nehmen“ wurde in diesem Zug gewählt"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_simulation_report_tells_each_action_apart(language):
    """Ogallala discards and places in two phases each, under the same names."""
    rules = load_ruleset("ogallala")
    labels = Labels([rules], language)
    shown = [labels.action(action) for action in rules.actions]
    assert len(set(shown)) == len(shown), shown
    text = GameText(rules, translations(language), language)
    assert text.phase("captured") in labels.action("discard-taken")



def _refused_drink(text: GameText, folder: Path) -> str:
    """A move refused for a waterhole's replace condition, as the player is told it: one
    lion where one lion drinks."""
    from regelwerk.cli.play import reason as refusal_reason
    from regelwerk.engine import IllegalMove, load_scenario

    scenario = folder / "refused.yaml"
    scenario.write_text("game: okavango\nplayers: [anna, bram]\nstate:\n  zones:\n"
                        "    waterhole-2: {lion: 1}\n    reserve: {anna: {lion: 1}}\n"
                        "  to_move: anna\nsteps:\n"
                        "  - move: {action: drink, area: waterhole-2, herd: {lion: 1}}\n"
                        "    rejected: true\n", encoding="utf-8")
    loaded = load_scenario(scenario, text.rules)
    with pytest.raises(IllegalMove) as refused:
        apply(loaded.initial, loaded.steps[0].move)
    return refusal_reason(refused.value, text)


def test_a_refusal_gives_the_area_type_s_own_clause_for_its_condition(tmp_path):
    told = _refused_drink(_told("okavango"), tmp_path)
    assert told.endswith("(rule: a new herd needs more animals, or as many animals of a "
                         "higher rank)")
    changed = _told(_variant(tmp_path, "okavango", "  area_types:\n    waterhole:\n"
                             "      replace_when: \"new.count > old.count\"\n"))
    assert "as many animals of a higher rank" not in _refused_drink(changed, tmp_path)


def test_a_clause_is_given_for_each_alternative_or_for_the_whole(tmp_path):
    from variants import refusal, said

    error = refusal(tmp_path, RULES / "hanabi" / "hanabi.yaml",
                    "  end:\n    reasons: {at_once: [one, two, three]}\n")
    assert error.location.path == ("end", "reasons", "at_once")
    assert "3 clauses for a condition of 2 alternatives" in said(error)


def test_of_alternatives_only_those_that_held_are_told(tmp_path):
    """Without the game's clauses, the general words of Hanabi's end tell the fuse that
    burnt out, not the fireworks that were never complete."""
    from regelwerk.engine import GameState

    text = _told(_variant(tmp_path, "hanabi", "  end:\n    reasons: null\n"))
    burnt = GameState.from_data(text.rules, {"players": ["anna", "bram"],
                                             "shared": {"burnt": {"fuse-token": 3}}})
    whole, told = reason(text, END, "at_once"), reason(text, END, "at_once", burnt)
    assert " or " in whole and told in whole and " or " not in told, (whole, told)
