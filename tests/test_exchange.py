"""The exchange before play (``turn.order.exchange``), the game's own counts of pieces
(``counts``) and a hand's own points (``hands.points``), through Hearts: who may act while
cards are chosen to pass, bots blind to the others' choices, saves in the middle of an
exchange, and every setting that cannot work refused where it stands. The rules themselves
are told in the scenarios (``tests/scenarios/hearts/``)."""

from __future__ import annotations

import random

import pytest

from regelwerk.engine import (GameState, Move, acting, apply, legal_moves, load_game,
                              make_bot, new_game, view)
from regelwerk.engine.data.shipped import resolve
from hands import moon_shot
from saved import played_through_saves
from variants import load_variant, refusal, said

HEARTS = resolve("hearts")
PLAYERS = ["ann", "bob", "cy", "dee"]


@pytest.fixture(scope="module")
def rules():
    return load_game("hearts")


def give(kind):
    return Move.of("give", kind=kind)


def test_every_hand_but_every_fourth_begins_with_an_exchange_of_three_cards(rules):
    rng = random.Random(5)
    state = new_game(rules, PLAYERS, seed=11)
    exchanges = {}  # hand number -> whether it began with one
    while not state.game_over:
        hand = state.counters.get("hands", 0)
        exchanges.setdefault(hand, state.phase == "pass")
        if state.phase == "pass":
            assert all(len(state.owned["hand"][seat]) + state.owned["passing"][seat].size()
                       == 13 for seat in range(4))
        state, _ = apply(state, rng.choice(list(legal_moves(state))))
    assert len(exchanges) > 4
    assert all(began == (hand % 4 != 3) for hand, began in exchanges.items())
    assert max(state.scores) >= 100
    assert state.winners() == tuple(player for player, points in zip(PLAYERS, state.scores)
                                    if points == min(state.scores))


def test_a_bot_passes_the_same_whatever_the_others_chose(rules):
    """Shuffling what the others hold and chose to pass, among themselves, never changes
    the cards a bot chooses: it is blind to them by construction."""
    state = new_game(rules, PLAYERS, seed=2)
    for seat in (0, 1):  # ann and bob have chosen, cy and dee have not
        for kind in sorted(state.owned["hand"][seat])[:3]:
            state, _ = apply(state, give(kind), PLAYERS[seat])
    assert acting(state) == ("cy", "dee")
    hidden = [kind for seat in (0, 1, 3) for zone in ("hand", "passing")
              for kind in state.owned[zone][seat]]
    for level in ("random", "greedy", "mcts"):
        choices = set()
        for trial in range(5):
            mixed = random.Random(trial).sample(hidden, len(hidden))
            data = state.to_data()
            for seat in (0, 1, 3):
                data["owned"]["passing"][seat] = {kind: 1 for kind in mixed[:3 * (seat < 2)]}
                del mixed[:3 * (seat < 2)]
                data["owned"]["hand"][seat] = {kind: 1 for kind in mixed[:13 - 3 * (seat < 2)]}
                del mixed[:13 - 3 * (seat < 2)]
            world = GameState.from_data(rules, data)
            choices.add(make_bot(level, seed=7).choose(view(world, "cy"), rules))
        assert len(choices) == 1, f"the {level} bot's choice depended on hidden cards"


def test_the_others_see_how_many_cards_were_chosen_never_which(rules):
    state = new_game(rules, PLAYERS, seed=3)
    kind = sorted(state.owned["hand"][1])[0]
    after, events = apply(state, give(kind), "bob")
    assert [event.code for event in events] == ["played-face-down"]
    assert kind not in str(events[0].params)
    assert view(after, "ann").zones["passing"]["bob"] == {"count": 1}
    assert view(after, "bob").zones["passing"]["bob"] == {kind: 1}


def test_a_game_saved_in_the_middle_of_an_exchange_and_of_a_trick_goes_on_the_same(rules):
    states = played_through_saves(rules, PLAYERS, seed=6, moves=120)
    assert any(s.phase == "pass" and 0 < len(acting(s)) < 4 for s in states)
    assert any(s.phase == "play" and s.shared["trick"].size() for s in states)


def test_the_hand_formula_gives_the_points_of_a_hand(tmp_path):
    """A variant where the shooter takes 26 off their own score instead."""
    rules = load_variant(tmp_path, HEARTS, "  hands:\n    points: \"0 - points.mine if "
                         "points.highest == points.total else points.mine\"\n")
    state, events = moon_shot(rules)
    assert state.scores == [-26, 0, 0, 0]
    assert [e.params["points"] for e in events if e.code == "points-instead"] == [-26]


