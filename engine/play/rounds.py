"""Rounds that players leave one by one: who is out and which zones are closed.

In a ruleset whose turn order brings players back (``until-all-out``, in
``mechanisms/orders/``), an action may put its player out for the rest of the round
(``take-zone`` with ``out``) and close the zone it took (``close``); the order clears the
marks when the round ends.

The marks live in the state's ``counters`` (``out:PLACE``, ``closed:ZONE``), so a state
stays plain data. A zone of a family counted by the number of players (``count:
players``) is in play only in a game of at least its number of players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Mapping

from ..common.errors import N_, IllegalMove

if TYPE_CHECKING:
    from .state import GameState

OUT = "out:"
CLOSED = "closed:"


def is_out(counters: Mapping[str, int], player: int) -> bool:
    """Whether the player at place ``player`` is out for the rest of the round."""
    return OUT + str(player) in counters


def is_closed(counters: Mapping[str, int], zone_id: str) -> bool:
    """Whether the zone is closed for the rest of the round."""
    return CLOSED + zone_id in counters


def in_play(state: GameState, zone_id: str) -> bool:
    """Whether a zone is in play now: in a game of enough players and not closed."""
    return state.rules.zones[zone_id].from_players <= len(state.players) \
        and CLOSED + zone_id not in state.counters


def out_of_play(zone_id: str) -> IllegalMove:
    """Why a move may not use a zone closed for the round."""
    return IllegalMove("out-of-play", N_("{zone:Def} {zone:sg=is/pl=are} out of play until "
                                         "the round ends"), {"zone": zone_id})


def zones_in_play(state: GameState, zone_ids: Iterable[str]) -> list[str]:
    return [zone_id for zone_id in zone_ids if in_play(state, zone_id)]


def everyone_back(counters: dict[str, int]) -> None:
    """Clear every mark: all players are in and every zone is open again."""
    for key in [key for key in counters if key.startswith((OUT, CLOSED))]:
        del counters[key]


def go_out(state: GameState, player: int) -> None:
    state.counters[OUT + str(player)] = 1


def close(state: GameState, zone_id: str) -> None:
    state.counters[CLOSED + zone_id] = 1
