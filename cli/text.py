"""The CLI's language: chosen once, before any help text is built.

Click and Typer translate their own messages ("Usage:", "Options") with
the standard library's ``gettext`` functions, bound when they are imported;
they are pointed at regelwerk's catalog here, so this module is imported
before them.
"""

from __future__ import annotations

import gettext
import sys
from pathlib import PurePath
from typing import Any, Sequence

from regelwerk.locales import UnknownLanguage, choose_language, translations


def _lang_argument(argv: Sequence[str]) -> str | None:
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def _initial_language() -> str:
    try:
        return choose_language(_lang_argument(sys.argv[1:]))
    except UnknownLanguage:
        return choose_language(None)  # the command reports the bad --lang itself


def use_language(language: str) -> None:
    """Speak ``language`` from here on (a resumed game goes on in the language it was
    played in, unless the command line names another)."""
    global _catalog
    _catalog = translations(language)
    gettext.gettext = _catalog.gettext
    gettext.ngettext = _catalog.ngettext


LANGUAGE = _initial_language()
#: whether the command line named the language (else it is the environment's)
LANGUAGE_CHOSEN = _lang_argument(sys.argv[1:]) is not None
_catalog: gettext.NullTranslations
use_language(LANGUAGE)


def N_(message: str) -> str:
    """Mark a message id for extraction, to be translated where it is shown (importing
    the engine's marker would load the whole engine before ``--help``)."""
    return message


def _(message: str) -> str:
    return _catalog.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _catalog.ngettext(singular, plural, n)


def say(message: str, **params: Any) -> str:
    """Translate a message id and fill in its placeholders."""
    return filled(_(message), **params)


def number(value: Any) -> str:
    """A number as a reader sees it: below zero with a true minus sign ('−9'), not a
    hyphen; anything else (a '?') as it is."""
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return f"\u2212{-value}"
    return str(value)


def capitalised(text: str) -> str:
    """``text`` with a capital first letter (a heading, a sentence's start); the rest as
    it is, unlike ``str.capitalize``."""
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """``text`` as a sentence of its own: a capital first letter and the language's full
    stop, unless it ends in a mark of its own."""
    if text.rstrip().endswith((".", "!", "?", "…")):
        return capitalised(text)
    # TRANSLATORS: a message shown as a sentence of its own, ended by the full stop
    return capitalised(say("{sentence}.", sentence=text))


def labelled(label: str, value: str) -> str:
    """'label: value' with the colon and spacing of the reader's language (French puts a
    narrow no-break space before it)."""
    # TRANSLATORS: a label and what it shows, e.g. "Bag: 31 cards"
    return say("{label}: {value}", label=label, value=value)


def told(items: Sequence[str]) -> str:
    """Facts one after another, 'strength 7; complete', with the separator of the reader's
    language (French puts a narrow no-break space before it)."""
    joined = items[0] if items else ""
    for item in items[1:]:
        # TRANSLATORS: facts told one after another, e.g. "row 2 (unfinished; strength 7)"
        joined = say("{facts}; {fact}", facts=joined, fact=item)
    return joined


def filled(text: str, **params: Any) -> str:
    """Fill in a translated text's placeholders; a value from outside (a file's name, a
    typed word) has what a terminal would obey written as its code."""
    values = {key: _harmless(value) for key, value in params.items()}
    try:
        return text.format(**values)
    except (TypeError, ValueError):  # a spec a value cannot take ('{condition:Clause}')
        from regelwerk.engine import formatted  # not at start-up: it loads the engine

        return formatted(text, values)


def _harmless(value: Any) -> Any:
    if not isinstance(value, (str, PurePath)):
        return value
    text = str(value)
    if text.isprintable():  # nearly always: the engine's cleaner is not even loaded
        return value if isinstance(value, str) else text
    from regelwerk.engine import harmless

    return harmless(text)
