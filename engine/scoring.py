"""Points counted at the end of a game: runs along the lines of grid zones, and the
pieces in a zone of each player (each piece, and runs of consecutive values)."""

from __future__ import annotations

from collections import defaultdict
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Iterable, cast

from .context import run_record, runs_of
from .grid import Grid, Run

if TYPE_CHECKING:
    from .ruleset import LineScoring, ZoneScoring
    from .state import GameState


def final_points(state: GameState) -> list[dict[str, Any]]:
    """Per player, the points each scoring rule gives at the end of the game."""
    return [points_of(state, player) for player in range(len(state.players))]


def points_of(state: GameState, player: int) -> dict[str, Any]:
    """What ``player`` would score if the game ended now: for the runs of lines, their cards
    and sets, for each scoring of a zone (``zones``, by entry id) and in total."""
    rules = state.rules
    earned: dict[str, Any] = {"runs": 0, "cards": 0, "sets": 0, "zones": {}}
    for scoring in rules.scoring:
        line = rules.lines[scoring.line]
        for run in runs_of(state, player, line):
            if scoring.complete_only and not run.complete:
                continue
            _score_run(state, player, scoring, run, earned)
    for counted in rules.zone_scoring:
        earned["zones"][counted.id] = _zone_points(state, player, counted)
    earned["total"] = earned["runs"] + earned["cards"] + earned["sets"] \
        + sum(earned["zones"].values())
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


def _zone_points(state: GameState, player: int, scoring: ZoneScoring) -> int:
    records = state.rules.card_records
    cards = [records[kind] for kind, count in state.owned[scoring.zone][player].counts().items()
             for _ in range(count)]
    points = 0
    if scoring.card is not None:
        points += sum(int(scoring.card.evaluate({"card": c})) for c in cards)
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
