"""Bots that play any ruleset from what their player may see.

A bot is given a PlayerView, never the state; it tries moves in possible worlds
(``engine/bots/worlds.py``). Players choose a bot by its name or by a level: easy, medium, hard.
"""

from __future__ import annotations

import random
from typing import Callable, Protocol

from ..common.moves import Move
from ..model.ruleset import Ruleset
from ..play.game import acting, apply, legal_moves
from ..play.state import GameState
from ..play.view import PlayerView
from .mcts import MctsBot
from .worlds import (TRICK_WORLDS, blind_gain, gain, holds_unseen, measure, others_chosen,
                     outlooks, possible_world, settled_by_others, settled_gain, tried,
                     turns_on_unseen)


class Bot(Protocol):
    def choose(self, view: PlayerView, rules: Ruleset) -> Move: ...


class RandomBot:
    """Any legal move, uniformly."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, rules: Ruleset) -> Move:
        moves = legal_moves(possible_world(view, rules, self.rng))
        return moves[self.rng.randrange(len(moves))]


class GreedyBot:
    """The move with the best immediate gain (``worlds.gain``), looking one reply ahead
    (``worlds.outlooks``): a move that wins at once comes first, then a move after which
    every reply leaves a win, and a move after which some reply ends the game with another
    player winning comes after every move that does not; among moves alike in that, the
    best gain, then the most wins the moves left after a reply would have; remaining ties
    are broken at random. Where others choose at the same time, in secret, their choices
    are made at random in the bot's possible world, the same for every move weighed, so
    that a choice is weighed once revealed and its round finished (a card chosen scores
    only once it is laid out); it does not look further ahead there. Where tricks are
    played (``worlds.settled_by_others``), a move is weighed by where the others' random
    replies take it by the bot's next decision, averaged over ``TRICK_WORLDS`` possible
    worlds: a piece played on a trick is worth what the trick does with it. Where the bot
    holds pieces it does not see, a move is weighed over as many worlds that deal them as
    what it was told allows, by the worst (``worlds.blind_gain``); one whose outcome turns
    on what others hold unseen (a guess at a hand), by its average over such worlds."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, rules: Ruleset) -> Move:
        world = possible_world(view, rules, self.rng)
        me = world.to_move
        before = measure(world, me)
        together = len(acting(world)) > 1
        others_seed = self.rng.getrandbits(32)
        # Where a move's worth is settled only once the others have played on (a trick,
        # won by the highest piece played into it), it is weighed where the others' random
        # replies take it by the bot's next decision, over a few possible worlds.
        later = [possible_world(view, rules, self.rng) for _ in range(TRICK_WORLDS - 1)] \
            if not together and settled_by_others(rules) else []
        # Where the bot holds pieces it does not see, a move is weighed in a few worlds
        # that deal those pieces differently, as what was told of them allows; so is one
        # whose outcome turns on what others hold unseen.
        cautious = holds_unseen(view, rules)
        blind = [world, *(possible_world(view, rules, self.rng)
                          for _ in range(TRICK_WORLDS - 1))] \
            if not together and not later and (cautious or turns_on_unseen(view, rules)) \
            else []
        weighed: list[tuple[float, float, Move, GameState]] = []
        for move in tried(legal_moves(world), self.rng):
            after = apply(world, move)[0]
            if together:
                after = others_chosen(after, world.players[me], random.Random(others_seed))
            value = settled_gain([world, *later], after, move, others_seed) if later \
                else blind_gain(blind, move, cautious) if blind else gain(world, after, me, before)
            weighed.append((value, self.rng.random(), move, after))
        if together or len(weighed) == 1 or rules.end.points is not None:
            # played together, no reply is a win to take or to block: the best gain
            return max(weighed, key=lambda item: (item[0], item[1]))[2]
        weighed.sort(key=lambda item: (-item[0], item[1]))
        looks = outlooks(me, [after for _, _, _, after in weighed], self.rng)
        best = max(range(len(weighed)),
                   key=lambda i: (looks[i].rank, weighed[i][0], looks[i].threats,
                                  weighed[i][1]))
        return weighed[best][2]


BOTS: dict[str, Callable[[int | str], Bot]] = {
    "random": RandomBot, "greedy": GreedyBot, "mcts": MctsBot,
    # levels for players: the same bots by how well they play
    "easy": RandomBot, "medium": GreedyBot, "hard": MctsBot,
}
