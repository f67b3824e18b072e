"""Errors that reach users: located data errors and refused moves.

Both carry a message id (an English source string with ``{name}``
placeholders) and its parameters, so that the text is rendered later, in the
user's language, by whoever shows it.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .safetext import visible

Path = tuple[str | int, ...]
Translate = Callable[[str], str]


def _identity(message: str) -> str:
    return message


class Msg(str):
    """A message id used as a parameter (e.g. "a number"): translated when rendered."""


@dataclass(frozen=True)
class Phrase:
    """A message with parameters of its own, used as a parameter (e.g. why a file is unreadable)."""

    message: str
    params: dict[str, Any] = field(default_factory=dict)


def fill(message: str, params: dict[str, Any], translate: Translate = _identity) -> str:
    """Translate ``message`` and fill in its parameters, translating those that are Msg
    or Phrase (a tuple of them is translated and joined)."""
    def shown(value: Any) -> Any:
        if isinstance(value, Msg):
            return translate(value)
        if isinstance(value, Phrase):
            return fill(value.message, value.params, translate)
        if isinstance(value, tuple):
            return ", ".join(str(shown(v)) for v in value)
        if isinstance(value, str):  # maybe from outside: a name, a value from a file
            return visible(value, 1000)
        return value
    return formatted(translate(message), {k: shown(v) for k, v in params.items()})


def formatted(template: str, values: dict[str, Any]) -> str:
    """``template.format(**values)``, where a value that cannot take its placeholder's
    spec is filled in as it is: a grammar spec ("{group:def}") in a message rendered before
    a language's nouns replace the game's notions, or a clause ("{condition:clause}"); a
    spec that starts with a capital ("{condition:Clause}": a German clause after a colon)
    gives the value a capital first letter."""
    try:
        return template.format(**values)
    except (TypeError, ValueError):
        return _PLAIN.vformat(template, (), values)


class _PlainFormatter(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> Any:
        try:
            return format(value, format_spec)
        except (TypeError, ValueError):
            text = str(value)
            return text[:1].upper() + text[1:] if format_spec[:1].isupper() else text


_PLAIN = _PlainFormatter()


@dataclass(frozen=True)
class Location:
    """A place in a data file: 1-based line and column, and the document path."""

    file: str
    line: int = 1
    column: int = 1
    path: Path = ()
    #: a variant whose changes the file was read with (the mistake may be in the variant,
    #: though it shows in its base)
    via: str = field(default="", compare=False)

    def path_text(self) -> str:
        """The document path in the usual dotted/indexed form, e.g. ``areas.area-1.fields``."""
        text = ""
        for part in self.path:
            if isinstance(part, int):
                text += f"[{part}]"
            else:
                text += f".{visible(part, 60)}" if text else visible(part, 60)
        return text

    def __str__(self) -> str:
        return f"{visible(self.file, 300)}:{self.line}:{self.column}"


@dataclass
class DataError(Exception):
    """A mistake in a data file (ruleset, variant, scenario or save)."""

    location: Location
    message: str
    params: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        super().__init__(self.render())

    def render(self, translate: Translate = _identity) -> str:
        text = fill(self.message, self.params, translate)
        if self.location.via:
            text += " " + fill(N_("(with the changes of {file})"), {"file": self.location.via},
                               translate)
        where = self.location.path_text()
        return f"{self.location}: {where}: {text}" if where else f"{self.location}: {text}"

    def __str__(self) -> str:
        return self.render()


#: the most mistakes of one document told at once (more would scroll the first ones away)
MOST_TOLD = 20


class DataErrors(DataError):
    """Several mistakes of one document found together (those its schema finds), told one a
    line in file order; as a ``DataError`` it is the first of them."""

    def __init__(self, errors: Sequence[DataError]) -> None:
        self.errors = tuple(errors)
        first = self.errors[0]
        super().__init__(first.location, first.message, first.params)

    def render(self, translate: Translate = _identity) -> str:
        told = [error.render(translate) for error in self.errors[:MOST_TOLD]]
        if len(self.errors) > MOST_TOLD:
            told.append(fill(N_("(more mistakes follow: correct these first)"), {}, translate))
        return "\n".join(told)


@dataclass
class IllegalMove(Exception):
    """A move the rules refuse; the state it was tried on is unchanged.

    ``code`` is stable (for programs and tests); ``message`` is the message id
    shown to people.
    """

    code: str
    message: str
    params: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # rendered when shown, not here: players and bots try many moves that are refused
        super().__init__(self.code, self.message, self.params)

    def render(self, translate: Translate = _identity) -> str:
        return fill(self.message, self.params, translate)

    def __str__(self) -> str:
        return self.render()


def N_(message: str) -> Msg:
    """Mark a message id for extraction; it is translated where it is shown."""
    return Msg(message)


def NN_(singular: str, plural: str) -> tuple[Msg, Msg]:
    """Mark a singular and plural pair for extraction; ``ngettext`` picks one where shown."""
    return Msg(singular), Msg(plural)
