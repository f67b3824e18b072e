"""Writes ``cli/helpdata.py``: every help screen of the Typer app, in message ids.

``regelwerk --help`` (and every other command line that asks only for help)
is answered from those screens without importing Typer (``launch``); they
are written here from the app itself, so the two cannot disagree:

    LANGUAGE=en python -m regelwerk.cli.helpgen

A test fails when the file is stale, and until it is rewritten ``launch``
hands every command line to Typer (it keeps a checksum of the sources the
screens come from).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from .helpscreen import Row, Screen
from .launch import checksum

DATA = Path(__file__).parent / "helpdata.py"


def screens() -> dict[tuple[str, ...], Screen]:
    """Every command's help screen, in the language the command runs in (written in
    English, its words are the message ids)."""
    from typer.main import get_command

    from .framework import describe
    from .main import app

    found: dict[tuple[str, ...], Screen] = {}
    root: Any = get_command(app)
    waiting: list[tuple[tuple[str, ...], Any, Any]] = [
        ((), root, root.context_class(root, info_name="regelwerk"))]
    while waiting:
        path, command, ctx = waiting.pop(0)
        found[path] = describe(command, ctx)
        for name in getattr(command, "commands", {}):
            sub = command.get_command(ctx, name)
            waiting.append(((*path, name), sub, sub.context_class(sub, parent=ctx,
                                                                    info_name=name)))
    return found


def _written(item: Row | Screen, indent: str) -> str:
    """The item as a call giving only what differs from the defaults; rows one a line."""
    parts = []
    for name, value in zip(item._fields, item):
        if value == item._field_defaults.get(name, object()):
            continue
        if isinstance(value, tuple):
            inner = indent + "    "
            value = "(" + "".join(f"\n{inner}{_written(row, inner)}," for row in value) + ")"
        else:
            value = repr(value)
        parts.append(f"{name}={value}")
    return f"{type(item).__name__}({', '.join(parts)})"


def written() -> str:
    entries = "".join(f"    {path!r}: {_written(screen, '    ')},\n"
                      for path, screen in screens().items())
    return (f'"""Every help screen of ``regelwerk``, in message ids: written by '
            f'``cli/helpgen.py``, not by hand."""\n\n'
            f"from .helpscreen import Row, Screen\n\n"
            f"SOURCES_CHECKSUM = {checksum()}\n\n"
            f"SCREENS: dict[tuple[str, ...], Screen] = {{\n{entries}}}\n")


def main() -> None:
    from .text import LANGUAGE

    if LANGUAGE != "en":
        sys.exit("run with LANGUAGE=en: the screens are written in message ids")
    DATA.write_text(written(), encoding="utf-8")
    print(f"wrote {DATA}")


if __name__ == "__main__":
    main()
