"""``turn-over``: turn a piece lying face down face up, where it lies; with ``keep_alike``,
pieces face up that are alike go to the player, and pieces that are not are turned back
(cards laid out face down, the alike ones to be found)."""

from __future__ import annotations

from collections import Counter
from typing import ClassVar, cast

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event, Move
from ...conditions.expressions import Expression
from ...conditions.turnnames import CARD, GRIDS, TURN_WORDS, ZONES
from ...conditions.wording import in_words
from ...play.parts import PLACE, Part
from ...play.state import GameState, put
from ...play.turncontext import TurnContext
from ...play import faces
from ..base import ActionMechanism, refuse
from ..params import ZoneRef
from .skip import WHEN

_TOLD = {"player": shown.player(), "piece": shown.kind(), "place": shown.number("place")}


class TurnOver(ActionMechanism):
    """Turn over a piece face down in a zone of pieces with faces (shared, or the player's
    own); what is turned is seen by everyone."""

    name = "turn-over"
    always_moves = True
    description = ("Turn a piece lying face down in the zone 'zone' (shared, or the player's "
                   "own, with 'faces') face up, at the place the player names (counted from "
                   "1: from the top, or a grid's cells row after row). With 'keep_alike', "
                   "once it is turned: when the pieces face up in 'zone' are two or more of "
                   "one kind, the player takes them into that zone of theirs; when they are "
                   "of different kinds, they are all turned face down again.")
    params = (
        ZoneRef("zone", "The zone of pieces face up or face down, an ordered zone or a grid "
                        "(shared, or each player's: the player's own then).", attr="source",
                needs=("faced",)),
        ZoneRef("keep_alike", "The player's zone the pieces face up go to when they are two or "
                              "more of one kind.", attr="keep", scope="player", optional=True,
                sentence=N_("When the {pieces:bare} face up in {zone:def} are then alike, the "
                            "{player:bare} takes them into their {keep_alike:bare}; when "
                            "they are not, they are all turned face down again.")),
        WHEN,
    )
    parts = (Part("place", PLACE),)
    sentence = N_("Turn over a {piece:bare} lying face down in {zone:def}, where it lies.")
    events = by_code(
        EventType("turned", N_("{player} turns over {piece:indef} at place {place}."), _TOLD),
        EventType("kept-alike", N_("{player} turns over {piece:indef} at place {place} and "
                                   "takes {pieces}: they are alike."),
                  {**_TOLD, "pieces": shown.pieces("pieces")}),
        EventType("turned-back", N_("{player} turns over {piece:indef} at place {place}: not "
                                    "alike, so {pieces} are turned face down again."),
                  {**_TOLD, "pieces": shown.pieces("pieces")}),
    )
    memory = {"card": None, "kept": False}
    facts = {"card": CARD, "kept": bool}
    changes: ClassVar[frozenset[str]] = frozenset({ZONES, GRIDS})
    puts_into = ("keep",)
    #: what is turned over is unseen until it is: bots weigh it over several worlds
    turns_on_unseen = True
    source: str
    keep: str | None
    when: Expression | None

    def _offered(self, state: GameState) -> bool:
        return self.when is None or bool(self.when(TurnContext(state)))

    def moves(self, state: GameState) -> list[Move]:
        if not self._offered(state):
            return []
        zone = state.rules.zones[self.source]
        content = state.zone(self.source)
        up = set(faces.face_up(zone, content))
        return [Move(self.id, (("place", place + 1),))
                for place, kind in enumerate(faces.pieces(zone, content))
                if kind is not None and place not in up]

    def check(self, state: GameState, move: Move) -> None:
        if not self._offered(state):
            assert self.when is not None
            raise refuse("not-now-turned", N_("you may not {action} now (rule: {rule})"),
                         rule=in_words(self.when, TURN_WORDS), action=self.id)
        zone = state.rules.zones[self.source]
        content = state.zone(self.source)
        place, pieces = move.get("place"), faces.pieces(zone, content)
        if not 1 <= place <= len(pieces):
            raise refuse("no-such-place", N_("there is no place {place} in {zone:def}: it "
                                             "has {count}"),
                         place=place, zone=self.source, count=len(pieces))
        if pieces[place - 1] is None:
            raise refuse("empty-place", N_("place {place} is empty"), place=place)
        if place - 1 in faces.face_up(zone, content):
            raise refuse("face-up", N_("what lies at place {place} is face up already"),
                         place=place)

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        zone = state.rules.zones[self.source]
        content = state.writable(self.source)
        place = move.get("place") - 1
        pieces = faces.pieces(zone, content)
        faces.turn(zone, content, place, True)
        state.turn.moved = True
        kind = pieces[place]
        told = {"player": state.player, "kind": kind, "place": place + 1}
        up = Counter(cast(str, pieces[i]) for i in faces.face_up(zone, content))
        if self.keep is None or up.total() < 2:
            self.remember(state, card=kind, kept=False)
            events.append(Event("turned", told, self.id))
            return
        shown = {"pieces": dict(sorted(up.items()))}
        alike = len(up) == 1
        for i in reversed(faces.face_up(zone, content)):
            if alike:
                faces.take(zone, content, i)
            else:
                faces.turn(zone, content, i, False)
        if alike:
            put(state, self.keep, up, state.to_move)
        self.remember(state, card=kind, kept=alike)
        events.append(Event("kept-alike" if alike else "turned-back", {**told, **shown},
                            self.id))
