"""regelwerk's engine: rules as data, interpreted by general mechanisms.

The public interface::

    rules = load_ruleset("okavango")          # or a path to a ruleset or variant file
    state = new_game(rules, ["anna", "bram"], seed=7)
    moves = legal_moves(state)
    state, events = apply(state, moves[0])    # IllegalMove for a refused move
    seen = view(state, "anna")                # what anna may see
"""

from .errors import DataError, IllegalMove, Location
from .game import SetupError, apply, legal_moves, new_game
from .loading import load_ruleset, shipped_games, shipped_variants
from .moves import Event, Move
from .ruleset import Ruleset
from .state import GameState
from .view import PlayerView, view

__all__ = [
    "DataError", "Event", "GameState", "IllegalMove", "Location", "Move", "PlayerView",
    "Ruleset", "SetupError", "apply", "legal_moves", "load_ruleset", "new_game",
    "shipped_games", "shipped_variants", "view",
]
