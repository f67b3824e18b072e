"""Simultaneous choices (the turn order ``simultaneous``), through a small game of rows
(``tests/rulesets/rows.yaml``): who may act, choices kept from everyone else until all are
made, the reveal, resolution in the order of the revealed values, hands passed on after the
round, bots blind to what others chose, and saves in the middle of it all."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from regelwerk.engine import (GameState, IllegalMove, Move, acting, apply,
                              legal_moves, load_ruleset, make_bot, view)
from saved import played_through_saves
from variants import refusal, said

ROWS = Path(__file__).parent / "rulesets" / "rows.yaml"
PLAYERS = ["ann", "bob", "cy"]


@pytest.fixture(scope="module")
def rules():
    return load_ruleset(ROWS)


def dealt(rules, hands, row=("card-15",), players=PLAYERS):
    """A game at the start of a round: these hands, this row."""
    used = {kind for hand in hands for kind in hand} | set(row)
    return GameState.from_data(rules, {
        "players": players,
        "owned": {"hand": [{kind: 1 for kind in hand} for hand in hands]},
        "shared": {"row": list(row),
                   "deck": [kind for kind in rules.components if kind not in used]}})


def pick(kind):
    return Move.of("pick", kind=kind)


def test_everyone_who_has_not_chosen_may_act_in_any_order(rules):
    state = dealt(rules, [["card-3", "card-20"], ["card-9", "card-21"], ["card-12", "card-22"]])
    assert acting(state) == ("ann", "bob", "cy") and state.player == "ann"
    assert pick("card-9") in legal_moves(state, "bob")
    outcomes = set()
    for order in itertools.permutations(range(3)):
        position = state
        for seat in order:
            choice = pick(["card-3", "card-9", "card-12"][seat])
            position, _ = apply(position, choice, PLAYERS[seat])
        outcomes.add(str(position.to_data()))
    assert len(outcomes) == 1, "the order the choices were made in changed the game"


def test_a_player_who_has_chosen_may_not_act_again(rules):
    state = dealt(rules, [["card-3", "card-20"], ["card-9", "card-21"], ["card-12", "card-22"]])
    after, _ = apply(state, pick("card-9"), "bob")
    assert acting(after) == ("ann", "cy")
    with pytest.raises(IllegalMove) as refused:
        apply(after, pick("card-21"), "bob")
    assert refused.value.code == "not-acting"
    assert legal_moves(after, "ann") and not acting(GameState.from_data(
        rules, {**after.to_data(), "game_over": True}))


def test_a_choice_is_seen_by_nobody_else_and_told_without_its_piece(rules):
    state = dealt(rules, [["card-3", "card-20"], ["card-9", "card-21"], ["card-12", "card-22"]])
    after, events = apply(state, pick("card-3"))
    assert [event.code for event in events][:1] == ["played-face-down"]
    assert "card-3" not in str([event.params for event in events])
    assert view(after, "ann").zones["chosen"]["ann"] == {"card-3": 1}
    assert view(after, "bob").zones["chosen"]["ann"] == {"count": 1}
    assert view(after, "bob").zones["hand"]["ann"] == {"count": 1}


def test_all_choices_are_revealed_together_and_resolved_lowest_first(rules):
    state = dealt(rules, [["card-3", "card-20"], ["card-9", "card-21"], ["card-12", "card-22"]])
    state, _ = apply(state, pick("card-20"))
    state, _ = apply(state, pick("card-9"))
    assert all(view(state, "ann").zones["shown"][p] == {} for p in PLAYERS)
    state, events = apply(state, pick("card-22"))
    revealed = [(e.params["player"], e.params["pieces"]) for e in events if e.code == "revealed"]
    assert revealed == [("ann", {"card-20": 1}), ("bob", {"card-9": 1}),
                        ("cy", {"card-22": 1})]
    assert view(state, "cy").zones["shown"]["bob"] == {"card-9": 1}
    # bob's 9 is lower than the row's 15: he must take the row, then start it again
    assert (state.player, state.phase) == ("bob", "place")
    assert acting(state) == ("bob",)
    assert set(legal_moves(state)) == {Move.of("take", zone="row")}
    state, _ = apply(state, Move.of("take", zone="row"))
    state, _ = apply(state, Move.of("lay", kind="card-9"))
    assert (state.player, state.shared["row"]) == ("ann", ["card-9"])
    state, _ = apply(state, Move.of("lay", kind="card-20"))
    assert state.player == "cy"
    state, events = apply(state, Move.of("lay", kind="card-22"))
    assert "passed-on" in [event.code for event in events]
    assert (state.player, state.phase, acting(state)) == ("ann", "pick", tuple(PLAYERS))
    # the hands went to the left: ann now holds what cy kept
    assert state.owned["hand"][0] == {"card-12": 1}
    assert state.owned["hand"][1] == {"card-3": 1}


def test_a_variant_resolves_highest_first_and_passes_to_the_right(tmp_path, rules):
    variant = tmp_path / "high.yaml"
    variant.write_text(f"format: 1\nvariant: high\nbase: {ROWS}\nchanges:\n"
                       "  turn:\n    order: {resolve: {order: descending}}\n"
                       "    after_round: {pass: {direction: right}}\n", encoding="utf-8")
    high = load_ruleset(variant)
    state = dealt(high, [["card-3", "card-20"], ["card-9", "card-21"], ["card-12", "card-22"]],
                  row=("card-1",))
    for kind in ("card-20", "card-9", "card-22"):
        state, _ = apply(state, pick(kind))
    resolving = []
    while state.phase != "pick":
        if not resolving or resolving[-1] != state.player:  # a take, then a lay: one turn
            resolving.append(state.player)
        state, _ = apply(state, legal_moves(state)[0])
    assert resolving == ["cy", "ann", "bob"]  # 22, 20, 9
    assert state.owned["hand"][0] == {"card-21": 1}  # bob's, passed to his right


def test_a_bot_chooses_the_same_whatever_the_others_chose(rules):
    """Shuffling the choices the others made in secret (among the pieces the bot cannot
    see) never changes what a bot picks: it is blind to them by construction."""
    base = dealt(rules, [["card-3", "card-20", "card-27"], ["card-9", "card-21", "card-28"],
                         ["card-12", "card-22", "card-29"]])
    state, _ = apply(base, pick("card-20"), "ann")
    state, _ = apply(state, pick("card-21"), "bob")
    hidden = ["card-3", "card-27", "card-20", "card-9", "card-28", "card-21"]
    for level in ("random", "greedy", "mcts"):
        choices = set()
        for trial in range(6):  # the others' hands and choices dealt anew among themselves
            mixed = random.Random(trial).sample(hidden, 6)
            data = state.to_data()
            data["owned"]["hand"][0], data["owned"]["chosen"][0] = \
                {mixed[0]: 1, mixed[1]: 1}, {mixed[2]: 1}
            data["owned"]["hand"][1], data["owned"]["chosen"][1] = \
                {mixed[3]: 1, mixed[4]: 1}, {mixed[5]: 1}
            world = GameState.from_data(rules, data)
            bot = make_bot(level, seed=7)
            choices.add(bot.choose(view(world, "cy"), rules))
        assert len(choices) == 1, f"the {level} bot's choice depended on hidden choices"


def test_a_game_saved_in_the_middle_of_the_choices_goes_on_the_same(rules):
    states = played_through_saves(rules, PLAYERS, seed=4)
    assert any(0 < len(acting(s)) < 3 and s.phase == "pick" for s in states)
    assert any(s.phase == "place" for s in states)


@pytest.mark.parametrize("changes, where, words", [
    ("  zones:\n    chosen: {visibility: public}\n", ("turn", "order", "reveal", "chosen"),
     "no secret"),
    ("  zones:\n    shown: {visibility: owner}\n", ("turn", "order", "reveal", "chosen"),
     "nothing would be revealed"),
    ("  turn:\n    order: {resolve: {by: colour}}\n", ("turn", "order", "resolve", "by"),
     "unknown attribute"),
    ("  turn:\n    order: {resolve: {phase: nowhere}}\n", ("turn", "order", "resolve", "phase"),
     "unknown phase"),
])
def test_a_reveal_or_resolution_that_cannot_work_is_refused_where_it_stands(
        tmp_path, changes, where, words):
    error = refusal(tmp_path, ROWS, changes)
    assert error.location.path == where and words in said(error)
