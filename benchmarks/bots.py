"""How long bots take to choose a move (not a test).

    python benchmarks/bots.py --game okavango --players 4 --games 20 --seed 1

Bots play whole games against each other; the last line is a JSON object with,
per bot, the number of moves timed and the mean, 99th percentile and longest
time to choose one.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from regelwerk.engine import apply, load_ruleset, new_game, view
from regelwerk.engine.bots.levels import BOTS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="okavango", help="a ruleset id or file")
    parser.add_argument("--players", type=int, default=4, help="players per game")
    parser.add_argument("--games", type=int, default=20, help="games to play")
    parser.add_argument("--seed", type=int, default=1, help="first game's seed")
    args = parser.parse_args()
    rules = load_ruleset(args.game)
    kinds = sorted(BOTS)
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    for game in range(args.games):
        seats = [kinds[(game + i) % len(kinds)] for i in range(args.players)]
        names = [f"{kind}-{i}" for i, kind in enumerate(seats)]
        bots = {name: BOTS[kind](f"{args.seed + game}:{name}") for name, kind in zip(names, seats)}
        state = new_game(rules, names, args.seed + game)
        while not state.game_over:
            player = state.player
            started = time.perf_counter()
            move = bots[player].choose(view(state, player), rules)
            times[seats[names.index(player)]].append(time.perf_counter() - started)
            state, _ = apply(state, move)
    result = {}
    for kind, spent in times.items():
        spent.sort()
        result[kind] = {"moves": len(spent), "mean_seconds": round(statistics.fmean(spent), 5),
                        "p99_seconds": round(spent[int(0.99 * (len(spent) - 1))], 5),
                        "max_seconds": round(spent[-1], 5)}
        print(f"{kind}: {result[kind]}")
    print(json.dumps({"game": args.game, "players": args.players, "games": args.games,
                      "bots": result}))


if __name__ == "__main__":
    main()
