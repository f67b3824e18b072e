"""Scoring by groups at the end: pieces of one value form a group worth the table's entry
for its size; the best groups count for the player, the others against; wild pieces join
the groups that give the most; a per-piece formula adds bonuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk.engine import GameState, load_ruleset
from regelwerk.engine.play.game import finish
from regelwerk.engine.common.moves import Event
from regelwerk.engine.play.scoring import points_of

COLLECT = Path(__file__).parent / "rulesets" / "collect.yaml"


@pytest.fixture(scope="module")
def rules():
    return load_ruleset(COLLECT)


def scored(rules, hand):
    state = GameState.from_data(rules, {"players": ["ann", "bob"],
                                        "owned": {"hand": [hand, {}]}})
    return points_of(state, 0)


@pytest.mark.parametrize("hand,best,rest,cards,total", [
    ({}, 0, 0, 0, 0),
    ({"blue": 1}, 1, 0, 0, 1),
    ({"blue": 3}, 9, 0, 0, 9),
    ({"blue": 5}, 9, 0, 0, 9),  # beyond the table: its last entry
    ({"blue": 3, "red": 2, "green": 1}, 9, 5, 0, 4),  # the best one for, the others against
    ({"blue": 2, "gem": 3}, 4, 0, 3, 7),  # each bonus piece adds its points
    ({"star": 1}, 1, 0, 0, 1),  # a wild piece alone forms a group
    ({"blue": 2, "red": 2, "star": 1}, 9, 4, 0, 5),  # joins a group, the best way
    ({"blue": 3, "red": 1, "star": 1}, 9, 1, 0, 8),  # a full group gains nothing: a new one
    ({"blue": 3, "red": 2, "green": 2, "yellow": 2, "star": 2}, 9, 12, 0, -3),
])
def test_groups_score_by_the_table_and_wild_pieces_join_the_best(rules, hand, best, rest,
                                                                  cards, total):
    points = scored(rules, hand)
    assert (points["best"], points["rest"], points["cards"], points["total"]) == \
        (best, rest, cards, total)


def test_the_end_of_the_game_adds_the_points_and_says_them(rules):
    state = GameState.from_data(rules, {"players": ["ann", "bob"], "scores": [2, 0],
                                        "owned": {"hand": [{"blue": 3, "red": 1, "gem": 1},
                                                           {"green": 2}]}})
    events: list[Event] = []
    finish(state, events)
    assert state.scores == [2 + 9 - 1 + 1, 4]
    told = [e.params for e in events if e.code == "final-points-by-group"]
    assert [(p["player"], p["best"], p["rest"], p["cards"], p["total"]) for p in told] == \
        [("ann", 9, 1, 1, 9), ("bob", 4, 0, 0, 4)]


@pytest.mark.parametrize("old,new,words", [
    ("group_scoring:\n  hand:", "group_scoring:\n  deck:", "zone 'deck' must belong to each"),
    ("group_scoring:\n  hand:", "group_scoring:\n  pocket:", "unknown zone 'pocket'"),
    ("    by: colour\n    table", "    by: hue\n    table", "unknown attribute 'hue'"),
    ("    table: [1, 4, 9]", "    table: []", "table"),
    ("    card: card.points", "    card: card.bell", "expected a number here"),
])
def test_mistakes_in_group_scoring_are_refused_where_they_stand(collect_refused, old, new,
                                                               words):
    error = collect_refused((old, new))
    assert words in error.render(), error.render()
    assert error.location.path[0] == "group_scoring"


def test_the_rulebook_says_how_groups_score_where_the_game_has_no_text(cli):
    code, out, _ = cli("rules", "show", str(COLLECT))
    assert code == 0
    text = " ".join(out.split())  # however the lines are wrapped
    # its word for a group; the attribute grouped by, named in no term, by a general word
    for words in ("pieces with the same property form a colour", "1, 4, 9",
                  "The colour worth most counts for the player",
                  "Each piece also scores the piece's point value"):
        assert words in text, out
