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


def test_a_card_refused_on_the_site_is_told_the_rule_it_breaks():
    """A card that touches no card on the site, or whose design already lies in that row,
    is refused with the rule, as the rulebook words it."""
    import random

    from regelwerk.cli.play import reason
    from regelwerk.engine import IllegalMove, Move, apply, legal_moves, load_ruleset, new_game
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    rules = load_ruleset("ogallala")
    text = GameText(rules, translations("en"), "en")
    state, rng, told = new_game(rules, ["anna", "bram"], 3), random.Random(1), {}
    rows, columns = rules.zones["site"].grid
    while len(told) < 2 and not state.game_over:
        moves = legal_moves(state)
        site = state.owned["site"][state.to_move]
        if any(move.action == "place" for move in moves) and site:
            card = state.shared["pending"][0]
            near = {(r + dr, c + dc) for r, c in site for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
            far = [(r, c) for r in range(1, rows + 1) for c in range(1, columns + 1)
                   if (r, c) not in near]
            same = [(r, c) for (r, _), kind in site.items() if kind == card
                    for c in range(1, columns + 1) if (r, c) in near and (r, c) not in site]
            for rule, cells in (("touches one already there", far),
                                ("A kind lies at most once in each row.", same)):
                if cells:
                    with pytest.raises(IllegalMove) as refused:
                        apply(state, Move.of("place", cell=cells[0]))
                    told[rule] = reason(refused.value, text)
        state, _ = apply(state, moves[rng.randrange(len(moves))])
    assert set(told) == {"touches one already there", "A kind lies at most once in each row."}
    for rule, said in told.items():
        assert " cannot be placed there (rule: " in said and rule in said
