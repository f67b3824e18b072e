"""Creating and updating a game's own catalogs from its rules files.

``regelwerk rules translations GAME`` gathers the strings of a ruleset and of the variants
beside it (``variants/*.yaml`` based on it), or of one variant file, and writes
``locales/<lang>.po`` beside that file for each language: every string once, in file order,
with the translations the catalog already had; strings the game no longer has are dropped.
It reports what is still untranslated.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from io import BytesIO
from pathlib import Path
from typing import Any, Sequence

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from regelwerk.engine.common.errors import DataError, Location, N_, Phrase
from regelwerk.engine.compiler.loading import load_ruleset
from regelwerk.engine.data.shipped import resolve
from regelwerk.engine.data.safefile import UnwritableFile, write_whole
from regelwerk.engine.data.yamlload import load_yaml

from .extract import GameString, game_strings
from .gamecatalog import (ENGLISH, GAME_LANGUAGES, GameCatalog, catalog_file, display_name,
                          game_catalog, language_plural_forms, read_checked)
from .gametext import noun_sources
from .nouns import GENDERS, GRAMMAR


@dataclass
class CatalogReport:
    file: str
    strings: int = 0
    missing: list[str] = field(default_factory=list)  # English strings without a translation
    removed: int = 0  # strings the catalog had and the game no longer has
    written: bool = False


def game_sources(path: Path) -> list[Path]:
    """A ruleset and the variants beside it that are based on it; a variant alone."""
    data = load_yaml(path).data
    if isinstance(data, dict) and "base" in data:
        return [path]
    variants = []
    for variant in sorted((path.parent / "variants").glob("*.yaml")):
        base = load_yaml(variant).data.get("base")
        if isinstance(base, str) and resolve(base, variant.parent).resolve() == path.resolve():
            variants.append(variant)
    return [path, *variants]


def update_catalogs(source: str, languages: Sequence[str]) -> list[CatalogReport]:
    """Write the catalogs of the game ``source`` (an id or a file) for ``languages``."""
    path = resolve(source)
    rules = load_ruleset(path)  # a mistake in the rules is reported, located, first
    sources = game_sources(path)
    folder = path.resolve().parent
    where: dict[Any, list[tuple[str, int, str]]] = {}
    for file in sources:
        for found in game_strings(file):
            where.setdefault(found.message, []).append(
                (_relative(file, folder), found.line, found.where))
    # a catalog has one entry per English text: a text that is also the singular of a
    # [singular, plural] pair is translated by the pair's entry
    pairs = {message[0]: message for message in where if isinstance(message, tuple)}
    for text in [m for m in where if isinstance(m, str) and m in pairs]:
        where[pairs[text]] += where.pop(text)
    # the grammar of the names these files give, the variants' own names too (a variant's
    # catalog: only its own names)
    english = {m[0] if isinstance(m, tuple) else m for m in where}
    variants = [load_ruleset(file) for file in sources[1:]]
    nouns = list(dict.fromkeys(tuple(chain) for ruleset in (rules, *variants)
                               for chain in noun_sources(ruleset) if chain[0] in english))
    # a new catalog starts from the translations the game is shown with already (those of
    # the shipped game it was copied from, if any: ``gamecatalog``)
    return [_update(path, language, rules.id, where, nouns,
                    ENGLISH if os.path.lexists(path) else game_catalog(rules, language))
            for language in languages if (path := catalog_file(folder, language))]


def untranslated(path: Path, rules: Any, shown_as: str) -> list[DataError]:
    """A warning for each language in which the game's catalogs leave names and texts of the
    file at ``path`` (a ruleset or a variant, ``shown_as`` in messages) untranslated, at the
    first of them: they would be shown in English."""
    strings = list(game_strings(path))
    warnings = []
    for language in GAME_LANGUAGES:
        shown = game_catalog(rules, language)
        missing = [found for found in strings if not (
            shown.singular.get(found.message) if isinstance(found.message, str)
            else all(shown.plural.get(found.message, ("",)))) and not _symbol(found)]
        if missing:
            first = missing[0]
            told = first.message if isinstance(first.message, str) else first.message[0]
            warnings.append(DataError(
                Location(shown_as, first.line),
                N_("{missing} of the {count} names and texts of this file have no "
                   "translation into '{language}' and would be shown in English, the first "
                   "'{first}' ('regelwerk rules translations' writes the game's catalogs)"),
                {"missing": len(missing), "count": len(strings), "language": language,
                 "first": told[:60]}))
    return warnings


def _symbol(found: GameString) -> bool:
    """Whether a string is a kind's symbol, which may stay as it is in every language."""
    return found.where.endswith(".symbol")


