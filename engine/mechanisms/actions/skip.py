"""``skip``: decline what the phase offers (while a condition holds, where one is given);
and the built-in decision to end the turn.
"""

from __future__ import annotations

from typing import ClassVar

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event, Move
from ...conditions.expressions import Expression
from ...conditions.turnnames import TURN_WORDS
from ...conditions.wording import in_words
from ...play.state import GameState
from ...play.turncontext import TurnContext
from ..base import ActionMechanism, refuse
from ..params import Condition

WHEN = Condition(
    "when", "Offered only while this holds, over the same names as an action's 'then' (e.g. "
    "'areas.held > 0': something lies at an area); always when absent.", optional=True,
    names=lambda at: at.build.turn_condition_names, words=TURN_WORDS,
    sentence=N_("Only when this holds: {when:clause}."))


class Skip(ActionMechanism):
    """Decline what the phase offers (an attack, ending the game, playing on a trick)."""

    name = "skip"
    description = ("Decline what the phase offers; nothing happens. 'when' says while the "
                   "choice is offered.")
    params = (WHEN,)
    sentence = N_("The player may decline: nothing happens.")
    events = by_code(EventType("declined", N_("{player} declines."), {"player": shown.player()}))
    probe_cost = 0
    changes: ClassVar[frozenset[str]] = frozenset()
    when: Expression | None

    def moves(self, state: GameState) -> list[Move]:
        if self.when is not None and not self.when(TurnContext(state)):
            return []
        return [Move(self.id)]

    def check(self, state: GameState, move: Move) -> None:
        if self.when is not None and not self.when(TurnContext(state)):
            raise refuse("not-now-declined", N_("you may not {action} now (rule: {rule})"),
                         rule=in_words(self.when, TURN_WORDS), action=self.id)

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        events.append(Event("declined", {"player": state.player}, self.id))


class EndTurn(Skip):
    """End the turn now, declining what the optional phases left in it offer (built in)."""

    sentence = N_("The player may also end the turn here.")
    events = by_code(EventType("ended-turn", N_("{player} ends their turn."),
                               {"player": shown.player()}))

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        events.append(Event("ended-turn", {"player": state.player}, self.id))
