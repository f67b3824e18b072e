"""People playing through a real terminal (a pseudo-terminal driven by pexpect)."""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import signal
import sys
from pathlib import Path

import pexpect
import pytest

from regelwerk.cli.seats import BOT_NAMES
from regelwerk.engine import level_of, load_ruleset
from regelwerk.locales import translations
from regelwerk.locales.gametext import GameText

CLEAR = "\x1b[2J"
ERASE_SCROLLBACK = "\x1b[3J"
MENU_NUMBER = re.compile(r"(?:^|\s)(\d+)\.\s", re.MULTILINE)
#: the end of a menu's title: its question, then its options or the end of the line
MENU_TITLE = re.compile(r"\?(?:\s+1\. |$)")
#: what a terminal is told that is not text: styles, cursor moves, clearing
CONTROL = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
WIDTH, HEIGHT = 80, 24
#: how often a menu with a way back is answered by going back
BACK_RATE = 0.1


def spawn(tmp_path: Path, language: str, *args: str, width: int = WIDTH,
          timeout: int = 30) -> pexpect.spawn:
    """``regelwerk ARGS --save tmp_path/game.json`` in a pseudo-terminal of ``width``
    columns, in ``language``, with its own data folder."""
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": str(width), "LINES": str(HEIGHT),
           "LANGUAGE": language, "XDG_DATA_HOME": str(tmp_path / "data")}
    child = pexpect.spawn(sys.executable, ["-m", "regelwerk.cli", *args,
                                           "--save", str(tmp_path / "game.json")],
                          env=env, encoding="utf-8", timeout=timeout, dimensions=(HEIGHT, width))
    child.delaybeforesend = None
    return child


class Table:
    """A game of regelwerk in an 80×24 pseudo-terminal, answered by a seeded random player
    through the step-by-step menus (now and then going back a step)."""

    def __init__(self, tmp_path: Path, language: str, *args: str) -> None:
        self.language = language
        catalog = translations(language)
        self.prompts = [catalog.gettext("Your move (a number, a move, or help): "),
                        catalog.gettext("Your move (a number, b to go back, a move, or help): ")]
        self.prompt = self.prompts[0]
        handover = re.escape(catalog.gettext("Pass the keyboard to {player}. {player}, press "
                                             "Enter when you are ready."))
        placeholder = re.escape("{player}")
        self.handover = handover.replace(placeholder, r"(\S+)", 1).replace(placeholder, r"\S+")
        self.over = catalog.gettext("The game is over.")
        self.save = tmp_path / "game.json"
        self.child = spawn(tmp_path, language, *args, timeout=60)
        self.rng = random.Random(7)
        self.screens: list[tuple[str, str]] = []  # (player at the keyboard, what they saw)
        self.first_steps: list[bool] = []  # whether each screen asked a move's first step
        # the words of a forced move's line, its names and move any text, however the
        # language orders them
        forced = re.sub(r"\{(?:player|move)\}", "NAMEDHERE",
                        catalog.gettext("{player} has one possible move ({move})."))
        self.forced = re.compile(r"\s+".join(re.escape(word).replace("NAMEDHERE", r"[\s\S]*?")
                                             for word in forced.split()))
        self.player: str | None = None
        self.backs = 0

    def step(self) -> str:
        """Answer the next question; returns which kind it was."""
        index = self.child.expect([*map(re.escape, self.prompts), self.handover,
                                   re.escape(self.over), pexpect.EOF])
        seen = CONTROL.sub("", self.child.before).replace("\r", "")
        if index < 2:
            self.screens.append((self.player, seen + self.child.after))
            self.first_steps.append(index == 0)
            menu = seen.rsplit("\n", 8)
            numbers = [int(n) for n in MENU_NUMBER.findall("\n".join(menu[1:]))]
            if index == 1 and self.rng.random() < BACK_RATE:
                self.backs += 1
                self.child.sendline("b")
            else:
                self.child.sendline(str(self.rng.randint(1, max(numbers))))
            return "move"
        if index == 2:
            assert CLEAR in self.child.before, "the screen is cleared before the keyboard is " \
                                               "passed on"
            assert ERASE_SCROLLBACK in self.child.before, \
                "and so is the scrollback, where it could be read"
            self.player = self.child.match.group(1)
            self.child.sendline("")
            return "handover"
        return "over" if index == 3 else "eof"


