"""``regelwerk simulate``: the same seed gives the same figures whatever plays the games, a
variant's known effect is found and no effect where there is none; Ctrl-C keeps what was
played, a worker that dies is replaced and its games played again."""

from __future__ import annotations

import json
import multiprocessing
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

import pytest

from regelwerk.engine import load_ruleset
from regelwerk.engine.matches import Match, RuleSource, backend_for, run
from regelwerk.engine.matches.runner import LocalPool

TESTS = Path(__file__).parent
DRAW_SUM = TESTS / "rulesets" / "draw-sum" / "draw-sum.yaml"
VARIANTS = DRAW_SUM.parent / "variants"


def _simulate(cli, tmp_path: Path, *args: str) -> dict:
    out = tmp_path / f"run-{len(list(tmp_path.iterdir()))}.json"
    code, text, err = cli("simulate", *args, "--json", str(out))
    assert code == 0, err
    return json.loads(out.read_text(encoding="utf-8"))


def _without_timing(figures: dict) -> str:
    figures = dict(figures)
    execution = figures.pop("execution")
    assert execution["seconds"] >= 0
    return json.dumps(figures, sort_keys=True)


OKAVANGO_RUN = ("okavango", "--variant", "pure-herds", "--players", "3",
                "--bots", "greedy,random", "--games", "9", "--seed", "5")


def test_the_same_seed_gives_the_same_figures_with_one_or_two_workers(cli, tmp_path):
    one = _simulate(cli, tmp_path, *OKAVANGO_RUN, "--workers", "1")
    two = _simulate(cli, tmp_path, *OKAVANGO_RUN, "--workers", "2")
    assert (one["execution"]["workers"], two["execution"]["workers"]) == (1, 2)
    assert _without_timing(one) == _without_timing(two)
    base = one["rulesets"][0]
    assert base["games"] == 9 and [s["n"] for s in base["seats"]] == [9, 9, 9]
    # the lineup turns: greedy sat in each seat as often as the lineup repeats it
    assert base["bots"]["greedy"]["n"] == 18 and base["bots"]["random"]["n"] == 9
    assert sum(base["ended_by"].values()) == base["finished"]


def test_the_ray_backend_gives_the_same_figures(cli, tmp_path):
    pytest.importorskip("ray")
    local = _simulate(cli, tmp_path, *OKAVANGO_RUN, "--workers", "1")
    on_ray = _simulate(cli, tmp_path, *OKAVANGO_RUN, "--backend", "ray", "--workers", "2")
    assert on_ray["execution"]["backend"] == "ray"
    assert _without_timing(local) == _without_timing(on_ray)


def test_a_start_bonus_is_found_and_the_unchanged_game_shows_no_difference(cli, tmp_path):
    figures = _simulate(cli, tmp_path, str(DRAW_SUM),
                        "--variant", str(VARIANTS / "start-bonus.yaml"),
                        "--variant", str(VARIANTS / "same.yaml"),
                        "--bots", "random", "--games", "600", "--seed", "11")
    bonus, same = figures["comparisons"]
    assert (bonus["variant"], same["variant"]) == ("start-bonus", "same")
    start = {c["variant"]: next(t for t in c["tests"]
                                if t["measure"] == "start_player_win_share")
             for c in figures["comparisons"]}
    assert start["start-bonus"]["significant"] and start["start-bonus"]["difference"] > 0
    assert not any(test["significant"] for test in same["tests"])
    # the start player of the base game has no edge; of the variant, a clear one
    base, with_bonus = figures["rulesets"][0], figures["rulesets"][1]
    assert not base["start_player"]["significant"]
    assert with_bonus["start_player"]["significant"]
    low, high = with_bonus["seats"][0]["ci95"]
    assert 0.5 < low < with_bonus["seats"][0]["share"] < high


def test_the_report_is_in_the_readers_language_and_the_page_needs_no_network(tmp_path):
    page = tmp_path / "report.html"
    done = subprocess.run(  # the language of a run is chosen as the program starts
        [sys.executable, "-m", "regelwerk.cli", "simulate", str(DRAW_SUM), "--variant",
         str(VARIANTS / "start-bonus.yaml"), "--bots", "random", "--games", "40",
         "--workers", "1", "--report", str(page), "--lang", "de"],
        capture_output=True, text=True, timeout=300)
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert "Anteil an den Siegen je Platz:" in out and "Platz 1 (beginnt)" in out
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and html.count("<svg") >= 5
    assert "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in html and "<script" not in html


