"""The keyboard of a terminal shared by people taking turns.

Lines are edited as in a shell (arrow keys, history) where the platform has readline.
Before the keyboard passes to the next person, what was typed ahead is thrown away
and the history forgotten: a second Enter pressed by the last person, or the Up key
pressed by the next, must not confirm the hand-over or recall another's answers.
"""

from __future__ import annotations

import sys
from typing import TextIO

try:  # importing it is what makes ``input`` edit lines; absent on some platforms
    import readline
except ImportError:  # pragma: no cover - depends on the platform
    readline = None  # type: ignore[assignment]


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
