"""Counted tokens that players hold and pay, taking a piece with everything lying on it,
the same player going again, a deal by the number of players, sorting a mixed supply,
scoring the pieces of a zone (runs of consecutive values), the fewest points winning and
zones whose size is secret: each on a small game written for these tests."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from regelwerk.engine import DataError, Move, apply, legal_moves, load_ruleset, new_game, view
from regelwerk.engine.bots.levels import GreedyBot
from regelwerk.engine.bots.worlds import possible_world
from regelwerk.engine.play.scoring import points_of
from regelwerk.engine.play.scoring import scored_zones, value_runs
from regelwerk.engine.play.state import GameState

GAME = """\
format: 1
id: pay-or-take
title: Pay or take
players: {min: 2, max: 4}
components:
  lot-1: {copies: 1, attributes: {value: 1}}
  lot-2: {copies: 1, attributes: {value: 2}}
  lot-3: {copies: 1, attributes: {value: 3}}
  lot-5: {copies: 1, attributes: {value: 5}}
  lot-7: {copies: 1, attributes: {value: 7}}
  coin: {copies: 12}
supply: box
zones:
  box: {scope: shared, visibility: hidden}
  lots: {scope: shared, visibility: hidden, ordered: true}
  shown: {scope: shared, visibility: public, capacity: 1}
  bank: {scope: shared, visibility: public}
  won: {scope: player, visibility: public}
  purse: {scope: player, visibility: secret}
setup:
  sort: {step: move-all, from: box, to: lots, which: "card.value > 0"}
  coins: {step: deal, from: box, to: purse, count: {2: 3, 3: 2, 4: 1}}
  show: {step: fill, from: lots, to: shown}
turn:
  start: choose
  phases:
    choose: {actions: [pay, take]}
  order: {mechanism: clockwise, again_when: "take.times > 0"}
  after:
    show: {step: fill, from: lots, to: shown}
actions:
  pay: {mechanism: pay, from: purse, to: bank, piece: coin}
  take: {mechanism: take-all, zones: {shown: won, bank: purse}}
end:
  when: "zone.shown == 0"
  winner: lowest
scoring:
  lots: {zone: won, runs_of: value, run: run.lowest}
  coins: {zone: purse, card: "-1"}
