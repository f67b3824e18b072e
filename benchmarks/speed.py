"""Games per CPU second of every shipped game, against a hand-specialised Okavango.

The engine's random playouts (playouts.py) of each shipped game and, for Okavango with four
players, the reference in ``--reference`` (``okavango_ref_mix.py``, sampling the move it
plays as the engine's random player does) run interleaved in one process on one core, a
batch of each in turn, so that a busy machine slows them alike. The reference draws its own
seeds, so the games cannot be compared one by one: their decisions per game and legal moves
per decision are, and a difference of more than four standard errors is reported as a
different mix of games. The last line printed is one JSON object.

    python benchmarks/speed.py
    python benchmarks/speed.py --games 60 --rounds 5     # quicker, rougher
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from playouts import pin_to_one_cpu, play  # beside this file

from regelwerk.engine import load_ruleset, shipped_games

#: players in every game: four where the game allows, else as near as it allows
PLAYERS = 4
REFERENCE = Path("/work/shared/bench")
#: what the reference plays, under the name its figures are printed with
REFERENCE_GAME, REFERENCE_PLAYERS = "okavango", 4
#: standard errors two means of a game's mix may differ by before they are told apart
TOLERANCE = 4.0


class Runs:
    """The CPU time and the (decisions, legal moves) of each game a player has played."""

    def __init__(self, play_one: Callable[[int], tuple[int, int]]) -> None:
        self.play_one = play_one
        self.cpu_seconds = 0.0
        self.games: list[tuple[int, int]] = []

    def batch(self, seeds: range) -> None:
        started = time.process_time()
        played = [self.play_one(seed) for seed in seeds]
        self.cpu_seconds += time.process_time() - started
        self.games.extend(played)

    @property
    def per_cpu_second(self) -> float:
        return len(self.games) / self.cpu_seconds

    def mean(self, which: int) -> tuple[float, float]:
        """The mean of decisions per game (0) or of legal moves per game (1), and its
        standard error."""
        values = [game[which] for game in self.games]
        return statistics.fmean(values), statistics.stdev(values) / len(values) ** 0.5


def engine_runs(game: str, seed: int) -> tuple[Runs, int]:
    rules = load_ruleset(game)
    players = min(max(PLAYERS, rules.min_players), rules.max_players)
    names = [f"player-{i + 1}" for i in range(players)]
    choose = random.Random(seed)

    def play_one(game_seed: int) -> tuple[int, int]:
        playout = play(rules, names, game_seed, choose)
        return playout.decisions, playout.legal_moves

    return Runs(play_one), players


def reference_runs(folder: Path) -> Runs:
    spec = importlib.util.spec_from_file_location("okavango_ref_mix",
                                                  folder / "okavango_ref_mix.py")
    if spec is None or spec.loader is None:
        raise SystemExit(f"error: no okavango_ref_mix.py in {folder}")
    sys.path.insert(0, str(folder))  # it imports okavango_ref beside it
    module: ModuleType = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    def play_one(game_seed: int) -> tuple[int, int]:
        counts = {"dec": 0, "opt": 0}
        module.play(REFERENCE_PLAYERS, game_seed, counts, True)
        return counts["dec"], counts["opt"]

    return Runs(play_one)


def same_mix(engine: Runs, reference: Runs) -> bool:
    """Whether both play games of the same length and width, as far as their means tell."""
    for which in (0, 1):
        (mine, my_error), (theirs, their_error) = engine.mean(which), reference.mean(which)
        if abs(mine - theirs) > TOLERANCE * (my_error ** 2 + their_error ** 2) ** 0.5:
            return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150,
                        help="games of each, over all rounds (default: %(default)s)")
    parser.add_argument("--rounds", type=int, default=10,
                        help="batches each plays in turn (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default: %(default)s)")
    parser.add_argument("--reference", type=Path, default=REFERENCE,
                        help="folder of okavango_ref_mix.py (default: %(default)s)")
    args = parser.parse_args()
    if args.games < 2 or not 1 <= args.rounds <= args.games:
        parser.error("--games must be at least 2 and --rounds between 1 and --games")
    cpu = pin_to_one_cpu()
    runs = {}
    for game in shipped_games():
        runs[game], players = engine_runs(game, args.seed)
        if game == REFERENCE_GAME and players != REFERENCE_PLAYERS:
            raise SystemExit(f"error: {game} is not played by {REFERENCE_PLAYERS} here")
    reference = reference_runs(args.reference)
    everyone = [*runs.values(), reference]
    size = args.games // args.rounds
    for round_ in range(args.rounds):
        first = args.seed + round_ * size
        seeds = range(first, first + (size if round_ < args.rounds - 1
                                      else args.games - round_ * size))
        for each in everyone:
            each.batch(seeds)

    mix = same_mix(runs[REFERENCE_GAME], reference)
    result = {"games": args.games, "seed": args.seed, "pinned_cpu": cpu,
              "reference_games_per_cpu_second": round(reference.per_cpu_second, 2),
              "same_mix": mix, "games_per_cpu_second": {}}
    for game, each in runs.items():
        result["games_per_cpu_second"][game] = round(each.per_cpu_second, 2)
        print(f"{game:14} {each.per_cpu_second:9.1f} games/CPU s, "
              f"{each.mean(0)[0]:7.1f} decisions a game")
    engine = runs[REFERENCE_GAME]
    ratio = engine.per_cpu_second / reference.per_cpu_second
    result["ratio_to_reference"] = round(ratio, 3)
    print(f"{'reference':14} {reference.per_cpu_second:9.1f} games/CPU s, "
          f"{reference.mean(0)[0]:7.1f} decisions a game ({REFERENCE_GAME}, "
          f"{REFERENCE_PLAYERS} players)")
    print(f"{REFERENCE_GAME} against the reference: {ratio:.3f}; legal moves a decision "
          f"{engine.mean(1)[0] / engine.mean(0)[0]:.1f} and "
          f"{reference.mean(1)[0] / reference.mean(0)[0]:.1f}: "
          + ("the same mix of games" if mix else "NOT the same mix of games"))
    print(json.dumps(result))
    if not mix:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
