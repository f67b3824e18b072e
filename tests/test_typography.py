"""Every catalog, the program's and each game's, follows the typography of its language's
manuals: punctuation and quotation belong to the translations, not to the code.

French: a narrow no-break space (U+202F) before : ; ? ! and inside « », the apostrophe ’.
German: quotations in „…“. Spanish: quotations in «…», a question opened by ¿ and an
exclamation by ¡. Dutch: quotations in ‘…’. Everywhere: one quote style, no straight quotes,
no quote left open. What a user types (placeholders, commands, markup, notations such as
``bot:random``) is left out of the checks.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from regelwerk.engine import shipped_games
from regelwerk.engine.data.shipped import rules_root
from regelwerk.locales import catalog_path
from regelwerk.locales.gamecatalog import GAME_LANGUAGES, catalog_file

NNBSP = "\u202f"
#: one character standing for a literal part of a message, which no rule of typography reads
LITERAL = "\ue000"
LITERAL_PARTS = re.compile("|".join((
    r"\{\{.*?\}\}",  # literal braces written for str.format, e.g. {{KIND: 1}}
    r"\{[^{}]*\}",  # a placeholder
    r"`[^`]*`",  # command text in backquotes
    r"https?://\S+",
    r"\[/?[a-z]+\]|\[/\]",  # console markup such as [blue] … [/]
    r"regelwerk(?: (?:--?[\w-]+|[a-z][\w-]*|\{\w+\}))+",  # a command to type
)))
#: the quotation marks of each language: (opening, closing)
QUOTES = {"fr": ("«", "»"), "de": ("„", "“"), "es": ("«", "»"), "nl": ("‘", "’")}
#: every other quotation mark, which the language does not use
ALL_MARKS = set("\"'«»„“”‘’‚‹›")
#: what may follow a mark of punctuation (anything else makes it part of a notation)
AFTER_PUNCTUATION = re.compile(r"\s|$|[»“’)\].,]")


def _catalogs() -> Iterator[tuple[str, Path]]:
    for language in GAME_LANGUAGES:
        yield language, catalog_path(language)
        for game in shipped_games():
            yield language, catalog_file(rules_root() / game, language)


def _name(language: str, path: Path) -> str:
    """The test's id: the language and whose catalog it is (the program's or a game's)."""
    owner = "regelwerk" if path.name == "regelwerk.po" else path.parent.parent.name
    return f"{language}-{owner}"


def _texts(path: Path, language: str) -> Iterator[tuple[str, str]]:
    with path.open("rb") as po:
        for message in read_po(po, locale=language):
            if not message.id:
                continue
            msgid = message.id if isinstance(message.id, str) else message.id[0]
            strings = [message.string] if isinstance(message.string, str) else message.string or ()
            for string in strings:
                yield msgid, LITERAL_PARTS.sub(LITERAL, string)


def _punctuation(text: str, marks: str) -> Iterator[int]:
    """Where a mark of `marks` ends a phrase: followed by a space, the end or a closing sign;
    a mark glued on both sides (``bot:random``, ``{file}:{line}``, 12:30) belongs to a notation."""
    for found in re.finditer(f"[{re.escape(marks)}]", text):
        if AFTER_PUNCTUATION.match(text, found.end()):
            yield found.start()


def _inside(text: str, at: int, opening: str, closing: str) -> bool:
    before = text[:at]
    return before.rfind(opening) > before.rfind(closing)


def _french(text: str) -> Iterator[str]:
    for at in _punctuation(text, ":;?!"):
        before = text[at - 1] if at else ""
        if before == NNBSP:
            continue
        if text[at] == ":" and before == LITERAL:
            continue  # a {name}: notation, as in "{wild}: {{KIND: 1}}"
        if before not in " \u00a0" and _inside(text, at, "«", "»"):
            continue  # a notation to type, quoted: « winner: mover »
        yield f"no narrow no-break space before {text[at]!r}"
    if re.search(f"«(?!{NNBSP})|(?<!{NNBSP})»", text):
        yield "« » without a narrow no-break space inside"


def _spanish(text: str) -> Iterator[str]:
    for at in _punctuation(text, "?!"):
        if at == 0 or text[at - 1] in " «":
            continue  # the sign itself, named: «!»
        opening = "¿" if text[at] == "?" else "¡"
        sentence = re.split(r"[.?!:;]\s", text[:at])[-1]
        if opening not in sentence:
            yield f"{text[at]!r} without an opening {opening!r}"


