"""The default bot (bot:medium, the greedy bot) plays sensibly: it takes a win it has, blocks
a loss it can see coming, takes a card when taking gains, and starts expeditions its hand can
make pay. Positions are built through the public engine: moves played from a new game, or a
new game's data with the pieces moved."""

from __future__ import annotations

from collections import Counter

import pytest

from regelwerk.engine import GameState, Move, apply, legal_moves, load_ruleset, new_game, view
from regelwerk.engine.bots.levels import GreedyBot

SEEDS = range(8)


def _dropped(rules, columns):
    """Connect Four after the discs dropped into ``columns`` in turn (anna first)."""
    state = new_game(rules, ["anna", "bram"], 1)
    for column in columns:
        state, _ = apply(state, Move("drop", (("column", column),)))
    return state


def _wins_at_once(state, move):
    after, _ = apply(state, move)
    return after.game_over and state.player in after.winners()


@pytest.mark.parametrize("seed", SEEDS)
def test_greedy_takes_an_immediate_win(seed):
    """Anna has three discs in column 1, bram three along the bottom row: anna wins in
    column 1 rather than blocking bram."""
    rules = load_ruleset("connect-four")
    state = _dropped(rules, [1, 5, 1, 6, 1, 7])
    assert state.player == "anna"
    winning = [move for move in legal_moves(state) if _wins_at_once(state, move)]
    assert len(winning) == 1
    assert GreedyBot(seed).choose(view(state, "anna"), rules) == winning[0]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("columns", [
    [1, 5, 1, 6, 1],        # anna's three in column 1: bram must drop on top of them
    [2, 1, 3, 7, 4],        # anna's 2-3-4 on the bottom row, 1 taken: bram must take 5
    [1, 2, 2, 3, 4, 3, 3, 4, 7, 7, 4],  # anna's diagonal from column 1 up waits for 4
])
def test_greedy_blocks_an_immediate_loss(seed, columns):
    """Whatever other move the bot makes, the other player wins with their next disc; the
    one block is what it plays."""
    rules = load_ruleset("connect-four")
    state = _dropped(rules, columns)
    me = state.player
    other = next(player for player in state.players if player != me)

    def loses(move):
        after, _ = apply(state, move)
        return any(_wins_at_once(after, reply) for reply in legal_moves(after))

    safe = [move for move in legal_moves(state) if not loses(move)]
    assert len(safe) == 1  # the position is what it says: one block, every other move loses
    assert not any(_wins_at_once(state, move) for move in legal_moves(state))
    chosen = GreedyBot(seed).choose(view(state, me), rules)
    assert chosen == safe[0]
    assert other  # (the loss blocked is the other player's)


def _no_thanks(rules, offer, pot, cards, chips):
    """No Thanks! with anna to decide on card ``offer`` with ``pot`` chips on it, anna
    holding ``cards`` and ``chips`` chips (the others' chips as dealt, the cards nobody
    holds shuffled as dealt: nine of them set aside, the rest the deck)."""
    data = new_game(rules, ["anna", "bram", "cas"], 4).to_data()
    shared = data["shared"]
    placed = {f"card-{n}" for n in (offer, *cards)}
    rest = [kind for kind in [*shared["deck"], *shared["removed"], *shared["offer"]]
            if kind not in placed]
    shared["offer"] = {f"card-{offer}": 1}
    shared["removed"] = dict.fromkeys(rest[:9], 1)
    shared["deck"] = rest[9:]
    data["owned"]["cards"][0] = dict.fromkeys(sorted(placed - {f"card-{offer}"}), 1)
    spare = shared["box"].get("chip", 0) + data["owned"]["chips"][0].get("chip", 0)
    shared["pot"] = {"chip": pot} if pot else {}
    data["owned"]["chips"][0] = {"chip": chips} if chips else {}
    shared["box"] = {"chip": spare - pot - chips}
    state = GameState.from_data(rules, data)
    held = Counter()
    for content in (*state.shared.values(), *(c for per in state.owned.values() for c in per)):
        held.update(content.counts())
    assert held == {kind: c.copies for kind, c in rules.components.items()}
    return state


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("offer, pot, cards, chips", [
    (21, 3, [20], 8),        # the card joins anna's run 20: it costs nothing, the chips gain
    (19, 0, [20, 21], 6),    # it extends the run downwards: one point fewer, and no chip paid
    (6, 9, [30], 5),         # more chips on it than its points
])
def test_no_thanks_greedy_takes_a_card_when_taking_is_clearly_right(seed, offer, pot, cards,
                                                                      chips):
    rules = load_ruleset("no-thanks")
    state = _no_thanks(rules, offer, pot, cards, chips)
    moves = {move.action for move in legal_moves(state)}
    assert moves == {"take", "decline"}  # a real choice: anna may refuse
    assert GreedyBot(seed).choose(view(state, "anna"), rules).action == "take"


def test_no_thanks_greedy_refuses_a_costly_card_while_it_has_chips():
    """Not a bot that takes everything: a high card with no chips on it is refused."""
    rules = load_ruleset("no-thanks")
    state = _no_thanks(rules, 33, 0, [5], 8)
    assert all(GreedyBot(seed).choose(view(state, "anna"), rules).action == "decline"
               for seed in SEEDS)


def _strong_colour(rules, hand, least):
    """A colour whose number cards in ``hand`` add up to at least ``least``, or None."""
    sums = Counter()
    for kind, n in hand.items():
        attributes = rules.components[kind].attributes
        sums[attributes["colour"]] += int(attributes["value"]) * n
    colour, total = max(sums.items(), key=lambda item: item[1])
    return colour if total >= least else None


@pytest.mark.parametrize("seed", range(6))
def test_lost_cities_greedy_starts_an_expedition_with_a_strong_hand(seed):
    """In a whole game between two greedy bots, once a bot holds number cards of one colour
    worth 25 or more (an expedition costs 20 to start), it has started an expedition within
    its next three turns; and each bot starts at least two expeditions in the game."""
    rules = load_ruleset("lost-cities")
    state = new_game(rules, ["anna", "bram"], seed)
    bots = [GreedyBot(seed), GreedyBot(seed + 100)]
    strong_since: list[int | None] = [None, None]
    turns = [0, 0]
    while not state.game_over:
        me = state.to_move
        move = bots[me].choose(view(state, state.player), rules)
        assert move in legal_moves(state)
        started = any(per_player[me].size() for zone, per_player in state.owned.items()
                      if rules.zones[zone].scope == "player" and zone != "hand")
        if state.phase == "play" and not started:
            turns[me] += 1
            if strong_since[me] is None and _strong_colour(rules, state.owned["hand"][me], 25):
                strong_since[me] = turns[me]
            if strong_since[me] is not None:
                assert move.action == "play" or turns[me] - strong_since[me] < 3, (
                    f"{state.player} held a strong colour from turn {strong_since[me]} and "
                    f"had not started an expedition by turn {turns[me]}")
        state, _ = apply(state, move)
    for me in range(2):
        expeditions = [zone for zone, per_player in state.owned.items()
                       if zone != "hand" and per_player[me].size()]
        assert len(expeditions) >= 2
