"""Ogallala through the command: its rulebook in five languages, and whole games by bots."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from regelwerk.locales import LANGUAGES

TERMS = {
    "nl": ["kano", "kopstuk", "staartstuk", "buitkaart", "lassowerper", "boogschutter",
           "gekke bijl", "totem", "aflegstapel"],
    "en": ["canoe", "bow", "stern", "booty", "lasso thrower", "archer", "crazy axe", "totem",
           "discard pile"],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rulebook_is_complete_in_every_language(cli, language):
    code, out, err = cli("rules", "show", "ogallala", "--lang", language)
    assert code == 0 and not err
    assert out.count("\n## ") >= 7  # components, ranking-less sections, runs, setup, turn ...
    for term in TERMS.get(language, []):
        assert term in out.lower(), f"{language}: '{term}' missing"
    assert "112" in out and "14" in out


@pytest.mark.parametrize("variant,words", [("two-tribes", ["tribe"]), ("long-site", ["16"])])
def test_a_variant_changes_the_rulebook(cli, variant, words):
    code, out, _ = cli("rules", "show", "ogallala", "--variant", variant)
    assert code == 0
    for word in words:
        assert word in out


def _regelwerk(*args: str) -> str:
    """Run the command in its own process, as a person would (the language of a run is
    chosen before anything is printed)."""
    result = subprocess.run([sys.executable, "-m", "regelwerk.cli", *args],
                            env={**os.environ, "NO_COLOR": "1", "COLUMNS": "120"},
                            capture_output=True, text=True, check=True)
    return result.stdout


def test_bots_play_ogallala_to_the_end_and_it_can_be_replayed(tmp_path):
    log = tmp_path / "ogallala.json"
    out = _regelwerk("play", "ogallala", "--players", "bot:greedy,bot:random,bot:greedy",
                     "--seed", "5", "--save", str(log), "--lang", "de")
    assert "Das Spiel ist zu Ende." in out and " von Stapel " in out  # a name, not „Zone“
    told = _regelwerk("replay", str(log), "--lang", "es")
    assert told.splitlines()[-1].startswith(("Ganador", "Ganadores"))
