"""How long the first load of each shipped game takes, in a fresh process.

A command that plays or checks a game starts a new process: it imports the
engine, then loads the ruleset for the first time (nothing cached yet). Both are
timed in CPU time (what a busy machine takes away from the process is left
out), over several fresh processes; the medians are reported. The last line
printed is one JSON object.

    python benchmarks/firstload.py --runs 7
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

#: run in each fresh process: CPU milliseconds of the import and of the first load
PROBE = """
import json, sys, time
started = time.process_time()
from regelwerk.engine import load_ruleset
imported = time.process_time()
load_ruleset(sys.argv[1])
loaded = time.process_time()
print(json.dumps([(imported - started) * 1000, (loaded - imported) * 1000]))
"""


def first_load(source: str) -> tuple[float, float]:
    """CPU milliseconds of importing the engine and of loading ``source``, in a new process."""
    done = subprocess.run([sys.executable, "-c", PROBE, source], capture_output=True,
                          text=True, check=True)
    imported, loaded = json.loads(done.stdout.splitlines()[-1])
    return imported, loaded


def measure(runs: int) -> dict[str, dict[str, float]]:
    from regelwerk.engine import shipped_games, shipped_variants

    sources = [(game, game) for game in shipped_games()]
    sources += [(f"{game}/{path.stem}", str(path)) for game in shipped_games()
                for path in shipped_variants(game)]
    result = {}
    for name, source in sources:
        timings = [first_load(source) for _ in range(runs)]
        result[name] = {
            "import_cpu_ms": round(statistics.median(t[0] for t in timings), 1),
            "first_load_cpu_ms": round(statistics.median(t[1] for t in timings), 1),
        }
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5,
                        help="fresh processes per game or variant (default: %(default)s)")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    result = measure(args.runs)
    for name, times in result.items():
        print(f"{name}: engine imported in {times['import_cpu_ms']} ms, first load "
              f"{times['first_load_cpu_ms']} ms (CPU, median of {args.runs})")
    print(json.dumps({"runs": args.runs, "games": result}))


if __name__ == "__main__":
    main()