def screen_of(seen: str, title: str) -> list[str]:
    """The lines of the screen a move was chosen on: from the board's first line (it begins
    with the game's title) to the prompt."""
    lines = seen.split("\n")
    starts = [i for i, line in enumerate(lines) if line.startswith(title)]
    return lines[starts[-1]:] if starts else []


def board_of(seen: str) -> str:
    """The board of the last Okavango screen, without the menu under it (its title is the
    first line that asks a question)."""
    screen = screen_of(CONTROL.sub("", seen).replace("\r", ""), "Okavango")
    return "\n".join(itertools.takewhile(lambda line: not MENU_TITLE.search(line), screen))


def _fits(table: Table, title: str) -> int:
    """Every screen fits in 80×24; returns how many screens showed the board."""
    boards = 0
    for _player, seen in table.screens:
        for line in seen.split("\n"):
            assert len(line) <= WIDTH, f"wider than {WIDTH} columns: {line!r}"
        screen = screen_of(seen, title)
        if screen:
            boards += 1
            assert len(screen) <= HEIGHT, "taller than the terminal:\n" + "\n".join(screen)
    return boards


def _reserve_rows_hidden(table: Table, players: list[str], text: GameText) -> None:
    """On each player's screens, the other players' reserves show only a count."""
    word = "|".join(re.escape(text.term("piece", n)) for n in (1, 2, 5))
    boards = 0
    for owner, seen in table.screens:
        screen = screen_of(seen, text.title())
        if not screen:
            continue  # a menu without the board
        boards += 1
        for other in players:
            if other == owner:
                continue
            shown = [said for line in screen for said in  # 'anna: 12 cards', or beside
                     re.findall(rf"(?:^|· |: ){re.escape(other)}(?:\s?: ([^·]*)| -?\d+ "
                                rf"\(([^)]*)\))", line)]  # the points: 'anna 3 (12 cards)'
            shown = [own or beside for own, beside in shown]
            assert shown, f"{owner}'s board shows nothing of {other}:\n" + "\n".join(screen)
            for said in shown:
                assert re.fullmatch(rf"\d+ ({word})\s*", said), \
                    f"{owner} saw {other}'s reserve: {said!r}"
    assert boards >= 2


def test_a_whole_game_between_two_people_and_a_bot(tmp_path):
    table = Table(tmp_path, "en", "play", "okavango", "--players", "anna,bram,bot:greedy",
                  "--seed", "5")
    kinds = []
    while kinds[-1:] not in (["over"], ["eof"]):
        kinds.append(table.step())
    assert kinds[-1] == "over"
    table.child.expect(pexpect.EOF)
    assert table.child.before.count("Winner") == 1
    rules = load_ruleset("okavango")
    _reserve_rows_hidden(table, ["anna", "bram"], GameText(rules, translations("en"), "en"))
    assert {p for p, _ in table.screens} == {"anna", "bram"}
    assert not any("Not allowed" in screen or "unknown" in screen for _, screen in table.screens)
    log = json.loads(table.save.read_text(encoding="utf-8"))
    assert log["finished"] is True and len(log["moves"]) > 30


def _play_then_quit(table: Table, moves: int) -> None:
    """Play ``moves`` moves (handing the keyboard over as asked), then stop the game."""
    played = 0
    while played < moves:
        kind = table.step()
        assert kind in ("move", "handover")
        played += kind == "move"
    table.child.expect(list(map(re.escape, table.prompts)))
    table.child.sendline("quit")
    table.child.expect(pexpect.EOF)


