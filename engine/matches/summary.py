"""Every figure of a run as versioned, JSON-compatible data (``docs/simulate.md``).

The figures are computed from exact tallies, so the same run gives the same data, byte for
byte, whatever played it; only ``execution`` (backend, workers, time) differs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .stats import ALPHA, chi_squared, holm, one_sample, welch, wilson
from .ratings import ratings
from .tally import Measure, Moments, Tally

FORMAT = "regelwerk-simulation"
VERSION = 1
DIGITS = 6


@dataclass(frozen=True)
class Entry:
    """One ruleset of a run as the summary names it."""

    name: str  # "base", or the variant's id
    file: str
    digest: str  # the rules' hash (engine.ruleset.digest_of)


def summary(game: str, entries: Sequence[Entry], tallies: Sequence[Tally],
            lineup: Sequence[str], games: int, seed: int, interrupted: bool,
            execution: dict[str, Any]) -> dict[str, Any]:
    """The whole result of a run."""
    rulesets = [ruleset_figures(entry, tally) for entry, tally in zip(entries, tallies)]
    tests = [(index, test) for index, tally in enumerate(tallies)
             for test in [start_player_test(tally)]]
    comparisons = [(index, test) for index in range(1, len(tallies))
                   for test in compare(tallies[0], tallies[index])]
    everything = [test for _, test in tests + comparisons]
    for test, adjusted in zip(everything, holm([t["p"] for t in everything])):
        test["p_holm"] = _round(adjusted)
        test["significant"] = adjusted is not None and adjusted < ALPHA
        test["p"] = _round(test["p"])
    for index, test in tests:
        rulesets[index]["start_player"] = test
    return {
        "format": FORMAT, "version": VERSION, "game": game, "players": len(lineup),
        "lineup": list(lineup), "games": games, "seed": seed, "interrupted": interrupted,
        "alpha": ALPHA, "multiple_comparisons": "holm",
        "rulesets": rulesets,
        "comparisons": [{"variant": entries[index].name,
                         "tests": [t for i, t in comparisons if i == index]}
                        for index in range(1, len(tallies))],
        "execution": execution,
    }


def ruleset_figures(entry: Entry, tally: Tally) -> dict[str, Any]:
    finished = tally.finished
    decisions = sum(m.total for m in tally.actions.values())
    return {
        "name": entry.name, "file": entry.file, "digest": entry.digest,
        "games": tally.games, "finished": finished, "unfinished": tally.unfinished,
        "draws": tally.draws,
        "seats": [_share(m) for m in tally.seat_wins],
        "bots": {spec: _share(m) for spec, m in sorted(tally.bot_wins.items())},
        **({"ratings": {spec: {"elo": r.elo, "ci95": [r.low, r.high], "duels": r.duels}
                        for spec, r in ratings(tally.duels).items()}}
           if len(tally.bot_wins) > 1 and tally.duels else {}),
        "scores": _measure(tally.scores),
        "winning_scores": _measure(tally.winning_scores),
        "margins": _measure(tally.margins),
        "turns": _measure(tally.turns),
        "lead_changes": _measure(tally.lead_changes),
        "winner_led_from": {"games": tally.winner_led_from.count,
                            "mean": _round(tally.winner_led_from.mean)},
        "ended_by": dict(sorted(tally.ended_by.items())),
        "actions": {action: {"per_game": _round(tally.action_per_game(action).mean),
                             "share": _round(float(m.total / decisions) if decisions else 0.0)}
                    for action, m in sorted(tally.actions.items())},
    }


def _share(moments: Moments) -> dict[str, Any]:
    """A win share with its Wilson interval: ``n`` seats taken, ``wins`` ties shared."""
    share = moments.mean
    low, high = wilson(share, moments.count)
    return {"n": moments.count, "wins": _round(float(moments.total)), "share": _round(share),
            "ci95": [_round(low), _round(high)]}


def _measure(measure: Measure) -> dict[str, Any]:
    m, histogram = measure.moments, measure.histogram
    return {"n": m.count, "mean": _round(m.mean), "sd": _round(m.variance ** 0.5),
            "min": min(histogram, default=0), "max": max(histogram, default=0),
            "median": _quantile(measure, 0.5),
            "histogram": [[value, n] for value, n in sorted(histogram.items())]}


def _quantile(measure: Measure, q: float) -> int:
    """The smallest value with at least a share ``q`` of the observations at or below it."""
    needed, seen = q * measure.moments.count, 0
    for value, n in sorted(measure.histogram.items()):
        seen += n
        if seen >= needed:
            return value
    return 0


def start_player_test(tally: Tally) -> dict[str, Any]:
    """Does the start player win more (or less) than a fair share of the games?"""
    seat = tally.seat_wins[0]
    fair = 1 / tally.players
    return {"measure": "start_player_win_share", "test": "z", "expected": _round(fair),
            "observed": _round(seat.mean),
            "p": one_sample(seat.mean, seat.variance, seat.count, fair)}


def compare(base: Tally, variant: Tally) -> list[dict[str, Any]]:
    """A variant's figures against the base game's, each with its test."""
    means: list[tuple[str, Callable[[Tally], Moments]]] = [
        ("start_player_win_share", lambda t: t.seat_wins[0]),
        ("score", lambda t: t.scores.moments),
        ("winning_margin", lambda t: t.margins.moments),
        ("turns", lambda t: t.turns.moments),
        ("lead_changes", lambda t: t.lead_changes.moments),
    ]
    tests = [_welch(name, read(base), read(variant)) for name, read in means]
    tests += [_welch(f"action:{action}", base.action_per_game(action),
                     variant.action_per_game(action))
              for action in sorted(set(base.actions) | set(variant.actions))]
    ends = sorted(set(base.ended_by) | set(variant.ended_by))
    tests.append({"measure": "ended_by", "test": "chi-squared",
                  "base": {e: base.ended_by[e] for e in ends},
                  "variant": {e: variant.ended_by[e] for e in ends},
                  "p": chi_squared([[base.ended_by[e] for e in ends],
                                          [variant.ended_by[e] for e in ends]])
                  if ends else None})
    return tests


def _welch(name: str, a: Moments, b: Moments) -> dict[str, Any]:
    return {"measure": name, "test": "welch-z", "base": _round(a.mean),
            "variant": _round(b.mean), "difference": _round(b.mean - a.mean),
            "p": welch(a.mean, a.variance, a.count, b.mean, b.variance, b.count)}


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, DIGITS)
