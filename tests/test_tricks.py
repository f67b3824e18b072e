"""Tricks (the turn order ``tricks``) and following suit, through a small trick-taking
game (``tests/rulesets/tricks.yaml``): who leads the first trick, what a trick's winner
takes, and the settings a variant cannot give, refused where they stand. The play itself
is in scenarios (``tests/scenarios/tricks/``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk.engine import apply, legal_moves, load_ruleset, new_game
from variants import refusal, said

TRICKS = Path(__file__).parent / "rulesets" / "tricks.yaml"


@pytest.mark.parametrize("seed", range(4))
def test_the_holder_of_the_first_lead_leads_and_the_winner_leads_next(seed):
    rules = load_ruleset(TRICKS)
    state = new_game(rules, ["ann", "bob", "cy"], seed)
    holder = next(p for p, hand in zip(state.players, state.owned["hand"]) if hand.get("clubs-1"))
    assert state.player == holder
    for _ in range(3):
        state, events = apply(state, legal_moves(state)[0])
    won = [event.params["player"] for event in events if event.code == "trick-won"]
    assert won and state.player == won[0]
    assert state.shared["trick"].size() == 0
    assert state.owned["won"][state.players.index(won[0])].size() == 3


def test_every_card_of_each_hand_goes_to_the_tricks_won_and_each_hand_has_its_first_lead():
    rules = load_ruleset(TRICKS)
    for players in (["ann", "bob"], ["ann", "bob", "cy"], ["ann", "bob", "cy", "dee"]):
        state = new_game(rules, players, 1)
        while not state.game_over:
            state, events = apply(state, legal_moves(state)[-1])
            if "hand-dealt" in [event.code for event in events]:
                holder = next(p for p, hand in zip(state.players, state.owned["hand"])
                              if hand.get("clubs-1"))
                assert state.player == holder and sum(state.scores) == 24
        assert sum(won.size() for won in state.owned["won"]) == 24  # the last hand's
        assert sum(state.scores) == 48 and state.counters["hands"] == 2


@pytest.mark.parametrize("changes, where, words", [
    ("  zones:\n    trick: {ordered: false}\n  actions:\n    play: {follow: null}\n",
     ("turn", "order", "trick"), "must be ordered"),
    ("  turn:\n    order: {winner: {trump: wands}}\n", ("turn", "order", "winner", "trump"),
     "no piece has the value 'wands' for the attribute 'suit'"),
    ("  turn:\n    order: {winner: {suit: null, trump: spades}}\n",
     ("turn", "order", "winner", "trump"), "a trump is a suit"),
    ("  turn:\n    order: {winner: {by: suit}}\n", ("turn", "order", "winner", "by"),
     "not a number attribute"),
    ("  turn:\n    order: {first_lead: joker}\n", ("turn", "order", "first_lead"),
     "unknown kind"),
])
def test_a_trick_setting_that_cannot_work_is_refused_where_it_stands(tmp_path, changes, where,
                                                                     words):
    error = refusal(tmp_path, TRICKS, changes)
    assert error.location.path == where and words in said(error)


def test_following_needs_one_zone_with_an_order(tmp_path):
    error = refusal(tmp_path, TRICKS, "  actions:\n    play: {to: won}\n")
    assert error.location.path == ("actions", "play", "follow")
