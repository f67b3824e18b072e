"""``take-zone``: the whole content of a chosen shared zone goes to the player's own zone;
the player may go out for the round, and the zone may close with them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event, Move
from ...conditions.wording import PIECES_TERM
from ...play import rounds
from ...play.parts import ZONE, Part
from ...play.state import GameState, put
from ..base import ActionMechanism, refuse
from ..params import Count, Flag, ZoneChoice, ZoneRef

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset


class TakeZone(ActionMechanism):
    """Everything in one of the zones ``from`` (one in play holding at least ``at_least``
    pieces) goes to the player's zone ``to``. With ``out``, the player is out for the rest
    of the round; with ``close``, the zone is out of play until the round ends (both need
    the turn's ``rounds``: see ``engine/play/rounds.py``)."""

    name = "take-zone"
    always_moves = True
    description = ("Take everything in one of the shared zones 'from' that holds at least "
                   "'at_least' pieces into the player's zone 'to'; with 'out' the player is out "
                   "for the rest of the round, with 'close' the zone is out of play until "
                   "the round ends.")
    params = (
        ZoneChoice("from", "The zones to choose from (a family for all of its zones).",
                   attr="sources", scope="shared"),
        ZoneRef("to", "The player's zone the pieces go to.", attr="target", scope="player",
                needs=("counted",)),
        Count("at_least", "The fewest pieces a zone must hold to be taken.", default=1,
              minimum=1),
        Flag("out", "The player is out for the rest of the round.",
             sentence=N_("You are out for the rest of the round.")),
        Flag("close", "The zone taken is out of play until the round ends.",
             sentence=N_("What you took stays out of play until the round ends.")),
    )
    parts = (Part("zone", ZONE),)
    sentence = N_("Take everything in one of these: {from}; it goes into your {to:bare}.")
    events = by_code(
        EventType("took-all", N_("{player} takes {zone:def}: {pieces}."),
                  {"player": shown.player(), "zone": shown.zone(),
                   "pieces": shown.pieces("pieces")}),
        EventType("went-out", N_("{player} is out for the rest of the round."),
                  {"player": shown.player()}),
    )
    probe_cost = 0
    puts_into = ("target",)
    sources: tuple[str, ...]
    target: str
    at_least: int
    out: bool
    close: bool

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        super().__init__(action_id, spec, build, path)
        self.leaves_round = self.out
        self._path = path

    def check_ruleset(self, ruleset: Ruleset, build: Builder) -> None:
        if self.close and not ruleset.order.brings_back:
            build.fail((*self._path, "close"),
                       N_("a zone closed for the round opens again only when the round ends, "
                          "but the turn order has no rounds that players leave (such as "
                          "'until-all-out')"))

    def moves(self, state: GameState) -> list[Move]:
        shared = state.shared
        return [Move(self.id, (("zone", z),)) for z in rounds.zones_in_play(state, self.sources)
                if shared[z].size() >= self.at_least]

    def gains(self, state: GameState, move: Move) -> dict[str, int] | None:
        return dict(state.shared[move.get("zone")].counts())

    def check(self, state: GameState, move: Move) -> None:
        zone = move.get("zone")
        if zone in self.sources and rounds.is_closed(state.counters, zone):
            raise rounds.out_of_play(zone)
        if zone not in self.sources or not rounds.in_play(state, zone):
            raise refuse("not-offered", N_("you cannot take {zone:def}"), zone=zone)
        if state.shared[zone].size() < self.at_least:
            if self.at_least == 1:
                raise refuse("too-few", N_("{zone:Def} {zone:sg=is/pl=are} empty"), zone=zone)
            raise refuse("too-few", N_("{zone:Def} holds fewer than {at_least} {pieces:bare}"),
                         zone=zone, at_least=self.at_least, pieces=PIECES_TERM)

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        zone: str = move.get("zone")
        pieces = dict(state.shared[zone].counts())
        state.writable(zone).clear()
        put(state, self.target, pieces)
        state.turn.moved = True
        events.append(Event("took-all", {"player": state.player, "zone": zone,
                                         "pieces": pieces}, self.id))
        if self.close:
            rounds.close(state, zone)
        if self.out:
            rounds.go_out(state, state.to_move)
            events.append(Event("went-out", {"player": state.player}, self.id))
