"""``guess``: play a piece at another player and name a kind: if they hold it, they are
knocked out of the hand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...common import shown
from ...common.errors import N_
from ...common.events import by_code
from ...common.moves import Event, Move
from ...conditions.expressions import Expression
from ...conditions.wording import PIECE_TERM
from ...play.parts import KIND, PLAYER, Part
from ...play.state import GameState
from ..base import refuse
from ..params import CARD_WORDS, Condition
from .targeting import IDLE, TargetedPlay, knock_out, played_at

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset

GUESSES = Condition(
    "guesses", "Which kinds may be named, a condition over 'card' (e.g. \"card.rank > 1\"); "
               "every kind when absent.", optional=True,
    names=lambda at: {"card": at.build.card_fields()}, words=CARD_WORDS,
    sentence=N_("A {piece:bare} may be named only when this holds: {guesses:clause}."))


class Guess(TargetedPlay):
    name = "guess"
    description = ("Play a piece of the kind 'plays' from the zone 'from' onto the player's "
                   "zone 'to', name another player still in and a kind ('guesses' says which "
                   "may be named): if that player's zone 'from' holds it, they are knocked out "
                   "of the hand.")
    params = (*TargetedPlay.params, GUESSES)
    parts = (Part("player", PLAYER, optional=True), Part("guess", KIND, optional=True))
    sentence = N_("Play {plays:indef} and name another {player:bare} and a kind of "
                  "{piece:bare}: if they hold one, they are out of the {hand:bare}.")
    events = by_code(
        IDLE,
        played_at("guessed-right", N_("{player} plays {piece:indef} and names {guess:indef}: "
                                      "{target} holds one."), guess=shown.kind("guess")),
        played_at("guessed-wrong", N_("{player} plays {piece:indef} and names {guess:indef}: "
                                      "{target} holds none."), guess=shown.kind("guess")),
    )
    knocks_out = True
    turns_on_unseen = True
    guesses: Expression | None

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        super().__init__(action_id, spec, build, path)
        self.named: tuple[str, ...] = ()

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        guesses = self.guesses
        self.named = tuple(kind for kind in ruleset.components if guesses is None
                           or guesses.evaluate({"card": ruleset.card_records[kind]}))

    def _moves_at(self, state: GameState, seat: int) -> list[Move]:
        name = state.players[seat]
        return [Move(self.id, (("guess", kind), ("player", name))) for kind in self.named]

    def _check_effect(self, state: GameState, move: Move) -> None:
        if move.get("guess") not in self.named:
            raise refuse("may-not-guess", N_("the {piece:bare} named must be one of these: "
                                             "{kinds}"),
                         piece=PIECE_TERM, kinds=dict.fromkeys(self.named, 1))

    def _effect(self, state: GameState, mover: int, seat: int, move: Move,
                events: list[Event]) -> None:
        guess = move.get("guess")
        right = bool(state.owned[self.source][seat].counts().get(guess))
        events.append(Event("guessed-right" if right else "guessed-wrong",
                            self._told(state, mover, seat, guess=guess), self.id))
        if right:
            knock_out(state, seat, events)
