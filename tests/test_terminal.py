"""People playing through a real terminal (a pseudo-terminal driven by pexpect)."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import sys
from pathlib import Path

import pexpect
import pytest

from regelwerk.engine import load_ruleset
from regelwerk.locales import translations
from regelwerk.locales.gametext import GameText

CLEAR = "\x1b[2J"
ERASE_SCROLLBACK = "\x1b[3J"
MENU_NUMBER = re.compile(r"^\s*(\d+)\.\s", re.MULTILINE)


ROW = re.compile(r"^ *(\d+)\. +(\S.*?) {2,}(\S.*?) *\r?$", re.MULTILINE)


class Table:
    """A game of regelwerk in a pseudo-terminal, answered by a seeded random player."""

    def __init__(self, tmp_path: Path, language: str, *args: str) -> None:
        self.language = language
        catalog = translations(language)
        self.prompt = catalog.gettext("Your move (a number, a move, or help): ")
        handover = re.escape(catalog.gettext("Pass the keyboard to {player}. {player}, press "
                                             "Enter when you are ready."))
        placeholder = re.escape("{player}")
        self.handover = handover.replace(placeholder, r"(\S+)", 1).replace(placeholder, r"\S+")
        self.over = catalog.gettext("The game is over.")
        self.save = tmp_path / "game.json"
        env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "160", "LINES": "60",
               "LANGUAGE": language, "XDG_DATA_HOME": str(tmp_path / "data")}
        self.child = pexpect.spawn(sys.executable, ["-m", "regelwerk.cli", *args,
                                                    "--save", str(self.save)],
                                   env=env, encoding="utf-8", timeout=30,
                                   dimensions=(60, 160))
        self.rng = random.Random(7)
        self.screens: list[tuple[str, str]] = []  # (player at the keyboard, what they saw)
        self.player: str | None = None

    def typed(self, screen: str, choice: int) -> str | None:
        """Now and then, type the move in its notation (the menu's hint) instead of its number."""
        if self.rng.random() < 0.3:
            for number, _label, notation in ROW.findall(screen):
                if int(number) == choice:
                    return notation
        return None

    def step(self) -> str:
        """Answer the next question; returns which kind it was."""
        index = self.child.expect([re.escape(self.prompt), self.handover, re.escape(self.over),
                                   pexpect.EOF])
        seen = self.child.before
        if index == 0:
            self.screens.append((self.player, seen))
            numbers = [int(n) for n in MENU_NUMBER.findall(seen)]
            choice = self.rng.randint(1, max(numbers))
            self.child.sendline(self.typed(seen, choice) or str(choice))
            return "move"
        if index == 1:
            assert CLEAR in seen, "the screen is cleared before the keyboard is passed on"
            assert ERASE_SCROLLBACK in seen, "and so is the scrollback, where it could be read"
            self.player = self.child.match.group(1)
            self.child.sendline("")
            return "handover"
        return "over" if index == 2 else "eof"


def _reserve_rows_hidden(table: Table, players: list[str], text: GameText) -> None:
    """On each player's screens, the other players' reserves show only a count."""
    word = "|".join(re.escape(text.term("piece", n)) for n in (1, 2, 5))
    boards = 0
    for owner, screen in table.screens:
        if not re.search(rf"^\s*{owner}\s+\d+\s", screen, re.MULTILINE):
            continue  # a menu without the board
        boards += 1
        for other in players:
            if other == owner:
                continue
            rows = [line for line in screen.splitlines()
                    if re.match(rf"\s*{other}\s+\d+\s", line)]  # the score table's rows
            assert rows, f"{owner}'s board shows no row for {other}"
            for row in rows:
                assert re.search(rf"^\s*{other}\s+\d+\s+\d+ ({word})\s*$", row), \
                    f"{owner} saw {other}'s reserve: {row!r}"
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
    table.child.expect_exact(table.prompt)
    table.child.sendline("quit")
    table.child.expect(pexpect.EOF)


@pytest.mark.parametrize("language", ["nl", "fr", "de", "es"])
def test_several_turns_in_each_language(tmp_path, language):
    table = Table(tmp_path, language, "play", "okavango", "--players", "anna,bram",
                  "--seed", "8")
    _play_then_quit(table, 8)
    catalog = translations(language)
    assert catalog.gettext("The game is saved in {file}.").split("{file}")[0] in table.child.before
    rules = load_ruleset("okavango")
    text = GameText(rules, catalog, language)
    _reserve_rows_hidden(table, ["anna", "bram"], text)
    boards = [screen for _, screen in table.screens if text.area("waterhole-6") in screen]
    assert boards and all(text.zone("reserve") in board for board in boards)


def test_a_killed_game_resumes_where_it_was(tmp_path):
    table = Table(tmp_path, "en", "play", "okavango", "--players", "anna,bot:random",
                  "--seed", "9")
    for _ in range(6):
        assert table.step() == "move"
    table.child.expect_exact(table.prompt)
    board_before = table.child.before.split("─" * 20)[-1]
    moves_saved = len(json.loads(table.save.read_text(encoding="utf-8"))["moves"])
    os.kill(table.child.pid, signal.SIGKILL)
    table.child.expect(pexpect.EOF)

    resumed = pexpect.spawn(sys.executable, ["-m", "regelwerk.cli", "play", "--resume",
                                             str(table.save)],
                            env={**os.environ, "NO_COLOR": "1", "COLUMNS": "160",
                                 "LANGUAGE": "en", "XDG_DATA_HOME": str(tmp_path / "data")},
                            encoding="utf-8", timeout=30, dimensions=(60, 160))
    resumed.expect(f"after {moves_saved} moves")
    resumed.expect_exact(table.prompt)
    board_after = resumed.before.split("─" * 20)[-1]
    assert board_after.strip() == board_before.strip()
    resumed.sendcontrol("c")
    resumed.expect("Resume it with: regelwerk play --resume")
    resumed.expect(pexpect.EOF)
    assert len(json.loads(table.save.read_text(encoding="utf-8"))["moves"]) == moves_saved


@pytest.mark.parametrize("language", ["nl", "en"])
def test_people_play_ogallala_at_one_keyboard(tmp_path, language):
    table = Table(tmp_path, language, "play", "ogallala", "--players", "anna,bram",
                  "--seed", "12")
    _play_then_quit(table, 12)
    text = GameText(load_ruleset("ogallala"), translations(language), language)
    site = text.zone("site")
    boards = [screen for _, screen in table.screens if " — anna" in screen]
    assert boards and all(f"{site[:1].upper()}{site[1:]} — bram" in board for board in boards)
    assert not any("Not allowed" in screen for _, screen in table.screens)
    assert {player for player, _ in table.screens} == {"anna", "bram"}
