"""The step-by-step menus of the terminal (cli/menus.py, cli/screen.py): whole games played
through them in an 80×24 console, their words, and the commands that show details."""

from __future__ import annotations

import importlib.util
import io
import random
import re
import sys
from pathlib import Path

import pytest

from regelwerk.cli import text as cli_text
from regelwerk.cli.menus import SCREENFUL, StepWords, columns, numbered, ranges
from regelwerk.engine import (GameState, Move, apply, legal_moves, load_ruleset, new_game,
                              shipped_games)
from regelwerk.engine.play.choices import Choices
from regelwerk.locales import translations
from regelwerk.locales.gametext import GameText

BENCHMARK = Path(__file__).parent.parent / "benchmarks" / "menus.py"


def _benchmark():
    spec = importlib.util.spec_from_file_location("menus_benchmark", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("game", "players"), [("okavango", 4), ("ogallala", 5),
                                                ("lost-cities", 2), ("connect-four", 2)])
def test_whole_games_through_the_menus_keep_to_a_screenful(tmp_path, game, players):
    """Every seat a person answering at random (going back now and then): every menu has
    at most a screenful of options, and every screen fits in 80×24."""
    bench = _benchmark()
    measures = bench.Measures()
    bench.play_game(game, players, 2, measures, folder=tmp_path)
    assert measures.games == 1 and measures.menus > 10
    assert measures.longest <= SCREENFUL, measures.longest_at
    assert measures.widest <= bench.WIDTH
    assert 0 < measures.tallest <= bench.HEIGHT, "\n".join(measures.tallest_screen)


def test_columns_fill_the_width_and_ranges_split_evenly():
    labels = [f"waterhole {n}" for n in range(1, 12)]
    lines = numbered(labels)
    assert len(lines) == 3 and all(len(line) <= 80 for line in lines)
    assert re.search(r"^ +1\. waterhole 1 +4\. waterhole 4", lines[0])
    assert columns(["x" * 78, "y"]) == ["x" * 78, "y"], "what does not fit side by side"
    assert columns([]) == []
    assert [len(r) for r in ranges(14)] == [7, 7]
    assert [len(r) for r in ranges(25)] == [9, 8, 8]
    assert [list(r) for r in ranges(3)] == [[0, 1, 2]]


def _words(game: str, language: str = "en") -> StepWords:
    rules = load_ruleset(game)
    state = new_game(rules, ["anna", "bram", "carla"], 4)
    return StepWords(rules, GameText(rules, translations(language), language), state)


def test_a_group_is_asked_for_in_the_game_s_words():
    words = _words("okavango")
    herd = Move.of("drink", area="waterhole-4", group=(("lion", "lion", 2),
                                                       ("ranger", "lion", 1)))
    more = Move.of("drink", area="waterhole-4", group=(("lion", "lion", 3),))
    fewer = Move.of("drink", area="waterhole-4", group=(("lion", "lion", 2),))
    choices = Choices(words.rules, [herd, more, fewer], ["anna", "bram", "carla"])
    choices = choices.choose(choices.options[0]).settled()
    assert words.question(choices) == "lions: how many?"
    assert [words.label(choices, o) for o in choices.options] == ["2 lions", "3 lions"]
    at_two = choices.choose(choices.options[0]).settled()
    assert words.title(at_two) == "drink — waterhole 4 — 2 lions — Ranger cards: how many?"
    assert [words.label(at_two, o) for o in at_two.options] == ["0 Ranger cards",
                                                                 "1 Ranger card"]


def test_cells_are_named_by_the_cards_and_rows_by_their_runs():
    rules = load_ruleset("ogallala")
    text = GameText(rules, translations("en"), "en")
    state = GameState.from_data(rules, {"players": ["anna", "bram"], "owned": {"site": [
        {}, {"2.3": "bow-a", "2.4": "red-5", "2.5": "black-2", "3.1": "red-1"}]}})
    words = StepWords(rules, text, state)
    lasso = Move.of("lasso", player="bram", cell=(2, 4))
    choices = Choices(rules, [lasso, lasso.replace(cell=(2, 5)), lasso.replace(cell=(3, 1))],
                      state.players)
    row = choices.choose(choices.options[0]).settled()
    assert words.question(row) == "Which row?"
    assert [words.label(row, o) for o in row.options] == ["row 2: 3–5: strength 7",
                                                          "row 3: 1–1: strength 1"]
    column = row.choose(row.options[0])
    assert [words.label(column, o) for o in column.options] == [
        "column 4: red warrior 5", "column 5: black warrior 2"]


