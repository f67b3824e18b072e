"""An attack is told by what it captured: a number of cards, or nothing at all, said as
each language says it ('ne capture rien', not 'capture 0 carte')."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk.cli.narrate import tell
from regelwerk.engine import apply
from regelwerk.engine.transcripts.scenario import load_scenario
from regelwerk.locales import translations
from regelwerk.locales.gametext import GameText

SCENARIOS = Path(__file__).parent / "scenarios" / "ogallala"

NOTHING = {"en": "anna attacks bram but captures nothing.",
           "nl": "anna valt bram aan, maar verovert niets.",
           "fr": "anna attaque bram, mais ne capture rien.",
           "de": "anna greift bram an, erbeutet aber nichts.",
           "es": "anna ataca a bram, pero no captura nada."}
TWO = {"en": "anna attacks bram and captures two cards.",
       "fr": "anna attaque bram et capture deux cartes."}


def _attack_told(scenario: str, language: str) -> list[str]:
    played = load_scenario(SCENARIOS / scenario)
    state, events = played.initial, []
    for step in played.steps:
        state, made = apply(state, step.move)
        events += made
    text = GameText(played.rules, translations(language), language)
    return [told for event in events
            if event.code.startswith("attacked") and (told := tell(event, text))]


@pytest.mark.parametrize("language", sorted(NOTHING))
def test_an_attack_that_captures_nothing_says_so(language):
    assert _attack_told("rule-attack-nothing-captured.yaml", language) == [NOTHING[language]]


@pytest.mark.parametrize("language", sorted(TWO))
def test_an_attack_that_captures_cards_counts_them(language):
    assert _attack_told("rule-attack-capture.yaml", language) == [TWO[language]]
