"""Names reach sentences as nouns with the grammar their game's catalog declares: articles,
contractions, cases, agreement and small numbers in words come from the language, never
from a name glued into a template."""

from __future__ import annotations

import shutil
from dataclasses import replace

import pytest

from regelwerk.engine import DataError, load_ruleset, shipped_games
from regelwerk.engine.data.shipped import rules_root
from regelwerk.locales import translations
from regelwerk.locales.gamecatalog import GAME_LANGUAGES, catalog_file, check_game_catalogs
from regelwerk.locales.gametext import GameText, nouns_missing_grammar
from regelwerk.locales.nouns import number_word


def _text(game: str, language: str) -> GameText:
    rules = load_ruleset(game)
    return GameText(rules, translations(language), language)


@pytest.mark.parametrize("game", shipped_games())
@pytest.mark.parametrize("language", GAME_LANGUAGES)
def test_every_name_of_a_shipped_game_has_its_grammar(game, language):
    assert nouns_missing_grammar(load_ruleset(game), language) == []


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "The Okavango is topped up from the bag."),
    ("nl", "De Okavango wordt aangevuld uit het zakje."),
    ("de", "Der Okavango wird aus dem Beutel aufgefüllt."),
    ("fr", "L’Okavango est réapprovisionné depuis le sac."),
    ("es", "El Okavango se rellena de la bolsa."),
])
def test_a_sentence_asks_for_the_form_it_needs(language, expected):
    text = _text("okavango", language)
    river, bag = text.zone_noun("river"), text.zone_noun("bag")
    sentence = {"en": "{river:Def} is topped up from {bag:def}.",
                "nl": "{river:Def} wordt aangevuld uit {bag:def}.",
                "de": "{river:Def} wird {bag:aus+def} aufgefüllt.",
                "fr": "{river:Def} est {river:m=réapprovisionné/f=réapprovisionnée} depuis "
                      "{bag:def}.",
                "es": "{river:Def} se rellena {bag:de+def}."}[language]
    assert sentence.format(river=river, bag=bag) == expected


def test_contractions_and_elision():
    fr, es, de = (_text("ogallala", language) for language in ("fr", "es", "de"))
    assert format(fr.zone_noun("stack-1"), "de+def") == "de la pioche 1"
    assert format(fr.zone_noun("discard"), "à+def") == "à la défausse"
    assert format(fr.player_noun("Anna"), "de+def") == "d’Anna"
    assert format(es.zone_noun("stack-1"), "de+def") == "del mazo 1"
    the_axe = es.component_noun("crazy-axe")  # the game's one: 'a' said of it is 'the'
    axe = replace(the_axe, unique=False)  # feminine, with a stressed a: un hacha, del hacha
    assert (format(axe, "indef"), format(axe, "de+def")) == ("un Hacha Loca", "del Hacha Loca")
    assert format(the_axe, "indef") == "el Hacha Loca"
    assert format(es.component_noun("crazy-axe", 2), "def") == "las Hachas Locas"
    assert format(de.zone_noun("discard"), "zu+def") == "zum Ablagestapel"
    assert format(de.zone_noun("stack-2"), "von+def") == "von Stapel 2"  # numbered: bare
    assert format(_text("okavango", "fr").zone_noun("river"), "de+def") == "de l’Okavango"


def test_agreement_and_german_cases():
    es = _text("ogallala", "es")
    assert format(es.zone_noun("discard"), "Def") + " " + \
        format(es.zone_noun("discard"), "m=vacío/f=vacía") == "La pila de descarte vacía"
    de = _text("okavango", "de")
    assert format(de.component_noun("lion"), "mit+indef") == "mit einem Löwen"
    assert format(de.component_noun("lion"), "no.acc") == "keinen Löwen"
    assert format(de.component_noun("buffalo", 3), "mit+def") == "mit den Wasserbüffeln"
    four = _text("connect-four", "de")
    assert format(four.component_noun("red"), "von+def") == "vom roten Spielstein"
    assert format(four.component_noun("red"), "indef") == "ein roter Spielstein"
    nl = _text("okavango", "nl")
    assert format(nl.term_noun("white"), "def") == "het witte veld"
    assert format(nl.term_noun("white"), "indef") == "een wit veld"
    # 'each' before every name of a list, in its own gender and case
    assert format(de.area_types_listed(1), "each.acc") == "jede Wasserstelle oder jeden Deltaarm"
    assert format(four.component_noun("red"), "each.dat") == "jedem roten Spielstein"
    assert format(nl.term_noun("white"), "each") == "elk wit veld"
    assert format(_text("okavango", "fr").area_types_listed(1), "each") == \
        "chaque trou d’eau ou chaque bras de delta"


