"""How a simulation scales with workers (not a test): the same games with 1 worker, then
with more, in one run; the last line is a JSON object.

    python benchmarks/simulate.py --game okavango --players 3 --bots random --games 600

Wall-clock games per second is what a user sees; on a machine others are using, it also
measures them. CPU seconds (this process and its workers) show how much work each run did.
"""

from __future__ import annotations

import argparse
import json
import resource
import time

from regelwerk.engine import load_ruleset
from regelwerk.engine.matches import Match, RuleSource, backend_for, run


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def measure(match: Match, workers: int) -> dict[str, float]:
    cpu, started = cpu_seconds(), time.perf_counter()
    outcome = run(match, backend_for("local", workers))
    seconds, cpu = time.perf_counter() - started, cpu_seconds() - cpu
    return {"workers": workers, "games": outcome.played, "seconds": round(seconds, 2),
            "games_per_second": round(outcome.played / seconds, 2),
            "cpu_seconds": round(cpu, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="okavango", help="a ruleset id or file")
    parser.add_argument("--players", type=int, default=3, help="players per game")
    parser.add_argument("--bots", default="random", help="comma-separated bot specs")
    parser.add_argument("--games", type=int, default=600, help="games per run")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed")
    parser.add_argument("--workers", type=int, default=2, help="workers of the second run")
    args = parser.parse_args()
    bots = args.bots.split(",")
    lineup = tuple(bots[seat % len(bots)] for seat in range(args.players))
    match = Match((RuleSource.of(load_ruleset(args.game)),), ("",), lineup, args.games,
                  args.seed)
    runs = [measure(match, 1), measure(match, args.workers)]
    speedup = runs[1]["games_per_second"] / runs[0]["games_per_second"]
    for result in runs:
        print(f"{result['workers']} worker(s): {result['games_per_second']} games/s "
              f"({result['seconds']} s, {result['cpu_seconds']} CPU s)")
    print(f"speed-up: {speedup:.2f}x")
    print(json.dumps({"game": args.game, "players": args.players, "lineup": list(lineup),
                      "runs": runs, "speedup": round(speedup, 3)}))


if __name__ == "__main__":
    main()
