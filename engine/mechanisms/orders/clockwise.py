"""Turns go round in seat order: the order of most games, and of a ruleset that names none."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...common.errors import N_
from ...common.moves import Event
from ...play.state import GameState
from ..base import OrderMechanism

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset


class Clockwise(OrderMechanism):
    name = "clockwise"
    description = ("Turns go round in the order the players are listed in; a round ends when "
                   "it comes back to the player who started it.")
    sentence = N_("The players choose who begins; then turns go round clockwise.")
    #: where only two play, there is no way round the table: they take turns
    two_sentence = N_("The players choose who begins; then they take turns.")
    two_players = False

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        super().bind(ruleset, build)
        self.two_players = ruleset.max_players == 2

    def own_sentence(self) -> str:
        return self.two_sentence if self.two_players else self.sentence

    def _following(self, state: GameState, events: list[Event]) -> tuple[int, bool]:
        following = (state.to_move + 1) % len(state.players)
        return following, following == state.start_player
