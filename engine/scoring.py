"""Points counted at the end of a game: runs along the lines of grid zones, what zones of
each player hold (``zonescoring``), and the groups in them (``groupscoring``)."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any, cast

from .context import run_record, runs_of
from .grid import Grid, Run
from .groupscoring import group_points
from .zonescoring import scored_zones

if TYPE_CHECKING:
    from .ruleset import LineScoring
    from .state import GameState


def final_points(state: GameState) -> list[dict[str, Any]]:
    """Per player, the points each scoring rule gives at the end of the game."""
    return [points_of(state, player) for player in range(len(state.players))]


def points_of(state: GameState, player: int) -> dict[str, Any]:
    """What ``player`` would score if the game ended now: by runs, cards, sets, zones and
    total."""
    rules = state.rules
    earned: dict[str, Any] = {"runs": 0, "cards": 0, "sets": 0}
    for scoring in rules.scoring:
        line = rules.lines[scoring.line]
        for run in runs_of(state, player, line):
            if scoring.complete_only and not run.complete:
                continue
            _score_run(state, player, scoring, run, earned)
    earned["zones"] = sum(points for _, points in scored_zones(state, player))
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
