"""A game's own catalogs: ``locales/<lang>.po`` beside its ruleset (and beside a variant).

English is the source, in the rules file; each catalog maps the English strings, exactly
as written there, to one language's (no message context: the catalog belongs to one game).
A catalog comes with the game, which may be a user's own from anywhere, so it is outside
input: it is read with Babel's reader after checks of our own (size, UTF-8, every line part
of an entry, the language's plural forms, no control characters, the same placeholders as
the English), and any mistake is a located DataError. Catalogs are read once per content.

The catalogs that come with regelwerk were checked by a test, which recorded them
(``engine/data/shipped.py``) after making sure that the small reader below, which
imports nothing and checks nothing, reads each exactly as Babel does: a shipped
catalog that is still the one recorded is read by it, any other by Babel after
every check.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from io import StringIO
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, NoReturn

from typing import TYPE_CHECKING

from regelwerk.engine import Ruleset
from regelwerk.engine.common.safetext import character_name, first_unsafe
from regelwerk.engine.common.errors import DataError, Location, N_, Phrase
from regelwerk.engine.data.shipped import resolve, rules_root, shipped_games
from regelwerk.engine.data.safefile import FileTooLarge, UnreadableFile, read_bounded
from regelwerk.engine.data.shipped import CATALOGS_RECORD, file_digest, is_checked_file
from regelwerk.engine.compiler.shippedrecord import write_record
from regelwerk.engine.common.templates import TemplateError, template_names
from regelwerk.engine.data.yamlload import MAX_BYTES

from . import translations
from .extract import data_strings
from .nouns import GRAMMAR, Grammar, GrammarError, parse_grammar

if TYPE_CHECKING:  # Babel is imported only to read a catalog that is not a shipped one
    from babel.messages.catalog import Catalog

#: the languages a game translates into; English is the source, in its rules file
GAME_LANGUAGES = ("nl", "fr", "de", "es")
FOLDER = "locales"
#: a line of a .po file: a comment, a keyword and its quoted string, or a quoted string
#: a line of the header's msgstr, or one that goes on with it: its text in double quotes
_QUOTED = re.compile(r'^(?:msgstr\s+)?"(.*)"$')
_LINE = re.compile(r'^(#.*|(msgctxt|msgid|msgid_plural|msgstr(\[\d+\])?)\s+".*"|".*")$')

Message = str | tuple[str, str]


def catalog_file(folder: Path, language: str) -> Path:
    return folder / FOLDER / f"{language}.po"


def catalog_folders(rules: Ruleset) -> tuple[Path, ...]:
    """Where a game's catalogs lie, first found first: beside a variant's file, then beside
    the ruleset it is based on (or beside the ruleset itself)."""
    source = rules.source.resolve().parent
    variant = getattr(rules.document, "variant", None)
    if variant is None:
        return (source,)
    base = resolve(variant.data["base"], rules.source.parent).resolve().parent
    return (source, base) if base != source else (source,)


@dataclass(frozen=True)
class GameCatalog:
    """One language's translations of a game's strings; the English where one has none."""

    singular: Mapping[str, str]
    plural: Mapping[tuple[str, str], tuple[str, ...]]
    plural_index: Callable[[int], int]
    #: the grammar of each name, by its English text (``msgctxt "grammar"``)
    grammar: Mapping[str, Grammar] = field(default_factory=dict)

    def gettext(self, message: str) -> str:
        return self.singular.get(message) or message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        forms = self.plural.get((singular, plural))
        if forms:
            index = self.plural_index(n)
            if 0 <= index < len(forms):
                return forms[index]
        return singular if n == 1 else plural


def _english(n: int) -> int:
    return 0 if n == 1 else 1


ENGLISH = GameCatalog({}, {}, _english)


def game_catalog(rules: Ruleset, language: str) -> GameCatalog:
    """The translations of ``rules``'s strings into ``language``, from every catalog of the
    game (a variant's own first); English (the strings themselves) when there are none."""
    if language not in GAME_LANGUAGES:
        return ENGLISH
    found = [read_catalog(path, language) for folder in catalog_folders(rules)
             if os.path.lexists(path := catalog_file(folder, language))]
    if not found:
        return _original(rules, language)
    if len(found) == 1:
        return found[0]
    singular: dict[str, str] = {}
    plural: dict[tuple[str, str], tuple[str, ...]] = {}
    grammar: dict[str, Grammar] = {}
    for catalog in reversed(found):  # the first found wins
        singular.update(catalog.singular)
        plural.update(catalog.plural)
        grammar.update(catalog.grammar)
    return GameCatalog(singular, plural, found[0].plural_index, grammar)


def _original(rules: Ruleset, language: str) -> GameCatalog:
    """For a game without catalogs of its own, those of the shipped game it was copied
    from (a full copy saved elsewhere under a new id): the shipped game whose catalog
    translates most of its texts, at least half of them; else English."""
    texts = set(data_strings(rules.document.data))
    best, covered = ENGLISH, len(texts) // 2
    for game in shipped_games():
        path = catalog_file(rules_root() / game, language)
        if not path.is_file():
            continue
        catalog = read_catalog(path, language)
        known = len(texts & catalog.singular.keys())
        if known > covered:
            best, covered = catalog, known
    return best


def check_game_catalogs(rules: Ruleset) -> None:
    """Read every catalog of the game, so that a mistake in one is found when the game is
    loaded (a DataError), not when a word of it is first shown."""
    for language in GAME_LANGUAGES:
        game_catalog(rules, language)


def read_catalog(path: Path, language: str) -> GameCatalog:
    try:
        stat = path.stat()
    except OSError:  # a dangling link, a loop of links: the reader tells why, located
        return _read.__wrapped__(str(path), 0, 0, language)
    return _read(str(path), stat.st_mtime_ns, stat.st_size, language)


def display_name(path: Path) -> str:
    """Shipped catalogs are shown from the rules folder, others as given."""
    try:  # ``realpath``, not ``resolve``: a loop of links is a name like any other here
        return str(Path("rules") / Path(os.path.realpath(path)).relative_to(
            os.path.realpath(rules_root())))
    except ValueError:
        return str(path)


#: what one entry of a catalog holds: its English text (and plural), its translation (a
#: text, or a tuple of the plural forms), whether it is marked fuzzy, and its context
Entry = tuple[tuple[str, ...], str | tuple[str, ...], bool, str | None]


@lru_cache(maxsize=64)
def _read(path: str, _mtime: int, _size: int, language: str) -> GameCatalog:
    reader = _Reader(Path(path), language)
    raw = reader.raw()
    if is_checked_file(Path(path), raw):
        return catalog_of(quick_entries(reader.text(raw)), language)
    return catalog_of(reader.entries(raw), language)


def babel_entries(catalog: Catalog) -> Iterator[Entry]:
    """The entries of a catalog as Babel read it, in the form the quick reader gives."""
    for message in catalog:
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        string = message.string if isinstance(message.string, str) else \
            tuple(message.string or ())
        yield ids, string, message.fuzzy, message.context


def catalog_of(entries: Iterator[Entry], language: str) -> GameCatalog:
    """The translations the entries give (those marked fuzzy left out), and the grammar
    of the names (already checked: ``_Reader.entries``, or a shipped catalog)."""
    singular: dict[str, str] = {}
    plural: dict[tuple[str, str], tuple[str, ...]] = {}
    grammar: dict[str, Grammar] = {}
    for ids, string, fuzzy, context in entries:
        if not ids[0] or fuzzy:  # a translation still to be checked is not used, as in gettext
            continue
        if context == GRAMMAR:
            if string and isinstance(string, str):
                grammar[ids[0]] = parse_grammar(string, language)
        elif isinstance(string, str):
            if string and len(ids) == 1:
                singular[ids[0]] = string
        elif string and all(string) and len(ids) == 2:
            plural[(ids[0], ids[1])] = string
    central: Any = translations(language)
    plural_index = getattr(central, "plural", _english)
    for (one, _), forms in plural.items():  # one entry per English text, as in gettext:
        singular.setdefault(one, forms[plural_index(1)])  # a pair's singular serves alone
    return GameCatalog(singular, plural, plural_index, grammar)


def language_plural_forms(language: str) -> str:
    """The Plural-Forms of ``language``, as the program's own catalog has them."""
    info: Mapping[str, str] = getattr(translations(language), "_info", {})
    return info.get("plural-forms", "")


def read_checked(path: Path, language: str) -> Catalog:
    """A game's catalog as Babel reads it, after the checks of the file as a whole."""
    reader = _Reader(path, language)
    return reader.catalog(reader.raw())


def _translated_twice(lines: list[str]) -> tuple[int, int] | None:
    """The line of an entry whose English text (in its context) an earlier entry has,
    and the line of that earlier entry; None when every entry is the only one."""
    first: dict[tuple[str, str], int] = {}
    context, text, at = "", [""], 0
    reading: list[str] | None = None  # the text that quoted lines continue
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        keyword, _, quoted = stripped.partition(" ")
        if stripped.startswith('"'):
            if reading is not None:
                reading.append(_unquoted(stripped))
        elif keyword == "msgctxt":
            context = _unquoted(quoted.strip())
            reading = [context]
        elif keyword == "msgid":
            if reading is not None and reading is not text:  # a context read just before
                context = "".join(reading)
            text, at = [_unquoted(quoted.strip())], number
            reading = text
        elif keyword == "msgid_plural" or keyword.startswith("msgstr"):
            if at and "".join(text):  # the header's msgid is empty
                earlier = first.setdefault((context, "".join(text)), at)
                if earlier != at:
                    return at, earlier
            context, at, reading = "", 0, None
    return None


_ESCAPE = re.compile(r'\\([\\trn"])')
_ESCAPED = {"\\": "\\", "t": "\t", "r": "\r", "n": "\n", '"': '"'}


def _unquoted(quoted: str) -> str:
    """The text a quoted string of a catalog stands for (the escapes Babel reads)."""
    return _ESCAPE.sub(lambda match: _ESCAPED[match.group(1)], quoted[1:-1])


def quick_entries(text: str) -> Iterator[Entry]:
    """The entries of a catalog already checked (a shipped one, as recorded), read without
    Babel: every line is a comment, a keyword and its quoted text, or more quoted text."""
    ids: list[str] = []
    strings: dict[int, str] = {}
    plural = fuzzy = fuzzy_next = False
    context: str | None = None
    context_next: list[str] = []  # a msgctxt read, for the msgid that follows it
    target: tuple[str, int] = ("id", 0)

    def entry() -> Entry:
        forms = tuple(strings.get(i, "") for i in range(max(strings, default=-1) + 1))
        return tuple(ids), forms if plural else strings.get(0, ""), fuzzy, context

    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line[2:].replace(",", " ").split():
                fuzzy_next = True
            continue
        keyword, _, quoted = line.partition(" ") if not line.startswith('"') else ("", "", line)
        value = _unquoted(quoted.strip())
        if keyword == "msgctxt":
            context_next = [value]
            target = ("ctx", 0)
        elif keyword == "msgid":
            if ids:
                yield entry()
            ids, strings, plural, fuzzy, fuzzy_next = [value], {}, False, fuzzy_next, False
            context, context_next = (context_next[0] if context_next else None), []
            target = ("id", 0)
        elif keyword == "msgid_plural":
            ids.append(value)
            target = ("id", 1)
        elif keyword.startswith("msgstr"):
            index = int(keyword[7:-1]) if keyword.startswith("msgstr[") else 0
            plural = plural or keyword.startswith("msgstr[")
            strings[index] = value
            target = ("str", index)
        elif target[0] == "ctx":
            context_next[0] += value
        elif target[0] == "id":
            ids[target[1]] += value
        else:
            strings[target[1]] += value
    if ids:
        yield entry()


def _declared_plural_forms(lines: list[str]) -> Iterator[tuple[int, str]]:
    """The line and value of each ``Plural-Forms`` a header could declare (any entry that
    starts with ``msgid ""``), read as Babel will: the quoted pieces after it joined, however
    they are split across lines."""
    for start, first in enumerate(lines):
        if first.strip() != 'msgid ""':
            continue
        header, line = "", 0
        for index in range(start + 1, len(lines)):  # no copy: a catalog has many such entries
            quoted = _QUOTED.match(lines[index].strip())
            if quoted is None:
                break
            header += quoted.group(1)
            if not line and "plural-forms" in header.lower():
                line = index + 1
        for entry in header.replace("\\n", "\n").split("\n"):
            name, _, value = entry.partition(":")
            if name.strip().lower() == "plural-forms":
                yield line, value


def _normal(forms: str) -> str:
    return re.sub(r"\s+", "", forms).rstrip(";")


class _Reader:
    """The checks a catalog passes before and after Babel reads it."""

    def __init__(self, path: Path, language: str) -> None:
        self.path, self.language, self.file = path, language, display_name(path)

    def fail(self, line: int, message: str, **params: Any) -> NoReturn:
        raise DataError(Location(self.file, max(line, 1), 1), message, params)

    def raw(self) -> bytes:
        try:
            return read_bounded(self.path, MAX_BYTES)
        except FileTooLarge:
            self.fail(1, N_("this catalog is larger than {limit} bytes"), limit=MAX_BYTES)
        except UnreadableFile as error:
            self.fail(1, N_("cannot read the file: {reason}"),
                      reason=Phrase(error.message, error.params))

    def text(self, raw: bytes) -> str:
        try:
            return raw.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError as error:
            self.fail(raw[:error.start].count(b"\n") + 1, N_("this catalog is not UTF-8 text"))

    def entries(self, raw: bytes) -> Iterator[Entry]:
        """Every entry, each checked, from Babel's reading of the checked file."""
        catalog = self.catalog(raw)
        for message in catalog:
            if message.id:
                self.check(message)
                if message.context == GRAMMAR and message.string:
                    self.grammar(message)
        return babel_entries(catalog)

    def catalog(self, raw: bytes) -> Catalog:
        from babel.messages.pofile import PoFileError, read_po

        text = self.text(raw)
        for number, line in enumerate(text.splitlines(), start=1):
            stripped = line.strip()
            if stripped and not _LINE.match(stripped):
                self.fail(number, N_("this line is no part of a catalog entry (a comment, "
                                     "msgid, msgid_plural or msgstr with its text in double "
                                     "quotes, or more of that text in double quotes)"))
        lines = text.splitlines()
        twice = _translated_twice(lines)
        if twice is not None:  # Babel would keep one of the two without a word
            self.fail(twice[0], N_("this text is translated twice in the catalog; its first "
                                   "entry is at line {first}"), first=twice[1])
        expected = language_plural_forms(self.language)
        for at, declared in _declared_plural_forms(lines) if expected else ():
            if _normal(declared) != _normal(expected):
                # Before Babel reads the file: it makes a list of that many forms for every
                # plural entry, and 'nplurals=99999999999' would never finish.
                self.fail(at, N_("the catalog's Plural-Forms must be those of its "
                                   "language: {forms}"), forms=expected)
        try:
            # From the text already read as UTF-8: a header claiming another charset (utf-16)
            # would make Babel decode the bytes again, and fail with a traceback.
            catalog = read_po(StringIO(text), locale=self.language, abort_invalid=True)
        except PoFileError as error:
            at = getattr(error, "lineno", 0) + 1
            forms = re.search(r"nplurals\s*=\s*(\d+)", expected or "")
            if "more translations than" in str(error) and forms:  # Babel's words for it
                self.fail(at, N_("this catalog entry has more plural forms than its language "
                                 "has: {count}"), count=int(forms.group(1)))
            self.fail(at, N_("this catalog entry is incomplete: each msgid needs its msgstr"))
        if expected and _normal(catalog.plural_forms) != _normal(expected):
            header = text.find("Plural-Forms")
            self.fail(text[:header].count("\n") + 1 if header >= 0 else 1,
                      N_("the catalog's Plural-Forms must be those of its language: {forms}"),
                      forms=expected)
        return catalog

    def check(self, message: Any) -> None:
        line = message.lineno
        if message.context == GRAMMAR:
            if not isinstance(message.id, str):
                self.fail(line, N_("a name's grammar is declared for its singular English "
                                   "text alone, without msgid_plural"))
            return  # its msgstr is read by ``grammar``
        if message.context is not None:
            self.fail(line, N_("a game's catalog has no message contexts (msgctxt) other "
                               "than 'grammar': each message is the English text alone"))
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else \
            list(message.string)
        for string in strings:
            index = first_unsafe(string)
            if index is not None:
                self.fail(line, N_("the text holds a control or invisible character, "
                                   "{character}, as its character number {position}"),
                          character=character_name(string[index]), position=index + 1)
            if not string:
                continue
            if _breaks(string) and not any(_breaks(english) for english in ids):
                self.fail(line, N_("the translation holds a line break or a tab, but the "
                                   "English text is one line"))
            expected = self._names(line, ids[-1])
            found = self._names(line, string)
            if found != expected and found != self._names(line, ids[0]):
                if not expected:
                    self.fail(line, N_("the translation fills in {found}, but the English "
                                       "text fills in nothing"), found=_shown(found))
                if not found:
                    self.fail(line, N_("the translation fills in nothing, but the English "
                                       "text fills in {expected}"), expected=_shown(expected))
                self.fail(line, N_("the translation fills in {found}, but the English text "
                                   "fills in {expected}"),
                          found=_shown(found), expected=_shown(expected))

    def grammar(self, message: Any) -> Grammar:
        """A name's grammar (``nouns.parse_grammar``); a mistake is located at its entry."""
        try:
            return parse_grammar(str(message.string), self.language)
        except GrammarError as error:
            self.fail(message.lineno, error.message, **error.params)

    def _names(self, line: int, template: str) -> frozenset[str]:
        try:
            return frozenset(template_names(template))
        except TemplateError as error:
            self.fail(line, error.message, **error.params)


def _breaks(text: str) -> bool:
    """Whether a text spans lines (or holds a tab): in a translation of a one-line name or
    sentence, that could pass for a line the program writes."""
    return "\n" in text or "\t" in text


def _shown(names: frozenset[str]) -> str:
    return ", ".join("{" + name + "}" for name in sorted(names))


def checked_catalogs() -> dict[str, str]:
    """Read every shipped catalog with every check (raising the first mistake), make sure
    the quick reader reads it as Babel does, and give the record that vouches for them."""
    from regelwerk.engine import shipped_games

    record = {}
    for game in shipped_games():
        for language in GAME_LANGUAGES:
            path = catalog_file(rules_root() / game, language)
            if not path.is_file():
                continue
            reader = _Reader(path, language)
            raw = reader.raw()
            checked = catalog_of(reader.entries(raw), language)
            if catalog_of(quick_entries(reader.text(raw)), language) != checked:
                raise AssertionError(f"{path} is read otherwise without Babel")
            record[path.relative_to(rules_root()).as_posix()] = file_digest(raw)
    return record


if __name__ == "__main__":
    write_record(CATALOGS_RECORD, checked_catalogs())
