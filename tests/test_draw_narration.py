"""A drawn piece is named to everyone when everyone could see it: drawn into a public zone,
or taken from the top of a public one; drawn from a hidden stack into a hand, it is not."""

from __future__ import annotations

from regelwerk.engine import GameState, apply, legal_moves, load_ruleset, new_game


def _draw_events(state, move):
    _, events = apply(state, move)
    return [(e.code, e.params.get("kind")) for e in events if e.code.startswith("drew")]


def test_a_card_drawn_to_be_placed_in_the_open_is_named():
    state = new_game(load_ruleset("ogallala"), ["anna", "bram"], 4)
    draw = next(m for m in legal_moves(state) if m.action == "draw")
    [(code, kind)] = _draw_events(state, draw)
    assert code == "drew-shown" and kind is not None


def test_a_card_from_the_hidden_pile_into_a_hand_is_not_named_but_one_from_a_discard_pile_is():
    rules = load_ruleset("lost-cities")
    state = GameState.from_data(rules, {
        "players": ["anna", "bram"], "phase": "draw",
        "shared": {"deck": ["red-6", "blue-2"], "discard-red": ["red-4"]},
        "owned": {"hand": [{"red-2": 1}, {"red-3": 1}]}})
    from_deck = [m for m in legal_moves(state) if m.get("zone") == "deck"]
    from_pile = [m for m in legal_moves(state) if m.get("zone") == "discard-red"]
    assert _draw_events(state, from_deck[0]) == [("drew", "red-6")]
    assert _draw_events(state, from_pile[0]) == [("drew-shown", "red-4")]
