"""Partners (``teams``): who plays with whom by the number of players, points added up,
partners winning together, and teams that could not work refused where they are written."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk.cli.rulebook import rulebook
from regelwerk.engine import DataError, load_ruleset, new_game
from regelwerk.engine.bots.worlds import measure
from regelwerk.locales import translations
from regelwerk.locales.gametext import GameText

PLAYERS = ["ann", "bob", "cy", "dee"]


def partners_variant(tmp_path, teams: str, end: str = "") -> str:
    path = tmp_path / "v.yaml"
    path.write_text("format: 1\nvariant: v\nbase: hearts\nchanges:\n"
                    f"  teams: {teams}\n{end}", encoding="utf-8")
    return str(path)


def test_partners_add_up_their_points_and_win_together():
    rules = load_ruleset("rules/hearts/variants/partners.yaml")
    state = new_game(rules, PLAYERS, 1)
    state.scores[:] = [30, 5, 10, 40]
    assert state.team_scores() == [40, 45, 40, 45]
    state.game_over = True
    assert state.winners() == ("ann", "cy")


def test_a_bot_counts_its_partners_points_as_its_own():
    rules = load_ruleset("rules/hearts/variants/partners.yaml")
    state = new_game(rules, PLAYERS, 1)
    state.scores[:] = [0, 0, 13, 0]  # cy's points weigh on ann, her partner
    assert measure(state, 0)[0] == measure(state, 2)[0] == -13
    assert measure(state, 1)[0] == 0


@pytest.mark.parametrize("teams, message", [
    ("{4: [[1, 3], [2]]}", "seats without a team: 4"),
    ("{4: [[1, 3], [2, 3, 4]]}", "seat 3 is in two teams"),
    ("{4: [[1, 5], [2, 3, 4]]}", "seat 5 is not one of 4 seats"),
    ("{3: [[1, 3], [2]]}", "not played by 3 players"),
])
def test_teams_that_could_not_work_are_refused_where_they_are_written(tmp_path, teams,
                                                                       message):
    with pytest.raises(DataError, match=message) as refused:
        load_ruleset(partners_variant(tmp_path, teams))
    assert refused.value.location is not None and refused.value.location.line == 5


def test_partners_and_a_tiebreak_between_players_are_refused(tmp_path):
    end = '  end:\n    tiebreak: "mine.taken"\n'
    with pytest.raises(DataError, match="partners share their result"):
        load_ruleset(partners_variant(tmp_path, "{4: [[1, 3], [2, 4]]}", end))


def test_the_rulebook_says_who_plays_with_whom(tmp_path):
    rules = load_ruleset("rules/hearts/variants/partners.yaml")
    told = rulebook(rules, GameText(rules, translations("en"), "en"))
    assert "seats 1 and 3; seats 2 and 4" in told
    assert "The partners with the fewest points together win." in told  # the variant's own
    assert "The player with the fewest points wins." not in told  # the base's stale text
    # where the variant's end says nothing of its own, the general sentence tells it
    plain = tmp_path / "plain.yaml"
    plain.write_text(f"format: 1\nvariant: plain\nbase: {Path('rules/hearts/hearts.yaml').resolve()}"
                     "\nchanges:\n  teams:\n    4: [[1, 3], [2, 4]]\n  hands: {points: null}\n",
                     encoding="utf-8")
    rules = load_ruleset(plain)
    told = rulebook(rules, GameText(rules, translations("en"), "en"))
    assert "The partners with the fewest points win together" in told
