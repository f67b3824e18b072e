"""Bots: players that choose from what their seat may see (``levels``: random and greedy bots
and the levels players name; ``mcts``: search; ``worlds``: the possible worlds they try moves
in)."""

from .levels import BOTS, Bot, GreedyBot, RandomBot
from .mcts import MctsBot

__all__ = ["BOTS", "Bot", "GreedyBot", "MctsBot", "RandomBot"]
