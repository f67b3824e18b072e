"""Turns go round in seat order: the order of most games, and of a ruleset that names none."""

from __future__ import annotations

from ...common.errors import N_
from ...common.moves import Event
from ...play.state import GameState
from ..base import OrderMechanism


class Clockwise(OrderMechanism):
    name = "clockwise"
    description = ("Turns go round in the order the players are listed in; a round ends when "
                   "it comes back to the player who started it.")
    sentence = N_("The first {player:bare} begins; then turns go round clockwise.")

    def _following(self, state: GameState, events: list[Event]) -> tuple[int, bool]:
        following = (state.to_move + 1) % len(state.players)
        return following, following == state.start_player
