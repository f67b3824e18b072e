"""The default bot (bot:medium, the greedy bot) in card games of two kinds the engine knows
by their rules, not their names: a climbing game whose players go out by emptying their
hand (it gets rid of its low cards and keeps the high ones), and a trick game in which the
fewest points win (it stays out of tricks that carry points and passes its costly cards on
to others). Positions are built through the public engine: a new game's data with the
cards dealt as the test says, or moves played at random from a new game."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from regelwerk.engine import GameState, Move, apply, legal_moves, load_ruleset, new_game, view
from regelwerk.engine.bots.levels import GreedyBot, RandomBot
from regelwerk.engine.bots.worlds import burdens, emptied_zones
from regelwerk.engine.play.scoring import points_for

SEEDS = range(6)
PLAYERS = ["anna", "bram", "cas", "dora"]


def _climbing(rules, hands):
    """President with the players holding ``hands`` (kind -> copies), anna to lead, the
    cards nobody holds put aside on the discard pile."""
    data = new_game(rules, PLAYERS[:len(hands)], 5).to_data()
    data["owned"]["hand"] = [dict(hand) for hand in hands]
    held = Counter()
    for hand in hands:
        held.update(hand)
    data["shared"]["discard"] = {kind: c.copies - held[kind]
                                 for kind, c in rules.components.items()
                                 if c.copies > held[kind]}
    return GameState.from_data(rules, data)


def _played(move):
    """The kind and number of cards a play puts down (None for a pass)."""
    group = move.get("group") if move.action == "play" else None
    if not group:
        return None
    ((kind, _, n),) = group
    return kind, n


@pytest.mark.parametrize("seed", SEEDS)
def test_climbing_greedy_beats_the_table_with_its_lowest_card(seed):
    """Anna leads a single card; bram could pass, or beat it with any of several single
    cards: he beats it with the lowest of them, keeping the high ones for later."""
    rules = load_ruleset("president")
    bram = {"four": 1, "seven": 1, "nine": 1, "king": 1, "two": 1}
    state = _climbing(rules, [{"five": 1, "queen": 2, "three": 1}, bram,
                              {"six": 1, "jack": 2, "ace": 1}])
    state, _ = apply(state, Move("play", (("area", "table"), ("group", (("five", "five", 1),)))))
    assert state.player == "bram"
    actions = {move.action for move in legal_moves(state)}
    assert actions == {"play", "pass"}
    lowest_above = min((kind for kind in bram if rules.rank(kind) > rules.rank("five")),
                       key=rules.rank)
    chosen = GreedyBot(seed).choose(view(state, "bram"), rules)
    assert _played(chosen) == (lowest_above, 1)


@pytest.mark.parametrize("seed", SEEDS)
def test_climbing_greedy_leads_its_lowest_cards_all_together(seed):
    """Leading, anna sheds every card of her lowest rank at once, not a high set."""
    rules = load_ruleset("president")
    anna = {"three": 2, "seven": 1, "jack": 3, "two": 1}
    state = _climbing(rules, [anna, {"four": 2, "nine": 2}, {"five": 1, "king": 3}])
    lowest = min(anna, key=rules.rank)
    chosen = GreedyBot(seed).choose(view(state, "anna"), rules)
    assert _played(chosen) == (lowest, anna[lowest])


def test_climbing_greedy_beats_random():
    """Over a dozen games of three, the greedy bot goes out first far more often than its
    fair third."""
    rules = load_ruleset("president")
    wins = 0
    for seed in range(12):
        names = PLAYERS[:3]
        seat = seed % 3  # the greedy bot's seat turns round
        bots = {name: GreedyBot(seed) if i == seat else RandomBot(seed + i)
                for i, name in enumerate(names)}
        state = new_game(rules, names, seed)
        while not state.game_over:
            state, _ = apply(state, bots[state.player].choose(view(state, state.player), rules))
        wins += names[seat] in state.winners()
    assert wins >= 7


def _points_taken(rules, kind):
    """What a card costs its player once taken in a trick (the rules' scoring of the zone
    tricks are won into)."""
    return sum(points_for(rules, scoring, Counter({kind: 1})) - points_for(rules, scoring, {})
               for scoring in rules.zone_scoring if "taken" in scoring.zones)


def _hearts_positions(rules, wanted, games=30):
    """Positions of Hearts reached by random play from new games, where ``wanted(state)``
    holds for the player to move (at most one a game)."""
    for seed in range(games):
        state = new_game(rules, PLAYERS, seed)
        rng = random.Random(seed)
        while not state.game_over and state.turns_played < 200:
            if state.phase == "play" and wanted(state):
                yield state
                break
            moves = legal_moves(state)
            state, _ = apply(state, moves[rng.randrange(len(moves))])


def _trick(state):
    """The cards on the trick in the order played (a pile lists its top first)."""
    return list(reversed(list(state.shared["trick"])))


def _hand(state):
    return state.owned["hand"][state.to_move].counts()


def _suit(rules, kind):
    return rules.components[kind].attributes["suit"]


def _value(rules, kind):
    return int(rules.components[kind].attributes["value"])


def test_trick_greedy_throws_its_costliest_card_where_it_cannot_win_the_trick():
    """Holding none of the suit led, the bot cannot take the trick: it throws on it the
    card of its hand that would cost it the most points if it kept it and took it later."""
    rules = load_ruleset("hearts")

    def void_with_points(state):
        trick = _trick(state)
        hand = _hand(state)
        return bool(trick) and all(_suit(rules, k) != _suit(rules, trick[0]) for k in hand) \
            and len({_points_taken(rules, k) for k in hand}) > 1

    found = 0
    for state in _hearts_positions(rules, void_with_points):
        found += 1
        costs = {_points_taken(rules, move.get("kind")) for move in legal_moves(state)}
        chosen = GreedyBot(found).choose(view(state, state.player), rules)
        assert _points_taken(rules, chosen.get("kind")) == max(costs)
    assert found >= 5


def test_trick_greedy_plays_under_a_trick_that_carries_points():
    """Last to play on a trick that carries points, with cards of the suit led both below
    and above the one winning it, the bot plays below and leaves the trick to another."""
    rules = load_ruleset("hearts")

    def winning(state):
        trick = _trick(state)
        led = _suit(rules, trick[0])
        return max((k for k in trick if _suit(rules, k) == led),
                   key=lambda k: _value(rules, k))

    def could_go_either_way(state):
        trick = _trick(state)
        if len(trick) != len(state.players) - 1 or \
                not any(_points_taken(rules, k) for k in trick):
            return False
        top, led = winning(state), _suit(rules, trick[0])
        follow = [k for k in _hand(state) if _suit(rules, k) == led]
        return any(_value(rules, k) < _value(rules, top) for k in follow) and \
            any(_value(rules, k) > _value(rules, top) for k in follow)

    found = 0
    for state in _hearts_positions(rules, could_go_either_way):
        found += 1
        chosen = GreedyBot(found).choose(view(state, state.player), rules)
        assert _value(rules, chosen.get("kind")) < _value(rules, winning(state))
    assert found >= 5


def test_what_pieces_held_weigh_is_read_from_the_rules():
    """A climbing game's hand is a zone to empty (its lowest cards weigh most); in a trick
    game where the fewest points win, a card weighs by the points it would cost once taken
    and then by its rank in a trick; in games of neither kind nothing held weighs."""
    president = load_ruleset("president")
    assert emptied_zones(president) == ("hand",)
    costs, per_kind = burdens(president)["hand"]
    by_rank = sorted(president.components, key=president.rank)
    assert [costs[kind] for kind in by_rank] == sorted(costs.values(), reverse=True)
    assert per_kind > 0

    hearts = load_ruleset("hearts")
    assert emptied_zones(hearts) == ()
    costs, _ = burdens(hearts)["hand"]
    order = sorted(hearts.components, key=lambda k: (_points_taken(hearts, k), _value(hearts, k)))
    assert [costs[kind] for kind in order] == sorted(costs.values())
    assert max(costs, key=costs.get) == max(hearts.components,
                                            key=lambda k: _points_taken(hearts, k))

    for game in ("okavango", "lost-cities", "no-thanks", "connect-four"):
        assert burdens(load_ruleset(game)) == {}
