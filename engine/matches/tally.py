"""What many games add up to, kept as exact sums so memory stays flat and merging is exact.

Every figure is a count, an integer sum or sum of squares, a ``Fraction`` (a win shared by
tied players) or a histogram of whole numbers; two tallies merge by adding them. Exact sums
do not depend on the order games are added in, so a run gives the same figures whatever the
number of workers and whichever batch finishes first.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping

from .play import GameRecord
from .ratings import duels_of


@dataclass
class Moments:
    """Count, sum and sum of squares of a quantity: its mean and spread."""

    count: int = 0
    total: Fraction = Fraction(0)
    squares: Fraction = Fraction(0)

    def add(self, value: int | Fraction) -> None:
        self.count += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: Moments) -> None:
        self.count += other.count
        self.total += other.total
        self.squares += other.squares

    @property
    def mean(self) -> float:
        return float(self.total / self.count) if self.count else 0.0

    @property
    def variance(self) -> float:
        """The sample variance (n - 1), computed exactly before rounding."""
        if self.count < 2:
            return 0.0
        return float((self.squares - self.total * self.total / self.count) / (self.count - 1))

    def to_data(self) -> list[Any]:
        return [self.count, _number(self.total), _number(self.squares)]

    @classmethod
    def from_data(cls, data: list[Any]) -> Moments:
        return cls(data[0], Fraction(data[1]), Fraction(data[2]))


@dataclass
class Measure:
    """Moments and a histogram of a whole-number quantity."""

    moments: Moments = field(default_factory=Moments)
    histogram: Counter[int] = field(default_factory=Counter)

    def add(self, value: int) -> None:
        self.moments.add(value)
        self.histogram[value] += 1

    def merge(self, other: Measure) -> None:
        self.moments.merge(other.moments)
        self.histogram.update(other.histogram)

    def to_data(self) -> dict[str, Any]:
        return {"moments": self.moments.to_data(),
                "histogram": [[value, n] for value, n in sorted(self.histogram.items())]}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Measure:
        return cls(Moments.from_data(data["moments"]),
                   Counter({value: n for value, n in data["histogram"]}))


@dataclass
class Tally:
    """The aggregates of the games of one ruleset with one lineup."""

    players: int
    lowest_wins: bool = False  # the fewest points win
    games: int = 0
    unfinished: int = 0
    draws: int = 0  # finished games with more than one winner
    seat_wins: list[Moments] = field(default_factory=list)  # per seat, per game
    bot_wins: dict[str, Moments] = field(default_factory=dict)  # per seat taken
    scores: Measure = field(default_factory=Measure)  # every player's final points
    winning_scores: Measure = field(default_factory=Measure)
    margins: Measure = field(default_factory=Measure)  # winner against the best other
    turns: Measure = field(default_factory=Measure)
    lead_changes: Measure = field(default_factory=Measure)
    winner_led_from: Moments = field(default_factory=Moments)  # share of the game
    ended_by: Counter[str] = field(default_factory=Counter)
    actions: dict[str, Moments] = field(default_factory=dict)  # in the games it was chosen
    #: duels won between different bots (``ratings.duels_of``): (winner, loser) -> how many
    duels: dict[tuple[str, str], Fraction] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.seat_wins:
            self.seat_wins = [Moments() for _ in range(self.players)]

    def add(self, record: GameRecord) -> None:
        """Count one game (an unfinished one only as such)."""
        self.games += 1
        if not record.finished:
            self.unfinished += 1
            return
        self.ended_by[record.ended_by] += 1
        self.draws += len(record.winners) > 1
        share = Fraction(1, len(record.winners))
        for seat, spec in enumerate(record.seats):
            credit = share if seat in record.winners else Fraction(0)
            self.seat_wins[seat].add(credit)
            self.bot_wins.setdefault(spec, Moments()).add(credit)
        for points in record.scores:
            self.scores.add(points)
        self.winning_scores.add(record.scores[record.winners[0]])
        self.margins.add(self._margin(record))
        self.turns.add(record.turns)
        self.lead_changes.add(record.lead_changes)
        if record.winner_led_from is not None and record.turns:
            self.winner_led_from.add(Fraction(record.winner_led_from, record.turns))
        for action, times in record.actions.items():
            self.actions.setdefault(action, Moments()).add(times)
        _add_duels(self.duels, duels_of(record.seats, record.scores, record.winners,
                                        self.lowest_wins))

    def _margin(self, record: GameRecord) -> int:
        """The winner's points against the best of the others' (0 when all tie)."""
        others = [s for seat, s in enumerate(record.scores) if seat not in record.winners]
        if not others:
            return 0
        best_other = min(others) if self.lowest_wins else max(others)
        return abs(record.scores[record.winners[0]] - best_other)

    def action_per_game(self, action: str) -> Moments:
        """How often the action was chosen per finished game (games without it count 0)."""
        chosen = self.actions.get(action, Moments())
        return Moments(self.finished, chosen.total, chosen.squares)

    @property
    def finished(self) -> int:
        return self.games - self.unfinished

    def merge(self, other: Tally) -> None:
        """Add another tally of the same ruleset and lineup."""
        self.games += other.games
        self.unfinished += other.unfinished
        self.draws += other.draws
        for mine, theirs in zip(self.seat_wins, other.seat_wins):
            mine.merge(theirs)
        for spec, moments in other.bot_wins.items():
            self.bot_wins.setdefault(spec, Moments()).merge(moments)
        for name in ("scores", "winning_scores", "margins", "turns", "lead_changes"):
            getattr(self, name).merge(getattr(other, name))
        self.winner_led_from.merge(other.winner_led_from)
        self.ended_by.update(other.ended_by)
        for action, moments in other.actions.items():
            self.actions.setdefault(action, Moments()).merge(moments)
        _add_duels(self.duels, other.duels)

    def to_data(self) -> dict[str, Any]:
        """Plain data (what a worker sends back)."""
        return {
            "players": self.players, "lowest_wins": self.lowest_wins, "games": self.games, "unfinished": self.unfinished,
            "draws": self.draws, "seat_wins": [m.to_data() for m in self.seat_wins],
            "bot_wins": {k: m.to_data() for k, m in sorted(self.bot_wins.items())},
            **{name: getattr(self, name).to_data() for name in _MEASURES},
            "winner_led_from": self.winner_led_from.to_data(),
            "ended_by": dict(sorted(self.ended_by.items())),
            "actions": {k: m.to_data() for k, m in sorted(self.actions.items())},
            "duels": [[winner, loser, _number(won)]
                      for (winner, loser), won in sorted(self.duels.items())],
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Tally:
        return cls(
            players=data["players"], lowest_wins=data["lowest_wins"], games=data["games"],
            unfinished=data["unfinished"], draws=data["draws"],
            seat_wins=[Moments.from_data(m) for m in data["seat_wins"]],
            bot_wins={k: Moments.from_data(m) for k, m in data["bot_wins"].items()},
            **{name: Measure.from_data(data[name]) for name in _MEASURES},
            winner_led_from=Moments.from_data(data["winner_led_from"]),
            ended_by=Counter(data["ended_by"]),
            actions={k: Moments.from_data(m) for k, m in data["actions"].items()},
            duels={(winner, loser): Fraction(won) for winner, loser, won in data["duels"]})


def _add_duels(duels: dict[tuple[str, str], Fraction],
               more: Mapping[tuple[str, str], Fraction]) -> None:
    for pair, won in more.items():
        duels[pair] = duels.get(pair, Fraction(0)) + won


_MEASURES = ("scores", "winning_scores", "margins", "turns", "lead_changes")


def _number(value: Fraction) -> int | str:
    """A whole number as itself, a fraction as 'p/q' (exact, and read back by Fraction)."""
    return int(value) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
