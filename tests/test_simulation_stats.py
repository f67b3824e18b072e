"""The statistics of simulations against textbook values, and tallies that merge exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk.engine import load_ruleset
from regelwerk.engine.matches import Tally, play_game, seating
from regelwerk.engine.matches.stats import chi_squared, holm, upper_gamma, welch, wilson

DRAW_SUM = Path(__file__).parent / "rulesets" / "draw-sum" / "draw-sum.yaml"


@pytest.mark.parametrize("statistic, freedom", [(3.841459, 1), (5.991465, 2), (18.307038, 10)])
def test_the_chi_squared_tail_at_its_95_percent_points_is_5_percent(statistic, freedom):
    assert upper_gamma(freedom / 2, statistic / 2) == pytest.approx(0.05, abs=1e-6)


def test_wilson_intervals_stay_inside_0_and_1():
    assert wilson(0.0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    low, high = wilson(0.5, 100)
    assert (low, high) == pytest.approx((0.4038, 0.5962), abs=1e-4)


def test_holm_adjusts_in_steps_and_keeps_the_order():
    assert holm([0.01, 0.04, None, 0.03]) == pytest.approx([0.03, 0.06, None, 0.06])


def test_no_test_with_too_few_games_and_a_clear_difference_found():
    assert welch(1.0, 1.0, 10, 2.0, 1.0, 10) is None
    assert welch(1.0, 1.0, 100, 2.0, 1.0, 100) < 1e-10
    assert chi_squared([[50, 50], [60, 40]]) == pytest.approx(0.1552, abs=1e-4)


def test_tallies_of_batches_merge_into_the_tally_of_all_games():
    rules = load_ruleset(DRAW_SUM)
    lineup = ("greedy", "random")
    records = [play_game(rules, lineup, 9, "", number) for number in range(24)]
    whole = Tally(2)
    for record in records:
        whole.add(record)
    merged = Tally(2)
    for start, stop in ((10, 24), (0, 3), (3, 10)):  # any split, any order
        part = Tally(2)
        for record in records[start:stop]:
            part.add(record)
        merged.merge(Tally.from_data(part.to_data()))
    assert merged.to_data() == whole.to_data()
    assert [r.seats for r in records[:2]] == [seating(lineup, 0), seating(lineup, 1)]
    assert whole.games == 24 and sum(m.count for m in whole.bot_wins.values()) == 48


def test_a_tiny_p_value_reads_as_less_than_a_number():
    """'significant (p < 0.001)', never 'p = < 0.001'."""
    from regelwerk.cli.simtext import Labels

    labels = Labels([], "en")
    assert labels.verdict({"p_holm": 0.0001, "significant": True}) == "significant (p < 0.001)"
    assert labels.verdict({"p_holm": 0.02, "significant": True}) == "significant (p = 0.02)"
