"""Moving pieces between zones; the only place that draws at random."""

from __future__ import annotations

from . import rng
from .content import Counts, add_counts
from .grid import Grid
from .state import GameState, ZoneContent


def content(state: GameState, zone_id: str, player: int | None = None) -> ZoneContent:
    if zone_id in state.shared:
        return state.shared[zone_id]
    return state.owned[zone_id][state.to_move if player is None else player]


def size(zone: ZoneContent) -> int:
    """How many pieces a zone holds (a draw order, a grid of cells, or counts by kind)."""
    if isinstance(zone, (list, Grid)):
        return len(zone)
    return sum(zone.values())


def counts(zone: ZoneContent) -> Counts:
    if isinstance(zone, dict) and not isinstance(zone, Grid):
        return zone
    tally: Counts = {}
    for kind in (zone.values() if isinstance(zone, Grid) else zone):
        tally[kind] = tally.get(kind, 0) + 1
    return tally


def draw(state: GameState, zone_id: str) -> str | None:
    """Take one piece from a shared zone: the top of an ordered zone, else a random one."""
    zone = state.shared[zone_id]
    if isinstance(zone, list):
        return zone.pop(0) if zone else None
    total = sum(zone.values())
    if not total:
        return None
    state.rng, pick = rng.below(state.rng, total)
    for kind in sorted(zone):
        pick -= zone[kind]
        if pick < 0:
            zone[kind] -= 1
            if not zone[kind]:
                del zone[kind]
            return kind
    raise AssertionError("unreachable: pick is below the total")


def put(state: GameState, zone_id: str, pieces: Counts, player: int | None = None) -> None:
    """Add pieces to a zone; an ordered zone is shuffled afterwards (pieces are mixed in)."""
    zone = content(state, zone_id, player)
    if isinstance(zone, list):
        for kind in sorted(pieces):
            zone.extend([kind] * pieces[kind])
        state.rng = rng.shuffle(state.rng, zone)
    else:
        add_counts(zone, pieces)