SVG = "{http://www.w3.org/2000/svg}"


def test_the_reports_plots_have_axes_and_every_value_written_in_the_readers_language(
        tmp_path):
    """Each plot: ticks and axis titles in the reader's words and numbers, each bar's value
    written beside it, the histograms in whole-number bins of one width, drawn twice (for a
    wide and a narrow screen) to be scaled to the page."""
    from babel.numbers import format_decimal

    from regelwerk.cli.simplots import COLOURS
    from regelwerk.locales import translations

    page, data = tmp_path / "report.html", tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, "-m", "regelwerk.cli", "simulate", str(DRAW_SUM), "--variant",
         str(VARIANTS / "start-bonus.yaml"), "--bots", "random", "--games", "120",
         "--workers", "1", "--report", str(page), "--json", str(data), "--lang", "fr"],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    html, figures = page.read_text(encoding="utf-8"), json.loads(data.read_text("utf-8"))
    assert "<script" not in html and not re.search(
        r"https?://(?!www\.w3\.org/2000/svg\")", html)
    plots = [ElementTree.fromstring(svg) for svg in re.findall(r"<svg.*?</svg>", html, re.S)]
    assert [plot.get("class") for plot in plots] == ["wide", "narrow"] * 5
    assert all(plot.get("viewBox") and plot.get("width") is plot.get("height") is None
               for plot in plots)
    french = translations("fr")

    def percent(share: float, pattern: str = "0.0") -> str:  # as French writes it
        return format_decimal(share * 100, pattern, locale="fr") + "\u00a0%"

    for seats in plots[:2]:
        words = [text.text for text in seats.iter(SVG + "text")]
        assert french.gettext("win share") in words and french.gettext("win share") != \
            "win share"
        assert percent(0, "0") in words and sum(
            percent(k / 100, "0") in words for k in range(101)) >= 3, words
        shares = [seat["share"] for ruleset in figures["rulesets"] for seat in ruleset["seats"]]
        assert len(list(seats.iter(SVG + "rect"))) == len(shares) == 4
        assert not Counter(percent(share) for share in shares) - Counter(words)
    for measure, plot in zip(["scores"] * 2 + ["margins"] * 2 + ["turns"] * 2
                             + ["lead_changes"] * 2, plots[2:]):
        words = [text.text for text in plot.iter(SVG + "text")]
        shares = "share of players" if measure == "scores" else "share of games"
        assert french.gettext(shares) in words and french.gettext(shares) != shares
        bars = [rect for rect in plot.iter(SVG + "rect") if rect.find(SVG + "title") is not None]
        widths = set()
        for bar in bars:
            told = re.fullmatch(r"(\d+)(?: à (\d+))?\s*:\s*(.+)", bar.find(SVG + "title").text)
            low, high, share = int(told[1]), int(told[2] or told[1]), told[3]
            widths.add(high - low + 1)
            ruleset = figures["rulesets"][COLOURS.index(bar.get("fill"))][measure]
            inside = sum(n for value, n in ruleset["histogram"] if low <= value <= high)
            assert low % (high - low + 1) == 0 and share == percent(inside / ruleset["n"])
        assert len(widths) == 1, "one width for every bin"
        assert not Counter(bar.find(SVG + "title").text.split(":")[-1].strip()
                           for bar in bars) - Counter(words), "a value by each bar"
        if measure == "scores":
            bins = {int(re.match(r"\d+", bar.find(SVG + "title").text)[0]) for bar in bars}
            assert 6 <= len(bins) <= 20, bins
    heading = french.gettext("points per player")
    assert heading != "points per player" and plots[2].get("aria-label") == \
        heading[:1].upper() + heading[1:]


