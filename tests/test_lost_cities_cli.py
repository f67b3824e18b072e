"""Lost Cities through the command: its rulebook in five languages with each edition's
words, and whole games by bots, told and replayed."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from regelwerk.locales import LANGUAGES

WORDS = {
    "nl": ["Lost Cities", "gele, blauwe, witte, groene en rode expedities",
           "weddenschapskaart", "rode aflegstapels", "Voor 2 spelers."],
    "fr": ["Les Cités perdues", "expéditions (jaune, bleue", "carte Investissement",
           "défausses (jaune", "Pour 2 joueurs."],
    "de": ["Lost Cities", "Expeditionen (Gelb, Blau", "Wettkarte", "Ablagestapel (Gelb",
           "Für 2 Spieler."],
    "en": ["Lost Cities", "yellow, blue, white, green and red expeditions", "wager card",
           "red discard piles", "For 2 players."],
    "es": ["Lost Cities", "expediciones (amarilla, azul", "carta de apuesta",
           "pilas de descarte (amarilla", "Para 2 jugadores."],
}


def _regelwerk(*args: str) -> str:
    """Run the command in its own process, as a person would (the language of a run is
    chosen before anything is printed)."""
    result = subprocess.run([sys.executable, "-m", "regelwerk.cli", *args],
                            env={**os.environ, "NO_COLOR": "1", "COLUMNS": "120"},
                            capture_output=True, text=True, check=True)
    return result.stdout


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rulebook_speaks_each_editions_words(language):
    out = _regelwerk("rules", "show", "lost-cities", "--lang", language)
    for word in WORDS[language]:
        assert word.lower() in out.lower(), f"{language}: '{word}' missing"
    assert "60" in out and "8" in out


def test_bots_play_to_the_end_each_expedition_scored_and_it_replays(tmp_path):
    log = tmp_path / "lost-cities.json"
    out = _regelwerk("play", "lost-cities", "--players", "bot:greedy,bot:random", "--seed", "4",
                     "--save", str(log), "--lang", "nl")
    assert "afgelopen" in out
    assert "trekt van de trekstapel." in out
    scored = [line for line in out.splitlines() if "krijgt" in line and "expeditie" in line]
    # the expedition with its article, never quoted: 'voor de gele expeditie.'
    assert scored and all(line.endswith(" expeditie.") and " de " in line for line in scored)
    assert "punten in totaal." in out
    told = _regelwerk("replay", str(log), "--lang", "fr")
    assert "tire une carte de la pioche." in told
    assert told.splitlines()[-1].startswith(("Gagnant", "Gagnants"))
