"""What the rulebook section of a ruleset promises is checked when the rules are loaded: a
worked example's scenario file exists, and what ``mentions`` ties a text to is part of the
rules. A text tied to another element's setting is told only while that setting is as the
text was written for."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk.cli.rulebook import rulebook
from regelwerk.engine import load_ruleset
from regelwerk.engine.common.errors import DataError
from regelwerk.locales import translations
from regelwerk.locales.gametext import GameText

RULES = Path(__file__).parent.parent / "rules"


def _copy(folder: Path, game: str, old: str, new: str) -> Path:
    source = (RULES / game / f"{game}.yaml").read_text(encoding="utf-8")
    assert old in source
    path = folder / f"{game}.yaml"
    path.write_text(source.replace(old, new, 1), encoding="utf-8")
    return path


def _variant(folder: Path, game: str, changes: str) -> Path:
    """A variant of a shipped game with ``changes`` (YAML under ``changes:``, indented)."""
    path = folder / "variant.yaml"
    path.write_text(f"format: 1\nvariant: edited\nbase: {RULES}/{game}/{game}.yaml\n"
                    f"changes:\n{changes}", encoding="utf-8")
    return path


def _book(source: str | Path) -> str:
    rules = load_ruleset(source)
    return rulebook(rules, GameText(rules, translations("en"), "en"))


def test_a_missing_scenario_of_an_example_is_a_located_error(tmp_path, cli):
    path = _copy(tmp_path, "okavango", "scenario: examples/waterhole.yaml",
                 "scenario: examples/lost.yaml")
    with pytest.raises(DataError) as raised:
        load_ruleset(path)
    assert raised.value.location.path == ("rulebook", "examples", "waterhole", "scenario")
    code, out, err = cli("rules", "validate", str(path))
    assert code == 2 and "examples/lost.yaml" in out + err


def test_a_mention_of_nothing_is_a_located_error(tmp_path):
    path = _copy(tmp_path, "ogallala", "actions.end-game: [turn.before_end.when]",
                 "actions.end-game: [turn.before_end.if]")
    with pytest.raises(DataError) as raised:
        load_ruleset(path)
    assert raised.value.location.path == ("rulebook", "mentions", "actions.end-game", 0)


def test_a_text_is_not_told_once_a_setting_it_mentions_changed(tmp_path):
    said = "a player with three complete canoes may end the game"
    assert said in _book("ogallala")
    book = _book(_variant(tmp_path, "ogallala", "  turn:\n    before_end:\n"
                          "      when: \"me.complete >= 4 and zone.stack > 0\"\n"))
    assert said not in book and "End the game now." in book
    assert "the number of complete canoes of the player to move is at least 4" in book


def test_a_mention_of_a_generated_kind_names_its_generator(tmp_path):
    """Coloretto's brown cards are made by the chameleon generator: a text's fit is judged on
    the data as written, so a mention names ``components.chameleon.copies`` (which then
    takes effect), never a kind written out (which would pass and do nothing)."""
    old = "setup.three-players: [components.chameleon]"
    kind = _copy(tmp_path, "coloretto", old, "setup.three-players: [components.brown.copies]")
    with pytest.raises(DataError) as raised:
        load_ruleset(kind)
    assert raised.value.location.path == ("rulebook", "mentions", "setup.three-players", 0)
    _copy(tmp_path, "coloretto", old, "setup.three-players: [components.chameleon.copies]")
    said = "the nine brown cards go back into the box"
    assert said in _book(tmp_path / "coloretto.yaml")
    variant = tmp_path / "eight.yaml"
    variant.write_text("format: 1\nvariant: eight\nbase: coloretto.yaml\nchanges:\n"
                       "  components: {chameleon: {copies: 8}}\n", encoding="utf-8")
    assert said not in _book(variant)


@pytest.mark.parametrize("variant", ["four-stacks", "long-site"])
def test_a_text_mentioning_generated_kinds_is_kept_while_they_are_unchanged(variant):
    """Ogallala's cards are made by generators; a variant that leaves them alone keeps the
    text that counts them (the base as written is compared with the variant as written,
    not with its kinds written out)."""
    said = "Shuffle all 112 cards."
    assert said in _book("ogallala")
    assert said in _book(RULES / "ogallala" / "variants" / f"{variant}.yaml")


def test_a_game_without_points_is_told_as_drawn_and_a_lowest_score_game_once(tmp_path):
    # Connect Four's own end text says it; once an edit makes that text untrue, the
    # general sentence does
    longer = _book(_variant(tmp_path, "connect-four", "  lines:\n    four:\n      length: 5\n"))
    assert "Otherwise the game is a draw." in longer
    assert "most points" not in longer and "most points" not in _book("connect-four")
    no_thanks = _book("no-thanks")
    assert "Whoever has the fewest points wins" in no_thanks
    assert "most points" not in no_thanks


def test_a_longer_line_is_told_in_its_directions_and_the_end_text_gives_way(tmp_path):
    book = _book(_variant(tmp_path, "connect-four", "  lines:\n    four:\n      length: 5\n"
                          "      directions: [row, column]\n"))
    assert "Five discs of one kind next to one another in the grid make a line: in a row or " \
           "in a column." in book
    assert "When the grid is full and nobody has made a line of four" not in book


def test_a_changed_rule_for_playing_again_is_told(tmp_path):
    """No Thanks!: taking the card's own text says its taker decides again; once a variant
    changes when a player plays again, that text gives way and the rule is told."""
    assert "A player plays again when" not in _book("no-thanks")
    book = _book(_variant(tmp_path, "no-thanks",
                          "  turn:\n    order:\n      again_when: \"take.times > 0 and zone.deck > 1\"\n"))
    assert "decide about it again" not in book
    assert "A player plays again when: “take the card” was chosen this turn and the number " \
           "of cards in the deck is greater than 1." in book


def test_a_changed_choice_of_an_action_is_told(tmp_path):
    """Ogallala's site text tells how cards touch; a variant where they touch by a side
    only gets the general sentence, which tells that value of the setting."""
    book = _book(_variant(tmp_path, "ogallala", "  actions:\n    place:\n      contact: side\n"))
    assert "by a side or a corner" not in book
    assert "The first card goes in any cell; every later one touches one already there by a " \
           "side." in book
    assert "A kind lies at most once in each row." in book


@pytest.mark.parametrize("game,changes,gone,told", [
    # the take text says the ranger must take: not once taking may be passed over
    ("okavango", "  turn:\n    phases:\n      take: {optional: true}\n",
     "If anything qualifies the Ranger must take", "The player may also end the turn here."),
    # "each booty card adds 10"
    ("ogallala", "  components:\n    pot: {attributes: {points: 15}}\n",
     "Each booty card adds 10", "each of its cards scores the card's point value"),
    # "take the 33 cards", "cards from 3 to 35": the general sentences, the aim in general
    ("no-thanks", "  components:\n    card: {each: {number: {from: 3, to: 40}}}\n",
     "Take the 33 cards out of the box.",
     "Only the cards for which this holds move: the card's value is greater than 0."),
    # "the Ranger with the most points wins": the aim and the end tell the winner
    ("okavango", "  end: {winner: lowest}\n", "the Ranger with the most points",
     "## Aim of the game\n\nWhoever has the fewest points wins"),
])
def test_a_text_stating_a_changed_setting_gives_way(tmp_path, game, changes, gone, told):
    assert gone in _book(game)
    book = _book(_variant(tmp_path, game, changes))
    assert gone not in book and told in book


@pytest.mark.parametrize("rank,told", [
    (0, "From lowest to highest: lion, meerkat, flamingo"),
    (10, "leopard and rhinoceros or lion (of equal rank)."),
])
def test_the_ranking_tells_a_kind_without_rank_and_kinds_of_equal_rank(tmp_path, rank, told):
    """A kind whose rank is 0 ranks lowest, as the rules compare ranks; kinds of one rank
    are told as equal, not as an order."""
    book = _book(_variant(tmp_path, "okavango", f"  components:\n    lion: {{rank: {rank}}}\n"))
    assert told in book


def test_an_action_named_by_a_word_of_the_grammar_is_read_and_told_by_its_name(tmp_path):
    book = _book(_variant(tmp_path, "okavango", "  turn:\n    order: {mechanism: clockwise, "
                                                "again_when: \"pass_.times > 0\"}\n"))
    assert "A player plays again when: “pass” was chosen this turn." in book


@pytest.mark.parametrize("game,changes,said,number,told", [
    # Coloretto's draw text states the capacity of a row card ("fewer than three cards")
    ("coloretto", "  zones:\n    row: {capacity: 4}\n",
     "still in play holds fewer than three cards", "fewer than three",
     "- **Draw**: Draw the top card of the deck; it goes to the drawn card. You may draw "
     "only while row card 1"),
    # Connect Four's set-up text states the copies of the discs ("the 21 red discs")
    ("connect-four", "  components:\n    red: {copies: 20}\n    yellow: {copies: 20}\n",
     "The first player takes the 21 red discs", "21",
     "1. The red discs and the yellow discs are shared out, one kind for each player in the "
     "order of play: each takes all of theirs."),
])
def test_a_text_stating_a_number_of_another_element_gives_way(tmp_path, game, changes, said,
                                                              number, told):
    """A text that states a setting of another element (``rulebook.mentions``) is told while
    the setting is as written; a variant changing it gets the general sentence, which tells
    no old number."""
    assert said in _book(game)
    book = _book(_variant(tmp_path, game, changes))
    assert number not in book and told in book