def _quotes(text: str, language: str) -> Iterator[str]:
    opening, closing = QUOTES[language]
    if "'" in text:
        yield "a straight quote or apostrophe"
    foreign = ALL_MARKS - {opening, closing, "'", "’"}
    for mark in sorted(foreign & set(text)):
        yield f"the quotation mark {mark!r}"
    quoting = False
    for at, char in enumerate(text):
        apostrophe = char == "’" and text[at + 1:at + 2].isalpha()  # kano’s, ’t
        if char == opening:
            if quoting:
                yield f"{opening!r} opened again before {closing!r}"
            quoting = True
        elif char == closing and not apostrophe:
            if not quoting:
                yield f"{closing!r} with no {opening!r} before it"
            quoting = False
    if quoting:
        yield f"an unpaired opening quote {opening!r}"


#: the checks of punctuation a language has besides its quotation marks
PUNCTUATION: dict[str, Callable[[str], Iterator[str]]] = {"fr": _french, "es": _spanish}


def _defects(text: str, language: str) -> list[str]:
    """What is wrong with a message whose literal parts are already masked."""
    punctuation = PUNCTUATION.get(language)
    return [*(punctuation(text) if punctuation else ()), *_quotes(text, language)]


def _problems(path: Path, language: str) -> list[str]:
    return [f"{path}: msgid {msgid!r}: {problem}: {text!r}"
            for msgid, text in _texts(path, language) for problem in _defects(text, language)]


@pytest.mark.parametrize(("language", "path"),
                         [pytest.param(*catalog, id=_name(*catalog)) for catalog in _catalogs()])
def test_catalog_follows_its_languages_typography(language: str, path: Path) -> None:
    problems = _problems(path, language)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("language", "text", "problem"), [
    ("fr", "Sac: 31 cartes", "no narrow no-break space before ':'"),
    ("fr", "Coup interdit : {reason}", "no narrow no-break space before ':'"),
    ("fr", "la partie n'est pas finie", "a straight quote or apostrophe"),
    ("fr", "la zone « pioche »", "« » without a narrow no-break space inside"),
    ("de", "die Zone 'Stapel'", "a straight quote or apostrophe"),
    ("de", "die Zone «Stapel»", "the quotation mark '«'"),
    ("de", "die Zone „Stapel", "an unpaired opening quote '„'"),
    ("es", "la zona “mazo”", "the quotation mark '“'"),
    ("es", "Terminar la partida?", "'?' without an opening '¿'"),
    ("nl", "zone 'stapel'", "a straight quote or apostrophe"),
    ("nl", "zone „stapel“", "the quotation mark '„'"),
    ("nl", "Gebruik [blue]’{command}’[/] voor hulp.", "'’' with no '‘' before it"),
    ("fr", "Interrompu!", "no narrow no-break space before '!'"),
    ("es", "dice «No, gracias!»", "'!' without an opening '¡'"),
])
def test_each_defect_is_found(language: str, text: str, problem: str) -> None:
    """The checks find what they are for (and the corrected text passes)."""
    assert problem in _defects(LITERAL_PARTS.sub(LITERAL, text), language)


@pytest.mark.parametrize(("language", "text"), [
    ("fr", f"Coup interdit{NNBSP}: {{reason}}"),
    ("fr", f"écrivez TYPE:NOMBRE ou bot:random{NNBSP}; {{file}}:{{line}}{NNBSP}: à 12:30."),
    ("fr", "voir https://example.org/?q=1 ou `regelwerk play --resume {file}`"),
    ("fr", f"par exemple {{wild}}: {{{{KIND: 1}}}}{NNBSP}; «{NNBSP}winner: mover{NNBSP}»"),
    ("fr", "Pour la reprendre\u202f: regelwerk play --resume {file}"),
    ("de", "die Zone „Stapel“ ist leer; geht’s?"),
    ("es", "¿Terminar la partida? {player} dice «¡No, gracias!» (tras «!» o «%»)"),
    ("nl", "‘regelwerk games’ toont kano’s en {value}’en; ‘kano’s’"),
])
def test_correct_typography_passes(language: str, text: str) -> None:
    assert not _defects(LITERAL_PARTS.sub(LITERAL, text), language)
