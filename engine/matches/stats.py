"""The statistics of a simulation, from exact sums, with no library beyond ``math``.

- Win shares get Wilson score intervals (95 %): a share near 0 or 1 keeps a sensible
  interval where the normal approximation would leave [0, 1]. A tie's win is shared, so a
  share counts fractions of wins; the interval treats them as the same number of whole ones.
- Means of two independent samples (a variant's games against the base's) are compared by
  Welch's test; with the hundreds of games a simulation plays the statistic is taken as
  normal (a z test), and no test is made with fewer than ``MIN_GAMES`` games on a side.
- How games ended is compared by Pearson's chi-squared test of homogeneity.
- All tests of one run form one family: Holm's step-down method keeps the chance of any
  false finding at most ``ALPHA``.
"""

from __future__ import annotations

import math
from typing import Sequence

ALPHA = 0.05
Z95 = 1.959963984540054
MIN_GAMES = 30


def wilson(share: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share observed over ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    denominator = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / denominator
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def welch(mean_a: float, var_a: float, n_a: int, mean_b: float, var_b: float, n_b: int
          ) -> float | None:
    """Two-sided p-value that two means differ (Welch, large samples); None when either
    sample is too small to tell."""
    if min(n_a, n_b) < MIN_GAMES:
        return None
    error = math.sqrt(var_a / n_a + var_b / n_b)
    if error == 0:
        return 1.0 if mean_a == mean_b else 0.0
    return normal_p((mean_b - mean_a) / error)


def one_sample(mean: float, var: float, n: int, expected: float) -> float | None:
    """Two-sided p-value that a mean differs from ``expected`` (large sample)."""
    if n < MIN_GAMES:
        return None
    error = math.sqrt(var / n)
    if error == 0:
        return 1.0 if mean == expected else 0.0
    return normal_p((mean - expected) / error)


def chi_squared(table: Sequence[Sequence[int]]) -> float | None:
    """p-value of Pearson's test that the rows share one distribution over the columns
    (columns empty in every row are left out); None when it cannot tell."""
    columns = [c for c in range(len(table[0])) if any(row[c] for row in table)]
    rows = [[row[c] for c in columns] for row in table]
    totals = [sum(row) for row in rows]
    if len(columns) < 2 or min(totals) < MIN_GAMES:
        return None if min(totals) < MIN_GAMES else 1.0
    grand = sum(totals)
    column_totals = [sum(row[c] for row in rows) for c in range(len(columns))]
    statistic = sum((row[c] - expected) ** 2 / expected
                    for row, total in zip(rows, totals)
                    for c, expected in ((c, total * column_totals[c] / grand)
                                        for c in range(len(columns))))
    freedom = (len(rows) - 1) * (len(columns) - 1)
    return upper_gamma(freedom / 2, statistic / 2)


def upper_gamma(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x): the chi-squared
    distribution's upper tail (summed term by term below a + 1, a continued fraction beyond)."""
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1 / a
        k = a
        while abs(term) > abs(total) * 1e-15:
            k += 1
            term *= x / k
            total += term
        return max(0.0, 1 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return min(1.0, h * math.exp(log_front))


def holm(p_values: Sequence[float | None]) -> list[float | None]:
    """Holm-adjusted p-values (compare with ``ALPHA``); None stays None."""
    tested = sorted((p, i) for i, p in enumerate(p_values) if p is not None)
    adjusted: list[float | None] = [None] * len(p_values)
    running = 0.0
    for rank, (p, index) in enumerate(tested):
        running = max(running, min(1.0, (len(tested) - rank) * p))
        adjusted[index] = running
    return adjusted
