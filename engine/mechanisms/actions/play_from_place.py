"""``play-from-place``: the player names a place in their own ordered zone, not the piece,
which they may not see (a hand held facing away): the piece there goes on top of its zone
where ``allows`` lets it, else to the zone ``otherwise`` names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Mapping

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event, Move
from ...conditions.expressions import Expression
from ...conditions.turnnames import CARD, TURN_WORDS
from ...conditions.wording import in_words
from ...play.parts import PLACE, Part
from ...play.state import GameState
from ...play.turncontext import TurnContext
from ...zones.contents import Pile
from ..base import refuse
from ..params import ZoneRef
from .play_from_hand import ALLOWS, PlayFromHand, ZoneOrFamily
from .skip import WHEN

if TYPE_CHECKING:
    from ...model.builder import Builder


class PlayFromPlace(PlayFromHand):
    """The piece at a place of the player's own zone, unseen by its player perhaps, goes on
    top of its zone, or to ``otherwise`` where it may not."""

    name = "play-from-place"
    description = ("Put the piece at a place the player names in their ordered zone 'from' "
                   "(counted from its top, 1 first) on top of the zone 'to' (or of the zone "
                   "of a family its attribute chooses) where 'allows' lets it, else on top "
                   "of 'otherwise'. The player need not see the piece.")
    params = (
        ZoneRef("from", "The player's ordered zone the piece comes from, with a capacity.",
                attr="source", scope="player", needs=("ordered", "capacity")),
        ZoneOrFamily("to", "The zone the piece goes on top of, or a family of zones chosen by "
                           "an attribute (by).", attr="target"),
        ALLOWS,
        ZoneRef("otherwise", "Where the piece goes when 'allows' does not let it go to 'to' "
                             "(needed with 'allows').", optional=True,
                sentence=N_("A {piece:bare} that may not go there goes to {otherwise:def} "
                            "instead.")),
        WHEN,
    )
    parts = (Part("place", PLACE),)
    sentence = N_("Name a place in your {from} and put the {piece:bare} there on top of "
                  "{to:def}.")
    events = by_code(
        EventType("played", N_("{player} puts {piece:indef} on {zone:def}."),
                  {"player": shown.player(), "piece": shown.kind(), "zone": shown.zone()}),
        EventType("missed", N_("{player} plays {piece:indef}, which may not go on "
                               "{zone:def}: it goes to {to:def}."),
                  {"player": shown.player(), "piece": shown.kind(), "zone": shown.zone(),
                   "to": shown.zone("to")}),
    )
    memory = {"card": None, "zone": None, "missed": False}
    facts = {"card": CARD, "missed": bool}
    follow = None
    otherwise: str | None
    when: Expression | None

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        super().__init__(action_id, spec, build, path)
        if self.allows is not None and self.otherwise is None:
            build.fail(path, N_("with 'allows', 'otherwise' says where a piece goes that may "
                                "not go to 'to': it is needed"))
        if self.allows is None and self.otherwise is not None:
            build.fail((*path, "otherwise"), N_("without 'allows' every piece may go to "
                                                "'to': 'otherwise' would never be used"))

    def _offered(self, state: GameState) -> bool:
        return self.when is None or bool(self.when(TurnContext(state)))

    def moves(self, state: GameState) -> list[Move]:
        if not self._offered(state):
            return []
        held = state.owned[self.source][state.to_move].size()
        return [Move(self.id, (("place", place),)) for place in range(1, held + 1)]

    def prospects(self, state: GameState, player: int) -> Iterator[tuple[str, str, int]]:
        for kind, count in state.owned[self.source][player].counts().items():
            zone_id = self.own_places.get(kind)
            if zone_id is not None and self._allowed(state, kind, zone_id, player):
                yield zone_id, kind, count

    def check(self, state: GameState, move: Move) -> None:
        if not self._offered(state):
            assert self.when is not None
            raise refuse("not-now-played", N_("you may not {action} now (rule: {rule})"),
                         rule=in_words(self.when, TURN_WORDS), action=self.id)
        place, held = move.get("place"), state.owned[self.source][state.to_move].size()
        if not 1 <= place <= held:
            raise refuse("no-such-place", N_("there is no place {place} in your {zone:bare}: "
                                             "it holds {count}"),
                         place=place, zone=self.source, count=held)

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        pile = state.writable(self.source)
        assert isinstance(pile, Pile)  # ordered (ZoneRef)
        kind = pile.take_at(move.get("place") - 1)
        zone_id = self.places[kind]
        fits = zone_id is not None and self._allowed(state, kind, zone_id)
        to = zone_id if fits else self.otherwise
        assert to is not None  # 'otherwise' is given wherever a piece may be refused
        state.writable(to).lay([kind], on_top=True)
        state.turn.moved = True
        self.remember(state, card=kind, zone=to, missed=not fits)
        if fits:
            events.append(Event("played", {"player": state.player, "kind": kind,
                                           "zone": to}, self.id))
        else:
            events.append(Event("missed", {"player": state.player, "kind": kind,
                                           "zone": zone_id or to, "to": to}, self.id))
