"""Ratings of bots from the games they played against each other, with no library beyond
``math``.

Every game between different bots is a set of duels, one for each pair of seats they took:
the one placed better (a winner against a player who did not win, else the better score)
takes the duel, a tie counts half to each. The duels fit a Bradley–Terry model, the model
behind Elo ratings: bot *i* beats bot *j* with probability ``p_i / (p_i + p_j)``. The
strengths are fitted by maximum likelihood with Hunter's MM algorithm (2004), after one
drawn duel between every pair is added, so that a bot that won every duel still gets a
finite rating; they are shown on the Elo scale (400 points: ten to one), their mean at
``MEAN``. The 95 % intervals come from the likelihood's curvature at the fit (the inverse
of the observed information, taken with the mean held fixed), so they shrink as more games
are played.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping, Sequence

from .stats import Z95

#: the mean rating of the bots of a run
MEAN = 1500
#: Elo points per unit of log strength
SCALE = 400 / math.log(10)
#: the MM algorithm stops once no log strength moves by more than this
TOLERANCE = 1e-10
MOST_ROUNDS = 10_000

#: duels won: (winner, loser) -> how many, ties counted half to each side
Duels = Mapping[tuple[str, str], Fraction]


@dataclass(frozen=True)
class Rating:
    elo: float
    low: float  # the 95 % interval
    high: float
    duels: int  # duels played against the other bots


def duels_of(seats: Sequence[str], scores: Sequence[int], winners: Sequence[int],
             lowest_wins: bool) -> dict[tuple[str, str], Fraction]:
    """The duels of one finished game between the bots in ``seats`` (pairs of seats taken
    by the same bot are no duel)."""
    won: dict[tuple[str, str], Fraction] = {}
    for i, first in enumerate(seats):
        for j in range(i + 1, len(seats)):
            second = seats[j]
            if first == second:
                continue
            order = _placed(i, j, scores, winners, lowest_wins)
            for pair, share in (((first, second), Fraction(1 + order, 2)),
                                ((second, first), Fraction(1 - order, 2))):
                if share:
                    won[pair] = won.get(pair, Fraction(0)) + share
    return won


def _placed(i: int, j: int, scores: Sequence[int], winners: Sequence[int],
            lowest_wins: bool) -> int:
    """1 when seat ``i`` placed better than seat ``j``, -1 when worse, 0 when level."""
    if (i in winners) != (j in winners):
        return 1 if i in winners else -1
    if i in winners:
        return 0
    better = (scores[i] > scores[j]) - (scores[i] < scores[j])
    return -better if lowest_wins else better


def ratings(duels: Duels) -> dict[str, Rating]:
    """Each bot's rating, from the duels won among them (at least two bots)."""
    bots = sorted({bot for pair in duels for bot in pair})
    index = {bot: i for i, bot in enumerate(bots)}
    k = len(bots)
    # one drawn duel between every pair: half a win each way
    won = [[0.5 if a != b else 0.0 for b in range(k)] for a in range(k)]
    for (winner, loser), share in duels.items():
        won[index[winner]][index[loser]] += float(share)
    played = [[won[a][b] + won[b][a] for b in range(k)] for a in range(k)]
    wins = [sum(row) for row in won]
    strength = _fitted(wins, played)
    theta = [math.log(p) for p in strength]
    centre = sum(theta) / k
    spread = _centred_variances(strength, played)
    real = [sum(float(duels.get((bot, other), 0)) + float(duels.get((other, bot), 0))
                for other in bots) for bot in bots]
    result = {}
    for i, bot in enumerate(bots):
        elo = MEAN + SCALE * (theta[i] - centre)
        half = Z95 * SCALE * math.sqrt(spread[i])
        result[bot] = Rating(round(elo, 1), round(elo - half, 1), round(elo + half, 1),
                             round(real[i]))
    return result


def _fitted(wins: list[float], played: list[list[float]]) -> list[float]:
    """Bradley–Terry strengths by Hunter's MM iteration (geometric mean 1)."""
    k = len(wins)
    strength = [1.0] * k
    for _ in range(MOST_ROUNDS):
        new = [wins[i] / sum(played[i][j] / (strength[i] + strength[j])
                             for j in range(k) if j != i)
               for i in range(k)]
        scale = math.exp(sum(math.log(p) for p in new) / k)
        new = [p / scale for p in new]
        moved = max(abs(math.log(a) - math.log(b)) for a, b in zip(new, strength))
        strength = new
        if moved < TOLERANCE:
            break
    return strength


def _centred_variances(strength: list[float], played: list[list[float]]) -> list[float]:
    """The variance of each log strength less their mean: the observed information of the
    log strengths is a weighted Laplacian; its inverse is taken with the last bot held at
    0, then moved to the centred coordinates."""
    k = len(strength)
    weight = [[played[i][j] * strength[i] * strength[j] / (strength[i] + strength[j]) ** 2
               if i != j else 0.0 for j in range(k)] for i in range(k)]
    information = [[sum(weight[i]) if i == j else -weight[i][j] for j in range(k - 1)]
                   for i in range(k - 1)]
    reduced = _inverse(information)
    covariance = [[reduced[i][j] if i < k - 1 and j < k - 1 else 0.0 for j in range(k)]
                  for i in range(k)]
    row_means = [sum(row) / k for row in covariance]
    total_mean = sum(row_means) / k
    # Var(theta_i - mean) = C_ii - 2 mean_j C_ij + mean of C
    return [max(covariance[i][i] - 2 * row_means[i] + total_mean, 0.0) for i in range(k)]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small symmetric positive definite matrix (Gauss–Jordan)."""
    n = len(matrix)
    rows = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for column in range(n):
        pivot = max(range(column, n), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        lead = rows[column][column]
        rows[column] = [value / lead for value in rows[column]]
        for r in range(n):
            if r != column and rows[r][column]:
                factor = rows[r][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column])]
    return [row[n:] for row in rows]
