"""Placement by a rule (the step ``sort``), points by place among the players (``most`` and
``fewest`` of a zone's scoring, counted each hand or only at the end) and a tie broken by a
formula (``end.tiebreak``), through Sushi Go!: whole games by every number of players, bots
blind to the others' choices (chopsticks included), saves in the middle of the choices, and
every setting that cannot work refused where it stands. The rules themselves are told in
the scenarios (``tests/scenarios/sushi-go/``)."""

from __future__ import annotations

import random

import pytest

from regelwerk.engine import (GameState, Move, TurnContext, acting, apply, legal_moves,
                              load_game, make_bot, new_game, view)
from regelwerk.engine.data.shipped import resolve
from saved import played_through_saves
from variants import load_variant, refusal, said

SUSHI_GO = resolve("sushi-go")
DEALT = {2: 10, 3: 9, 4: 8, 5: 7}
#: the zones in front of a player, cleared after every round but the puddings
TABLE = ("tempura-row", "sashimi-row", "dumpling-row", "maki-row", "nigiri-row", "wasabi-row",
         "chopstick-rest")


@pytest.fixture(scope="module")
def rules():
    return load_game("sushi-go")


@pytest.mark.parametrize("players", sorted(DEALT))
def test_three_rounds_are_dealt_from_one_deck_and_every_card_is_taken(rules, players):
    names = [f"p{i}" for i in range(players)]
    rng = random.Random(players)
    state = new_game(rules, names, seed=players)
    rounds_seen = set()
    while not state.game_over:
        round_number = state.counters.get("hands", 0)
        if round_number not in rounds_seen:  # a round just dealt
            rounds_seen.add(round_number)
            assert all(state.owned["hand"][seat].size() == DEALT[players]
                       for seat in range(players))
            assert all(not state.owned[zone][seat] for zone in TABLE for seat in range(players))
            assert state.shared["deck"].size() == 108 - DEALT[players] * players * (
                round_number + 1)
        hands = {state.owned["hand"][seat].size() + state.owned["chosen"][seat].size()
                 for seat in range(players) if state.phase == "pick" and len(acting(state))
                 == players}
        assert len(hands) <= 1  # all hold as many cards while nobody has chosen
        state, _ = apply(state, rng.choice(list(legal_moves(state))))
    assert rounds_seen == {0, 1, 2} and state.counters["hands"] == 3
    taken = sum(state.owned[zone][seat].size() for zone in (*TABLE, "dessert-plate")
                for seat in range(players)) + state.shared["discard"].size()
    assert taken == DEALT[players] * players * 3


def test_a_bot_chooses_the_same_whatever_the_others_chose(rules):
    """Shuffling what the others hold and chose, among themselves, never changes the card a
    bot picks: it is blind to them by construction, to a second card taken with chopsticks
    too (nobody sees how many cards another holds)."""
    state = new_game(rules, ["ann", "bob", "cy"], seed=4)
    data = state.to_data()
    data["owned"]["chopstick-rest"][0] = {"chopsticks": 1}  # ann may take two
    data["shared"]["deck"].remove("chopsticks")
    state = GameState.from_data(rules, data)
    first, second = sorted(state.owned["hand"][0])[:2]
    state, _ = apply(state, Move.of("pick", kind=first), "ann")
    state, _ = apply(state, Move.of("second", kind=second), "ann")
    assert acting(state) == ("bob", "cy")
    hidden = [kind for zone in ("hand", "chosen") for seat in (0, 2)
              for kind, n in state.owned[zone][seat].counts().items() for _ in range(n)]
    for level in ("random", "greedy", "mcts"):
        choices = set()
        for trial in range(5):
            mixed = random.Random(trial).sample(hidden, len(hidden))
            data = state.to_data()
            for seat, (held, chosen) in ((0, (7, 2)), (2, (9, 0))):
                taken, mixed = mixed[:held + chosen], mixed[held + chosen:]
                data["owned"]["hand"][seat] = _tally(taken[:held])
                data["owned"]["chosen"][seat] = _tally(taken[held:])
            world = GameState.from_data(rules, data)
            assert view(world, "bob") == view(state, "bob")
            choices.add(make_bot(level, seed=3).choose(view(world, "bob"), rules))
        assert len(choices) == 1, f"the {level} bot's choice depended on hidden choices"


def _tally(kinds: list[str]) -> dict[str, int]:
    counted: dict[str, int] = {}
    for kind in kinds:
        counted[kind] = counted.get(kind, 0) + 1
    return counted


def test_a_game_saved_in_the_middle_of_the_choices_goes_on_the_same(rules):
    states = played_through_saves(rules, ["ann", "bob", "cy"], seed=6)
    assert any(0 < len(acting(s)) < 3 for s in states)
    assert any(s.phase == "second" for s in states)
    assert states[-1].game_over and states[-1].counters["hands"] == 3


