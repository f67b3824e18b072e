"""Rounds that players leave one by one: who is out and which zones are closed.

In a ruleset whose turn order brings players back (``until-all-out``, in
``mechanisms/orders/``), an action may put its player out for the rest of the round
(``take-zone`` with ``out``) and close the zone it took (``close``); the order clears the
marks when the round ends.

A player may also go out for good (``climbing``, with ``out_when``): their place in the
finishing order is kept as ``place:SEAT``, and turns pass over them until the hand ends.
As the next hand begins, that order is kept as the last hand's (``placed:SEAT``).

The marks live in the state's ``counters`` (``out:PLACE``, ``closed:ZONE``,
``place:SEAT``, ``placed:SEAT``), so a state stays plain data. A zone of a family counted by the number of players (``count:
players``) is in play only in a game of at least its number of players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Mapping

from ..common.errors import N_, IllegalMove

if TYPE_CHECKING:
    from .state import GameState

OUT = "out:"
CLOSED = "closed:"
PLACE = "place:"
PLACED = "placed:"
#: the hands played so far, in a game of several (``Ruleset.hands``)
HANDS = "hands"


def is_out(counters: Mapping[str, int], player: int) -> bool:
    """Whether the player at place ``player`` is out for the rest of the round."""
    return OUT + str(player) in counters


def has_finished(counters: Mapping[str, int], player: int) -> bool:
    """Whether the player at place ``player`` has gone out for good (has a place)."""
    return PLACE + str(player) in counters


def finish_place(counters: dict[str, int], player: int) -> int:
    """Give the player the next place in the finishing order, and return it (from 1)."""
    place = 1 + sum(1 for key in counters if key.startswith(PLACE))
    counters[PLACE + str(player)] = place
    return place


def players_in(state: GameState) -> int:
    """How many players are still in: neither out for the round nor gone out for good."""
    return len(seats_in(state, 0))


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
    """Clear the round's marks: all players are in and every zone is open again."""
    clear_marks(counters, (OUT, CLOSED))


def new_hand(state: GameState) -> None:
    """Clear every mark of a hand: everyone is in again, without a place, and every zone
    is open. Where players went out, the finishing order is kept as the last hand's:
    those still in when it ended follow, in turn from the player who began it."""
    counters, players = state.counters, len(state.players)
    places = {int(key[len(PLACE):]): place for key, place in counters.items()
              if key.startswith(PLACE)}
    clear_marks(counters, (OUT, CLOSED, PLACE, PLACED))
    if places:
        for step in range(players):
            seat = (state.start_player + step) % players
            places.setdefault(seat, len(places) + 1)
        counters.update({PLACED + str(seat): place for seat, place in places.items()})


def last_places(state: GameState) -> dict[int, int]:
    """Each player's place in the finishing order of the last hand (from 1), by seat;
    nothing before a hand in which players went out is over."""
    counters = state.counters
    return {seat: counters[PLACED + str(seat)] for seat in range(len(state.players))
            if PLACED + str(seat) in counters}


def clear_marks(counters: dict[str, int], marks: tuple[str, ...]) -> None:
    """Forget every counter whose key begins with one of ``marks``."""
    for key in [key for key in counters if key.startswith(marks)]:
        del counters[key]


def seats_in(state: GameState, first: int) -> list[int]:
    """The players still in (neither out for the round nor gone out for good), in seat
    order from ``first``."""
    players, counters = len(state.players), state.counters
    seats = [(first + step) % players for step in range(players)]
    return [seat for seat in seats
            if OUT + str(seat) not in counters and PLACE + str(seat) not in counters]


def seats_on(direction: str, players: int) -> int:
    """How many seats on a piece goes in ``direction`` (``left``: the next player in seat
    order; ``right``: the one before; ``across``: half the table round, with an even number
    of players, else the next one)."""
    if direction == "right":
        return -1
    if direction == "across" and players % 2 == 0:
        return players // 2
    return 1


def go_out(state: GameState, player: int) -> None:
    state.counters[OUT + str(player)] = 1


def close(state: GameState, zone_id: str) -> None:
    state.counters[CLOSED + zone_id] = 1
