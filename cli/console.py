"""Where output goes: rich on a terminal, plain text otherwise or with NO_COLOR."""

from __future__ import annotations

import os
import sys
from typing import TextIO

from rich.console import Console


def make_console(file: TextIO | None = None) -> Console:
    """A console that prints text as it is: no markup (a name or a path holding ``[/b]``
    would be read as a tag, or fail as an unmatched one); styles are given as ``Text``.
    On a terminal, lines are wrapped to its width (with NO_COLOR too), so that a screen
    is as tall as it looks; written to a file or a pipe, they are left whole."""
    stream = file if file is not None else sys.stdout
    terminal = stream.isatty()
    plain = not terminal or "NO_COLOR" in os.environ
    return Console(file=stream, color_system=None if plain else "auto", highlight=False,
                   emoji=False, markup=False, soft_wrap=not terminal)