def test_counts_in_running_text_are_words_that_agree():
    assert [format(_text("okavango", lang).counted("lion", 1)) for lang in
            ("en", "nl", "fr", "de", "es")] == ["one lion", "één leeuw", "un lion",
                                                 "ein Löwe", "un león"]
    assert format(_text("okavango", "de").counted("ranger", 1), "dat") == "einer Rangerkarte"
    assert str(_text("okavango", "fr").counted("gazelle", 1)) == "une gazelle"
    assert str(_text("okavango", "es").counted("gazelle", 3)) == "tres gacelas"
    assert str(_text("okavango", "nl").pieces_told({"lion": 1, "zebra": 2})) == \
        "twee zebra’s en een leeuw"
    assert number_word(13, "de") == "13" and number_word(0, "fr") == "0"


@pytest.mark.parametrize(("declared", "message"), [
    ("x", "is no word of a name's grammar"),
    ("m f", "two genders for one name"),
    ("bare", "needs its gender"),
])
def test_a_grammar_the_language_cannot_read_is_a_located_error_at_load(tmp_path, declared,
                                                                      message):
    copy = tmp_path / "okavango"
    shutil.copytree(rules_root() / "okavango", copy)
    catalog = catalog_file(copy, "de")
    po = catalog.read_text(encoding="utf-8")
    entry = 'msgctxt "grammar"\nmsgid "waterhole"\nmsgstr "f"'
    assert entry in po
    catalog.write_text(po.replace(entry, entry[:-2] + f'{declared}"'), encoding="utf-8")
    line = po[:po.index(entry)].count("\n") + 2  # its msgid
    with pytest.raises(DataError) as caught:
        check_game_catalogs(load_ruleset(str(copy / "okavango.yaml")))
    assert message in caught.value.message
    assert caught.value.location.line == line


def test_the_catalog_command_asks_for_the_grammar_of_a_new_name(tmp_path):
    from regelwerk.locales.catalogs import update_catalogs

    copy = tmp_path / "okavango"
    shutil.copytree(rules_root() / "okavango", copy)
    ruleset = copy / "okavango.yaml"
    ruleset.write_text(ruleset.read_text(encoding="utf-8").replace(
        "name: bag", "name: pouch"), encoding="utf-8")
    [report] = update_catalogs(str(ruleset), ["fr"])
    assert "grammar: pouch" in report.missing
    assert nouns_missing_grammar(load_ruleset(str(ruleset)), "fr") == ["pouch"]


def test_one_piece_alone_is_said_with_the_article_where_one_is_another_word():
    """'Anna takes a lion', 'een leeuw', and beside other counts too: 'two zebras and a
    lion' ('one', 'één' would stress it: 'brengt één flamingo, één aap en …')."""
    told = {lang: _text("okavango", lang) for lang in ("en", "nl", "de")}
    assert [format(told[lang].pieces_told({"lion": 1})) for lang in told] == \
        ["a lion", "een leeuw", "ein Löwe"]
    assert format(told["en"].pieces_told({"lion": 1, "zebra": 2})) == "two zebras and a lion"
    assert format(told["nl"].pieces_told({"flamingo": 1, "monkey": 1, "lion": 2})) == \
        "een flamingo, een aap en twee leeuwen"
    assert format(told["de"].pieces_told({"lion": 1, "zebra": 2}), "acc") == \
        "zwei Zebras und einen Löwen"
    assert format(told["nl"].pieces_told({"ranger": {"lion": 1}})) == "een rangerkaart (leeuw)"
