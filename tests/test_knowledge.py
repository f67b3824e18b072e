"""Hands held facing away and what players are told of them (visibility ``others``, the
``tell`` mechanism, notes kept with the pieces): who sees what, what saves keep, what the
bots' possible worlds respect."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from regelwerk.engine import GameState, Move, apply, legal_moves, load_ruleset, new_game, view
from regelwerk.engine.bots.worlds import possible_world

PLAYERS = ["anna", "bram", "cas"]


@pytest.fixture(scope="module")
def hanabi():
    return load_ruleset("hanabi")


HANDS = [["red-1", "white-3", "red-4", "blue-1", "green-2"],
         ["white-1", "yellow-4", "green-1", "blue-3", "red-3"],
         ["yellow-1", "white-2", "green-5", "blue-2", "red-2"]]


def told_game(rules) -> GameState:
    """Anna, bram and cas hold ``HANDS``; anna tells bram his 1s, bram tells cas her blue
    card and cas tells anna her red cards."""
    deck = Counter({kind: c.copies for kind, c in rules.components.items()
                    if not c.attributes.get("token")})
    deck.subtract(Counter(kind for hand in HANDS for kind in hand))
    state = GameState.from_data(rules, {
        "players": PLAYERS, "owned": {"hand": HANDS},
        "shared": {"deck": sorted(deck.elements()), "clues": {"clue-token": 8},
                   "fuses": {"fuse-token": 3}}})
    for target, value in (("bram", "1"), ("cas", "blue"), ("anna", "red")):
        state, _ = apply(state, Move("clue", (("player", target), ("value", value))))
    return state


def test_a_hand_held_facing_away_is_seen_by_all_but_its_owner(hanabi):
    state = told_game(hanabi)
    own, others = view(state, "anna").zones["hand"], view(state, "bram").zones["hand"]
    assert own["anna"] == {"count": 5} and own["bram"] == list(state.owned["hand"][1])
    assert others["anna"] == list(state.owned["hand"][0]) and others["bram"] == {"count": 5}


def test_what_a_player_was_told_is_seen_by_everyone(hanabi):
    state = told_game(hanabi)
    told = {player: view(state, player).told["hand"] for player in PLAYERS}
    assert told["anna"] == told["bram"] == told["cas"]
    anna = told["anna"]["anna"]
    assert [place.get("colour") for place in anna] == [
        ["red"], ["white", "yellow", "green", "blue"], ["red"],
        ["white", "yellow", "green", "blue"], ["white", "yellow", "green", "blue"]]
    assert [place.get("value") for place in told["anna"]["bram"]] == [
        [1], [2, 3, 4, 5], [1], [2, 3, 4, 5], [2, 3, 4, 5]]


def test_notes_travel_with_their_cards_and_are_saved(hanabi):
    state = told_game(hanabi)
    played, _ = apply(state, Move("play", (("place", 1),)))  # anna plays her red 1
    assert played.shared["firework-red"] == ["red-1"]
    assert played.owned["hand"][0][1:] == ["white-3", "red-4", "blue-1", "green-2"]
    others = ["white", "yellow", "green", "blue"]
    assert [notes.get("colour") for notes in played.told()["hand"][0]] == [
        None, others, ["red"], others, others]  # the card drawn into place 1: told nothing
    again = GameState.from_data(hanabi, played.to_data())
    assert again.told() == played.told() and again.to_data() == played.to_data()


def test_state_data_with_unsound_notes_is_refused(hanabi):
    data = told_game(hanabi).to_data()
    data["told"]["hand"][0] = [{"colour": ["purple"]}] * 6
    with pytest.raises(ValueError, match="notes"):
        GameState.from_data(hanabi, data)


def test_every_possible_world_agrees_with_what_the_player_was_told(hanabi):
    """Anna does not see her hand; in every world a bot imagines for her, her cards are
    those she was told they are, and the others' cards are as she sees them."""
    state = told_game(hanabi)
    seen = view(state, "anna")
    for seed in range(20):
        world = possible_world(seen, hanabi, random.Random(seed))
        assert view(world, "anna") == seen
        for kind, notes in zip(world.owned["hand"][0], seen.told["hand"]["anna"]):
            attributes = hanabi.components[kind].attributes
            assert all(attributes[name] in values for name, values in notes.items())
        assert legal_moves(world)[:] == legal_moves(state)[:]


def test_a_hand_no_one_told_anything_is_dealt_at_random_in_a_world(hanabi):
    state = new_game(hanabi, PLAYERS, 9)
    seen = view(state, "anna")
    hands = {tuple(possible_world(seen, hanabi, random.Random(seed)).owned["hand"][0])
             for seed in range(10)}
    assert len(hands) > 1


@pytest.mark.parametrize("value, asked", [("yellow", "whose colour is yellow"),
                                          ("2", "whose number is 2")])
def test_a_clue_refused_names_what_was_asked_for(hanabi, value, asked):
    """Bram holds no yellow card and no 2: the refusal says the colour or the number asked
    for, never 'that value' for a colour."""
    from regelwerk.cli.play import reason
    from regelwerk.engine import IllegalMove
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    state = GameState.from_data(hanabi, {
        "players": PLAYERS, "owned": {"hand": [HANDS[0], ["white-1", "red-4", "green-1",
                                                          "blue-3", "red-3"], HANDS[2]]},
        "shared": {"clues": {"clue-token": 8}, "fuses": {"fuse-token": 3}}})
    with pytest.raises(IllegalMove) as refused:
        apply(state, Move("clue", (("player", "bram"), ("value", value))))
    assert reason(refused.value, GameText(hanabi, translations("en"), "en")) == \
        f"bram has no cards {asked}"


def test_a_list_of_pieces_counts_every_kind_or_none(hanabi):
    """A yellow 5 is the only one of its kind, but among counted cards it is counted too."""
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    text = GameText(hanabi, translations("en"), "en")
    assert text.held({"white-3": 1, "yellow-3": 2, "yellow-5": 1}) == \
        ["1 white 3", "2 yellow 3s", "1 yellow 5"]
    assert text.held({"yellow-5": 1, "red-5": 1}) == ["yellow 5", "red 5"]
