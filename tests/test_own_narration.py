"""A game tells what its steps and phases do in its own words, as it does for its actions
(``narration`` of a step after a turn, of a phase passed over), and the general sentence
takes over once a variant changes what those words state."""

from __future__ import annotations

from pathlib import Path

from hands import moon_shot
from variants import load_variant, refusal

from regelwerk.cli.narrate import tell
from regelwerk.engine import Event, GameState, apply, legal_moves, load_ruleset, new_game
from regelwerk.locales import translations
from regelwerk.locales.gametext import GameText

RULES = Path(__file__).parent.parent / "rules"


def _told(rules, events, language="en"):
    text = GameText(rules, translations(language), language)
    return [line for line in (tell(event, text) for event in events) if line]


def test_a_step_after_the_turn_is_told_in_the_game_s_words():
    rules = load_ruleset("no-thanks")
    state = new_game(rules, ["anna", "bram", "cleo"], 1)
    take = next(move for move in legal_moves(state) if move.action == "take")
    _, events = apply(state, take)
    assert "A new card is turned face up." in _told(rules, events)
    assert not any("topped up" in line for line in _told(rules, events))


def test_a_phase_passed_over_is_told_in_the_game_s_words():
    rules = load_ruleset("okavango")
    state = GameState.from_data(rules, {
        "players": ["anna", "bram"], "phase": "main",
        "shared": {"bag": ["lion"] * 5, "river": {}},
        "owned": {"reserve": [{"zebra": 3}, {"lion": 2}]},
        "areas": {"waterhole-9": [["meerkat", "meerkat", 1]]}})
    drink = next(move for move in legal_moves(state) if move.action == "drink"
                 and move.get("area") == "waterhole-9")
    _, events = apply(state, drink)
    told = _told(rules, events)
    assert "anna can take nothing from the Okavango." in told
    assert "anna scores nothing: the herd leaves white fields of waterhole 9 free." in told


def test_words_that_state_a_changed_rule_give_way_to_the_general_sentence(tmp_path):
    rules = load_variant(tmp_path, RULES / "okavango" / "okavango.yaml",
                         "  area_types:\n    waterhole:\n"
                         "      score_when: \"placed.count >= area.white + area.dark\"\n")
    event = Event("scored-nothing", {"player": "anna", "area": "waterhole-9",
                                     "area_type": "waterhole"}, action="drink")
    [told] = _told(rules, [event])
    assert "leaves white fields" not in told
    assert told.startswith("anna scores nothing at waterhole 9: points come only when")


def test_a_step_of_a_hand_s_deal_is_told_in_the_game_s_words():
    rules = load_ruleset("love-letter")
    text = GameText(rules, translations("en"), "en")
    event = Event("moved-unseen", {"from": "deck", "to": "aside", "count": 1},
                  element="hands.deal.aside")
    assert tell(event, text) == "The top card is set aside face down."


def test_a_narration_of_a_setup_step_is_refused_where_it_is_written(tmp_path):
    refused = refusal(tmp_path, RULES / "no-thanks" / "no-thanks.yaml",
                      "  setup:\n    reveal:\n"
                      "      narration: {filled: The first card is turned face up.}\n")
    assert refused.location.path == ("setup", "reveal", "narration")


def test_a_line_s_scoring_tells_the_points_in_the_game_s_words(tmp_path):
    """Ogallala's card points are its booty's: the general 'for the cards' gives way to the
    game's sentence, which gives way in turn once a variant scores canoes otherwise."""
    points = {"player": "anna", "total": 15, "runs": 5, "cards": 10, "sets": 0}
    event = Event("final-points", points, element="scoring.canoe")
    assert _told(load_ruleset("ogallala"), [event]) == \
        ["anna: 15 points (5 for canoes, 10 for booty, 0 for sets)"]
    assert _told(load_ruleset("ogallala"), [event], "nl") == \
        ["anna: 15 punten (5 voor kano’s, 10 voor buit, 0 voor combinaties)"]
    rescored = load_variant(tmp_path, RULES / "ogallala" / "ogallala.yaml",
                            "  scoring:\n    canoe: {run: \"run.length * 3\"}\n")
    assert "booty" not in _told(rescored, [event])[0]
    refused = refusal(tmp_path, RULES / "ogallala" / "ogallala.yaml",
                      "  scoring:\n    canoe:\n      narration: {final-points: null}\n"
                      "    hand: {zone: site, points: count, narration: "
                      "{final-points: \"{player} scores.\"}}\n")
    assert refused.location.path[:3] == ("scoring", "hand", "narration")


def test_a_hand_s_own_points_are_told_once_in_the_game_s_words(tmp_path):
    """Shooting the moon is one line that names it, not two lines for every player."""
    rules = load_ruleset("hearts")
    told = _told(rules, moon_shot(rules)[1])
    assert [line for line in told if "moon" in line] == [
        "ann has shot the moon: they score nothing for this hand, and every other player "
        "scores 26."]
    assert not [line for line in told if "instead" in line or "rule" in line]
    assert "bob: 26 points for this hand; in all: 26." in told
    assert not [line for line in told if "for the " in line]  # no '26 for the cards taken'
    changed = load_variant(tmp_path, RULES / "hearts" / "hearts.yaml",
                           "  hands:\n    points: \"0 - points.mine if points.highest == "
                           "points.total else points.mine\"\n")
    general = [line for line in _told(changed, moon_shot(changed)[1]) if "rule" in line]
    assert general == ["By the rule of the hand, the points counted change: ann, who "
                       "counted the most, scores −26 points."]
