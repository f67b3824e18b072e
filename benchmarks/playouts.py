"""Throughput of the engine's hot path: whole games of uniformly random legal moves.

Bots and rules sweeps spend their time in ``legal_moves`` and ``apply`` (a playout in
``advance``, which plays on the state in place), so games per second on one core is the
number to watch. The last line printed is one JSON object, for scripts comparing runs.

    python benchmarks/playouts.py --game okavango --players 4 --games 200 --seed 1
    python benchmarks/playouts.py --game coloretto --players 4 --games 150 --seed 1
    python benchmarks/playouts.py --game lost-cities --players 2 --games 150 --seed 1
    python benchmarks/playouts.py --game connect-four --players 2 --games 300 --seed 1
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time
from dataclasses import dataclass

from regelwerk.engine import Ruleset, advance, legal_moves, load_ruleset, new_game

#: a game that has not ended after this many decisions is reported, not waited for
MAX_DECISIONS = 100_000
#: how the random player picks: ``legal_moves`` counts the moves (groups by the bits of
#: their stats, see ``engine/play/movelist.py``) and only the move picked by index is built
#: ("sample"), rather than every move being listed first ("enum")
POLICY = "sample"


@dataclass
class Playout:
    decisions: int
    legal_moves: int  # summed over the decisions
    most_legal_moves: int
    turns: int


def play(rules: Ruleset, players: list[str], seed: int, choose: random.Random) -> Playout:
    state = new_game(rules, players, seed=seed)
    decisions = offered = most = 0
    while not state.game_over:
        if decisions == MAX_DECISIONS:
            raise SystemExit(f"error: game with seed {seed} did not end after "
                             f"{MAX_DECISIONS} decisions")
        moves = legal_moves(state)
        count = len(moves)
        offered += count
        most = max(most, count)
        advance(state, moves[choose.randrange(count)])  # the state is this loop's alone
        decisions += 1
    return Playout(decisions, offered, most, state.turns_played)


def pin_to_one_cpu() -> int | None:
    """Keep the run on one CPU (where the OS allows it), so that timings vary less."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Play uniformly random legal games on one core and report their speed; "
                    "the last line of output is a JSON object.")
    parser.add_argument("--game", default="okavango",
                        help="a ruleset id, or the path of a ruleset or variant file "
                             "(default: %(default)s)")
    parser.add_argument("--players", type=int, default=4,
                        help="number of players (default: %(default)s)")
    parser.add_argument("--games", type=int, default=200,
                        help="number of games to play (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1,
                        help="seeds the move choices; game i is set up with seed SEED+i "
                             "(default: %(default)s)")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    return args


def main() -> None:
    args = parse_args()
    cpu = pin_to_one_cpu()
    started = time.perf_counter()
    rules = load_ruleset(args.game)
    load_seconds = time.perf_counter() - started
    if not rules.min_players <= args.players <= rules.max_players:
        raise SystemExit(f"error: {rules.title} is played by {rules.min_players} to "
                         f"{rules.max_players} players, not {args.players}")
    players = [f"player-{i + 1}" for i in range(args.players)]
    choose = random.Random(args.seed)

    started, cpu_started = time.perf_counter(), time.process_time()
    playouts = [play(rules, players, args.seed + i, choose) for i in range(args.games)]
    seconds = time.perf_counter() - started
    # CPU time leaves out what a busy (virtual) machine takes away from this process.
    cpu_seconds = time.process_time() - cpu_started

    decisions = sum(p.decisions for p in playouts)
    result = {
        "game": rules.id if rules.variant is None else f"{rules.id}/{rules.variant}",
        "players": args.players,
        "policy": POLICY,
        "games": args.games,
        "seed": args.seed,
        "seconds": round(seconds, 4),
        "games_per_second": round(args.games / seconds, 2),
        "cpu_seconds": round(cpu_seconds, 4),
        "games_per_cpu_second": round(args.games / cpu_seconds, 2),
        "decisions_per_game": round(decisions / args.games, 2),
        "mean_legal_moves": round(sum(p.legal_moves for p in playouts) / decisions, 2),
        "max_legal_moves": max(p.most_legal_moves for p in playouts),
        "turns_per_game": round(statistics.fmean(p.turns for p in playouts), 2),
        "ruleset_load_seconds": round(load_seconds, 4),
        "moves_applied_per_second": round(decisions / seconds, 1),
        "pinned_cpu": cpu,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
    }
    print(f"{result['game']}, {args.players} players: {args.games} games in {seconds:.2f} s "
          f"({result['games_per_second']} games/s, {result['moves_applied_per_second']} "
          f"moves/s)")
    print(f"per game: {result['decisions_per_game']} decisions, {result['turns_per_game']} "
          f"turns; legal moves per decision: {result['mean_legal_moves']} on average, "
          f"{result['max_legal_moves']} at most")
    print(f"ruleset loaded in {load_seconds * 1000:.1f} ms; Python {result['python']} "
          f"({result['implementation']}) on {platform.machine()}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
