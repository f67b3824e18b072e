"""Text from outside, made harmless before a terminal or a comparison sees it.

A string in a data file, a save or a player's name can carry what a terminal
obeys rather than shows (escape sequences that set the window title or the
clipboard, a carriage return that overwrites a line), what reorders or hides
text (bidi overrides, zero-width characters), or a look-alike of another name.
Files are refused when they hold such characters; what is shown anyway goes
through `visible`, and names are compared by `name_key`.
"""

from __future__ import annotations

import unicodedata

#: categories never allowed: controls, format characters (bidi, zero-width), line and
#: paragraph separators, private use, surrogates and unassigned code points
_UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Co", "Cs", "Cn"})
#: controls a text may hold: a line break and a tab
_ALLOWED_CONTROLS = frozenset("\n\t")


def first_unsafe(text: str, allow_breaks: bool = True) -> int | None:
    """The index of the first character that must not reach a terminal, or None."""
    if text.isprintable():  # the common case, decided in C
        return None
    for index, character in enumerate(text):
        if allow_breaks and character in _ALLOWED_CONTROLS:
            continue
        if unicodedata.category(character) in _UNSAFE_CATEGORIES:
            return index
    return None


def visible(text: str, limit: int = 200) -> str:
    """``text`` with every unsafe character written as its code (``<U+202E>``) and cut to
    ``limit`` characters: safe to print, and what was there can still be seen."""
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return _coded(text, allow_breaks=False)


def harmless(text: str) -> str:
    """``text`` with every unsafe character but line breaks and tabs written as its code, and
    nothing cut: for a value filled into a message that may span lines."""
    return _coded(text, allow_breaks=True)


def _coded(text: str, allow_breaks: bool) -> str:
    if first_unsafe(text, allow_breaks) is None:
        return text
    return "".join(c if allow_breaks and c in _ALLOWED_CONTROLS
                   or unicodedata.category(c) not in _UNSAFE_CATEGORIES
                   else f"<U+{ord(c):04X}>" for c in text)


def name_key(name: str) -> str:
    """What two names must differ in to be told apart: compatibility forms, Cyrillic and
    Greek letters drawn like Latin ones, and case folded, spaces collapsed (so 'Anna',
    'ANNA', 'Ａｎｎａ' and 'Аnnа' with Cyrillic а's are one name)."""
    folded = unicodedata.normalize("NFKC", name).translate(_LATIN_LOOK_ALIKES).casefold()
    return " ".join(folded.split())


#: Cyrillic and Greek letters that a reader cannot tell from a Latin one, as that letter
_LATIN_LOOK_ALIKES = str.maketrans(
    "АВЕКМНОРСТУХІЈЅ" "аеорсухіјѕһԁԛԝ"  # Cyrillic
    "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ" "οικνρυχα",  # Greek
    "ABEKMHOPCTYXIJS" "aeopcyxijshdqw"
    "ABEZHIKMNOPTYX" "oikvpuxa")


def character_name(character: str) -> str:
    """How an error names a character: its code, and its Unicode name where it has one."""
    name = unicodedata.name(character, "")
    return f"U+{ord(character):04X} {name}".rstrip()
