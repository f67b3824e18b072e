"""Points at the end of a game for the groups in each player's zone: the pieces that share
a value of an attribute form a group, scored by a table of its size; the best groups count
for the player, the rest against; wild pieces join the groups that give the most points.

A ruleset writes it as ``group_scoring: {ZONE: {by, table, best, card}}``:

- ``by``: the attribute whose value makes a group (pieces without a value form none);
- ``table``: the points of a group of 1, 2, … pieces; a larger group scores the last entry;
- ``best``: how many groups count for the player (those worth most); the others count
  against (absent: all count for);
- ``card``: a formula over ``card`` added for every piece in the zone (bonus pieces).

Each wild piece joins one group, of any value some component has (also a value the
player holds none of), chosen so that the player scores the most.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from . import events as show
from .build import Builder, ZoneNeeds
from .errors import N_
from .events import EventType, by_code
from .expressions import Expression

if TYPE_CHECKING:
    from .ruleset import Ruleset
    from .state import GameState

EVENTS = by_code(
    EventType("final-points-by-group",
              N_("{player}: {total} {unit} (the best {groups}: {best}, the other {groups}: "
                 "−{rest}, {pieces} counted alone: {cards})"),
              {"player": show.player(), "total": show.number("total"),
               "unit": show.term("point", "total"), "best": show.number("best"),
               "rest": show.number("rest"), "cards": show.number("cards"),
               "groups": show.term("group", plural=True),
               "pieces": show.term("piece", plural=True)},
              count="total"),
)

ZONE_NEEDS = ZoneNeeds(scope="player", grid=False)


@dataclass(frozen=True)
class GroupScoring:
    zone: str
    by: str
    table: tuple[int, ...]
    best: int | None  # None: every group counts for the player
    card: Expression | None

    def points(self, size: int) -> int:
        if size <= 0:
            return 0
        return self.table[min(size, len(self.table)) - 1]


def compile_group_scoring(build: Builder, data: Mapping[str, Any]) -> tuple[GroupScoring, ...]:
    """The ``group_scoring`` section; every reference is checked here (located errors)."""
    found = []
    for zone_id, spec in data.items():
        path = ("group_scoring", zone_id)
        build.zone(path, zone_id, ZONE_NEEDS)
        if spec["by"] not in build.attribute_types:
            build.fail((*path, "by"), N_("unknown attribute '{name}'"), name=spec["by"])
        card = spec.get("card")
        found.append(GroupScoring(
            zone=zone_id, by=spec["by"], table=tuple(spec["table"]), best=spec.get("best"),
            card=None if card is None else build.expression(
                (*path, "card"), card, {"card": build.card_fields()}, int)))
    return tuple(found)


def group_points(state: GameState, player: int) -> dict[str, int]:
    """What a player's groups are worth: ``best`` (the groups counting for them), ``rest``
    (counting against them, as a positive number) and ``cards`` (the per-piece formula)."""
    rules = state.rules
    earned = {"best": 0, "rest": 0, "cards": 0}
    for scoring in rules.group_scoring:
        counts = state.owned[scoring.zone][player].counts()
        sizes: dict[Any, int] = {}
        wilds = 0
        for kind, n in counts.items():
            card = rules.card_records[kind]
            if scoring.card is not None:
                earned["cards"] += n * int(scoring.card.evaluate({"card": card}))
            if rules.components[kind].wild:
                wilds += n
            elif getattr(card, scoring.by) != "":
                value = getattr(card, scoring.by)
                sizes[value] = sizes.get(value, 0) + n
        free = len([v for v in _values(rules, scoring.by) if v not in sizes])
        groups = sorted(sizes.values(), reverse=True) + [0] * min(wilds, free)
        if not groups:  # no value to join: wild pieces score nothing
            wilds = 0
        best, rest = _best_assignment(scoring, groups, wilds)
        earned["best"] += best
        earned["rest"] += rest
    return earned


def _values(rules: Ruleset, attribute: str) -> list[Any]:
    values = (getattr(rules.card_records[kind], attribute) for kind in rules.components)
    return list(dict.fromkeys(v for v in values if v != ""))


def _best_assignment(scoring: GroupScoring, groups: list[int], wilds: int) -> tuple[int, int]:
    """The points for and against of the best way to add ``wilds`` pieces to ``groups``
    (each to one group), with at most ``best`` groups counting for the player."""
    limit = len(groups) if scoring.best is None else scoring.best
    # (wild pieces used, groups counting for) -> (score, for, against), the best score kept
    table: dict[tuple[int, int], tuple[int, int, int]] = {(0, 0): (0, 0, 0)}
    for size in groups:
        following: dict[tuple[int, int], tuple[int, int, int]] = {}
        for (used, counted), (score, gain, loss) in table.items():
            for added in range(wilds - used + 1):
                worth = scoring.points(size + added)
                options = [((used + added, counted), (score - worth, gain, loss + worth))]
                if counted < limit:
                    options.append(((used + added, counted + 1),
                                    (score + worth, gain + worth, loss)))
                for key, value in options:
                    if key not in following or value[0] > following[key][0]:
                        following[key] = value
        table = following
    _, gain, loss = max(value for (used, _), value in table.items() if used == wilds)
    return gain, loss
