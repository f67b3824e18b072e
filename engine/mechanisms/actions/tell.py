"""``tell``: point out to another player which of their pieces have a value of an attribute
('these two are red'), a value they hold. Every piece of that zone learns something: those
pointed out have the value, the others do not; the notes go with the pieces
(``zones.contents.NotedPile``), for their holder's view, screen and bots.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Mapping

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event, Move
from ...conditions.expressions import Expression
from ...conditions.turnnames import TURN_WORDS, ZONES
from ...conditions.wording import PIECES_TERM, Term, in_words
from ...play.parts import PLAYER, ChoiceType, Part
from ...play.rounds import seats_in
from ...play.state import GameState
from ...play.turncontext import TurnContext
from ...zones.contents import NotedPile
from ..base import ActionMechanism, refuse
from ..params import Attribute, Context, Param, ZoneRef
from .skip import WHEN

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset


@dataclass(frozen=True)
class Attributes(Param):
    """Attributes of the pieces by name, each at most once; resolves to a tuple."""

    schema_type: ClassVar[dict[str, Any]] = {
        "type": "array", "minItems": 1, "uniqueItems": True,
        "items": Attribute.schema_type}

    def resolve(self, value: Any, at: Context) -> Any:
        for i, name in enumerate(value):
            Attribute(self.key, "").resolve(name, Context(at.build, (*at.path, i), at.spec,
                                                          at.resolved))
        return tuple(value)


class Tell(ActionMechanism):
    """Point out to another player every piece of theirs in ``zone`` with one value of one
    of the attributes ``about``: one they hold, so that something is always pointed out."""

    name = "tell"
    always_moves = True
    description = ("Point out to another player which pieces of their zone 'zone' have a "
                   "value of one of the attributes 'about' (a value at least one of them "
                   "has); what they learn goes with the pieces. 'when' says while telling "
                   "is offered.")
    params = (
        ZoneRef("zone", "The zone of each player told about (ordered).", scope="player",
                needs=("ordered",)),
        Attributes("about", "The attributes a player may tell about."),
        WHEN,
    )
    parts = (Part("player", PLAYER), Part("value", ChoiceType(())))
    sentence = N_("Point out to another {player:bare} which of the {pieces:bare} in their "
                  "{zone:bare} share one value, a value one of them has.")
    #: told apart by what the value is, as a sentence says a word ('are red') and a number
    #: ('are 3s') differently; ``pointed`` counts the pieces, for the singular or plural
    events = by_code(*(
        EventType(code, N_("{player} points out to {target}: {value} — {places}."),
                  {"player": shown.player(), "target": shown.player("target"),
                   "value": shown.word("value"), "places": shown.places("places"),
                   "positions": shown.numbers("places")}, count="pointed")
        for code in ("told-word", "told-number")))
    tells_about = ("zone",)
    changes = frozenset({ZONES})
    zone: str
    about: tuple[str, ...]
    when: Expression | None

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        super().__init__(action_id, spec, build, path)
        #: each value told by the word it is chosen by, and the attribute it is a value of
        values: dict[str, tuple[str, Any]] = {}
        for i, attribute in enumerate(self.about):
            taken = dict.fromkeys(c.attributes[attribute] for c in build.components.values()
                                  if c.attributes.get(attribute) not in (None, "", False))
            for value in taken:
                word = str(value)
                if word in values:
                    build.fail((*path, "about", i),
                               N_("'{value}' is a value of both '{first}' and '{second}': "
                                  "a player could not tell which is meant"),
                               value=word, first=values[word][0], second=attribute)
                values[word] = (attribute, value)
        self.values: Mapping[str, tuple[str, Any]] = values
        #: every value each attribute takes: what a piece not told of may be
        self.possible: Mapping[str, tuple[Any, ...]] = {
            attribute: tuple(v for a, v in values.values() if a == attribute)
            for attribute in self.about}
        self.parts = (Part("player", PLAYER),  # type: ignore[misc]  # the game's values
                      Part("value", ChoiceType(tuple(values), game_words=True,
                                                      about=self.about)))

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        self.attributes = {kind: component.attributes
                           for kind, component in ruleset.components.items()}

    def _offered(self, state: GameState) -> bool:
        return self.when is None or bool(self.when(TurnContext(state)))

    def moves(self, state: GameState) -> list[Move]:
        if not self._offered(state):
            return []
        found = []
        for seat in seats_in(state, state.to_move)[1:]:
            held = state.owned[self.zone][seat].counts()
            for word, (attribute, value) in self.values.items():
                if any(self.attributes[kind].get(attribute) == value for kind in held):
                    found.append(Move(self.id, (("player", state.players[seat]),
                                                ("value", word))))
        return found

    def check(self, state: GameState, move: Move) -> None:
        if not self._offered(state):
            assert self.when is not None
            raise refuse("not-now-told", N_("you may not {action} now (rule: {rule})"),
                         rule=in_words(self.when, TURN_WORDS), action=self.id)
        target = move.get("player")
        if target not in state.players or state.players.index(target) not in \
                seats_in(state, state.to_move)[1:]:
            raise refuse("not-another-player", N_("{target} is not another player still in "
                                                  "the game"), target=str(target))
        attribute, value = self.values[move.get("value")]
        held = state.owned[self.zone][state.players.index(target)].counts()
        if not any(self.attributes[kind].get(attribute) == value for kind in held):
            raise refuse("nothing-to-point-out", N_("{target} has no {pieces:bare} whose "
                                                    "{attribute:bare} is {value}"),
                         target=target, pieces=PIECES_TERM, attribute=Term(attribute, False),
                         value=Term(str(value), False))

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        target = state.players.index(move.get("player"))
        attribute, value = self.values[move.get("value")]
        pile = state.writable(self.zone, target)
        assert isinstance(pile, NotedPile)  # a zone told about keeps notes (compile)
        places = []
        for place, kind in enumerate(pile):
            may = pile.notes[place].get(attribute, self.possible[attribute])
            if self.attributes[kind].get(attribute) == value:
                places.append(place + 1)
                told = (value,)
            else:
                told = tuple(v for v in may if v != value)
            pile.notes[place] = {**pile.notes[place], attribute: told}
        state.turn.moved = True
        code = "told-number" if isinstance(value, int) else "told-word"
        events.append(Event(code, {"player": state.player, "target": move.get("player"),
                                   "value": value, "places": places, "pointed": len(places)},
                            self.id))
