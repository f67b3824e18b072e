"""An area out of play is shown by the game's own word for it where it has one (Okavango's
river deltas run dry, as its manuals say), else by the general words; a game whose areas
never close cannot name one."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from regelwerk.cli.board import board
from regelwerk.engine import DataError, GameState, load_ruleset, view
from regelwerk.locales import translations
from regelwerk.locales.gametext import GameText

WORDS = {"en": "dry", "nl": "uitgeput", "fr": "asséché", "de": "ausgetrocknet",
         "es": "agotado"}


def _shown(rules, language: str) -> str:
    state = GameState.from_data(rules, {"players": ["anna", "bram"], "closed": ["delta-1"]})
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(board(view(state, "anna"), rules, GameText(rules, translations(language),
                                                              language)))
    return console.export_text()


@pytest.mark.parametrize("language", sorted(WORDS))
def test_a_dry_river_delta_is_shown_by_the_games_word(language):
    shown = _shown(load_ruleset("okavango"), language)
    row = next(line for line in shown.splitlines() if " 1 " in line and WORDS[language] in line)
    assert "out of play" not in row


def test_a_term_for_areas_out_of_play_needs_areas_that_close(tmp_path):
    path = tmp_path / "edit.yaml"
    path.write_text("format: 1\nvariant: edit\nbase: lost-cities\nchanges:\n"
                    "  terms: {closed: dry}\n", encoding="utf-8")
    with pytest.raises(DataError, match="'closed' names nothing in this game"):
        load_ruleset(str(path))