def test_details_are_shown_on_request_and_the_menu_follows(tmp_path):
    from typer.testing import CliRunner

    from regelwerk.cli.main import app

    args = ["play", "ogallala", "--players", "anna,bot:greedy", "--seed", "3",
            "--save", str(tmp_path / "game.json")]
    answers = ["1"] * 8 + ["score", "legend", "log", "board medium bot 2", "rules", "Rules",
                           "quit"]
    out = CliRunner().invoke(app, args, input="\n".join(answers) + "\n").stdout
    assert re.search(r"Player +Points \(provisional\)", out), "the score, provisional"
    assert "an empty cell; ✓ complete" in out and " r5 red warrior 5" in out, \
        "the legend names marks"
    told = [line for line in out.splitlines() if line.startswith("Medium Bot 2 draws ")]
    assert told and all(out.count(line) >= 2 for line in told), "the log repeats them"
    assert "Building site — Medium Bot 2" in out and "canoe: row" in out
    assert out.count("The end of the game") == 2, "the rules, however the command is cased"
    after = out[out.index("an empty cell"):]
    assert re.search(r"\?\s+1\. ", after[:after.index("Your move (")]), \
        "what was asked for is followed by the menu again"


def test_the_legend_names_only_marks_the_game_shows(tmp_path):
    """Connect Four's lines are straight lines, never marked complete: no ✓ in its legend."""
    from typer.testing import CliRunner

    from regelwerk.cli.main import app

    out = CliRunner().invoke(app, ["play", "connect-four", "--players", "anna,bot:easy",
                                   "--save", str(tmp_path / "game.json")],
                             input="legend\nquit\n").stdout
    assert "· an empty cell\n" in out and "✓" not in out


def test_a_game_that_keeps_no_score_shows_no_points(tmp_path):
    """Connect Four gives no points: no score line while playing, no score table at the
    end, and the score command says so."""
    from typer.testing import CliRunner

    from regelwerk.cli.main import app

    args = ["play", "connect-four", "--players", "anna,bot:greedy", "--seed", "3",
            "--save", str(tmp_path / "game.json")]
    answers = ["score", "board medium bot 2", "board"] + ["1"] * 30
    out = CliRunner().invoke(app, args, input="\n".join(answers) + "\n").stdout
    assert "This game keeps no score." in out
    assert re.search(r"Player +discs", out), "the boards were shown, without points"
    assert "The game is over." in out
    assert "Points" not in out and "points" not in out


def test_a_game_without_marks_has_a_legend_that_says_so():
    from regelwerk.cli.screen import legend
    from regelwerk.engine import load_ruleset
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    coloretto = load_ruleset("coloretto")
    told = legend(coloretto, GameText(coloretto, translations("en"), "en"))
    assert told == "The screen of this game uses no marks to explain."


def test_the_legend_explains_the_points_the_board_shows():
    from regelwerk.cli.screen import legend
    from regelwerk.engine import load_ruleset
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    okavango = load_ruleset("okavango")
    told = legend(okavango, GameText(okavango, translations("en"), "en"))
    assert "3→3: 3 animals give 3 points" in told  # as river delta 1 shows "3→3 4→4 5→5"


@pytest.mark.parametrize("language, which, another", [
    ("en", "Which animal?", "Another animal?"),
    ("nl", "Welk dier?", "Nog een dier?"),
    ("fr", "Quel animal\u202f?", "Un autre animal\u202f?"),
    ("de", "Welches Tier?", "Noch ein Tier?"),
    ("es", "¿Qué animal?", "¿Otro animal?"),
])
def test_a_kind_is_asked_for_by_the_game_s_word_for_a_kind(monkeypatch, language, which,
                                                           another):
    """Okavango's river deltas take herds of different kinds: a kind is asked for, then
    another, in the game's word for a kind of its pieces (terms.kind), agreeing with it."""
    monkeypatch.setattr(cli_text, "_catalog", translations(language))  # the CLI's language
    words = _words("okavango", language)
    herd = Move.of("drink", area="delta-1", group=(("lion", "lion", 1), ("zebra", "zebra", 1)))
    zebra, lion = (Move.of("drink", area="delta-1", group=((kind, kind, 1),))
                   for kind in ("zebra", "lion"))
    choices = Choices(words.rules, [herd, zebra, lion], ["anna", "bram", "carla"])
    choices = choices.choose(choices.options[0]).settled()
    assert words.question(choices) == which
    first = next(o for o in choices.options if o.value == "zebra")
    assert words.question(choices.choose(first).settled()) == another


