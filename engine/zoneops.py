"""Moving pieces in and out of zones with the state's generator: the only place that
draws at random. What each kind of content does is its own (see ``zonecontent``)."""

from __future__ import annotations

from typing import Mapping

from .state import GameState


def draw(state: GameState, zone_id: str) -> str | None:
    """Take one piece from a shared zone: the top of a pile, a random one of a tally."""
    kind, after = state.shared[zone_id].take(state.rng)
    if after != state.rng:  # a pile's top is taken without it (assigning renews the token)
        state.rng = after
    return kind


def put(state: GameState, zone_id: str, pieces: Mapping[str, int],
        player: int | None = None) -> None:
    """Add pieces to a zone; a pile is shuffled afterwards (pieces are mixed in)."""
    zone = state.shared.get(zone_id)
    if zone is None:
        zone = state.owned[zone_id][state.to_move if player is None else player]
    after = zone.put(pieces, state.rng)
    if after != state.rng:  # only a pile mixes pieces in
        state.rng = after