def test_conditions_read_the_neighbours_zones_and_the_most_and_fewest_of_the_others(rules):
    """For bob (seat 2 of 4): ann before him, cy after him; the others' most and fewest
    puddings. Nobody may count another's hand: it is secret, and no condition reads it."""
    state = new_game(rules, ["ann", "bob", "cy", "dee"], seed=1)
    data = state.to_data()
    for hand in data["owned"]["hand"]:
        hand.pop("pudding", None)
    data["shared"]["deck"] = [kind for kind in data["shared"]["deck"] if kind != "pudding"]
    data["shared"]["discard"] = {"pudding": 4}
    data["owned"]["dessert-plate"] = [{"pudding": 2}, {"pudding": 3}, {"pudding": 1}, {}]
    data["to_move"] = 1
    context = TurnContext(GameState.from_data(rules, data))
    assert (context["left"].dessert_plate, context["right"].dessert_plate) == (1, 2)
    assert (context["others_most"].dessert_plate,
            context["others_fewest"].dessert_plate) == (2, 0)
    assert not hasattr(context["left"], "hand")


def test_a_variant_changes_the_places_and_the_points(tmp_path):
    """Puddings scored after every round, for the most only; nigiri kept off the wasabi."""
    rules = load_variant(tmp_path, SUSHI_GO,
                         "  scoring:\n    puddings: {at: hand, fewest: null}\n"
                         "  turn:\n    after_round:\n      serve:\n        to:\n"
                         "          - {zone: nigiri-row, when: 'card.dish == \"nigiri\"'}\n"
                         "          - {zone: dessert-plate}\n")
    state = new_game(rules, ["ann", "bob"], seed=1)
    data = state.to_data()
    data["owned"]["hand"] = [{"squid-nigiri": 1}, {"pudding": 1}]
    data["owned"]["wasabi-row"][0] = {"wasabi": 1}
    data["shared"]["deck"] = [kind for kind in data["shared"]["deck"]
                              if kind not in ("squid-nigiri", "pudding", "wasabi")][:40]
    data["shared"]["discard"] = {}
    state = GameState.from_data(rules, data)
    state, _ = apply(state, Move.of("pick", kind="squid-nigiri"), "ann")
    state, _ = apply(state, Move.of("pick", kind="pudding"), "bob")
    assert state.scores == [3, 6]  # the squid nigiri once, the pudding at once
    assert state.counters["hands"] == 1


def serve_to(*places: str) -> str:
    """A variant's changes: the cards revealed served to these places instead."""
    return "  turn:\n    after_round:\n      serve:\n        to:\n" + "".join(
        f"          - {place}\n" for place in places)


@pytest.mark.parametrize("changes, where, words", [
    (serve_to("{zone: puddings}"),
     ("turn", "after_round", "serve", "to", 0, "zone"), "unknown zone"),
    (serve_to("{zone: revealed}"),
     ("turn", "after_round", "serve", "to", 0, "zone"), "sorted into itself"),
    (serve_to('{zone: nigiri-row}', '{zone: dessert-plate}'),
     ("turn", "after_round", "serve", "to", 1), "no piece ever goes here"),
    ("  turn:\n    after_round:\n      chopsticks-back:\n        to:\n"
     "          - {zone: hand, when: 'chopsticks.times > 0'}\n",
     ("turn", "after_round", "chopsticks-back", "to", 0, "when"), "unknown name"),
    (serve_to("{zone: nigiri-row, pick: closest-below}"),
     ("turn", "after_round", "serve", "to", 0, "pick"), "give both or neither"),
    (serve_to("{zone: nigiri-row, pick: closest-below, by: dish}"),
     ("turn", "after_round", "serve", "to", 0, "by"), "not a number attribute"),
    (serve_to("{zone: nigiri-row, pick: closest-below, by: value}"),
     ("turn", "after_round", "serve", "to", 0, "zone"), "must be ordered"),
    (serve_to("{zone: nigiri-row, full_to: dessert-plate}"),
     ("turn", "after_round", "serve", "to", 0, "full_to"), "no capacity"),
    ("  turn:\n    after_round:\n      serve: {by: dish}\n",
     ("turn", "after_round", "serve", "by"), "not a number attribute"),
    ("  scoring:\n    tempura: {by: count}\n", ("scoring", "tempura", "by"),
     "ranks the players"),
    ("  scoring:\n    maki: {most: {points: [6, 3], when: 'hands > 1'}}\n",
     ("scoring", "maki", "most", "when"), "unknown name 'hands'"),
    ("  end:\n    tiebreak: 'second.times'\n", ("end", "tiebreak"), "unknown name 'second'"),
    ("  actions:\n    second: {allows: 'left.hand > 0'}\n", ("actions", "second", "allows"),
     "no field 'hand'"),
    ("  hands:\n    starts: {lowest: 'second.times'}\n", ("hands", "starts", "lowest"),
     "unknown name 'second'"),
    ("  counts:\n    dipped: {name: null}\n", ("counts", "dipped"), "missing required key 'name'"),
])
def test_a_setting_that_cannot_work_is_refused_where_it_stands(tmp_path, changes, where, words):
    error = refusal(tmp_path, SUSHI_GO, changes)
    assert error.location.path == where and words in said(error), said(error)


def test_points_counted_only_at_the_end_need_a_game_of_hands(tmp_path):
    error = refusal(tmp_path, resolve("lost-cities"),
                    "  scoring:\n    expeditions: {at: end}\n")
    assert error.location.path[-1] == "at" and "several hands" in said(error), said(error)
