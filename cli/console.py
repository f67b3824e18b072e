"""Where output goes: rich on a terminal, plain text otherwise or with NO_COLOR."""

from __future__ import annotations

import os
import sys
from typing import TextIO

from rich.console import Console


def make_console(file: TextIO | None = None) -> Console:
    """A console that prints text as it is: no markup (a name or a path holding ``[/b]``
    would be read as a tag, or fail as an unmatched one); styles are given as ``Text``."""
    stream = file if file is not None else sys.stdout
    plain = not stream.isatty() or "NO_COLOR" in os.environ
    return Console(file=stream, color_system=None if plain else "auto", highlight=False,
                   emoji=False, markup=False, soft_wrap=plain)
