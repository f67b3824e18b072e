"""Climbing, through President: dealing a whole deck out, a decision offered only while a
condition holds, areas that never score, and what a variant gets wrong in them, told where
it stands. The rules of play themselves are scenarios (``tests/scenarios/president/``)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from regelwerk.engine import (DataError, IllegalMove, apply, legal_moves, load_ruleset,
                              new_game)
from regelwerk.engine.common.moves import Move

BASE = Path(__file__).parent.parent / "rules" / "president" / "president.yaml"


def variant(tmp_path: Path, changes: str):
    path = tmp_path / "variant.yaml"
    indented = "".join(f"  {line}\n" for line in changes.splitlines())
    path.write_text(f"format: 1\nvariant: test\nbase: {BASE}\nchanges:\n{indented}",
                    encoding="utf-8")
    return load_ruleset(path)


def refusal(tmp_path: Path, changes: str) -> DataError:
    with pytest.raises(DataError) as refused:
        variant(tmp_path, changes)
    return refused.value


@pytest.mark.parametrize("players, sizes", [(3, [18, 17, 17]), (4, [13] * 4),
                                            (5, [11, 11, 10, 10, 10]), (7, [8, 8, 8, 7, 7, 7, 7])])
def test_the_whole_deck_is_dealt_the_first_players_getting_one_more(players, sizes):
    state = new_game(load_ruleset("president"), [f"p{n}" for n in range(players)], seed=5)
    assert [hand.size() for hand in state.owned["hand"]] == sizes
    assert state.shared["deck"].size() == 0


def test_a_pass_is_offered_only_while_its_condition_holds():
    state = new_game(load_ruleset("president"), ["anna", "bram", "cas"], seed=1)
    assert Move("pass") not in legal_moves(state)
    with pytest.raises(IllegalMove) as refused:
        apply(state, Move("pass"))
    assert refused.value.code == "not-now-declined"
    played = next(move for move in legal_moves(state) if move.action == "play")
    after, events = apply(state, played)
    assert Move("pass") in legal_moves(after)
    assert [event.code for event in apply(after, Move("pass"))[1]][:1] == ["declined"]


def test_a_variant_without_the_condition_may_pass_on_an_empty_table(tmp_path):
    rules = variant(tmp_path, "actions:\n  pass: {when: null}\n")
    state = new_game(rules, ["anna", "bram", "cas"], seed=1)
    assert Move("pass") in legal_moves(state)


def test_points_for_an_area_whose_type_never_scores_are_refused_where_they_stand(tmp_path):
    error = refusal(tmp_path, "areas:\n  table: {points: 2}\n")
    assert error.location.file.endswith("variant.yaml") and error.location.line == 6
    assert error.location.path == ("areas", "table", "points")
    assert "score_when" in error.message


def test_an_area_type_that_scores_needs_points_for_its_areas(tmp_path):
    error = refusal(tmp_path, "area_types:\n  trick: {score_when: 'placed.count == 4'}\n")
    assert error.location.path == ("areas", "table")
    assert "points" in error.message


def test_an_exchange_between_places_in_a_game_of_one_hand_is_refused(tmp_path):
    """One hand has no hand before it: the exchange would never take place."""
    error = refusal(tmp_path, "zones:\n  passing: {scope: player, visibility: owner, name: "
                              "pass}\nturn:\n  order:\n    exchange: {zone: passing, to: "
                              "hand, phase: play, direction: places, count: [1]}\n")
    assert error.location.path == ("turn", "order", "exchange", "direction")
    assert "several hands" in error.message


def test_a_condition_of_the_turn_order_naming_nothing_is_refused_at_its_column(tmp_path):
    error = refusal(tmp_path, "turn:\n  order: {out_when: 'mine.hands == 0'}\n")
    assert error.location.path == ("turn", "order", "out_when")
    assert error.location.line == 6 and error.location.column > 10


def test_a_turn_order_setting_of_another_order_is_refused(tmp_path):
    error = refusal(tmp_path, "turn:\n  order: {mechanism: clockwise}\n")
    assert error.location.path[:2] == ("turn", "order")


def test_a_variant_where_nobody_goes_out_still_ends(tmp_path):
    """Without going out a player with an empty hand would be offered nothing for ever: the
    idle guard ends the game once a whole round of turns has moved nothing."""
    rules = variant(tmp_path, "turn:\n  order: {out_when: null, out_scores: null}\n"
                              "end: {when: 'turns > 10000', reasons: null}\n")
    state = new_game(rules, ["anna", "bram", "cas"], seed=2)
    for _ in range(1000):
        state, events = apply(state, legal_moves(state)[0])
        if state.game_over:
            break
    assert state.game_over and "stalled" in [event.code for event in events]
    assert min(hand.size() for hand in state.owned["hand"]) == 0


# -- a match of several hands (rules/president/variants/match.yaml) -----------------------

MATCH = BASE.parent / "variants" / "match.yaml"


def test_a_match_plays_hands_until_someone_has_ten_points():
    rules = load_ruleset(MATCH)
    state = new_game(rules, ["anna", "bram", "cas", "dirk"], seed=3)
    rng = random.Random(3)
    hands, starters, pieces = [], [state.player], []
    while not state.game_over:
        state, events = apply(state, rng.choice(list(legal_moves(state))))
        for event in events:
            if event.code == "hand-over":
                hands.append((event.params["number"], list(state.scores)))
            if event.code in ("hand-dealt", "hand-dealt-exchange"):
                starters.append(state.players[state.start_player])
                pieces.append(sum(hand.size() for hand in state.owned["hand"]))
    numbers = [number for number, _ in hands]
    assert numbers == list(range(1, len(hands) + 1)) and len(hands) > 1
    assert all(max(scores) < 10 for _, scores in hands[:-1]) and max(state.scores) >= 10
    # every hand adds 3, 2, 1 and 0 points: the finishing order of four
    assert all(sum(scores) == 6 * number for number, scores in hands)
    assert starters[:4] == ["anna", "bram", "cas", "dirk"], "the next player begins each hand"
    assert set(pieces) == {52}, "every card is gathered and dealt again"
    assert state.winners() == tuple(p for p, s in zip(state.players, state.scores)
                                    if s == max(state.scores))


def test_a_new_hand_starts_on_an_empty_table_with_everyone_in():
    rules = load_ruleset(MATCH)
    state = new_game(rules, ["anna", "bram", "cas"], seed=1)
    rng = random.Random(1)
    events: list = []
    while "hand-dealt-exchange" not in [event.code for event in events]:
        state, events = apply(state, rng.choice(list(legal_moves(state))))
    assert state.areas["table"] == () and state.shared["discard"].size() == 0
    assert not [key for key in state.counters if key.startswith(("place:", "trick:"))]
    assert state.counters["hands"] == 1 and state.phase == "give", "the exchange comes first"
    while state.phase == "give":
        state, events = apply(state, rng.choice(list(legal_moves(state))))
    assert sum(hand.size() for hand in state.owned["hand"]) == 52
    assert Move("pass") not in legal_moves(state), "the player who begins leads"


def test_the_end_of_a_match_reads_the_points_only_when_a_hand_is_over(tmp_path):
    """Checked after every turn, 'scores.highest >= 1' would end the first hand at its first
    player out; as the end of a match it waits for the hand to be over."""
    rules = variant(tmp_path, f"hands:\n  over: 'players_in < 2'\n  deal:\n"
                              f"    again: {{step: deal-all, from: deck, to: hand}}\n"
                              f"end: {{when: 'scores.highest >= 1', reasons: null}}\n")
    state = new_game(rules, ["anna", "bram", "cas"], seed=2)
    rng = random.Random(2)
    while not state.game_over:
        state, _ = apply(state, rng.choice(list(legal_moves(state))))
    assert state.counters["hands"] == 1 and sorted(state.scores) == [0, 1, 2]


@pytest.mark.parametrize("starts", ["lowest", "highest"])
def test_the_next_hand_is_begun_by_the_player_with_the_fewest_or_the_most_points(tmp_path,
                                                                                starts):
    """Of players tied, the first in turn after the one who began the hand just over."""
    rules = variant(tmp_path, f"hands:\n  over: 'players_in < 2'\n  starts: {{{starts}: "
                              f"scores.mine}}\n  deal:\n    gather: {{step: gather, from: "
                              f"[hand, discard], to: deck, areas: true}}\n    again: {{step: "
                              f"deal-all, from: deck, to: hand}}\n"
                              f"end: {{when: 'hands == 4', reasons: null}}\n")
    state = new_game(rules, ["anna", "bram", "cas", "dirk"], seed=5)
    rng = random.Random(5)
    began = []
    while not state.game_over:
        start = state.start_player
        state, events = apply(state, rng.choice(list(legal_moves(state))))
        if any(event.code == "hand-dealt" for event in events):
            best = (min if starts == "lowest" else max)(state.scores)
            after = [(start + step) % 4 for step in range(1, 5)]
            assert state.start_player == next(s for s in after if state.scores[s] == best)
            assert state.player == state.players[state.start_player]
            began.append(state.start_player)
    assert len(began) == 3
