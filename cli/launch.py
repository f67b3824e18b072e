"""The ``regelwerk`` command's entry point.

A command line that asks only for help (``regelwerk --help``, ``regelwerk
rules``, ``regelwerk --lang fr play --help``) is answered from the help
screens written beforehand (``helpdata``), without importing Typer, Click,
rich or any engine module: help costs little more than Python's own start.
Every other command line, and any the reading here is unsure of, goes to
Typer (``main``), which draws the same screens.
"""

from __future__ import annotations

import os
import sys
import zlib
from typing import Sequence

from .helpscreen import Screen

PROGRAM = "regelwerk"
#: the modules the written screens are made from: the commands and how they are described
SOURCES = ("main.py", "framework.py")
#: Click's exit code for a group named without a command: its help, as an error
NO_COMMAND = 2


def run() -> None:
    """Entry point of the console script."""
    code = quick_help(sys.argv[1:])
    if code is None:
        from .main import run as run_command

        run_command()
    else:
        sys.exit(code)


def quick_help(argv: Sequence[str]) -> int | None:
    """Print the help the command line asks for and give the exit code; None when it asks
    for more than help (or the written screens are stale), for Typer to answer."""
    from . import helpdata

    asked = help_asked(argv, helpdata.SCREENS)
    if asked is None or helpdata.SOURCES_CHECKSUM != checksum():
        return None
    path, code = asked
    from .helpscreen import Words, render, terminal_width, wants_colour
    from .text import _  # the catalog of the language asked for

    screen = helpdata.SCREENS[path].translated(_)
    sys.stdout.write(render(screen, " ".join((PROGRAM, *path)), Words.of(_),
                            terminal_width(sys.stdout), wants_colour(sys.stdout)))
    sys.stdout.flush()
    return code


def checksum() -> int:
    """CRC-32 of the sources the help screens are made from: a change to them makes the
    written screens stale."""
    total = 0
    for name in SOURCES:
        with open(os.path.join(os.path.dirname(__file__), name), "rb") as source:
            total = zlib.crc32(source.read(), total)
    return total


def _language_apart(argv: Sequence[str]) -> tuple[list[str], str | None]:
    """The words without the first ``--lang``, and the language it names: the program's
    messages are in one language whichever command's words it stands among."""
    words = list(argv)
    for index, word in enumerate(words):
        if word == "--lang" and index + 1 < len(words):
            return words[:index] + words[index + 2:], words[index + 1]
        if word.startswith("--lang="):
            return words[:index] + words[index + 1:], word.split("=", 1)[1]
    return words, None


def help_asked(argv: Sequence[str], screens: dict[tuple[str, ...], Screen]
               ) -> tuple[tuple[str, ...], int] | None:
    """The command whose help the words ask for, and the exit code: commands by name and
    a supported ``--lang`` anywhere, then ``--help`` as the last word (exit 0), or a group
    named without anything after it (exit 2)."""
    from regelwerk.locales import UnknownLanguage, choose_language

    words, language = _language_apart(argv)
    if language is not None:
        try:
            choose_language(language)
        except UnknownLanguage:
            return None  # refused by the command itself, in words
    path: tuple[str, ...] = ()
    named = not words  # the root, or a group just named, has nothing after it
    while words:
        word = words.pop(0)
        screen = screens[path]
        if word == "--help":
            return (path, 0) if not words else None
        if any(row.name == word for row in screen.commands):
            path = (*path, word)
            named = True
        else:
            return None
    return (path, NO_COMMAND) if named and screens[path].is_group else None
