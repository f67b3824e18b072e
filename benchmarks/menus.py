"""Whole games played through the terminal's step-by-step menus, measuring the menus.

Every seat is a person at one keyboard who answers each menu with a seeded random
number (and now and then goes back), through the very code of ``regelwerk play``
with an 80×24 console; the report is the longest menu seen (the goal is a
screenful, 12), the widest line and the tallest screen (from the account of the
turns since the person last chose, above the board, to the prompt). The last line printed is one JSON object.

    python benchmarks/menus.py --game okavango --players 4 --games 50 --seed 1
    python benchmarks/menus.py --game ogallala --players 5 --games 50 --seed 1
"""

from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
from dataclasses import dataclass, field
from io import StringIO
from pathlib import Path
from typing import Any

from rich.console import Console

from regelwerk.cli import play
from regelwerk.locales import translations
from regelwerk.locales.gametext import GameText

WIDTH, HEIGHT = 80, 24
#: how often a menu that has a way back is answered by going back
BACK_RATE = 0.05


@dataclass
class Measures:
    games: int = 0
    menus: int = 0
    longest: int = 0  # the most options one menu showed
    widest: int = 0  # the widest line written, in characters
    tallest: int = 0  # the most lines from the board's first line to a prompt
    longest_at: str = ""
    tallest_screen: list[str] = field(default_factory=list)


class ScriptedConsole(Console):
    """An 80×24 terminal whose person answers menus at random (seeded)."""

    def __init__(self, rng: random.Random, measures: Measures, title: str) -> None:
        super().__init__(file=StringIO(), width=WIDTH, height=HEIGHT, force_terminal=True,
                         color_system=None, highlight=False)
        self.rng, self.measures, self.title = rng, measures, title
        self.offered = 0  # of the menu being answered
        self.back = False

    def input(self, prompt: Any = "", **_kwargs: Any) -> str:  # type: ignore[override]
        self.print(prompt, end="")
        self._measure_screen(str(prompt))
        if not self.offered:
            return ""  # a handover: press Enter
        if self.back and self.rng.random() < BACK_RATE:
            return "b"
        return str(self.rng.randint(1, self.offered))

    def _measure_screen(self, prompt: str) -> None:
        written = self.file.getvalue()  # type: ignore[attr-defined]
        self.file = StringIO()
        lines = written.replace("\x1b[3J", "").replace("\x1b[2J", "").replace(
            "\x1b[H", "").split("\n")
        self.measures.widest = max([self.measures.widest, *map(len, lines)])
        starts = [i for i, line in enumerate(lines) if line.startswith(self.title)]
        if starts and self.offered:  # with the account above the board where it is alone
            screen = lines[starts[-1] if len(starts) > 1 else 0:]
            if len(screen) > self.measures.tallest:
                self.measures.tallest, self.measures.tallest_screen = len(screen), screen


class MeasuredSession(play.Session):
    """A table whose menus are counted as they are shown."""

    measures: Measures

    def prompt(self, title: str, labels: list[str], back: bool) -> Any:
        console = self.console
        assert isinstance(console, ScriptedConsole)
        if len(labels) > self.measures.longest:
            self.measures.longest, self.measures.longest_at = len(labels), title
        self.measures.menus += 1
        console.offered, console.back = len(labels), back
        try:
            return super().prompt(title, labels, back)
        finally:
            console.offered = 0


def play_game(game: str, players: int, seed: int, measures: Measures,
              language: str = "en", folder: Path | None = None) -> None:
    """One whole game through the menus, every seat a person (the program's own words
    are in the language the process chose, from LANGUAGE; the game's in ``language``)."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as scratch:
        where = folder or Path(scratch)
        os.environ["XDG_DATA_HOME"] = str(where / "data")
        names = [f"p{n + 1}" for n in range(players)]
        rules = play.load_game(game, None)
        title = GameText(rules, translations(language), language).title()
        console = ScriptedConsole(rng, measures, title)
        MeasuredSession.measures = measures
        session = MeasuredSession.started(console, language, game, None, ",".join(names),
                                          seed, where / f"{game}-{seed}.json")
        try:
            session.run()
        finally:
            session.lock.release()
    measures.games += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="okavango")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--language", default="en")
    args = parser.parse_args()
    measures = Measures()
    for seed in range(args.seed, args.seed + args.games):
        play_game(args.game, args.players, seed, measures, args.language)
    print("\n".join(measures.tallest_screen))
    print(json.dumps({"game": args.game, "players": args.players, "games": measures.games,
                      "menus": measures.menus, "longest_menu": measures.longest,
                      "longest_at": measures.longest_at, "widest_line": measures.widest,
                      "tallest_screen": measures.tallest}, ensure_ascii=False))


if __name__ == "__main__":
    main()
