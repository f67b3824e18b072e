"""Bots play legal moves and cannot see what their player may not see."""

from __future__ import annotations

import inspect
import random
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Callable

import pytest

from regelwerk.engine import GameState, apply, legal_moves, load_ruleset, new_game, view
from regelwerk.engine.bots.levels import BOTS, Bot, GreedyBot, RandomBot
from regelwerk.engine.bots.mcts import MctsBot
from regelwerk.engine.bots.worlds import possible_world


def _midgame(rules, seed=11, decisions=25):
    players = max(rules.min_players, min(3, rules.max_players))
    state = new_game(rules, ["anna", "bram", "cas", "dora"][:players], seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        moves = legal_moves(state)
        after, _ = apply(state, moves[rng.randrange(len(moves))])
        if after.game_over:  # random play ends some games early: stop short of the end
            break
        state = after
    return state


def _shuffle_unseen_faces(data, zone, me):
    """The pieces of a zone with faces that lie face down where the player to move does not
    see them (neither face up nor remembered), dealt again at random into the same places:
    a shared grid's cells, or the places of the others' piles."""
    if zone.scope == "shared":
        columns = zone.grid[1]
        known = {f"{place // columns + 1}.{place % columns + 1}"
                 for place in data["up"][zone.id] + data["remembered"][zone.id]}
        cells = data["shared"][zone.id]
        unseen = sorted(key for key in cells if key not in known)
        piles = [(cells, unseen)]
    else:  # seen by its owner alone, face down
        faces = zip(data["owned"][zone.id], data["up"][zone.id], data["remembered"][zone.id])
        piles = [(pile, [place for place in range(len(pile)) if place not in up + remembered])
                 for seat, (pile, up, remembered) in enumerate(faces) if seat != me]
    for content, unseen in piles:
        kinds = [content[place] for place in unseen]
        random.Random(98).shuffle(kinds)
        for place, kind in zip(unseen, kinds):
            content[place] = kind


def _shuffle_hidden(state):
    """The same game as far as the player to move can tell: every piece it cannot see
    (others' hidden zones, its own held facing away, hidden piles and the order of hidden
    stacks) dealt again at random into the same places, and another generator for what is
    still to be drawn."""
    data = state.to_data()
    me = state.to_move
    seen = data.get("seen", {})
    places = []  # (section, key): a hidden shared zone, or a zone of another player
    for zone in state.rules.zones.values():
        if zone.content.faced:
            _shuffle_unseen_faces(data, zone, me)
        elif zone.scope == "shared" and zone.visibility == "hidden":
            places.append((data["shared"], zone.id))
        elif zone.scope == "player" and zone.visibility != "public":
            places += [(data["owned"][zone.id], i) for i in range(len(state.players))
                       if (i == me) == (zone.visibility == "others")
                       and state.player not in seen.get(zone.id, [[]] * (i + 1))[i]]
    pool, sizes = [], []
    for section, key in places:
        content = section[key]
        pieces = list(content) if isinstance(content, list) else \
            [k for k, n in content.items() for _ in range(n)]
        pool += pieces
        sizes.append(len(pieces))
    random.Random(99).shuffle(pool)
    for (section, key), size in zip(places, sizes):
        dealt, pool = pool[:size], pool[size:]
        section[key] = dealt if isinstance(section[key], list) else dict(Counter(dealt))
    data["rng"] = random.Random(data["rng"]).randrange(2**63)
    return GameState.from_data(state.rules, data)


#: every bot there is, the search with a small budget so that the test stays quick
EVERY_BOT = {"random": RandomBot, "greedy": GreedyBot,
             "mcts": lambda seed: MctsBot(seed, iterations=40)}


def test_every_bot_and_level_is_tested_for_blindness():
    assert {type(BOTS[name](0)) for name in BOTS} == {type(make(0)) for make in EVERY_BOT.values()}


@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_bot_is_given_only_a_view(name):
    parameters = inspect.signature(BOTS[name].choose).parameters
    assert list(parameters) == ["self", "view", "rules"]


@pytest.mark.parametrize("game", ["okavango", "ogallala", "lost-cities", "president", "hearts",
                                  "hanabi", "love-letter", "concentration",
                                  str(Path(__file__).parent / "rulesets" / "turn-up.yaml")])
@pytest.mark.parametrize("name", sorted(EVERY_BOT))
def test_what_a_bot_cannot_see_does_not_change_its_choice(game, name):
    rules = load_ruleset(game)
    for seed in (11, 12, 13):
        state = _midgame(rules, seed)
        other = _shuffle_hidden(state)
        assert other.to_data() != state.to_data()
        assert view(other, other.player) == view(state, state.player)
        first = EVERY_BOT[name](5).choose(view(state, state.player), rules)
        second = EVERY_BOT[name](5).choose(view(other, other.player), rules)
        assert first == second
        assert first in legal_moves(state) and first in legal_moves(other)


def test_a_possible_world_agrees_with_the_view(okavango):
    state = _midgame(okavango)
    seen = view(state, state.player)
    world = possible_world(seen, okavango, random.Random(1))
    assert view(world, state.player) == seen
    assert legal_moves(world)[:] == legal_moves(state)[:]


@pytest.mark.parametrize("visibility", ["owner", "secret"])
def test_a_possible_world_fills_a_zone_nobody_else_sees_in_its_own_form(tmp_path, visibility):
    """Lost Cities' expeditions are ordered piles: kept from the other player's eyes (even
    their size, when secret), they are still piles in every world a bot imagines."""
    variant = tmp_path / "v.yaml"
    variant.write_text("format: 1\nvariant: v\nbase: lost-cities\nchanges:\n  zones:\n"
                       f"    expedition: {{visibility: {visibility}}}\n", encoding="utf-8")
    rules = load_ruleset(variant)
    state = new_game(rules, ["anna", "bram"], 5)
    choose = random.Random(5)
    while not (state.to_move == 1 and any(  # bram to move, anna's expedition unseen
            per_player[0].size() for zone, per_player in state.owned.items()
            if zone.startswith("expedition"))):
        moves = legal_moves(state)
        state, _ = apply(state, moves[choose.randrange(len(moves))])
    seen = view(state, state.player)
    world = possible_world(seen, rules, random.Random(1))
    assert view(world, state.player) == seen
    assert legal_moves(world)[:] == legal_moves(state)[:]


def test_a_possible_world_holds_every_piece_once(okavango):
    """Two ranger cards standing for two animals in one herd are two pieces seen: a world
    holds six ranger cards in all, not a seventh drawn for the one counted once."""
    data = new_game(okavango, ["anna", "bram"], 3).to_data()
    bag = data["shared"]["bag"]
    for _ in range(2):
        bag.remove("ranger")
    bag += [kind for kind, _, n in data["areas"]["delta-1"] for _ in range(n)]
    data["areas"]["delta-1"] = [["ranger", "lion", 1], ["ranger", "meerkat", 1]]
    state = GameState.from_data(okavango, data)
    world = possible_world(view(state, "anna"), okavango, random.Random(1))
    held = Counter({kind: 0 for kind in okavango.components})
    for group in world.areas.values():
        for kind, _, n in group:
            held[kind] += n
    for content in (*world.shared.values(), *(c for per in world.owned.values() for c in per)):
        held.update(content.counts())
    assert held == {kind: c.copies for kind, c in okavango.components.items()}


@cache
def _whole_game(make: Callable[..., Bot]) -> None:
    """Play a whole game of Okavango with the bot ``make`` gives, each move it chooses
    checked to be legal: once per bot, not per name, since a level is a bot by another
    name ("hard" is "mcts") and the same bot plays the same game (a failed game is not
    kept, and fails again)."""
    rules = load_ruleset("okavango")
    state = new_game(rules, ["anna", "bram"], 3)
    bot = make(seed=1)
    while not state.game_over:
        move = bot.choose(view(state, state.player), rules)
        assert move in legal_moves(state)
        state, _ = apply(state, move)


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_play_whole_games_with_legal_moves(name):
    _whole_game(BOTS[name])


def test_greedy_beats_random(okavango):
    wins = 0
    for seed in range(6):
        state = new_game(okavango, ["greedy", "random"], seed)
        bots = {"greedy": BOTS["greedy"](seed), "random": BOTS["random"](seed)}
        while not state.game_over:
            state, _ = apply(state, bots[state.player].choose(view(state, state.player),
                                                               okavango))
        wins += "greedy" in state.winners()
    assert wins >= 5


def _lost_cities_hands(rules, anna, bram, deck=None):
    """A Lost Cities game in its first turn where each player holds the cards given, and
    ``deck`` cards left to draw (all the others when None; the rest in the discard piles)."""
    data = new_game(rules, ["anna", "bram"], 5).to_data()
    dealt = set(anna) | set(bram)
    data["owned"]["hand"] = [dict.fromkeys(anna, 1), dict.fromkeys(bram, 1)]
    rest = [kind for kind in rules.components for _ in range(rules.components[kind].copies)
            if kind not in dealt]
    data["shared"]["deck"] = rest[:deck]
    for kind in rest[len(data["shared"]["deck"]):]:
        data["shared"][f"discard-{rules.components[kind].attributes['colour']}"].append(kind)
    return GameState.from_data(rules, data)


def test_a_bot_starts_a_zone_that_costs_points_when_its_hand_can_make_it_pay():
    """An expedition costs 20 points once started: counted as it stands, no card is ever
    worth playing; counted with the cards the hand could still add, a run of high yellows
    is, lowest first (a higher one first would shut the lower ones out)."""
    rules = load_ruleset("lost-cities")
    state = _lost_cities_hands(
        rules, ["yellow-6", "yellow-7", "yellow-8", "yellow-9", "yellow-10", "blue-2",
                "green-2", "red-2"],
        ["white-2", "white-3", "white-4", "white-5", "white-6", "white-7", "white-8",
         "white-9"])
    move = GreedyBot(seed=3).choose(view(state, "anna"), rules)
    assert (move.action, move.get("kind")) == ("play", "yellow-6")


def test_a_bot_does_not_start_such_a_zone_without_turns_left_to_fill_it():
    """Two cards left to draw: about one turn each, not enough to make a new expedition pay
    (the hand's cards are counted only as far as there are turns to lay them)."""
    rules = load_ruleset("lost-cities")
    hands = (["yellow-6", "yellow-7", "yellow-8", "yellow-9", "yellow-10", "blue-2",
              "green-2", "red-2"],
             ["white-2", "white-3", "white-4", "white-5", "white-6", "white-7", "white-8",
              "white-9"])
    late = _lost_cities_hands(rules, *hands, deck=2)
    move = GreedyBot(seed=3).choose(view(late, "anna"), rules)
    assert move.action == "discard"


def test_greedy_bots_build_expeditions_and_score():
    rules = load_ruleset("lost-cities")
    for seed in range(2):
        state = new_game(rules, ["anna", "bram"], seed)
        bots = [GreedyBot(seed), GreedyBot(seed + 10)]
        played = 0
        while not state.game_over:
            move = bots[state.to_move].choose(view(state, state.player), rules)
            played += move.action == "play"
            state, _ = apply(state, move)
        assert played >= 10
        assert max(state.scores) > 0
