"""Matches between bots, many games at once: the core of ``regelwerk simulate`` and of
benchmarks that pit bots against each other (``docs/architecture.md``, "Matches").

    source = RuleSource.of(load_ruleset("GAME"))          # rules as data (texts)
    record = play_game(source.load(), ["greedy", "random"], seed=1, stream="", number=0)
    match = Match((source,), ("",), ("greedy", "random"), games=1000, seed=1)
    outcome = run(match, backend_for("local", workers=2), on_batch=print)
    outcome.tallies[0]                                    # exact aggregates (Tally)
"""

from .play import (LEVELS, MAX_ITERATIONS, GameRecord, bot_names, game_seed, is_bot_spec,
                   level_of, make_bot, play_game, seating)
from .runner import (Backend, Batch, Failure, Match, MatchError, Outcome, backend_for, cores,
                     play_batch, run)
from .source import RuleSource
from .summary import Entry, summary
from .tally import Tally

__all__ = [
    "MAX_ITERATIONS", "Backend", "Batch", "Entry", "Failure", "GameRecord", "Match",
    "MatchError", "Outcome", "RuleSource", "Tally", "backend_for", "bot_names", "cores", "game_seed",
    "is_bot_spec", "LEVELS", "level_of", "make_bot", "play_batch", "play_game", "run", "seating",
    "summary",
]