@pytest.mark.parametrize("language", ["nl", "fr", "de", "es"])
def test_several_turns_in_each_language(tmp_path, language):
    table = Table(tmp_path, language, "play", "okavango", "--players", "anna,bram",
                  "--seed", "8")
    _play_then_quit(table, 30)
    catalog = translations(language)
    assert catalog.gettext("The game is saved in {file}.").split("{file}")[0] in table.child.before
    rules = load_ruleset("okavango")
    text = GameText(rules, catalog, language)
    _reserve_rows_hidden(table, ["anna", "bram"], text)
    boards = [screen for _, screen in table.screens if text.area("waterhole-6") in screen]
    assert boards and all(text.zone("reserve") in board for board in boards)


def _accounts(table: Table, title: str) -> list[list[str]]:
    """The account above the board on each first step of a move that has one: its lines,
    on every screen checked to be on the terminal with the board and the prompt."""
    accounts = []
    for (_player, seen), first in zip(table.screens, table.first_steps):
        seen = table.forced.split(seen)[-1]  # the screen after a move made as the only one
        lines = seen.split("\n")
        starts = [i for i, line in enumerate(lines) if line.startswith(title)]
        if not starts:
            continue
        account = [line for line in lines[1:starts[-1]] if line.strip()]
        if account:
            shown = len(account) + len(lines) - starts[-1]
            assert shown <= HEIGHT, "the account scrolled away:\n" + seen
            if first:
                accounts.append(account)
    return accounts


@pytest.mark.parametrize("game, players, language", [
    ("okavango", "anna,bot:greedy,bot:greedy,bot:greedy", "nl"),
    ("okavango", "anna,bot:greedy,bot:random", "fr"),
    ("ogallala", "anna,bot:greedy,bot:greedy", "de"),
    ("sushi-go", "anna,bot:greedy,bot:greedy,bot:random", "es"),
    ("lost-cities", "anna,bot:greedy", "en"),
])
def test_what_the_bots_did_stays_on_screen(tmp_path, game, players, language):
    """After the bots' turns (in games where each plays between two of anna's), each is
    told above the board, all on the screen at once."""
    table = Table(tmp_path, language, "play", game, "--players", players, "--seed", "4")
    moves = 0
    while moves < 60 and (kind := table.step()) in ("move", "handover"):
        moves += kind == "move"
    table.child.terminate(force=True)
    title = GameText(load_ruleset(game), translations(language), language).title()
    catalog = translations(language)
    bots = [catalog.gettext(BOT_NAMES[level_of(kind.split(":")[1])]).format(number=n)
            for n, kind in enumerate(players.split(","), 1) if kind.startswith("bot:")]
    accounts = _accounts(table, title)
    after_bots = [account for account in accounts
                  if any(line.startswith(bots[-1]) for line in account)]
    assert len(after_bots) >= 3, accounts
    for account in after_bots:  # every bot played since: each one told
        for bot in bots:
            assert any(line.startswith(bot) for line in account), (bot, account)


def _moves_saved(save: Path, data: Path, monkeypatch) -> int:
    """How many moves a save holds, opened by the key of the data folder that saved it."""
    from regelwerk.cli import saveguard
    from regelwerk.engine import read_log

    with monkeypatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(data))
        return len(read_log(save, saveguard.key()).moves)


def test_a_killed_game_resumes_where_it_was(tmp_path, monkeypatch):
    table = Table(tmp_path, "en", "play", "okavango", "--players", "anna,bot:random",
                  "--seed", "9")
    for _ in range(6):
        assert table.step() == "move"
    table.child.expect(list(map(re.escape, table.prompts)))
    board_before = board_of(table.child.before)
    moves_saved = _moves_saved(table.save, tmp_path / "data", monkeypatch)
    os.kill(table.child.pid, signal.SIGKILL)
    table.child.expect(pexpect.EOF)

    resumed = pexpect.spawn(sys.executable, ["-m", "regelwerk.cli", "play", "--resume",
                                             str(table.save)],
                            env={**os.environ, "NO_COLOR": "1", "COLUMNS": str(WIDTH),
                                 "LINES": str(HEIGHT), "LANGUAGE": "en", "XDG_DATA_HOME": str(tmp_path / "data")},
                            encoding="utf-8", timeout=60, dimensions=(HEIGHT, WIDTH))
    resumed.expect(rf"after\s+{moves_saved}\s+moves")  # wrapped at 80 columns anywhere
    resumed.expect(list(map(re.escape, table.prompts)))
    board_after = board_of(resumed.before)
    assert board_after.strip() == board_before.strip(), board_before + "\n=====\n" + board_after
    resumed.sendcontrol("c")
    resumed.expect(r"Resume it with:\s+regelwerk\s+play\s+--resume")
    resumed.expect(pexpect.EOF)
    assert _moves_saved(table.save, tmp_path / "data", monkeypatch) == moves_saved


