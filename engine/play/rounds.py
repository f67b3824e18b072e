"""Rounds that players leave one by one: who is out, which zones are closed, and what
happens when the last player goes out.

A ruleset with ``turn.rounds`` plays in rounds: an action may put its player out for the
rest of the round (``take-zone`` with ``out``) and close the zone it took (``close``). Turns
pass over players who are out; when every player is out, the round ends: everyone is back
in, every zone is open again, and the next round starts with the player ``rounds.start``
names (``last-out``: the one who went out last; ``next``: the one after the player who
started the round).

The marks live in the state's ``counters`` (``out:PLACE``, ``closed:ZONE``), so a state
stays plain data. A zone of a family counted by the number of players (``count:
players``) is in play only in a game of at least its number of players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Mapping

from ..common import shown
from ..common.errors import N_, IllegalMove
from ..common.events import EventType, by_code
from ..common.moves import Event

if TYPE_CHECKING:
    from .state import GameState

OUT = "out:"
CLOSED = "closed:"

EVENTS = by_code(
    EventType("round-ended", N_("Everyone is out: the round ends. {player} starts the next "
                                "round."), {"player": shown.player()}),
)


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


def go_out(state: GameState, player: int) -> None:
    state.counters[OUT + str(player)] = 1


def close(state: GameState, zone_id: str) -> None:
    state.counters[CLOSED + zone_id] = 1


def next_turn(state: GameState) -> tuple[int, bool]:
    """Who moves next, and whether the round just ended (everyone out: every mark is
    cleared and the next round's first player chosen)."""
    players = len(state.players)
    counters = state.counters
    for step in range(1, players + 1):
        following = (state.to_move + step) % players
        if OUT + str(following) not in counters:
            return following, False
    for key in [key for key in counters if key.startswith((OUT, CLOSED))]:
        del counters[key]
    if state.rules.rounds == "last-out":
        state.start_player = state.to_move
    else:
        state.start_player = (state.start_player + 1) % players
    return state.start_player, True


def announce_round(state: GameState, events: list[Event]) -> None:
    """Say that a round ended and who starts the next (when the game goes on)."""
    events.append(Event("round-ended", {"player": state.players[state.start_player]}))
