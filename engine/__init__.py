"""regelwerk's engine: rules as data, interpreted by general mechanisms.

The public interface::

    rules = load_ruleset("GAME")              # a shipped game's id, or a ruleset/variant file
    state = new_game(rules, ["anna", "bram"], seed=7)
    moves = legal_moves(state)
    state, events = apply(state, moves[0])    # IllegalMove for a refused move
    seen = view(state, "anna")                # what anna may see

Names are imported on first use, so that importing one small module of the
engine (its errors, say) does not load all of it.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_WHERE = {
    "DataError": "errors", "IllegalMove": "errors", "Location": "errors",
    "SetupError": "game", "apply": "game", "legal_moves": "game", "new_game": "game",
    "load_ruleset": "loading", "shipped_games": "loading", "shipped_variants": "loading",
    "Event": "moves", "Move": "moves",
    "Ruleset": "ruleset",
    "GameState": "state",
    "PlayerView": "view", "view": "view",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
