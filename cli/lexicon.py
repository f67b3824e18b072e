"""Words a player types, matched the way people type them.

A player writes ``zebre`` for "zèbre", ``bufalo de agua`` for "búfalo de agua",
``erdmaennchen`` for "Erdmännchen", ``trou-d’eau-6`` with a typographic
apostrophe, or only the start of a long word. A `Lexicon` knows each id by its
words in the player's language and by the id itself, compared after folding
case, accents, apostrophes, spaces and hyphens; an unambiguous prefix is
enough, and a near miss is answered with the closest words.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable

#: German spellings without umlauts, as typed on a keyboard that lacks them
_TRANSLITERATED = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
#: the punctuation a name may hold ("no, thanks!"), typed or not
PUNCTUATION = ",.;!?¡¿"
#: what separates the words of a name: spaces, hyphens, underscores, apostrophes, punctuation
_SEPARATORS = re.compile(rf"[\s\-_'’‘`´{PUNCTUATION}]+")
#: the shortest beginning that may stand for a word: one or two letters are more likely a
#: command or a slip than a word cut short
MIN_PREFIX = 3


def fold(word: str) -> str:
    """The form two spellings of one word share: no case, accents or separators. A numeral
    of another kind than an ASCII digit ('²', '٣') stays as it is: never read as a digit."""
    decomposed = "".join(c if not c.isascii() and unicodedata.numeric(c, None) is not None
                         else unicodedata.normalize("NFKD", c) for c in word.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _SEPARATORS.sub("-", plain).strip("-")


def _spellings(word: str) -> set[str]:
    return {fold(word), fold(word.casefold().translate(_TRANSLITERATED))}


class Lexicon:
    """Ids by the words that name them; `find` reads one typed word."""

    def __init__(self) -> None:
        self._ids: dict[str, set[str]] = {}
        self._shown: dict[str, str] = {}  # folded -> a word as it is written, for suggestions
        self._names: dict[str, str] = {}  # id -> the first word added for it: its name

    def add(self, word: str, id_: str) -> None:
        for key in _spellings(word):
            if key:
                self._ids.setdefault(key, set()).add(id_)
                self._shown.setdefault(key, word)
        self._names.setdefault(id_, word)

    def names(self, ids: Iterable[str]) -> list[str]:
        """The names of ``ids`` (the first word each was added with), in order."""
        return sorted(self._names[id_] for id_ in ids)

    def add_all(self, pairs: Iterable[tuple[str, str]]) -> Lexicon:
        for word, id_ in pairs:
            self.add(word, id_)
        return self

    def find(self, typed: str) -> set[str]:
        """The ids ``typed`` may name: those of an exact match, else of every word it begins
        (more than one id: ambiguous; none: unknown)."""
        key = fold(typed)
        if not key:
            return set()
        exact = self._ids.get(key)
        if exact:
            return set(exact)
        if len(key) < MIN_PREFIX:
            return set()
        return {id_ for word, ids in self._ids.items() if word.startswith(key) for id_ in ids}

    def exact(self, typed: str) -> set[str]:
        """The ids ``typed`` names as a whole word (no beginning of one)."""
        return set(self._ids.get(fold(typed), ()))

    def closest(self, typed: str, limit: int = 3) -> list[str]:
        """The known words nearest to ``typed``, as they are written."""
        near = difflib.get_close_matches(fold(typed), list(self._ids), n=limit, cutoff=0.6)
        return list(dict.fromkeys(self._shown[key] for key in near))