def _points_line(state, player: str) -> str:
    from rich.console import Console

    from regelwerk.cli.screen import screen

    rules = state.rules
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(screen(state, player, rules, GameText(rules, translations("en"), "en")))
    return next(line for line in console.export_text().splitlines()
                if line.startswith("Points"))


def test_points_a_player_may_not_know_are_not_shown_as_a_number():
    """No Thanks! counts the chips at the end, which each player keeps secret: Bram may know
    Anna's provisional points only as '?', never as a number that is not hers, while Anna
    sees her own. Lost Cities counts only the open expeditions (not the hidden hands):
    everyone's provisional points are known."""
    rules = load_ruleset("no-thanks")
    state = new_game(rules, ["anna", "bram", "cas"], 3)
    assert "anna ?" in _points_line(state, "bram") and "anna ?" not in _points_line(state,
                                                                                  "anna")
    assert re.search(r"anna −?\d+", _points_line(state, "anna"))
    rules = load_ruleset("lost-cities")
    state = new_game(rules, ["anna", "bram"], 3)
    while not any(per_player[0].size() for zone, per_player in state.owned.items()
                  if zone.startswith("expedition")):
        state, _ = apply(state, next(m for m in legal_moves(state) if m.action == "play")
                         if state.to_move == 0 else legal_moves(state)[0])
    assert re.search(r"anna −?\d+", _points_line(state, "bram"))


def test_the_last_screen_shows_the_final_points_once():
    """Once the game is over its scores hold the end's points: the screen shows them as
    they are, not as provisional ones with the end's points counted a second time."""
    rules = load_ruleset("no-thanks")
    state, choose = new_game(rules, ["anna", "bram", "cas"], 3), random.Random(3)
    while not state.game_over:
        moves = legal_moves(state)
        state, _ = apply(state, moves[choose.randrange(len(moves))])
    line = _points_line(state, "anna")
    assert "provisional" not in line
    assert line.endswith(" · ".join(f"{name} {points}" for name, points
                                    in zip(state.players, state.scores)))


@pytest.mark.parametrize("columns", [16, 30, 50])
def test_a_wide_grid_fits_the_screen_in_bands_of_columns(tmp_path, columns):
    """A building site as wide as the rules allow (50 columns) is shown in bands of columns
    that fit 80 characters, and the runs beside a row go under it where they do not fit."""
    from rich.console import Console

    from regelwerk.cli.screen import screen

    variant = tmp_path / "wide.yaml"
    variant.write_text("format: 1\nvariant: wide\nbase: ogallala\nchanges:\n  zones:\n"
                       f"    site:\n      grid: {{rows: 3, columns: {columns}}}\n",
                       encoding="utf-8")
    rules = load_ruleset(variant)
    state, choose = new_game(rules, ["anna", "bram"], 1), random.Random(2)
    for _ in range(120):
        moves = legal_moves(state)
        state, _ = apply(state, moves[choose.randrange(len(moves))])
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(screen(state, "anna", rules, GameText(rules, translations("en"), "en")))
    grid = [line for line in console.export_text().splitlines()
            if re.match(r" ?\d+ |   +\d", line)]
    assert grid and max(map(len, grid)) <= 80
    assert sum(bool(re.match(r"   +1 ", line)) for line in grid) == 1  # one band starts at 1
    assert any(re.search(rf"\b{columns}$", line) for line in grid)  # and one ends at the last


