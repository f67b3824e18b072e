"""Bots against bots: how often each wins, and how long it takes to choose (not a test).

    python benchmarks/arena.py --game okavango --players 2 --bots mcts,greedy --games 200 --seed 1

The specs fill the seats in turn and the seats turn one further every game; a spec is a
bot's name (``regelwerk.engine.bots.BOTS``), for ``mcts`` optionally with its iterations
(``mcts:100``). Games are played as ``regelwerk simulate`` plays them (``engine.matches``:
each game's seed comes from S and its number alone), so the results do not depend on
``--workers``, and a long run may be split (``--first``, ``--raw``, then ``--merge``). The
last line is a JSON object with, per spec: its share of wins (a win shared by k players counts 1/k)
over the seats it took, with a 95% Wilson interval, its mean score, and the CPU seconds per
move it chose (mean, 99th percentile, longest).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import lru_cache, partial

from regelwerk.engine import Ruleset, load_ruleset
from regelwerk.engine.bots.levels import Bot
from regelwerk.engine.matches import bot_names, is_bot_spec, make_bot, play_game
from regelwerk.engine.matches.stats import wilson
from regelwerk.engine.common.moves import Move
from regelwerk.engine.play.view import PlayerView


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


@dataclass
class Timed:
    """A bot whose choices are timed (CPU seconds)."""

    bot: Bot
    seconds: list[float] = field(default_factory=list)

    def choose(self, view: PlayerView, rules: Ruleset) -> Move:
        started = time.process_time()
        move = self.bot.choose(view, rules)
        self.seconds.append(time.process_time() - started)
        return move


@lru_cache(maxsize=None)
def rules_of(game: str) -> Ruleset:
    """A worker loads each ruleset once."""
    return load_ruleset(game)


def play(game: str, players: int, specs: list[str], seed: int, number: int
         ) -> dict[str, Seated]:
    """Game ``number`` (``engine.matches``: its seed and the seats turned from the run's)."""
    timed: list[Timed] = []

    def timed_bot(spec: str, bot_seed: str) -> Bot:
        timed.append(Timed(make_bot(spec, bot_seed)))
        return timed[-1]

    lineup = [specs[i % len(specs)] for i in range(players)]
    record = play_game(rules_of(game), lineup, seed, game, number, timed_bot)
    results = {spec: Seated() for spec in specs}
    for seat, spec in enumerate(record.seats):
        results[spec].seats += 1
        results[spec].points.append(record.scores[seat])
        results[spec].seconds += timed[seat].seconds
        if seat in record.winners:
            results[spec].wins += 1 / len(record.winners)
    return results


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
    parser.add_argument("--first", type=int, default=1,
                        help="the number of the first game: runs of games 1-50 and 51-100 "
                             "play what one run of 100 does")
    parser.add_argument("--raw", help="write what each spec did, move by move, to this file")
    parser.add_argument("--merge", nargs="+", metavar="RAW",
                        help="print the figures of the runs whose --raw files these are, "
                             "taken together, and play nothing")
    args = parser.parse_args()
    if args.merge:
        merged: dict[str, Seated] = {}
        for path in args.merge:
            with open(path, encoding="utf-8") as file:
                for spec, data in json.load(file).items():
                    merged.setdefault(spec, Seated()).add(Seated(**data))
        print(json.dumps({spec: summary(seated) for spec, seated in merged.items()}))
        return
    specs = list(dict.fromkeys(s.strip() for s in args.bots.split(",") if s.strip()))
    order = [s.strip() for s in args.bots.split(",") if s.strip()]
    unknown = [spec for spec in specs if not is_bot_spec(spec)]
    if unknown:
        raise SystemExit(f"unknown bot {unknown[0]!r}; bots: {', '.join(bot_names())}")
    one_game = partial(play, args.game, args.players, order, args.seed)
    totals = {spec: Seated() for spec in specs}
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) if args.workers > 1 else nullcontext() as pool:
        numbers = range(args.first - 1, args.first - 1 + args.games)
        games = (pool.map(one_game, numbers) if pool is not None else map(one_game, numbers))
        for number, results in zip(numbers, games):
            for spec, seated in results.items():
                totals[spec].add(seated)
            so_far = {spec: summary(seated) for spec, seated in totals.items()}
            print(f"after game {number + 1}: {json.dumps(so_far)}", flush=True)
    if args.raw:
        with open(args.raw, "w", encoding="utf-8") as file:
            json.dump({spec: vars(seated) for spec, seated in totals.items()}, file)
    result = {spec: summary(seated) for spec, seated in totals.items()}
    for spec, figures in result.items():
        print(f"{spec}: {figures}")
    print(f"{args.games} games in {time.perf_counter() - started:.1f} s")
    print(json.dumps({"game": args.game, "players": args.players, "bots": order,
                      "games": args.games, "first": args.first, "seed": args.seed,
                      "results": result}))


if __name__ == "__main__":
    main()