"""


def _rules(tmp_path: Path, text: str = GAME):
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(path)


def _refused(tmp_path: Path, old: str, new: str, *words: str) -> None:
    assert old in GAME
    with pytest.raises(DataError) as caught:
        _rules(tmp_path, GAME.replace(old, new))
    rendered = caught.value.render()
    assert caught.value.location.line > 0
    for word in words:
        assert word in rendered, rendered


@pytest.mark.parametrize("players, each, left", [(2, 3, 6), (3, 2, 6), (4, 1, 8)])
def test_the_deal_follows_the_number_of_players(tmp_path, players, each, left):
    state = new_game(_rules(tmp_path), [f"p{n}" for n in range(players)], seed=3)
    assert [purse.counts() for purse in state.owned["purse"]] == [{"coin": each}] * players
    assert state.shared["box"].counts() == {"coin": left}  # only the pieces picked moved out
    assert state.shared["lots"].size() + state.shared["shown"].size() == 5


def test_paying_puts_a_token_on_the_offer_and_passes_the_turn(tmp_path):
    state = new_game(_rules(tmp_path), ["anna", "bram"], seed=1)
    after, events = apply(state, Move("pay"))
    assert after.owned["purse"][0].counts() == {"coin": 2}
    assert after.shared["bank"].counts() == {"coin": 1}
    assert after.to_move == 1
    assert [e.code for e in events][0] == "paid"


def test_without_tokens_the_player_must_take(tmp_path):
    rules = _rules(tmp_path)
    state = GameState.from_data(rules, {"players": ["anna", "bram"],
                                        "shared": {"lots": ["lot-2"], "shown": {"lot-5": 1},
                                                   "bank": {"coin": 2}, "box": {"coin": 6}},
                                        "owned": {"purse": [{}, {"coin": 4}]}})
    assert list(legal_moves(state)) == [Move("take")]
    with pytest.raises(Exception) as refused:
        apply(state, Move("pay"))
    assert refused.value.code == "pieces-missing"


def test_taking_takes_everything_on_the_offer_and_the_same_player_goes_again(tmp_path):
    rules = _rules(tmp_path)
    state = GameState.from_data(rules, {"players": ["anna", "bram"],
                                        "shared": {"lots": ["lot-2", "lot-1"],
                                                   "shown": {"lot-5": 1}, "bank": {"coin": 2},
                                                   "box": {"coin": 6}},
                                        "owned": {"purse": [{"coin": 1}, {"coin": 3}]}})
    assert rules.actions["take"].gains(state, Move("take")) == {"lot-5": 1, "coin": 2}
    after, events = apply(state, Move("take"))
    assert after.owned["won"][0].counts() == {"lot-5": 1}
    assert after.owned["purse"][0].counts() == {"coin": 3}
    assert not after.shared["bank"]
    assert after.shared["shown"].counts() == {"lot-2": 1}  # the next one is turned up
    assert after.to_move == 0 and after.turns_played == 1
    following, _ = apply(after, Move("pay"))
    assert following.to_move == 1  # paying passes the turn as usual


def test_the_end_scores_runs_by_their_lowest_value_and_tokens_off(tmp_path):
    rules = _rules(tmp_path)
    state = GameState.from_data(rules, {"players": ["anna", "bram"],
                                        "shared": {"shown": {"lot-7": 1}, "box": {"coin": 6}},
                                        "owned": {"won": [{"lot-1": 1, "lot-2": 1, "lot-3": 1},
                                                          {"lot-5": 1}],
                                                  "purse": [{"coin": 1}, {"coin": 5}]}})
    assert points_of(state, 0) == {"runs": 0, "cards": 0, "sets": 0, "zones": 0, "total": 0}
    assert scored_zones(state, 0) == [("won", 1), ("purse", -1)]
    over, events = apply(state, Move("take"))
    told = [(e.code, e.params) for e in events if e.code.endswith("-points")]
    assert told[:3] == [("zone-points", {"player": "anna", "zone": "won", "points": 8}),
                        ("zone-points", {"player": "anna", "zone": "purse", "points": -1}),
                        ("total-points", {"player": "anna", "total": 7})]
    assert over.game_over
    # anna: 1 (1-2-3) + 7 - 1 coin = 7; bram: 5 - 5 coins = 0, and the fewest points win
    assert over.scores == [7, 0]
    assert over.winners() == ("bram",)


def test_runs_of_values_follow_without_a_gap():
    runs = value_runs([8, 3, 4, 10, 5, 9, 20])
    assert [(r.lowest, r.highest, r.length) for r in runs] == [(3, 5, 3), (8, 10, 3),
                                                               (20, 20, 1)]
    assert [(r.lowest, r.length) for r in value_runs([4, 4, 5])] == [(4, 3)]
    assert value_runs([]) == []


@pytest.mark.parametrize("old, new, words", [
    ("count: {2: 3, 3: 2, 4: 1}", "count: {2: 3, 4: 1}", ("no number for 3 players",)),
    ("count: {2: 3, 3: 2, 4: 1}", "count: {2: 3, 3: 2, 4: 1, 5: 1}",
     ("not played by 5 players",)),
    ("piece: coin}", "piece: gem}", ("unknown kind 'gem'",)),
    ("from: purse, to: bank", "from: bank, to: bank", ("must belong to each player",)),
    ("zones: {shown: won,", "zones: {won: won,", ("must be shared",)),
    ("zones: {shown: won,", "zones: {shown: lots,", ("must belong to each player",)),
    ("runs_of: value", "runs_of: colour", ("not an attribute with whole numbers",)),
    ("{zone: won, runs_of: value, run: run.lowest}", "{zone: won, run: run.lowest}",
     ("need 'runs_of'",)),
    ("{zone: purse, card: \"-1\"}", "{zone: purse}", ("gives no points",)),
    ("zone: won, runs_of", "zone: lots, runs_of", ("must belong to each player",)),
    ("run: run.lowest", "run: run.colour", ("colour",)),
    ('again_when: "take.times > 0"', 'again_when: "take.colour > 0"', ("colour",)),
    ("which: \"card.value > 0\"", "which: \"card.colour\"", ("colour",)),
    ("winner: lowest", "winner: least", ("least",)),
])
def test_mistakes_are_refused_where_they_are(tmp_path, old, new, words):
    _refused(tmp_path, old, new, *words)


def test_another_turn_is_played_within_the_round_the_end_finishes(tmp_path):
    """With finish_round, the start player's extra turn does not end the round early."""
    rules = _rules(tmp_path, GAME.replace('when: "zone.shown == 0"',
                                          'when: "zone.lots == 0"\n  finish_round: true'))
    state = GameState.from_data(rules, {"players": ["anna", "bram"],
                                        "shared": {"lots": ["lot-2"], "shown": {"lot-5": 1},
                                                   "box": {"coin": 6}},
                                        "owned": {"purse": [{"coin": 3}, {"coin": 3}]}})
    after, _ = apply(state, Move("take"))  # lot-2 turned up: the end is reached
    assert after.ending and not after.game_over and after.to_move == 0
    after, _ = apply(after, Move("pay"))
    assert not after.game_over and after.to_move == 1  # bram still plays in this round
    after, _ = apply(after, Move("take"))
    assert not after.game_over and after.to_move == 1  # his extra turn, still in the round
    after, _ = apply(after, Move("pay"))
    assert after.game_over


def test_a_secret_zone_shows_its_owner_everything_and_the_others_nothing(tmp_path):
    rules = _rules(tmp_path)
    state = new_game(rules, ["anna", "bram", "cas"], seed=2)
    assert view(state, "anna").zones["purse"] == {"anna": {"coin": 2}, "bram": {"count": None},
                                                  "cas": {"count": None}}
    # A bot's possible world puts the tokens it cannot see in the others' purses, so that
    # nothing is created or lost, however it spreads them.
    world = possible_world(view(state, "anna"), rules, random.Random(5))
    assert world.owned["purse"][0].counts() == {"coin": 2}
    assert sum(purse.size() for purse in world.owned["purse"]) \
        + world.shared["box"].size() + world.shared["lots"].size() \
        + world.shared["shown"].size() == rules.total_pieces()
    assert GreedyBot(1).choose(view(state, "anna"), rules) in legal_moves(state)


def test_only_a_zone_of_each_player_can_be_secret(tmp_path):
    _refused(tmp_path, "bank: {scope: shared, visibility: public}",
             "bank: {scope: shared, visibility: secret}", "a shared zone has no owner")
