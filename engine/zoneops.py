"""Moving pieces in and out of zones with the state's generator: the only place that
draws at random. What each kind of content does is its own (see ``zonecontent``)."""

from __future__ import annotations

from typing import Mapping

from .state import GameState


def draw(state: GameState, zone_id: str) -> str | None:
    """Take one piece from a shared zone: the top of a pile, a random one of a tally."""
    kind, state.rng = state.writable(zone_id).take(state.rng)
    return kind


def put(state: GameState, zone_id: str, pieces: Mapping[str, int],
        player: int | None = None) -> None:
    """Add pieces to a zone; a pile is shuffled afterwards (pieces are mixed in)."""
    state.rng = state.writable(zone_id, player).put(pieces, state.rng)