def test_a_worker_that_dies_is_replaced_and_its_games_played_again(tmp_path):
    source = RuleSource.of(load_ruleset(DRAW_SUM))
    match = Match((source,), ("",), ("random", "random"), 200, 3)
    expected = run(match, backend_for("local", 1)).tallies[0].to_data()
    killed: list[int] = []

    def kill_one_worker(games: int) -> None:
        if not killed:
            worker = multiprocessing.active_children()[0]
            killed.append(worker.pid)
            os.kill(worker.pid, signal.SIGKILL)

    outcome = run(match, LocalPool(2), on_batch=kill_one_worker)
    assert killed and outcome.failures
    assert "BrokenProcessPool" in outcome.failures[0].error
    assert outcome.tallies[0].to_data() == expected and outcome.played == 200


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_the_run_and_reports_the_games_played(tmp_path, workers):
    out, page = tmp_path / "stopped.json", tmp_path / "stopped.html"
    terminal, progress = pty.openpty()  # the progress bar shows on a terminal only
    process = subprocess.Popen(
        [sys.executable, "-m", "regelwerk.cli", "simulate", str(DRAW_SUM), "--bots",
         "random", "--games", "1000000", "--workers", workers, "--json", str(out),
         "--report", str(page), "--lang", "en"], stdout=subprocess.PIPE,
        stderr=progress, text=True, start_new_session=True)
    os.close(progress)
    try:
        _wait_for_games_played(terminal)
        os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole group
        deadline = time.monotonic() + 120
        while process.poll() is None and time.monotonic() < deadline:
            _read_some(terminal)  # the bar goes on until the end: a full terminal would block
        stdout, _ = process.communicate(timeout=1)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        os.close(terminal)
    assert process.returncode == 130, stdout
    figures = json.loads(out.read_text(encoding="utf-8"))
    played = figures["rulesets"][0]["games"]
    assert figures["interrupted"] and 0 < played < 1_000_000
    assert f"the {played} games played" in stdout
    assert f"the {played} games played" in page.read_text(encoding="utf-8"), "and the page"


def _wait_for_games_played(terminal: int, timeout: float = 120) -> None:
    """Read the progress bar until it counts a finished game."""
    shown, deadline = b"", time.monotonic() + timeout
    while time.monotonic() < deadline:
        shown = (shown + _read_some(terminal))[-4096:]
        if any(int(done) > 0 for done in re.findall(rb"(\d+)/1000000", shown)):
            return
    raise AssertionError(f"no game was reported played: {shown[-300:]!r}")


def _read_some(terminal: int) -> bytes:
    """What the terminal shows within a second (nothing once the program has closed it)."""
    if not select.select([terminal], [], [], 1)[0]:
        return b""
    try:
        return os.read(terminal, 4096)
    except OSError:  # the other end is closed
        return b""


def test_a_variant_named_twice_is_refused(cli):
    code, _, err = cli("simulate", "okavango", "--variant", "pure-herds", "--variant",
                       "pure-herds", "--games", "1")
    assert code == 2 and "'pure-herds' is the same variant as 'pure-herds'" in err


def test_unknown_bots_and_foreign_variants_are_refused(cli):
    code, _, err = cli("simulate", "okavango", "--bots", "clever")
    assert code == 2 and "clever" in err and "greedy" in err
    for budget in ("mcts:0", "mcts:x", "mcts:", "mcts:100001", "greedy:3"):
        code, _, err = cli("simulate", "okavango", "--bots", budget)
        assert code == 2 and budget in err and "mcts:N" in err


@pytest.mark.parametrize("option", ["--json", "--report"])
def test_a_file_the_results_cannot_go_to_is_refused_before_the_games(cli, tmp_path, option):
    """A million games are not played to find out at the end that the report cannot be
    written; the reason is worded by regelwerk, and no file is left behind."""
    started = time.process_time()
    code, _, err = cli("simulate", "okavango", "--games", "1000000", option,
                       str(tmp_path / "missing" / "out.json"))
    assert code == 2 and "there is no such file" in err
    assert time.process_time() - started < 5
    code, _, err = cli("simulate", "okavango", "--games", "1000000", option, str(tmp_path))
    assert code == 2 and "it is a folder, not a file" in err
    assert list(tmp_path.iterdir()) == []


