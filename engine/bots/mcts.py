"""Information-set Monte Carlo tree search from one player's view, for any ruleset.

Single-observer IS-MCTS (Cowling, Powley & Whitehouse, 2012): one tree of move sequences
seen from the bot's seat. Each iteration draws a possible world (``worlds.possible_world``:
what the view hides dealt at random, and a fresh random generator for what is still to be
drawn), walks the tree with the moves legal in that world, adds one node, plays on with a
cheap policy for a bounded number of decisions and scores the position it reaches. A move
is in the tree as a key; a node counts how often it was available, so that moves legal in
few worlds are not favoured (the availability count replaces the parent's visits in UCB1).

Where there are many moves, the tree widens slowly (progressive widening): a node has at
most ``WIDENING * visits ** 0.5`` children; the root adds its moves best first by their
immediate gain, other nodes the best of a few untried moves. The budget is a number of
iterations, so a seed gives the same choice on any machine; ``seconds`` caps the CPU time
of one choice on a slow machine.
"""

from __future__ import annotations

import math
import random
import time
from typing import Sequence

from ..common.moves import Move
from ..model.ruleset import Ruleset
from ..play.game import acting, advance, apply, legal_moves
from ..play.state import GameState
from ..play.view import PlayerView
from .worlds import (TRICK_WORLDS, burdens, emptied_zones, gain, hand_share, measure,
                     possible_world, settled_by_others, settled_gain, tried)

#: iterations per choice at the default budget (the level "hard")
ITERATIONS = 200
#: the most CPU seconds one choice may take, whatever the iterations
SECONDS = 5.0
#: decisions played after the tree before the position is scored
ROLLOUT_DEPTH = 4
#: the same where players race to empty a zone (``worlds.emptied_zones``): who is ahead
#: shows only over several tricks, not in points until someone goes out
EMPTYING_DEPTH = 16
#: where tricks are played (``worlds.settled_by_others``), the tricks a rollout plays on,
#: at random: a card's worth shows in the tricks after it, and the best-by-gain policy
#: would throw the high cards a player holds as burdens whatever the trick
TRICKS_AHEAD = 3
#: moves a rollout step compares by their immediate gain
ROLLOUT_SAMPLE = 4
#: how often a rollout step plays any move instead
ROLLOUT_RANDOM = 0.05
#: moves compared when an inner node adds a child
EXPAND_SAMPLE = 4
#: moves a node below the root looks at, a random sample of them where there are more
TREE_MOVES = 200
#: UCB1's exploration constant (rewards lie between 0 and 1)
EXPLORATION = 0.3
#: children a node may have per square root of its visits
WIDENING = 1.0
#: points of lead gained that make a position scored at a cut-off clearly won
LEAD_SCALE = 5.0
#: where pieces held weigh on their holder (``worlds.burdens``), what they weigh that counts
#: as a point in a player's lead at a cut-off
BURDEN_PER_POINT = 100


class _Node:
    """A move sequence from the root: who made its last move, and what it earned them."""

    __slots__ = ("player", "visits", "reward", "available", "children", "order")

    def __init__(self, player: int | None) -> None:
        self.player = player
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.children: dict[Move, _Node] = {}
        self.order: list[Move] | None = None  # the root's moves, best first

    def ucb(self) -> float:
        return (self.reward / self.visits
                + EXPLORATION * math.sqrt(math.log(self.available) / self.visits))