@pytest.mark.parametrize("language", ["nl", "en"])
def test_people_play_ogallala_at_one_keyboard(tmp_path, language):
    table = Table(tmp_path, language, "play", "ogallala", "--players", "anna,bram",
                  "--seed", "12")
    moves = 0
    while moves < 40 and (kind := table.step()) in ("move", "handover"):
        moves += kind == "move"
    table.child.terminate(force=True)
    text = GameText(load_ruleset("ogallala"), translations(language), language)
    site = text.zone("site")
    boards = [screen_of(seen, text.title()) for _, seen in table.screens]
    assert any(boards) and all(f"{site[:1].upper()}{site[1:]}" in "\n".join(board)
                               for board in boards if board)
    assert not any("Not allowed" in screen for _, screen in table.screens)
    assert {player for player, _ in table.screens} == {"anna", "bram"}


def test_a_person_is_called_to_the_keyboard_only_to_decide(tmp_path):
    """At one keyboard a forced pass is made without calling its player over: every
    hand-over leads to a decision, and what was done for them is told on their next turn."""
    table = Table(tmp_path, "en", "play", "president", "--players", "anna,bram,bot:greedy",
                  "--seed", "7")
    kinds = [table.step() for _ in range(60)]
    assert "handover" in kinds
    assert all(after == "move" for before, after in zip(kinds, kinds[1:])
               if before == "handover"), kinds
    assert any("had one possible move" in screen for _, screen in table.screens)
    table.child.sendcontrol("c")
    table.child.expect(pexpect.EOF)


@pytest.mark.parametrize("language", ["en", "nl", "fr", "de", "es"])
@pytest.mark.parametrize(("game", "players"), [
    ("okavango", "anna,bot:random,bot:random,bot:random"),
    ("ogallala", "anna,bot:random,bot:random,bot:random,bot:random")])
def test_a_whole_game_through_the_menus_fits_the_terminal(tmp_path, game, players, language):
    """A whole game of four (Okavango) or five (Ogallala), every move of the person built
    step by step in the menus (going back now and then): every screen fits in 80×24."""
    table = Table(tmp_path, language, "play", game, "--players", players, "--seed", "4")
    kinds: list[str] = []
    while kinds[-1:] not in (["over"], ["eof"]):
        kinds.append(table.step())
    assert kinds[-1] == "over"
    table.child.expect(pexpect.EOF)
    text = GameText(load_ruleset(game), translations(language), language)
    assert _fits(table, text.title()) > 5
    assert table.backs > 0, "the way back was taken"
    catalog = translations(language)
    refused = catalog.gettext("Not allowed. {reason}.").split("{reason}")[0]
    assert not any(refused in screen for _, screen in table.screens)
    if language != "en":  # the menus speak the game's language throughout
        english = ["What do you do?", "Which row?", "Which column?", "Which card?",
                   "Another card?", "Where?", "how many?", " to move", "Your move"]
        assert not [word for _, screen in table.screens for word in english if word in screen]
    log = json.loads(table.save.read_text(encoding="utf-8"))
    assert log["finished"] is True