def test_a_fifo_or_one_file_named_twice_is_refused_before_the_games(cli, tmp_path):
    """Opened for writing, a FIFO would wait for a reader for ever; two outputs in one file
    would leave only the last."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    code, _, err = cli("simulate", "okavango", "--games", "1000000", "--json", str(fifo))
    assert code == 2 and "not a link, a folder, a device or a FIFO" in err
    same = tmp_path / "out"
    code, _, err = cli("simulate", "okavango", "--games", "1", "--json", str(same),
                       "--report", str(tmp_path / "." / "out"))
    assert code == 2 and "name the same file" in err and not same.exists()


@pytest.mark.parametrize("args, words", [
    (("--workers", "1000000000000"), "--workers must be a number from 1 to"),
    (("--workers", "0"), "--workers must be a number from 1 to"),
    (("--games", "1000000000000"), "--games must be a number from 1 to 1000000000"),
    (("--games", "0"), "--games must be a number from 1 to 1000000000"),
    (("--players", "0"), "played by 2 to 4 players, not 0"),
])
def test_numbers_out_of_bounds_are_refused_before_the_games(cli, args, words):
    code, _, err = cli("simulate", "okavango", *args)
    assert code == 2 and words in err, err


def test_a_run_of_a_billion_games_starts_at_once(tmp_path):
    """The batches are made as they are played: the first figures come at once, and the
    memory stays flat whatever the count."""
    from regelwerk.engine import Match, RuleSource, load_ruleset

    rules = load_ruleset("connect-four")
    match = Match((RuleSource.of(rules),), ("",), ("random", "random"), 1_000_000_000, 1)
    started = time.process_time()
    batches = match.batches(workers=2)
    first = [next(batches) for _ in range(3)]
    assert time.process_time() - started < 1
    assert [(b.start, b.stop) for b in first] == [(0, 20), (20, 40), (40, 60)]


def test_a_lineup_may_give_the_search_bot_its_iterations(cli, tmp_path):
    figures = _simulate(cli, tmp_path, str(DRAW_SUM), "--players", "2", "--bots",
                        "mcts:3,random", "--games", "2", "--seed", "5", "--workers", "1")
    assert sorted(figures["rulesets"][0]["bots"]) == ["mcts:3", "random"]
    code, _, err = cli("simulate", "okavango", "--variant", "rules/ogallala/variants/"
                       "four-stacks.yaml")
    assert code == 2


def test_rules_diff_sets_each_changed_paragraph_beside_the_old_one(cli):
    from regelwerk.cli.rulebook import rulebook
    from regelwerk.cli.rulesdiff import paragraph_changes
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    books = [rulebook(rules, GameText(rules, translations("en"), "en"))
             for rules in (load_ruleset("okavango"),
                           load_ruleset("rules/okavango/variants/pure-herds.yaml"))]
    changes = list(paragraph_changes(*books))
    drink = next(c for c in changes if "Ranger cards may join a herd" in c.before)
    assert "Ranger cards never join a herd" in drink.after
    assert not any("## Components" in c.before for c in changes)  # the same: not shown
    code, out, _ = cli("rules", "diff", "okavango", "pure-herds", "--lang", "en")
    assert code == 0 and "Okavango — pure herds" in out and "never join" in out
    code, out, _ = cli("rules", "diff", str(DRAW_SUM), str(VARIANTS / "same.yaml"))
    assert code == 0 and "changes nothing" in out


@pytest.mark.parametrize("game,changes,marks,before,after", [
    # Lost Cities' way onto an expedition: its bold name pairs it
    ("lost-cities", "  actions:\n    play: {allows: 'card.wager and top.value == 0 or "
                    "top.value == 0 or card.value < top.value'}\n",
     "Add to an expedition", "higher than the one before",
     "less than the value of the card on top"),
    # Ogallala's step after every turn has no name: the one paragraph of its section pairs it
    ("ogallala", "  turn:\n    after:\n      axe-out: {which: 'card.role == \"crew\"'}\n",
     "Move everything", "A Crazy Axe leaves the game", "Only the cards for which this holds"),
])
def test_rules_diff_pairs_an_element_told_anew_in_other_words(tmp_path, game, changes, marks,
                                                              before, after):
    """An element changed: its own text gives way to the general sentence, which shares few
    words with it; still one paragraph changed, not a paragraph removed and another added."""
    from regelwerk.cli.rulebook import rulebook
    from regelwerk.cli.rulesdiff import paragraph_changes
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    variant = tmp_path / "edited.yaml"
    variant.write_text(f"format: 1\nvariant: edited\nbase: {game}\nchanges:\n{changes}",
                       encoding="utf-8")
    books = [rulebook(rules, GameText(rules, translations("en"), "en"))
             for rules in (load_ruleset(game), load_ruleset(variant))]
    told = [c for c in paragraph_changes(*books) if marks in c.before + c.after]
    assert len(told) == 1 and before in told[0].before and after in told[0].after, told
