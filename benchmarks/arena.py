"""Bots against bots: how often each wins, and how long it takes to choose (not a test).

    python benchmarks/arena.py --game okavango --players 2 --bots mcts,greedy --games 200 --seed 1

Seat i of game g is taken by the spec (g + i) modulo the number of specs, so seats rotate
from game to game; a spec is a bot's name (``regelwerk.engine.bots.BOTS``), for ``mcts``
optionally with its iterations (``mcts:100``). Game g is played with seed S + g, and each
bot gets its own seed from it, so the results do not depend on ``--workers``. The last line
is a JSON object with, per spec: its share of wins (a win shared by k players counts 1/k)
over the seats it took, with a 95% Wilson interval, its mean score, and the CPU seconds per
move it chose (mean, 99th percentile, longest).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import lru_cache, partial

from regelwerk.engine import Ruleset, apply, load_ruleset, new_game, view
from regelwerk.engine.bots import BOTS, Bot
from regelwerk.engine.mcts import MctsBot


@dataclass
class Seated:
    """What one spec did over the seats it took."""

    seats: int = 0
    wins: float = 0.0
    points: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)

    def add(self, other: Seated) -> None:
        self.seats += other.seats
        self.wins += other.wins
        self.points += other.points
        self.seconds += other.seconds


def make_bot(spec: str, seed: str) -> Bot:
    name, _, iterations = spec.partition(":")
    if iterations:
        if name != "mcts":
            raise SystemExit(f"only mcts takes a budget: {spec}")
        return MctsBot(seed, iterations=int(iterations))
    if name not in BOTS:
        raise SystemExit(f"unknown bot {spec!r}; bots: {', '.join(sorted(BOTS))}")
    return BOTS[name](seed)


@lru_cache(maxsize=None)
def rules_of(game: str) -> Ruleset:
    """A worker loads each ruleset once."""
    return load_ruleset(game)


def play(game: str, players: int, specs: list[str], seed: int, number: int
         ) -> dict[str, Seated]:
    """Game ``number``: the specs in their seats, played to the end."""
    rules = rules_of(game)
    seats = [specs[(number + i) % len(specs)] for i in range(players)]
    names = [f"{spec.replace(':', '-')}-{i + 1}" for i, spec in enumerate(seats)]
    bots = {name: make_bot(spec, f"{seed + number}:{name}") for name, spec in zip(names, seats)}
    results = {spec: Seated() for spec in specs}
    state = new_game(rules, names, seed + number)
    while not state.game_over:
        player = state.player
        started = time.process_time()
        move = bots[player].choose(view(state, player), rules)
        results[seats[names.index(player)]].seconds.append(time.process_time() - started)
        state, _ = apply(state, move)
    winners = state.winners()
    for name, spec, points in zip(names, seats, state.scores):
        results[spec].seats += 1
        results[spec].points.append(points)
        if name in winners:
            results[spec].wins += 1 / len(winners)
    return results


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share observed over n seats."""
    if n == 0:
        return (0.0, 1.0)
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summary(seated: Seated) -> dict[str, object]:
    share = seated.wins / seated.seats if seated.seats else 0.0
    low, high = wilson(share, seated.seats)
    spent = sorted(seated.seconds) or [0.0]
    return {"seats": seated.seats, "win_share": round(share, 4),
            "win_share_ci95": [round(low, 4), round(high, 4)],
            "mean_score": round(statistics.fmean(seated.points), 2) if seated.points else None,
            "moves": len(seated.seconds),
            "mean_seconds": round(statistics.fmean(spent), 4),
            "p99_seconds": round(spent[int(0.99 * (len(spent) - 1))], 4),
            "max_seconds": round(spent[-1], 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="okavango", help="a ruleset id or file")
    parser.add_argument("--players", type=int, default=2, help="players per game")
    parser.add_argument("--bots", default="mcts,greedy",
                        help="comma-separated bot specs, taking the seats in turn")
    parser.add_argument("--games", type=int, default=20, help="games to play")
    parser.add_argument("--seed", type=int, default=1, help="first game's seed")
    parser.add_argument("--workers", type=int, default=1,
                        help="processes playing games at once (results do not depend on it)")
    args = parser.parse_args()
    specs = list(dict.fromkeys(s.strip() for s in args.bots.split(",") if s.strip()))
    order = [s.strip() for s in args.bots.split(",") if s.strip()]
    for spec in specs:
        make_bot(spec, "0")
    one_game = partial(play, args.game, args.players, order, args.seed)
    totals = {spec: Seated() for spec in specs}
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) if args.workers > 1 else nullcontext() as pool:
        games = (pool.map(one_game, range(args.games)) if pool is not None
                 else map(one_game, range(args.games)))
        for number, results in enumerate(games):
            for spec, seated in results.items():
                totals[spec].add(seated)
            so_far = {spec: summary(seated) for spec, seated in totals.items()}
            print(f"after game {number + 1}: {json.dumps(so_far)}", flush=True)
    result = {spec: summary(seated) for spec, seated in totals.items()}
    for spec, figures in result.items():
        print(f"{spec}: {figures}")
    print(f"{args.games} games in {time.perf_counter() - started:.1f} s")
    print(json.dumps({"game": args.game, "players": args.players, "bots": order,
                      "games": args.games, "seed": args.seed, "results": result}))


if __name__ == "__main__":
    main()
