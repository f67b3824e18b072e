"""Hands of card games set up for a test: positions a few moves from what is tested."""

from __future__ import annotations

from regelwerk.engine import Event, GameState, Move, Ruleset, apply, new_game

PLAYERS = ["ann", "bob", "cy", "dee"]


def moon_shot(rules: Ruleset) -> tuple[GameState, list[Event]]:
    """The last trick of a hand of Hearts (or a variant) in which ann has taken every heart
    but the ace and the queen of spades, and leads the ace: the state after it and the
    events of the hand's end."""
    data = new_game(rules, PLAYERS, seed=1).to_data()
    hearts = [kind for kind in rules.components if kind.startswith("hearts")]
    data["owned"]["hand"] = [{"hearts-14": 1}, {"clubs-2": 1}, {"clubs-3": 1}, {"clubs-4": 1}]
    data["owned"]["taken"] = [{**{kind: 1 for kind in hearts if kind != "hearts-14"},
                               "spades-12": 1}, {}, {}, {}]
    data["owned"]["passing"] = [{}, {}, {}, {}]
    data["counters"] = {}
    data["shared"]["deck"] = [kind for kind in rules.components if kind not in
                              {*hearts, "spades-12", "clubs-2", "clubs-3", "clubs-4"}]
    data["phase"], data["to_move"] = "play", 0
    state = GameState.from_data(rules, data)
    events: list[Event] = []
    for seat, kind in enumerate(["hearts-14", "clubs-2", "clubs-3", "clubs-4"]):
        state, events = apply(state, Move.of("play", kind=kind), PLAYERS[seat])
    return state, events
