"""One game between bots, told as a record of what the aggregates need.

Game ``number`` of a run is set up with a seed derived from the run's seed, a stream (one
per ruleset compared) and the number alone, and the lineup of bots turns one seat further
every game; so a game's course never depends on which worker plays it, or when.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from ..bots.levels import BOTS, Bot
from ..bots.mcts import MctsBot
from ..common.moves import Event
from ..common.rng import next_word, seed_state
from ..model.ruleset import Ruleset
from ..play.game import apply, new_game
from ..play.scoring import points_of
from ..play.state import GameState
from ..play.view import view

#: a game not over after this many decisions is given up and counted as unfinished
MAX_DECISIONS = 100_000

#: how a game ended, besides ``action:ID`` (an action that ends the game by choice)
AT_ONCE, WHEN, STALLED, UNFINISHED = "at_once", "when", "stalled", "unfinished"


#: the most iterations a lineup may give the search bot (``mcts:N``)
MAX_ITERATIONS = 100_000


def bot_names() -> list[str]:
    """The bot names a lineup may use (``mcts`` also as ``mcts:N``)."""
    return sorted(BOTS)


def _iterations(spec: str) -> int | None:
    """N of a spec ``mcts:N`` within bounds, else None."""
    name, colon, iterations = spec.partition(":")
    digits = colon and iterations.isascii() and iterations.isdigit() and len(iterations) < 8
    if name != "mcts" or not digits:
        return None
    number = int(iterations)
    return number if 1 <= number <= MAX_ITERATIONS else None


def is_bot_spec(spec: str) -> bool:
    """Whether ``spec`` names a bot: one of ``bot_names()``, or ``mcts:N`` with N from 1 to
    ``MAX_ITERATIONS``."""
    return spec in BOTS or _iterations(spec) is not None


#: the levels players choose bots by, weakest first
LEVELS = ("easy", "medium", "hard")


def level_of(spec: str) -> str:
    """The level of the bot a spec names (see ``is_bot_spec``): ``greedy`` plays at medium,
    ``mcts:30`` is a search, hard."""
    bot = BOTS[spec.partition(":")[0]]
    return next(level for level in LEVELS if BOTS[level] is bot)


def make_bot(spec: str, seed: str) -> Bot:
    """The bot a spec names (see ``is_bot_spec``), seeded."""
    iterations = _iterations(spec)
    if iterations is not None:
        return MctsBot(seed, iterations=iterations)
    return BOTS[spec](seed)


def game_seed(seed: int, stream: str, number: int) -> int:
    """The seed of game ``number``: the ``number``-th output of SplitMix64 started from the
    run's seed mixed with the stream's name (each ruleset compared plays its own games)."""
    salt = int.from_bytes(hashlib.sha256(stream.encode("utf-8")).digest()[:8], "big")
    state = seed_state(seed ^ salt)
    return next_word(seed_state(state + number * 0x9E3779B97F4A7C15))[1]


def seating(lineup: Sequence[str], number: int) -> tuple[str, ...]:
    """Who sits where in game ``number``: the lineup turned by one seat each game, so every
    bot takes every seat (seat 0 starts) equally often over ``len(lineup)`` games."""
    shift = number % len(lineup)
    return tuple(lineup[(seat + shift) % len(lineup)] for seat in range(len(lineup)))


@dataclass(frozen=True)
class GameRecord:
    """What a finished game tells the aggregates (seats count from the start player)."""

    seats: tuple[str, ...]  # the bot spec in each seat
    scores: tuple[int, ...]
    winners: tuple[int, ...]  # seats; several share a tie; none for an unfinished game
    turns: int
    ended_by: str
    actions: Mapping[str, int]  # how often each action was chosen
    lead_changes: int  # how often the sole leader changed between turns
    winner_led_from: int | None  # the turn from which the sole winner led to the end

    @property
    def finished(self) -> bool:
        return self.ended_by != UNFINISHED


def play_game(rules: Ruleset, lineup: Sequence[str], seed: int, stream: str, number: int,
              make: Callable[[str, str], Bot] = make_bot) -> GameRecord:
    """Play game ``number`` of a run to its end."""
    seats = seating(lineup, number)
    this_seed = game_seed(seed, stream, number)
    names = [f"seat-{seat + 1}" for seat in range(len(seats))]
    bots = [make(spec, f"{this_seed}:{seat}") for seat, spec in enumerate(seats)]
    state = new_game(rules, names, this_seed)
    actions: Counter[str] = Counter()
    lead = Lead()
    events: list[Event] = []
    while not state.game_over:
        if sum(actions.values()) == MAX_DECISIONS:
            return GameRecord(seats, tuple(state.scores), (), state.turns_played, UNFINISHED,
                              dict(actions), lead.changes, None)
        move = bots[state.to_move].choose(view(state, state.player), rules)
        actions[move.action] += 1
        turns = state.turns_played
        state, events = apply(state, move)
        if state.turns_played != turns or state.game_over:
            lead.after_turn(state)
    winners = tuple(names.index(name) for name in state.winners())
    led_from = lead.since if len(winners) == 1 and lead.leader == winners[0] else None
    return GameRecord(seats, tuple(state.scores), winners, state.turns_played,
                      ended_by(state, events), dict(actions), lead.changes, led_from)


class Lead:
    """Who leads after each turn: the sole player with the best standing (points so far,
    with what end-of-game scoring would give them now)."""

    def __init__(self) -> None:
        self.leader: int | None = None
        self.since = 0
        self.changes = 0

    def after_turn(self, state: GameState) -> None:
        standing = list(state.scores)
        if state.rules.scored_at_end and not state.game_over:
            standing = [s + points_of(state, p)["total"] for p, s in enumerate(standing)]
        if state.rules.end.lowest_wins:
            standing = [-s for s in standing]
        best = max(standing)
        if standing.count(best) != 1:
            return
        leader = standing.index(best)
        if leader != self.leader:
            self.changes += self.leader is not None
            self.leader, self.since = leader, state.turns_played


def ended_by(state: GameState, last: Sequence[Event]) -> str:
    """Which of the ruleset's ends the game reached: the idle check, an action that ends it
    by choice, ``end.at_once`` or ``end.when``."""
    from ..play.turncontext import TurnContext

    for event in last:
        if event.code == "stalled":
            return STALLED
        if event.code == "ended-by-choice":
            return f"action:{event.action}"
    at_once = state.rules.end.at_once
    return AT_ONCE if at_once is not None and at_once(TurnContext(state)) else WHEN
