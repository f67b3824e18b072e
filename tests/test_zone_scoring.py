"""Points at the end over what each zone of a player holds: a formula of ``count``,
``sum.ATTRIBUTE``, ``having.ATTRIBUTE``, ``kinds`` and ``different.ATTRIBUTE``, for one zone
or each zone of a family."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk.engine import DataError, GameState, apply, legal_moves, load_ruleset
from regelwerk.engine.play.game import finish

from test_play_from_hand import RULES as PLAY_RULES

SCORING = """\
scoring:
  rows:
    zone: row
    points: "(sum.value - 4) * (1 + having.bet) + (5 if count >= 3 else 0) if count > 0 else 0"
  leftovers:
    zone: hand
    points: "-count"
"""


def load(tmp_path: Path, scoring: str = SCORING):
    path = tmp_path / "rows.yaml"
    path.write_text(PLAY_RULES + scoring, encoding="utf-8")
    return load_ruleset(str(path))


def test_each_zone_of_a_family_scores_its_formula(tmp_path):
    rules = load(tmp_path)
    state = GameState.from_data(rules, {"players": ["anna", "bram"], "owned": {
        "row-red": [["red-3", "red-1", "red-bet"], ["red-2"]],
        "row-blue": [[], ["blue-2", "blue-1"]],
        "hand": [{"joker": 1}, {}]}})
    events: list = []
    finish(state, events)
    assert state.scores == [(4 - 4) * 2 + 5 - 1, (2 - 4) + (3 - 4)]
    told = [(e.code, e.params.get("zone"), e.params.get("points", e.params.get("total")))
            for e in events if e.code != "game-over"]
    assert told == [("zone-points", "row-red", 5), ("zone-points", "hand", -1),
                    ("total-points", None, 4),
                    ("zone-points", "row-red", -2), ("zone-points", "row-blue", -1),
                    ("total-points", None, -3)]
    assert state.winners() == ("anna",)


def test_kinds_and_different_values_are_counted(tmp_path):
    """A set of every kind, or of every value, written as a count: the joker has no colour
    and no value, so it adds a kind but neither; two blue twos are one kind."""
    rules = load(tmp_path, "scoring:\n  hand:\n    zone: hand\n"
                           "    points: \"100 * kinds + 10 * different.colour + different.value\"\n")
    state = GameState.from_data(rules, {"players": ["anna", "bram"], "owned": {
        "hand": [{"blue-2": 2, "red-2": 1, "red-3": 1, "joker": 1}, {}]}})
    finish(state, [])
    assert state.scores == [100 * 4 + 10 * 2 + 2, 0]


@pytest.mark.parametrize("language, words", [
    ("en", "the number of different kinds among the cards is at least 11"),
    ("fr", "le nombre de sortes différentes parmi les cartes vaut au moins 11"),
    ("de", "Die Anzahl der verschiedenen Arten unter den Karten ist mindestens 11"),
    ("nl", "het aantal verschillende soorten onder de kaarten is minstens 11"),
    ("es", "el número de tipos distintos entre las cartas es como mínimo 11")])
def test_a_bonus_for_every_kind_reads_as_players_say_it(tmp_path, language, words):
    """Okavango with a bonus for a reserve holding all eleven kinds of animal: one count,
    not a condition per kind."""
    from regelwerk.cli.rulebook import rulebook
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    variant = tmp_path / "all-kinds.yaml"
    variant.write_text(f"format: 1\nvariant: all-kinds\nbase: "
                       f"{Path(__file__).parent.parent / 'rules/okavango/okavango.yaml'}\n"
                       "changes:\n  scoring:\n    all-kinds:\n      zone: reserve\n"
                       "      points: \"10 if kinds >= 11 else 0\"\n", encoding="utf-8")
    rules = load_ruleset(str(variant))
    assert words in rulebook(rules, GameText(rules, translations(language), language))


def test_the_game_ends_with_the_points_counted(tmp_path):
    rules = load(tmp_path, SCORING.replace('"-count"', '"10 * count"'))
    state = GameState.from_data(rules, {"players": ["anna", "bram"], "owned": {
        "hand": [{"red-2": 1}, {}]}})
    state, _ = apply(state, legal_moves(state)[0])
    assert state.game_over and state.scores == [-2, 0]


@pytest.mark.parametrize("scoring, where, words", [
    ("  rows:\n    zone: row\n", ("scoring", "rows"), "give 'points', 'card', 'run', 'most' or 'fewest'"),
    ("  rows:\n    zone: row\n    points: count\n    complete_only: true\n",
     ("scoring", "rows", "complete_only"), "belongs to the scoring of a line"),
    ("  rows:\n    zone: pile\n    points: count\n", ("scoring", "rows", "zone"),
     "must belong to each player"),
    ("  rows:\n    zone: row\n    points: sum.bet\n", ("scoring", "rows", "points"),
     "has no field 'bet'"),
])
def test_mistakes_are_located(tmp_path, scoring, where, words):
    with pytest.raises(DataError) as caught:
        load(tmp_path, "scoring:\n" + scoring)
    assert caught.value.location.path[:len(where)] == where
    assert words in caught.value.render()


def test_points_are_told_with_the_zone_and_the_right_plural(tmp_path):
    from regelwerk.cli.narrate import tell
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    rules = load(tmp_path)
    state = GameState.from_data(rules, {"players": ["anna", "bram"], "owned": {
        "row-red": [["red-3"], []], "hand": [{}, {"red-1": 1}]}})
    events: list = []
    finish(state, events)
    text = GameText(rules, translations("en"), "en")
    told = [tell(event, text) for event in events if event.code != "game-over"]
    assert told == ["anna loses 1 point for the red row.", "anna: −1 point in all.",
                    "bram loses 1 point for the hand.", "bram: −1 point in all."]
