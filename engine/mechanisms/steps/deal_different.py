"""``deal-different``: each player receives one piece, every player's of a different value
of an attribute, at random.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...common import rng
from ...common.errors import N_
from ...common.moves import Event
from ...play.state import GameState, put
from ..base import StepMechanism
from ..params import CARD_WORDS, Attribute, Condition, ZoneRef, card_names
from .zones import FROM

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.ruleset import Ruleset


class DealDifferent(StepMechanism):
    """Each player receives one piece from ``from``, no two players the same value of the
    attribute ``by`` (a different starting piece each); the values are chosen at
    random among those the zone holds, and the piece at random among those of its value."""

    name = "deal-different"
    description = ("Each player receives one piece from 'from' into their zone 'to', every "
                   "player's of a different value of the attribute 'by', chosen at random; "
                   "'which' limits the pieces dealt.")
    params = (FROM, ZoneRef("to", "The players' zone.", attr="target", scope="player",
                            needs=("counted",)),
              Attribute("by", "The attribute whose values must differ."),
              Condition("which", "Only pieces for which this condition over 'card' holds "
                                 "are dealt.", optional=True, names=card_names,
                        words=CARD_WORDS,
                        sentence=N_("Only the {pieces:bare} for which this holds are dealt: "
                                    "{which:clause}.")))
    sentence = N_("{player:Each} receives {one:acc} from {from:def} into their {to}, each of "
                  "a different {by}.")
    shuffles = True  # the values dealt are chosen at random
    source: str
    target: str
    by: str
    which: Any

    def __init__(self, spec: Any, build: Builder, path: tuple) -> None:
        super().__init__(spec, build, path)
        self._path = path

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        records = ruleset.card_records
        #: each kind dealt, with its value (pieces without a value are never dealt)
        self.value_of = {kind: getattr(records[kind], self.by) for kind in ruleset.components
                         if getattr(records[kind], self.by) != ""
                         and (self.which is None or self.which.evaluate({"card": records[kind]}))}

    def check_ruleset(self, ruleset: Ruleset, build: Builder) -> None:
        values = len(set(self.value_of.values()))
        if values < ruleset.max_players:
            build.fail((*self._path, "by"), N_("{players} players need {players} different "
                                               "values of '{name}', but the pieces have only "
                                               "{values}"),
                       players=ruleset.max_players, name=self.by, values=values)

    def run(self, state: GameState, events: list[Event]) -> None:
        source = state.writable(self.source)
        counts = source.counts()
        values = list(dict.fromkeys(value for kind, value in self.value_of.items()
                                    if counts.get(kind)))
        state.rng = rng.shuffle(state.rng, values)
        for player, value in zip(range(len(state.players)), values):
            kinds = [kind for kind, of in self.value_of.items()
                     if of == value and source.counts().get(kind)]
            weights = [source.counts()[kind] for kind in kinds]
            state.rng, pick = rng.below(state.rng, sum(weights))
            for kind, weight in zip(kinds, weights):
                if pick < weight:
                    source.remove(kind, 1)
                    put(state, self.target, {kind: 1}, player)
                    break
                pick -= weight

    def pieces_needed(self, ruleset: Ruleset, players: int) -> int:
        return players
