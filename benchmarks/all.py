"""Every benchmark in one run, as one JSON document.

    python benchmarks/all.py
    python benchmarks/all.py --games 50 --runs 5     # quicker, rougher

- ``startup``: ``regelwerk --help`` against a bare ``python -c pass`` (startup.py);
- ``first_load``: importing the engine and the first load of every shipped game and
  variant, each in a fresh process (firstload.py);
- ``playouts``: random games of every shipped game on one core (playouts.py), with
  games, decisions and legal moves per CPU second.

Each part runs as its own process (as a user's command would), pinned to one CPU
by the part itself where it pins; only the last JSON line of each is read. The
figures are CPU times where the part reports them: the machine may be shared.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
#: players in the random games: four where the game allows, else as near as it allows
PLAYERS = 4


def run_part(script: str, *arguments: str) -> dict[str, Any]:
    """Run one benchmark script and read the JSON object its last line holds."""
    done = subprocess.run([sys.executable, str(HERE / script), *arguments],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"error: {script} {' '.join(arguments)} failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def playouts(games: int, seed: int) -> dict[str, dict[str, Any]]:
    from regelwerk.engine import load_ruleset, shipped_games

    found = {}
    for game in shipped_games():
        rules = load_ruleset(game)
        players = min(max(PLAYERS, rules.min_players), rules.max_players)
        result = run_part("playouts.py", "--game", game, "--players", str(players),
                          "--games", str(games), "--seed", str(seed))
        decisions = result["decisions_per_game"] * result["games"]
        result["decisions_per_cpu_second"] = round(decisions / result["cpu_seconds"], 1)
        result["legal_moves_per_cpu_second"] = round(
            decisions * result["mean_legal_moves"] / result["cpu_seconds"], 1)
        found[game] = result
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150,
                        help="random games of each shipped game (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default: %(default)s)")
    parser.add_argument("--runs", type=int, default=15,
                        help="timed starts of the command, and a third as many fresh "
                             "processes per first load (default: %(default)s)")
    args = parser.parse_args()
    if args.games < 1 or args.runs < 1:
        parser.error("--games and --runs must be at least 1")
    report = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "startup": run_part("startup.py", "--runs", str(args.runs)),
        "first_load": run_part("firstload.py", "--runs", str(max(1, args.runs // 3))),
        "playouts": playouts(args.games, args.seed),
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
