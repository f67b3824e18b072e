"""Moves that name another player (``guess``, ``look``, ``compare``, ``swap``,
``discard-and-draw``), players knocked out of a hand (``last-standing``), hands won by those
still in (``won_by``) and what a player was shown of another's hand: who sees it, what
saves keep, what bots may know."""

from __future__ import annotations

import random

import pytest

from regelwerk.engine import (DataError, GameState, Move, apply, legal_moves, load_ruleset,
                              new_game, view)
from regelwerk.engine.bots.levels import GreedyBot
from regelwerk.engine.bots.mcts import MctsBot
from regelwerk.engine.bots.worlds import possible_world
from regelwerk.engine.compiler.loading import load_ruleset_text

PLAYERS = ["anna", "bram", "cas"]


@pytest.fixture(scope="module")
def love_letter():
    return load_ruleset("love-letter")


def looked_at(rules) -> GameState:
    """Anna has drawn a priest and looked at bram's hand (a princess); cas holds a guard."""
    state = GameState.from_data(rules, {
        "players": PLAYERS, "phase": "play",
        "owned": {"hand": [{"priest": 1, "baron": 1}, {"princess": 1}, {"guard": 1}]},
        "shared": {"aside": ["king"],
                   "deck": ["guard", "guard", "guard", "guard", "priest", "baron", "handmaid",
                            "handmaid", "prince", "prince", "countess"]}})
    state, _ = apply(state, Move("priest", (("player", "bram"),)))
    return state


def test_a_hand_looked_at_is_seen_by_the_looker_alone(love_letter):
    state = looked_at(love_letter)
    assert view(state, "anna").zones["hand"]["bram"] == {"princess": 1}
    assert view(state, "anna").seen == {"hand": ("bram",)}
    assert view(state, "cas").zones["hand"]["bram"] == {"count": 1}
    assert view(state, "cas").seen == {}


def test_what_was_seen_is_forgotten_once_the_hand_changes(love_letter):
    state = looked_at(love_letter)
    state, _ = apply(state, Move("draw", ()))  # bram draws: his hand is no longer as seen
    assert view(state, "anna").zones["hand"]["bram"] == {"count": 2}
    assert view(state, "anna").seen == {}


def test_what_was_seen_is_saved_and_unsound_marks_are_refused(love_letter):
    state = looked_at(love_letter)
    data = state.to_data()
    assert data["seen"] == {"hand": [[], ["anna"], []]}
    assert GameState.from_data(love_letter, data).to_data() == data
    data["seen"]["hand"][1] = ["bram"]  # his own hand: not another player's sight of it
    with pytest.raises(ValueError, match="not another player"):
        GameState.from_data(love_letter, data)


def test_every_possible_world_of_the_looker_holds_the_hand_seen(love_letter):
    seen = view(looked_at(love_letter), "anna")
    for seed in range(10):
        world = possible_world(seen, love_letter, random.Random(seed))
        assert world.owned["hand"][1].counts() == {"princess": 1}
        assert view(world, "anna") == seen


def anna_to_play(rules, cas_holds: str = "guard") -> GameState:
    """After looking at bram's princess, anna is to play again, holding a guard and a baron;
    cas holds ``cas_holds`` (the deck the rest)."""
    data = looked_at(rules).to_data()
    deck = data["shared"]["deck"]
    deck.remove("guard")
    deck[deck.index(cas_holds)] = "guard"
    data["owned"]["hand"][0] = {"guard": 1, "baron": 1}
    data["owned"]["hand"][2] = {cas_holds: 1}
    data["to_move"], data["phase"] = 0, "play"
    return GameState.from_data(rules, data)


def test_a_bot_does_not_learn_an_unseen_hand_but_uses_a_seen_one(love_letter):
    """Cas's hand, unseen by anna, may be anything without changing anna's choice; bram's,
    which she saw, is the one she names with her guard."""
    state, other = anna_to_play(love_letter, "guard"), anna_to_play(love_letter, "priest")
    assert view(other, "anna") == view(state, "anna")
    for make in (lambda: GreedyBot(3), lambda: MctsBot(3, iterations=60)):
        first = make().choose(view(state, "anna"), love_letter)
        assert first == make().choose(view(other, "anna"), love_letter)
        assert first in legal_moves(state)
    assert GreedyBot(3).choose(view(state, "anna"), love_letter) == \
        Move.of("guard", player="bram", guess="princess")


RULES = """\
format: 1
id: duel
title: Duel
players: {min: 2, max: 3}
terms: {player: [player, players], piece: [card, cards], point: [point, points]}
components:
  low: {rank: 1, copies: 6, name: [low card, low cards]}
  high: {rank: 2, copies: 6, name: [high card, high cards]}
supply: deck
zones:
  deck: {scope: shared, visibility: hidden, ordered: true, name: deck}
  hand: {scope: player, visibility: owner, name: hand}
  played: {scope: player, visibility: public, ordered: true, name: played cards}
setup:
  shuffle: {step: shuffle, zone: deck}
  deal: {step: deal, from: deck, to: hand, count: 1}
turn:
  start: draw
  phases:
    draw: {actions: [draw]}
    play: {actions: [duel]}
ORDER
actions:
  draw: {mechanism: draw-to, from: deck, to: hand, then: play}
  duel: {mechanism: compare, from: hand, to: played, plays: low, then: end}
HANDS
end:
  when: "scores.highest >= 3"
"""


def duel(order: str = "  order: {mechanism: last-standing, lays_down: hand, onto: played}",
         hands: str = 'hands:\n  over: "players_in < 2 or zone.deck == 0"\n'
                      '  won_by: ["highest.hand.rank"]\n  starts: winner\n'
                      '  deal:\n    gather: {step: gather, from: [hand, played], to: deck}\n'
                      '    shuffle: {step: shuffle, zone: deck}\n'
                      '    deal: {step: deal, from: deck, to: hand, count: 1}\n'):
    return RULES.replace("ORDER\n", order + "\n" if order else "").replace("HANDS\n", hands)


def test_a_game_of_knock_outs_plays_to_its_end():
    rules = load_ruleset_text(duel(), "duel.yaml")
    state = new_game(rules, ["anna", "bram", "cas"], 4)
    choose = random.Random(4)
    while not state.game_over:
        moves = legal_moves(state)
        state, _ = apply(state, moves[choose.randrange(len(moves))])
    assert max(state.scores) == 3 and state.winners()


@pytest.mark.parametrize("changed, message", [
    (dict(order=""), "the order 'last-standing'"),
    (dict(hands='hands:\n  over: "zone.deck == 0"\n  starts: winner\n'
                '  deal:\n    shuffle: {step: shuffle, zone: deck}\n'), "add 'won_by'"),
])
def test_rules_that_cannot_work_are_refused_where_they_are_written(changed, message):
    with pytest.raises(DataError, match=message) as refused:
        load_ruleset_text(duel(**changed), "duel.yaml")
    assert refused.value.location is not None and refused.value.location.line > 1


def test_pieces_played_for_all_to_see_must_lie_in_a_public_zone():
    text = duel().replace("played: {scope: player, visibility: public",
                          "played: {scope: player, visibility: owner")
    with pytest.raises(DataError, match="must be public"):
        load_ruleset_text(text, "duel.yaml")
