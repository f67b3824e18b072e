"""What the actions that play a piece at another player share (``guess``, ``look``,
``compare``, ``swap``, ``discard-and-draw``): the player plays a piece of one kind from their
zone onto their own pile and names a player still in whom ``target`` allows; where nobody
may be named, the piece is played to no effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Mapping

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType
from ...common.moves import Event, Move
from ...conditions.expressions import Expression, Names
from ...conditions.turnnames import TURN_WORDS
from ...conditions.wording import in_words
from ...play.parts import PLAYER, Part
from ...play.rounds import seats_in
from ...play.state import GameState
from ...play.turncontext import TurnContext, card_record
from ..base import ActionMechanism, refuse
from ..orders.last_standing import LastStanding
from ..params import Condition, Context, Flag, KindRef, Param, ZoneRef
from .skip import WHEN

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset


def target_names(at: Context) -> Names:
    """``top`` (the piece on top of the named player's zone ``to``: the last they played)
    and ``count`` (the pieces there)."""
    return {"top": at.build.card_fields(), "count": int}


TARGET = Condition(
    "target", "Who may be named, over 'top' (the piece on top of that player's zone 'to', "
              "the last they played; its attributes at their defaults when there is none: "
              "0, false, \"\") and 'count' (the pieces there); anyone still in when absent.",
    optional=True, names=target_names,
    words={"top.": N_("the {field} of the last {piece:bare} they played"),
           "count": N_("the number of {pieces:bare} they have played")},
    sentence=N_("Only a {player:bare} for whom this holds may be named: {target:clause}."))

#: told when nobody may be named: the piece is played all the same
IDLE = EventType("played-idle", N_("{player} plays {piece:indef}, but nobody can be named: it "
                                   "has no effect."),
                 {"player": shown.player(), "piece": shown.kind()})


def played_at(code: str, sentence: str, **values: shown.Value) -> EventType:
    """An event of a piece played at a player: who played which piece at whom."""
    return EventType(code, sentence, {"player": shown.player(), "piece": shown.kind(),
                                      "target": shown.player("target"), **values})


class TargetedPlay(ActionMechanism):
    """Play a piece of the kind ``plays`` and name a player; each mechanism does its own to
    them (``_effect``)."""

    always_moves = True

    params: ClassVar[tuple[Param, ...]] = (
        ZoneRef("from", "The player's zone the piece is played from (and the named player's "
                        "zone the action is about).", attr="source", scope="player",
                needs=("counted", "seen")),
        ZoneRef("to", "The zone of each player the piece is played onto (open to everyone: "
                      "the pieces they played).", attr="onto", scope="player",
                needs=("ordered",)),
        KindRef("plays", "The kind of piece played."),
        TARGET,
        Flag("self", "The player may name themselves too.", attr="names_self",
             sentence=N_("The {player:bare} may also name themselves.")),
        WHEN,
    )
    parts: ClassVar[tuple[Part, ...]] = (Part("player", PLAYER, optional=True),)
    #: whether the mechanism may knock a player out (it needs an order that does)
    knocks_out: ClassVar[bool] = False
    source: str
    onto: str
    plays: str
    target: Expression | None
    names_self: bool
    when: Expression | None

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        super().__init__(action_id, spec, build, path)
        self._path = path
        zone = build.zones[self.onto]
        if zone.visibility != "public":
            build.fail((*path, "to"), N_("the pieces a player plays are seen by everyone: zone "
                                         "'{name}' must be public"), name=self.onto)

    def check_ruleset(self, ruleset: Ruleset, build: Builder) -> None:
        if (self.knocks_out or self.target is not None) and \
                not isinstance(ruleset.order, LastStanding):
            build.fail((*self._path, "mechanism"),
                       N_("this action knocks players out or reads what they played, but the "
                          "turn order does not: give the turn the order 'last-standing'"))

    # -- who may be named ---------------------------------------------------
    def _offered(self, state: GameState) -> bool:
        return bool(state.owned[self.source][state.to_move].counts().get(self.plays)) and (
            self.when is None or bool(self.when(TurnContext(state))))

    def targets(self, state: GameState) -> list[int]:
        """The seats of the players who may be named now, in turn from the player."""
        seats = seats_in(state, state.to_move)
        return [seat for seat in (seats if self.names_self else seats[1:])
                if self._may_name(state, seat)]

    def _may_name(self, state: GameState, seat: int) -> bool:
        if self.target is None or seat == state.to_move:
            return True
        played = state.owned[self.onto][seat]
        top = played[0] if played.size() else None  # type: ignore[index]  # ordered
        return bool(self.target.evaluate({"top": card_record(state.rules, top),
                                          "count": played.size()}))

    def moves(self, state: GameState) -> list[Move]:
        if not self._offered(state):
            return []
        seats = self.targets(state)
        if not seats:
            return [Move(self.id, ())]
        return [move for seat in seats for move in self._moves_at(state, seat)]

    def _moves_at(self, state: GameState, seat: int) -> list[Move]:
        """The moves that name the player at ``seat``."""
        return [Move(self.id, (("player", state.players[seat]),))]

    def check(self, state: GameState, move: Move) -> None:
        if not self._offered(state):
            if self.when is not None and state.owned[self.source][state.to_move].counts().get(
                    self.plays):
                raise refuse("not-now-played", N_("you may not {action} now (rule: {rule})"),
                             rule=in_words(self.when, TURN_WORDS), action=self.id)
            raise refuse("pieces-missing", N_("you do not have {pieces}"),
                         pieces={self.plays: 1})
        named = move.get("player")
        seats = self.targets(state)
        if named is None:
            if seats:
                raise refuse("name-a-player", N_("name a player: {players}"),
                             players=", ".join(state.players[seat] for seat in seats))
            return
        if named not in state.players or state.players.index(named) not in seats:
            raise refuse("may-not-name", N_("{target} may not be named now"),
                         target=str(named))
        self._check_effect(state, move)

    def _check_effect(self, state: GameState, move: Move) -> None:
        """Refuse what the mechanism's own parts do not allow."""

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        mover = state.to_move
        state.writable(self.source).remove(self.plays, 1)
        state.writable(self.onto).lay([self.plays], on_top=True)
        state.turn.moved = True
        named = move.get("player")
        if named is None:
            events.append(Event("played-idle", {"player": state.player, "kind": self.plays},
                                self.id))
            return
        self._effect(state, mover, state.players.index(named), move, events)

    def _effect(self, state: GameState, mover: int, seat: int, move: Move,
                events: list[Event]) -> None:
        raise NotImplementedError

    def _told(self, state: GameState, mover: int, seat: int, **values: Any) -> dict[str, Any]:
        """The values of an event of the piece played at the player at ``seat``."""
        return {"player": state.players[mover], "kind": self.plays,
                "target": state.players[seat], **values}


def standing_order(state: GameState) -> LastStanding:
    """The turn order, which knocks players out (``last-standing``: checked at load)."""
    order = state.rules.order
    assert isinstance(order, LastStanding)
    return order


def knock_out(state: GameState, seat: int, events: list[Event]) -> None:
    """Knock a player out of the hand, by the turn order."""
    standing_order(state).knock_out(state, seat, events)
