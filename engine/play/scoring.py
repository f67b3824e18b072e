"""Points counted at the end of a game: runs along the lines of grid zones, what zones of
each player hold, and the groups in them (as ``compiler/scoring.py`` and
``compiler/lines.py`` compiled them)."""

from __future__ import annotations

from collections import defaultdict
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Iterable, Mapping, cast

from ..common import shown
from ..common.errors import N_
from ..common.events import EventType, by_code
from ..zones.grid import Grid, Run
from .turncontext import run_record, runs_of

if TYPE_CHECKING:
    from ..model.ruleset import GroupScoring, LineScoring, Ruleset, ZoneScoring
    from .state import GameState

EVENTS = by_code(
    EventType("final-points-by-group",
              N_("{player}: {total} {unit} (the best {groups}: {best}, the other {groups}: "
                 "−{rest}, {pieces} counted alone: {cards})"),
              {"player": shown.player(), "total": shown.number("total"),
               "unit": shown.term("point", "total"), "best": shown.number("best"),
               "rest": shown.number("rest"), "cards": shown.number("cards"),
               "groups": shown.term("group", plural=True),
               "pieces": shown.term("piece", plural=True)},
              count="total"),
)


def final_points(state: GameState, hand: bool = False) -> list[dict[str, Any]]:
    """Per player, the points each scoring rule gives at the end of the game (or, with
    ``hand``, of a hand: without what is counted only at the end)."""
    return [points_of(state, player, hand) for player in range(len(state.players))]


def points_of(state: GameState, player: int, hand: bool = False) -> dict[str, Any]:
    """What ``player`` would score if the game (``hand``: the hand) ended now: by runs,
    cards, sets, zones and total."""
    rules = state.rules
    earned: dict[str, Any] = {"runs": 0, "cards": 0, "sets": 0}
    for scoring in rules.scoring:
        line = rules.lines[scoring.line]
        for run in runs_of(state, player, line):
            if scoring.complete_only and not run.complete:
                continue
            _score_run(state, player, scoring, run, earned)
    earned["zones"] = sum(points for _, points in scored_zones(state, player,
                                                              False if hand else None))
    earned["total"] = earned["runs"] + earned["cards"] + earned["sets"] + earned["zones"]
    if rules.group_scoring:
        groups = group_points(state, player)
        earned.update(best=groups["best"], rest=groups["rest"],
                      cards=earned["cards"] + groups["cards"])
        earned["total"] += groups["best"] - groups["rest"] + groups["cards"]
    return earned


def _score_run(state: GameState, player: int, scoring: LineScoring, run: Run,
               earned: dict[str, Any]) -> None:
    rules = state.rules
    line = rules.lines[scoring.line]
    grid = cast(Grid, state.owned[line.zone][player])
    cards = [rules.card_records[grid[cell]] for cell in run.cells()]
    if scoring.run is not None:
        earned["runs"] += int(scoring.run.evaluate({"run": run_record(state, player, line,
                                                                       run)}))
    if scoring.card is not None:
        earned["cards"] += sum(int(scoring.card.evaluate({"card": c})) for c in cards)
    if scoring.set_by and scoring.bonuses:
        parts: dict[Any, set] = defaultdict(set)
        for card in cards:
            key = getattr(card, scoring.set_by)
            if key:
                parts[key].add(getattr(card, scoring.part_by) if scoring.part_by else None)
        for have in parts.values():
            bonus = next((b for b in scoring.bonuses if b.parts <= have), None)
            if bonus is not None:
                earned["sets"] += bonus.points