@pytest.mark.parametrize("language", ["en", "nl", "fr", "de", "es"])
def test_the_first_line_of_every_screen_fits_80_columns(language):
    """The title, whose turn and the hidden stacks counted keep to one line: the counts lose
    the word for the pieces where the line would not fit (Ogallala's three or four stacks),
    and keep it where it does; a variant's title and a family's name then give way."""
    from rich.console import Console

    from regelwerk.cli.screen import screen
    from regelwerk.engine.compiler.loading import load_game
    from regelwerk.engine.data.shipped import shipped_games

    games = [*shipped_games(), "ogallala/four-stacks"]
    firsts = {}
    for game in games:
        name, _, variant = game.partition("/")
        rules = load_game(name, variant or None)
        players = ["Anna", "Bram", "Cleo", "Dirk", "Emma", "Floor", "Gijs"][:rules.max_players]
        console = Console(width=200, record=True, file=io.StringIO())
        console.print(screen(new_game(rules, players, 3), "Anna", rules,
                             GameText(rules, translations(language), language)))
        firsts[game] = console.export_text().splitlines()[0]
    assert all(len(first) <= 80 for first in firsts.values()), firsts
    counted = {"en": "cards", "nl": "kaarten", "fr": "cartes", "de": "Karten",
               "es": "cartas"}[language]
    assert firsts["okavango"].endswith(f": 18 {counted}") or counted in firsts["okavango"]
    assert re.search(r"\b4: \d+$", firsts["ogallala/four-stacks"]), firsts  # every stack told


@pytest.mark.parametrize(("language", "said"), [
    ("fr", "Bram: jetons: secrets"), ("es", "Bram: fichas: secretas"),
    ("de", "Bram: Chips: geheim")])
def test_a_secret_zone_is_called_so_in_agreement_with_its_name(language, said):
    """No Thanks! chips ('jetons', 'fichas'): 'secret' agrees with the zone's name; another
    player's zones are named where they have several (the empty ones, such as their cards
    at the start, are left out)."""
    from rich.console import Console

    from regelwerk.cli.screen import screen

    rules = load_ruleset("no-thanks")
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(screen(new_game(rules, ["Anna", "Bram", "Cleo"], 3), "Anna", rules,
                         GameText(rules, translations(language), language)))
    assert said in console.export_text()


def test_every_screen_labels_the_points_alike():
    """The screen's line, the board and the score show the same figure under the same label:
    where points come at the end, the provisional ones (Coloretto), else the points
    (Okavango); the points so far only beside them, where some are already scored."""
    from rich.console import Console

    from regelwerk.cli.board import board, provisional
    from regelwerk.cli.screen import score_table, screen
    from regelwerk.engine import view

    for game, said in (("coloretto", "Points (provisional)"), ("okavango", "Points")):
        rules = load_ruleset(game)
        state = new_game(rules, ["Anna", "Bram", "Cleo"], 3)
        text = GameText(rules, translations("en"), "en")
        shown = []
        for drawn in (board(view(state, "Anna"), rules, text, provisional(state, "Anna")),
                      score_table(state, "Anna", text), screen(state, "Anna", rules, text)):
            console = Console(width=120, record=True, file=io.StringIO())
            console.print(drawn)
            shown.append(console.export_text())
        assert all(said in told and "so far" not in told for told in shown), shown
        assert game == "okavango" or all("(provisional)" in told for told in shown)


@pytest.mark.parametrize("language", ["es", "fr", "en"])
def test_an_area_s_line_keeps_its_name_fields_and_points_whole(language):
    """A river delta holding four kinds: the herd gives way ('…'), never the name (the three
    deltas read 'delta del río…' alike), the fields or the points table."""
    from rich.console import Console

    from regelwerk.cli.screen import screen
    from regelwerk.engine import GameState

    rules = load_ruleset("okavango")
    state = GameState.from_data(rules, {
        "players": ["Ana", "Bo"], "owned": {"reserve": [{"lion": 1}, {}]},
        "areas": {"delta-1": [["buffalo", "buffalo", 1], ["gazelle", "gazelle", 1],
                              ["rhino", "rhino", 1], ["zebra", "zebra", 1]],
                  "waterhole-9": [["flamingo", "flamingo", 1]]}})
    text = GameText(rules, translations(language), language)
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(screen(state, "Ana", rules, text))
    lines = console.export_text().splitlines()
    for area in ("delta-1", "delta-2", "waterhole-9"):
        line = next(line for line in lines if line.startswith(text.area(area) + " "))
        assert len(line.rstrip()) <= 80 and line.rstrip().endswith(
            "3→3 4→4 5→5" if area.startswith("delta") else "9"), line