class MctsBot:
    """Information-set Monte Carlo tree search (see the module's description)."""

    def __init__(self, seed: int | str = 0, iterations: int = ITERATIONS,
                 seconds: float | None = SECONDS) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.leads: list[float] = []  # at the root of the search under way

    def choose(self, view: PlayerView, rules: Ruleset) -> Move:
        world = possible_world(view, rules, self.rng)
        moves = legal_moves(world)
        if len(moves) == 1:
            return moves[0]
        root = _Node(None)
        self.leads = _leads(world)
        root.order = self._root_order(view, rules, world, tried(moves, self.rng))
        deadline = None if self.seconds is None else time.process_time() + self.seconds
        for iteration in range(self.iterations):
            if iteration:
                world = possible_world(view, rules, self.rng)
            # The player to move knows what they may do, so their moves are the same in
            # every world and the root's list is made and ranked once (a ruleset that
            # hid them would have its root's moves listed in each world instead).
            same = iteration == 0 or len(legal_moves(world)) == len(moves)
            self._iterate(root, world, root.order if same else _some(legal_moves(world),
                                                                       self.rng))
            if deadline is not None and time.process_time() > deadline:
                break
        move, _ = max(root.children.items(), key=lambda item: (item[1].visits, item[1].reward))
        return move

    def _root_order(self, view: PlayerView, rules: Ruleset, world: GameState,
                    moves: Sequence[Move]) -> list[Move]:
        """The root's moves, best first by their immediate gain; where tricks are played
        (``worlds.settled_by_others``), by their gain once the trick is played out at
        random in a few possible worlds, as the greedy bot weighs them: a small budget
        widens the root to its first few moves only, and the immediate gain of a piece
        played on a trick says nothing of the trick."""
        if not settled_by_others(rules) or len(acting(world)) > 1:
            return [move for move, _ in _ranked(world, moves, self.rng)]
        seed = self.rng.getrandbits(32)
        worlds = [world, *(possible_world(view, rules, self.rng)
                           for _ in range(TRICK_WORLDS - 1))]
        keyed = [(settled_gain(worlds, apply(world, move)[0], move, seed), self.rng.random(),
                  move) for move in moves]
        keyed.sort(key=lambda item: (-item[0], item[1]))
        return [move for _, _, move in keyed]

    def _iterate(self, root: _Node, state: GameState, root_moves: Sequence[Move]) -> None:
        node, path = root, [root]
        while not state.game_over:
            moves = root_moves if node is root else _some(legal_moves(state), self.rng)
            child_move = self._select(node, moves)
            if child_move is None:
                move = self._expand(node, state, moves)
                child = node.children[move] = _Node(state.to_move)
                child.available = 1
                state = apply(state, move)[0]
                path.append(child)
                break
            move, node = child_move
            state = apply(state, move)[0]
            path.append(node)
        rewards = _rewards(self._rollout(state), self.leads)
        for visited in path:
            visited.visits += 1
            if visited.player is not None:
                visited.reward += rewards[visited.player]

    def _select(self, node: _Node, moves: Sequence[Move]) -> tuple[Move, _Node] | None:
        """The available child with the best UCB1 score, or None when the node should
        grow (it has room and an untried move, or no child is legal in this world)."""
        children = node.children
        available = [(move, children[move]) for move in moves if move in children]
        room = len(children) < WIDENING * math.sqrt(node.visits + 1)
        if not available or (room and len(available) < len(moves)):
            return None
        for _, child in available:
            child.available += 1
        return max(available, key=lambda item: item[1].ucb())

    def _expand(self, node: _Node, state: GameState, moves: Sequence[Move]) -> Move:
        untried = [move for move in moves if move not in node.children]
        if node.order is not None:
            legal = set(untried)
            for move in node.order:
                if move in legal:
                    return move
        sample = (untried if len(untried) <= EXPAND_SAMPLE
                  else self.rng.sample(untried, EXPAND_SAMPLE))
        return _ranked(state, sample, self.rng)[0][0]

    def _rollout(self, state: GameState) -> GameState:
        """The position after up to ``ROLLOUT_DEPTH`` decisions of the rollout policy
        (``EMPTYING_DEPTH`` where players race to empty a zone; ``TRICKS_AHEAD`` tricks,
        played at random, where tricks are played): mostly the best of a few moves by
        immediate gain, now and then any move."""
        rng = self.rng
        state = state.copy()  # the rollout's own: any moves are played on it in place
        tricks = settled_by_others(state.rules)
        depth = EMPTYING_DEPTH if emptied_zones(state.rules) else \
            TRICKS_AHEAD * len(state.players) if tricks else ROLLOUT_DEPTH
        for _ in range(depth):
            if state.game_over:
                break
            moves = legal_moves(state)
            if len(moves) == 1 or tricks or rng.random() < ROLLOUT_RANDOM:
                advance(state, moves[rng.randrange(len(moves))])
                continue
            picks = [moves[i] for i in rng.sample(range(len(moves)),
                                                 min(ROLLOUT_SAMPLE, len(moves)))]
            state = _ranked(state, picks, rng)[0][1]  # a new state, the rollout's own too
        return state


def _some(moves: Sequence[Move], rng: random.Random) -> Sequence[Move]:
    """The moves of a node below the root, or a random sample of ``TREE_MOVES`` of them."""
    if len(moves) <= TREE_MOVES:
        return moves
    return [moves[i] for i in rng.sample(range(len(moves)), TREE_MOVES)]


def _ranked(state: GameState, moves: Sequence[Move],
            rng: random.Random) -> list[tuple[Move, GameState]]:
    """``moves`` with the state after each, by their immediate gain for the player to move,
    best first; moves of equal gain in random order."""
    me = state.to_move
    standing = measure(state, me)
    keyed = []
    for move in moves:
        after = apply(state, move)[0]
        keyed.append((gain(state, after, me, standing), rng.random(), move, after))
    keyed.sort(key=lambda item: (-item[0], item[1]))
    return [(move, after) for _, _, move, after in keyed]


def _leads(state: GameState) -> list[float]:
    """Each player's lead over the best other player (of another team, where there are
    teams: their points are the team's), in points with what end-of-game scoring would give
    now (negative when behind), and where pieces held weigh on their holder
    (``worlds.burdens``: a hand to be emptied, pieces that cost points if taken), what they
    weigh, ``BURDEN_PER_POINT`` of it a point; where a hand is won by one of those still
    in, each one's share of its point (``worlds.hand_share``). Where the players play
    together, the table's points, the same for all."""
    if state.rules.end.points is not None:  # played together: the table's points
        return [float(measure(state, 0)[0])] * len(state.players)
    if burdens(state.rules):  # what the players still hold tells how they stand too
        points = [standing[0] + standing[2] / BURDEN_PER_POINT
                  for standing in (measure(state, p) for p in range(len(state.players)))]
    else:
        points = [measure(state, p)[0] for p in range(len(state.players))]
    # where those still in win the hand, each one's share of its point (a point is 100)
    points = [points[p] + hand_share(state, p) / 100 for p in range(len(points))]
    team_of, players = state.rules.team_of, len(points)  # partners' points are their own
    return [points[p] - max(points[q] for q in range(players) if q not in team_of(players, p))
            for p in range(players)]


def _rewards(state: GameState, before: list[float]) -> list[float]:
    """Each player's reward between 0 and 1: at the end of the game the winners share 1;
    before it (and in a game played together, at its end too), how much their lead grew
    since the search began (``before``), squashed, so that a player far ahead or behind
    still tells better moves from worse."""
    if state.game_over and state.rules.end.points is None:
        winners = state.winners()
        return [1 / len(winners) if player in winners else 0.0 for player in state.players]
    return [0.5 + 0.5 * math.tanh((lead - was) / LEAD_SCALE)
            for lead, was in zip(_leads(state), before)]
