"""regelwerk's engine: rules as data, interpreted by general mechanisms.

The public interface (see ``docs/api.md``)::

    rules = load_ruleset("GAME")              # a shipped game's id, or a ruleset/variant file
    state = new_game(rules, ["anna", "bram"], seed=7)
    while not is_terminal(state):
        moves = legal_moves(state)
        state, events = apply(state, moves[0])  # IllegalMove for a refused move
    seen = view(state, "anna")                # what anna may see
    print(scores(state), returns(state))

Importing this package loads the whole engine; the command line imports it only
for commands that play or read games, so that ``regelwerk --help`` stays quick.
"""

from .api import current_player, from_data, is_terminal, returns, scores, to_data
from .errors import DataError, IllegalMove, Location
from .game import SetupError, advance, apply, legal_moves, new_game
from .loading import load_ruleset, shipped_games, shipped_variants
from .moves import Event, Move
from .ruleset import Ruleset
from .state import GameState
from .view import PlayerView, view

__all__ = [
    "DataError", "Event", "GameState", "IllegalMove", "Location", "Move", "PlayerView",
    "Ruleset", "SetupError", "advance", "apply", "current_player", "from_data", "is_terminal",
    "legal_moves", "load_ruleset", "new_game", "returns", "scores", "shipped_games",
    "shipped_variants", "to_data", "view",
]