def zone_record(rules: Ruleset, counts: Mapping[str, int]) -> dict[str, Any]:
    """What a points formula reads of a zone holding ``counts`` pieces of each kind: how
    many, the sum of each number, how many have each attribute, how many kinds, how many
    values of each attribute."""
    records = rules.card_records
    cards = [(records[kind], n) for kind, n in counts.items()]
    fields = records[None]._fields
    held = [kind for kind, n in counts.items() if n > 0]
    components = rules.components
    return {"count": sum(counts.values()), "kinds": len(held),
            "sum": SimpleNamespace(**{name: sum(getattr(card, name) * n for card, n in cards)
                                      for name in fields
                                      if type(getattr(records[None], name)) is int}),
            "having": SimpleNamespace(**{name: sum(n for card, n in cards
                                                   if getattr(card, name))
                                         for name in fields}),
            # (a piece without the attribute has no value of it; every piece has a rank)
            "different": SimpleNamespace(**{name: len({getattr(records[kind], name)
                                                        for kind in held
                                                        if name in components[kind].attributes
                                                        or name == "rank"})
                                            for name in fields})}


def scored_zones(state: GameState, player: int,
                 at_end: bool | None = None) -> list[tuple[str, int]]:
    """Each zone of ``player`` a zone scoring counts, with its points, in order; with
    ``at_end``, only those counted only at the end of a game of hands (True), or the
    others (False: the points of a hand)."""
    return [(zone_id, zone_points(state, scoring, zone_id, player))
            for scoring in state.rules.zone_scoring
            if at_end is None or scoring.at_end == at_end for zone_id in scoring.zones]


def zone_points(state: GameState, scoring: ZoneScoring, zone_id: str, player: int) -> int:
    """What the zone's pieces are worth, and its place among every player's same zone."""
    points = points_for(state.rules, scoring, state.owned[zone_id][player].counts())
    if scoring.most is None and scoring.fewest is None:
        return points
    rules = state.rules
    measures = [measure(rules, scoring, content.counts()) for content in state.owned[zone_id]]
    if scoring.none_when_all_tied and len(set(measures)) == 1:
        return points
    for placing, most in ((scoring.most, True), (scoring.fewest, False)):
        if placing is not None:
            points += placing.award(measures, player, most)
    return points


def measure(rules: Ruleset, scoring: ZoneScoring, counts: Mapping[str, int]) -> int:
    """What players are ranked by in a zone holding ``counts``: ``by``, or its pieces."""
    if scoring.by is None:
        return sum(counts.values())
    return int(scoring.by.evaluate(zone_record(rules, counts)))


#: zone contents whose points a ruleset remembers: bots weigh the same few again and again
POINTS_REMEMBERED = 1 << 16


def points_for(rules: Ruleset, scoring: ZoneScoring, counts: Mapping[str, int]) -> int:
    """The points ``scoring`` gives a zone holding ``counts`` pieces of each kind."""
    known = rules.cache.tables("scoring.points", lambda cache: cache.bounded(POINTS_REMEMBERED))
    key = (scoring.id, frozenset(counts.items()))
    found = known.get(key)
    return found if found is not None else known.remember(key, _points_for(rules, scoring,
                                                                             counts))


def _points_for(rules: Ruleset, scoring: ZoneScoring, counts: Mapping[str, int]) -> int:
    points = 0
    if scoring.points is not None:
        points += int(scoring.points.evaluate(zone_record(rules, counts)))
    if scoring.card is None and scoring.run is None:
        return points
    records = rules.card_records
    cards = [records[kind] for kind, count in counts.items() for _ in range(count)]
    if scoring.card is not None:
        points += sum(int(scoring.card.evaluate({"card": card})) for card in cards)
    if scoring.run is not None and scoring.runs_of is not None:
        values = [getattr(card, scoring.runs_of) for card in cards]
        points += sum(int(scoring.run.evaluate({"run": run})) for run in value_runs(values))
    return points


def value_runs(values: Iterable[int]) -> list[SimpleNamespace]:
    """The runs of ``values``: values that follow one another without a gap (equal values
    in the same run), lowest first, each with its ``length`` (values in it), ``lowest`` and
    ``highest``."""
    runs: list[SimpleNamespace] = []
    for value in sorted(values):
        if runs and value - runs[-1].highest <= 1:
            runs[-1].length += 1
            runs[-1].highest = value
        else:
            runs.append(SimpleNamespace(length=1, lowest=value, highest=value))
    return runs


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