@pytest.mark.parametrize("changes, where, words", [
    ("  zones:\n    passing: {visibility: public}\n", ("turn", "order", "exchange", "zone"),
     "no secret"),
    ("  turn:\n    order: {exchange: {direction: [none]}}\n",
     ("turn", "order", "exchange", "direction"), "nothing is ever exchanged"),
    ("  turn:\n    order: {exchange: {phase: nowhere}}\n",
     ("turn", "order", "exchange", "phase"), "unknown phase"),
    ("  counts:\n    other-suits: {of: all}\n", ("counts", "other-suits", "zone"),
     "not seen by everyone"),
    ("  counts:\n    hearts-taken: {zone: trick, of: mine}\n", ("counts", "hearts-taken", "zone"),
     "must belong to each player"),
    ("  counts:\n    hearts-taken: {where: 'card.suit == \"cups\"'}\n",
     ("counts", "hearts-taken", "where"), "no value of"),
    ("  hands:\n    points: \"points.best\"\n", ("hands", "points"), "no field 'best'"),
    ("  actions:\n    play: {allows: \"counts.hearts > 0\"}\n", ("actions", "play", "allows"),
     "no field 'hearts'"),
])
def test_a_setting_that_cannot_work_is_refused_where_it_stands(tmp_path, changes, where, words):
    error = refusal(tmp_path, HEARTS, changes)
    assert error.location.path == where and words in said(error), said(error)


@pytest.mark.parametrize("changes, where, words", [
    ("  turn:\n    order: {exchange: {direction: places}}\n",
     ("turn", "order", "exchange", "direction"), "it is needed"),
    ("  turn:\n    order: {exchange: {direction: places, count: 2}}\n",
     ("turn", "order", "exchange", "count"), "give a list"),
    ("  turn:\n    order: {exchange: {direction: [places, left], count: [2]}}\n",
     ("turn", "order", "exchange", "direction"), "cannot be taken in turn"),
    ("  turn:\n    order: {exchange: {direction: places, count: [0, 0]}}\n",
     ("turn", "order", "exchange", "count"), "nothing is ever exchanged"),
    ("  turn:\n    order: {exchange: {count: [3]}}\n",
     ("turn", "order", "exchange", "count"), "for the direction 'places' only"),
    ("  turn:\n    order: {exchange: {direction: places, count: [3]}}\n",
     ("turn", "order", "exchange", "direction"), "never has a finishing order"),
    ("  actions:\n    give: {allows: \"card.value == highest.hand.suit\"}\n",
     ("actions", "give", "allows"), "no field 'suit'"),
    ("  actions:\n    give: {allows: \"card.value == lowest.trick.value\"}\n",
     ("actions", "give", "allows"), "no field 'trick'"),
])
def test_a_count_or_a_number_that_cannot_work_is_refused_where_it_stands(tmp_path, changes,
                                                                         where, words):
    error = refusal(tmp_path, HEARTS, changes)
    assert error.location.path == where and words in said(error), said(error)


@pytest.mark.parametrize("extreme, pick", [("highest", max), ("lowest", min)])
def test_a_count_gives_each_player_turns_until_they_have_chosen_that_many(tmp_path, extreme,
                                                                          pick):
    """With 'count', one card a turn: the exchange gives the player another turn until they
    have chosen three; 'highest'/'lowest' make them the highest or lowest values held."""
    rules = load_variant(tmp_path, HEARTS, "  turn:\n    order: {exchange: {count: 3}}\n"
                                           "  actions:\n    give:\n      then: end\n"
                                           f"      allows: \"card.value == {extreme}.hand"
                                           ".value\"\n")
    state = new_game(rules, PLAYERS, seed=4)
    held = [rules.card_records[kind].value for kind in state.owned["hand"][2]]
    for turn in range(3):
        assert acting(state) == (("cy",) if turn else tuple(PLAYERS))
        moves = legal_moves(state, "cy")
        assert {rules.card_records[move.get("kind")].value for move in moves} == {pick(held)}
        state, events = apply(state, moves[0], "cy")
        held.remove(rules.card_records[moves[0].get("kind")].value)
        assert "turn-ended" in [event.code for event in events]
    assert acting(state) == ("ann", "bob", "dee")


def test_a_match_saved_in_the_middle_of_an_exchange_between_places_goes_on_the_same():
    rules = load_game(resolve("president").parent / "variants" / "match.yaml")
    states = played_through_saves(rules, PLAYERS, seed=3, moves=300)
    assert any(s.phase == "give" and s.owned["passing"][s.to_move].size() for s in states)


@pytest.mark.parametrize("game, words", [
    ("hearts", "{player} passes what they choose to {other}."),
    ("match", "{player} passes {count} to {other} ({chosen} chosen)."),
])
def test_the_screen_tells_the_chooser_to_whom_they_pass_and_how_many(game, words):
    """The prompt of an exchange said only 'Which card?'."""
    from rich.console import Console

    from regelwerk.cli.screen import screen
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    rules = load_game(resolve("president").parent / "variants" / "match.yaml"
                      if game == "match" else "hearts")
    state, rng = new_game(rules, PLAYERS, seed=3), random.Random(3)
    while rules.order.passing(state, state.players.index(state.player)) is None:
        state, _ = apply(state, rng.choice(list(legal_moves(state))))
    partner, owed, chosen = rules.order.passing(state, state.players.index(state.player))
    console = Console(width=80, record=True)
    console.print(screen(state, state.player, rules, GameText(rules, translations("en"), "en")))
    told = words.format(player=state.player, other=PLAYERS[partner], chosen=chosen,
                        count=f"{owed} card" + ("s" if owed != 1 else "") if owed else "")
    assert told in console.export_text()
