"""Help screens: what one command's help shows, and drawing it as text.

The same drawing serves two ways of asking: through Typer, when a command
line is parsed (``framework`` describes the command it has built), and
before Typer is even imported, when the command line asks only for help
(``launch`` reads the screens from ``helpdata``, written from the Typer app
by ``helpgen``). This module imports nothing but the standard library's
smallest parts (no dataclasses: they import ``inspect``), so that ``regelwerk --help`` costs little more than Python's
own start.
"""

from __future__ import annotations

import os
from typing import Callable, NamedTuple, TextIO

# what a terminal shows in colour (SGR codes); nothing of it when colour is off
_STYLES = {"name": "1;36", "value": "1;33", "required": "31", "frame": "2", "usage": "1"}


class Row(NamedTuple):
    """A parameter or a command, as one row of a panel. ``value`` is the word for an
    option's value (none for a flag or a command); ``default`` as the help shows it."""

    name: str
    help: str = ""
    value: str = ""
    required: bool = False
    many: bool = False
    default: str = ""


class Screen(NamedTuple):
    """One command's help: its words (``arguments`` by the word each is shown as) and its
    subcommands; ``is_group`` when it takes a command."""

    help: str
    arguments: tuple[Row, ...] = ()
    options: tuple[Row, ...] = ()
    commands: tuple[Row, ...] = ()
    is_group: bool = False

    def translated(self, gettext: Callable[[str], str]) -> Screen:
        """The screen in the reader's language, from one written with message ids."""
        def rows(items: tuple[Row, ...], named_in_words: bool = False) -> tuple[Row, ...]:
            return tuple(row._replace(help=gettext(row.help) if row.help else "",
                                 value=gettext(row.value) if row.value else "",
                                 name=gettext(row.name) if named_in_words else row.name)
                         for row in items)
        return self._replace(help=gettext(self.help), arguments=rows(self.arguments, True),
                       options=rows(self.options), commands=rows(self.commands))


class Words(NamedTuple):
    """The screen's own words, in the reader's language."""

    usage: str
    options_word: str
    command_word: str
    arguments: str
    options: str
    commands: str
    default: str
    required: str

    @classmethod
    def of(cls, gettext: Callable[[str], str]) -> Words:
        return cls(gettext("Usage:"), gettext("[OPTIONS]"), gettext("COMMAND [ARGS]..."),
                   gettext("Arguments"), gettext("Options"), gettext("Commands"),
                   gettext("[default: {}]"), gettext("[required]"))


def terminal_width(stream: TextIO) -> int:
    """``COLUMNS`` when set, else the terminal's width, else 80."""
    try:
        return max(40, int(os.environ["COLUMNS"]))
    except (KeyError, ValueError):
        pass
    try:
        return max(40, os.get_terminal_size(stream.fileno()).columns) if stream.isatty() else 80
    except (OSError, ValueError, AttributeError):
        return 80


def wants_colour(stream: TextIO) -> bool:
    try:
        return stream.isatty() and "NO_COLOR" not in os.environ
    except (ValueError, AttributeError):
        return False


def render(screen: Screen, command_path: str, words: Words, width: int = 80,
           colour: bool = False) -> str:
    """The help screen as text ``width`` columns wide: the usage, what the command does,
    and a framed panel each for its arguments, options and commands."""
    paint = _painter(colour)
    usage = [command_path, words.options_word]
    usage += [_usage_word(row) for row in screen.arguments]
    if screen.is_group:
        usage.append(words.command_word)
    lines = [""]
    lead = f"{words.usage} "
    for number, line in enumerate(_wrap(" ".join(usage), width - 2 - _width(lead))):
        lines.append(" " + (paint(lead, "usage") if number == 0 else " " * _width(lead)) + line)
    lines.append("")
    lines += [" " + line for line in _wrap(screen.help, width - 2)] + [""]
    panels = ((words.arguments, screen.arguments, True), (words.options, screen.options, False),
              (words.commands, screen.commands, False))
    for title, rows, marked in panels:
        if rows:
            lines += _panel(title, rows, marked, words, width, paint)
    return "\n".join(lines) + "\n"


def _usage_word(row: Row) -> str:
    word = row.name + ("..." if row.many else "")
    return word if row.required else f"[{word}]"


def _painter(colour: bool) -> Callable[[str, str], str]:
    if not colour:
        return lambda text, style: text
    return lambda text, style: f"\x1b[{_STYLES[style]}m{text}\x1b[0m" if text else text


def _panel(title: str, rows: tuple[Row, ...], marked: bool, words: Words, width: int,
           paint: Callable[[str, str], str]) -> list[str]:
    inner = width - 4
    marker = 2 if marked else 0
    names = max(_width(row.name) for row in rows) + 2
    values = max(_width(row.value) for row in rows)
    values = values + 2 if values else 0
    room = max(10, inner - marker - names - values)
    top = f"╭─ {title} " + "─" * max(0, width - 5 - _width(title)) + "╮"
    lines = [paint(top, "frame")]
    for row in rows:
        help_text = " ".join(part for part in (
            row.help, words.default.format(row.default) if row.default else "",
            words.required if row.required else "") if part)
        for number, text in enumerate(_wrap(help_text, room) or [""]):
            if number == 0:
                lead = "" if not marker else paint("*", "required") + " " if row.required \
                    else "  "
                cells = (lead + paint(row.name, "name") + " " * (names - _width(row.name))
                         + paint(row.value, "value") + " " * (values - _width(row.value)))
            else:
                cells = " " * (marker + names + values)
            lines.append(paint("│", "frame") + " " + cells + text
                         + " " * (room - _width(text)) + " " + paint("│", "frame"))
    lines.append(paint("╰" + "─" * (width - 2) + "╯", "frame"))
    return lines


def _wrap(text: str, room: int) -> list[str]:
    """Lines of at most ``room`` columns, broken at ASCII spaces only: a no-break space
    (French puts a narrow one before ':') keeps its words together."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        while _width(word) > room:  # a word wider than the room is cut
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:room])
            word = word[room:]
        if not line:
            line = word
        elif _width(line) + 1 + _width(word) <= room:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def _width(text: str) -> int:
    """Columns a text takes on a terminal: wide East Asian characters two, combining
    marks none."""
    if text.isascii():
        return len(text)
    from unicodedata import combining, east_asian_width

    return sum(0 if combining(char) else 2 if east_asian_width(char) in "WF" else 1
               for char in text)
