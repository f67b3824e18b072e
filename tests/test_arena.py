"""Ratings of bots (``engine/matches/ratings.py``) and ``regelwerk arena``: duels from each
game's places, a Bradley–Terry fit on the Elo scale with intervals that shrink with more
games, the same figures whatever number of workers plays them, and the refusals."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from regelwerk.engine.matches.ratings import MEAN, duels_of, ratings


def test_each_pair_of_seats_of_different_bots_is_a_duel_placed_by_win_then_points():
    # greedy (seat 0) and random (seat 2) win together; random at seat 1 has fewer points
    # than greedy at seat 3, neither winning: greedy takes that duel
    duels = duels_of(["greedy", "random", "random", "greedy"], [10, 3, 10, 5], [0, 2], False)
    assert duels == {("greedy", "random"): Fraction(5, 2), ("random", "greedy"): Fraction(3, 2)}


def test_where_the_fewest_points_win_fewer_points_take_the_duel():
    assert duels_of(["a", "b", "c"], [7, 2, 9], [1], True) == {
        ("b", "a"): 1, ("b", "c"): 1, ("a", "c"): 1}


def test_a_rating_difference_is_the_elo_odds_of_the_duels_won():
    rated = ratings({("a", "b"): Fraction(700), ("b", "a"): Fraction(300)})
    gap = rated["a"].elo - rated["b"].elo
    # one drawn duel is added between each pair: 700.5 to 300.5
    assert gap == pytest.approx(400 * math.log10(700.5 / 300.5), abs=0.2)
    assert (rated["a"].elo + rated["b"].elo) / 2 == pytest.approx(MEAN, abs=0.1)
    assert rated["a"].duels == rated["b"].duels == 1000


def test_intervals_hold_the_rating_and_shrink_with_more_duels():
    few = ratings({("a", "b"): Fraction(7), ("b", "a"): Fraction(3)})
    many = ratings({("a", "b"): Fraction(700), ("b", "a"): Fraction(300)})
    for rated in (few, many):
        assert all(r.low < r.elo < r.high for r in rated.values())
    assert many["a"].high - many["a"].low < (few["a"].high - few["a"].low) / 5


def test_a_bot_that_won_every_duel_is_rated_above_the_others_and_finitely():
    rated = ratings({("a", "b"): Fraction(30), ("a", "c"): Fraction(30),
                     ("b", "c"): Fraction(15), ("c", "b"): Fraction(15)})
    assert rated["a"].elo > rated["b"].elo and math.isfinite(rated["a"].elo)
    assert rated["b"].elo == pytest.approx(rated["c"].elo, abs=0.1)


def _arena(cli, tmp_path: Path, *args: str) -> dict:
    out = tmp_path / f"arena-{len(list(tmp_path.iterdir()))}.json"
    code, text, err = cli("arena", *args, "--json", str(out))
    assert code == 0, err
    return json.loads(out.read_text(encoding="utf-8")), text


ARENA_RUN = ("no-thanks", "connect-four", "--bots", "greedy,random", "--games", "12",
             "--seed", "3")


def test_the_arena_rates_the_bots_of_each_game_and_the_better_bot_higher(cli, tmp_path):
    figures, text = _arena(cli, tmp_path, *ARENA_RUN, "--workers", "1")
    assert figures["format"] == "regelwerk-arena" and not figures["interrupted"]
    assert [game["game"] for game in figures["games"]] == ["no-thanks", "connect-four"]
    for game in figures["games"]:
        bots = game["bots"]
        assert game["games"] == 12 and set(bots) == {"greedy", "random"}
        assert bots["greedy"]["rating"]["elo"] > bots["random"]["rating"]["elo"]
        assert bots["greedy"]["win_share"]["share"] > bots["random"]["win_share"]["share"]
    assert "No Thanks!" in text and "Connect Four" in text and "1500" in text


def test_the_arena_gives_the_same_figures_with_one_or_two_workers(cli, tmp_path):
    one, _ = _arena(cli, tmp_path, *ARENA_RUN, "--workers", "1")
    two, _ = _arena(cli, tmp_path, *ARENA_RUN, "--workers", "2")
    for game in one["games"] + two["games"]:
        game.pop("execution")
    assert one == two


def test_the_arena_speaks_the_readers_language():
    done = subprocess.run(  # the language of a run is chosen as the program starts
        [sys.executable, "-m", "regelwerk.cli", "arena", "no-thanks", "--bots", "greedy,random",
         "--games", "4", "--workers", "1", "--lang", "de"],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "Schöne Sch#!?e: 4 Spiele, 3 Spieler" in done.stdout
    assert "Wertung" in done.stdout and "Elo-Skala" in done.stdout


@pytest.mark.parametrize("args, words", [
    (("no-thanks", "--bots", "greedy"), "at least two bots"),
    (("no-thanks", "--bots", "greedy,wizard"), "Unknown bot 'wizard'"),
    (("no-thanks", "--games", "0"), "--games must be a number from 1"),
    (("no-such-game",), "no-such-game"),
])
def test_the_arena_refuses_what_it_cannot_play(cli, args, words):
    code, _, err = cli("arena", *args)
    assert code == 2 and words in err
