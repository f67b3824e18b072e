"""Choosing the language, and the manuals' terms in each catalog."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from regelwerk.locales import LANGUAGES, UnknownLanguage, choose_language, translations
from regelwerk.locales.gametext import GameText


@pytest.mark.parametrize("environ,expected", [
    ({}, "en"),
    ({"LANG": "nl_NL.UTF-8"}, "nl"),
    ({"LC_ALL": "de_DE.UTF-8", "LANG": "nl_NL.UTF-8"}, "de"),
    ({"LANGUAGE": "it:fr", "LANG": "nl_NL.UTF-8"}, "fr"),
    ({"LC_MESSAGES": "es_ES", "LANG": "de_DE"}, "es"),
    ({"LANG": "it_IT.UTF-8"}, "en"),
    ({"LANG": "C"}, "en"),
])
def test_language_from_the_environment(environ, expected):
    assert choose_language(None, environ) == expected


def test_explicit_language_wins_and_must_be_supported():
    assert choose_language("fr", {"LANG": "nl_NL"}) == "fr"
    assert choose_language("de-AT", {}) == "de"
    with pytest.raises(UnknownLanguage):
        choose_language("it", {})


TERMS = {
    "nl": ["drinkplaats", "delta-arm", "reservaat", "rangerkaart"],
    "fr": ["trou d’eau", "bras de delta", "réserve"],
    "de": ["Wasserstelle", "Deltaarm", "Reservat"],
    "es": ["pozo de agua", "delta del río", "reserva"],
    "en": ["waterhole", "river delta", "reserve", "Ranger card"],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rulebook_uses_the_manuals_terms(cli, language):
    code, out, _ = cli("rules", "show", "okavango", "--lang", language)
    assert code == 0
    lowered = out.lower().replace("'", "’")
    for term in TERMS[language]:
        assert term.lower() in lowered, f"{language}: '{term}' missing from the rulebook"


def test_plurals_and_lists_follow_the_language(okavango):
    text = GameText(okavango, translations("nl"), "nl")
    assert text.count_of("lion", 1) == "1 leeuw"
    assert text.count_of("lion", 3) == "3 leeuwen"
    assert text.pieces({"zebra": 1, "monkey": 1, "lion": 1}) == "1 aap, 1 zebra en 1 leeuw"
    english = GameText(okavango, translations("en"), "en")
    assert english.pieces({"zebra": 2, "lion": 1}) == "2 zebras and 1 lion"


@pytest.mark.parametrize("language", LANGUAGES)
def test_help_is_in_the_language(language):
    catalog = translations(language)
    result = subprocess.run([sys.executable, "-m", "regelwerk.cli", "--help"],
                            env={**os.environ, "LANGUAGE": language, "NO_COLOR": "1",
                                 "COLUMNS": "200"},
                            capture_output=True, text=True, check=True)
    for message in ("List the games and variants that come with regelwerk.",
                    "Show this message and exit.", "Commands"):
        assert catalog.gettext(message) in result.stdout, (language, message)
