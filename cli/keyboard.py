"""The keyboard of a terminal shared by people taking turns.

Lines are edited as in a shell (arrow keys, history) where the platform has readline.
Before the keyboard passes to the next person, what was typed ahead is thrown away
and the history forgotten: a second Enter pressed by the last person, or the Up key
pressed by the next, must not confirm the hand-over or recall another's answers.
"""

from __future__ import annotations

import sys
from typing import TextIO

from rich.console import Console

try:  # importing it is what makes ``input`` edit lines; absent on some platforms
    import readline
except ImportError:  # pragma: no cover - depends on the platform
    readline = None  # type: ignore[assignment]


def read_line(console: Console, prompt: str) -> str:
    """A line typed after ``prompt`` (plain text). At a terminal with readline the prompt
    goes to ``input`` itself, so that the line editor knows where the typed text starts
    (Home, Ctrl-U and a wrapped line would otherwise overwrite the prompt or show a line
    other than the one sent)."""
    if readline is not None and console.is_terminal and sys.stdin.isatty():
        return input(prompt)
    return console.input(prompt, markup=False)


def forget_typed(stream: TextIO = sys.stdin) -> None:
    """Throw away keys typed but not yet read, and the lines typed before."""
    if readline is not None:
        readline.clear_history()
    if not stream.isatty():
        return
    if sys.platform == "win32":  # pragma: no cover - Windows has no termios
        import msvcrt

        while msvcrt.kbhit():
            msvcrt.getwch()
        return
    import termios

    try:
        termios.tcflush(stream.fileno(), termios.TCIFLUSH)
    except (OSError, ValueError):  # pragma: no cover - a terminal that went away
        pass
