"""``pass-on``: every player's zone goes whole to a neighbour (drafting: hands passed round
the table), all at once, so nobody passes on what they were just given.
"""

from __future__ import annotations

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event
from ...play.rounds import seats_on
from ...play.state import GameState
from ..base import StepMechanism
from ..params import Choice, ZoneRef

#: how many seats on a zone moves, by direction (across: half the table round)
DIRECTIONS = ("left", "right", "across")

DIRECTION = Choice(
    "direction", "Where each zone goes: to the next player in seat order (left), the one "
    "before (right), or the one half the table round (across: with an even number of "
    "players; with an odd number, to the left).", values=DIRECTIONS,
    sentences={"left": N_("Each passes it to the next {player:bare} in turn."),
               "right": N_("Each passes it to the {player:bare} before them in turn."),
               "across": N_("Each passes it to the {player:bare} sitting opposite.")})


class PassOn(StepMechanism):
    name = "pass-on"
    description = ("Every player's zone 'zone' goes whole to a neighbour ('direction'), all "
                   "at the same time.")
    params = (ZoneRef("zone", "The zone of each player passed on.", scope="player",
                      needs=("counted",)), DIRECTION)
    sentence = N_("Every {player:bare} passes their whole {zone} on at the same time.")
    events = by_code(EventType("passed-on", N_("Every {player:bare} passes their {zone} on."),
                               {"player": shown.term("player"), "zone": shown.zone()}))
    zone: str
    direction: str

    def run(self, state: GameState, events: list[Event]) -> None:
        players = len(state.players)
        shift = seats_on(self.direction, players)
        contents = state.owned[self.zone]
        moved = [contents[(seat - shift) % players] for seat in range(players)]
        for seat, content in enumerate(moved):
            state.replace(self.zone, seat, type(content)(content))
        events.append(Event("passed-on", {"zone": self.zone}))

