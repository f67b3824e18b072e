"""Players' names: typed by people, read back from saves, shown to everyone at the table."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from .errors import N_, Phrase
from .safetext import character_name, first_unsafe, name_key

#: long enough for any name, short enough for a table's column
MAX_NAME_LENGTH = 24
#: scripts one name may mix, by the first word of their letters' Unicode names: Japanese writes
#: kanji with kana, Korean hanja with hangul; any other mix (a Cyrillic 'а' among Latin
#: letters) makes a name that reads as another
_SCRIPTS_WRITTEN_TOGETHER = (frozenset({"CJK", "HIRAGANA", "KATAKANA", "KATAKANA-HIRAGANA"}),
                             frozenset({"CJK", "HANGUL"}))


def name_problem(name: str) -> Phrase | None:
    """Why ``name`` cannot be a player's name, or None."""
    if not name.strip():
        return Phrase(N_("a player's name cannot be empty"))
    if len(name) > MAX_NAME_LENGTH:
        return Phrase(N_("a player's name has at most {limit} characters"),
                      {"limit": MAX_NAME_LENGTH})
    if not any(unicodedata.category(c)[0] in "LN" for c in name) \
            or unicodedata.category(name.lstrip()[0])[0] == "M":
        return Phrase(N_("a player's name needs a letter or a digit, and cannot begin with a "
                         "mark that goes on another letter (an accent standing alone)"))
    index = first_unsafe(name, allow_breaks=False)
    if index is not None:
        return Phrase(N_("a player's name cannot hold a control or invisible character ({character})"),
                      {"character": character_name(name[index])})
    stranger = _script_stranger(name)
    if stranger is not None:
        return Phrase(N_("a player's name cannot mix the letters of different scripts, such as "
                         "{character}: it could pass for another name"),
                      {"character": character_name(stranger)})
    return None


def _script_stranger(name: str) -> str | None:
    """The first letter of ``name`` whose script may not be written with the ones before it."""
    scripts: set[str] = set()
    for character in unicodedata.normalize("NFKC", name):
        if not character.isalpha():
            continue
        scripts.add(unicodedata.name(character, "").split(" ")[0])
        if len(scripts) > 1 and not any(scripts <= s for s in _SCRIPTS_WRITTEN_TOGETHER):
            return character
    return None


def names_problem(names: Iterable[str]) -> Phrase | None:
    """Why these names cannot sit at one table: one is unfit, or two look alike."""
    seen: dict[str, str] = {}
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            return problem
        key = name_key(name)
        if key in seen:
            return Phrase(N_("every player needs a different name: '{name}' and '{other}' are "
                             "too alike"), {"name": name, "other": seen[key]})
        seen[key] = name
    return None
