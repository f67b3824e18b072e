"""``play-from-hand``: the player names one piece of their own zone and puts it on top of a
zone, or of the zone of a family its attribute chooses, when the family's condition allows
it after the piece on top there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterator, Mapping

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event, Move
from ...conditions.expressions import Expression, Names
from ...conditions.turnnames import CARD, TURN_WORDS
from ...conditions.wording import PIECE_TERM, Field, in_words
from ...model.builder import ZoneNeeds
from ...model.playcache import Bounded
from ...model.zonefamilies import member_of
from ...play.parts import KIND, Part
from ...play.state import GameState
from ...play.turncontext import TurnContext, card_record
from ...zones.contents import Tally
from ..base import ActionMechanism, refuse
from ..params import (CARD_WORDS, Attribute, Condition, Context, Param, ZoneRef, check_zone,
                      zone_needs)

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset


class Family(str):
    """The name of a family of zones chosen by an attribute, as a setting resolves it."""


class ZoneOrFamily(ZoneRef):
    """A zone, or a family of zones chosen by an attribute (``by``): each piece goes to the
    zone of its own value."""

    def resolve(self, value: Any, at: Context) -> Any:
        members = at.build.zone_families.get(value, ())
        if members and at.build.zones[members[0]].by:
            at.build.zones_listed(at.path, [value], zone_needs(self.scope, self.needs))
            return Family(value)
        return check_zone(at.build, at.path, value, self.scope, self.needs).id

    def sentence_for(self, value: Any) -> str:
        # the zones are listed as one to choose among: which one, the piece decides
        return N_("Which one is decided by the {by:bare} of the {piece:bare}.") \
            if isinstance(value, Family) else ""


#: the names of ``allows`` about the piece and where it would go; the others are about the turn
PLACE_NAMES = frozenset({"card", "top", "count"})


def allows_names(at: Context) -> Names:
    """``card`` (the piece played), ``top`` (the piece on top of the zone it would go to;
    every attribute at its default when that is empty), ``count`` (pieces there), and what
    conditions about the turn read (``counts``, ``mine``, ``zone``...)."""
    attributes = at.build.card_fields()
    return {**at.build.turn_condition_names, "card": attributes, "top": attributes,
            "count": int}


#: when a piece may go on a zone, after the piece on top there (told in a refusal too)
ALLOWS = Condition(
    "allows", "When the piece may go there, over 'card' (the piece), 'top' (the piece on top "
              "there; its attributes at their defaults when there is none: 0, false, \"\"), "
              "'count' (pieces there) and the names of conditions about the turn (e.g. "
              "'counts.NAME', 'mine.hand'); always when absent.", optional=True,
    names=allows_names,
    words={**TURN_WORDS, **CARD_WORDS, "top.": N_("the {field} of the {piece:bare} on top there"),
           "count": N_("the number of {pieces:bare} there")},
    sentence=N_("It may go there only when this holds: {allows:clause}."))


class PlayFromHand(ActionMechanism):
    """One piece of the player's own zone, named, goes on top of its zone."""

    name = "play-from-hand"
    always_moves = True
    description = ("Put a piece the player names from their zone 'from' on top of the zone "
                   "'to' (of the player's own when it belongs to each player). 'to' may name "
                   "a family of zones chosen by an attribute (by): the piece goes to the zone "
                   "of its value. 'allows' says when it may, after the piece on top there.")
    params: ClassVar[tuple[Param, ...]] = (
        ZoneRef("from", "The player's zone the piece comes from.", attr="source",
                scope="player", needs=("counted", "seen")),
        ZoneOrFamily("to", "The zone the piece goes on top of, or a family of zones chosen by "
                           "an attribute (by).", attr="target"),
        ALLOWS,
        Attribute("follow", "Follow suit: while the zone 'to' holds pieces, a player who holds "
                            "a piece with the same value of this attribute as the first piece "
                            "there (the one led) must play such a piece.", optional=True,
                  sentence=N_("Once {to:def} holds {piece:indef}, whoever holds {piece:indef} "
                              "of the same {follow:bare} as the first one there must play "
                              "one.")),
    )
    parts = (Part("kind", KIND),)
    sentence = N_("Put {piece:indef} from your {from} on top of {to:def}.")
    events = by_code(
        EventType("played", N_("{player} puts {piece:indef} on {zone:def}."),
                  {"player": shown.player(), "piece": shown.kind(), "zone": shown.zone()}),
        # onto a zone the others do not see: which piece stays untold
        EventType("played-face-down", N_("{player} puts {piece:indef} face down."),
                  {"player": shown.player(), "piece": shown.term("piece")}),
    )
    memory = {"card": None, "zone": None}  # the piece put last this turn, and where
    memory_ids = {"card": "components", "zone": "zones"}
    facts = {"card": CARD}
    probe_cost = 0
    source: str
    target: str
    allows: Expression | None
    follow: str | None

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        super().__init__(action_id, spec, build, path)
        zones = build.zone_families.get(self.target, (self.target,))
        if self.allows is not None and "top" in self.allows.names_used:
            for zone_id in zones:
                if not build.zones[zone_id].ordered:
                    build.fail((*path, "allows"),
                               N_("this condition reads 'top', but zone '{name}' has no "
                                  "order"), name=zone_id)
                # the piece on top decides where a piece may go: the player must see it
                build.zone((*path, "to"), zone_id, ZoneNeeds(seen=True))
        #: the names about the turn ``allows`` reads (read once a piece is weighed)
        self.turn_names_read = frozenset() if self.allows is None else \
            frozenset(self.allows.names_used) - PLACE_NAMES
        self.places: Mapping[str, str | None] = {}
        self.own_places: Mapping[str, str] = {}  # the places that are the player's own zones
        self.face_down = frozenset(zone_id for zone_id in zones  # what others do not see
                                   if build.zones[zone_id].visibility != "public")
        if self.follow is not None and (len(zones) != 1 or not build.zones[zones[0]].ordered):
            build.fail((*path, "follow"),
                       N_("to follow what was led, the pieces must go to one zone with an "
                          "order ('to')"))
        self.suits: Mapping[str, Any] = {}  # with ``follow``: each kind's value of it
        self.order: Mapping[str, int] = {}  # the kinds in the order the ruleset lists them

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        self.order = {kind: i for i, kind in enumerate(ruleset.components)}
        if self.follow is not None:
            self.suits = {kind: getattr(ruleset.card_records[kind], self.follow)
                          for kind in ruleset.components}
        family = ruleset.zone_families.get(self.target)
        if family is None:
            self.places = {kind: self.target for kind in ruleset.components}
        else:
            attribute = ruleset.zones[family[0]].by
            self.places = {kind: member_of(ruleset.zones, self.target,
                                           component.attributes.get(attribute))
                           for kind, component in ruleset.components.items()}
        self.own_places = {kind: zone_id for kind, zone_id in self.places.items()
                           if zone_id is not None and ruleset.zones[zone_id].scope == "player"}
        #: whether a piece may go on a zone, by (kind, the kind on top, count), where
        #: ``allows`` reads nothing of the turn (bots ask again and again)
        self.verdicts: Bounded = ruleset.cache.tables(self.id,
                                                      lambda cache: cache.bounded(10_000))

    def _turn_names(self, state: GameState) -> dict[str, Any]:
        """What ``allows`` reads about the turn, read once for every piece weighed."""
        if not self.turn_names_read:
            return {}
        context = TurnContext(state)
        return {name: context[name] for name in self.turn_names_read}

    def _allowed(self, state: GameState, kind: str, zone_id: str,
                 player: int | None = None, turn: dict[str, Any] | None = None) -> bool:
        """Whether ``kind`` may go on zone ``zone_id`` (the player's own, the player to move
        unless told, when it belongs to each player); ``turn``: ``_turn_names``, where the
        caller has read them."""
        if self.allows is None:
            return True
        there = (state.shared[zone_id] if zone_id in state.shared
                 else state.owned[zone_id][state.to_move if player is None else player])
        top = there[0] if there.ordered and there.size() else None  # type: ignore[index]
        key = None if self.turn_names_read else (kind, top, there.size())
        known: bool | None = self.verdicts.get(key) if key is not None else None
        if known is not None:
            return known
        verdict = bool(self.allows.evaluate({
            **(self._turn_names(state) if turn is None else turn),
            "card": card_record(state.rules, kind), "top": card_record(state.rules, top),
            "count": there.size()}))
        return verdict if key is None else self.verdicts.remember(key, verdict)

    def _led(self, state: GameState, hand: Tally) -> Any:
        """With ``follow``, the value of it that the piece played must have: the first
        piece's there, where the player holds a piece with it; else None."""
        if self.follow is None:
            return None
        there = state.zone(self.target)
        if not there.size():
            return None
        led = self.suits[there[-1]]  # type: ignore[index]  # ordered: the first one at the bottom
        return led if any(self.suits[kind] == led for kind in hand) else None

    def moves(self, state: GameState) -> list[Move]:
        hand: Tally = state.owned[self.source][state.to_move]  # type: ignore[assignment]  # counted: a Tally
        led = self._led(state, hand)
        turn = self._turn_names(state)
        found = []
        for kind in sorted(hand, key=self.order.__getitem__):  # as the ruleset lists them
            zone_id = self.places[kind]
            if led is not None and self.suits[kind] != led:
                continue
            if zone_id is not None and self._allowed(state, kind, zone_id, turn=turn):
                found.append(Move(self.id, (("kind", kind),)))
        return found

    def prospects(self, state: GameState, player: int) -> Iterator[tuple[str, str, int]]:
        hand: Tally = state.owned[self.source][player]  # type: ignore[assignment]  # counted: a Tally
        for kind, count in hand.items():
            zone_id = self.own_places.get(kind)
            if zone_id is not None and self._allowed(state, kind, zone_id, player):
                yield zone_id, kind, count

    def check(self, state: GameState, move: Move) -> None:
        kind = move.get("kind")
        hand: Tally = state.owned[self.source][state.to_move]  # type: ignore[assignment]  # counted: a Tally
        if not hand.get(kind):
            raise refuse("pieces-missing", N_("you do not have {pieces}"), pieces={kind: 1})
        zone_id = self.places[kind]
        if zone_id is None:
            raise refuse("no-zone-for-piece", N_("{kind} has no zone of its own to go to"),
                         kind=kind)
        led = self._led(state, hand)
        if led is not None and self.suits[kind] != led:
            raise refuse("must-follow", N_("you must play {piece:indef} of the same {follow:bare} as "
                                           "the first one on {zone:def}"),
                         piece=PIECE_TERM, follow=Field(self.follow), zone=zone_id)
        if not self._allowed(state, kind, zone_id):
            assert self.allows is not None  # allowed always without a condition
            raise refuse("not-allowed-here", N_("{kind:Def} cannot go on {zone:def} now (rule: "
                                                "{rule})"),
                         kind=kind, zone=zone_id, rule=in_words(self.allows, ALLOWS.words),
                         action=self.id)

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        kind: str = move.get("kind")
        zone_id = self.places[kind]
        assert zone_id is not None  # check saw the piece has a zone
        state.writable(self.source).remove(kind, 1)
        state.writable(zone_id).lay([kind], on_top=True)
        state.turn.moved = True
        self.remember(state, card=kind, zone=zone_id)
        if zone_id in self.face_down:
            events.append(Event("played-face-down", {"player": state.player}, self.id))
        else:
            events.append(Event("played", {"player": state.player, "kind": kind,
                                           "zone": zone_id}, self.id))