def _relative(file: Path, folder: Path) -> str:
    try:
        return file.resolve().relative_to(folder).as_posix()
    except ValueError:
        return file.name


def _update(path: Path, language: str, game: str,
            where: dict[Any, list[tuple[str, int, str]]], nouns: Sequence[Sequence[str]],
            shown: GameCatalog) -> CatalogReport:
    """Write one catalog: every string of ``where`` (message -> its places), in order, then
    the grammar of each name of ``nouns`` (``noun_sources``); a string it has no entry for
    yet starts from its translation as ``shown``."""
    report = CatalogReport(display_name(path))
    # whatever lies at the catalog's name is read (a folder or a FIFO is a clear error)
    old = read_checked(path, language) if os.path.lexists(path) else None
    catalog = Catalog(locale=language, project="regelwerk", version=game, fuzzy=False,
                      header_comment=f"# The words of the game '{game}' in '{language}'; "
                                     f"English is in its rules file.\n"
                                     f"# Update with: regelwerk rules translations {game}",
                      creation_date=old.creation_date if old else _now(),
                      revision_date=old.revision_date if old else _now())
    catalog.mime_headers = [("Plural-Forms", language_plural_forms(language)),
                            ("Report-Msgid-Bugs-To", ""), ("Last-Translator", ""),
                            ("Language-Team", language)]
    for message in where:
        known = old.get(message) if old is not None else None
        if known is not None and isinstance(known.id, str) != isinstance(message, str):
            known = None  # a text became a [singular, plural] pair, or the other way round
        string: Any = known.string if known is not None else \
            (shown.singular.get(message, "") if isinstance(message, str) else
             shown.plural.get(message, ("",) * catalog.num_plurals))
        fuzzy = known is not None and known.fuzzy  # still to be checked: kept, not used
        catalog.add(message, string,
                    locations=[(file, line) for file, line, _ in where[message]],
                    auto_comments=list(dict.fromkeys(w for _, _, w in where[message])),
                    flags=("fuzzy",) if fuzzy else ())
        report.strings += 1
        if fuzzy or not (string if isinstance(string, str) else all(string)):
            report.missing.append(message if isinstance(message, str) else message[0])
    declared = _grammar_names(old, nouns)
    for name in declared if GENDERS.get(language) else ():
        known = old.get(name, context=GRAMMAR) if old is not None else None
        string = known.string if known is not None else \
            getattr(shown.grammar.get(name), "declared", "")
        entry = catalog.add(name, string, context=GRAMMAR,
                            auto_comments=[GRAMMAR_HINT.get(language, "")])
        # its msgstr is words, not a template of the name's placeholders ({number})
        entry.flags.discard("python-brace-format")
        entry.flags.add("no-python-brace-format")
        report.strings += 1
        if not string:
            report.missing.append(f"{GRAMMAR}: {name}")
    if old is not None:
        report.removed = sum(1 for m in old if m.id and (
            m.id not in declared if m.context == GRAMMAR else m.id not in where))
    text = _render(catalog)
    if old is not None and path.read_bytes() == text:
        return report
    if old is not None:
        catalog.revision_date = _now()
        text = _render(catalog)
    _write(path, text)
    report.written = True
    return report


#: what a grammar entry holds, said beside each (docs/i18n.md, "Declaring a name's grammar")
GRAMMAR_HINT = {"nl": "grammar: de or het; bare or article",
                "fr": "grammar: m or f; bare or article; elide or no-elide",
                "de": "grammar: m, f or n; bare or article; acc=… dat=… gen=…",
                "es": "grammar: m or f; bare or article; el (el agua, un hacha)"}


def _grammar_names(old: Catalog | None, nouns: Sequence[Sequence[str]]) -> list[str]:
    """The names whose grammar a catalog declares: of each name, those it already has an
    entry for (its own, its family's or type's), else the most general one."""
    names: dict[str, None] = {}
    for chain in nouns:
        kept = [n for n in chain if old is not None and old.get(n, context=GRAMMAR)]
        names.update(dict.fromkeys(kept or chain[-1:]))
    return list(names)


def _write(path: Path, text: bytes) -> None:
    """Write a catalog whole, and only in place of a regular file (``write_whole``); every
    failure is an error located at the catalog."""
    try:
        write_whole(path, text)
    except UnwritableFile as error:
        raise DataError(Location(display_name(path)), N_("cannot write the catalog: {reason}"),
                        {"reason": Phrase(error.message, error.params)}) from None


def _render(catalog: Catalog) -> bytes:
    out = BytesIO()
    write_po(out, catalog, width=0, sort_output=False, ignore_obsolete=True,
             include_previous=False)
    return out.getvalue()


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(second=0, microsecond=0)