@pytest.mark.parametrize("language", ["en", "nl", "fr", "de", "es"])
def test_details_on_request_in_each_language(tmp_path, language):
    """The commands typed in the player's language show the score (Ogallala's points
    counted at the end as provisional), the legend and another player's board."""
    table = Table(tmp_path, language, "play", "ogallala", "--players",
                  "anna,bot:random,bot:random", "--seed", "4")
    catalog = translations(language)
    text = GameText(load_ruleset("ogallala"), catalog, language)
    prompts = list(map(re.escape, table.prompts))
    bot = catalog.gettext("Easy Bot {number}").format(number=2)  # named in the reader's words
    shown = {}
    for command in ("score", "legend", "board"):
        table.child.expect(prompts)
        word = catalog.gettext(command)
        table.child.sendline(f"{word} {bot}" if command == "board" else word)
        table.child.expect(prompts)
        shown[command] = CONTROL.sub("", table.child.before)
        table.child.sendline(catalog.gettext("help"))  # then the same menu once more
    points = text.term("point", 2)
    label = catalog.gettext("{points} (provisional)").format(points=points[:1].upper() + points[1:])
    assert label in shown["score"] and label in shown["board"], "one wording on every screen"
    assert text.component("totem") in shown["legend"]
    site = text.zone("site")
    assert f"{site[:1].upper()}{site[1:]} — {bot}" in shown["board"]
    table.child.expect(prompts)
    table.child.sendline(catalog.gettext("quit"))
    table.child.expect(pexpect.EOF)


def test_keys_typed_ahead_do_not_open_the_next_hand(tmp_path):
    """Lost Cities at one keyboard: Ana answers her last question with an Enter too many,
    and typed '1' at her own hand-over. Only an Enter typed after the hand-over is asked
    may show a hand, so Beto's stays hidden until he presses it."""
    child = spawn(tmp_path, "en", "play", "lost-cities", "--players", "Ana,Beto", "--seed", "11")
    ready = "press Enter when you are ready"
    child.expect(ready)
    child.send("1\r")  # not an Enter on its own: asked again
    child.expect(ready)
    child.send("\r")
    child.expect("Ana — hand")
    child.expect("Your move.*: ")
    child.send("2\r")  # discard
    child.expect("Which card")
    child.expect("Your move.*: ")
    child.send("1\r\r")  # the drawing is forced: this ends Ana's turn, with a spare Enter
    child.expect("Pass the keyboard to Beto")
    with pytest.raises(pexpect.TIMEOUT):
        child.expect("Beto — hand", timeout=2)
    child.send("\r")
    child.expect("Beto — hand")
    child.terminate(force=True)


def test_a_menu_fits_a_narrow_terminal(tmp_path):
    """In 40 columns the menu takes as many columns as fit there: its items were laid out
    for 80 and wrapped in the middle ('5.' at a line's end, 'columna 5' on the next)."""
    child = spawn(tmp_path, "es", "play", "connect-four", "--players", "Ana,bot:easy",
                  "--seed", "1", width=40)
    child.expect(translations("es").gettext("Your move (a number, a move, or help): ")[:8])
    screen = CONTROL.sub("", child.before).replace("\r", "").splitlines()
    menu = [line for line in screen if re.match(r" +\d\. ", line)]
    assert len(menu) > 1 and all(len(line) <= 40 for line in menu), menu
    assert all(re.fullmatch(r"(?: +\d\. columna \d)+", line) for line in menu), menu
    child.terminate(force=True)


def test_the_line_editor_knows_the_prompt(tmp_path):
    """Home at the move prompt moves the cursor back over what was typed, not to the start
    of the screen's line, where typing went on over the prompt."""
    child = spawn(tmp_path, "en", "play", "connect-four", "--players", "Ana,bot:easy",
                  "--seed", "1")
    child.expect("Your move.*: ")
    child.send("score")
    child.expect("score")
    child.send("\x01")  # Home
    with pytest.raises(pexpect.TIMEOUT):
        child.expect("\r", timeout=1)
    child.send("4\r")  # the line sent is the one the screen shows
    child.expect("Unknown action '4score'")
    child.terminate(force=True)
