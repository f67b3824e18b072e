"""The questions a program asks of a game, answered without reaching into its state.

With ``load_ruleset``, ``new_game``, ``legal_moves``, ``apply`` and ``view``
these make the engine's public interface (``regelwerk.engine``; see
``docs/api.md``).
"""

from __future__ import annotations

from typing import Any, Mapping

from .model.ruleset import Ruleset
from .play.game import checked, legal_moves
from .play.state import GameState
from .play.turncontext import TurnContext
from .play.statedata import StateDataError


def current_player(state: GameState) -> str | None:
    """The player to move; None once the game is over."""
    return None if checked(state).game_over else state.player


def is_terminal(state: GameState) -> bool:
    """Whether the game is over."""
    return checked(state).game_over


def scores(state: GameState) -> dict[str, int]:
    """Each player's points so far (final once the game is over)."""
    return dict(zip(checked(state).players, state.scores))


def table_points(state: GameState) -> int | None:
    """Where the players play together (``end.points``), the table's points as they stand
    (its result once the game is over); else None."""
    points = checked(state).rules.end.points
    if points is None:
        return None
    return state.scores[0] if state.game_over else int(points(TurnContext(state)))


def returns(state: GameState) -> tuple[float, ...]:
    """Each player's result, in the order of ``state.players``: the winners share 1 at the
    end of the game (a sole winner gets 1, two tied winners 0.5 each), the others get 0;
    all 0 while the game is played."""
    winners = checked(state).winners()
    return tuple(1 / len(winners) if player in winners else 0.0 for player in state.players)


def to_data(state: GameState) -> dict[str, Any]:
    """The state as JSON-compatible data, versioned (see ``GameState.to_data``)."""
    return checked(state).to_data()


def from_data(rules: Ruleset, data: Mapping[str, Any]) -> GameState:
    """The state ``data`` describes (see ``GameState.from_data``); StateDataError also for
    a game under way in which the player to move has no move (a phase no turn would stop
    at there), where play could not go on."""
    if not isinstance(rules, Ruleset):
        raise TypeError(f"from_data needs a Ruleset (see load_ruleset), not "
                        f"{type(rules).__name__}")
    state = GameState.from_data(rules, data)
    if not state.game_over and not legal_moves(state):
        raise StateDataError(f"no move is possible in phase {state.phase!r} of this position, "
                             f"and the game is not over")
    return state