def test_an_option_may_be_chosen_by_typing_its_label(tmp_path):
    """'Tempura' (any case, any spacing) picks that card from the menu, as its number does."""
    from typer.testing import CliRunner

    from regelwerk.cli.main import app

    def played(answer):
        out = CliRunner().invoke(app, ["play", "sushi-go", "--players", "anna,bot:easy",
                                       "--seed", "3", "--save", str(tmp_path / f"{answer}.json")],
                                 input=f"{answer}\nquit\n").stdout
        return [line for line in out.splitlines() if line.startswith("anna reveals")]

    assert played("  TEMPURA ") == played("3") == ["anna reveals a tempura."]


def test_where_the_fewest_points_win_the_score_says_so():
    from regelwerk.cli.screen import score_table, screen
    from rich.console import Console

    rules = load_ruleset("no-thanks")
    state = new_game(rules, ["Anna", "Bram", "Cleo"], 3)
    text = GameText(rules, translations("en"), "en")
    for drawn in (screen(state, "Anna", rules, text), score_table(state, "Anna", text)):
        console = Console(width=120, record=True, file=io.StringIO())
        console.print(drawn)
        assert "Points (provisional; the fewest win)" in console.export_text()


def test_an_expedition_reads_in_the_order_laid_on_the_screen_as_on_the_board():
    from regelwerk.cli.board import board
    from regelwerk.cli.screen import screen
    from regelwerk.engine import view
    from rich.console import Console

    rules = load_ruleset("lost-cities")
    state = GameState.from_data(rules, {
        "players": ["anna", "bram"], "phase": "play",
        "shared": {"deck": ["red-6", "blue-2"]},
        "owned": {"hand": [{"red-9": 1}, {"red-3": 1}],
                  "expedition-yellow": [["yellow-9", "yellow-5", "yellow-3"], []]}})
    text = GameText(rules, translations("en"), "en")
    for drawn in (screen(state, "anna", rules, text), board(view(state, "anna"), rules, text)):
        console = Console(width=200, record=True, file=io.StringIO())
        console.print(drawn)
        assert "yellow 3, yellow 5, yellow 9" in console.export_text()


def test_a_zone_only_the_setup_takes_from_is_left_off_the_screen():
    """No Thanks!'s box keeps the chips not dealt: nothing in play uses it, so the screen
    does not show it ('Box: 22 chips' meant nothing to play by); ``board`` still does."""
    from regelwerk.cli.board import board
    from regelwerk.cli.screen import screen
    from regelwerk.engine import view
    from rich.console import Console

    rules = load_ruleset("no-thanks")
    state = new_game(rules, ["Anna", "Bram", "Cleo"], 3)
    text = GameText(rules, translations("en"), "en")
    shown = []
    for drawn in (screen(state, "Anna", rules, text), board(view(state, "Anna"), rules, text)):
        console = Console(width=120, record=True, file=io.StringIO())
        console.print(drawn)
        shown.append(console.export_text())
    assert "Box" not in shown[0] and "Face-up card" in shown[0]
    assert "Box" in shown[1]


@pytest.mark.parametrize("game", shipped_games())
def test_the_legend_explains_every_mark_of_what_players_were_told(game):
    """Where the screen shows a place of a hand as '?' (nothing seen, nothing told), the
    legend says what '?' and the brackets mean, never that there are no marks."""
    from rich.console import Console

    from regelwerk.cli.notes import UNKNOWN
    from regelwerk.cli.screen import legend, screen

    rules = load_ruleset(game)
    text = GameText(rules, translations("en"), "en")
    state = new_game(rules, ["anna", "bram", "cas", "dirk"][:rules.min_players], 1)
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(screen(state, "anna", rules, text))
    told = legend(rules, text)
    if f": {UNKNOWN}" in console.export_text():
        assert f"{UNKNOWN}: " in told and "(" in told, told
        assert "uses no marks" not in told
