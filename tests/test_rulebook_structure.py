"""The rulebook in the structure of the game's manual, from its data: sections in the game's
order and under its headings, the turn told phase by phase as the manual numbers it (with
a phase the rules carry out within another's moves told in words), every component of the
box, and tips; each part follows an edit of the rules it speaks of."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from variants import load_variant, refusal, said

from regelwerk.cli.rulebook import SECTIONS, rulebook
from regelwerk.engine import Ruleset, load_ruleset
from regelwerk.engine.data.schema import load_schema
from regelwerk.locales import translations
from regelwerk.locales.gametext import GameText

RULES = Path(__file__).parent.parent / "rules"


def _edited(folder: Path, game: str, changes: str) -> Ruleset:
    """A shipped game with ``changes`` (YAML under ``changes:``, indented)."""
    return load_variant(folder, RULES / game / f"{game}.yaml", changes)


def _book(rules: str | Path | Ruleset, language: str = "en") -> str:
    rules = rules if isinstance(rules, Ruleset) else load_ruleset(rules)
    return rulebook(rules, GameText(rules, translations(language), language))


def _headings(book: str, level: int) -> list[str]:
    return re.findall(rf"^{'#' * level} (.+)$", book, flags=re.M)


def test_the_schema_offers_exactly_the_sections_the_rulebook_has():
    rulebook_schema = load_schema("ruleset")["properties"]["rulebook"]["properties"]
    assert tuple(rulebook_schema["order"]["items"]["enum"]) == SECTIONS
    assert set(SECTIONS) <= set(rulebook_schema["headings"]["properties"])


@pytest.mark.parametrize("language, headings", [
    ("en", ["Aim of the game", "Contents", "Ranking", "Preparations", "The areas", "A turn",
            "Examples", "Stocks", "Ranger cards", "The winner of the game", "Tips"]),
    ("nl", ["Doel van het spel", "Inhoud", "Rangorde", "Voorbereiding", "De gebieden",
            "Een beurt", "Voorbeelden", "Voorraad", "Rangerkaarten",
            "De winnaar van het spel", "Tips"]),
])
def test_okavango_is_told_in_the_order_and_under_the_headings_of_its_manual(language,
                                                                            headings):
    shown = subprocess.run([sys.executable, "-m", "regelwerk.cli", "--lang", language, "rules",
                            "show", "okavango"], capture_output=True, text=True, check=True)
    assert _headings(shown.stdout, 2) == headings


def test_the_turn_is_numbered_as_the_manual_numbers_it():
    book = _book("okavango")
    phases = _headings(book, 3)
    turn = phases[phases.index("Exchanging a Ranger card"):phases.index("After every turn")]
    assert turn == ["Exchanging a Ranger card", "Phase 1: Allowing your animals to drink",
                    "Phase 2: Winning points",
                    "Phase 3: Taking the animals from the Okavango to your own reserve",
                    "Passing a turn"]
    # the exchange's own text says it may be done: no sentence of the phase's own says so
    assert "This phase may be skipped." not in book
    passing = book.split("### Passing a turn", 1)[1].split("###", 1)[0]
    assert "- **Pass**:" in passing and book.count("- **Pass**:") == 1


def test_a_section_of_the_turn_tells_its_actions_until_a_variant_removes_them(tmp_path):
    """Ogallala's cards' effects are told unnumbered after the two phases; an action told
    apart must be an action of a phase, told once."""
    phases = _headings(_book("ogallala"), 3)
    assert phases[:3] == ["Phase 1: Draw a card", "Phase 2: Place or discard the card",
                          "Crazy Axe"]
    refused = refusal(tmp_path, RULES / "okavango" / "okavango.yaml",
                      "  rulebook:\n    turn:\n      again: {title: again, actions: [pass]}\n")
    assert refused.location.path == ("rulebook", "turn", "again", "actions", 0)
    assert "told in another section already" in said(refused)


def test_the_players_own_preparation_is_told_before_the_rules_steps(tmp_path):
    book = _book("okavango")
    steps = re.findall(r"^\d+\. (.+)$", book.split("## Preparations", 1)[1].split("\n## ", 1)[0],
                       flags=re.M)
    assert steps[0].startswith("Lay the Okavango river") and len(steps) == 7
    assert steps[4].startswith("Each Ranger draws 13 cards")
    book = _book(_edited(tmp_path, "okavango", "  rulebook:\n    setup: {figures: null}\n"))
    assert "playing figure on field 0/50" not in book


def test_a_phase_told_in_words_goes_once_the_rule_it_tells_changed(tmp_path):
    book = _book(_edited(tmp_path, "okavango", "  area_types:\n    waterhole:\n"
                          "      score_when: \"placed.count >= area.white + area.dark\"\n"))
    phases = _headings(book, 3)
    assert "Phase 2: Winning points" not in phases
    assert "Phase 2: Taking the animals from the Okavango to your own reserve" in phases


def test_a_variant_orders_and_heads_the_sections_its_own_way(tmp_path):
    book = _book(_edited(tmp_path, "no-thanks", "  rulebook:\n    order: [end, aim]\n"
                          "    headings: {end: how it ends}\n"))
    assert _headings(book, 2)[:3] == ["How it ends", "Aim of the game", "Components"]


def test_the_components_are_all_of_the_box_counted_from_the_data(tmp_path):
    book = _book("okavango")
    for line in ("- 6 Ranger cards", "- 8 waterholes", "- 3 river deltas", "- 1 scoreboard",
                 "- 4 playing figures", "- 4 screens", "- 1 bag"):
        assert line in book
    smaller = _book(_edited(tmp_path, "okavango", "  players: {min: 2, max: 3}\n"
                             "  areas: {waterhole-9: null}\n"))
    assert "- 7 waterholes" in smaller and "- 3 screens" in smaller
    assert "- 3 playing figures" in smaller


def test_a_tip_goes_once_a_setting_it_speaks_of_changed(tmp_path):
    tip = "keep ten or more cards in your reserve"
    assert tip in _book("okavango")
    book = _book(_edited(tmp_path, "okavango", "  setup:\n    deal: {count: 8}\n"))
    assert tip not in book
    assert "A card still in your reserve when the game ends scores nothing" in book


def test_the_aim_is_said_in_general_once_the_game_s_own_no_longer_holds(tmp_path):
    book = _book(_edited(tmp_path, "no-thanks", "  end: {winner: highest}\n"))
    aim = book.split("## Aim of the game\n\n", 1)[1].split("\n\n", 1)[0]
    assert aim == "Whoever has the most points wins; those with equal points share the win."
    book = _book(_edited(tmp_path, "connect-four", "  end:\n    winner: mover\n"
                          "    at_once: \"lines.four > 1\"\n"))
    aim = book.split("## Aim of the game\n\n", 1)[1].split("\n\n", 1)[0]
    assert aim.startswith("Be the first to bring this about: ")


@pytest.mark.parametrize("entry, expected", [
    ("scoring: {numbered: false}", "is no phase of the turn"),
    ("scoring: {title: scoring}", "needs a title, and a text or the actions it tells"),
    ("main: {title: drink, text: Drink.}", "is a phase of the turn"),
])
def test_the_turn_told_names_phases_or_tells_one_in_words(tmp_path, entry, expected):
    refused = refusal(tmp_path, RULES / "okavango" / "okavango.yaml",
                      f"  rulebook:\n    turn:\n      {entry}\n")
    assert refused.location.path[:3] == ("rulebook", "turn", entry.split(":")[0])
    assert expected in said(refused)


def test_the_round_of_nothing_is_told_only_where_it_can_happen():
    idle = "If a whole round goes by in which no card is moved, the game ends too."
    assert idle in _book("okavango")  # a pass may take nothing from an empty Okavango
    for game in ("connect-four", "concentration", "no-thanks", "hanabi", "lost-cities"):
        assert idle not in _book(game), game  # every move there moves a piece or a token


def test_the_end_s_own_text_that_says_who_wins_is_not_repeated(tmp_path):
    end = _book("hearts").split("## The end of the game", 1)[1].split("\n## ", 1)[0]
    assert end.count("wins") == 1 and "The player with the fewest points wins." in end
    sushi = _book("sushi-go").split("## The end of the game", 1)[1].split("\n## ", 1)[0]
    assert "share the win" not in sushi and "the one for whom this is highest" not in sushi
    # a variant that changes who wins gets the general sentence, and no stale own text
    highest = _book(_edited(tmp_path, "hearts", "  end: {winner: highest}\n"))
    assert "The player with the fewest points wins." not in highest
    assert "Whoever has the most points wins" in highest


def test_a_box_emptied_at_the_setup_and_a_table_of_one_place_are_left_out():
    assert "**Box**" not in _book("connect-four") and "**Box**" not in _book("hanabi")
    assert "**Box**" in _book("no-thanks")  # it says what stays in it
    president = _book("president")
    assert "| table |" not in president and "### Table" not in president


def test_a_trick_led_by_a_piece_s_holder_is_not_first_led_by_the_first_player():
    hearts = _book("hearts")
    assert "Whoever holds the two of clubs leads the first trick" in hearts
    assert "The first player leads" not in hearts and "listed first" not in hearts


def test_a_turn_that_ends_on_a_condition_is_told(tmp_path):
    """Ogallala with a turn that ends after five draws: the place text no longer holds,
    and the general sentence tells each way the turn ends after a card is placed."""
    then = ("        - {when: \"place.completed > 0\", phase: attack}\n"
            "        - {when: 'draw.card.effect == \"lasso\"', phase: lasso}\n"
            "        - {when: 'draw.card.effect == \"archer\"', phase: archer}\n"
            "        - {when: \"place.duplicate\", phase: end, reason: a design came twice}\n"
            "        - {when: \"draw.times >= 5\", phase: end}\n"
            "        - {phase: draw}\n")
    book = _book(_edited(tmp_path, "ogallala", f"  actions:\n    place:\n      then:\n{then}"))
    assert "The turn ends after it when: a design came twice." in book
    assert "The turn ends after it when: the number of times draw was done this turn is at " \
           "least 5." in book


def test_a_game_whose_every_turn_begins_by_moving_a_piece_never_stalls():
    """Ogallala's turn begins with a draw: a round of nothing moved cannot happen, whatever
    its declared guard, so the rulebook does not tell it."""
    assert "whole round" not in _book("ogallala")


def test_the_pieces_summed_up_in_the_game_s_words_until_a_variant_changes_them(tmp_path):
    components = _book("hearts").split("## Components", 1)[1].split("\n## ", 1)[0]
    assert "- a standard deck of 52 cards, without jokers" in components
    assert "two of clubs" not in components
    smaller = _book(_edited(tmp_path, "hearts", "  components: {diamonds-2: null}\n"))
    assert "standard deck" not in smaller and "- 1 two of clubs" in smaller
